#pragma once
// The plain layer over libssh 0.10: owning handles and the few operations that
// need care (option order, host key text). No Qt objects, no threads, no state
// machine — SshSession's worker builds on this. Private to core/ssh.

#include "ssh/sshendpoint.h"
#include "ssh/sshtypes.h"

#include <libssh/libssh.h>
#include <libssh/sftp.h>

#include <QString>

#include <chrono>
#include <memory>

namespace halolink::libssh {

struct SessionDeleter {
    void operator()(ssh_session s) const
    {
        if (ssh_is_connected(s))
            ssh_disconnect(s);
        ssh_free(s);
    }
};
struct ChannelDeleter {
    void operator()(ssh_channel c) const { ssh_channel_free(c); }
};
struct SftpDeleter {
    void operator()(sftp_session s) const { sftp_free(s); }
};
struct SftpFileDeleter {
    void operator()(sftp_file f) const { sftp_close(f); }
};
struct KeyDeleter {
    void operator()(ssh_key k) const { ssh_key_free(k); }
};

using Session = std::unique_ptr<ssh_session_struct, SessionDeleter>;
using Channel = std::unique_ptr<ssh_channel_struct, ChannelDeleter>;
using Sftp = std::unique_ptr<sftp_session_struct, SftpDeleter>;
using SftpFile = std::unique_ptr<sftp_file_struct, SftpFileDeleter>;
using Key = std::unique_ptr<ssh_key_struct, KeyDeleter>;

// libssh's global init, once per process (thread-safe).
void initialize();

// libssh's last error text for a session.
QString lastError(ssh_session session);

// Options in the order that makes ~/.ssh/config behave as with `ssh`: the host
// (alias) first, then the config (which may set HostName, User, Port,
// IdentityFile, ProxyCommand/ProxyJump — and may overwrite what was set before
// it, which is why nothing else is set before it), then the person's overrides,
// then the files and timeouts HaloLink manages. False with *error set on failure.
bool applyEndpoint(ssh_session session, const SshEndpoint &endpoint, QString *error);

// The ssh config applyEndpoint reads for this endpoint: its configFile, else
// sshUserConfigFile() (ssh/sshpaths.h; /etc/ssh/ssh_config is read after it).
// For messages that must say where a name was (not) found.
QString configFileFor(const SshEndpoint &endpoint);

// After applyEndpoint: what the session will really use.
QString resolvedHost(ssh_session session);
QString resolvedUser(ssh_session session);
int resolvedPort(ssh_session session);

// Sets the timeout of blocking calls.
void setTimeout(ssh_session session, std::chrono::milliseconds timeout);

// The server's host key as shown to a person. Empty fingerprint on failure.
HostKeyInfo serverHostKey(ssh_session session, QString *error);

// "publickey,password" from a methods bit mask; for messages.
QString methodNames(int methods);

} // namespace halolink::libssh
