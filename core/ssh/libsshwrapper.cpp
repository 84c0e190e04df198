#include "ssh/libsshwrapper.h"

#include "ssh/sshlogging.h"
#include "ssh/sshpaths.h"

#include <libssh/callbacks.h>

#include <QByteArray>
#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <mutex>

namespace halolink::libssh {

namespace {
// This file's texts outside a QObject: Ssh::tr("...") is looked up in the
// context lupdate files it under.
struct Ssh {
    Q_DECLARE_TR_FUNCTIONS(halolink::ssh)
};
} // namespace

namespace {

// libssh writes its log to stderr unless a callback takes it: with its
// default level that is every error it registers (_ssh_set_error logs at
// SSH_LOG_WARN: "Access denied for 'none'..."), next to halolinkctl's own
// output. They go to halolink.libssh instead, off by default
// (QT_LOGGING_RULES="halolink.libssh.debug=true" shows them). The level
// stays libssh's: above it, libssh would log packets.
void toLoggingCategory(int priority, const char *function, const char *buffer, void *)
{
    qCDebug(lcLibssh).noquote() << priority << (function ? function : "") << (buffer ? buffer : "");
}

} // namespace

void initialize()
{
    static std::once_flag once;
    std::call_once(once, [] { ssh_init(); });
    // The callback is per thread in libssh 0.10 (log.c: LIBSSH_THREAD
    // ssh_log_cb), and every session runs on a thread of its own.
    thread_local bool routed = false;
    if (!routed) {
        ssh_set_log_callback(toLoggingCategory);
        routed = true;
    }
}

QString lastError(ssh_session session)
{
    const char *e = session ? ssh_get_error(session) : nullptr;
    return e && *e ? QString::fromUtf8(e) : Ssh::tr("unknown libssh error");
}

namespace {

bool setString(ssh_session s, ssh_options_e option, const QString &value, const char *what, QString *error)
{
    const QByteArray v = value.toUtf8();
    if (ssh_options_set(s, option, v.constData()) != SSH_OK) {
        *error = Ssh::tr("Cannot set the SSH %1 \"%2\": %3").arg(Ssh::tr(what), value, lastError(s));
        return false;
    }
    return true;
}

} // namespace

bool applyEndpoint(ssh_session s, const SshEndpoint &ep, QString *error)
{
    if (ep.host.trimmed().isEmpty()) {
        *error = Ssh::tr("No host given.");
        return false;
    }
    // The ssh dir decides where the default config ("%d/config") and keys
    // are: set it first, and always, to the folder the import also reads
    // (ssh/sshpaths.h). libssh 0.10 would pick the same one by itself
    // (ssh_get_user_home_dir: passwd's pw_dir), but only one function decides.
    const QString sshDir = ep.sshDir.isEmpty() ? sshFolder() : ep.sshDir;
    if (!setString(s, SSH_OPTIONS_SSH_DIR, sshDir, QT_TRANSLATE_NOOP("halolink::ssh", "directory"), error))
        return false;
    if (!setString(s, SSH_OPTIONS_HOST, ep.host, QT_TRANSLATE_NOOP("halolink::ssh", "host"), error))
        return false;

    // The config: aliases, HostName, User, Port, IdentityFile, ProxyJump.
    int rc;
    // libssh 0.10 options.c, ssh_options_parse_config(): NULL reads
    // "%d/config" (the ssh dir set above), then /etc/ssh/ssh_config; a path
    // reads that file alone.
    if (ep.configFile.isEmpty()) {
        rc = ssh_options_parse_config(s, nullptr);
    } else {
        const QByteArray path = ep.configFile.toUtf8();
        rc = ssh_options_parse_config(s, path.constData());
    }
    if (rc != SSH_OK) {
        *error = Ssh::tr("Cannot read the SSH config %1: %2").arg(configFileFor(ep), lastError(s));
        return false;
    }
    // Parsed once, here; ssh_connect must not parse it again over our overrides.
    bool no = false;
    ssh_options_set(s, SSH_OPTIONS_PROCESS_CONFIG, &no);

    // The person's overrides win over the config.
    if (!ep.user.isEmpty()
        && !setString(s, SSH_OPTIONS_USER, ep.user, QT_TRANSLATE_NOOP("halolink::ssh", "user"), error))
        return false;
    // Neither the config nor the person named a user: the local account, as
    // ssh does. libssh 0.10 fills it in only inside ssh_connect
    // (ssh_options_apply), so before that SSH_OPTIONS_USER reads empty and a
    // message said "@node1:22". Setting NULL is libssh's own way to take the
    // local user (options.c, SSH_OPTIONS_USER: NULL -> ssh_get_local_username()).
    if (resolvedUser(s).isEmpty() && ssh_options_set(s, SSH_OPTIONS_USER, nullptr) != SSH_OK) {
        *error = Ssh::tr("No SSH user: none in %1 and the local account has no name: %2")
                     .arg(configFileFor(ep), lastError(s));
        return false;
    }
    if (ep.port > 0) {
        const unsigned int port = static_cast<unsigned int>(ep.port);
        if (ssh_options_set(s, SSH_OPTIONS_PORT, &port) != SSH_OK) {
            *error = Ssh::tr("Cannot set the SSH port %1.").arg(ep.port);
            return false;
        }
    }
    if (!ep.identityFile.isEmpty()
        && !setString(s, SSH_OPTIONS_IDENTITY, ep.identityFile,
            QT_TRANSLATE_NOOP("halolink::ssh", "identity file"), error))
        return false;
    if (!ep.knownHostsFile.isEmpty()
        && !setString(s, SSH_OPTIONS_KNOWNHOSTS, ep.knownHostsFile,
            QT_TRANSLATE_NOOP("halolink::ssh", "known_hosts file"), error))
        return false;
    if (!ep.globalKnownHostsFile.isEmpty()
        && !setString(s, SSH_OPTIONS_GLOBAL_KNOWNHOSTS, ep.globalKnownHostsFile,
            QT_TRANSLATE_NOOP("halolink::ssh", "global known_hosts file"), error))
        return false;
    if (!ep.agentSocket.isEmpty()) {
        // "none": a path nothing listens on, so libssh finds no agent.
        const QString sock
            = ep.agentSocket == QLatin1String("none") ? QStringLiteral("/dev/null") : ep.agentSocket;
        if (!setString(s, SSH_OPTIONS_IDENTITY_AGENT, sock,
                QT_TRANSLATE_NOOP("halolink::ssh", "agent socket"), error))
            return false;
    }
    // Never ask on a terminal or accept keys silently: host keys are decided by
    // SshSession (known_hosts + the person), not by libssh.
    int strict = 1;
    ssh_options_set(s, SSH_OPTIONS_STRICTHOSTKEYCHECK, &strict);
    int nodelay = 1;
    ssh_options_set(s, SSH_OPTIONS_NODELAY, &nodelay);
    return true;
}

QString configFileFor(const SshEndpoint &ep)
{
    return ep.configFile.isEmpty() ? (ep.sshDir.isEmpty() ? sshFolder() : ep.sshDir) + QStringLiteral("/config")
                                   : ep.configFile;
}

QString resolvedHost(ssh_session s)
{
    char *v = nullptr;
    if (ssh_options_get(s, SSH_OPTIONS_HOST, &v) != SSH_OK || !v)
        return {};
    const QString out = QString::fromUtf8(v);
    ssh_string_free_char(v);
    return out;
}

QString resolvedUser(ssh_session s)
{
    char *v = nullptr;
    if (ssh_options_get(s, SSH_OPTIONS_USER, &v) != SSH_OK || !v)
        return {};
    const QString out = QString::fromUtf8(v);
    ssh_string_free_char(v);
    return out;
}

int resolvedPort(ssh_session s)
{
    unsigned int port = 0;
    if (ssh_options_get_port(s, &port) != SSH_OK)
        return 22;
    return static_cast<int>(port);
}

void setTimeout(ssh_session s, std::chrono::milliseconds timeout)
{
    const long ms = std::max<long>(1, static_cast<long>(timeout.count()));
    long seconds = ms / 1000;
    long usec = (ms % 1000) * 1000;
    ssh_options_set(s, SSH_OPTIONS_TIMEOUT, &seconds);
    ssh_options_set(s, SSH_OPTIONS_TIMEOUT_USEC, &usec);
}

HostKeyInfo serverHostKey(ssh_session s, QString *error)
{
    HostKeyInfo info;
    info.host = resolvedHost(s);
    info.port = resolvedPort(s);
    ssh_key raw = nullptr;
    if (ssh_get_server_publickey(s, &raw) != SSH_OK || !raw) {
        *error = Ssh::tr("The server sent no host key: %1").arg(lastError(s));
        return info;
    }
    Key key(raw);
    info.keyType = QString::fromLatin1(ssh_key_type_to_char(ssh_key_type(key.get())));
    unsigned char *hash = nullptr;
    size_t len = 0;
    if (ssh_get_publickey_hash(key.get(), SSH_PUBLICKEY_HASH_SHA256, &hash, &len) != SSH_OK) {
        *error = Ssh::tr("Cannot hash the host key: %1").arg(lastError(s));
        return info;
    }
    char *text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, len);
    ssh_clean_pubkey_hash(&hash);
    if (!text) {
        *error = Ssh::tr("Cannot format the host key fingerprint.");
        return info;
    }
    info.fingerprint = QString::fromLatin1(text); // "SHA256:..."
    ssh_string_free_char(text);
    return info;
}

QString methodNames(int methods)
{
    QStringList names;
    if (methods & SSH_AUTH_METHOD_PUBLICKEY)
        names << QStringLiteral("publickey");
    if (methods & SSH_AUTH_METHOD_INTERACTIVE)
        names << QStringLiteral("keyboard-interactive");
    if (methods & SSH_AUTH_METHOD_PASSWORD)
        names << QStringLiteral("password");
    if (methods & SSH_AUTH_METHOD_HOSTBASED)
        names << QStringLiteral("hostbased");
    if (methods & SSH_AUTH_METHOD_GSSAPI_MIC)
        names << QStringLiteral("gssapi-with-mic");
    return names.isEmpty() ? QStringLiteral("none") : names.join(QLatin1Char(','));
}

} // namespace halolink::libssh
