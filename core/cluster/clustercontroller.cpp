// ClusterController: the sessions (one per node), kept in step with the
// inventory; the probe through each agent; what is known about each node.
// The node's state and its text: clustercontroller_state.cpp; the services
// and the latency mesh: clustercontroller_mesh.cpp.

#include "cluster/clustercontroller_p.h"

#include "agent/localagenttransport.h"
#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "logging.h"
#include "protocol/probedecoder.h"

#include <QJsonDocument>
#include <QTimer>

namespace halolink {

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
    , m_countdown(new QTimer(this))
{
    m_countdown->setSingleShot(true);
    connect(m_countdown, &QTimer::timeout, this, &ClusterController::updateCountdowns);
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