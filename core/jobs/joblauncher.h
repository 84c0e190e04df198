#pragma once
// Runs a rendered tensor-parallel job (jobrender.h) on its nodes over SSH and
// looks after it: checks before anything starts, detached start in order
// with readiness waits, stop and restart, the smoke test and the RDMA proof.
// The same object drives the app's Jobs window and `halolinkctl job`.
//
// launch():
//  1. checks on every node at once (nothing is started when one fails):
//     the runtime and the image (podman/docker image, toolbox container) or,
//     on the host, every program the node's roles run (with the job's own
//     PATH); the model path on each node that needs it (all nodes for vLLM,
//     the head for llama.cpp) and its size against the node's memory (the
//     probe's total memory x GPU memory utilization, the weights split over
//     the nodes); the ports the job listens on; the same job already running;
//  2. job.json (the job, rendered) written into the job folder of every node,
//     so that the job is found again after the app restarts;
//  3. the steps order by order, each detached on its node (it outlives the
//     SSH connection and the app), then the order's readiness: Ray answers
//     at the head, the Ray cluster has every node, the server answers
//     /health and lists the model under /v1/models (llama.cpp: the RPC
//     servers listen, then /health). A process that ends while waited for
//     fails the launch with the end of its log;
//  4. on any failure, whatever was started on any node is stopped again and
//     job.json removed: a failed launch leaves nothing running.
//
// smokeTest(): traffic counters on every node (engine `counters`), 2 s of
// background, one streamed chat completion on the head (engine `api chat`:
// time to first token, tokens/s), counters again; the per-node difference on
// the data-plane RDMA port and NIC (background subtracted) gives the proof:
// RDMA carried the traffic, or TCP did (with the likely causes read from
// each node's environment and probe), or nothing moved.

#include "jobs/job.h"
#include "jobs/jobdiscovery.h"
#include "jobs/proof.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <functional>
#include <optional>

namespace halolink {
class ClusterController;
class RemoteTask;
}

namespace halolink::jobs {

struct SmokeResult {
    bool ok = false;
    QString error;
    double ttftMs = 0;
    double totalMs = 0;
    int tokens = 0;
    std::optional<double> tokensPerSecond;
    QString text;
    Proof proof;
};

// serveBench(): the engine's serving benchmark (`api bench`, schema
// halolink.serve_bench/1) on the head against the job's API, between traffic
// counters as the smoke test takes them, so each run carries its own proof.
struct ServeBenchOptions {
    QList<int> concurrency{1, 4, 16};
    int requests = 0; // per level; 0: the engine's default
    int maxTokens = 128;
    int seed = 1234;
};

// The most requests in flight `halolink-engine api bench` accepts per level.
inline constexpr int kMaxBenchConcurrency = 512;
// "1,4,16" -> {1, 4, 16} (duplicates dropped, order kept); nullopt with a
// message for people when an item is not a number from 1 to
// kMaxBenchConcurrency or there is none.
std::optional<QList<int>> parseConcurrencyLevels(const QString &text, QString *error);

struct ServeBenchResult {
    bool ok = false;
    bool cancelled = false;
    QString error;
    QJsonObject document; // halolink.serve_bench/1 (also when !ok: the levels completed)
    Proof proof;
};

class JobLauncher final : public QObject
{
    Q_OBJECT

public:
    enum class Phase { Idle, Checking, Starting, Running, SmokeTesting, Stopping, Stopped, Failed, Benchmarking };
    Q_ENUM(Phase)

    struct Timeouts {
        std::chrono::milliseconds ray{std::chrono::minutes(3)};      // Ray head, then every node joined
        std::chrono::milliseconds server{std::chrono::minutes(40)};  // weights loaded, /health answers
        std::chrono::milliseconds poll{std::chrono::seconds(2)};
        std::chrono::milliseconds background{std::chrono::seconds(2)}; // smoke test: counters baseline
    };

    explicit JobLauncher(ClusterController *cluster, QObject *parent = nullptr);
    ~JobLauncher() override;

    // A job to launch (rendered from spec and probed nodes) or one found on
    // the nodes (JobDiscovery) to stop, restart or test.
    void setJob(const Job &job);
    const Job &job() const { return m_job; }
    void setTimeouts(const Timeouts &t) { m_timeouts = t; }
    void setSmokePrompt(const QString &prompt, int maxTokens);
    // The values of the job's secret variables (spec.secretEnv, and the API
    // key's variable): kept in memory only, handed to the nodes on standard
    // input. A launch makes an API key when the job wants one and none was given.
    void setSecrets(const QHash<QString, QByteArray> &secrets) { m_secrets = secrets; }
    // The server's API key; empty when the job has none or it is not known
    // yet (fetchApiKey() reads it from the running server on the head).
    QByteArray apiKey() const;
    void fetchApiKey(std::function<void(bool ok, const QString &error)> done);

    void launch();
    void stop();
    // stop(), then launch() with the same job.
    void restart();
    void smokeTest();
    void serveBench(const ServeBenchOptions &options);
    // Which of the job's processes have ended, each "ROLE on NODE has ended."
    // with the end of its log; empty when all run (or the nodes cannot be asked).
    void describeEndedRoles(std::function<void(QStringList)> done);
    // Abandons what is in progress (a launch being cancelled cleans up).
    void cancel();

    Phase phase() const { return m_phase; }
    bool isBusy() const;
    // Launched here and refused or failed before any role started.
    bool anythingStarted() const;
    // The launch checks' verdicts on what a node reported (exposed for tests):
    // "memlock <uid> <limit KiB|unlimited>" where the job runs, and the
    // "gidat"/"gidmatch" lines of its GID table. Empty: no problem.
    QString memlockProblem(const JobNode &n, const QString &line) const;
    QString gidProblem(const JobNode &n, const QString &lines) const;
    QString errorString() const { return m_error; }
    // Problems the checks found, per node name (each a sentence).
    QStringList checkProblems() const { return m_checkProblems; }
    const SmokeResult &smokeResult() const { return m_smoke; }
    const ServeBenchResult &benchResult() const { return m_bench; }
    // Step index -> "waiting", "starting", "ready", "failed", "stopped".
    QString stepState(int index) const { return m_stepState.value(index); }

Q_SIGNALS:
    void phaseChanged(halolink::jobs::JobLauncher::Phase phase);
    // What the launcher does, for people (node name empty: the job as a whole).
    void message(const QString &nodeName, const QString &text);
    void stepStateChanged(int index, const QString &state);
    void launchFinished(bool ok);
    void stopFinished(bool ok);
    void smokeFinished(bool ok);
    // serveBench(): a level's requests done (a line of the engine's progress).
    void benchProgress(int concurrency, int done, int of);
    void benchFinished(bool ok);

private:
    using Done = std::function<void(int exitCode, const QByteArray &out, const QByteArray &err, const QString &failure)>;
    void run(const QString &nodeId, const QString &command, std::chrono::milliseconds timeout, Done done,
             const QByteArray &stdinData = {});
    void abandon();
    void setPhase(Phase p);
    void say(const QString &nodeId, const QString &text);
    QString nodeName(const QString &nodeId) const;
    QString enginePath(const QString &nodeId) const;
    QString checkScript(const JobNode &n) const;
    void onChecksDone();
    void writeJobFiles();
    void startOrder(int order);
    void pollOrder(int order, QDateTime deadline);
    QString readinessCommand(const Step &s) const;
    void failLaunch(const QString &error);
    void stopOrders(int order, std::function<void(bool)> done);
    void sampleAll(std::function<void(QHash<QString, TrafficSample>)> done);
    void finishSmoke(bool ok);
    void collectWitnesses(Proof *proof, std::function<void()> done);
    // Counters, the background, counters, work(continue), counters, witnesses: the proof of what work moved.
    void withProof(std::function<void(std::function<void()>)> work, Proof *proof, std::function<void()> done);
    void finishBench();

    QPointer<ClusterController> m_cluster;
    Job m_job;
    Timeouts m_timeouts;
    QString m_prompt;
    int m_maxTokens = 64;
    Phase m_phase = Phase::Idle;
    QString m_error;
    QStringList m_checkProblems;
    QHash<int, QString> m_stepState;
    SmokeResult m_smoke;
    ServeBenchResult m_bench;
    QList<QPointer<RemoteTask>> m_tasks;
    int m_pending = 0;
    quint64 m_generation = 0; // bumps on cancel: late callbacks of an abandoned run are ignored
    QHash<QString, QByteArray> m_secrets;
    bool m_startsKnown = false; // launched here: m_stepState says which steps ever started
    QByteArray secretInput(const Step &s) const;
    bool neverStarted(int index) const;

    bool m_relaunchAfterStop = false;
};

} // namespace halolink::jobs
