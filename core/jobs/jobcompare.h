#pragma once
// "Compare RDMA and TCP" for a running job: the serving benchmark with the
// job as it runs, the job relaunched with the other transport (TCP-only:
// NCCL_IB_DISABLE=1 for vLLM, llama.cpp's RDMA probe pointed at no device;
// jobrender.cpp), the same benchmark again, then the job relaunched as it was.
// Each benchmark carries its own traffic proof. A failure or a cancel at any
// point still puts the job back as it was before the comparison (and says so
// when it cannot). The report (comparereport.h) is kept with the cluster.
//
// Order: the transport the job runs with first (no relaunch for it), so a
// job on RDMA costs two relaunches (to TCP and back), one on TCP the same.

#include "jobs/comparereport.h"
#include "jobs/joblauncher.h"

#include <QObject>
#include <QPointer>

#include <memory>

namespace halolink {
class ClusterController;
}

namespace halolink::jobs {

class JobComparison final : public QObject
{
    Q_OBJECT

public:
    enum class Stage { Idle, Benchmarking, Relaunching, Restoring, Done };
    Q_ENUM(Stage)

    explicit JobComparison(ClusterController *cluster, QObject *parent = nullptr);
    ~JobComparison() override;

    // The job must run (found by JobDiscovery, or launched here). Secrets the
    // job's processes read (spec.secretEnv) must be given: a relaunch needs
    // them and HaloLink keeps none; the API key is read from the server.
    void setSecrets(const QHash<QString, QByteArray> &secrets) { m_secrets = secrets; }
    void setTimeouts(const JobLauncher::Timeouts &t) { m_timeouts = t; }
    // The advisor's figures for this job (shown beside the measured ones).
    void setPrediction(const QJsonObject &prediction) { m_prediction = prediction; }
    void start(const Job &job, const ServeBenchOptions &options);
    // Stops what runs now and puts the job back as it was.
    void cancel();

    bool isRunning() const { return m_stage != Stage::Idle && m_stage != Stage::Done; }
    Stage stage() const { return m_stage; }
    const Comparison &result() const { return m_result; }
    JobLauncher *launcher() const { return m_launcher.get(); }

Q_SIGNALS:
    // What happens, for people (node empty: the job as a whole).
    void message(const QString &node, const QString &text);
    // step of steps: 1 benchmark, 2 relaunch, 3 benchmark, 4 relaunch back.
    void stageChanged(halolink::jobs::JobComparison::Stage stage, int step, int steps, const QString &what);
    // Requests done in the current benchmark's level.
    void benchProgress(bool tcpOnly, int concurrency, int done, int of);
    void finished(bool ok);

private:
    void setStage(Stage s, const QString &what);
    void benchmark(bool tcpOnly);
    void relaunch(bool tcpOnly, std::function<void(bool ok, const QString &error)> done);
    void relaunchProbed(bool tcpOnly, std::function<void(bool ok, const QString &error)> done);
    // Every node of the job with a probe report (asked for where missing).
    void ensureProbes(std::function<void(const QString &error)> done);
    QString nodeNameOf(const QString &nodeId) const;
    void next();
    void restore();
    void finish();
    CompareRun &runFor(bool tcpOnly) { return tcpOnly ? m_result.tcp : m_result.rdma; }

    QPointer<ClusterController> m_cluster;
    std::unique_ptr<JobLauncher> m_launcher;
    JobLauncher::Timeouts m_timeouts;
    QHash<QString, QByteArray> m_secrets;
    QJsonObject m_prediction;
    Job m_original;
    ServeBenchOptions m_options;
    Comparison m_result;
    Stage m_stage = Stage::Idle;
    QList<bool> m_plan; // the transports still to benchmark (tcpOnly)
    int m_step = 0;
    bool m_cancelled = false;
    bool m_failed = false;
};

} // namespace halolink::jobs
