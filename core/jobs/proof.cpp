#include "jobs/proof.h"
#include "jobs/jobs_internal.h"
#include "jobs/witness.h"

#include "setup/setupplan.h"

#include <QJsonArray>
#include <QSet>

#include <algorithm>

namespace halolink::jobs {

using namespace detail;

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

QStringList likelyTcpCauses(const Job &job, const QString &nodeId, const QHash<QString, QString> &effective)
{
    QStringList causes;
    auto env = envOf(job, nodeId);
    for (auto it = effective.cbegin(); it != effective.cend(); ++it)
        env.insert(it.key(), it.value());
    const JobNode *node = nullptr;
    for (const JobNode &n : job.nodes) {
        if (n.nodeId == nodeId)
            node = &n;
    }
    if (!node)
        return causes;
    const QString who = node->name;
    if (job.spec.engine == Engine::LlamaRpc) {
        causes << Jobs::tr("%1: llama.cpp's RPC stays on TCP, without a word, unless both ends were built with its RDMA "
                           "transport (GGML_RPC_RDMA, on by default when libibverbs is found) and its probe finds the "
                           "device whose GID is the connection's address (GGML_RDMA_DEV=%2); in a container it also needs "
                           "/dev/infiniband and the locked-memory limit.")
                      .arg(who, env.value(QStringLiteral("GGML_RDMA_DEV")));
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
        const std::optional<int> want = roceV2GidIndexFor(*port, node->dataIp);
        if (!want && port->transport.value_or(QString()) == QLatin1String("roce"))
            causes << Jobs::tr("%1: %2 has no RoCE v2 GID for %3.").arg(who, port->device, node->dataIp);
        else if (want && gid.isEmpty())
            causes << Jobs::tr("%1: NCCL_IB_GID_INDEX is not set; the RoCE v2 GID of %2 is index %3.")
                          .arg(who, node->dataIp)
                          .arg(*want);
        else if (want && gid != QString::number(*want))
            causes << Jobs::tr("%1: NCCL_IB_GID_INDEX=%2, but the RoCE v2 GID of %3 is index %4 (wrong GID).")
                          .arg(who, gid, node->dataIp)
                          .arg(*want);
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
        if (!t.rdmaPackets && !t.rdmaBytes) {
            // No counters on the port: whether RDMA moved is unknown, not "no".
            t.error = t.rdmaDevice.isEmpty() ? Jobs::tr("no RDMA port found for the data plane")
                                             : Jobs::tr("the RDMA port has no traffic counters");
            t.state = QStringLiteral("unknown");
            unknownNodes << n.name;
        } else if (t.rdmaMoved)
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
    for (NodeTraffic &t : proof.nodes)
        if (t.state.isEmpty())
            t.state = rdmaNodes.contains(t.name) ? QStringLiteral("rdma")
                      : tcpNodes.contains(t.name) ? QStringLiteral("tcp")
                                                  : QStringLiteral("quiet");
    proof.evidence << Jobs::tr("port counters");
    if (!unknownNodes.isEmpty() && rdmaNodes.isEmpty() && tcpNodes.isEmpty()) {
        proof.verdict = Proof::Verdict::Unknown;
        proof.summary = Jobs::tr("The RDMA counters could not tell on %1.").arg(unknownNodes.join(QStringLiteral(", ")));
        for (const NodeTraffic &t : std::as_const(proof.nodes))
            if (!t.error.isEmpty())
                proof.details << QStringLiteral("%1: %2").arg(t.name, t.error);
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
            details << describeNode(t) + (t.error.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(t.error));
    }
    proof.details = details;
    if (tcpNodes.isEmpty() && quietNodes.isEmpty() && unknownNodes.isEmpty()) {
        proof.verdict = Proof::Verdict::Rdma;
        proof.summary = Jobs::tr("RDMA carried the tensor-parallel traffic on every node.");
    } else if (rdmaNodes.isEmpty() && !tcpNodes.isEmpty() && unknownNodes.isEmpty()) {
        proof.verdict = Proof::Verdict::Tcp;
        proof.summary
            = Jobs::tr("The tensor-parallel traffic went over TCP, not RDMA: the RDMA counters did not move "
                       "while the data-plane NICs carried it.");
    } else if (rdmaNodes.isEmpty() && tcpNodes.isEmpty() && unknownNodes.isEmpty()) {
        proof.verdict = Proof::Verdict::NoTraffic;
        proof.summary = Jobs::tr(
            "No traffic between the nodes during the smoke test: the model may not be split across "
            "them.");
    } else if (rdmaNodes.isEmpty() && tcpNodes.isEmpty()) {
        proof.verdict = Proof::Verdict::Unknown;
        proof.summary = Jobs::tr("The RDMA counters could not tell on %1.").arg(unknownNodes.join(QStringLiteral(", ")));
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

void addWitnesses(Proof &proof, const Job &job, const TransportLog &log, const QHash<QString, NodeWitness> &witness,
                  const QHash<QString, int> &llamaActivations)
{
    if (job.nodes.size() < 2)
        return;
    const bool llama = job.spec.engine == Engine::LlamaRpc;
    bool anyTransport = false, anyQp = false;
    QStringList rdma, tcp, quiet, unknown;
    for (NodeTraffic &t : proof.nodes) {
        const JobNode *n = nullptr;
        for (const JobNode &x : job.nodes)
            if (x.nodeId == t.nodeId)
                n = &x;
        if (!n)
            continue;
        if (llama) {
            if (llamaActivations.contains(t.nodeId))
                t.transport = llamaActivations.value(t.nodeId) > 0 ? QStringLiteral("rdma") : QStringLiteral("tcp");
        } else {
            t.transport = log.net.value(t.nodeId);
        }
        anyTransport = anyTransport || !t.transport.isEmpty();
        const NodeWitness w = witness.value(t.nodeId);
        if (w.qps) {
            const QSet<qint64> pids = w.pids();
            const RdmaPort *port = n->probe ? setup::rdmaPortOf(*n->probe, n->dataInterface) : nullptr;
            const QString device = !t.rdmaDevice.isEmpty() ? t.rdmaDevice : port ? port->device : QString();
            int count = 0;
            for (const QueuePair &q : *w.qps)
                if (pids.contains(q.pid) && (device.isEmpty() || q.device == device))
                    ++count;
            t.queuePairs = count;
            anyQp = true;
        }
        t.envDifferences = envDifferences(job, t.nodeId, w);
        const bool says = t.transport == QLatin1String("ib") || t.transport == QLatin1String("rdma");
        const bool saysTcp = t.transport == QLatin1String("socket") || t.transport == QLatin1String("tcp");
        const bool qps = t.queuePairs.value_or(0) > 0;
        const bool countersKnown = t.rdmaPackets || t.rdmaBytes;
        if (t.rdmaMoved || (says && qps))
            t.state = QStringLiteral("rdma");
        else if (saysTcp || (countersKnown && t.nicMoved && !qps))
            t.state = QStringLiteral("tcp");
        else if (countersKnown && !t.nicMoved)
            t.state = QStringLiteral("quiet");
        else
            t.state = QStringLiteral("unknown");
        QStringList seen;
        if (!t.transport.isEmpty())
            seen << (llama ? Jobs::tr("llama.cpp: %1").arg(t.transport == QLatin1String("rdma") ? Jobs::tr("RDMA activated")
                                                                                                 : Jobs::tr("no RDMA connection"))
                           : Jobs::tr("RCCL: %1%2")
                                 .arg(t.transport == QLatin1String("ib") ? QStringLiteral("NET/IB") : QStringLiteral("NET/Socket"),
                                      log.device.contains(t.nodeId) ? QLatin1Char(' ') + log.device.value(t.nodeId) : QString()));
        if (t.queuePairs)
            seen << Jobs::tr("%n queue pair(s) of the job's processes", nullptr, *t.queuePairs);
        if (!seen.isEmpty())
            proof.details << QStringLiteral("%1: %2").arg(t.name, seen.join(QStringLiteral(", ")));
        for (const QString &d : std::as_const(t.envDifferences))
            proof.details << Jobs::tr("in effect: %1").arg(d);
        (t.state == QLatin1String("rdma") ? rdma : t.state == QLatin1String("tcp") ? tcp : t.state == QLatin1String("quiet") ? quiet : unknown)
            << t.name;
    }
    if (anyTransport)
        proof.evidence << (llama ? Jobs::tr("llama.cpp's log") : Jobs::tr("RCCL's log"));
    if (anyQp)
        proof.evidence << Jobs::tr("queue pairs");
    const QString basis = proof.evidence.join(QStringLiteral(", "));
    proof.causes.clear();
    if (tcp.isEmpty() && quiet.isEmpty() && unknown.isEmpty()) {
        proof.verdict = Proof::Verdict::Rdma;
        proof.summary = Jobs::tr("RDMA carried the tensor-parallel traffic on every node (by %1).").arg(basis);
    } else if (rdma.isEmpty() && !tcp.isEmpty() && unknown.isEmpty()) {
        proof.verdict = Proof::Verdict::Tcp;
        proof.summary = Jobs::tr("The tensor-parallel traffic went over TCP, not RDMA (by %1).").arg(basis);
    } else if (rdma.isEmpty() && tcp.isEmpty() && unknown.isEmpty()) {
        proof.verdict = Proof::Verdict::NoTraffic;
        proof.summary = Jobs::tr("No traffic between the nodes during the smoke test (by %1): the model may not be split "
                                 "across them.")
                            .arg(basis);
    } else if (rdma.isEmpty() && tcp.isEmpty()) {
        proof.verdict = Proof::Verdict::Unknown;
        proof.summary = Jobs::tr("It cannot be told whether RDMA was used on %1 (by %2).").arg(unknown.join(QStringLiteral(", ")), basis);
    } else {
        proof.verdict = Proof::Verdict::Mixed;
        proof.summary = Jobs::tr("RDMA on %1, but not on %2 (by %3); a successful job does not mix transports, so "
                                 "missing counters or other traffic on the port are likelier.")
                            .arg(rdma.join(QStringLiteral(", ")), (tcp + quiet + unknown).join(QStringLiteral(", ")), basis);
    }
    if (proof.verdict == Proof::Verdict::Tcp || proof.verdict == Proof::Verdict::Mixed) {
        for (const NodeTraffic &t : std::as_const(proof.nodes)) {
            if (t.state == QLatin1String("rdma"))
                continue;
            // The values the worker (else the role's program) runs with, for what the causes read.
            QHash<QString, QString> effective;
            for (const QString &name : {QStringLiteral("NCCL_IB_DISABLE"), QStringLiteral("NCCL_IB_HCA"),
                                        QStringLiteral("NCCL_IB_GID_INDEX"), QStringLiteral("GGML_RDMA_DEV")})
                if (const auto v = effectiveValue(witness.value(t.nodeId), name))
                    effective.insert(name, *v);
            proof.causes << likelyTcpCauses(job, t.nodeId, effective);
        }
        proof.causes << log.causes;
        proof.causes.removeDuplicates();
    }
}
QJsonObject proofToJson(const Proof &proof)
{
    QJsonArray nodes;
    for (const NodeTraffic &t : proof.nodes) {
        auto opt = [](const std::optional<qint64> &v) { return v ? QJsonValue(double(*v)) : QJsonValue(); };
        nodes.append(QJsonObject{{QStringLiteral("node"), t.name},
                                 {QStringLiteral("rdma_device"), t.rdmaDevice},
                                 {QStringLiteral("rdma_port"), t.rdmaPort},
                                 {QStringLiteral("rdma_packets"), opt(t.rdmaPackets)},
                                 {QStringLiteral("rdma_bytes"), opt(t.rdmaBytes)},
                                 {QStringLiteral("nic_bytes"), opt(t.nicBytes)},
                                 {QStringLiteral("nic_packets"), opt(t.nicPackets)},
                                 {QStringLiteral("rdma_moved"), t.rdmaMoved},
                                 {QStringLiteral("nic_moved"), t.nicMoved},
                                 {QStringLiteral("transport"), t.transport.isEmpty() ? QJsonValue() : QJsonValue(t.transport)},
                                 {QStringLiteral("queue_pairs"), t.queuePairs ? QJsonValue(*t.queuePairs) : QJsonValue()},
                                 {QStringLiteral("env_differences"), QJsonArray::fromStringList(t.envDifferences)},
                                 {QStringLiteral("state"), t.state},
                                 {QStringLiteral("error"), t.error}});
    }
    return QJsonObject{{QStringLiteral("verdict"), verdictName(proof.verdict)},
                       {QStringLiteral("summary"), proof.summary},
                       {QStringLiteral("details"), QJsonArray::fromStringList(proof.details)},
                       {QStringLiteral("causes"), QJsonArray::fromStringList(proof.causes)},
                       {QStringLiteral("evidence"), QJsonArray::fromStringList(proof.evidence)},
                       {QStringLiteral("nodes"), nodes}};
}

Proof proofFromJson(const QJsonObject &o)
{
    auto strings = [&o](const char *key) {
        QStringList l;
        for (const QJsonValue &v : o.value(QLatin1String(key)).toArray())
            l << v.toString();
        return l;
    };
    Proof p;
    const QString verdict = o.value(QStringLiteral("verdict")).toString();
    for (auto v : {Proof::Verdict::Rdma, Proof::Verdict::Tcp, Proof::Verdict::Mixed, Proof::Verdict::NoTraffic})
        if (verdictName(v) == verdict)
            p.verdict = v;
    p.summary = o.value(QStringLiteral("summary")).toString();
    p.details = strings("details");
    p.causes = strings("causes");
    p.evidence = strings("evidence");
    return p;
}
} // namespace halolink::jobs
