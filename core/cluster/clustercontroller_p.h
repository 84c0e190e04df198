#pragma once
// ClusterController's per-node bookkeeping, shared by its source files
// (clustercontroller.cpp: sessions and inventory; _state.cpp: the node's
// state and its text; _mesh.cpp: reflector, mesh and its budget). Private.

#include "cluster/clustercontroller.h"

#include "agent/sshagenttransport.h"

#include <QDeadlineTimer>

namespace halolink {

struct ClusterController::Entry {
    Node node;
    AgentSession *session = nullptr;
    SshAgentTransport *ssh = nullptr; // null for This computer
    QPointer<SshSession> sshSession;
    NodeState state = NodeState::NotProbed;
    QString detail;
    int reflectorPort = 0;
    QJsonArray meshPeers;
    ClusterController::MeshPlan meshPlan; // sent with meshPeers
    bool meshSent = false;
    quint64 generation = 0; // counts ready periods; replies of an older one are ignored
    bool everReady = false;
    std::optional<ProbeReport> probe; // the latest, kept across losses
    QString probeError;
    bool probing = false;
    bool paused = false; // reflector and mesh held off (pauseRdmaServices)
    // When the session tries again (Lost/Unreachable, "reconnecting in n s"):
    // the detail counts down to it (updateCountdowns()). Forever: none pending.
    QDeadlineTimer reconnectAt{QDeadlineTimer::Forever};
};

} // namespace halolink
