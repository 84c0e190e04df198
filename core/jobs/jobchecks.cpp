#include "jobs/joblauncher.h"
#include "jobs/jobs_internal.h"

#include "cluster/clustercontroller.h"
#include "setup/setupplan.h"
#include "ssh/remotetask.h"
#include "ssh/shellquote.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QTimer>

#include <algorithm>

namespace halolink::jobs {

using namespace detail;

// Launch: the checks on every node before anything starts, and job.json.

QString JobLauncher::checkScript(const JobNode &n) const
{
    const JobSpec &spec = m_job.spec;
    const QList<EnvVar> env = m_job.rendered.env.value(n.nodeId);
    const bool head = n.nodeId == m_job.headNodeId();
    const QStringList roles = m_job.rolesOn(n.nodeId);
    QStringList lines;
    auto have = [](const QString &tool) { return QStringLiteral("command -v %1 >/dev/null 2>&1").arg(tool); };
    switch (spec.runtime) {
    case Runtime::Podman:
        lines << QStringLiteral("if %1; then podman image exists %2 || echo 'missing image'; else echo 'missing "
                                "runtime podman'; fi")
                     .arg(have(QStringLiteral("podman")), shellQuote(spec.image));
        break;
    case Runtime::Docker:
        lines << QStringLiteral("if %1; then docker image inspect %2 >/dev/null 2>&1 || echo 'missing image'; else "
                                "echo 'missing runtime docker'; fi")
                     .arg(have(QStringLiteral("docker")), shellQuote(spec.image));
        break;
    case Runtime::Toolbox:
        lines << QStringLiteral("if %1; then podman container exists %2 || echo 'missing toolbox'; else echo "
                                "'missing runtime toolbox'; fi")
                     .arg(have(QStringLiteral("toolbox")), shellQuote(spec.image));
        break;
    case Runtime::Host:
        break;
    }
    if (spec.runtime == Runtime::Host || spec.runtime == Runtime::Toolbox) {
        QStringList programs;
        for (const Step &s : m_job.rendered.steps) {
            if (s.nodeId == n.nodeId && !s.argv.isEmpty() && !programs.contains(s.argv.first()))
                programs << s.argv.first();
        }
        for (const QString &p : programs) {
            // With the job's own environment (its PATH), where the job runs.
            // llama.cpp's RPC server by its current name or the one before the rename.
            const QString test = p == QLatin1String("ggml-rpc-server")
                                     ? QStringLiteral("command -v \"$1\" >/dev/null || command -v rpc-server >/dev/null")
                                     : QStringLiteral("command -v \"$1\" >/dev/null");
            const QString lookup = runInRuntime(spec, QString(), env, {QStringLiteral("sh"), QStringLiteral("-c"), test,
                                                                       QStringLiteral("sh"), p});
            lines << QStringLiteral("%1 </dev/null || echo %2").arg(lookup, shellQuote(QStringLiteral("missing program ") + p));
        }
    }
    const bool needsModel = spec.model.startsWith(QLatin1Char('/')) && (spec.engine == Engine::VllmRay || head);
    if (needsModel)
        lines << QStringLiteral("if [ -e %1 ]; then echo \"model_size $(du -sbL %1 2>/dev/null | tail -n 1 | cut -f 1)\"; "
                                "else echo 'missing model'; fi")
                     .arg(shellQuote(spec.model));
    QList<int> ports;
    if (head)
        ports << spec.port;
    if (head && spec.engine == Engine::VllmRay)
        ports << spec.rayPort;
    if (!head && spec.engine == Engine::LlamaRpc)
        ports << spec.rpcPort;
    for (int p : ports)
        lines << QStringLiteral("if %1; then ss -Hltn 'sport = :%2' 2>/dev/null | grep -q . && echo 'busy %2'; fi")
                     .arg(have(QStringLiteral("ss")))
                     .arg(p);
    for (const QString &role : roles)
        lines << QStringLiteral("if %1; then echo %2; fi")
                     .arg(aliveCommand(spec, n.nodeId, role), shellQuote(QStringLiteral("running ") + role));
    // RDMA: the locked-memory limit the role's processes will have, and the
    // GID the environment names, read now (the table changes when addresses do).
    const RdmaPort *port = n.probe ? setup::rdmaPortOf(*n.probe, n.dataInterface) : nullptr;
    QString gidVar;
    for (const EnvVar &v : env)
        if (v.name == QLatin1String("NCCL_IB_GID_INDEX") || v.name == QLatin1String("GGML_RDMA_GID"))
            gidVar = v.value;
    const bool nodeRdma = !spec.tcpOnly && port
                          && (spec.engine == Engine::VllmRay || std::any_of(env.cbegin(), env.cend(), [](const EnvVar &v) {
                                  return v.name == QLatin1String("GGML_RDMA_DEV");
                              }));
    if (nodeRdma) {
        QString limit;
        switch (spec.runtime) {
        case Runtime::Host:
        case Runtime::Toolbox:
            // The soft limit the process starts with; root has CAP_IPC_LOCK, which the kernel's ib_umem_get lets past it.
            limit = runInRuntime(spec, QString(), env, {QStringLiteral("sh"), QStringLiteral("-c"),
                                                        QStringLiteral("echo \"memlock $(id -u) $(ulimit -l)\"")})
                    + QStringLiteral(" </dev/null");
            break;
        case Runtime::Podman:
            // --ulimit=memlock=-1:-1 is the current maximum: rootless, the user's hard limit (podman PR #19879).
            limit = QStringLiteral("echo \"memlock $(id -u) $(ulimit -Hl)\"");
            break;
        case Runtime::Docker:
            break; // the daemon (root) sets the container's limit: -1 is unlimited
        }
        if (!limit.isEmpty())
            lines << limit;
        if (!gidVar.isEmpty() && port->port > 0) {
            const QString base = QStringLiteral("/sys/class/infiniband/%1/ports/%2").arg(port->device).arg(port->port);
            lines << QStringLiteral("d=%1; i=%2; echo \"gidat $i $(cat \"$d/gids/$i\" 2>/dev/null || echo none) "
                                    "$(cat \"$d/gid_attrs/types/$i\" 2>/dev/null | tr ' ' '_')\"; "
                                    "for f in $(grep -l -x -F %3 \"$d\"/gids/* 2>/dev/null); do j=${f##*/}; "
                                    "echo \"gidmatch $j $(cat \"$d/gid_attrs/types/$j\" 2>/dev/null | tr ' ' '_')\"; done; true")
                         .arg(shellQuote(base), shellQuote(gidVar), shellQuote(ipv4MappedGid(n.dataIp)));
        }
    }
    lines << QStringLiteral("echo checked");
    return lines.join(QStringLiteral("\n"));
}

// The locked memory the job's verbs need (the kernel's ib_umem_get counts
// every registered buffer against RLIMIT_MEMLOCK unless the process has
// CAP_IPC_LOCK): llama.cpp's RDMA transport registers 6.25 MiB per
// connection (ggml-rpc transport.cpp: a 256 KiB send buffer and 24 x 256 KiB
// receive buffers); RCCL registers its buffers for every peer and channel,
// far above the 8 MiB that systemd gives by default, so HaloLink asks for
// unlimited or at least 1 GiB there (the community guide runs unlimited).
QString JobLauncher::memlockProblem(const JobNode &n, const QString &line) const
{
    const QStringList f = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (f.size() < 3)
        return {};
    const bool root = f.at(1) == QLatin1String("0");
    const QString value = f.at(2);
    if (value == QLatin1String("unlimited") || (root && m_job.spec.runtime != Runtime::Toolbox))
        return {};
    bool ok = false;
    const qint64 kib = value.toLongLong(&ok);
    if (!ok)
        return {};
    qint64 needKib = 1024 * 1024;
    if (m_job.spec.engine == Engine::LlamaRpc) {
        const bool head = n.nodeId == m_job.headNodeId();
        const qint64 connections = head ? qMax<qint64>(1, m_job.nodes.size() - 1) : 1;
        needKib = connections * 6400 + 1024;
    }
    if (kib >= needKib)
        return {};
    const QString where = m_job.spec.runtime == Runtime::Podman ? tr("rootless podman gives its containers the user's hard limit, ")
                          : m_job.spec.runtime == Runtime::Toolbox ? tr("a toolbox keeps the limit it was created with, ")
                                                                   : QString();
    return tr("the locked-memory limit (ulimit -l%1) is %2 KiB, and RDMA needs %3: %4raise it, e.g. "
              "'%5 soft memlock unlimited' and '%5 hard memlock unlimited' in /etc/security/limits.d/, log in again%6, "
              "or launch TCP-only.")
        .arg(m_job.spec.runtime == Runtime::Podman ? QStringLiteral(" -H") : QString())
        .arg(kib)
        .arg(needKib >= 1024 * 1024 ? tr("unlimited or at least 1 GiB") : tr("at least %1 KiB").arg(needKib))
        .arg(where, QStringLiteral("*"),
             m_job.spec.runtime == Runtime::Toolbox ? tr(" and create the toolbox again") : QString());
}

// The GID index the environment names, against the node's GID table now.
QString JobLauncher::gidProblem(const JobNode &n, const QString &lines) const
{
    QString at, atType;
    QString index;
    QStringList v2Matches;
    for (const QString &l : lines.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList f = l.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (f.value(0) == QLatin1String("gidat")) {
            index = f.value(1);
            at = f.value(2);
            atType = f.value(3).replace(QLatin1Char('_'), QLatin1Char(' '));
        } else if (f.value(0) == QLatin1String("gidmatch") && f.value(2).replace(QLatin1Char('_'), QLatin1Char(' ')).compare(QLatin1String("RoCE v2"), Qt::CaseInsensitive) == 0) {
            v2Matches << f.value(1);
        }
    }
    if (index.isEmpty() || v2Matches.contains(index))
        return {};
    // An override is the person's choice (render() warned); a value from the probe that went stale is refused.
    for (const QString &var : {QStringLiteral("NCCL_IB_GID_INDEX"), QStringLiteral("GGML_RDMA_GID")})
        if (m_job.spec.env.contains(var) || m_job.spec.nodeEnv.value(n.nodeId).contains(var))
            return {};
    return tr("GID index %1 is no longer the RoCE v2 GID of %2 (it is now %3%4; the GID table changes when addresses "
              "do)%5: probe the node again before launching.")
        .arg(index, n.dataIp, at == QLatin1String("none") ? tr("empty") : at,
             atType.isEmpty() ? QString() : QStringLiteral(", ") + atType,
             v2Matches.isEmpty() ? tr("; no RoCE v2 GID holds that address now")
                                 : tr("; index %1 holds it now").arg(v2Matches.join(QStringLiteral(", "))));
}

void JobLauncher::launch()
{
    if (isBusy())
        return;
    m_error.clear();
    m_checkProblems.clear();
    m_stepState.clear();
    m_smoke = {};
    if (!m_job.rendered.ok() || m_job.rendered.steps.isEmpty()) {
        m_error = m_job.rendered.errors.isEmpty() ? tr("Nothing to launch.") : m_job.rendered.errors.join(QLatin1Char('\n'));
        setPhase(Phase::Failed);
        Q_EMIT launchFinished(false);
        return;
    }
    m_startsKnown = true;
    m_job.startedAt = {};
    // The API key: one of its own for each launch unless one was given
    // (24 random bytes, base64url: no character a shell or HTTP header minds).
    const QString keyVar = apiKeyVariable(m_job.spec.engine);
    if (m_job.spec.apiKey && m_secrets.value(keyVar).isEmpty()) {
        QByteArray raw(24, Qt::Uninitialized);
        QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(raw.data()), raw.size() / 4);
        m_secrets.insert(keyVar, raw.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
    }
    QStringList missing;
    for (const Step &s : std::as_const(m_job.rendered.steps))
        for (const QString &name : s.secrets) {
            const QByteArray v = m_secrets.value(name);
            if ((v.isEmpty() || v.contains('\n') || v.contains('\r')) && !missing.contains(name))
                missing << name;
        }
    if (!missing.isEmpty()) {
        m_error = tr("No value for the secret %1 (a single line): nothing was started.").arg(missing.join(QStringLiteral(", ")));
        setPhase(Phase::Failed);
        Q_EMIT launchFinished(false);
        return;
    }
    for (int i = 0; i < m_job.rendered.steps.size(); ++i)
        m_stepState.insert(i, QStringLiteral("waiting"));
    setPhase(Phase::Checking);
    say({}, tr("Checking %n node(s): runtime, model, ports, memory.", nullptr, int(m_job.nodes.size())));
    m_pending = int(m_job.nodes.size());
    auto sizes = std::make_shared<QHash<QString, qint64>>();
    auto gidLines = std::make_shared<QHash<QString, QString>>();
    for (const JobNode &n : std::as_const(m_job.nodes)) {
        const QString id = n.nodeId;
        run(id, checkScript(n), std::chrono::seconds(90),
            [this, id, sizes, gidLines](int code, const QByteArray &out, const QByteArray &err, const QString &failure) {
                const JobNode *node = nullptr;
                for (const JobNode &x : std::as_const(m_job.nodes)) {
                    if (x.nodeId == id)
                        node = &x;
                }
                const QString pre = problemPrefix(*node);
                const JobSpec &spec = m_job.spec;
                if (!failure.isEmpty() || code != 0 || !out.contains("checked")) {
                    m_checkProblems << pre + tr("the checks could not run: %1")
                                                 .arg(failure.isEmpty() ? QString::fromUtf8(err.trimmed()) : failure);
                } else {
                    for (const QByteArray &raw : out.split('\n')) {
                        const QString line = QString::fromUtf8(raw.trimmed());
                        if (line == QLatin1String("missing image"))
                            m_checkProblems << pre + tr("the image %1 is not there: pull it first (%2 pull %1).")
                                                         .arg(spec.image, runtimeName(spec.runtime));
                        else if (line == QLatin1String("missing toolbox"))
                            m_checkProblems << pre + tr("there is no toolbox container %1 (toolbox create %1).").arg(spec.image);
                        else if (line.startsWith(QLatin1String("missing runtime ")))
                            m_checkProblems << pre + tr("%1 is not installed.").arg(line.mid(16));
                        else if (line.startsWith(QLatin1String("missing program ")))
                            m_checkProblems << pre + tr("'%1' is not found in the job's PATH%2.")
                                                         .arg(line.mid(16),
                                                              spec.runtime == Runtime::Toolbox
                                                                  ? tr(" inside the toolbox %1").arg(spec.image)
                                                                  : QString());
                        else if (line == QLatin1String("missing model"))
                            m_checkProblems << pre + tr("the model %1 is not on this node (every node needs the "
                                                        "weights locally).")
                                                         .arg(spec.model);
                        else if (line.startsWith(QLatin1String("busy ")))
                            m_checkProblems << pre + tr("port %1 is in use; stop what listens there or choose "
                                                        "another port.")
                                                         .arg(line.mid(5));
                        else if (line.startsWith(QLatin1String("running ")))
                            m_checkProblems << pre + tr("the job '%1' already runs here (%2): stop it first.")
                                                         .arg(spec.name, line.mid(8));
                        else if (line.startsWith(QLatin1String("memlock "))) {
                            const QString problem = memlockProblem(*node, line);
                            if (!problem.isEmpty())
                                m_checkProblems << pre + problem;
                        } else if (line.startsWith(QLatin1String("gidat ")) || line.startsWith(QLatin1String("gidmatch ")))
                            gidLines->insert(id, gidLines->value(id) + line + QLatin1Char('\n'));
                        else if (line.startsWith(QLatin1String("model_size "))) {
                            bool ok = false;
                            const qint64 b = line.mid(11).toLongLong(&ok);
                            if (ok)
                                sizes->insert(id, b);
                        }
                    }
                }
                if (!gidLines->value(id).isEmpty()) {
                    const QString problem = gidProblem(*node, gidLines->value(id));
                    if (!problem.isEmpty())
                        m_checkProblems << pre + problem;
                }
                if (--m_pending > 0)
                    return;
                // Memory: the weights are split over the nodes; each node
                // must hold its share within what vLLM may take.
                const int count = int(m_job.nodes.size());
                for (const JobNode &x : std::as_const(m_job.nodes)) {
                    const qint64 size = sizes->value(x.nodeId, sizes->value(m_job.headNodeId(), -1));
                    std::optional<ProbeReport> probe = x.probe;
                    if (!probe && m_cluster)
                        probe = m_cluster->probeReport(x.nodeId);
                    const auto memory = probe ? gpuMemory(*probe) : std::nullopt;
                    if (size <= 0 || !memory)
                        continue;
                    const double fraction = m_job.spec.engine == Engine::VllmRay ? m_job.spec.gpuMemoryUtilization : 0.9;
                    const double usable = fraction * double(memory->first);
                    const double share = double(size) / count;
                    if (share > usable)
                        m_checkProblems << problemPrefix(x)
                                               + tr("the model (%1) does not fit: this node's share of the weights "
                                                    "alone is %2, and %3 of its %4 %5 is %6.")
                                                     .arg(bytesText(size), bytesText(share))
                                                     .arg(fraction, 0, 'f', 2)
                                                     .arg(bytesText(double(memory->first)), memory->second,
                                                          bytesText(usable));
                    else if (share > 0.85 * usable)
                        say(x.nodeId, tr("The weights' share (%1) leaves little of %2 for the KV cache.")
                                          .arg(bytesText(share), bytesText(usable)));
                }
                onChecksDone();
            });
    }
}

void JobLauncher::onChecksDone()
{
    if (!m_checkProblems.isEmpty()) {
        m_error = tr("The job cannot start:\n%1").arg(m_checkProblems.join(QLatin1Char('\n')));
        for (const QString &p : std::as_const(m_checkProblems))
            say({}, p);
        setPhase(Phase::Failed);
        Q_EMIT launchFinished(false);
        return;
    }
    say({}, tr("Checks passed."));
    setPhase(Phase::Starting);
    m_job.startedAt = QDateTime::currentDateTimeUtc();
    writeJobFiles();
}

void JobLauncher::writeJobFiles()
{
    const QByteArray json = QJsonDocument(jobToJson(m_job)).toJson(QJsonDocument::Compact) + '\n';
    m_pending = int(m_job.nodes.size());
    auto failed = std::make_shared<QStringList>();
    for (const JobNode &n : std::as_const(m_job.nodes)) {
        const QString id = n.nodeId;
        const QString dir = jobDirShell(m_job.spec.name, id);
        const QString command = QStringLiteral("umask 077 && mkdir -p %1 && cat >%1/job.json.tmp && mv -f %1/job.json.tmp "
                                               "%1/job.json")
                                    .arg(dir);
        run(id, command, std::chrono::seconds(30),
            [this, id, failed](int code, const QByteArray &, const QByteArray &err, const QString &failure) {
                if (code != 0)
                    *failed << tr("%1: cannot write the job file: %2")
                                   .arg(nodeName(id), failure.isEmpty() ? QString::fromUtf8(err.trimmed()) : failure);
                if (--m_pending > 0)
                    return;
                if (!failed->isEmpty())
                    failLaunch(failed->join(QLatin1Char('\n')));
                else
                    startOrder(0);
            },
            json);
    }
}
} // namespace halolink::jobs
