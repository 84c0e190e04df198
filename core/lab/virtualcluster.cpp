#include "lab/virtualcluster.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QStandardPaths>
#include <QTimer>

namespace halolink {

Q_LOGGING_CATEGORY(lcLab, "halolink.lab")

namespace {

constexpr auto kScriptEnv = "HALOLINK_LAB_SCRIPT";
constexpr auto kDirEnv = "HALOLINK_LAB_DIR";
constexpr auto kCacheEnv = "HALOLINK_LAB_CACHE";
const QString kLogPrefix = QStringLiteral("halolink-lab: ");
const QString kRefusalPrefix = QStringLiteral("cannot run the lab here: ");
// The script's exit code when the lab cannot run on this computer.
constexpr int kRefusedExit = 77;
// How long a terminated `up` gets to run its own clean-up before it is killed.
constexpr std::chrono::milliseconds kTerminateGrace{std::chrono::seconds(15)};

bool runsFromBuildTree(const QString &appDir)
{
#ifdef HALOLINK_BUILD_TREE_DIR
    if (appDir.isEmpty())
        return true;
    const QString buildTree = QDir::cleanPath(QStringLiteral(HALOLINK_BUILD_TREE_DIR)) + QLatin1Char('/');
    const QString canonicalBuildTree = QDir(QStringLiteral(HALOLINK_BUILD_TREE_DIR)).canonicalPath() + QLatin1Char('/');
    const QString dir = QDir::cleanPath(appDir) + QLatin1Char('/');
    const QString canonicalDir = QDir(appDir).canonicalPath() + QLatin1Char('/');
    return dir.startsWith(buildTree)
           || (canonicalBuildTree.size() > 1 && canonicalDir.size() > 1 && canonicalDir.startsWith(canonicalBuildTree));
#else
    Q_UNUSED(appDir);
    return false;
#endif
}

QString stringOrEmpty(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toString();
}

} // namespace

QList<Node> VirtualClusterInfo::inventoryNodes(const QString &namePrefix) const
{
    QList<Node> out;
    for (const VmNode &vm : nodes) {
        Node n;
        n.kind = Node::Kind::Ssh;
        n.name = namePrefix + QString::number(vm.index);
        n.host = QStringLiteral("127.0.0.1");
        n.port = vm.sshPort;
        n.user = vm.user.isEmpty() ? QStringLiteral("root") : vm.user;
        n.identityFile = vm.keyFile;
        n.knownHostsFile = vm.knownHosts;
        n.virtualCluster = labDir;
        n.dataInterface = vm.dataInterface;
        n.dataAddress = vm.dataIpv4;
        out << n;
    }
    return out;
}

bool VirtualClusterStatus::allRunning() const
{
    if (!up || nodes.isEmpty())
        return false;
    return std::all_of(nodes.cbegin(), nodes.cend(), [](const VmState &s) { return s.running; });
}

VirtualCluster::VirtualCluster(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<VirtualClusterResult>();
    qRegisterMetaType<VirtualClusterStatus>();
}

VirtualCluster::~VirtualCluster()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->terminate();
        m_process->waitForFinished(1000);
    }
}

QStringList VirtualCluster::scriptCandidates()
{
    const QString fromEnv = qEnvironmentVariable(kScriptEnv);
    if (!fromEnv.isEmpty())
        return {fromEnv};
    const QString appDir = QCoreApplication::instance() ? QCoreApplication::applicationDirPath() : QString();
    QStringList out;
#ifdef HALOLINK_SOURCE_TREE_LAB
    if (runsFromBuildTree(appDir))
        out << QStringLiteral(HALOLINK_SOURCE_TREE_LAB);
#endif
    if (!appDir.isEmpty()) {
#ifdef HALOLINK_LAB_RELATIVE_TO_BIN
        out << QDir::cleanPath(appDir + QLatin1Char('/') + QStringLiteral(HALOLINK_LAB_RELATIVE_TO_BIN));
#endif
        out << QDir::cleanPath(appDir + QStringLiteral("/../share/halolink/lab/halolink-lab"));
    }
    out.removeDuplicates();
    return out;
}

QString VirtualCluster::locateScript(QStringList *tried)
{
    const QStringList candidates = scriptCandidates();
    if (tried)
        *tried = candidates;
    for (const QString &c : candidates) {
        const QFileInfo info(c);
        if (info.isFile() && info.isExecutable())
            return info.absoluteFilePath();
    }
    return {};
}

QString VirtualCluster::defaultLabDir()
{
    const QString fromEnv = qEnvironmentVariable(kDirEnv);
    if (!fromEnv.isEmpty())
        return fromEnv;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/virtual-cluster");
}

QString VirtualCluster::defaultCacheDir()
{
    const QString fromEnv = qEnvironmentVariable(kCacheEnv);
    if (!fromEnv.isEmpty())
        return fromEnv;
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/lab-cache");
}

QString VirtualCluster::script() const
{
    return m_script.isEmpty() ? locateScript() : m_script;
}

QString VirtualCluster::labDir() const
{
    return m_labDir.isEmpty() ? defaultLabDir() : m_labDir;
}

QString VirtualCluster::cacheDir() const
{
    return m_cacheDir.isEmpty() ? defaultCacheDir() : m_cacheDir;
}

QProcessEnvironment VirtualCluster::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(kDirEnv), labDir());
    env.insert(QString::fromLatin1(kCacheEnv), cacheDir());
    env.insert(m_extraEnv);
    return env;
}

QProcess *VirtualCluster::start(Operation op, const QStringList &arguments)
{
    m_operation = op;
    m_stdout.clear();
    m_stderrPartial.clear();
    m_stderrLines.clear();
    auto *p = new QProcess(this);
    m_process = p;
    p->setProgram(script());
    p->setArguments(arguments);
    p->setProcessEnvironment(environment());
    p->setStandardInputFile(QProcess::nullDevice());
    connect(p, &QProcess::readyReadStandardOutput, this, [this, p] { m_stdout += p->readAllStandardOutput(); });
    connect(p, &QProcess::readyReadStandardError, this, &VirtualCluster::onReadyReadStderr);
    connect(p, &QProcess::finished, this, &VirtualCluster::onFinished);
    connect(p, &QProcess::errorOccurred, this, [this, p](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart && m_process == p) {
            m_stderrLines << tr("The virtual cluster's script %1 could not be started: %2")
                                 .arg(p->program().isEmpty() ? tr("(not found)") : p->program(), p->errorString());
            onFinished(-1, QProcess::CrashExit);
        }
    });
    qCInfo(lcLab) << "running" << p->program() << arguments << "lab" << labDir();
    if (p->program().isEmpty()) {
        QStringList tried;
        locateScript(&tried);
        // Not started: report on the next turn of the event loop, as for a real failure.
        QTimer::singleShot(0, this, [this, p, tried] {
            if (m_process != p)
                return;
            m_stderrLines << tr("The virtual cluster's script (halolink-lab) was not found; looked at: %1")
                                 .arg(tried.join(QStringLiteral(", ")));
            onFinished(-1, QProcess::CrashExit);
        });
        return p;
    }
    p->start();
    return p;
}

bool VirtualCluster::up(int nodes)
{
    if (m_process || nodes < kMinNodes || nodes > kScriptMaxNodes)
        return false;
    m_cancelled = false;
    setPhase(Phase::Starting);
    start(Operation::Up, {QStringLiteral("up"), QString::number(nodes), QStringLiteral("--replace")});
    return true;
}

void VirtualCluster::cancel()
{
    if (!m_process || m_operation != Operation::Up || m_cancelled)
        return;
    m_cancelled = true;
    setPhase(Phase::Stopping);
    QProcess *p = m_process;
    p->terminate(); // the script's own trap stops what it started
    QTimer::singleShot(kTerminateGrace, p, [p] {
        if (p->state() != QProcess::NotRunning)
            p->kill();
    });
}

bool VirtualCluster::down()
{
    if (m_process)
        return false;
    setPhase(Phase::Stopping);
    start(Operation::Down, {QStringLiteral("down")});
    return true;
}

bool VirtualCluster::status()
{
    if (m_process)
        return false;
    setPhase(Phase::Querying);
    start(Operation::Status, {QStringLiteral("status"), QStringLiteral("--json")});
    return true;
}

bool VirtualCluster::stopNow(std::chrono::milliseconds timeout)
{
    QDeadlineTimer deadline(timeout);
    const Operation was = m_operation;
    if (m_process) {
        QProcess *p = std::exchange(m_process, nullptr);
        p->disconnect(this);
        p->terminate();
        if (!p->waitForFinished(int(std::min<qint64>(kTerminateGrace.count(), deadline.remainingTime())))) {
            p->kill();
            p->waitForFinished(1000);
        }
        delete p;
        m_operation = Operation::None;
    }
    const QString program = script();
    bool ok = false;
    if (!program.isEmpty()) {
        QProcess downProcess;
        downProcess.setProgram(program);
        downProcess.setArguments({QStringLiteral("down")});
        downProcess.setProcessEnvironment(environment());
        downProcess.setStandardInputFile(QProcess::nullDevice());
        downProcess.start();
        if (downProcess.waitForStarted(int(std::max<qint64>(1, deadline.remainingTime())))) {
            if (downProcess.waitForFinished(int(std::max<qint64>(1, deadline.remainingTime()))))
                ok = downProcess.exitStatus() == QProcess::NormalExit && downProcess.exitCode() == 0;
            else {
                downProcess.kill();
                downProcess.waitForFinished(1000);
            }
        }
        qCInfo(lcLab) << "stopNow: down" << (ok ? "ok" : "failed") << downProcess.readAllStandardError();
    }
    setPhase(Phase::Idle);
    if (was == Operation::Up || was == Operation::CancelDown) {
        VirtualClusterResult r;
        r.outcome = VirtualClusterResult::Outcome::Cancelled;
        r.message = tr("Stopped before the virtual cluster was up.");
        Q_EMIT upFinished(r);
    }
    return ok;
}

void VirtualCluster::setPhase(Phase phase)
{
    if (m_phase == phase)
        return;
    m_phase = phase;
    Q_EMIT phaseChanged(phase);
}

std::optional<VirtualCluster::Phase> VirtualCluster::phaseOfLine(const QString &line)
{
    if (line.startsWith(QLatin1String("fetching Debian kernel")))
        return Phase::FetchingKernel;
    if (line.startsWith(QLatin1String("started ")) && line.contains(QLatin1String(" nodes")))
        return Phase::Booting;
    if (line.startsWith(QLatin1String("all nodes booted")))
        return Phase::Connecting;
    if (line.startsWith(QLatin1String("lab up:")))
        return Phase::Up;
    if (line.startsWith(QLatin1String("bringing the lab up failed")))
        return Phase::Stopping;
    return std::nullopt;
}

QString VirtualCluster::refusalOf(const QStringList &lines)
{
    for (qsizetype i = lines.size() - 1; i >= 0; --i) {
        QString l = lines.at(i);
        if (l.startsWith(kLogPrefix))
            l = l.mid(kLogPrefix.size());
        if (l.startsWith(kRefusalPrefix))
            return l.mid(kRefusalPrefix.size());
    }
    return {};
}

void VirtualCluster::onReadyReadStderr()
{
    if (!m_process)
        return;
    m_stderrPartial += m_process->readAllStandardError();
    qsizetype nl;
    while ((nl = m_stderrPartial.indexOf('\n')) >= 0) {
        QString line = QString::fromUtf8(m_stderrPartial.left(nl)).trimmed();
        m_stderrPartial.remove(0, nl + 1);
        if (line.isEmpty())
            continue;
        if (line.startsWith(kLogPrefix))
            line = line.mid(kLogPrefix.size());
        m_stderrLines << line;
        if (m_stderrLines.size() > 200)
            m_stderrLines.removeFirst();
        if (m_operation == Operation::Up && !m_cancelled) {
            if (const auto ph = phaseOfLine(line))
                setPhase(*ph);
        }
        Q_EMIT progress(line, m_phase);
    }
}

QString VirtualCluster::failureText(int exitCode) const
{
    QStringList tail = m_stderrLines.mid(std::max<qsizetype>(0, m_stderrLines.size() - 8));
    const QString text = tail.join(QLatin1Char('\n'));
    if (exitCode < 0)
        return text.isEmpty() ? tr("halolink-lab did not run.") : text;
    return text.isEmpty() ? tr("halolink-lab exited with code %1.").arg(exitCode)
                          : tr("halolink-lab exited with code %1:\n%2").arg(exitCode).arg(text);
}

void VirtualCluster::finishUp(VirtualClusterResult result)
{
    setPhase(result.outcome == VirtualClusterResult::Outcome::Up ? Phase::Up : Phase::Idle);
    Q_EMIT upFinished(result);
}

void VirtualCluster::onFinished(int exitCode, QProcess::ExitStatus status)
{
    QProcess *p = m_process;
    if (!p)
        return;
    if (p->state() == QProcess::NotRunning) {
        m_stdout += p->readAllStandardOutput();
        onReadyReadStderr();
    }
    if (!m_stderrPartial.trimmed().isEmpty())
        m_stderrLines << QString::fromUtf8(m_stderrPartial).trimmed();
    m_stderrPartial.clear();
    m_process = nullptr;
    p->deleteLater();
    const int code = status == QProcess::NormalExit ? exitCode : -1;
    const Operation op = std::exchange(m_operation, Operation::None);

    switch (op) {
    case Operation::Up: {
        if (m_cancelled) {
            // The script stopped what it had started (its EXIT trap); `down`
            // makes sure, also after a kill.
            start(Operation::CancelDown, {QStringLiteral("down")});
            return;
        }
        VirtualClusterResult r;
        r.exitCode = code;
        if (code == 0) {
            const QList<QByteArray> lines = m_stdout.trimmed().split('\n');
            QString why;
            if (auto info = parseUpJson(lines.isEmpty() ? QByteArray() : lines.last(), &why)) {
                r.outcome = VirtualClusterResult::Outcome::Up;
                r.info = *info;
                r.message = m_stderrLines.value(m_stderrLines.size() - 1);
            } else {
                r.outcome = VirtualClusterResult::Outcome::Failed;
                r.message = tr("halolink-lab up printed no usable lab JSON: %1").arg(why);
            }
        } else if (code == kRefusedExit) {
            r.outcome = VirtualClusterResult::Outcome::Refused;
            r.message = refusalOf(m_stderrLines);
            if (r.message.isEmpty())
                r.message = failureText(code);
        } else {
            r.outcome = VirtualClusterResult::Outcome::Failed;
            r.message = failureText(code);
        }
        finishUp(r);
        return;
    }
    case Operation::CancelDown: {
        VirtualClusterResult r;
        r.outcome = VirtualClusterResult::Outcome::Cancelled;
        r.exitCode = code;
        r.message = code == 0 ? tr("Cancelled; the virtual machines were stopped.")
                              : tr("Cancelled, but stopping the virtual machines failed: %1").arg(failureText(code));
        finishUp(r);
        return;
    }
    case Operation::Down:
        setPhase(Phase::Idle);
        Q_EMIT downFinished(code == 0, code == 0 ? m_stderrLines.value(m_stderrLines.size() - 1) : failureText(code));
        return;
    case Operation::Status: {
        setPhase(Phase::Idle);
        // 0 all up, 1 some down, 3 no lab: all print the JSON.
        QString why;
        const auto s = (code == 0 || code == 1 || code == 3) ? parseStatusJson(m_stdout.trimmed(), &why) : std::nullopt;
        if (s)
            Q_EMIT statusReady(*s);
        else
            Q_EMIT statusFailed(why.isEmpty() ? failureText(code) : why);
        return;
    }
    case Operation::None:
        return;
    }
}

std::optional<VirtualClusterInfo> VirtualCluster::parseUpJson(const QByteArray &json, QString *error)
{
    auto fail = [error](const QString &why) -> std::optional<VirtualClusterInfo> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        return fail(tr("not a JSON object (%1)").arg(pe.error != QJsonParseError::NoError ? pe.errorString() : tr("other JSON")));
    const QJsonObject o = doc.object();
    VirtualClusterInfo info;
    info.labDir = stringOrEmpty(o, "lab_dir");
    info.sshConfig = stringOrEmpty(o, "ssh_config");
    info.dataLink = stringOrEmpty(o, "data_link");
    info.kernel = stringOrEmpty(o, "kernel");
    info.accel = o.value(QStringLiteral("accel")).toString(QStringLiteral("tcg"));
    info.persistent = o.value(QStringLiteral("persistent")).toBool(false);
    if (info.labDir.isEmpty())
        return fail(tr("no \"lab_dir\""));
    const QJsonValue nodes = o.value(QStringLiteral("nodes"));
    if (!nodes.isArray() || nodes.toArray().isEmpty())
        return fail(tr("no \"nodes\""));
    for (const QJsonValue &v : nodes.toArray()) {
        const QJsonObject n = v.toObject();
        VirtualClusterInfo::VmNode vm;
        vm.index = n.value(QStringLiteral("index")).toInt();
        vm.labName = stringOrEmpty(n, "name");
        vm.sshPort = n.value(QStringLiteral("ssh_port")).toInt();
        vm.user = stringOrEmpty(n, "user");
        vm.keyFile = stringOrEmpty(n, "key_file");
        vm.knownHosts = stringOrEmpty(n, "known_hosts");
        vm.hostKeyFingerprint = stringOrEmpty(n, "host_key_fingerprint");
        vm.dataInterface = stringOrEmpty(n, "data_interface");
        vm.dataIpv4 = stringOrEmpty(n, "data_ipv4"); // null with --bare
        vm.consoleLog = stringOrEmpty(n, "console_log");
        if (vm.index < 1 || vm.sshPort < 1 || vm.sshPort > 65535 || vm.keyFile.isEmpty() || vm.knownHosts.isEmpty())
            return fail(tr("node %1: no index, SSH port, key file or known_hosts").arg(info.nodes.size() + 1));
        info.nodes << vm;
    }
    return info;
}

std::optional<VirtualClusterStatus> VirtualCluster::parseStatusJson(const QByteArray &json, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject() || !doc.object().value(QStringLiteral("up")).isBool()) {
        if (error)
            *error = tr("halolink-lab status --json printed no usable JSON");
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    VirtualClusterStatus s;
    s.labDir = stringOrEmpty(o, "lab_dir");
    s.up = o.value(QStringLiteral("up")).toBool();
    s.accel = stringOrEmpty(o, "accel");
    if (s.up && s.accel.isEmpty())
        s.accel = QStringLiteral("tcg"); // labs from before the field
    s.persistent = o.value(QStringLiteral("persistent")).toBool(false);
    for (const QJsonValue &v : o.value(QStringLiteral("nodes")).toArray()) {
        const QJsonObject n = v.toObject();
        s.nodes << VirtualClusterStatus::VmState{n.value(QStringLiteral("index")).toInt(), stringOrEmpty(n, "name"),
                                                 n.value(QStringLiteral("running")).toBool(),
                                                 n.value(QStringLiteral("ssh_port")).toInt()};
    }
    return s;
}

} // namespace halolink
