#pragma once
// Where and how to reach one node over SSH.
//
// `host` is a host name, an address or a Host alias of the ssh config. The
// config (~/.ssh/config and /etc/ssh/ssh_config, or `configFile` alone when
// set) is applied first, exactly as `ssh` would: aliases, HostName, User,
// Port, IdentityFile, ProxyJump (libssh 0.10 turns it into a ProxyCommand
// running `ssh -W`, so the OpenSSH client must be installed for that). The
// fields the person set here are applied AFTER the config, so they win.

#include <QMetaType>
#include <QString>

#include <chrono>

namespace halolink {

struct SshEndpoint {
    QString host; // name, address or ssh config alias (required)
    QString user; // empty: from the config, else the local user
    int port = 0; // 0: from the config, else 22
    QString identityFile; // empty: agent + the config's/default keys

    // Empty means the person's own files (~/.ssh/config, ~/.ssh/known_hosts,
    // /etc/ssh/ssh_known_hosts, ~/.ssh). Tests point them at a temp dir.
    QString configFile;
    QString knownHostsFile;
    QString globalKnownHostsFile;
    QString sshDir; // where default keys (id_ed25519, ...) are looked for
    // Empty: $SSH_AUTH_SOCK. "none" disables the agent.
    QString agentSocket;

    // The longest the server may stay silent during the handshake (the whole
    // handshake may take six times this): SshWorker::waitConnect.
    std::chrono::milliseconds connectTimeout { std::chrono::seconds(10) };
    // Blocking libssh calls (auth, channel open, SFTP) give up after this.
    std::chrono::milliseconds operationTimeout { std::chrono::seconds(20) };
    // A keep-alive is sent every interval; after `keepAliveCountMax` unanswered
    // in a row the connection counts as lost (like ServerAliveInterval and
    // ServerAliveCountMax). 0 disables.
    std::chrono::milliseconds keepAliveInterval { std::chrono::seconds(15) };
    int keepAliveCountMax = 3;

    // "user@host:port" as far as known before the config is read; for messages.
    QString displayName() const;
    // Stable key of the credentials of this endpoint (keychain entries).
    QString credentialKey() const;
};

} // namespace halolink

Q_DECLARE_METATYPE(halolink::SshEndpoint)
