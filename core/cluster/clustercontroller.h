#pragma once
// The live side of the inventory: one AgentSession per node (a local
// subprocess for "This computer", SSH for the rest), kept in step with the
// Inventory (nodes added, edited, removed) and shown in a NodeListModel.
//
// When a session becomes ready (services on, the app's default):
//  - `telemetry.start` (frames at telemetryIntervalMs);
//  - on nodes with a data-plane address: `reflector.start` (reflectorPort; if
//    that port is taken, any free port) and `mesh.set_peers` with every OTHER
//    node's data-plane address and reflector port — never the management
//    (SSH) address. Nodes without a data-plane address take no part in the
//    mesh. Peers are named by node id. The lists are sent again whenever a
//    node's readiness, address or reflector port changes.
//
// The mesh has two budgets (meshPlan()): every node sends a burst of
// meshBurst round trips to each peer once per interval, on TCP and, when
// rdma is on, on RDMA too, and answers as many from its peers; every burst
// ends in one mesh event for the app. A full mesh of 64 nodes at 1 s would be
// 2,520 round trips a second sent by every node (and as many served) and
// 8,064 mesh events a second for the app, which grows with the square of the
// nodes. So the interval grows from meshIntervalMs (the shortest) until
//  - a node sends at most meshRoundTripBudget round trips a second; past
//    meshMaxIntervalMs the burst shrinks instead, down to kMinMeshBurst;
//  - and the whole cluster sends the app at most meshResultBudget mesh
//    events a second; this one stretches the interval up to
//    kMeshMaxResultIntervalMs (below the heatmap's 30 s staleness), never the
//    burst, which would not change the number of events.
// With the defaults (burst 20, 400 round trips/s per node, 400 events/s, RDMA
// on): up to 11 nodes 1 s with bursts of 20 as before, 16 nodes 1.5 s, 24
// nodes 2.8 s, 32 nodes 5 s, 64 nodes 20 s (126 round trips/s per node, about
// 400 events/s), and from there the event budget gives way: 128 nodes 20 s
// (1,626 events/s), 256 nodes 20 s with bursts of 15. With the per-node
// budget alone a 64-node mesh sent the app 1,280 events a second (6.3 s).
// RDMA counts in both budgets whenever it is asked for; a pair that cannot do
// RDMA is only retried every 30 s by the engine, so there the budgets are
// conservative.
//
// Also when a session becomes ready (services and probeOnReady on), and on
// refreshProbe():
// `probe`; the latest decoded ProbeReport per node is kept (probeReport(),
// also across a loss, until the node is probed again) and
// probeReportChanged() tells; probeStateChanged() tells when a probe starts,
// ends or fails (probeError()).
//
// Every unsolicited agent line reaches eventReceived(nodeId, name, event)
// (TelemetryIngest connects there), and a reconnect after a loss gap().
//
// Host keys and passwords are asked through signals and answered with
// acceptHostKey()/rejectHostKey() and provideCredentials()/cancelCredentials()
// (the app shows dialogs; halolinkctl asks on the terminal or refuses).

#include "agent/agentsession.h"
#include "inventory/node.h"
#include "inventory/nodelistmodel.h"
#include "protocol/probereport.h"
#include "ssh/sshsession.h"
#include "ssh/credentialstore.h"
#include "ssh/sshtypes.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <chrono>
#include <optional>

class QTimer;

namespace halolink {

class CredentialStore;
class Inventory;

class ClusterController final : public QObject
{
    Q_OBJECT

public:
    struct Options {
        bool services = true;          // telemetry, reflector, mesh (and probe) when ready
        bool includeLocal = true;      // a session for This computer too (start())
        int telemetryIntervalMs = 100; // 10 Hz
        bool rawCounters = true;
        int reflectorPort = 7471;      // 0: any free port
        int meshIntervalMs = 1000;      // the shortest mesh interval (small clusters)
        int meshBurst = 20;             // round trips per peer and interval (p99 of 20 = the max)
        int meshRoundTripBudget = 400;  // per node and second, sent (0: no budget)
        int meshMaxIntervalMs = 10000;  // past this the burst shrinks instead
        int meshResultBudget = 400;     // mesh events a second from the whole cluster (0: no budget)
        bool rdma = true;
        bool probeOnReady = true;      // `probe` when a session becomes ready
        bool probeLocal = true;        // ... This computer's too (the app probes it on its own)
        // false: the model's row of This computer is left alone (the app's
        // own probe of This computer drives it); its session still runs.
        bool localStateInModel = true;
        QString enginePath;            // empty: EngineLocator (the same binary is deployed to nodes)
        // SSH keep-alive and connect timeout; 0: SshEndpoint's defaults.
        std::chrono::milliseconds keepAliveInterval{0};
        int keepAliveCountMax = 0;
        std::chrono::milliseconds connectTimeout{0};
    };

    // What each node's mesh.set_peers asks for, given its number of peers.
    struct MeshPlan {
        int intervalMs = 0;
        int burst = 0;
        double roundTripsPerSecond = 0; // sent by the node (it serves about as many)
        double resultsPerSecond = 0;    // mesh events the app gets from the whole mesh
    };
    static constexpr int kMinMeshBurst = 5;
    static constexpr int kMeshMaxResultIntervalMs = 20000;
    static MeshPlan meshPlan(int peers, const Options &options);

    // model may be null (halolinkctl). Neither is owned.
    explicit ClusterController(Inventory *inventory, NodeListModel *model = nullptr, QObject *parent = nullptr);
    ~ClusterController() override;

    void setOptions(const Options &options) { m_options = options; }
    Options options() const { return m_options; }
    void setCredentialStore(CredentialStore *store) { m_store = store; }
    // Reconnect back-off of every session (tests use short ones).
    void setBackoff(std::chrono::milliseconds initial, std::chrono::milliseconds max);

    // A session for every node of the inventory, and for nodes added later.
    void start();
    // Sessions for these nodes only (halolinkctl); inventory changes are not followed.
    void startNodes(const QStringList &nodeIds);
    void stop();
    bool isRunning() const { return m_running; }
    // Stop and start one node's session again (e.g. after "Retry").
    void restartNode(const QString &nodeId);

    QStringList nodeIds() const { return m_order; }
    AgentSession *session(const QString &nodeId) const;
    // The SSH connection of the node's current attempt (null for This computer).
    SshSession *sshSession(const QString &nodeId) const;
    QString remoteEnginePath(const QString &nodeId) const;
    NodeState state(const QString &nodeId) const;
    QString errorString(const QString &nodeId) const;
    Node node(const QString &nodeId) const;
    // The port the node's reflector listens on; 0 when not running.
    int reflectorPort(const QString &nodeId) const;
    // The mesh peers last sent to the node (empty: none / no mesh there).
    QJsonArray meshPeers(const QString &nodeId) const;
    // The interval and burst last sent with them (zeros: none).
    MeshPlan meshPlanSent(const QString &nodeId) const;

    // The node's latest probe through its agent (nullopt: none yet).
    std::optional<ProbeReport> probeReport(const QString &nodeId) const;
    bool isProbing(const QString &nodeId) const;
    // Why the last probe failed; empty when it did not.
    QString probeError(const QString &nodeId) const;
    // Probe the node again now (when its session is ready); false otherwise.
    bool refreshProbe(const QString &nodeId);

    // Stops the nodes' reflector and mesh (and the others' mesh towards them)
    // until resumeRdmaServices(): while a process holds a Soft-RoCE device, the
    // kernel cannot remove it, so configuration rolls back only after this.
    // The replies tell when each agent has let go.
    QList<AgentReply *> pauseRdmaServices(const QStringList &nodeIds);
    void resumeRdmaServices(const QStringList &nodeIds);
    // A new agent process on the node (its latest probe and pause kept): the
    // old one exits and lets go of every RDMA device context it opened.
    // librdmacm keeps a device open once used, and a Soft-RoCE device (rxe
    // cannot disassociate user contexts) is only removed once nobody holds it.
    void restartAgent(const QString &nodeId);

    void acceptHostKey(const QString &nodeId);
    void rejectHostKey(const QString &nodeId);
    void provideCredentials(const QString &nodeId, const QByteArray &secret, bool remember);
    void cancelCredentials(const QString &nodeId);

Q_SIGNALS:
    void nodeStateChanged(const QString &nodeId, halolink::NodeState state, const QString &detail);
    void helloReceived(const QString &nodeId, const halolink::AgentHello &hello);
    void eventReceived(const QString &nodeId, const QString &name, const QJsonObject &event);
    void lost(const QString &nodeId, qint64 lostAtNs, const QString &reason);
    void gap(const QString &nodeId, qint64 fromNs, qint64 toNs);
    void hostKeyUnknown(const QString &nodeId, const halolink::HostKeyInfo &info);
    // Refused, no override: message explains it.
    void hostKeyChanged(const QString &nodeId, const halolink::HostKeyInfo &info, const QString &message);
    void credentialsNeeded(const QString &nodeId, halolink::CredentialKind kind, const QString &prompt);
    void credentialStored(const QString &nodeId, bool stored, const QString &message);
    // A service request (telemetry.start, reflector.start, mesh.set_peers) failed.
    void serviceFailed(const QString &nodeId, const QString &method, const QString &message);
    void meshPeersChanged(const QString &nodeId, const QJsonArray &peers);
    void probeReportChanged(const QString &nodeId);
    // A probe started, finished or failed.
    void probeStateChanged(const QString &nodeId);

private:
    struct Entry;
    void addSession(const Node &node);
    void removeSession(const QString &nodeId);
    void onInventoryAdded(const Node &node);
    void onInventoryUpdated(const Node &node);
    void onInventoryRemoved(const QString &nodeId);
    void onSessionState(const QString &nodeId, AgentSession::State state);
    void onStatus(const QString &nodeId, const QString &status);
    void setNodeState(Entry &e, NodeState state, const QString &detail, int percent = -1);
    // The "reconnecting in n s" of the nodes waiting to reconnect, in whole
    // seconds, kept true by one timer that fires when the next one changes.
    static QString reconnectText(const Entry &e);
    void updateCountdowns();
    void startServices(const QString &nodeId);
    void startProbe(const QString &nodeId);
    bool modelShows(const Entry &e) const;
    void startReflector(const QString &nodeId, int port);
    void updateMesh();      // queues a pass of sendMeshUpdates()
    void sendMeshUpdates(); // mesh.set_peers where a node's peers or plan changed, in slices
    QString enginePath() const;

    QPointer<Inventory> m_inventory;
    QPointer<NodeListModel> m_model;
    QPointer<CredentialStore> m_store;
    Options m_options;
    std::chrono::milliseconds m_backoffInitial{std::chrono::seconds(1)};
    std::chrono::milliseconds m_backoffMax{std::chrono::seconds(60)};
    bool m_running = false;
    bool m_followInventory = false;
    QStringList m_order;
    QHash<QString, Entry *> m_entries;
    mutable QString m_enginePath;
    QTimer *m_countdown = nullptr;
    bool m_meshQueued = false; // sendMeshUpdates() is posted
    qsizetype m_meshCursor = 0; // where in m_order its pass goes on
};

} // namespace halolink
