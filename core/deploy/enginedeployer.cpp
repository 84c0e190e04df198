#include "deploy/enginedeployer.h"

#include "ssh/remoteprocess.h"
#include "ssh/shellquote.h"
#include "ssh/sshlogging.h"
#include "ssh/sshsession.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QTimer>

#include <algorithm>

namespace halolink {

std::optional<LocalEngineInfo> LocalEngineInfo::load(const QString &path, QString *error)
{
    static QMutex mutex;
    static QHash<QString, LocalEngineInfo> cache;
    const QFileInfo fi(path);
    if (!fi.isFile()) {
        *error = EngineDeployer::tr("The engine %1 does not exist.").arg(path);
        return std::nullopt;
    }
    const QString cacheKey = QStringLiteral("%1|%2|%3")
                                 .arg(fi.canonicalFilePath())
                                 .arg(fi.size())
                                 .arg(fi.lastModified().toMSecsSinceEpoch());
    {
        QMutexLocker lock(&mutex);
        auto it = cache.constFind(cacheKey);
        if (it != cache.constEnd())
            return *it;
    }
    LocalEngineInfo info;
    info.path = path;
    auto elf = ElfInfo::read(path, error);
    if (!elf)
        return std::nullopt;
    info.elf = *elf;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = EngineDeployer::tr("Cannot read %1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    // A few MB: hashed once per binary and cached, not once per node.
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&f);
    info.sha256 = QString::fromLatin1(hash.result().toHex());
    info.size = f.size();
    QMutexLocker lock(&mutex);
    cache.insert(cacheKey, info);
    return info;
}

namespace {

constexpr char kTag[] = "halolink-deploy:";
constexpr qint64 kChunk = 256 * 1024; // bytes per write: the progress is per chunk that left
constexpr qsizetype kStderrKept = 4096;

} // namespace

EngineDeployer::EngineDeployer(SshSession *session, const QString &localEnginePath, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_localPath(localEnginePath)
{
    qRegisterMetaType<Failure>();
    qRegisterMetaType<Phase>();
}

EngineDeployer::~EngineDeployer()
{
    dropProcess();
}

QString EngineDeployer::nodeName() const
{
    return m_session ? m_session->endpoint().displayName() : tr("the node");
}

QString EngineDeployer::bootstrapScript(
    const QString &remoteDir, const QString &sha256, qint64 size, const QStringList &execArgs)
{
    // POSIX sh, run by the node's login shell. Values are quoted by shellQuote;
    // every answer is one tagged line.
    QString script = QStringLiteral(
        "hl_d=\"$HOME\"/%1; hl_t=\"$hl_d\"/engine-%2; "
        "printf 'halolink-deploy:arch=%s\\n' \"$(uname -m)\"; "
        "printf 'halolink-deploy:home=%s\\n' \"$HOME\"; "
        "printf 'halolink-deploy:libc=%s\\n' \"$(getconf GNU_LIBC_VERSION 2>/dev/null || ldd --version 2>&1 | head -n 1)\"; "
        "printf 'halolink-deploy:sha256sum=%s\\n' \"$(command -v sha256sum)\"; "
        // The target's SHA-256, or its stamp: the device, inode, size, mtime and
        // ctime it had when its SHA-256 was last found right (a file written
        // since has another ctime, which no user can set back), so a
        // connection does not hash 4 MB again each time (issue 16).
        "hl_st() { stat -c '%d:%i:%s:%Y:%Z' -- \"$hl_t\" 2>/dev/null; }; "
        "hl_have=; hl_ok=; "
        "if [ -f \"$hl_t.ok\" ]; then IFS= read -r hl_ok < \"$hl_t.ok\" || hl_ok=; fi; "
        "if [ -n \"$hl_ok\" ] && [ \"$(hl_st)\" = \"$hl_ok\" ]; then hl_have=%2; "
        "else hl_have=$(sha256sum -- \"$hl_t\" 2>/dev/null | cut -c1-64); "
        "if [ \"$hl_have\" = %2 ]; then hl_ok=$(hl_st) && [ -n \"$hl_ok\" ] && printf '%s\\n' \"$hl_ok\" > \"$hl_t.ok\"; fi; fi; "
        "printf 'halolink-deploy:have=%s\\n' \"$hl_have\"; "
        "printf 'halolink-deploy:ask\\n'; "
        "IFS= read -r hl_go || exit 0; "
        "case $hl_go in "
        "run) ;; "
        "upload) "
        "umask 077; mkdir -p -- \"$hl_d\" && chmod 700 -- \"$hl_d\" || { printf 'halolink-deploy:fail=mkdir\\n'; exit 3; }; "
        "hl_f=$(mktemp \"$hl_d\"/.engine-upload.XXXXXXXX) || { printf 'halolink-deploy:fail=mktemp\\n'; exit 3; }; "
        "head -c %3 > \"$hl_f\"; "
        "hl_h=$(sha256sum -- \"$hl_f\" | cut -c1-64); "
        "if [ \"$hl_h\" != %2 ]; then rm -f -- \"$hl_f\"; printf 'halolink-deploy:fail=checksum %s\\n' \"$hl_h\"; exit 3; fi; "
        "chmod 700 -- \"$hl_f\" && mv -f -- \"$hl_f\" \"$hl_t\" || { rm -f -- \"$hl_f\"; printf 'halolink-deploy:fail=install\\n'; exit 3; }; "
        "hl_ok=$(hl_st) && [ -n \"$hl_ok\" ] && printf '%s\\n' \"$hl_ok\" > \"$hl_t.ok\"; "
        "printf 'halolink-deploy:installed\\n';; "
        "*) exit 0;; "
        "esac; ")
                         .arg(shellQuote(remoteDir), shellQuote(sha256), QString::number(size));
    if (execArgs.isEmpty()) {
        script += QStringLiteral("printf 'halolink-deploy:done\\n'");
    } else {
        QStringList quoted;
        for (const QString &a : execArgs)
            quoted << shellQuote(a);
        script += QStringLiteral("printf 'halolink-deploy:exec\\n'; exec \"$hl_t\" %1").arg(quoted.join(QLatin1Char(' ')));
    }
    return script;
}

QString EngineDeployer::waitingFor(Phase phase, const QString &node)
{
    switch (phase) {
    case Phase::Shell:
        return tr("the login shell of %1 to start (its ~/.bashrc or profile may be slow)").arg(node);
    case Phase::Checks:
        return tr("%1 to report its architecture, C library and engine checksum").arg(node);
    case Phase::Upload:
        return tr("the engine's bytes to reach %1").arg(node);
    case Phase::Install:
        return tr("%1 to check the uploaded engine and move it in place").arg(node);
    case Phase::Start:
        return tr("%1 to start the engine").arg(node);
    }
    return {};
}

void EngineDeployer::dropProcess()
{
    if (m_tick)
        m_tick->stop();
    if (m_file) {
        delete m_file;
        m_file = nullptr;
    }
    if (m_process && !m_handedOver) {
        m_process->disconnect(this);
        m_process->closeStdin(); // the script's `read` ends: it exits
        m_process->terminate();
        m_process->deleteLater();
    }
    m_process = nullptr;
}

void EngineDeployer::fail(Failure failure, const QString &message)
{
    if (!m_running)
        return;
    m_running = false;
    m_failure = failure;
    m_error = message;
    dropProcess();
    qCInfo(lcDeploy).noquote() << nodeName() << "deploy failed:" << message;
    Q_EMIT failed(failure, message);
}

void EngineDeployer::start()
{
    if (m_running)
        return;
    m_running = true;
    m_uploaded = false;
    m_handedOver = false;
    m_failure = Failure::None;
    m_error.clear();
    m_facts.clear();
    m_stderr.clear();
    m_sent = m_acked = 0;
    QString error;
    auto local = LocalEngineInfo::load(m_localPath, &error);
    if (!local) {
        QMetaObject::invokeMethod(
            this, [this, error] { fail(Failure::LocalEngine, error); }, Qt::QueuedConnection);
        return;
    }
    m_local = *local;
    if (!m_session || !m_session->isReady()) {
        QMetaObject::invokeMethod(
            this, [this] { fail(Failure::NotConnected, tr("Not connected.")); }, Qt::QueuedConnection);
        return;
    }
    m_process = new RemoteProcess(
        m_session, bootstrapScript(m_remoteDir, m_local.sha256, m_local.size, m_execArgs), this);
    connect(m_process, &RemoteProcess::lineReceived, this, &EngineDeployer::onLine);
    connect(m_process, &RemoteProcess::stderrLine, this, [this](const QByteArray &line) {
        progressed(); // the shell is doing something
        m_stderr += line + '\n';
        if (m_stderr.size() > kStderrKept)
            m_stderr = m_stderr.right(kStderrKept);
    });
    connect(m_process, &RemoteProcess::bytesWritten, this, [this](qint64 bytes) {
        if (m_phase != Phase::Upload)
            return;
        m_acked += bytes;
        progressed();
        Q_EMIT progress(std::clamp<qint64>(m_acked, 0, m_local.size), m_local.size);
        sendNextChunk();
    });
    connect(m_process, &RemoteProcess::finished, this, &EngineDeployer::onChannelEnded);
    if (!m_tick) {
        m_tick = new QTimer(this);
        m_tick->setInterval(std::chrono::milliseconds(250));
        connect(m_tick, &QTimer::timeout, this, &EngineDeployer::onTick);
    }
    m_clock.start();
    enterPhase(Phase::Shell);
    m_tick->start();
    m_process->start();
}

void EngineDeployer::cancel()
{
    fail(Failure::Cancelled, tr("Cancelled."));
}

RemoteProcess *EngineDeployer::takeProcess()
{
    if (!m_handedOver || !m_process)
        return nullptr;
    RemoteProcess *p = m_process;
    p->disconnect(this);
    p->setParent(nullptr);
    m_process = nullptr;
    return p;
}

void EngineDeployer::enterPhase(Phase phase)
{
    m_phase = phase;
    m_lastSlowReport = 0;
    m_lastProgressMs = m_clock.elapsed();
}

void EngineDeployer::progressed()
{
    m_lastProgressMs = m_clock.elapsed();
    m_lastSlowReport = 0;
}

void EngineDeployer::onTick()
{
    if (!m_running)
        return;
    const qint64 idle = m_clock.elapsed() - m_lastProgressMs;
    const auto limit = m_phase == Phase::Shell ? m_limits.shell : m_limits.step;
    if (idle >= limit.count()) {
        fail(Failure::Stalled,
            tr("Gave up on %1 after %2 s without progress: waited for %3.")
                .arg(nodeName())
                .arg(idle / 1000)
                .arg(waitingFor(m_phase, nodeName())));
        return;
    }
    const int seconds = int(idle / 1000);
    const int step = int(std::max<qint64>(1, m_limits.slowAfter.count() / 1000));
    if (idle >= m_limits.slowAfter.count() && seconds >= m_lastSlowReport + step) {
        m_lastSlowReport = seconds;
        Q_EMIT slow(m_phase, seconds);
    }
}

void EngineDeployer::onLine(const QByteArray &raw)
{
    if (!m_running)
        return;
    const QString line = QString::fromUtf8(raw);
    if (!line.startsWith(QLatin1String(kTag))) {
        // The login shell's own output (a ~/.bashrc that prints): not ours.
        qCDebug(lcDeploy).noquote() << nodeName() << "ignored line before the engine:" << line.left(200);
        return;
    }
    const QString body = line.mid(int(sizeof kTag) - 1);
    progressed();
    if (m_phase == Phase::Shell)
        enterPhase(Phase::Checks);
    if (body == QLatin1String("ask")) {
        onFacts();
        return;
    }
    if (body == QLatin1String("installed")) {
        m_uploaded = true;
        qCInfo(lcDeploy).noquote() << nodeName() << "engine installed:" << m_remotePath;
        return;
    }
    if (body == QLatin1String("done") || body == QLatin1String("exec")) {
        if (body == QLatin1String("exec"))
            m_handedOver = true;
        succeed();
        return;
    }
    const qsizetype eq = body.indexOf(QLatin1Char('='));
    if (eq <= 0)
        return;
    const QString key = body.left(eq), value = body.mid(eq + 1).trimmed();
    if (key == QLatin1String("fail")) {
        const QString err = QString::fromUtf8(m_stderr).trimmed();
        if (value.startsWith(QLatin1String("checksum")))
            fail(Failure::Verify,
                tr("The engine uploaded to %1 did not verify (%2); removed.").arg(nodeName(), value));
        else
            fail(Failure::Upload,
                tr("Cannot put the engine in place on %1 (%2): %3").arg(nodeName(), value, err));
        return;
    }
    m_facts.insert(key, value);
}

void EngineDeployer::onFacts()
{
    m_nodeArch = m_facts.value(QStringLiteral("arch"));
    m_nodeLibc = m_facts.value(QStringLiteral("libc"));
    const QString home = m_facts.value(QStringLiteral("home"));
    if (m_nodeArch.isEmpty() || home.isEmpty() || !home.startsWith(QLatin1Char('/'))) {
        fail(Failure::NodeCheck, tr("%1 did not report its architecture and home directory.").arg(nodeName()));
        return;
    }
    // Architecture.
    const QStringList fits = m_local.elf.unameNames();
    if (!fits.contains(m_nodeArch)) {
        fail(Failure::ArchMismatch,
            tr("%1 is a %2 machine, but the engine %3 is built for %4. "
               "Use an engine built for %2.")
                .arg(nodeName(), m_nodeArch, QFileInfo(m_local.path).fileName(), m_local.elf.machineName()));
        return;
    }
    // C library.
    if (m_local.elf.minGlibc) {
        const GlibcVersion need = *m_local.elf.minGlibc;
        const bool isGlibc = m_nodeLibc.contains(QLatin1String("glibc"), Qt::CaseInsensitive)
            || m_nodeLibc.contains(QLatin1String("GNU libc"), Qt::CaseInsensitive);
        const auto have = GlibcVersion::parse(m_nodeLibc);
        if (m_nodeLibc.contains(QLatin1String("musl"), Qt::CaseInsensitive)) {
            fail(Failure::LibcMismatch,
                tr("%1 uses the musl C library; the engine needs glibc %2 or newer.")
                    .arg(nodeName(), need.toString()));
            return;
        }
        if (!isGlibc || !have) {
            qCWarning(lcDeploy).noquote()
                << nodeName() << "C library not recognised:" << m_nodeLibc << "- trying anyway";
        } else if (*have < need) {
            fail(Failure::LibcMismatch,
                tr("%1 has glibc %2, but the engine needs glibc %3 or newer. "
                   "Update the node's system, or use an engine built on an older one.")
                    .arg(nodeName(), have->toString(), need.toString()));
            return;
        }
    }
    m_remotePath = QStringLiteral("%1/%2/engine-%3").arg(home, m_remoteDir, m_local.sha256);
    if (m_facts.value(QStringLiteral("sha256sum")).isEmpty()) {
        fail(Failure::Verify,
            tr("%1 has no sha256sum (coreutils), so the engine cannot be "
               "verified there.")
                .arg(nodeName()));
        return;
    }
    if (m_facts.value(QStringLiteral("have")) == m_local.sha256) {
        qCInfo(lcDeploy).noquote() << nodeName() << "engine already there:" << m_remotePath;
        enterPhase(Phase::Start); // the script goes on to `exec` or `done`
        m_process->write("run\n");
        return;
    }
    m_file = new QFile(m_local.path);
    if (!m_file->open(QIODevice::ReadOnly)) {
        fail(Failure::LocalEngine, tr("Cannot read %1: %2").arg(m_local.path, m_file->errorString()));
        return;
    }
    qCInfo(lcDeploy).noquote() << nodeName() << "uploading" << m_local.size << "bytes to" << m_remotePath;
    enterPhase(Phase::Upload);
    m_process->write("upload\n");
    m_acked = -qint64(sizeof "upload\n" - 1); // that line is acknowledged first
    sendNextChunk();
}

// At most two chunks in flight: the next leaves when an earlier one did, so
// the progress is what reached the channel, not what was queued.
void EngineDeployer::sendNextChunk()
{
    while (m_running && m_file && m_sent < m_local.size && m_sent - m_acked < 2 * kChunk) {
        const QByteArray chunk = m_file->read(std::min(kChunk, m_local.size - m_sent));
        if (chunk.isEmpty()) {
            fail(Failure::LocalEngine, tr("Cannot read %1: %2").arg(m_local.path, m_file->errorString()));
            return;
        }
        m_sent += chunk.size();
        m_process->write(chunk);
    }
    if (m_running && m_file && m_sent >= m_local.size && m_acked >= m_local.size) {
        delete m_file;
        m_file = nullptr;
        enterPhase(Phase::Install);
    }
}

void EngineDeployer::succeed()
{
    m_running = false;
    if (m_tick)
        m_tick->stop();
    if (!m_handedOver)
        dropProcess();
    Q_EMIT finished(m_remotePath, m_uploaded);
}

void EngineDeployer::onChannelEnded(int exitCode, const QString &error)
{
    if (!m_running)
        return;
    const QString err = QString::fromUtf8(m_stderr).trimmed();
    const QString why = !error.isEmpty() ? error
        : err.isEmpty()                  ? tr("exit code %1").arg(exitCode)
                                         : tr("exit code %1: %2").arg(exitCode).arg(err);
    switch (m_phase) {
    case Phase::Shell:
    case Phase::Checks:
        fail(Failure::NodeCheck, tr("Checking %1 failed: %2").arg(nodeName(), why));
        break;
    case Phase::Upload:
        fail(Failure::Upload, tr("Uploading the engine to %1 failed: %2").arg(nodeName(), why));
        break;
    case Phase::Install:
        fail(Failure::Verify, tr("Installing the engine on %1 failed: %2").arg(nodeName(), why));
        break;
    case Phase::Start:
        fail(Failure::NodeCheck, tr("Starting the engine on %1 failed: %2").arg(nodeName(), why));
        break;
    }
}

} // namespace halolink
