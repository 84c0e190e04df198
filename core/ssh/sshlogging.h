#pragma once
// Logging categories of node access, deployment and the agent session. Kept
// apart from core/logging.h so each area can be switched on by itself:
//   QT_LOGGING_RULES="halolink.ssh.debug=true;halolink.agent.debug=true"
// and libssh's own lines: "halolink.libssh.debug=true".
// Nothing logged under these categories ever contains a secret.

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcSsh)
Q_DECLARE_LOGGING_CATEGORY(lcDeploy)
Q_DECLARE_LOGGING_CATEGORY(lcAgent)
Q_DECLARE_LOGGING_CATEGORY(lcLibssh)
