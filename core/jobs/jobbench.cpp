#include "jobs/joblauncher.h"
#include "jobs/jobs_internal.h"

#include "cluster/clustercontroller.h"
#include "ssh/remotetask.h"
#include "ssh/shellquote.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <array>
#include <memory>

namespace halolink::jobs {

using namespace detail;

std::optional<QList<int>> parseConcurrencyLevels(const QString &text, QString *error)
{
    QList<int> levels;
    for (const QString &item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString part = item.trimmed();
        if (part.isEmpty())
            continue;
        bool ok = false;
        const int n = part.toInt(&ok);
        if (!ok || n < 1 || n > kMaxBenchConcurrency) {
            *error = Jobs::tr("The concurrency levels are numbers from 1 to %1 such as 1,4,16; '%2' is not one.")
                         .arg(kMaxBenchConcurrency)
                         .arg(part);
            return std::nullopt;
        }
        if (!levels.contains(n))
            levels << n;
    }
    if (levels.isEmpty()) {
        *error = Jobs::tr("Give at least one concurrency level, such as 1,4,16.");
        return std::nullopt;
    }
    return levels;
}

// The proof around any piece of work: counters, the background, counters,
// the work, counters, the witnesses (as the smoke test takes them).
void JobLauncher::withProof(std::function<void(std::function<void()>)> work, Proof *proof, std::function<void()> done)
{
    sampleAll([this, work, proof, done](QHash<QString, TrafficSample> background) {
        const quint64 generation = m_generation;
        QTimer::singleShot(m_timeouts.background, this, [this, background, generation, work, proof, done] {
            if (generation != m_generation)
                return;
            sampleAll([this, background, work, proof, done](QHash<QString, TrafficSample> before) {
                work([this, background, before, proof, done] {
                    sampleAll([this, background, before, proof, done](QHash<QString, TrafficSample> after) {
                        *proof = judgeTraffic(m_job, background, before, after);
                        collectWitnesses(proof, done);
                    });
                });
            });
        });
    });
}

void JobLauncher::serveBench(const ServeBenchOptions &options)
{
    if (isBusy())
        return;
    m_bench = {};
    m_error.clear();
    setPhase(Phase::Benchmarking);
    for (JobNode &n : m_job.nodes) {
        if (!n.probe && m_cluster)
            n.probe = m_cluster->probeReport(n.nodeId);
    }
    QStringList levels;
    for (int c : options.concurrency)
        levels << QString::number(c);
    QStringList argv{enginePath(m_job.headNodeId()), QStringLiteral("api"), QStringLiteral("bench"),
                     QStringLiteral("--url"), m_job.rendered.apiUrl, QStringLiteral("--model"), servedModelName(m_job.spec),
                     QStringLiteral("--concurrency"), levels.join(QLatin1Char(',')), QStringLiteral("--max-tokens"),
                     QString::number(options.maxTokens), QStringLiteral("--seed"), QString::number(options.seed)};
    if (options.requests > 0)
        argv << QStringLiteral("--requests") << QString::number(options.requests);
    say({}, tr("Serving benchmark: concurrency %1, %2 tokens per answer, greedy (seed %3).")
                .arg(levels.join(QStringLiteral(", ")))
                .arg(options.maxTokens)
                .arg(options.seed));
    fetchApiKey([this, argv](bool keyOk, const QString &keyError) {
        if (!keyOk) {
            m_bench.error = keyError;
            finishBench();
            return;
        }
        const QString command = shellCommand(argv)
            + (apiKey().isEmpty() ? QStringLiteral(" </dev/null") : QStringLiteral(" --api-key-stdin"));
        withProof(
            [this, command](std::function<void()> next) {
                const QString head = m_job.headNodeId();
                SshSession *ssh = m_cluster ? m_cluster->sshSession(head) : nullptr;
                if (!ssh) {
                    m_bench.error = tr("%1 is not connected over SSH.").arg(nodeName(head));
                    next();
                    return;
                }
                // Not run(): its progress lines are read as they come.
                auto *task = new RemoteTask(ssh, command, this);
                task->setTimeout(std::chrono::hours(6));
                task->setAgent(m_cluster->session(head));
                if (!apiKey().isEmpty())
                    task->setStdin(apiKey() + '\n');
                m_tasks << task;
                auto pending = std::make_shared<QByteArray>();
                // The engine repeats its progress line after a second without
                // news (so it notices a closed channel): told once here.
                auto last = std::make_shared<std::array<int, 3>>(std::array<int, 3>{-1, -1, -1});
                connect(task, &RemoteTask::outputReceived, this, [this, pending, last](bool isStderr, const QByteArray &data) {
                    if (isStderr)
                        return;
                    *pending += data;
                    qsizetype nl;
                    while ((nl = pending->indexOf('\n')) >= 0) {
                        const QByteArray line = pending->left(nl);
                        pending->remove(0, nl + 1);
                        const QJsonObject o = QJsonDocument::fromJson(line).object();
                        if (o.value(QStringLiteral("event")).toString() != QLatin1String("progress"))
                            continue;
                        const std::array<int, 3> now{o.value(QStringLiteral("concurrency")).toInt(),
                                                     o.value(QStringLiteral("done")).toInt(), o.value(QStringLiteral("of")).toInt()};
                        if (now == *last)
                            continue;
                        *last = now;
                        Q_EMIT benchProgress(now[0], now[1], now[2]);
                    }
                });
                const quint64 generation = m_generation;
                auto end = [this, task, next, generation](int code, const QString &failure) {
                    m_tasks.removeAll(task);
                    task->deleteLater();
                    if (generation != m_generation)
                        return;
                    const QJsonObject doc = lastJsonObject(task->standardOutput());
                    if (doc.value(QStringLiteral("schema")).toString() == QLatin1String("halolink.serve_bench/1"))
                        m_bench.document = doc;
                    m_bench.ok = code == 0 && failure.isEmpty() && doc.value(QStringLiteral("ok")).toBool();
                    if (!m_bench.ok) {
                        const QJsonObject e = doc.value(QStringLiteral("error")).toObject();
                        m_bench.cancelled = e.value(QStringLiteral("code")).toString() == QLatin1String("cancelled");
                        const QString msg = e.value(QStringLiteral("message")).toString();
                        m_bench.error = !failure.isEmpty() ? failure
                                        : !msg.isEmpty()   ? msg
                                                           : QString::fromUtf8((task->standardError() + task->standardOutput()).trimmed()).right(1000);
                    }
                    if (m_bench.ok) {
                        next();
                        return;
                    }
                    describeEndedRoles([this, next](const QStringList &ended) {
                        for (const QString &e : ended)
                            m_bench.error += QLatin1Char('\n') + e;
                        next();
                    });
                };
                connect(task, &RemoteTask::finished, this, [end](int code) { end(code, QString()); });
                connect(task, &RemoteTask::failed, this, [this, end](RemoteTask::Failure, const QString &message) {
                    end(-1, message.isEmpty() ? tr("the command failed") : message);
                });
                say(head, tr("Benchmark through %1/v1 ...").arg(m_job.rendered.apiUrl));
                task->start();
            },
            &m_bench.proof, [this] { finishBench(); });
    });
}

void JobLauncher::finishBench()
{
    if (m_bench.ok) {
        say(m_job.headNodeId(), tr("Benchmark done: %n concurrency level(s).", nullptr,
                                   int(m_bench.document.value(QStringLiteral("levels")).toArray().size())));
    } else {
        m_error = tr("The benchmark failed: %1").arg(m_bench.error);
        say(m_job.headNodeId(), m_error);
    }
    if (!m_bench.proof.summary.isEmpty())
        say({}, m_bench.proof.summary);
    setPhase(Phase::Running);
    Q_EMIT benchFinished(m_bench.ok);
}

} // namespace halolink::jobs
