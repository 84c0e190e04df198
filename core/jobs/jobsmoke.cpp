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

// The smoke test: counters, one completion, counters again, the proof.

void JobLauncher::sampleAll(std::function<void(QHash<QString, TrafficSample>)> done)
{
    auto samples = std::make_shared<QHash<QString, TrafficSample>>();
    auto pending = std::make_shared<int>(int(m_job.nodes.size()));
    for (const JobNode &n : std::as_const(m_job.nodes)) {
        const JobNode node = n;
        const QString engine = enginePath(n.nodeId);
        if (engine.isEmpty()) {
            QTimer::singleShot(0, this, [pending, samples, done] {
                if (--*pending == 0)
                    done(*samples);
            });
            continue;
        }
        QString device;
        std::optional<ProbeReport> probe = n.probe;
        if (!probe && m_cluster)
            probe = m_cluster->probeReport(n.nodeId);
        if (probe) {
            if (const RdmaPort *p = setup::rdmaPortOf(*probe, n.dataInterface))
                device = p->device;
        }
        run(n.nodeId, shellCommand({engine, QStringLiteral("counters")}) + QStringLiteral(" </dev/null"),
            std::chrono::seconds(30),
            [this, node, device, pending, samples, done](int code, const QByteArray &out, const QByteArray &err,
                                                         const QString &failure) {
                QString why;
                const auto s = code == 0 ? trafficFromCounters(lastJsonObject(out), node.dataInterface, device, &why)
                                         : std::nullopt;
                if (s)
                    samples->insert(node.nodeId, *s);
                else
                    say(node.nodeId, tr("Counters not read: %1")
                                         .arg(!failure.isEmpty() ? failure
                                                                 : why.isEmpty() ? QString::fromUtf8(err.trimmed()) : why));
                if (--*pending == 0)
                    done(*samples);
            });
    }
}

void JobLauncher::smokeTest()
{
    if (isBusy())
        return;
    m_smoke = {};
    m_error.clear();
    setPhase(Phase::SmokeTesting);
    // Probes for the causes, when the job came from a discovery.
    for (JobNode &n : m_job.nodes) {
        if (!n.probe && m_cluster)
            n.probe = m_cluster->probeReport(n.nodeId);
    }
    say({}, tr("Smoke test: counters, %1 s of background, one chat completion, counters again.")
                .arg(double(m_timeouts.background.count()) / 1000.0));
    fetchApiKey([this](bool keyOk, const QString &keyError) {
    if (!keyOk) {
        m_smoke.error = keyError;
        finishSmoke(false);
        return;
    }
    sampleAll([this](QHash<QString, TrafficSample> background) {
        const quint64 generation = m_generation;
        QTimer::singleShot(m_timeouts.background, this, [this, background, generation] {
            if (generation != m_generation)
                return;
            sampleAll([this, background](QHash<QString, TrafficSample> before) {
                const QString head = m_job.headNodeId();
                const QString command = shellCommand({enginePath(head), QStringLiteral("api"), QStringLiteral("chat"),
                                                      QStringLiteral("--url"),
                                                      m_job.rendered.apiUrl,
                                                      QStringLiteral("--model"), servedModelName(m_job.spec), QStringLiteral("--prompt"),
                                                      m_prompt, QStringLiteral("--max-tokens"), QString::number(m_maxTokens),
                                                      QStringLiteral("--timeout"), QStringLiteral("600")})
                                        + (apiKey().isEmpty() ? QStringLiteral(" </dev/null") : QStringLiteral(" --api-key-stdin"));
                say(head, tr("Chat completion through %1/v1 ...").arg(m_job.rendered.apiUrl));
                run(head, command, std::chrono::minutes(11),
                    [this, background, before](int code, const QByteArray &out, const QByteArray &err,
                                               const QString &failure) {
                        const QJsonObject r = lastJsonObject(out);
                        m_smoke.ok = code == 0 && r.value(QStringLiteral("ok")).toBool();
                        if (m_smoke.ok) {
                            m_smoke.ttftMs = r.value(QStringLiteral("ttft_ms")).toDouble();
                            m_smoke.totalMs = r.value(QStringLiteral("total_ms")).toDouble();
                            m_smoke.tokens = r.value(QStringLiteral("completion_tokens")).toInt();
                            if (r.value(QStringLiteral("tokens_per_s")).isDouble())
                                m_smoke.tokensPerSecond = r.value(QStringLiteral("tokens_per_s")).toDouble();
                            m_smoke.text = r.value(QStringLiteral("text")).toString();
                        } else {
                            const QString msg = r.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString();
                            m_smoke.error = !failure.isEmpty() ? failure
                                            : !msg.isEmpty()   ? msg
                                                               : QString::fromUtf8((err + out).trimmed()).right(1000);
                        }
                        auto afterwards = [this, background, before] {
                            sampleAll([this, background, before](QHash<QString, TrafficSample> after) {
                                m_smoke.proof = judgeTraffic(m_job, background, before, after);
                                collectWitnesses(&m_smoke.proof, [this] { finishSmoke(m_smoke.ok); });
                            });
                        };
                        if (m_smoke.ok) {
                            afterwards();
                            return;
                        }
                        // A server that died mid-answer says why in its log, not in the answer.
                        describeEndedRoles([this, afterwards](const QStringList &ended) {
                            for (const QString &e : ended)
                                m_smoke.error += QLatin1Char('\n') + e;
                            afterwards();
                        });
                    },
                    apiKey().isEmpty() ? QByteArray() : apiKey() + '\n');
            });
        });
    });
    });
}

// After a failed smoke test: which of the job's processes have ended, each
// with the end of its log. One command per node.
void JobLauncher::describeEndedRoles(std::function<void(QStringList)> done)
{
    static const QString kMark = QStringLiteral("halolink-ended: ");
    QMap<QString, QList<Step>> byNode;
    for (const Step &s : std::as_const(m_job.rendered.steps))
        byNode[s.nodeId] << s;
    struct State {
        int pending = 0;
        QMap<QString, QStringList> ended; // node id -> descriptions, in the steps' order
    };
    auto st = std::make_shared<State>();
    st->pending = int(byNode.size());
    if (st->pending == 0) {
        QTimer::singleShot(0, this, [done] { done({}); });
        return;
    }
    auto finish = [st, done] {
        if (--st->pending > 0)
            return;
        QStringList all;
        for (const QStringList &l : std::as_const(st->ended))
            all << l;
        done(all);
    };
    for (auto it = byNode.cbegin(); it != byNode.cend(); ++it) {
        QStringList script;
        for (const Step &s : it.value())
            script << QStringLiteral("if ! { %1; }; then printf '%s\\n' %2; { %3; } | tail -n 15; fi")
                          .arg(aliveCommand(m_job.spec, s.nodeId, s.role), shellQuote(kMark + s.role),
                               logCommand(m_job.spec, s.nodeId, s.role, 15, false));
        const QList<Step> steps = it.value();
        const QString nodeId = it.key();
        run(nodeId, script.join(QLatin1Char('\n')) + QStringLiteral("\ntrue"), std::chrono::seconds(30),
            [st, steps, nodeId, finish](int, const QByteArray &out, const QByteArray &, const QString &failure) {
                if (failure.isEmpty()) {
                    QString role;
                    QStringList tail;
                    auto flush = [&] {
                        if (role.isEmpty())
                            return;
                        QString where;
                        for (const Step &s : steps)
                            if (s.role == role)
                                where = s.nodeName;
                        st->ended[nodeId]
                            << tr("%1 on %2 has ended. The end of its log:\n%3")
                                   .arg(role, where, tail.isEmpty() ? tr("(empty)") : tail.join(QLatin1Char('\n')));
                        tail.clear();
                    };
                    for (const QString &line : QString::fromUtf8(out).split(QLatin1Char('\n'))) {
                        if (line.startsWith(kMark)) {
                            flush();
                            role = line.mid(kMark.size()).trimmed();
                        } else if (!role.isEmpty() && !line.trimmed().isEmpty()) {
                            tail << line;
                        }
                    }
                    flush();
                }
                finish();
            });
    }
}

// The other witnesses, while the job still runs: RCCL's transport lines in
// the head's vLLM log (llama.cpp: "RDMA activated" in each role's log), and
// on every node the job's processes, their environment and the RDMA queue
// pairs they own.
void JobLauncher::collectWitnesses(Proof *proof, std::function<void()> done)
{
    const JobSpec &spec = m_job.spec;
    const bool vllm = spec.engine == Engine::VllmRay;
    struct State {
        int pending = 0;
        QByteArray log;
        QHash<QString, int> activations;
        QHash<QString, NodeWitness> witness;
    };
    auto st = std::make_shared<State>();
    auto finish = [this, st, proof, done] {
        if (--st->pending > 0)
            return;
        const TransportLog t = readTransportLog(m_job, st->log, !m_job.spec.tcpOnly);
        addWitnesses(*proof, m_job, t, st->witness, st->activations);
        done();
    };
    st->pending = int(m_job.nodes.size()) * 2;
    for (const JobNode &n : std::as_const(m_job.nodes)) {
        const QString id = n.nodeId;
        QString logRole;
        if (vllm)
            logRole = id == m_job.headNodeId() ? QStringLiteral("vllm") : QString();
        else
            logRole = id == m_job.headNodeId() ? QStringLiteral("llama-server") : QStringLiteral("rpc-server");
        if (logRole.isEmpty()) {
            QTimer::singleShot(0, this, finish);
        } else {
            const QString grep = QStringLiteral("{ %1; } 2>/dev/null | grep -E %2 | tail -n 400")
                                     .arg(logCommand(spec, id, logRole, 20000, false), shellQuote(transportLogPattern()));
            run(id, grep, std::chrono::seconds(60),
                [this, st, id, vllm, finish](int, const QByteArray &out, const QByteArray &, const QString &failure) {
                    if (failure.isEmpty()) {
                        if (vllm)
                            st->log += out;
                        else
                            st->activations.insert(id, llamaRdmaActivations(out));
                    }
                    finish();
                });
        }
        run(id, processWitnessCommand(m_job, id, !spec.tcpOnly), std::chrono::seconds(60),
            [st, id, finish](int, const QByteArray &out, const QByteArray &, const QString &failure) {
                if (failure.isEmpty())
                    st->witness.insert(id, parseProcessWitness(out));
                finish();
            });
    }
}

void JobLauncher::finishSmoke(bool ok)
{
    if (ok) {
        say(m_job.headNodeId(),
            tr("Answer: %n token(s), first after %1 ms, %2 tokens/s.", nullptr, m_smoke.tokens)
                .arg(m_smoke.ttftMs, 0, 'f', 0)
                .arg(
                    m_smoke.tokensPerSecond ? QString::number(*m_smoke.tokensPerSecond, 'f', 1) : tr("n/a")));
    } else {
        m_error = tr("The smoke test failed: %1").arg(m_smoke.error);
        say(m_job.headNodeId(), m_error);
    }
    say({}, m_smoke.proof.summary);
    for (const QString &d : std::as_const(m_smoke.proof.details))
        say({}, QStringLiteral("  ") + d);
    for (const QString &c : std::as_const(m_smoke.proof.causes))
        say({}, tr("Likely cause: %1").arg(c));
    setPhase(Phase::Running);
    Q_EMIT smokeFinished(ok);
}
} // namespace halolink::jobs
