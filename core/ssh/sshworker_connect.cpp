#include "ssh/sshworker.h"

#include "ssh/sshlogging.h"
#include "ssh/sshworker_p.h"

#include <QHostAddress>
#include <QThread>

#include <cstring>

#include <poll.h>

// SshWorker: connecting and authenticating (handshake, host key, auth).

namespace halolink {

using sshworker_detail::wipe;

namespace {

enum class AuthStep { Success, Denied, Partial, Error, Cancelled };

AuthStep stepOf(int rc)
{
    switch (rc) {
    case SSH_AUTH_SUCCESS:
        return AuthStep::Success;
    case SSH_AUTH_PARTIAL:
        return AuthStep::Partial;
    case SSH_AUTH_DENIED:
        return AuthStep::Denied;
    default:
        return AuthStep::Error;
    }
}

} // namespace

// --- connect -------------------------------------------------------------------------

void SshWorker::start()
{
    if (m_finished || m_session)
        return;
    libssh::initialize();
    m_session.reset(ssh_new());
    if (!m_session) {
        fail(Internal, tr("libssh could not create a session."));
        return;
    }
    ssh_session s = m_session.get();
    QString error;
    if (!libssh::applyEndpoint(s, m_endpoint, &error)) {
        fail(ConnectFailed, error);
        return;
    }
    Q_EMIT resolved(libssh::resolvedHost(s), libssh::resolvedUser(s), libssh::resolvedPort(s));

    // Passphrases of encrypted keys are asked through this callback, on this thread.
    m_callbacks = {};
    m_callbacks.userdata = this;
    m_callbacks.auth_function = &SshWorker::authCallback;
    ssh_callbacks_init(&m_callbacks);
    ssh_set_callbacks(s, &m_callbacks);

    Q_EMIT connecting();
    if (!waitConnect())
        return;
    ssh_set_blocking(s, 1);
    libssh::setTimeout(s, m_endpoint.operationTimeout);
    checkHostKey();
}

// Socket and handshake, non-blocking, so that an abort (session deleted) is
// seen within a poll period. The connect timeout follows progress: it is the
// longest the server may stay silent (a loaded node, or 64 handshakes at once
// on a laptop, is slow but answers), and the whole handshake may take at most
// kHandshakeLimitFactor times it; the failure says what it waited for.
bool SshWorker::waitConnect()
{
    constexpr int kHandshakeLimitFactor = 6;
    ssh_session s = m_session.get();
    ssh_set_blocking(s, 0);
    QElapsedTimer clock;
    clock.start();
    qint64 lastProgress = 0;
    bool bannerSeen = false;
    const QString who = QStringLiteral("%1@%2:%3")
                            .arg(libssh::resolvedUser(s), libssh::resolvedHost(s))
                            .arg(libssh::resolvedPort(s));
    for (;;) {
        if (m_abort) {
            fail(Internal, tr("Cancelled."));
            return false;
        }
        const int rc = ssh_connect(s);
        if (rc == SSH_OK)
            return true;
        if (rc == SSH_ERROR) {
            // When the config gave the alias no HostName, the name was used
            // as it is: say which config was read, so that a config read from
            // another folder (issue 18) or a missing Host shows at once.
            // An address typed as such needs no HostName: no hint there.
            if (libssh::resolvedHost(s) == m_endpoint.host.trimmed()
                && !QHostAddress().setAddress(m_endpoint.host.trimmed().remove(QLatin1Char('[')).remove(QLatin1Char(']'))))
                fail(ConnectFailed,
                    tr("Cannot connect to %1: %2 (no HostName for \"%3\" in %4)")
                        .arg(who, libssh::lastError(s), m_endpoint.host.trimmed(),
                            libssh::configFileFor(m_endpoint)));
            else
                fail(ConnectFailed, tr("Cannot connect to %1: %2").arg(who, libssh::lastError(s)));
            return false;
        }
        if (!bannerSeen && ssh_get_serverbanner(s)) {
            bannerSeen = true;
            lastProgress = clock.elapsed();
        }
        const qint64 now = clock.elapsed();
        const qint64 limit = m_endpoint.connectTimeout.count();
        if (now > kHandshakeLimitFactor * limit) {
            fail(Timeout, tr("The SSH handshake with %1 did not finish within %2 s.").arg(who).arg(now / 1000.0, 0, 'f', 1));
            return false;
        }
        if (now - lastProgress > limit) {
            const double idle = (now - lastProgress) / 1000.0;
            fail(Timeout,
                !bannerSeen ? tr("No SSH answer from %1 within %2 s.").arg(who).arg(idle, 0, 'f', 1)
                            : tr("The SSH key exchange with %1 made no progress for %2 s.").arg(who).arg(idle, 0, 'f', 1));
            return false;
        }
        const int fd = ssh_get_fd(s);
        if (fd < 0) {
            QThread::msleep(5);
            continue;
        }
        pollfd p {};
        p.fd = fd;
        p.events = POLLIN;
        if (ssh_get_poll_flags(s) & SSH_WRITE_PENDING)
            p.events |= POLLOUT;
        if (::poll(&p, 1, 20) > 0 && (p.revents & POLLIN))
            lastProgress = clock.elapsed(); // the server said something
    }
}

void SshWorker::checkHostKey()
{
    ssh_session s = m_session.get();
    Q_EMIT verifyingHostKey();
    QString error;
    const HostKeyInfo info = libssh::serverHostKey(s, &error);
    if (info.fingerprint.isEmpty()) {
        fail(HostKeyError, error);
        return;
    }
    const QString where
        = info.port == 22 ? info.host : QStringLiteral("[%1]:%2").arg(info.host).arg(info.port);
    switch (ssh_session_is_known_server(s)) {
    case SSH_KNOWN_HOSTS_OK:
        authenticate();
        return;
    case SSH_KNOWN_HOSTS_CHANGED:
        fail(HostKeyChanged,
            tr("The host key of %1 has CHANGED: it now presents %2 key %3, which is not the key "
               "recorded in known_hosts. Someone may be intercepting the connection "
               "(a man-in-the-middle attack), or the node was reinstalled. HaloLink will not "
               "connect. If you know why the key changed, remove the old key with "
               "`ssh-keygen -R '%1'` and connect again.")
                .arg(where, info.keyType, info.fingerprint));
        return;
    case SSH_KNOWN_HOSTS_OTHER:
        fail(HostKeyChanged,
            tr("%1 presents a %2 host key (%3), but known_hosts records a key of another type "
               "for it. This can be an attack; HaloLink will not connect. If the node was "
               "reinstalled, remove the old key with `ssh-keygen -R '%1'` and connect again.")
                .arg(where, info.keyType, info.fingerprint));
        return;
    case SSH_KNOWN_HOSTS_NOT_FOUND:
    case SSH_KNOWN_HOSTS_UNKNOWN:
        qCInfo(lcSsh).noquote() << where << "presents an unknown" << info.keyType << "host key"
                                << info.fingerprint;
        Q_EMIT hostKeyUnknown(info); // waits for acceptHostKey() / rejectHostKey()
        return;
    case SSH_KNOWN_HOSTS_ERROR:
    default:
        fail(HostKeyError,
            tr("Cannot check the host key of %1 against known_hosts: %2").arg(where, libssh::lastError(s)));
        return;
    }
}

void SshWorker::acceptHostKey()
{
    if (m_finished || !m_session || m_ready)
        return;
    if (ssh_session_update_known_hosts(m_session.get()) != SSH_OK) {
        fail(HostKeyError,
            tr("Cannot save the host key to known_hosts: %1").arg(libssh::lastError(m_session.get())));
        return;
    }
    authenticate();
}

void SshWorker::rejectHostKey()
{
    if (m_finished)
        return;
    fail(HostKeyRejected, tr("The host key was not accepted; not connected."));
}

// --- authentication ------------------------------------------------------------------

std::optional<QByteArray> SshWorker::askSecret(CredentialKind kind, const QString &prompt)
{
    {
        QMutexLocker lock(&m_secretMutex);
        m_secretAnswered = false;
        m_secretAnswer.reset();
    }
    m_credentialKindsUsed |= 1 << static_cast<int>(kind);
    Q_EMIT credentialsNeeded(kind, prompt);
    QMutexLocker lock(&m_secretMutex);
    while (!m_secretAnswered && !m_abort)
        m_secretCond.wait(&m_secretMutex, 200);
    if (m_abort)
        return std::nullopt;
    std::optional<QByteArray> answer = std::move(m_secretAnswer);
    m_secretAnswer.reset();
    return answer;
}

int SshWorker::authCallback(
    const char *prompt, char *buf, size_t len, int /*echo*/, int /*verify*/, void *userdata)
{
    auto *self = static_cast<SshWorker *>(userdata);
    QByteArray pass;
    {
        QMutexLocker lock(&self->m_secretMutex);
        if (!self->m_presetPassphrase.isEmpty() && !self->m_passphraseAsked)
            pass = self->m_presetPassphrase;
    }
    self->m_passphraseAsked = true;
    if (pass.isEmpty()) {
        std::optional<QByteArray> answer = self->askSecret(CredentialKind::KeyPassphrase,
            prompt ? QString::fromUtf8(prompt) : tr("Passphrase for the private key:"));
        if (!answer || answer->isEmpty())
            return -1;
        pass = *answer;
        wipe(*answer);
        // Kept for further keys of this connect, wiped with the others when auth ends.
        QMutexLocker lock(&self->m_secretMutex);
        self->m_presetPassphrase = pass;
    }
    if (static_cast<size_t>(pass.size()) + 1 > len) {
        wipe(pass);
        return -1;
    }
    std::memcpy(buf, pass.constData(), static_cast<size_t>(pass.size()));
    buf[pass.size()] = '\0';
    wipe(pass);
    return 0;
}

void SshWorker::authenticate()
{
    ssh_session s = m_session.get();
    Q_EMIT authenticating();
    const QString who = QStringLiteral("%1@%2").arg(libssh::resolvedUser(s), libssh::resolvedHost(s));

    int rc = ssh_userauth_none(s, nullptr);
    if (rc == SSH_AUTH_SUCCESS) {
        becomeReady();
        return;
    }
    if (rc == SSH_AUTH_ERROR) {
        fail(ConnectionLost, tr("Authentication of %1 broke off: %2").arg(who, libssh::lastError(s)));
        return;
    }
    QStringList tried;
    bool passwordRefused = false;
    int methods = ssh_userauth_list(s, nullptr);
    const QString offered = libssh::methodNames(methods);

    if (methods & SSH_AUTH_METHOD_PUBLICKEY) {
        // The agent first, then the identity files (the person's, the config's,
        // the defaults); a key whose public half the server accepts and that is
        // encrypted asks for its passphrase through authCallback().
        rc = ssh_userauth_publickey_auto(s, nullptr, nullptr);
        tried << QStringLiteral("public key");
        if (m_abort)
            return;
        switch (stepOf(rc)) {
        case AuthStep::Success:
            becomeReady();
            return;
        case AuthStep::Partial:
            methods = ssh_userauth_list(s, nullptr);
            break;
        case AuthStep::Error:
            fail(ConnectionLost, tr("Authentication of %1 broke off: %2").arg(who, libssh::lastError(s)));
            return;
        default:
            break;
        }
    }

    if (methods & SSH_AUTH_METHOD_INTERACTIVE) {
        tried << QStringLiteral("keyboard-interactive");
        rc = ssh_userauth_kbdint(s, nullptr, nullptr);
        bool cancelled = false;
        while (rc == SSH_AUTH_INFO && !cancelled) {
            const int n = ssh_userauth_kbdint_getnprompts(s);
            for (int i = 0; i < n; ++i) {
                char echo = 0;
                const char *p = ssh_userauth_kbdint_getprompt(s, static_cast<unsigned>(i), &echo);
                const QString prompt = QString::fromUtf8(p ? p : "");
                QByteArray answer;
                if (!echo) {
                    // A hidden answer: the password (asked once, reused by "password").
                    {
                        QMutexLocker lock(&m_secretMutex);
                        answer = m_presetPassword;
                    }
                    if (answer.isEmpty()) {
                        std::optional<QByteArray> a = askSecret(CredentialKind::Password, prompt);
                        if (!a || a->isEmpty()) {
                            cancelled = true;
                            break;
                        }
                        answer = *a;
                        QMutexLocker lock(&m_secretMutex);
                        m_presetPassword = answer;
                    }
                } else {
                    std::optional<QByteArray> a = askSecret(CredentialKind::KeyboardInteractive, prompt);
                    if (!a) {
                        cancelled = true;
                        break;
                    }
                    answer = *a;
                }
                ssh_userauth_kbdint_setanswer(s, static_cast<unsigned>(i), answer.constData());
                wipe(answer);
            }
            if (!cancelled)
                rc = ssh_userauth_kbdint(s, nullptr, nullptr);
        }
        if (cancelled || m_abort) {
            fail(CredentialsCancelled, tr("Login to %1 cancelled.").arg(who));
            return;
        }
        switch (stepOf(rc)) {
        case AuthStep::Success:
            becomeReady();
            return;
        case AuthStep::Partial:
            methods = ssh_userauth_list(s, nullptr);
            break;
        case AuthStep::Error:
            fail(ConnectionLost, tr("Authentication of %1 broke off: %2").arg(who, libssh::lastError(s)));
            return;
        default:
            passwordRefused = true;
            break;
        }
    }

    if (methods & SSH_AUTH_METHOD_PASSWORD) {
        tried << QStringLiteral("password");
        QByteArray password;
        {
            QMutexLocker lock(&m_secretMutex);
            password = m_presetPassword;
        }
        if (password.isEmpty()) {
            std::optional<QByteArray> a
                = askSecret(CredentialKind::Password, tr("Password for %1:").arg(who));
            if (!a || a->isEmpty()) {
                fail(CredentialsCancelled, tr("Login to %1 cancelled.").arg(who));
                return;
            }
            password = *a;
        }
        rc = ssh_userauth_password(s, nullptr, password.constData());
        wipe(password);
        switch (stepOf(rc)) {
        case AuthStep::Success:
            becomeReady();
            return;
        case AuthStep::Error:
            fail(ConnectionLost, tr("Authentication of %1 broke off: %2").arg(who, libssh::lastError(s)));
            return;
        default:
            passwordRefused = true;
            break;
        }
    }

    QString message;
    if (passwordRefused)
        message = tr("Authentication failed: %1 refused the password.").arg(who);
    else if (tried.isEmpty())
        message = tr("Authentication failed: %1 offers no method HaloLink can use (it offers: %2).")
                      .arg(who, offered);
    else
        message = tr("Authentication failed: %1 accepted none of the keys tried (methods tried: "
                     "%2; the server offers: %3).")
                      .arg(who, tried.join(QStringLiteral(", ")), offered);
    if (m_passphraseAsked && !passwordRefused)
        message += tr(" A key passphrase was given; it may be wrong.");
    fail(AuthFailed, message);
}

} // namespace halolink
