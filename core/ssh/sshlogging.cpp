#include "ssh/sshlogging.h"

Q_LOGGING_CATEGORY(lcSsh, "halolink.ssh", QtInfoMsg)
Q_LOGGING_CATEGORY(lcDeploy, "halolink.deploy", QtInfoMsg)
Q_LOGGING_CATEGORY(lcAgent, "halolink.agent", QtInfoMsg)
