// ClusterController: a node's state from its session, and the text that says
// what is happening (connecting, deploying x %, slow, reconnecting in n s).

#include "cluster/clustercontroller_p.h"

#include "deploy/enginedeployer.h"

#include <QLocale>
#include <QRegularExpression>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace halolink {

void ClusterController::setNodeState(Entry &e, NodeState state, const QString &detail, int percent)
{
    if (state != NodeState::Lost && state != NodeState::Unreachable)
        e.reconnectAt = QDeadlineTimer(QDeadlineTimer::Forever); // no countdown any more
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
        // Said once, when the session schedules the attempt: from here on the
        // text counts down to it (updateCountdowns()) instead of standing still.
        static const QRegularExpression reconnecting(QStringLiteral("^reconnecting in ([0-9.]+) s"));
        const auto m = reconnecting.match(status);
        if (!m.hasMatch()) {
            setNodeState(*e, e->state, tr("%1 (%2)").arg(e->session->errorString(), status));
            return;
        }
        e->reconnectAt = QDeadlineTimer(qint64(std::llround(m.captured(1).toDouble() * 1000.0)), Qt::PreciseTimer);
        setNodeState(*e, e->state, reconnectText(*e));
        updateCountdowns();
    }
}

QString ClusterController::reconnectText(const Entry &e)
{
    // Whole seconds, rounded up: "in 1 s" until the attempt, never "in 0 s".
    const qint64 left = std::max<qint64>(e.reconnectAt.remainingTime(), 0);
    const qint64 seconds = std::max<qint64>((left + 999) / 1000, 1);
    return tr("%1 (%2)").arg(e.session->errorString(), tr("reconnecting in %1 s").arg(QLocale().toString(seconds)));
}

void ClusterController::updateCountdowns()
{
    // One timer for every node: it fires when the soonest displayed second
    // changes, and only the rows waiting to reconnect are set (the model and
    // nodeStateChanged() tell only when their text did change).
    qint64 next = -1;
    for (Entry *e : std::as_const(m_entries)) {
        if (e->reconnectAt.isForever())
            continue;
        if (e->state != NodeState::Lost && e->state != NodeState::Unreachable) {
            e->reconnectAt = QDeadlineTimer(QDeadlineTimer::Forever);
            continue;
        }
        setNodeState(*e, e->state, reconnectText(*e));
        const qint64 left = e->reconnectAt.remainingTime();
        if (left <= 1000)
            continue; // "in 1 s" until the session tries (its state then moves on)
        const qint64 toChange = (left - 1) % 1000 + 1; // ms until ceil(left / 1 s) drops by one
        next = next < 0 ? toChange : std::min(next, toChange);
    }
    if (next < 0)
        m_countdown->stop();
    else
        m_countdown->start(int(next) + 5); // a little past the edge, so it has been crossed
}

} // namespace halolink
