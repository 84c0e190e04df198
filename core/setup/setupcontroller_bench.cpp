// SetupController's bench matrix: after verify, TCP and RDMA latency and
// bandwidth between every pair of nodes through the agents' reflectors, one
// test at a time, each pair annotated with what its hardware should give.

#include "setup/setupcontroller.h"
#include "setup/setupcontroller_p.h"

#include "agent/agentsession.h"
#include "cluster/clustercontroller.h"
#include "logging.h"

#include <QJsonArray>
#include <QTimer>

#include <algorithm>

namespace halolink::setup {

using detail::number;

namespace {

QString us(double ns)
{
    return QString::number(ns / 1000.0, 'f', ns < 10000 ? 2 : 1) + QStringLiteral(" µs");
}

QString gbit(double bps)
{
    return QString::number(bps / 1e9, 'f', 1) + QStringLiteral(" Gbit/s");
}

// Per direction, after line encoding (docs/probe.md).
std::optional<double> pcieBps(const Nic *nic)
{
    if (!nic || !nic->pcie || !nic->pcie->linkSpeedGts || !nic->pcie->linkWidth)
        return std::nullopt;
    const double gts = *nic->pcie->linkSpeedGts;
    const double enc = gts >= 8.0 ? 128.0 / 130.0 : 0.8;
    return gts * *nic->pcie->linkWidth * enc * 1e9;
}

} // namespace

std::optional<double> PairResult::speedup() const
{
    if (!tcpLatency.oneWayNs || !rdmaLatency.oneWayNs || *rdmaLatency.oneWayNs <= 0)
        return std::nullopt;
    return *tcpLatency.oneWayNs / *rdmaLatency.oneWayNs;
}

// ---- bench matrix --------------------------------------------------------

void SetupController::startBenchMatrix()
{
    m_pairs.clear();
    m_benchJobs.clear();
    m_benchDone = 0;
    m_reflectorPort.clear();
    const int n = int(m_nodes.size());
    for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
            PairResult p;
            p.a = a;
            p.b = b;
            annotatePair(p);
            m_pairs << p;
        }
    }
    for (int k = 0; k < m_pairs.size(); ++k) {
        for (const char *t : {"tcp", "rdma"})
            m_benchJobs.append({k, QString::fromLatin1(t), QStringLiteral("latency")});
        for (const char *t : {"tcp", "rdma"})
            m_benchJobs.append({k, QString::fromLatin1(t), QStringLiteral("bandwidth")});
    }
    // (Re)start every node's reflector: an RDMA device created by apply is
    // picked up, and the port is known.
    m_reflectorsPending = 0;
    for (int i = 0; i < n; ++i) {
        AgentSession *s = m_cluster ? m_cluster->session(m_nodes.at(i).nodeId) : nullptr;
        if (!s || s->state() != AgentSession::State::Ready)
            continue;
        ++m_reflectorsPending;
        const int current = m_cluster->reflectorPort(m_nodes.at(i).nodeId);
        AgentReply *r = s->request(QStringLiteral("reflector.start"),
                                   {{QStringLiteral("port"), current > 0 ? current : 0}, {QStringLiteral("rdma"), true}});
        connect(r, &AgentReply::finished, this, [this, r, i] {
            if (r->isError())
                log(i, tr("reflector: %1").arg(r->errorString()));
            else
                m_reflectorPort.insert(i, r->result().toObject().value(QStringLiteral("port")).toInt());
            if (--m_reflectorsPending == 0)
                nextBench();
        });
    }
    if (m_reflectorsPending == 0)
        nextBench();
}

void SetupController::nextBench()
{
    if (m_benchJobs.isEmpty()) {
        finishBenchMatrix();
        return;
    }
    const int total = m_benchDone + int(m_benchJobs.size());
    const BenchJob job = m_benchJobs.takeFirst();
    PairResult &pair = m_pairs[job.pair];
    const NodeInput &a = m_nodes.at(pair.a);
    const NodeInput &b = m_nodes.at(pair.b);
    // Resolved again after each wait: m_pairs may have been detached meanwhile.
    auto slot = [](PairResult &p, const BenchJob &j) {
        return j.test == QLatin1String("latency")
                   ? (j.transport == QLatin1String("tcp") ? &p.tcpLatency : &p.rdmaLatency)
                   : (j.transport == QLatin1String("tcp") ? &p.tcpBandwidth : &p.rdmaBandwidth);
    };
    Measurement *m = slot(pair, job);
    const QString what = tr("%1 → %2: %3 %4").arg(a.name, b.name, job.transport.toUpper(), job.test);
    Q_EMIT benchProgress(m_benchDone, total, what);
    AgentSession *s = m_cluster ? m_cluster->session(a.nodeId) : nullptr;
    const int port = m_reflectorPort.value(pair.b);
    const auto peer = parseCidr(b.address);
    if (!s || s->state() != AgentSession::State::Ready || port <= 0 || !peer) {
        m->error = !s || s->state() != AgentSession::State::Ready ? tr("%1 is not connected").arg(a.name)
                   : port <= 0                                     ? tr("no reflector on %1").arg(b.name)
                                                                   : tr("no address for %1").arg(b.name);
        ++m_benchDone;
        annotatePair(pair);
        Q_EMIT pairChanged(job.pair);
        nextBench();
        return;
    }
    QJsonObject params{{QStringLiteral("peer"), peer->addressText()},
                       {QStringLiteral("port"), port},
                       {QStringLiteral("transport"), job.transport},
                       {QStringLiteral("test"), job.test}};
    if (job.test == QLatin1String("latency")) {
        params.insert(QStringLiteral("iters"), m_bench.latencyIters);
        params.insert(QStringLiteral("warmup"), m_bench.latencyWarmup);
    } else {
        params.insert(QStringLiteral("duration_s"), m_bench.bandwidthSeconds);
    }
    AgentReply *r = s->request(QStringLiteral("bench"), params, std::chrono::seconds(120));
    const int pairIndex = job.pair;
    const QString transport = job.transport;
    connect(r, &AgentReply::finished, this, [this, r, slot, job, pairIndex, transport, what] {
        PairResult &p = m_pairs[pairIndex];
        Measurement *m = slot(p, job);
        if (r->isError()) {
            m->error = r->errorString();
            log(p.a, tr("%1 failed: %2").arg(what, m->error));
        } else {
            const QJsonObject d = r->result().toObject();
            m->oneWayNs = number(d.value(QStringLiteral("one_way_ns")).toObject().value(QStringLiteral("p50")));
            m->rttNs = number(d.value(QStringLiteral("rtt_ns")).toObject().value(QStringLiteral("p50")));
            m->bps = number(d.value(QStringLiteral("bandwidth_bps")));
            if (transport == QLatin1String("rdma")) {
                p.rdmaDevice = d.value(QStringLiteral("device")).toString();
                if (d.value(QStringLiteral("gid_index")).isDouble())
                    p.gidIndex = d.value(QStringLiteral("gid_index")).toInt();
            }
            log(p.a, tr("%1: %2").arg(what, m->oneWayNs ? tr("one-way p50 %1").arg(us(*m->oneWayNs))
                                                        : m->bps ? gbit(*m->bps) : tr("no figure")));
        }
        ++m_benchDone;
        annotatePair(p);
        Q_EMIT pairChanged(pairIndex);
        nextBench();
    });
}

void SetupController::annotatePair(PairResult &pair) const
{
    pair.flags.clear();
    const NodeInput &a = m_nodes.at(pair.a);
    const NodeInput &b = m_nodes.at(pair.b);
    const QString backendA = m_runs.value(pair.a).plan.value(QStringLiteral("backend")).toString();
    const QString backendB = m_runs.value(pair.b).plan.value(QStringLiteral("backend")).toString();
    const bool soft = backendA == QLatin1String("rxe") || backendB == QLatin1String("rxe");
    const Nic *na = a.probe ? nicOf(*a.probe, a.interface) : nullptr;
    const Nic *nb = b.probe ? nicOf(*b.probe, b.interface) : nullptr;
    std::optional<double> capBps;
    QString capWhy;
    auto lower = [&](std::optional<double> v, const QString &why) {
        if (v && (!capBps || *v < *capBps)) {
            capBps = v;
            capWhy = why;
        }
    };
    for (const Nic *nic : {na, nb}) {
        if (!nic)
            continue;
        if (nic->speedMbps && *nic->speedMbps > 0)
            lower(double(*nic->speedMbps) * 1e6, tr("the %1 Gbit/s link").arg(*nic->speedMbps / 1000));
        if (auto p = pcieBps(nic))
            lower(p, tr("PCIe x%1 at %2 GT/s on %3")
                         .arg(*nic->pcie->linkWidth)
                         .arg(*nic->pcie->linkSpeedGts)
                         .arg(nic->netdev));
    }
    if (soft) {
        pair.expectation = tr("Soft-RoCE (software RDMA): no hardware figures to expect; RDMA must work, and "
                              "may well be slower than TCP.");
    } else {
        const bool ice = (na && na->driver.value_or(QString()) == QLatin1String("ice"))
                         || (nb && nb->driver.value_or(QString()) == QLatin1String("ice"));
        pair.expectation = ice ? tr("RoCE NIC (E810): about 5 µs one way") : tr("RoCE NIC: a few µs one way");
        if (capBps)
            pair.expectation += tr(", RDMA bandwidth up to about %1 (%2)").arg(gbit(*capBps * 0.9), capWhy);
        pair.expectation += QLatin1Char('.');
    }
    for (const auto &[m, name] : { std::pair { &pair.tcpLatency,
                                       QT_TRANSLATE_NOOP("halolink::setup::SetupController", "TCP latency") },
             std::pair {
                 &pair.rdmaLatency, QT_TRANSLATE_NOOP("halolink::setup::SetupController", "RDMA latency") },
             std::pair {
                 &pair.tcpBandwidth, QT_TRANSLATE_NOOP("halolink::setup::SetupController", "TCP bandwidth") },
             std::pair { &pair.rdmaBandwidth,
                 QT_TRANSLATE_NOOP("halolink::setup::SetupController", "RDMA bandwidth") } }) {
        if (!m->error.isEmpty())
            pair.flags << tr("%1 failed: %2").arg(tr(name), m->error);
    }
    if (!soft) {
        if (pair.rdmaLatency.oneWayNs && *pair.rdmaLatency.oneWayNs > 20000)
            pair.flags << tr("RDMA one-way latency %1 is far above a RoCE NIC's few µs: check flow control (PFC), "
                             "MTU and that the RDMA port is the data-plane one.")
                              .arg(us(*pair.rdmaLatency.oneWayNs));
        if (pair.speedup() && *pair.speedup() < 1.0)
            pair.flags << tr("RDMA is slower than TCP between these nodes.");
        if (capBps && pair.rdmaBandwidth.bps && *pair.rdmaBandwidth.bps < 0.5 * *capBps)
            pair.flags << tr("RDMA bandwidth %1 is under half of what %2 allows.").arg(gbit(*pair.rdmaBandwidth.bps), capWhy);
    }
}

void SetupController::finishBenchMatrix()
{
    m_measuredAt = QDateTime::currentDateTimeUtc();
    Q_EMIT benchProgress(m_benchDone, m_benchDone, QString());
    // Reflectors started for the matrix go again: a process holding a
    // Soft-RoCE device would keep a rollback (even the node's own) waiting.
    for (auto it = m_reflectorPort.cbegin(); it != m_reflectorPort.cend(); ++it) {
        const QString id = m_nodes.at(it.key()).nodeId;
        AgentSession *s = m_cluster ? m_cluster->session(id) : nullptr;
        if (s && m_cluster->reflectorPort(id) == 0)
            s->request(QStringLiteral("reflector.stop"));
    }
    bool pairsOk = true;
    for (const PairResult &p : std::as_const(m_pairs))
        pairsOk = pairsOk && p.rdmaLatency.oneWayNs.has_value() && p.tcpLatency.oneWayNs.has_value();
    if (!pairsOk)
        m_operationOk = false;
    for (int i = 0; i < m_runs.size(); ++i) {
        const bool nodeOk = m_runs.at(i).verify.value(QStringLiteral("ok")).toBool();
        if (m_runs.at(i).phase == Phase::Verifying)
            setPhase(i, nodeOk && pairsOk ? Phase::Verified : Phase::Applied);
    }
    // The agents that ran RDMA tests keep Soft-RoCE devices open: new agents,
    // so that a rollback (the node's own timer included) is not held up.
    QList<int> all;
    for (int i = 0; i < m_nodes.size(); ++i)
        all << i;
    releaseSoftRoceThen(all, [this] { finishOperation(); });
}

} // namespace halolink::setup
