#pragma once
// Hosts to import from an OpenSSH client config (~/.ssh/config by default).
//
// Every name of a `Host` line that is not a pattern (no *, ? or !) is one
// host. Its HostName, User, Port and IdentityFile are resolved as ssh does:
// the first value wins, going through the file in order over every block
// whose patterns match the name (so `Host *` defaults at the end apply) and
// the lines before the first Host. `Include` is followed (relative paths from
// ~/.ssh, globs, at most 16 deep). `Match` blocks cannot be evaluated without
// connecting, so they are skipped, with a note naming the file and line.
//
// The imported node keeps the alias as its host and leaves user, port and key
// empty, so the ssh config stays the one place they are set (and ProxyJump and
// the rest keep working); the resolved values are for showing.

#include "inventory/node.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace halolink {

struct SshConfigHost {
    QString alias;
    QString hostName; // empty: the alias is the host name
    QString user;
    int port = 0;
    QStringList identityFiles;
    QString file; // where its Host line is
    int line = 0;

    // The inventory node for this host: name and host = alias.
    Node toNode() const;
};

struct SshConfigImport {
    QList<SshConfigHost> hosts;
    QStringList notes; // skipped Match blocks, wildcard-only Host lines, unreadable Includes
    QString error;     // the file itself could not be read
    bool ok() const { return error.isEmpty(); }
};

// path empty: sshUserConfigFile() (ssh/sshpaths.h: the passwd home's
// .ssh/config, or the HALOLINK_SSH_* overrides), the same file a connection
// reads. Relative Includes are resolved against sshDir (default: sshFolder()),
// as ssh does for the user config.
SshConfigImport parseSshConfig(const QString &path = QString(), const QString &sshDir = QString());
QString defaultSshConfigPath();

// Whether an ssh Host pattern list matches a name (*, ?, ! negation).
bool sshPatternListMatches(const QStringList &patterns, const QString &name);

} // namespace halolink
