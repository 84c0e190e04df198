#include "jobs/joblauncher.h"

#include "cluster/clustercontroller.h"
#include "setup/setupplan.h"
#include "ssh/remotetask.h"
#include "ssh/shellquote.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>
#include <QTimer>

#include <algorithm>

namespace halolink::jobs {

namespace {

// This file's texts outside a QObject: Jobs::tr("...") is looked up in the
// context lupdate files it under.
struct Jobs {
    Q_DECLARE_TR_FUNCTIONS(halolink::jobs)
};

constexpr int kDead = 3;               // a readiness command: the role's process is gone
constexpr qint64 kMovedPackets = 256;  // RDMA packets that count as the job's traffic
constexpr qint64 kMovedBytes = 256 * 1024;

QString bytesText(double b)
{
    return QLocale::system().formattedDataSize(qint64(b), 1, QLocale::DataSizeSIFormat);
}

QHash<QString, QString> envOf(const Job &job, const QString &nodeId)
{
    QHash<QString, QString> m;
    for (const EnvVar &v : job.rendered.env.value(nodeId))
        m.insert(v.name, v.value);
    return m;
}

QJsonObject lastJsonObject(const QByteArray &out)
{
    const QList<QByteArray> lines = out.trimmed().split('\n');
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        const QJsonDocument d = QJsonDocument::fromJson(it->trimmed());
        if (d.isObject())
            return d.object();
    }
    return {};
}

// Ray's `ray status`: the " 1 node_<id>" lines between "Active:" and "Pending:".
int rayActiveNodes(const QByteArray &out)
{
    static const QRegularExpression nodeLine(QStringLiteral("^\\s*(\\d+)\\s+node_[0-9a-fA-F]+\\s*$"));
    bool active = false;
    int count = 0;
    for (const QByteArray &raw : out.split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (line.trimmed() == QLatin1String("Active:")) {
            active = true;
            continue;
        }
        if (active && line.trimmed().endsWith(QLatin1Char(':')))
            break;
        if (active) {
            const auto m = nodeLine.match(line);
            if (m.hasMatch())
                count += m.captured(1).toInt();
        }
    }
    return count;
}

std::optional<qint64> number(const QJsonValue &v)
{
    if (!v.isDouble())
        return std::nullopt;
    return qint64(v.toDouble());
}

std::optional<qint64> sumOf(std::optional<qint64> a, std::optional<qint64> b)
{
    if (!a && !b)
        return std::nullopt;
    return a.value_or(0) + b.value_or(0);
}

// What the GPU may use: VRAM + GTT of the node's GPUs when the probe knows
// them (on Strix Halo most of it is GTT in system memory), else the memory.
std::optional<std::pair<qint64, QString>> gpuMemory(const ProbeReport &probe)
{
    qint64 gpu = 0;
    for (const Gpu &g : probe.gpus)
        gpu += g.vramTotalBytes.value_or(0) + g.gttTotalBytes.value_or(0);
    if (gpu > 0)
        return std::make_pair(gpu, Jobs::tr("GPU memory (VRAM + GTT)"));
    if (probe.host.memoryTotalBytes)
        return std::make_pair(*probe.host.memoryTotalBytes, Jobs::tr("memory"));
    return std::nullopt;
}

// The name the server answers to: vLLM's --served-model-name, llama-server's
// -a/--alias, else the model as given.
QString servedModelName(const JobSpec &spec)
{
    const QStringList &a = spec.extraArgs;
    for (int i = 0; i + 1 < a.size(); ++i) {
        const QString &o = a.at(i);
        if ((spec.engine == Engine::VllmRay && o == QLatin1String("--served-model-name"))
            || (spec.engine == Engine::LlamaRpc && (o == QLatin1String("-a") || o == QLatin1String("--alias"))))
            return a.at(i + 1);
    }
    for (const QString &o : a) {
        const QString prefix = spec.engine == Engine::VllmRay ? QStringLiteral("--served-model-name=")
                                                              : QStringLiteral("--alias=");
        if (o.startsWith(prefix))
            return o.mid(prefix.size());
    }
    return spec.model;
}

QString problemPrefix(const JobNode &n)
{
    return n.name + QStringLiteral(": ");
}

} // namespace

// ---------------------------------------------------------------- Job

QStringList Job::rolesOn(const QString &nodeId) const
{
    QStringList roles;
    for (const Step &s : rendered.steps) {
        if (s.nodeId == nodeId)
            roles << s.role;
    }
    return roles;
}

QJsonObject jobToJson(const Job &job)
{
    QJsonArray nodes;
    for (const JobNode &n : job.nodes) {
        QJsonArray env;
        for (const EnvVar &v : job.rendered.env.value(n.nodeId))
            env.append(QJsonObject{{QStringLiteral("name"), v.name},
                                   {QStringLiteral("value"), v.value},
                                   {QStringLiteral("source"), v.source}});
        nodes.append(QJsonObject{{QStringLiteral("id"), n.nodeId},
                                 {QStringLiteral("name"), n.name},
                                 {QStringLiteral("data_interface"), n.dataInterface},
                                 {QStringLiteral("data_ip"), n.dataIp},
                                 {QStringLiteral("env"), env}});
    }
    QJsonArray steps;
    for (const Step &s : job.rendered.steps)
        steps.append(QJsonObject{{QStringLiteral("order"), s.order},
                                 {QStringLiteral("node"), s.nodeId},
                                 {QStringLiteral("role"), s.role},
                                 {QStringLiteral("what"), s.what},
                                 {QStringLiteral("argv"), QJsonArray::fromStringList(s.argv)},
                                 {QStringLiteral("command"), s.command},
                                 {QStringLiteral("waits_for"), s.readiness}});
    return QJsonObject{{QStringLiteral("schema"), QStringLiteral("halolink.job/1")},
                       {QStringLiteral("spec"), specToJson(job.spec)},
                       {QStringLiteral("nodes"), nodes},
                       {QStringLiteral("steps"), steps},
                       {QStringLiteral("api"), job.rendered.apiUrl},
                       {QStringLiteral("started_at"), job.startedAt.toUTC().toString(Qt::ISODate)}};
}

std::optional<Job> jobFromJson(const QJsonObject &o, QString *error)
{
    auto fail = [&](const QString &m) -> std::optional<Job> {
        if (error)
            *error = m;
        return std::nullopt;
    };
    if (o.value(QStringLiteral("schema")).toString() != QLatin1String("halolink.job/1"))
        return fail(Jobs::tr("not a halolink.job/1 document"));
    QString why;
    const auto spec = specFromJson(o.value(QStringLiteral("spec")).toObject(), &why);
    if (!spec)
        return fail(why);
    Job job;
    job.spec = *spec;
    QHash<QString, QString> names;
    for (const QJsonValue &v : o.value(QStringLiteral("nodes")).toArray()) {
        const QJsonObject n = v.toObject();
        JobNode j{n.value(QStringLiteral("id")).toString(), n.value(QStringLiteral("name")).toString(),
                  n.value(QStringLiteral("data_interface")).toString(), n.value(QStringLiteral("data_ip")).toString(),
                  std::nullopt};
        if (j.nodeId.isEmpty())
            return fail(Jobs::tr("a node without an id"));
        QList<EnvVar> env;
        for (const QJsonValue &e : n.value(QStringLiteral("env")).toArray()) {
            const QJsonObject eo = e.toObject();
            env.append({eo.value(QStringLiteral("name")).toString(), eo.value(QStringLiteral("value")).toString(),
                        eo.value(QStringLiteral("source")).toString()});
        }
        job.rendered.env.insert(j.nodeId, env);
        names.insert(j.nodeId, j.name);
        job.nodes << j;
    }
    if (job.nodes.isEmpty())
        return fail(Jobs::tr("no nodes"));
    for (const QJsonValue &v : o.value(QStringLiteral("steps")).toArray()) {
        const QJsonObject so = v.toObject();
        Step s;
        s.order = so.value(QStringLiteral("order")).toInt();
        s.nodeId = so.value(QStringLiteral("node")).toString();
        s.nodeName = names.value(s.nodeId, s.nodeId);
        s.role = so.value(QStringLiteral("role")).toString();
        s.what = so.value(QStringLiteral("what")).toString();
        for (const QJsonValue &a : so.value(QStringLiteral("argv")).toArray())
            s.argv << a.toString();
        s.command = so.value(QStringLiteral("command")).toString();
        s.readiness = so.value(QStringLiteral("waits_for")).toString();
        if (!names.contains(s.nodeId) || s.role.isEmpty())
            return fail(Jobs::tr("a step on an unknown node"));
        job.rendered.steps << s;
    }
    job.rendered.headNodeId = job.nodes.first().nodeId;
    job.rendered.apiUrl = o.value(QStringLiteral("api")).toString();
    job.startedAt = QDateTime::fromString(o.value(QStringLiteral("started_at")).toString(), Qt::ISODate);
    return job;
}

// ---------------------------------------------------------------- traffic

std::optional<TrafficSample> trafficFromCounters(const QJsonObject &doc, const QString &dataInterface,
                                                 const QString &device, QString *error)
{
    if (doc.value(QStringLiteral("schema")).toString() != QLatin1String("halolink.counters/1")) {
        if (error)
            *error = Jobs::tr("not a halolink.counters/1 document");
        return std::nullopt;
    }
    TrafficSample s;
    s.timeNs = qint64(doc.value(QStringLiteral("time_ns")).toDouble());
    const QJsonArray rdma = doc.value(QStringLiteral("rdma")).toArray();
    QJsonObject port;
    for (const QJsonValue &v : rdma) {
        const QJsonObject p = v.toObject();
        if (!dataInterface.isEmpty() && p.value(QStringLiteral("netdev")).toString() == dataInterface) {
            port = p;
            break;
        }
        if (!device.isEmpty() && p.value(QStringLiteral("device")).toString() == device && port.isEmpty())
            port = p;
    }
    if (!port.isEmpty()) {
        s.rdmaDevice = port.value(QStringLiteral("device")).toString();
        s.rdmaPort = port.value(QStringLiteral("port")).toInt();
        s.rdmaRxBytes = number(port.value(QStringLiteral("rx_bytes")));
        s.rdmaTxBytes = number(port.value(QStringLiteral("tx_bytes")));
        s.rdmaRxPackets = number(port.value(QStringLiteral("rx_packets")));
        s.rdmaTxPackets = number(port.value(QStringLiteral("tx_packets")));
    }
    for (const QJsonValue &v : doc.value(QStringLiteral("nics")).toArray()) {
        const QJsonObject n = v.toObject();
        if (n.value(QStringLiteral("name")).toString() != dataInterface)
            continue;
        s.nicRxBytes = number(n.value(QStringLiteral("rx_bytes")));
        s.nicTxBytes = number(n.value(QStringLiteral("tx_bytes")));
        s.nicRxPackets = number(n.value(QStringLiteral("rx_packets")));
        s.nicTxPackets = number(n.value(QStringLiteral("tx_packets")));
    }
    return s;
}

QString verdictName(Proof::Verdict v)
{
    switch (v) {
    case Proof::Verdict::Rdma:
        return QStringLiteral("rdma");
    case Proof::Verdict::Tcp:
        return QStringLiteral("tcp");
    case Proof::Verdict::Mixed:
        return QStringLiteral("mixed");
    case Proof::Verdict::NoTraffic:
        return QStringLiteral("none");
    case Proof::Verdict::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QStringList likelyTcpCauses(const Job &job, const QString &nodeId)
{
    QStringList causes;
    const auto env = envOf(job, nodeId);
    const JobNode *node = nullptr;
    for (const JobNode &n : job.nodes) {
        if (n.nodeId == nodeId)
            node = &n;
    }
    if (!node)
        return causes;
    const QString who = node->name;
    if (job.spec.engine == Engine::LlamaRpc) {
        causes << Jobs::tr(
            "llama.cpp RPC speaks TCP unless llama.cpp was built with its RDMA path (GGML_RPC_RDMA).");
        return causes;
    }
    if (env.value(QStringLiteral("NCCL_IB_DISABLE")) == QLatin1String("1")) {
        causes << (job.spec.tcpOnly
                ? Jobs::tr("%1: NCCL_IB_DISABLE=1 (the job was launched TCP-only).").arg(who)
                : Jobs::tr("%1: NCCL_IB_DISABLE=1 (an override): RCCL uses sockets.").arg(who));
    }
    const RdmaPort *port = node->probe ? setup::rdmaPortOf(*node->probe, node->dataInterface) : nullptr;
    if (node->probe && !port) {
        causes << Jobs::tr("%1: no RDMA device on %2.").arg(who, node->dataInterface);
    } else if (port) {
        if (port->transport.value_or(QString()) == QLatin1String("iwarp"))
            causes << Jobs::tr(
                "%1: %2 runs iWARP; RCCL cannot use it (switch the E810 to RoCE v2: the cluster setup does).")
                          .arg(who, port->device);
        if (port->state.value_or(QString()) != QLatin1String("ACTIVE"))
            causes << Jobs::tr("%1: %2 port %3 is not ACTIVE.").arg(who, port->device).arg(port->port);
        const QString wantHca = QStringLiteral("=%1:%2").arg(port->device).arg(port->port);
        const QString hca = env.value(QStringLiteral("NCCL_IB_HCA"));
        if (hca.isEmpty())
            causes << Jobs::tr("%1: NCCL_IB_HCA is not set; RCCL chooses devices itself (pin %2).")
                          .arg(who, wantHca);
        else if (hca != wantHca && hca != wantHca.mid(1))
            causes << Jobs::tr(
                "%1: NCCL_IB_HCA=%2, but the data plane's RDMA port is %3 (HCA not pinned to it).")
                          .arg(who, hca, wantHca);
        const QString gid = env.value(QStringLiteral("NCCL_IB_GID_INDEX"));
        if (!port->roceV2Ipv4GidIndex && port->transport.value_or(QString()) == QLatin1String("roce"))
            causes << Jobs::tr("%1: %2 has no RoCE v2 GID for %3.").arg(who, port->device, node->dataIp);
        else if (port->roceV2Ipv4GidIndex && gid.isEmpty())
            causes << Jobs::tr("%1: NCCL_IB_GID_INDEX is not set; the RoCE v2 GID of %2 is index %3.")
                          .arg(who, node->dataIp)
                          .arg(*port->roceV2Ipv4GidIndex);
        else if (port->roceV2Ipv4GidIndex && gid != QString::number(*port->roceV2Ipv4GidIndex))
            causes << Jobs::tr("%1: NCCL_IB_GID_INDEX=%2, but the RoCE v2 GID of %3 is index %4 (wrong GID).")
                          .arg(who, gid, node->dataIp)
                          .arg(*port->roceV2Ipv4GidIndex);
    }
    if (causes.isEmpty())
        causes << Jobs::tr(
            "%1: the environment looks right; look in the job's log for 'NET/Socket' against 'NET/IB' "
            "(NCCL_DEBUG=INFO), at the RCCL build in the image, and whether /dev/infiniband is usable there.")
                      .arg(who);
    return causes;
}

Proof judgeTraffic(const Job &job, const QHash<QString, TrafficSample> &background,
                   const QHash<QString, TrafficSample> &before, const QHash<QString, TrafficSample> &after)
{
    Proof proof;
    QStringList rdmaNodes, tcpNodes, quietNodes, unknownNodes;
    for (const JobNode &n : job.nodes) {
        NodeTraffic t;
        t.nodeId = n.nodeId;
        t.name = n.name;
        if (!before.contains(n.nodeId) || !after.contains(n.nodeId)) {
            t.error = Jobs::tr("counters not read");
            unknownNodes << n.name;
            proof.nodes << t;
            continue;
        }
        const TrafficSample &b = before[n.nodeId];
        const TrafficSample &a = after[n.nodeId];
        const bool haveBg = background.contains(n.nodeId);
        const TrafficSample bg = background.value(n.nodeId);
        const double span = double(a.timeNs - b.timeNs);
        const double bgSpan = haveBg ? double(b.timeNs - bg.timeNs) : 0.0;
        // The smoke test's share of a counter: its growth during the test
        // less what the background did in the same time.
        auto share = [&](std::optional<qint64> TrafficSample::*field) -> std::optional<qint64> {
            const auto x1 = b.*field;
            const auto x2 = a.*field;
            if (!x1 || !x2)
                return std::nullopt;
            double d = double(*x2 - *x1);
            if (d < 0)
                d = 0; // a counter reset (device recreated)
            if (haveBg && bgSpan > 0 && (bg.*field)) {
                const double rate = double(*x1 - *(bg.*field)) / bgSpan;
                if (rate > 0)
                    d -= rate * span;
            }
            return qint64(std::max(0.0, d));
        };
        t.measured = true;
        t.rdmaDevice = a.rdmaDevice;
        t.rdmaPort = a.rdmaPort;
        t.rdmaPackets = sumOf(share(&TrafficSample::rdmaRxPackets), share(&TrafficSample::rdmaTxPackets));
        t.rdmaBytes = sumOf(share(&TrafficSample::rdmaRxBytes), share(&TrafficSample::rdmaTxBytes));
        t.nicBytes = sumOf(share(&TrafficSample::nicRxBytes), share(&TrafficSample::nicTxBytes));
        t.nicPackets = sumOf(share(&TrafficSample::nicRxPackets), share(&TrafficSample::nicTxPackets));
        t.rdmaMoved = t.rdmaPackets.value_or(0) >= kMovedPackets || t.rdmaBytes.value_or(0) >= kMovedBytes;
        t.nicMoved = t.nicBytes.value_or(0) >= kMovedBytes;
        if (t.rdmaMoved)
            rdmaNodes << n.name;
        else if (t.nicMoved)
            tcpNodes << n.name;
        else
            quietNodes << n.name;
        proof.nodes << t;
    }
    if (job.nodes.size() < 2) {
        proof.verdict = Proof::Verdict::NoTraffic;
        proof.summary = Jobs::tr("One node: no traffic crosses between nodes, nothing to prove.");
        return proof;
    }
    if (!unknownNodes.isEmpty() && rdmaNodes.isEmpty() && tcpNodes.isEmpty()) {
        proof.verdict = Proof::Verdict::Unknown;
        proof.summary
            = Jobs::tr("The counters could not be read on %1.").arg(unknownNodes.join(QStringLiteral(", ")));
        return proof;
    }
    auto describeNode = [](const NodeTraffic &t) {
        QStringList parts;
        if (t.rdmaPackets)
            parts << Jobs::tr("%n RDMA packet(s)", nullptr, int(std::min<qint64>(*t.rdmaPackets, INT_MAX)));
        if (t.rdmaBytes)
            parts << Jobs::tr("%1 over RDMA").arg(bytesText(double(*t.rdmaBytes)));
        if (t.nicBytes)
            parts << Jobs::tr("%1 through the NIC").arg(bytesText(double(*t.nicBytes)));
        const QString where = t.rdmaDevice.isEmpty()
            ? Jobs::tr("no RDMA port")
            : QStringLiteral("%1:%2").arg(t.rdmaDevice).arg(t.rdmaPort);
        return QStringLiteral("%1 (%2): %3")
            .arg(t.name, where, parts.isEmpty() ? Jobs::tr("no counters") : parts.join(QStringLiteral(", ")));
    };
    QStringList details;
    for (const NodeTraffic &t : proof.nodes) {
        if (t.measured)
            details << describeNode(t);
    }
    proof.details = details;
    if (tcpNodes.isEmpty() && quietNodes.isEmpty() && unknownNodes.isEmpty()) {
        proof.verdict = Proof::Verdict::Rdma;
        proof.summary = Jobs::tr("RDMA carried the tensor-parallel traffic on every node.");
    } else if (rdmaNodes.isEmpty() && !tcpNodes.isEmpty()) {
        proof.verdict = Proof::Verdict::Tcp;
        proof.summary
            = Jobs::tr("The tensor-parallel traffic went over TCP, not RDMA: the RDMA counters did not move "
                       "while the data-plane NICs carried it.");
    } else if (rdmaNodes.isEmpty()) {
        proof.verdict = Proof::Verdict::NoTraffic;
        proof.summary = Jobs::tr(
            "No traffic between the nodes during the smoke test: the model may not be split across "
            "them.");
    } else {
        proof.verdict = Proof::Verdict::Mixed;
        proof.summary = Jobs::tr("RDMA on %1, but not on %2.")
                            .arg(rdmaNodes.join(QStringLiteral(", ")),
                                (tcpNodes + quietNodes + unknownNodes).join(QStringLiteral(", ")));
    }
    if (proof.verdict == Proof::Verdict::Tcp || proof.verdict == Proof::Verdict::Mixed) {
        for (const JobNode &n : job.nodes) {
            if (!rdmaNodes.contains(n.name))
                proof.causes << likelyTcpCauses(job, n.nodeId);
        }
    }
    return proof;
}

// ---------------------------------------------------------------- JobLauncher

JobLauncher::JobLauncher(ClusterController *cluster, QObject *parent)
    : QObject(parent)
    , m_cluster(cluster)
    , m_prompt(QStringLiteral("In one sentence: what is tensor parallelism?"))
{
}

JobLauncher::~JobLauncher()
{
    ++m_generation;
    for (const auto &t : std::as_const(m_tasks)) {
        if (t)
            t->cancel();
    }
}

void JobLauncher::setJob(const Job &job)
{
    m_job = job;
    m_stepState.clear();
    m_checkProblems.clear();
    m_error.clear();
    m_smoke = {};
    setPhase(Phase::Idle);
}

void JobLauncher::setSmokePrompt(const QString &prompt, int maxTokens)
{
    m_prompt = prompt;
    m_maxTokens = maxTokens;
}

bool JobLauncher::isBusy() const
{
    return m_phase == Phase::Checking || m_phase == Phase::Starting || m_phase == Phase::SmokeTesting
        || m_phase == Phase::Stopping;
}

void JobLauncher::setPhase(Phase p)
{
    if (m_phase == p)
        return;
    m_phase = p;
    Q_EMIT phaseChanged(p);
}

QString JobLauncher::nodeName(const QString &nodeId) const
{
    for (const JobNode &n : m_job.nodes) {
        if (n.nodeId == nodeId)
            return n.name;
    }
    return nodeId;
}

void JobLauncher::say(const QString &nodeId, const QString &text)
{
    Q_EMIT message(nodeId.isEmpty() ? QString() : nodeName(nodeId), text);
}

QString JobLauncher::enginePath(const QString &nodeId) const
{
    return m_cluster ? m_cluster->remoteEnginePath(nodeId) : QString();
}

void JobLauncher::run(const QString &nodeId, const QString &command, std::chrono::milliseconds timeout, Done done,
                      const QByteArray &stdinData)
{
    const quint64 generation = m_generation;
    SshSession *ssh = m_cluster ? m_cluster->sshSession(nodeId) : nullptr;
    if (!ssh) {
        QTimer::singleShot(0, this, [this, generation, done, nodeId] {
            if (generation == m_generation)
                done(-1, {}, {}, tr("%1 is not connected over SSH.").arg(nodeName(nodeId)));
        });
        return;
    }
    auto *task = new RemoteTask(ssh, command, this);
    task->setTimeout(timeout);
    if (!stdinData.isNull())
        task->setStdin(stdinData);
    m_tasks << task;
    connect(task, &RemoteTask::finished, this, [this, task, done, generation](int code) {
        m_tasks.removeAll(task);
        task->deleteLater();
        if (generation == m_generation)
            done(code, task->standardOutput(), task->standardError(), QString());
    });
    connect(task, &RemoteTask::failed, this, [this, task, done, generation](RemoteTask::Failure, const QString &message) {
        m_tasks.removeAll(task);
        task->deleteLater();
        if (generation == m_generation)
            done(-1, task->standardOutput(), task->standardError(), message.isEmpty() ? tr("the command failed") : message);
    });
    task->start();
}

void JobLauncher::abandon()
{
    ++m_generation;
    const auto tasks = m_tasks;
    m_tasks.clear();
    for (const auto &t : tasks) {
        if (t)
            t->cancel();
    }
}

void JobLauncher::cancel()
{
    const bool launching = m_phase == Phase::Checking || m_phase == Phase::Starting;
    abandon();
    if (launching) {
        m_error = tr("Cancelled.");
        failLaunch(m_error);
    } else if (isBusy()) {
        setPhase(Phase::Failed);
    }
}

// --- launch: checks

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
            const QString lookup = runInRuntime(spec, QString(), env,
                                                {QStringLiteral("sh"), QStringLiteral("-c"),
                                                 QStringLiteral("command -v \"$1\" >/dev/null"), QStringLiteral("sh"), p});
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
    lines << QStringLiteral("echo checked");
    return lines.join(QStringLiteral("\n"));
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
    for (int i = 0; i < m_job.rendered.steps.size(); ++i)
        m_stepState.insert(i, QStringLiteral("waiting"));
    setPhase(Phase::Checking);
    say({}, tr("Checking %n node(s): runtime, model, ports, memory.", nullptr, int(m_job.nodes.size())));
    m_pending = int(m_job.nodes.size());
    auto sizes = std::make_shared<QHash<QString, qint64>>();
    for (const JobNode &n : std::as_const(m_job.nodes)) {
        const QString id = n.nodeId;
        run(id, checkScript(n), std::chrono::seconds(90),
            [this, id, sizes](int code, const QByteArray &out, const QByteArray &err, const QString &failure) {
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
                        else if (line.startsWith(QLatin1String("model_size "))) {
                            bool ok = false;
                            const qint64 b = line.mid(11).toLongLong(&ok);
                            if (ok)
                                sizes->insert(id, b);
                        }
                    }
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

// --- launch: steps and readiness

void JobLauncher::startOrder(int order)
{
    QList<int> indices;
    for (int i = 0; i < m_job.rendered.steps.size(); ++i) {
        if (m_job.rendered.steps.at(i).order == order)
            indices << i;
    }
    if (indices.isEmpty()) {
        setPhase(Phase::Running);
        say({}, tr("The job runs: %1/v1").arg(m_job.rendered.apiUrl));
        Q_EMIT launchFinished(true);
        return;
    }
    m_pending = int(indices.size());
    auto failed = std::make_shared<QStringList>();
    for (int i : indices) {
        const Step &s = m_job.rendered.steps.at(i);
        m_stepState.insert(i, QStringLiteral("starting"));
        Q_EMIT stepStateChanged(i, QStringLiteral("starting"));
        say(s.nodeId, tr("Starting %1: %2").arg(s.role, s.what));
        run(s.nodeId, s.command, std::chrono::minutes(2),
            [this, i, order, failed](int code, const QByteArray &out, const QByteArray &err, const QString &failure) {
                const Step &s = m_job.rendered.steps.at(i);
                if (code != 0) {
                    m_stepState.insert(i, QStringLiteral("failed"));
                    Q_EMIT stepStateChanged(i, QStringLiteral("failed"));
                    *failed << tr("%1: %2 did not start: %3")
                                   .arg(s.nodeName, s.role,
                                        failure.isEmpty() ? QString::fromUtf8((err + out).trimmed()).right(2000) : failure);
                } else {
                    const QString id = QString::fromUtf8(out.trimmed()).section(QLatin1Char('\n'), -1);
                    say(s.nodeId, tr("%1 started (%2); waiting until %3.").arg(s.role, id, s.readiness));
                }
                if (--m_pending > 0)
                    return;
                if (!failed->isEmpty())
                    failLaunch(failed->join(QLatin1Char('\n')));
                else
                    pollOrder(order, QDateTime::currentDateTimeUtc().addMSecs(
                                         (m_job.rendered.steps.at(i).role == QLatin1String("vllm")
                                          || m_job.rendered.steps.at(i).role == QLatin1String("llama-server"))
                                             ? m_timeouts.server.count()
                                             : m_timeouts.ray.count()));
            });
    }
}

QString JobLauncher::readinessCommand(const Step &s) const
{
    const JobSpec &spec = m_job.spec;
    const QString alive = QStringLiteral("if ! { %1; }; then exit %2; fi").arg(aliveCommand(spec, s.nodeId, s.role)).arg(kDead);
    QString ready;
    if (s.role == QLatin1String("ray-head") || s.role == QLatin1String("ray-worker")) {
        // The head's `ray status` (run on the head) counts the nodes.
        ready.clear();
    } else if (s.role == QLatin1String("vllm") || s.role == QLatin1String("llama-server")) {
        const QString engine = shellQuote(enginePath(s.nodeId));
        const QString url = shellQuote(QStringLiteral("http://127.0.0.1:%1").arg(spec.port));
        ready = QStringLiteral("%1 api health --url %2 --timeout 5 >/dev/null || exit 1").arg(engine, url);
        if (s.role == QLatin1String("vllm"))
            ready += QStringLiteral("; %1 api models --url %2 --timeout 10").arg(engine, url);
    } else if (s.role == QLatin1String("rpc-server")) {
        ready = QStringLiteral("ss -Hltn 'sport = :%1' | grep -q . || exit 1").arg(spec.rpcPort);
    }
    return ready.isEmpty() ? alive : alive + QLatin1Char('\n') + ready;
}

void JobLauncher::pollOrder(int order, QDateTime deadline)
{
    QList<int> indices;
    bool ray = false;
    for (int i = 0; i < m_job.rendered.steps.size(); ++i) {
        const Step &s = m_job.rendered.steps.at(i);
        if (s.order != order)
            continue;
        indices << i;
        ray = ray || s.role.startsWith(QLatin1String("ray-"));
    }
    struct Round {
        int pending = 0;
        QStringList dead;
        bool allReady = true;
        QString lastSeen;
    };
    auto round = std::make_shared<Round>();
    round->pending = int(indices.size()) + (ray ? 1 : 0);
    auto finishRound = [this, order, deadline, round, indices] {
        if (--round->pending > 0)
            return;
        if (!round->dead.isEmpty()) {
            // Fetch the end of the dead role's log, then fail.
            int deadIndex = indices.first();
            for (int k : indices) {
                if (round->dead.contains(m_job.rendered.steps.at(k).role + QLatin1Char('@') + m_job.rendered.steps.at(k).nodeId))
                    deadIndex = k;
            }
            const Step s = m_job.rendered.steps.at(deadIndex);
            m_stepState.insert(deadIndex, QStringLiteral("failed"));
            Q_EMIT stepStateChanged(deadIndex, QStringLiteral("failed"));
            run(s.nodeId, logCommand(m_job.spec, s.nodeId, s.role, 25, false), std::chrono::seconds(20),
                [this, s](int, const QByteArray &out, const QByteArray &, const QString &) {
                    failLaunch(tr("%1 on %2 ended while starting. The end of its log:\n%3")
                                   .arg(s.role, s.nodeName, QString::fromUtf8(out.trimmed())));
                });
            return;
        }
        if (round->allReady) {
            for (int k : indices) {
                m_stepState.insert(k, QStringLiteral("ready"));
                Q_EMIT stepStateChanged(k, QStringLiteral("ready"));
                say(m_job.rendered.steps.at(k).nodeId, tr("%1 ready: %2").arg(m_job.rendered.steps.at(k).role,
                                                                            m_job.rendered.steps.at(k).readiness));
            }
            startOrder(order + 1);
            return;
        }
        if (QDateTime::currentDateTimeUtc() > deadline) {
            failLaunch(tr("Not ready in time: %1%2")
                           .arg(m_job.rendered.steps.at(indices.first()).readiness,
                                round->lastSeen.isEmpty() ? QString() : tr(" (last seen: %1)").arg(round->lastSeen)));
            return;
        }
        const quint64 generation = m_generation;
        QTimer::singleShot(m_timeouts.poll, this, [this, order, deadline, generation] {
            if (generation == m_generation)
                pollOrder(order, deadline);
        });
    };
    for (int i : indices) {
        const Step s = m_job.rendered.steps.at(i);
        run(s.nodeId, readinessCommand(s), std::chrono::seconds(60),
            [this, s, round, finishRound](int code, const QByteArray &out, const QByteArray &, const QString &failure) {
                if (code == kDead) {
                    round->dead << s.role + QLatin1Char('@') + s.nodeId;
                } else if (code != 0 || !failure.isEmpty()) {
                    round->allReady = false;
                    const QString seen = failure.isEmpty() ? lastJsonObject(out)
                                                                 .value(QStringLiteral("error"))
                                                                 .toObject()
                                                                 .value(QStringLiteral("message"))
                                                                 .toString()
                                                           : failure;
                    if (!seen.isEmpty())
                        round->lastSeen = seen;
                } else if (s.role == QLatin1String("vllm")) {
                    const QJsonObject models = lastJsonObject(out);
                    const QStringList ids = [&] {
                        QStringList l;
                        for (const QJsonValue &v : models.value(QStringLiteral("models")).toArray())
                            l << v.toString();
                        return l;
                    }();
                    if (!ids.contains(servedModelName(m_job.spec))) {
                        round->allReady = false;
                        round->lastSeen = tr("/v1/models lists %1").arg(ids.isEmpty() ? tr("nothing") : ids.join(QStringLiteral(", ")));
                    }
                }
                finishRound();
            });
    }
    if (ray) {
        const JobNode &hn = m_job.nodes.first();
        const QString status = runInRuntime(
            m_job.spec, QStringLiteral("ray-head"), m_job.rendered.env.value(hn.nodeId),
            {QStringLiteral("ray"), QStringLiteral("status"),
             QStringLiteral("--address=%1:%2").arg(hn.dataIp).arg(m_job.spec.rayPort)});
        const int want = order == 0 ? 1 : int(m_job.nodes.size());
        run(hn.nodeId, status + QStringLiteral(" </dev/null 2>&1"), std::chrono::seconds(60),
            [this, round, finishRound, want](int code, const QByteArray &out, const QByteArray &, const QString &failure) {
                const int nodes = code == 0 && failure.isEmpty() ? rayActiveNodes(out) : -1;
                if (nodes < want) {
                    round->allReady = false;
                    round->lastSeen = nodes < 0 ? tr("Ray does not answer yet")
                                                : tr("the Ray cluster has %1 of %2 nodes").arg(nodes).arg(want);
                }
                finishRound();
            });
    }
}

void JobLauncher::failLaunch(const QString &error)
{
    m_error = error;
    say({}, error);
    say({}, tr("Stopping what was started on every node."));
    setPhase(Phase::Stopping);
    int last = 0;
    for (const Step &s : std::as_const(m_job.rendered.steps))
        last = std::max(last, s.order);
    stopOrders(last, [this](bool) {
        setPhase(Phase::Failed);
        Q_EMIT launchFinished(false);
    });
}

// --- stop

void JobLauncher::stopOrders(int order, std::function<void(bool)> done)
{
    if (order < 0) {
        m_pending = int(m_job.nodes.size());
        auto ok = std::make_shared<bool>(true);
        for (const JobNode &n : std::as_const(m_job.nodes)) {
            run(n.nodeId, QStringLiteral("rm -f %1/job.json").arg(jobDirShell(m_job.spec.name, n.nodeId)),
                std::chrono::seconds(30),
                [this, ok, done](int code, const QByteArray &, const QByteArray &, const QString &) {
                    *ok = *ok && code == 0;
                    if (--m_pending == 0)
                        done(*ok);
                });
        }
        return;
    }
    QList<int> indices;
    for (int i = 0; i < m_job.rendered.steps.size(); ++i) {
        if (m_job.rendered.steps.at(i).order == order)
            indices << i;
    }
    if (indices.isEmpty()) {
        stopOrders(order - 1, done);
        return;
    }
    m_pending = int(indices.size());
    auto ok = std::make_shared<bool>(true);
    for (int i : indices) {
        const Step s = m_job.rendered.steps.at(i);
        run(s.nodeId, stopCommand(m_job.spec, s.nodeId, s.role), std::chrono::seconds(60),
            [this, i, s, order, ok, done](int code, const QByteArray &, const QByteArray &err, const QString &failure) {
                if (code != 0) {
                    *ok = false;
                    say(s.nodeId, tr("%1 could not be stopped: %2")
                                      .arg(s.role, failure.isEmpty() ? QString::fromUtf8(err.trimmed()) : failure));
                } else {
                    m_stepState.insert(i, QStringLiteral("stopped"));
                    Q_EMIT stepStateChanged(i, QStringLiteral("stopped"));
                    say(s.nodeId, tr("%1 stopped.").arg(s.role));
                }
                if (--m_pending > 0)
                    return;
                const bool allOk = *ok;
                stopOrders(order - 1, [done, allOk](bool filesOk) { done(allOk && filesOk); });
            });
    }
}

void JobLauncher::stop()
{
    if (isBusy())
        abandon(); // a launch in progress is stopped below, with everything else
    m_error.clear();
    setPhase(Phase::Stopping);
    say({}, tr("Stopping the job '%1'.").arg(m_job.spec.name));
    int last = 0;
    for (const Step &s : std::as_const(m_job.rendered.steps))
        last = std::max(last, s.order);
    stopOrders(last, [this](bool ok) {
        if (!ok)
            m_error = tr("Some parts of the job could not be stopped (see the messages).");
        setPhase(ok ? Phase::Stopped : Phase::Failed);
        Q_EMIT stopFinished(ok);
        if (m_relaunchAfterStop) {
            m_relaunchAfterStop = false;
            if (ok)
                launch();
            else
                Q_EMIT launchFinished(false);
        }
    });
}

void JobLauncher::restart()
{
    m_relaunchAfterStop = true;
    stop();
}

// --- smoke test

void JobLauncher::sampleAll(std::function<void(QHash<QString, TrafficSample>)> done)
{
    auto samples = std::make_shared<QHash<QString, TrafficSample>>();
    auto pending = std::make_shared<int>(int(m_job.nodes.size()));
    for (const JobNode &n : std::as_const(m_job.nodes)) {
        const JobNode node = n;
        const QString engine = enginePath(n.nodeId);
        if (engine.isEmpty()) {
            QTimer::singleShot(0, this, [pending, samples, done] {
                if (--*pending == 0)
                    done(*samples);
            });
            continue;
        }
        QString device;
        std::optional<ProbeReport> probe = n.probe;
        if (!probe && m_cluster)
            probe = m_cluster->probeReport(n.nodeId);
        if (probe) {
            if (const RdmaPort *p = setup::rdmaPortOf(*probe, n.dataInterface))
                device = p->device;
        }
        run(n.nodeId, shellCommand({engine, QStringLiteral("counters")}) + QStringLiteral(" </dev/null"),
            std::chrono::seconds(30),
            [this, node, device, pending, samples, done](int code, const QByteArray &out, const QByteArray &err,
                                                         const QString &failure) {
                QString why;
                const auto s = code == 0 ? trafficFromCounters(lastJsonObject(out), node.dataInterface, device, &why)
                                         : std::nullopt;
                if (s)
                    samples->insert(node.nodeId, *s);
                else
                    say(node.nodeId, tr("Counters not read: %1")
                                         .arg(!failure.isEmpty() ? failure
                                                                 : why.isEmpty() ? QString::fromUtf8(err.trimmed()) : why));
                if (--*pending == 0)
                    done(*samples);
            });
    }
}

void JobLauncher::smokeTest()
{
    if (isBusy())
        return;
    m_smoke = {};
    m_error.clear();
    setPhase(Phase::SmokeTesting);
    // Probes for the causes, when the job came from a discovery.
    for (JobNode &n : m_job.nodes) {
        if (!n.probe && m_cluster)
            n.probe = m_cluster->probeReport(n.nodeId);
    }
    say({}, tr("Smoke test: counters, %1 s of background, one chat completion, counters again.")
                .arg(double(m_timeouts.background.count()) / 1000.0));
    sampleAll([this](QHash<QString, TrafficSample> background) {
        const quint64 generation = m_generation;
        QTimer::singleShot(m_timeouts.background, this, [this, background, generation] {
            if (generation != m_generation)
                return;
            sampleAll([this, background](QHash<QString, TrafficSample> before) {
                const QString head = m_job.headNodeId();
                const QString command = shellCommand({enginePath(head), QStringLiteral("api"), QStringLiteral("chat"),
                                                      QStringLiteral("--url"),
                                                      QStringLiteral("http://127.0.0.1:%1").arg(m_job.spec.port),
                                                      QStringLiteral("--model"), servedModelName(m_job.spec), QStringLiteral("--prompt"),
                                                      m_prompt, QStringLiteral("--max-tokens"), QString::number(m_maxTokens),
                                                      QStringLiteral("--timeout"), QStringLiteral("600")})
                                        + QStringLiteral(" </dev/null");
                say(head, tr("Chat completion through %1/v1 ...").arg(m_job.rendered.apiUrl));
                run(head, command, std::chrono::minutes(11),
                    [this, background, before](int code, const QByteArray &out, const QByteArray &err,
                                               const QString &failure) {
                        const QJsonObject r = lastJsonObject(out);
                        m_smoke.ok = code == 0 && r.value(QStringLiteral("ok")).toBool();
                        if (m_smoke.ok) {
                            m_smoke.ttftMs = r.value(QStringLiteral("ttft_ms")).toDouble();
                            m_smoke.totalMs = r.value(QStringLiteral("total_ms")).toDouble();
                            m_smoke.tokens = r.value(QStringLiteral("completion_tokens")).toInt();
                            if (r.value(QStringLiteral("tokens_per_s")).isDouble())
                                m_smoke.tokensPerSecond = r.value(QStringLiteral("tokens_per_s")).toDouble();
                            m_smoke.text = r.value(QStringLiteral("text")).toString();
                        } else {
                            const QString msg = r.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString();
                            m_smoke.error = !failure.isEmpty() ? failure
                                            : !msg.isEmpty()   ? msg
                                                               : QString::fromUtf8((err + out).trimmed()).right(1000);
                        }
                        sampleAll([this, background, before](QHash<QString, TrafficSample> after) {
                            m_smoke.proof = judgeTraffic(m_job, background, before, after);
                            finishSmoke(m_smoke.ok);
                        });
                    });
            });
        });
    });
}

void JobLauncher::finishSmoke(bool ok)
{
    if (ok) {
        say(m_job.headNodeId(),
            tr("Answer: %n token(s), first after %1 ms, %2 tokens/s.", nullptr, m_smoke.tokens)
                .arg(m_smoke.ttftMs, 0, 'f', 0)
                .arg(
                    m_smoke.tokensPerSecond ? QString::number(*m_smoke.tokensPerSecond, 'f', 1) : tr("n/a")));
    } else {
        m_error = tr("The smoke test failed: %1").arg(m_smoke.error);
        say(m_job.headNodeId(), m_error);
    }
    say({}, m_smoke.proof.summary);
    for (const QString &d : std::as_const(m_smoke.proof.details))
        say({}, QStringLiteral("  ") + d);
    for (const QString &c : std::as_const(m_smoke.proof.causes))
        say({}, tr("Likely cause: %1").arg(c));
    setPhase(Phase::Running);
    Q_EMIT smokeFinished(ok);
}

// ---------------------------------------------------------------- discovery

bool DiscoveredJob::allRunning() const
{
    for (const Step &s : job.rendered.steps) {
        if (!running.value(s.nodeId).value(s.role))
            return false;
    }
    return true;
}

bool DiscoveredJob::anyRunning() const
{
    for (const auto &roles : running) {
        for (bool r : roles) {
            if (r)
                return true;
        }
    }
    return false;
}

JobDiscovery::JobDiscovery(ClusterController *cluster, QObject *parent)
    : QObject(parent)
    , m_cluster(cluster)
{
}

void JobDiscovery::discover(const QStringList &nodeIds)
{
    m_nodeIds = nodeIds;
    m_found.clear();
    m_jobs.clear();
    m_errors.clear();
    m_pending = 0;
    QList<QPair<QString, SshSession *>> targets;
    for (const QString &id : nodeIds) {
        SshSession *ssh = m_cluster ? m_cluster->sshSession(id) : nullptr;
        if (ssh)
            targets << qMakePair(id, ssh);
    }
    if (targets.isEmpty()) {
        QTimer::singleShot(0, this, &JobDiscovery::finished);
        return;
    }
    m_pending = int(targets.size());
    const QString command = QStringLiteral(
        "for f in \"$HOME\"/.cache/halolink/jobs/*/*/job.json; do [ -f \"$f\" ] && { tr -d '\\n' <\"$f\"; echo; }; done; true");
    for (const auto &t : targets) {
        auto *task = new RemoteTask(t.second, command, this);
        task->setTimeout(std::chrono::seconds(30));
        const QString id = t.first;
        connect(task, &RemoteTask::finished, this, [this, task, id](int) {
            for (const QByteArray &line : task->standardOutput().split('\n')) {
                const QJsonDocument d = QJsonDocument::fromJson(line);
                if (d.isObject())
                    m_found[id] << d.object();
            }
            task->deleteLater();
            if (--m_pending == 0)
                listed();
        });
        connect(task, &RemoteTask::failed, this, [this, task, id](RemoteTask::Failure, const QString &m) {
            m_errors << tr("%1: %2").arg(id, m);
            task->deleteLater();
            if (--m_pending == 0)
                listed();
        });
        task->start();
    }
}

void JobDiscovery::listed()
{
    // The same job is on each of its nodes: one entry per (name, head, start).
    QSet<QString> seen;
    for (const QString &id : std::as_const(m_nodeIds)) {
        for (const QJsonObject &o : m_found.value(id)) {
            QString why;
            auto job = jobFromJson(o, &why);
            if (!job) {
                m_errors << tr("A job file on %1 is not readable: %2").arg(id, why);
                continue;
            }
            const QString key = job->spec.name + QLatin1Char('|') + job->headNodeId() + QLatin1Char('|')
                                + job->startedAt.toString(Qt::ISODate);
            if (seen.contains(key))
                continue;
            seen.insert(key);
            DiscoveredJob d;
            d.job = *job;
            m_jobs << d;
        }
    }
    checkRoles();
}

void JobDiscovery::checkRoles()
{
    m_pending = 0;
    struct Ask {
        int job;
        QString nodeId;
        SshSession *ssh;
        QString command;
        QStringList roles;
    };
    QList<Ask> asks;
    for (int j = 0; j < m_jobs.size(); ++j) {
        DiscoveredJob &d = m_jobs[j];
        for (const JobNode &n : d.job.nodes) {
            SshSession *ssh = m_cluster ? m_cluster->sshSession(n.nodeId) : nullptr;
            if (!ssh) {
                d.unreachable << n.name;
                continue;
            }
            QStringList lines;
            const QStringList roles = d.job.rolesOn(n.nodeId);
            for (const QString &role : roles)
                lines << QStringLiteral("if %1; then echo %2; fi")
                             .arg(aliveCommand(d.job.spec, n.nodeId, role), shellQuote(QStringLiteral("running ") + role));
            lines << QStringLiteral("true");
            asks << Ask{j, n.nodeId, ssh, lines.join(QLatin1Char('\n')), roles};
        }
    }
    if (asks.isEmpty()) {
        Q_EMIT finished();
        return;
    }
    m_pending = int(asks.size());
    for (const Ask &a : asks) {
        auto *task = new RemoteTask(a.ssh, a.command, this);
        task->setTimeout(std::chrono::seconds(60));
        auto done = [this, task, a](bool ok) {
            DiscoveredJob &d = m_jobs[a.job];
            const QByteArray out = task->standardOutput();
            for (const QString &role : a.roles)
                d.running[a.nodeId][role] = ok && out.split('\n').contains(QByteArray("running ") + role.toUtf8());
            if (!ok) {
                for (const JobNode &n : d.job.nodes) {
                    if (n.nodeId == a.nodeId)
                        d.unreachable << n.name;
                }
            }
            task->deleteLater();
            if (--m_pending == 0)
                Q_EMIT finished();
        };
        connect(task, &RemoteTask::finished, this, [done](int) { done(true); });
        connect(task, &RemoteTask::failed, this, [done](RemoteTask::Failure, const QString &) { done(false); });
        task->start();
    }
}

} // namespace halolink::jobs
