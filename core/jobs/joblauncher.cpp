#include "jobs/joblauncher.h"
#include "jobs/jobs_internal.h"
#include "jobs/witness.h"

#include "cluster/clustercontroller.h"
#include "setup/setupplan.h"
#include "ssh/remotetask.h"
#include "ssh/shellquote.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTimer>

#include <algorithm>

namespace halolink::jobs {

using namespace detail;

JobLauncher::JobLauncher(ClusterController *cluster, QObject *parent)
    : QObject(parent)
    , m_cluster(cluster)
    , m_prompt(QStringLiteral("In one sentence: what is tensor parallelism?"))
{
}

JobLauncher::~JobLauncher()
{
    ++m_generation;
    for (const auto &t : std::as_const(m_tasks)) {
        if (t)
            t->cancel();
    }
}

void JobLauncher::setJob(const Job &job)
{
    m_job = job;
    m_startsKnown = false;
    m_stepState.clear();
    m_checkProblems.clear();
    m_error.clear();
    m_smoke = {};
    setPhase(Phase::Idle);
}

QByteArray JobLauncher::apiKey() const
{
    return m_job.spec.apiKey ? m_secrets.value(apiKeyVariable(m_job.spec.engine)) : QByteArray();
}

QByteArray JobLauncher::secretInput(const Step &s) const
{
    QByteArray in;
    for (const QString &name : s.secrets)
        in += m_secrets.value(name) + '\n';
    return in;
}

// The key is in the server's environment on the head (it got it on its
// standard input at the start): read it there, never from a file.
void JobLauncher::fetchApiKey(std::function<void(bool, const QString &)> done)
{
    const JobSpec &spec = m_job.spec;
    const QString var = apiKeyVariable(spec.engine);
    if (!spec.apiKey || !m_secrets.value(var).isEmpty()) {
        QTimer::singleShot(0, this, [done] { done(true, {}); });
        return;
    }
    const QString role = spec.engine == Engine::VllmRay ? QStringLiteral("vllm") : QStringLiteral("llama-server");
    const QString head = m_job.headNodeId();
    const QString read = QStringLiteral("tr '\\000' '\\n' </proc/\"$p\"/environ | sed -n %1")
                             .arg(shellQuote(QStringLiteral("s/^%1=//p").arg(var)));
    QString command;
    if (isContainer(spec.runtime))
        command = shellCommand({containerTool(spec.runtime), QStringLiteral("exec"), containerName(spec, role),
                                QStringLiteral("sh"), QStringLiteral("-c"),
                                // vLLM is exec'd into the head's Ray container; llama-server is its container's first process.
                                role == QLatin1String("vllm") ? QStringLiteral("p=$(cat %1) && %2").arg(kVllmPidInContainer, read)
                                                              : QStringLiteral("p=1 && %1").arg(read)});
    else
        command = QStringLiteral("p=$(cat %1/%2) && %3")
                      .arg(jobDirShell(spec.name, head), shellQuote(role + QStringLiteral(".pid")), read);
    run(head, command, std::chrono::seconds(30),
        [this, var, done](int code, const QByteArray &out, const QByteArray &err, const QString &failure) {
            const QByteArray key = out.trimmed();
            if (code != 0 || key.isEmpty() || key.contains('\n')) {
                done(false, tr("The API key could not be read from the server on %1: %2")
                                .arg(nodeName(m_job.headNodeId()),
                                     failure.isEmpty() ? QString::fromUtf8(err.trimmed()) : failure));
                return;
            }
            m_secrets.insert(var, key);
            done(true, {});
        });
}

void JobLauncher::setSmokePrompt(const QString &prompt, int maxTokens)
{
    m_prompt = prompt;
    m_maxTokens = maxTokens;
}

bool JobLauncher::isBusy() const
{
    return m_phase == Phase::Checking || m_phase == Phase::Starting || m_phase == Phase::SmokeTesting || m_phase == Phase::Benchmarking
        || m_phase == Phase::Stopping;
}

void JobLauncher::setPhase(Phase p)
{
    if (m_phase == p)
        return;
    m_phase = p;
    Q_EMIT phaseChanged(p);
}

QString JobLauncher::nodeName(const QString &nodeId) const
{
    for (const JobNode &n : m_job.nodes) {
        if (n.nodeId == nodeId)
            return n.name;
    }
    return nodeId;
}

void JobLauncher::say(const QString &nodeId, const QString &text)
{
    Q_EMIT message(nodeId.isEmpty() ? QString() : nodeName(nodeId), text);
}

QString JobLauncher::enginePath(const QString &nodeId) const
{
    return m_cluster ? m_cluster->remoteEnginePath(nodeId) : QString();
}

void JobLauncher::run(const QString &nodeId, const QString &command, std::chrono::milliseconds timeout, Done done,
                      const QByteArray &stdinData)
{
    const quint64 generation = m_generation;
    SshSession *ssh = m_cluster ? m_cluster->sshSession(nodeId) : nullptr;
    if (!ssh) {
        QTimer::singleShot(0, this, [this, generation, done, nodeId] {
            if (generation == m_generation)
                done(-1, {}, {}, tr("%1 is not connected over SSH.").arg(nodeName(nodeId)));
        });
        return;
    }
    auto *task = new RemoteTask(ssh, command, this);
    task->setTimeout(timeout);
    // Through the node's agent when it runs: no login shell start per step.
    task->setAgent(m_cluster->session(nodeId));
    if (!stdinData.isNull())
        task->setStdin(stdinData);
    m_tasks << task;
    connect(task, &RemoteTask::finished, this, [this, task, done, generation](int code) {
        m_tasks.removeAll(task);
        task->deleteLater();
        if (generation == m_generation)
            done(code, task->standardOutput(), task->standardError(), QString());
    });
    connect(task, &RemoteTask::failed, this, [this, task, done, generation](RemoteTask::Failure, const QString &message) {
        m_tasks.removeAll(task);
        task->deleteLater();
        if (generation == m_generation)
            done(-1, task->standardOutput(), task->standardError(), message.isEmpty() ? tr("the command failed") : message);
    });
    task->start();
}

void JobLauncher::abandon()
{
    ++m_generation;
    const auto tasks = m_tasks;
    m_tasks.clear();
    for (const auto &t : tasks) {
        if (t)
            t->cancel();
    }
}

void JobLauncher::cancel()
{
    const bool launching = m_phase == Phase::Checking || m_phase == Phase::Starting;
    abandon();
    if (launching) {
        m_error = tr("Cancelled.");
        failLaunch(m_error);
    } else if (isBusy()) {
        setPhase(Phase::Failed);
    }
}

// --- launch: steps and readiness

void JobLauncher::startOrder(int order)
{
    QList<int> indices;
    for (int i = 0; i < m_job.rendered.steps.size(); ++i) {
        if (m_job.rendered.steps.at(i).order == order)
            indices << i;
    }
    if (indices.isEmpty()) {
        setPhase(Phase::Running);
        say({}, tr("The job runs: %1/v1").arg(m_job.rendered.apiUrl));
        Q_EMIT launchFinished(true);
        return;
    }
    m_pending = int(indices.size());
    auto failed = std::make_shared<QStringList>();
    for (int i : indices) {
        const Step &s = m_job.rendered.steps.at(i);
        m_stepState.insert(i, QStringLiteral("starting"));
        Q_EMIT stepStateChanged(i, QStringLiteral("starting"));
        say(s.nodeId, tr("Starting %1: %2").arg(s.role, s.what));
        run(s.nodeId, s.command, std::chrono::minutes(2),
            [this, i, order, failed](int code, const QByteArray &out, const QByteArray &err, const QString &failure) {
                const Step &s = m_job.rendered.steps.at(i);
                if (code == 0) {
                    m_stepState.insert(i, QStringLiteral("started"));
                    Q_EMIT stepStateChanged(i, QStringLiteral("started"));
                }
                if (code != 0) {
                    m_stepState.insert(i, QStringLiteral("failed"));
                    Q_EMIT stepStateChanged(i, QStringLiteral("failed"));
                    *failed << tr("%1: %2 did not start: %3")
                                   .arg(s.nodeName, s.role,
                                        failure.isEmpty() ? QString::fromUtf8((err + out).trimmed()).right(2000) : failure);
                } else {
                    const QString id = QString::fromUtf8(out.trimmed()).section(QLatin1Char('\n'), -1);
                    say(s.nodeId, tr("%1 started (%2); waiting until %3.").arg(s.role, id, s.readiness));
                }
                if (--m_pending > 0)
                    return;
                if (!failed->isEmpty())
                    failLaunch(failed->join(QLatin1Char('\n')));
                else
                    pollOrder(order, QDateTime::currentDateTimeUtc().addMSecs(
                                         (m_job.rendered.steps.at(i).role == QLatin1String("vllm")
                                          || m_job.rendered.steps.at(i).role == QLatin1String("llama-server"))
                                             ? m_timeouts.server.count()
                                             : m_timeouts.ray.count()));
            },
            secretInput(s));
    }
}

QString JobLauncher::readinessCommand(const Step &s) const
{
    const JobSpec &spec = m_job.spec;
    const QString alive = QStringLiteral("if ! { %1; }; then exit %2; fi").arg(aliveCommand(spec, s.nodeId, s.role)).arg(kDead);
    QString ready;
    if (s.role == QLatin1String("ray-head") || s.role == QLatin1String("ray-worker")) {
        // The head's `ray status` (run on the head) counts the nodes.
        ready.clear();
    } else if (s.role == QLatin1String("vllm") || s.role == QLatin1String("llama-server")) {
        // RCCL's words on its transport, while vLLM starts: a failure stops the launch at once.
        if (s.role == QLatin1String("vllm"))
            ready = QStringLiteral("{ %1; } 2>/dev/null | grep -E %2 | tail -n 40 | sed 's/^/rccl: /'\n")
                        .arg(logCommand(spec, s.nodeId, s.role, 5000, false), shellQuote(transportLogPattern()));
        const QString engine = shellQuote(enginePath(s.nodeId));
        // Where the server listens (its bind address, or the head's data-plane address).
        const QString url = shellQuote(m_job.rendered.apiUrl);
        ready += QStringLiteral("%1 api health --url %2 --timeout 5 >/dev/null </dev/null || exit 1").arg(engine, url);
        if (s.role == QLatin1String("vllm"))
            ready += QStringLiteral("; %1 api models --url %2 --timeout 10%3")
                         .arg(engine, url, apiKey().isEmpty() ? QStringLiteral(" </dev/null") : QStringLiteral(" --api-key-stdin"));
    } else if (s.role == QLatin1String("rpc-server")) {
        ready = QStringLiteral("ss -Hltn 'sport = :%1' | grep -q . || exit 1").arg(spec.rpcPort);
    }
    if (s.role == QLatin1String("vllm"))
        return ready.section(QLatin1Char('\n'), 0, 0) + QLatin1Char('\n') + alive + QLatin1Char('\n') + ready.section(QLatin1Char('\n'), 1);
    return ready.isEmpty() ? alive : alive + QLatin1Char('\n') + ready;
}

void JobLauncher::pollOrder(int order, QDateTime deadline)
{
    QList<int> indices;
    bool ray = false;
    for (int i = 0; i < m_job.rendered.steps.size(); ++i) {
        const Step &s = m_job.rendered.steps.at(i);
        if (s.order != order)
            continue;
        indices << i;
        ray = ray || s.role.startsWith(QLatin1String("ray-"));
    }
    struct Round {
        int pending = 0;
        QStringList dead;
        bool allReady = true;
        QString lastSeen;
        QStringList rccl;      // what RCCL's failure lines mean
        QStringList rcclLines; // and the lines
    };
    auto round = std::make_shared<Round>();
    round->pending = int(indices.size()) + (ray ? 1 : 0);
    auto finishRound = [this, order, deadline, round, indices] {
        if (--round->pending > 0)
            return;
        if (!round->rcclLines.isEmpty()) {
            // RDMA did not come up: a launch failure with the cause, not a TCP run (RCCL has no fallback
            // once NET/IB is chosen; ROCm/rccl net_ib.cc).
            for (int k : indices) {
                m_stepState.insert(k, QStringLiteral("failed"));
                Q_EMIT stepStateChanged(k, QStringLiteral("failed"));
            }
            failLaunch(tr("RDMA did not come up between the nodes:\n%1\nRCCL's lines:\n%2")
                           .arg((round->rccl.isEmpty() ? QStringList{tr("see RCCL's lines below")} : round->rccl).join(QLatin1Char('\n')),
                                round->rcclLines.mid(0, 12).join(QLatin1Char('\n'))));
            return;
        }
        if (!round->dead.isEmpty()) {
            // Fetch the end of the dead role's log, then fail.
            int deadIndex = indices.first();
            for (int k : indices) {
                if (round->dead.contains(m_job.rendered.steps.at(k).role + QLatin1Char('@') + m_job.rendered.steps.at(k).nodeId))
                    deadIndex = k;
            }
            const Step s = m_job.rendered.steps.at(deadIndex);
            m_stepState.insert(deadIndex, QStringLiteral("failed"));
            Q_EMIT stepStateChanged(deadIndex, QStringLiteral("failed"));
            run(s.nodeId, logCommand(m_job.spec, s.nodeId, s.role, 25, false), std::chrono::seconds(20),
                [this, s](int, const QByteArray &out, const QByteArray &, const QString &) {
                    failLaunch(tr("%1 on %2 ended while starting. The end of its log:\n%3")
                                   .arg(s.role, s.nodeName, QString::fromUtf8(out.trimmed())));
                });
            return;
        }
        if (round->allReady) {
            for (int k : indices) {
                m_stepState.insert(k, QStringLiteral("ready"));
                Q_EMIT stepStateChanged(k, QStringLiteral("ready"));
                say(m_job.rendered.steps.at(k).nodeId, tr("%1 ready: %2").arg(m_job.rendered.steps.at(k).role,
                                                                            m_job.rendered.steps.at(k).readiness));
            }
            startOrder(order + 1);
            return;
        }
        if (QDateTime::currentDateTimeUtc() > deadline) {
            failLaunch(tr("Not ready in time: %1%2")
                           .arg(m_job.rendered.steps.at(indices.first()).readiness,
                                round->lastSeen.isEmpty() ? QString() : tr(" (last seen: %1)").arg(round->lastSeen)));
            return;
        }
        const quint64 generation = m_generation;
        QTimer::singleShot(m_timeouts.poll, this, [this, order, deadline, generation] {
            if (generation == m_generation)
                pollOrder(order, deadline);
        });
    };
    for (int i : indices) {
        const Step s = m_job.rendered.steps.at(i);
        const QByteArray key = s.role == QLatin1String("vllm") && !apiKey().isEmpty() ? apiKey() + '\n' : QByteArray();
        run(s.nodeId, readinessCommand(s), std::chrono::seconds(60),
            [this, s, round, finishRound](int code, const QByteArray &out, const QByteArray &, const QString &failure) {
                if (s.role == QLatin1String("vllm")) {
                    QByteArray lines;
                    for (const QByteArray &l : out.split('\n'))
                        if (l.startsWith("rccl: "))
                            lines += l.mid(6) + '\n';
                    const TransportLog t = readTransportLog(m_job, lines, !m_job.spec.tcpOnly);
                    if (t.rdmaFailed() && round->rccl.isEmpty()) {
                        round->rccl = t.causes;
                        round->rcclLines = t.failures;
                    }
                }
                if (code == kDead) {
                    round->dead << s.role + QLatin1Char('@') + s.nodeId;
                } else if (code != 0 || !failure.isEmpty()) {
                    round->allReady = false;
                    const QString seen = failure.isEmpty() ? lastJsonObject(out)
                                                                 .value(QStringLiteral("error"))
                                                                 .toObject()
                                                                 .value(QStringLiteral("message"))
                                                                 .toString()
                                                           : failure;
                    if (!seen.isEmpty())
                        round->lastSeen = seen;
                } else if (s.role == QLatin1String("vllm")) {
                    const QJsonObject models = lastJsonObject(out);
                    const QStringList ids = [&] {
                        QStringList l;
                        for (const QJsonValue &v : models.value(QStringLiteral("models")).toArray())
                            l << v.toString();
                        return l;
                    }();
                    if (!ids.contains(servedModelName(m_job.spec))) {
                        round->allReady = false;
                        round->lastSeen = tr("/v1/models lists %1").arg(ids.isEmpty() ? tr("nothing") : ids.join(QStringLiteral(", ")));
                    }
                }
                finishRound();
            },
            key);
    }
    if (ray) {
        const JobNode &hn = m_job.nodes.first();
        const QString status = runInRuntime(
            m_job.spec, QStringLiteral("ray-head"), m_job.rendered.env.value(hn.nodeId),
            {QStringLiteral("ray"), QStringLiteral("status"),
             QStringLiteral("--address=%1:%2").arg(hn.dataIp).arg(m_job.spec.rayPort)});
        const int want = order == 0 ? 1 : int(m_job.nodes.size());
        run(hn.nodeId, status + QStringLiteral(" </dev/null 2>&1"), std::chrono::seconds(60),
            [this, round, finishRound, want](int code, const QByteArray &out, const QByteArray &, const QString &failure) {
                const int nodes = code == 0 && failure.isEmpty() ? rayActiveNodes(out) : -1;
                if (nodes < want) {
                    round->allReady = false;
                    round->lastSeen = nodes < 0 ? tr("Ray does not answer yet")
                                                : tr("the Ray cluster has %1 of %2 nodes").arg(nodes).arg(want);
                }
                finishRound();
            });
    }
}

void JobLauncher::failLaunch(const QString &error)
{
    m_error = error;
    say({}, error);
    if (!anythingStarted() && !m_job.startedAt.isValid()) {
        setPhase(Phase::Failed);
        Q_EMIT launchFinished(false);
        return;
    }
    say({}, tr("Stopping what was started on every node."));
    setPhase(Phase::Stopping);
    int last = 0;
    for (const Step &s : std::as_const(m_job.rendered.steps))
        last = std::max(last, s.order);
    stopOrders(last, [this](bool) {
        setPhase(Phase::Failed);
        Q_EMIT launchFinished(false);
    });
}

// --- stop

void JobLauncher::stopOrders(int order, std::function<void(bool)> done)
{
    if (order < 0) {
        m_pending = int(m_job.nodes.size());
        auto ok = std::make_shared<bool>(true);
        for (const JobNode &n : std::as_const(m_job.nodes)) {
            run(n.nodeId, QStringLiteral("rm -f %1/job.json").arg(jobDirShell(m_job.spec.name, n.nodeId)),
                std::chrono::seconds(30),
                [this, ok, done](int code, const QByteArray &, const QByteArray &, const QString &) {
                    *ok = *ok && code == 0;
                    if (--m_pending == 0)
                        done(*ok);
                });
        }
        return;
    }
    QList<int> indices;
    for (int i = 0; i < m_job.rendered.steps.size(); ++i) {
        // A step launched here that never started has nothing to stop; a
        // job found on the nodes is stopped whole.
        if (m_job.rendered.steps.at(i).order == order && !neverStarted(i))
            indices << i;
    }
    if (indices.isEmpty()) {
        stopOrders(order - 1, done);
        return;
    }
    m_pending = int(indices.size());
    auto ok = std::make_shared<bool>(true);
    for (int i : indices) {
        const Step s = m_job.rendered.steps.at(i);
        run(s.nodeId, stopCommand(m_job.spec, s.nodeId, s.role), std::chrono::seconds(60),
            [this, i, s, order, ok, done](int code, const QByteArray &, const QByteArray &err, const QString &failure) {
                if (code != 0) {
                    *ok = false;
                    say(s.nodeId, tr("%1 could not be stopped: %2")
                                      .arg(s.role, failure.isEmpty() ? QString::fromUtf8(err.trimmed()) : failure));
                } else {
                    m_stepState.insert(i, QStringLiteral("stopped"));
                    Q_EMIT stepStateChanged(i, QStringLiteral("stopped"));
                    say(s.nodeId, tr("%1 stopped.").arg(s.role));
                }
                if (--m_pending > 0)
                    return;
                const bool allOk = *ok;
                stopOrders(order - 1, [done, allOk](bool filesOk) { done(allOk && filesOk); });
            });
    }
}

bool JobLauncher::anythingStarted() const
{
    for (int i = 0; i < m_job.rendered.steps.size(); ++i)
        if (!neverStarted(i))
            return true;
    return false;
}

bool JobLauncher::neverStarted(int index) const
{
    if (!m_startsKnown)
        return false;
    const QString st = m_stepState.value(index);
    return st.isEmpty() || st == QLatin1String("waiting") || st == QLatin1String("not started");
}

void JobLauncher::stop()
{
    if (isBusy())
        abandon(); // a launch in progress is stopped below, with everything else
    m_error.clear();
    if (m_startsKnown && !anythingStarted() && !m_job.startedAt.isValid()) {
        say({}, tr("Nothing of the job '%1' was started: nothing to stop.").arg(m_job.spec.name));
        setPhase(Phase::Stopped);
        Q_EMIT stopFinished(true);
        if (m_relaunchAfterStop) {
            m_relaunchAfterStop = false;
            launch();
        }
        return;
    }
    setPhase(Phase::Stopping);
    say({}, tr("Stopping the job '%1'.").arg(m_job.spec.name));
    int last = 0;
    for (const Step &s : std::as_const(m_job.rendered.steps))
        last = std::max(last, s.order);
    stopOrders(last, [this](bool ok) {
        if (!ok)
            m_error = tr("Some parts of the job could not be stopped (see the messages).");
        setPhase(ok ? Phase::Stopped : Phase::Failed);
        Q_EMIT stopFinished(ok);
        if (m_relaunchAfterStop) {
            m_relaunchAfterStop = false;
            if (ok)
                launch();
            else
                Q_EMIT launchFinished(false);
        }
    });
}

void JobLauncher::restart()
{
    m_relaunchAfterStop = true;
    stop();
}

} // namespace halolink::jobs
