#include "jobs/jobcompare.h"
#include "jobs/jobs_internal.h"

#include "cluster/clustercontroller.h"

#include <QTimer>

namespace halolink::jobs {

namespace {

// Calls f once, on the first emission of signal, then disconnects.
template<typename Sender, typename Signal, typename F>
void once(Sender *sender, Signal signal, QObject *context, F f)
{
    auto c = std::make_shared<QMetaObject::Connection>();
    *c = QObject::connect(sender, signal, context, [c, f](auto... args) {
        QObject::disconnect(*c);
        f(args...);
    });
}

QString transportName(bool tcpOnly)
{
    return tcpOnly ? QStringLiteral("TCP") : QStringLiteral("RDMA");
}

} // namespace

JobComparison::JobComparison(ClusterController *cluster, QObject *parent)
    : QObject(parent)
    , m_cluster(cluster)
{
}

JobComparison::~JobComparison() = default;

void JobComparison::setStage(Stage s, const QString &what)
{
    m_stage = s;
    if (s == Stage::Benchmarking || s == Stage::Relaunching || s == Stage::Restoring)
        ++m_step;
    Q_EMIT stageChanged(s, std::min(m_step, 4), 4, what);
    if (!what.isEmpty())
        Q_EMIT message({}, what);
}

void JobComparison::start(const Job &job, const ServeBenchOptions &options)
{
    if (isRunning())
        return;
    m_original = job;
    for (JobNode &n : m_original.nodes)
        if (!n.probe && m_cluster)
            n.probe = m_cluster->probeReport(n.nodeId);
    m_options = options;
    m_result = {};
    m_result.jobName = job.spec.name;
    m_result.engine = engineName(job.spec.engine);
    for (const JobNode &n : std::as_const(job.nodes))
        m_result.nodes << n.name;
    m_result.started = QDateTime::currentDateTimeUtc();
    m_result.concurrency = options.concurrency;
    m_result.maxTokens = options.maxTokens;
    m_result.seed = options.seed;
    m_result.prediction = m_prediction;
    m_result.rdma.tcpOnly = false;
    m_result.tcp.tcpOnly = true;
    m_step = 0;
    m_cancelled = m_failed = false;
    m_plan = {job.spec.tcpOnly, !job.spec.tcpOnly};

    m_launcher = std::make_unique<JobLauncher>(m_cluster);
    m_launcher->setTimeouts(m_timeouts);
    m_launcher->setSecrets(m_secrets);
    m_launcher->setJob(m_original);
    connect(m_launcher.get(), &JobLauncher::message, this, &JobComparison::message);
    connect(m_launcher.get(), &JobLauncher::benchProgress, this, [this](int c, int done, int of) {
        Q_EMIT benchProgress(m_launcher->job().spec.tcpOnly, c, done, of);
    });

    // A relaunch needs every secret the processes read; HaloLink keeps none.
    const QString keyVar = apiKeyVariable(job.spec.engine);
    QStringList missing;
    for (const QString &name : job.spec.secretEnv)
        if (name != keyVar && m_secrets.value(name).isEmpty())
            missing << name;
    m_stage = Stage::Benchmarking; // busy from here on
    if (!missing.isEmpty()) {
        m_failed = true;
        m_result.error = tr("The job reads %1 from its secrets; HaloLink keeps no secrets, and the relaunches need "
                            "them. Give them to the comparison.")
                             .arg(missing.join(QStringLiteral(", ")));
        QTimer::singleShot(0, this, [this] { finish(); });
        return;
    }
    // The same API key after each relaunch: read it from the running server first.
    m_launcher->fetchApiKey([this](bool ok, const QString &error) {
        if (!ok) {
            m_failed = true;
            m_result.error = error;
            finish();
            return;
        }
        next();
    });
}

void JobComparison::next()
{
    if (m_cancelled || m_failed || m_plan.isEmpty()) {
        restore();
        return;
    }
    const bool want = m_plan.first();
    if (m_launcher->job().spec.tcpOnly != want) {
        setStage(Stage::Relaunching, tr("Relaunching '%1' with %2 only.").arg(m_original.spec.name, transportName(want)));
        relaunch(want, [this, want](bool ok, const QString &error) {
            if (!ok) {
                m_failed = true;
                m_result.error = tr("The relaunch with %1 failed: %2").arg(transportName(want), error);
            }
            next();
        });
        return;
    }
    m_plan.removeFirst();
    benchmark(want);
}

void JobComparison::benchmark(bool tcpOnly)
{
    setStage(Stage::Benchmarking, tr("Benchmark of '%1' over %2.").arg(m_original.spec.name, transportName(tcpOnly)));
    runFor(tcpOnly).ran = true;
    once(m_launcher.get(), &JobLauncher::benchFinished, this, [this, tcpOnly](bool ok) {
        CompareRun &r = runFor(tcpOnly);
        const ServeBenchResult &b = m_launcher->benchResult();
        r.ok = ok;
        r.error = b.error;
        r.bench = b.document;
        r.proof = b.proof;
        if (!ok && !m_cancelled) {
            m_failed = true;
            m_result.error = tr("The benchmark over %1 failed: %2").arg(transportName(tcpOnly), b.error);
        }
        next();
    });
    m_launcher->serveBench(m_options);
}

void JobComparison::ensureProbes(std::function<void(const QString &error)> done)
{
    QStringList waiting;
    for (JobNode &n : m_original.nodes) {
        if (!n.probe && m_cluster)
            n.probe = m_cluster->probeReport(n.nodeId);
        if (!n.probe)
            waiting << n.nodeId;
    }
    if (waiting.isEmpty() || !m_cluster) {
        QTimer::singleShot(0, this, [done, none = waiting.isEmpty()] {
            done(none ? QString() : tr("The nodes cannot be probed (no cluster)."));
        });
        return;
    }
    auto pending = std::make_shared<QStringList>(waiting);
    auto connection = std::make_shared<QMetaObject::Connection>();
    auto end = [connection, done](const QString &error) {
        QObject::disconnect(*connection);
        done(error);
    };
    *connection = connect(m_cluster, &ClusterController::probeStateChanged, this, [this, pending, end](const QString &id) {
        if (!pending->contains(id) || m_cluster->isProbing(id))
            return;
        const auto report = m_cluster->probeReport(id);
        const QString error = m_cluster->probeError(id);
        for (JobNode &n : m_original.nodes)
            if (n.nodeId == id)
                n.probe = error.isEmpty() ? report : std::nullopt;
        if (!error.isEmpty() || !report) {
            end(tr("%1 could not be probed: %2").arg(nodeNameOf(id), error.isEmpty() ? tr("no answer") : error));
            return;
        }
        pending->removeAll(id);
        if (pending->isEmpty())
            end({});
    });
    // The relaunch renders the job again (its RDMA settings come from each
    // node's probe); halolinkctl's sessions do not probe by themselves.
    for (const QString &id : waiting) {
        Q_EMIT message(nodeNameOf(id), tr("Probing %1 for the relaunch.").arg(nodeNameOf(id)));
        if (!m_cluster->refreshProbe(id)) {
            end(tr("%1 is not connected: it cannot be probed for the relaunch.").arg(nodeNameOf(id)));
            return;
        }
    }
}

QString JobComparison::nodeNameOf(const QString &nodeId) const
{
    for (const JobNode &n : m_original.nodes)
        if (n.nodeId == nodeId)
            return n.name;
    return nodeId;
}

void JobComparison::relaunch(bool tcpOnly, std::function<void(bool, const QString &)> done)
{
    ensureProbes([this, tcpOnly, done](const QString &error) {
        if (!error.isEmpty()) {
            done(false, error);
            return;
        }
        relaunchProbed(tcpOnly, done);
    });
}

void JobComparison::relaunchProbed(bool tcpOnly, std::function<void(bool, const QString &)> done)
{
    Job j = m_original;
    j.spec.tcpOnly = tcpOnly;
    j.rendered = render(j.spec, j.nodes);
    if (!j.rendered.ok()) {
        QTimer::singleShot(0, this, [done, j] { done(false, j.rendered.errors.join(QLatin1Char(' '))); });
        return;
    }
    once(m_launcher.get(), &JobLauncher::stopFinished, this, [this, j, done](bool stopped) {
        if (!stopped) {
            done(false, m_launcher->errorString());
            return;
        }
        m_launcher->setJob(j);
        once(m_launcher.get(), &JobLauncher::launchFinished, this,
             [this, done](bool ok) { done(ok, ok ? QString() : m_launcher->errorString()); });
        m_launcher->launch();
    });
    m_launcher->stop();
}

void JobComparison::restore()
{
    const bool original = m_original.spec.tcpOnly;
    auto back = [this, original] {
        setStage(Stage::Restoring, tr("Putting '%1' back as it was (%2).")
                                       .arg(m_original.spec.name, original ? tr("TCP only") : tr("RDMA")));
        relaunch(original, [this](bool ok, const QString &error) {
            m_result.restored = ok;
            if (!ok)
                m_result.restoreError = error;
            finish();
        });
    };
    if (m_launcher->job().spec.tcpOnly != original) {
        back();
        return;
    }
    // On its own transport still; but a server that died in a benchmark is not "as it was".
    m_launcher->describeEndedRoles([this, back](const QStringList &ended) {
        if (ended.isEmpty()) {
            m_result.restored = true;
            finish();
            return;
        }
        for (const QString &e : ended)
            Q_EMIT message({}, e);
        back();
    });
}

void JobComparison::cancel()
{
    if (!isRunning() || m_cancelled)
        return;
    m_cancelled = true;
    m_result.cancelled = true;
    Q_EMIT message({}, tr("Cancelling: the job will be put back as it was."));
    // A benchmark stops at once; a relaunch under way finishes first (then the job is put back).
    if (m_stage == Stage::Benchmarking && m_launcher && m_launcher->phase() == JobLauncher::Phase::Benchmarking) {
        CompareRun &r = runFor(m_launcher->job().spec.tcpOnly);
        r.error = tr("Cancelled.");
        r.bench = m_launcher->benchResult().document;
        m_launcher->cancel(); // its benchFinished will not come
        disconnect(m_launcher.get(), &JobLauncher::benchFinished, this, nullptr);
        QTimer::singleShot(0, this, [this] { next(); });
    }
}

void JobComparison::finish()
{
    m_result.finished = QDateTime::currentDateTimeUtc();
    m_result.ok = !m_failed && !m_cancelled && m_result.rdma.ok && m_result.tcp.ok;
    QString error;
    const QString path = ComparisonStore().save(m_result, &error);
    if (path.isEmpty())
        Q_EMIT message({}, tr("The comparison could not be kept: %1").arg(error));
    m_stage = Stage::Done;
    Q_EMIT stageChanged(Stage::Done, 4, 4, {});
    Q_EMIT finished(m_result.ok);
}

} // namespace halolink::jobs
