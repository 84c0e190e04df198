// ClusterController: the services of a ready node (telemetry, reflector),
// the latency mesh between the nodes and its budgets (meshPlan()).

#include "cluster/clustercontroller_p.h"

#include "eventslice.h"
#include "logging.h"

#include <algorithm>
#include <cmath>

namespace halolink {

void ClusterController::startServices(const QString &nodeId)
{
    Entry *e = m_entries.value(nodeId);
    if (!e || !m_options.services)
        return;
    const quint64 generation = e->generation;
    AgentReply *telemetry = e->session->request(
        QStringLiteral("telemetry.start"),
        {{QStringLiteral("interval_ms"), m_options.telemetryIntervalMs}, {QStringLiteral("raw_counters"), m_options.rawCounters}});
    connect(telemetry, &AgentReply::finished, this, [this, nodeId, telemetry, generation] {
        Entry *entry = m_entries.value(nodeId);
        if (entry && entry->generation == generation && telemetry->isError())
            Q_EMIT serviceFailed(nodeId, telemetry->method(), telemetry->errorString());
    });
    if (!e->node.dataPlaneIp().isEmpty() && !e->paused)
        startReflector(nodeId, m_options.reflectorPort);
}

QList<AgentReply *> ClusterController::pauseRdmaServices(const QStringList &nodeIds)
{
    QList<AgentReply *> replies;
    for (const QString &id : nodeIds) {
        Entry *e = m_entries.value(id);
        if (!e)
            continue;
        e->paused = true;
        e->reflectorPort = 0;
        e->meshPeers = {};
        e->meshSent = false;
        if (e->state != NodeState::Ready)
            continue;
        replies << e->session->request(QStringLiteral("mesh.set_peers"), {{QStringLiteral("peers"), QJsonArray()}});
        replies << e->session->request(QStringLiteral("reflector.stop"));
    }
    updateMesh(); // the others stop measuring against them
    return replies;
}

void ClusterController::resumeRdmaServices(const QStringList &nodeIds)
{
    for (const QString &id : nodeIds) {
        Entry *e = m_entries.value(id);
        if (!e || !e->paused)
            continue;
        e->paused = false;
        if (e->state == NodeState::Ready && m_options.services && !e->node.dataPlaneIp().isEmpty())
            startReflector(id, m_options.reflectorPort);
    }
    updateMesh();
}

void ClusterController::startReflector(const QString &nodeId, int port)
{
    Entry *e = m_entries.value(nodeId);
    if (!e)
        return;
    const quint64 generation = e->generation;
    AgentReply *reply = e->session->request(QStringLiteral("reflector.start"),
                                            {{QStringLiteral("bind"), QStringLiteral("0.0.0.0")},
                                             {QStringLiteral("port"), port},
                                             {QStringLiteral("rdma"), m_options.rdma}});
    connect(reply, &AgentReply::finished, this, [this, nodeId, reply, generation, port] {
        Entry *entry = m_entries.value(nodeId);
        if (!entry || entry->generation != generation)
            return;
        if (reply->isError()) {
            // Two nodes on one machine (tests, containers) cannot share a port.
            if (port != 0 && reply->error().value(QStringLiteral("code")).toString() == QLatin1String("port_in_use")) {
                qCInfo(lcCore).noquote() << entry->node.name << "reflector port" << port << "is taken; using any free port";
                startReflector(nodeId, 0);
                return;
            }
            Q_EMIT serviceFailed(nodeId, reply->method(), reply->errorString());
            return;
        }
        entry->reflectorPort = reply->result().toObject().value(QStringLiteral("port")).toInt();
        updateMesh();
    });
}

void ClusterController::updateMesh()
{
    if (!m_options.services)
        return;
    // Every node is looked at again, against the nodes reachable then: a
    // pass already under way starts over, and several changes in one turn of
    // the event loop (nodes lost together) make one pass.
    m_meshCursor = 0;
    EventSlice::continueLater(this, &ClusterController::sendMeshUpdates, m_meshQueued);
}

void ClusterController::sendMeshUpdates()
{
    m_meshQueued = false;
    if (!m_options.services)
        return;
    // At 64 nodes a pass builds and sends 64 lists of 63 peers, some 12 ms:
    // one EventSlice at a time, so the GUI thread draws and answers in between.
    const EventSlice slice;
    // The reachable nodes, each as a peer once: a node's list is all of them but itself.
    QList<Entry *> reachable;
    QList<QJsonObject> asPeer;
    for (const QString &id : std::as_const(m_order)) {
        Entry *e = m_entries.value(id);
        if (e && e->state == NodeState::Ready && !e->paused && e->reflectorPort > 0 && !e->node.dataPlaneIp().isEmpty()) {
            reachable << e;
            asPeer << QJsonObject{{QStringLiteral("name"), e->node.id},
                                  {QStringLiteral("address"), e->node.dataPlaneIp()},
                                  {QStringLiteral("port"), e->reflectorPort}};
        }
    }
    bool sent = false;
    for (; m_meshCursor < m_order.size(); ++m_meshCursor) {
        if (sent && slice.spent()) {
            EventSlice::continueLater(this, &ClusterController::sendMeshUpdates, m_meshQueued);
            return;
        }
        const QString id = m_order.at(m_meshCursor);
        Entry *e = m_entries.value(id);
        if (!e || e->state != NodeState::Ready || e->paused || e->node.dataPlaneIp().isEmpty())
            continue;
        QJsonArray peers;
        for (qsizetype i = 0; i < reachable.size(); ++i) {
            if (reachable.at(i) != e)
                peers.append(asPeer.at(i));
        }
        const MeshPlan plan = meshPlan(int(peers.size()), m_options);
        const bool samePlan = plan.intervalMs == e->meshPlan.intervalMs && plan.burst == e->meshPlan.burst;
        if (e->meshSent ? peers == e->meshPeers && (peers.isEmpty() || samePlan) : peers.isEmpty())
            continue;
        e->meshPeers = peers;
        e->meshPlan = peers.isEmpty() ? MeshPlan{} : plan;
        e->meshSent = true;
        const quint64 generation = e->generation;
        QJsonObject params{{QStringLiteral("peers"), peers}, {QStringLiteral("rdma"), m_options.rdma}};
        if (!peers.isEmpty()) {
            params.insert(QStringLiteral("interval_ms"), plan.intervalMs);
            params.insert(QStringLiteral("burst"), plan.burst);
        }
        AgentReply *reply = e->session->request(QStringLiteral("mesh.set_peers"), params);
        connect(reply, &AgentReply::finished, this, [this, id, reply, generation] {
            Entry *entry = m_entries.value(id);
            if (entry && entry->generation == generation && reply->isError())
                Q_EMIT serviceFailed(id, reply->method(), reply->errorString());
        });
        sent = true;
        Q_EMIT meshPeersChanged(id, peers);
    }
}

ClusterController::MeshPlan ClusterController::meshPlan(int peers, const Options &options)
{
    // The engine takes intervals of 100..60000 ms and bursts of 1..1000.
    const int minInterval = std::clamp(options.meshIntervalMs, 100, 60000);
    const int maxInterval = std::clamp(options.meshMaxIntervalMs, minInterval, 60000);
    MeshPlan plan;
    plan.intervalMs = minInterval;
    plan.burst = std::clamp(options.meshBurst, 1, 1000);
    const int transports = options.rdma ? 2 : 1;
    const double probes = double(std::max(peers, 0)) * transports; // bursts per node and interval
    const double results = probes * (std::max(peers, 0) + 1);       // mesh events per interval, all nodes
    // A duration in ms, rounded up to steps of 100 ms.
    const auto inSteps = [](double ms) { return int(std::min(std::ceil(ms / 100.0 - 1e-9), 1e6)) * 100; };
    // The interval at which the full burst stays in the node's budget (0: no budget).
    const double roundTripNeedMs =
        probes > 0 && options.meshRoundTripBudget > 0 ? probes * plan.burst * 1000.0 / options.meshRoundTripBudget : 0;
    if (roundTripNeedMs > 0)
        plan.intervalMs = std::clamp(inSteps(roundTripNeedMs), minInterval, maxInterval);
    if (results > 0 && options.meshResultBudget > 0) {
        // The interval at which the whole mesh stays in the app's budget.
        const int resultMax = std::max(plan.intervalMs, std::min(kMeshMaxResultIntervalMs, 60000));
        const double needMs = results * 1000.0 / options.meshResultBudget;
        plan.intervalMs = std::clamp(inSteps(needMs), plan.intervalMs, resultMax);
    }
    if (roundTripNeedMs > plan.intervalMs) {
        // Even the longest interval is too short: smaller bursts.
        const int fits = int(std::floor(double(options.meshRoundTripBudget) * plan.intervalMs / 1000.0 / probes));
        plan.burst = std::clamp(fits, std::min(kMinMeshBurst, plan.burst), plan.burst);
    }
    plan.roundTripsPerSecond = probes * plan.burst * 1000.0 / plan.intervalMs;
    plan.resultsPerSecond = results * 1000.0 / plan.intervalMs;
    return plan;
}

ClusterController::MeshPlan ClusterController::meshPlanSent(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e && !e->meshPeers.isEmpty() ? e->meshPlan : MeshPlan{};
}

} // namespace halolink
