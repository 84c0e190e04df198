#include "cluster/clustercontroller.h"

#include "agent/localagenttransport.h"
#include "agent/sshagenttransport.h"
#include "deploy/enginedeployer.h"
#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "logging.h"
#include "protocol/probedecoder.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace halolink {

struct ClusterController::Entry {
    Node node;
    AgentSession *session = nullptr;
    SshAgentTransport *ssh = nullptr; // null for This computer
    QPointer<SshSession> sshSession;
    NodeState state = NodeState::NotProbed;
    QString detail;
    int reflectorPort = 0;
    QJsonArray meshPeers;
    ClusterController::MeshPlan meshPlan; // sent with meshPeers
    bool meshSent = false;
    quint64 generation = 0; // counts ready periods; replies of an older one are ignored
    bool everReady = false;
    std::optional<ProbeReport> probe; // the latest, kept across losses
    QString probeError;
    bool probing = false;
    bool paused = false; // reflector and mesh held off (pauseRdmaServices)
};

namespace {

bool sshFieldsDiffer(const Node &a, const Node &b)
{
    return a.host != b.host || a.user != b.user || a.port != b.port || a.identityFile != b.identityFile;
}

} // namespace

ClusterController::ClusterController(Inventory *inventory, NodeListModel *model, QObject *parent)
    : QObject(parent)
    , m_inventory(inventory)
    , m_model(model)
{
    if (m_model && m_inventory)
        m_model->setNodes(m_inventory->nodes());
    if (m_inventory) {
        connect(m_inventory, &Inventory::nodeAdded, this, &ClusterController::onInventoryAdded);
        connect(m_inventory, &Inventory::nodeUpdated, this, &ClusterController::onInventoryUpdated);
        connect(m_inventory, &Inventory::nodeRemoved, this, &ClusterController::onInventoryRemoved);
    }
}

ClusterController::~ClusterController()
{
    stop();
}

void ClusterController::setBackoff(std::chrono::milliseconds initial, std::chrono::milliseconds max)
{
    m_backoffInitial = initial;
    m_backoffMax = max;
    for (Entry *e : std::as_const(m_entries))
        e->session->setBackoff(initial, max);
}

QString ClusterController::enginePath() const
{
    if (!m_options.enginePath.isEmpty())
        return m_options.enginePath;
    if (m_enginePath.isEmpty())
        m_enginePath = EngineLocator::locate().path;
    return m_enginePath;
}

void ClusterController::start()
{
    if (!m_inventory)
        return;
    m_running = true;
    m_followInventory = true;
    for (const Node &n : m_inventory->nodes()) {
        if (!m_entries.contains(n.id) && (m_options.includeLocal || !n.isLocal()))
            addSession(n);
    }
}

void ClusterController::startNodes(const QStringList &nodeIds)
{
    if (!m_inventory)
        return;
    m_running = true;
    m_followInventory = false;
    for (const QString &id : nodeIds) {
        if (auto n = m_inventory->node(id); n && !m_entries.contains(id))
            addSession(*n);
    }
}

void ClusterController::stop()
{
    m_running = false;
    const QStringList ids = m_order;
    for (const QString &id : ids)
        removeSession(id);
}

void ClusterController::restartNode(const QString &nodeId)
{
    Entry *e = m_entries.value(nodeId);
    if (!e)
        return;
    const Node n = e->node;
    removeSession(nodeId);
    addSession(n);
}

void ClusterController::restartAgent(const QString &nodeId)
{
    Entry *e = m_entries.value(nodeId);
    if (!e)
        return;
    const std::optional<ProbeReport> probe = e->probe;
    const bool paused = e->paused;
    restartNode(nodeId);
    if (Entry *n = m_entries.value(nodeId)) {
        n->probe = probe;
        n->paused = paused;
    }
}

void ClusterController::addSession(const Node &node)
{
    auto *e = new Entry;
    e->node = node;
    const QString id = node.id;
    AgentTransport *transport = nullptr;
    if (node.isLocal()) {
        transport = new LocalAgentTransport(enginePath());
    } else {
        SshEndpoint endpoint = node.sshEndpoint();
        if (m_options.keepAliveInterval.count() > 0)
            endpoint.keepAliveInterval = m_options.keepAliveInterval;
        if (m_options.keepAliveCountMax > 0)
            endpoint.keepAliveCountMax = m_options.keepAliveCountMax;
        if (m_options.connectTimeout.count() > 0)
            endpoint.connectTimeout = m_options.connectTimeout;
        e->ssh = new SshAgentTransport(endpoint, enginePath());
        if (m_store)
            e->ssh->setCredentialStore(m_store);
        connect(e->ssh, &SshAgentTransport::sessionCreated, this, [this, id](SshSession *s) {
            Entry *entry = m_entries.value(id);
            if (!entry)
                return;
            entry->sshSession = s;
            connect(s, &SshSession::hostKeyUnknown, this,
                    [this, id](const HostKeyInfo &info) { Q_EMIT hostKeyUnknown(id, info); });
            connect(s, &SshSession::credentialsNeeded, this, [this, id](CredentialKind kind, const QString &prompt) {
                Q_EMIT credentialsNeeded(id, kind, prompt);
            });
            connect(s, &SshSession::credentialStored, this,
                    [this, id](bool stored, const QString &message) { Q_EMIT credentialStored(id, stored, message); });
            connect(s, &SshSession::failed, this, [this, id, s](SshSession::Error error, const QString &message) {
                if (error == SshSession::Error::HostKeyChanged) {
                    HostKeyInfo info = s->hostKey();
                    if (info.host.isEmpty())
                        info.host = s->resolvedHost().isEmpty() ? s->endpoint().host : s->resolvedHost();
                    Q_EMIT hostKeyChanged(id, info, message);
                }
            });
        });
        transport = e->ssh;
    }
    e->session = new AgentSession(transport, this);
    e->session->setBackoff(m_backoffInitial, m_backoffMax);
    m_entries.insert(id, e);
    m_order << id;

    connect(e->session, &AgentSession::stateChanged, this,
            [this, id](AgentSession::State s) { onSessionState(id, s); });
    connect(e->session, &AgentSession::status, this, [this, id](const QString &s) { onStatus(id, s); });
    connect(e->session, &AgentSession::hello, this, [this, id](const AgentHello &h) {
        if (Entry *entry = m_entries.value(id); entry && modelShows(*entry))
            m_model->setEngineVersion(id, h.engineVersion);
        Q_EMIT helloReceived(id, h);
    });
    connect(e->session, &AgentSession::eventReceived, this,
            [this, id](const QString &name, const QJsonObject &event) { Q_EMIT eventReceived(id, name, event); });
    connect(e->session, &AgentSession::lost, this,
            [this, id](qint64 at, const QString &reason) { Q_EMIT lost(id, at, reason); });
    connect(e->session, &AgentSession::gap, this,
            [this, id](qint64 from, qint64 to) { Q_EMIT gap(id, from, to); });
    e->session->start();
}

void ClusterController::removeSession(const QString &nodeId)
{
    Entry *e = m_entries.take(nodeId);
    m_order.removeAll(nodeId);
    if (!e)
        return;
    e->session->disconnect(this);
    e->session->stop();
    e->session->deleteLater();
    if (modelShows(*e))
        m_model->setConnectionState(nodeId, NodeState::NotProbed);
    const bool hadMesh = e->reflectorPort > 0;
    delete e;
    if (hadMesh)
        updateMesh();
}

void ClusterController::onInventoryAdded(const Node &node)
{
    if (m_model)
        m_model->addNode(node);
    if (m_running && m_followInventory && !m_entries.contains(node.id))
        addSession(node);
}

void ClusterController::onInventoryUpdated(const Node &node)
{
    if (m_model)
        m_model->updateNode(node);
    Entry *e = m_entries.value(node.id);
    if (!e)
        return;
    const Node before = e->node;
    e->node = node;
    if (!node.isLocal() && sshFieldsDiffer(before, node)) {
        restartNode(node.id); // another way in: a new connection
        return;
    }
    if (before.dataPlaneIp() != node.dataPlaneIp() && e->state == NodeState::Ready) {
        if (node.dataPlaneIp().isEmpty()) {
            // Out of the mesh: stop its mesh and reflector.
            e->session->request(QStringLiteral("mesh.set_peers"), {{QStringLiteral("peers"), QJsonArray()}});
            e->session->request(QStringLiteral("reflector.stop"));
            e->reflectorPort = 0;
            e->meshPeers = {};
            e->meshSent = false;
        } else if (e->reflectorPort == 0 && m_options.services && !e->paused) {
            startReflector(node.id, m_options.reflectorPort);
        }
        updateMesh();
    }
}

void ClusterController::onInventoryRemoved(const QString &nodeId)
{
    removeSession(nodeId);
    if (m_model)
        m_model->removeNode(nodeId);
}

void ClusterController::setNodeState(Entry &e, NodeState state, const QString &detail, int percent)
{
    const bool changed = e.state != state || e.detail != detail;
    e.state = state;
    e.detail = detail;
    if (modelShows(e))
        m_model->setConnectionState(e.node.id, state, detail, percent);
    if (changed)
        Q_EMIT nodeStateChanged(e.node.id, state, detail);
}

void ClusterController::onSessionState(const QString &nodeId, AgentSession::State s)
{
    Entry *e = m_entries.value(nodeId);
    if (!e)
        return;
    switch (s) {
    case AgentSession::State::Idle:
    case AgentSession::State::Stopped:
        setNodeState(*e, NodeState::NotProbed, QString());
        break;
    case AgentSession::State::Connecting:
        setNodeState(*e, NodeState::Connecting, tr("Connecting to %1…").arg(e->session->nodeName()));
        break;
    case AgentSession::State::Ready:
        ++e->generation;
        e->everReady = true;
        e->reflectorPort = 0;
        e->meshPeers = {};
        e->meshSent = false;
        setNodeState(*e, NodeState::Ready, QString());
        startServices(nodeId);
        if (m_options.services && m_options.probeOnReady && (m_options.probeLocal || !e->node.isLocal()))
            startProbe(nodeId);
        break;
    case AgentSession::State::Lost: {
        if (e->probing) {
            e->probing = false; // its reply fails with "lost" and is ignored (older generation)
            Q_EMIT probeStateChanged(nodeId);
        }
        const bool hadReflector = e->reflectorPort > 0;
        e->reflectorPort = 0;
        e->meshPeers = {};
        e->meshSent = false;
        setNodeState(*e, e->everReady ? NodeState::Lost : NodeState::Unreachable, e->session->errorString());
        if (hadReflector)
            updateMesh();
        break;
    }
    case AgentSession::State::Failed:
        if (e->probing) {
            e->probing = false;
            Q_EMIT probeStateChanged(nodeId);
        }
        e->reflectorPort = 0;
        setNodeState(*e, NodeState::Failed, e->session->errorString());
        updateMesh();
        break;
    }
}

void ClusterController::onStatus(const QString &nodeId, const QString &status)
{
    Entry *e = m_entries.value(nodeId);
    if (!e || e->state == NodeState::Ready || e->state == NodeState::Failed)
        return;
    // SshAgentTransport's progress lines: "connecting", "checking the engine",
    // "deploying the engine 40%", "slow shell 10" (no progress for 10 s),
    // "starting the agent"; AgentSession's
    // "reconnecting in 2.0 s".
    static const QRegularExpression deploying(QStringLiteral("^deploying the engine (\\d+)%"));
    if (const auto m = deploying.match(status); m.hasMatch()) {
        const int percent = m.captured(1).toInt();
        setNodeState(*e, NodeState::Deploying, tr("Deploying the engine to %1: %2 %").arg(e->session->nodeName()).arg(percent),
                     percent);
    } else if (status.startsWith(QLatin1String("checking the engine"))) {
        setNodeState(*e, NodeState::Deploying, tr("Checking the engine on %1…").arg(e->session->nodeName()));
    } else if (status.startsWith(QLatin1String("slow "))) {
        // No progress for a while: still waiting (the deployer gives up only
        // after its limit, naming what it waited for), shown as slow.
        static const QRegularExpression slow(QStringLiteral("^slow (\\w+) (\\d+)"));
        if (const auto m = slow.match(status); m.hasMatch()) {
            static const QHash<QString, EngineDeployer::Phase> phases {
                { QStringLiteral("shell"), EngineDeployer::Phase::Shell },
                { QStringLiteral("checks"), EngineDeployer::Phase::Checks },
                { QStringLiteral("upload"), EngineDeployer::Phase::Upload },
                { QStringLiteral("install"), EngineDeployer::Phase::Install },
                { QStringLiteral("start"), EngineDeployer::Phase::Start },
            };
            const int seconds = m.captured(2).toInt();
            const QString what = EngineDeployer::waitingFor(
                phases.value(m.captured(1), EngineDeployer::Phase::Shell), e->session->nodeName());
            setNodeState(*e, e->state == NodeState::Deploying ? NodeState::Deploying : NodeState::Connecting,
                         tr("Slow: no progress for %1 s, waiting for %2. HaloLink keeps waiting.").arg(seconds).arg(what),
                         e->state == NodeState::Deploying ? m_model->deployPercent(nodeId) : -1);
            if (modelShows(*e))
                m_model->setSlow(nodeId, seconds);
        }
    } else if (status.startsWith(QLatin1String("starting the agent"))) {
        setNodeState(*e, NodeState::Connecting, tr("Starting the agent on %1…").arg(e->session->nodeName()));
    } else if (status.startsWith(QLatin1String("reconnecting"))
               && (e->state == NodeState::Lost || e->state == NodeState::Unreachable)) {
        static const QRegularExpression reconnecting(QStringLiteral("^reconnecting in ([0-9.]+) s"));
        const auto m = reconnecting.match(status);
        const QString when = m.hasMatch()
            ? tr("reconnecting in %1 s").arg(QLocale().toString(m.captured(1).toDouble(), 'f', 1))
            : status;
        setNodeState(*e, e->state, tr("%1 (%2)").arg(e->session->errorString(), when));
    }
}

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

bool ClusterController::modelShows(const Entry &e) const
{
    return m_model && (m_options.localStateInModel || !e.node.isLocal());
}

void ClusterController::startProbe(const QString &nodeId)
{
    Entry *e = m_entries.value(nodeId);
    if (!e || e->probing || e->state != NodeState::Ready)
        return;
    const quint64 generation = e->generation;
    e->probing = true;
    e->probeError.clear();
    Q_EMIT probeStateChanged(nodeId);
    // A probe reads sysfs, runs ethtool and asks ROCm SMI: seconds, on a slow node more.
    AgentReply *reply = e->session->request(QStringLiteral("probe"), {}, std::chrono::seconds(90));
    connect(reply, &AgentReply::finished, this, [this, nodeId, reply, generation] {
        Entry *entry = m_entries.value(nodeId);
        if (!entry || entry->generation != generation)
            return;
        entry->probing = false;
        if (reply->isError()) {
            entry->probeError = reply->errorString();
            qCInfo(lcCore).noquote() << entry->node.name << "probe failed:" << entry->probeError;
            Q_EMIT probeStateChanged(nodeId);
            return;
        }
        const DecodeResult<ProbeReport> decoded = decodeProbeReport(QJsonDocument(reply->result().toObject()));
        if (!decoded.ok()) {
            entry->probeError = tr("The probe of %1 could not be read: %2").arg(entry->node.name, decoded.error);
            qCInfo(lcCore).noquote() << entry->probeError;
            Q_EMIT probeStateChanged(nodeId);
            return;
        }
        entry->probe = *decoded.value;
        if (modelShows(*entry))
            m_model->setProbeReport(nodeId, *entry->probe);
        Q_EMIT probeStateChanged(nodeId);
        Q_EMIT probeReportChanged(nodeId);
    });
}

bool ClusterController::refreshProbe(const QString &nodeId)
{
    Entry *e = m_entries.value(nodeId);
    if (!e || e->state != NodeState::Ready)
        return false;
    startProbe(nodeId);
    return true;
}

std::optional<ProbeReport> ClusterController::probeReport(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e ? e->probe : std::nullopt;
}

bool ClusterController::isProbing(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e && e->probing;
}

QString ClusterController::probeError(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e ? e->probeError : QString();
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
    QList<Entry *> reachable;
    for (const QString &id : std::as_const(m_order)) {
        Entry *e = m_entries.value(id);
        if (e && e->state == NodeState::Ready && !e->paused && e->reflectorPort > 0 && !e->node.dataPlaneIp().isEmpty())
            reachable << e;
    }
    for (const QString &id : std::as_const(m_order)) {
        Entry *e = m_entries.value(id);
        if (!e || e->state != NodeState::Ready || e->paused || e->node.dataPlaneIp().isEmpty())
            continue;
        QJsonArray peers;
        for (Entry *p : std::as_const(reachable)) {
            if (p == e)
                continue;
            peers.append(QJsonObject{{QStringLiteral("name"), p->node.id},
                                     {QStringLiteral("address"), p->node.dataPlaneIp()},
                                     {QStringLiteral("port"), p->reflectorPort}});
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
    const double probes = double(std::max(peers, 0)) * transports; // bursts per interval
    if (probes > 0 && options.meshRoundTripBudget > 0) {
        // The interval at which the full burst stays in the budget, in steps of 100 ms.
        const double needMs = probes * plan.burst * 1000.0 / options.meshRoundTripBudget;
        const int steps = int(std::ceil(needMs / 100.0 - 1e-9));
        plan.intervalMs = std::clamp(steps * 100, minInterval, maxInterval);
        if (needMs > plan.intervalMs) {
            // Even the longest interval is too short: smaller bursts.
            const int fits = int(std::floor(double(options.meshRoundTripBudget) * plan.intervalMs / 1000.0 / probes));
            plan.burst = std::clamp(fits, std::min(kMinMeshBurst, plan.burst), plan.burst);
        }
    }
    plan.roundTripsPerSecond = probes * plan.burst * 1000.0 / plan.intervalMs;
    return plan;
}

ClusterController::MeshPlan ClusterController::meshPlanSent(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e && !e->meshPeers.isEmpty() ? e->meshPlan : MeshPlan{};
}

AgentSession *ClusterController::session(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e ? e->session : nullptr;
}

SshSession *ClusterController::sshSession(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e && e->ssh ? e->ssh->session() : nullptr;
}

QString ClusterController::remoteEnginePath(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e && e->ssh ? e->ssh->remoteEnginePath() : QString();
}

NodeState ClusterController::state(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e ? e->state : NodeState::NotProbed;
}

QString ClusterController::errorString(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e ? e->session->errorString() : QString();
}

Node ClusterController::node(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e ? e->node : Node{};
}

int ClusterController::reflectorPort(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e ? e->reflectorPort : 0;
}

QJsonArray ClusterController::meshPeers(const QString &nodeId) const
{
    Entry *e = m_entries.value(nodeId);
    return e ? e->meshPeers : QJsonArray();
}

void ClusterController::acceptHostKey(const QString &nodeId)
{
    if (Entry *e = m_entries.value(nodeId); e && e->sshSession)
        e->sshSession->acceptHostKey();
}

void ClusterController::rejectHostKey(const QString &nodeId)
{
    if (Entry *e = m_entries.value(nodeId); e && e->sshSession)
        e->sshSession->rejectHostKey();
}

void ClusterController::provideCredentials(const QString &nodeId, const QByteArray &secret, bool remember)
{
    if (Entry *e = m_entries.value(nodeId); e && e->sshSession)
        e->sshSession->provideCredentials(secret, remember);
}

void ClusterController::cancelCredentials(const QString &nodeId)
{
    if (Entry *e = m_entries.value(nodeId); e && e->sshSession)
        e->sshSession->cancelCredentials();
}

} // namespace halolink
