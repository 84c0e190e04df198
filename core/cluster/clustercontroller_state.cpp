// ClusterController: a node's state from its session, and the text that says
// what is happening (connecting, deploying x %, slow, reconnecting in n s).

#include "cluster/clustercontroller_p.h"

#include "deploy/enginedeployer.h"

#include <QLocale>
#include <QRegularExpression>

namespace halolink {

void ClusterController::setNodeState(Entry &e, NodeState state, const QString &detail, int percent)
{
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
        static const QRegularExpression reconnecting(QStringLiteral("^reconnecting in ([0-9.]+) s"));
        const auto m = reconnecting.match(status);
        const QString when = m.hasMatch()
            ? tr("reconnecting in %1 s").arg(QLocale().toString(m.captured(1).toDouble(), 'f', 1))
            : status;
        setNodeState(*e, e->state, tr("%1 (%2)").arg(e->session->errorString(), when));
    }
}

} // namespace halolink
