#include "ssh/sshlogging.h"

Q_LOGGING_CATEGORY(lcSsh, "halolink.ssh", QtInfoMsg)
Q_LOGGING_CATEGORY(lcDeploy, "halolink.deploy", QtInfoMsg)
Q_LOGGING_CATEGORY(lcAgent, "halolink.agent", QtInfoMsg)
// libssh's own log lines (ssh_set_log_callback): off unless asked for.
Q_LOGGING_CATEGORY(lcLibssh, "halolink.libssh", QtWarningMsg)
