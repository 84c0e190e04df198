#pragma once
// The cluster setup as a sequence of operations over the nodes' SSH sessions
// (ClusterController), each one the engine's own (docs/roce-config.md):
// plan -> apply (auto-rollback armed) -> verify (engine checks + a TCP/RDMA
// bench between every pair through the agents) -> confirm (and the inventory
// gets each node's data-plane interface and address) or roll back.
//
// Operations run on every node at once (the bench matrix one test at a time,
// so measurements do not disturb each other) and end with operationFinished().
// sudo passwords: when a node's sudo wants one, sudoPasswordNeeded() asks;
// provideSudoPassword() answers (kept in memory for this setup only, or in the
// system keychain when the person asks, never on disk), cancelSudoPassword()
// fails that node.
//
// The wizard's own state (nodes, addresses, settings, how far it got) is saved
// with saveState()/loadState() as JSON in the app's data folder, without any
// secret.

#include "inventory/node.h"
#include "setup/savedsetup.h"
#include "setup/setupplan.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>
#include <optional>

namespace halolink {
class ClusterController;
class CredentialStore;
class EngineCall;
class Inventory;
} // namespace halolink

namespace halolink::setup {

enum class Phase { Idle, Planning, Planned, Applying, Applied, Verifying, Verified, Confirming, Confirmed,
                   RollingBack, RolledBack, Failed };
QString phaseText(Phase phase);

struct NodeRun {
    Phase phase = Phase::Idle;
    QJsonObject plan;              // halolink.roce-plan/1
    QJsonObject verify;            // halolink.roce-verify/1
    QList<QJsonObject> events;     // apply/rollback step events
    qint64 deadline = 0;           // epoch seconds of the automatic rollback
    bool changed = false;          // apply changed something not yet undone
    QString error;                 // the last failure, in words
    QString errorCode;
    QStringList log;
    // The inventory's data plane and QoS before confirm wrote this setup's (restored on rollback).
    bool inventorySaved = false;
    QString previousInterface, previousAddress;
    std::optional<NodeQos> previousQos;
};

struct Measurement {
    std::optional<double> oneWayNs; // p50
    std::optional<double> rttNs;    // p50
    std::optional<double> bps;
    QString error;
};

struct PairResult {
    int a = 0, b = 0; // node indexes; a measures against b's reflector
    Measurement tcpLatency, rdmaLatency, tcpBandwidth, rdmaBandwidth;
    QString rdmaDevice;
    std::optional<int> gidIndex;
    QString expectation; // what this hardware should give
    QStringList flags;   // what looks off
    // TCP one-way p50 / RDMA one-way p50: both from the same bench, same definition.
    std::optional<double> speedup() const;
};

struct BenchOptions {
    int latencyIters = 1000;
    int latencyWarmup = 100;
    double bandwidthSeconds = 2.0;
};

class SetupController final : public QObject {
    Q_OBJECT

public:
    SetupController(ClusterController *cluster, Inventory *inventory, QObject *parent = nullptr);
    ~SetupController() override;

    void setCredentialStore(CredentialStore *store);
    void setBenchOptions(const BenchOptions &o) { m_bench = o; }

    void setNodes(const QList<NodeInput> &nodes);
    QList<NodeInput> nodes() const { return m_nodes; }
    void setSettings(const Settings &settings) { m_settings = settings; }
    Settings settings() const { return m_settings; }
    // Each node's probe as the cluster controller has it now.
    void updateProbes();
    // Fill empty interfaces with the suggestion and empty addresses with a proposal.
    void suggestMissing();
    // Unless the cabling was chosen already: the defaults of these nodes'
    // confirmed setup (savedsetup.h: cabling, MTU, QoS, persistence, rollback
    // timer, and each node's data interface and address where still empty),
    // or, without one, a direct cable for exactly two nodes and a switch for
    // more. True when a saved setup gave them.
    bool applySavedDefaults(const std::optional<SavedSetup> &saved);

    // Node clock minus this computer's, from the agent's `ping` (half the round trip).
    void measureClocks();
    std::optional<qint64> clockOffsetMs(const QString &nodeId) const;

    void planAll();
    void applyAll();
    void verifyAll();
    void confirmAll();
    // Asks every node that carried a change (after a resume) where its
    // journal stands: awaiting confirmation, confirmed, rolled back by its timer...
    void refreshStatus();
    // Nodes with a change not yet undone (applied, confirmed, or failed part-way).
    void rollbackAll();
    void cancel();

    bool isBusy() const { return !m_operation.isEmpty(); }
    QString operation() const { return m_operation; }
    NodeRun run(int i) const { return m_runs.value(i); }
    QList<PairResult> pairs() const { return m_pairs; }
    // When the last bench matrix ended (invalid: not measured in this setup).
    QDateTime measuredAt() const { return m_measuredAt; }
    // The record confirm writes (savedsetup.h): nodes, cabling, data planes,
    // QoS as each plan applies it, persistence, the verification and its time.
    SavedSetup confirmedSetup() const;
    // The last bench matrix as the record keeps it, and whether every node's
    // verify and every pair's latency passed (what "verified" means there).
    QList<SavedSetup::PairEntry> pairEntries() const;
    bool verificationPassed() const;
    bool anyChanged() const;
    bool allIn(Phase phase) const;
    QString exportScript() const;
    // What an operation does, in words, as the log says it when it starts.
    QString operationText(const QString &op) const;
    // The log's line once a node applied: the automatic rollback is a future.
    static QString appliedText(qint64 deadline);
    // An apply/rollback progress event of the engine, in words ("step 3 of 9 (mtu): done").
    static QString eventText(const QJsonObject &event);

    void provideSudoPassword(int node, const QByteArray &password, bool remember);
    void cancelSudoPassword(int node);

    // The wizard's progress, without secrets. page: the wizard page to resume on.
    QJsonObject stateJson(int page) const;
    // Restores nodes, settings and per-node phases; returns the saved page (-1: unusable).
    int restoreState(const QJsonObject &state, QString *error = nullptr);
    static QString stateFilePath();
    bool saveState(int page, QString *error = nullptr) const;
    static std::optional<QJsonObject> loadStateFile(QString *error = nullptr);
    static void removeStateFile();

Q_SIGNALS:
    void nodeChanged(int node);
    void logLine(int node, const QString &line);
    void sudoPasswordNeeded(int node, const QString &nodeName);
    void pairChanged(int pair);
    void benchProgress(int done, int total, const QString &what);
    void operationFinished(const QString &operation, bool ok);
    void credentialStored(int node, bool stored, const QString &message);

private:
    struct Pending;
    // pauseRdma: first stop the agents' reflector and mesh on the setup's nodes
    // (a Soft-RoCE device cannot be removed while a process holds it).
    void startOperation(const QString &op, const QList<int> &nodes, bool pauseRdma = false);
    void resumeRdma();
    // New agents on the Soft-RoCE nodes among `nodes` (see
    // ClusterController::restartAgent), then next() once they are ready again.
    void releaseSoftRoceThen(const QList<int> &nodes, std::function<void()> next);
    bool isSoftRoce(int node) const;
    void startCall(int node);
    void onCallFinished(int node, EngineCall *call);
    void nodeDone(int node);
    void finishOperation();
    void startBenchMatrix();
    void nextBench();
    void finishBenchMatrix();
    void setPhase(int node, Phase phase);
    void log(int node, const QString &line);
    QStringList argsFor(const QString &op) const;
    QString nodeName(int node) const;
    void annotatePair(PairResult &pair) const;
    // setupcontroller_saved.cpp: the cluster setup record on confirm, and
    // the one before it back when that confirmed setup is rolled back.
    void saveConfirmedSetup();
    void restorePreviousSetup();

    QPointer<ClusterController> m_cluster;
    QPointer<Inventory> m_inventory;
    QPointer<CredentialStore> m_store;
    BenchOptions m_bench;
    QList<NodeInput> m_nodes;
    Settings m_settings;
    QList<NodeRun> m_runs;
    QList<PairResult> m_pairs;
    QHash<QString, qint64> m_clockOffsetMs;
    QDateTime m_measuredAt;
    bool m_savedSetupWritten = false;
    std::optional<QJsonObject> m_previousSetup; // the record confirm replaced (nullopt: there was none)
    QHash<int, QByteArray> m_sudo;           // this setup only; wiped on destruction
    QHash<int, bool> m_triedKeychain;
    QString m_operation;
    QList<int> m_waiting;                    // nodes of the operation not finished yet
    QHash<int, QPointer<EngineCall>> m_calls;
    bool m_operationOk = true;
    QStringList m_paused; // node ids whose RDMA services this setup holds off
    // bench matrix
    struct BenchJob { int pair; QString transport, test; };
    QList<BenchJob> m_benchJobs;
    int m_benchDone = 0;
    QHash<int, int> m_reflectorPort;
    int m_reflectorsPending = 0;
};

} // namespace halolink::setup
