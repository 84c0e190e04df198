#include "ssh/sshworker.h"

#include "ssh/sshlogging.h"

#include <libssh/server.h> // ssh_send_keepalive (a client may send it too)

#include <QSocketNotifier>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstring>

#include <fcntl.h>
#include <poll.h>

namespace halolink {

using namespace std::chrono_literals;

namespace {

template<typename Map> QList<int> keysOf(const Map &map)
{
    QList<int> keys;
    for (const auto &kv : map)
        keys << kv.first;
    return keys;
}

void wipe(QByteArray &secret)
{
    if (!secret.isEmpty())
        secret.fill('\0');
    secret.clear();
}

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

SshWorker::SshWorker(const SshEndpoint &endpoint)
    : m_endpoint(endpoint)
{
}

SshWorker::~SshWorker()
{
    m_channels.clear();
    m_uploads.clear();
    m_sftp.reset();
    m_session.reset();
    wipeSecrets();
}

void SshWorker::abort()
{
    m_abort = true;
    QMutexLocker lock(&m_secretMutex);
    m_secretCond.wakeAll();
}

void SshWorker::deliverSecret(const QByteArray &secret)
{
    QMutexLocker lock(&m_secretMutex);
    m_secretAnswer = secret;
    m_secretAnswered = true;
    m_secretCond.wakeAll();
}

void SshWorker::cancelSecret()
{
    QMutexLocker lock(&m_secretMutex);
    m_secretAnswer.reset();
    m_secretAnswered = true;
    m_secretCond.wakeAll();
}

void SshWorker::presetPassword(const QByteArray &password)
{
    QMutexLocker lock(&m_secretMutex);
    wipe(m_presetPassword);
    m_presetPassword = password;
}

void SshWorker::presetPassphrase(const QByteArray &passphrase)
{
    QMutexLocker lock(&m_secretMutex);
    wipe(m_presetPassphrase);
    m_presetPassphrase = passphrase;
}

void SshWorker::wipeSecrets()
{
    QMutexLocker lock(&m_secretMutex);
    wipe(m_presetPassword);
    wipe(m_presetPassphrase);
    if (m_secretAnswer)
        wipe(*m_secretAnswer);
    m_secretAnswer.reset();
}

void SshWorker::fail(int kind, const QString &message)
{
    if (m_finished)
        return;
    m_finished = true;
    m_ready = false;
    delete m_readNotifier;
    m_readNotifier = nullptr;
    if (m_pumpTimer)
        m_pumpTimer->stop();
    if (m_keepAliveTimer)
        m_keepAliveTimer->stop();
    wipeSecrets();
    qCInfo(lcSsh).noquote() << m_endpoint.displayName() << "failed:" << message;
    Q_EMIT failed(kind, message);
}

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

void SshWorker::becomeReady()
{
    ssh_session s = m_session.get();
    wipeSecrets();
    m_ready = true;
    const int fd = ssh_get_fd(s);
    if (fd >= 0) {
        m_readNotifier = new QSocketNotifier(fd, QSocketNotifier::Read, this);
        m_readNotifier->setEnabled(false);
        connect(m_readNotifier, &QSocketNotifier::activated, this, &SshWorker::pump);
    }
    // A backstop: libssh may buffer data while a blocking call ran, which the
    // socket notifier cannot see.
    m_pumpTimer = new QTimer(this);
    m_pumpTimer->setInterval(50);
    connect(m_pumpTimer, &QTimer::timeout, this, &SshWorker::pump);
    if (m_endpoint.keepAliveInterval.count() > 0) {
        m_keepAliveTimer = new QTimer(this);
        m_keepAliveTimer->setInterval(m_endpoint.keepAliveInterval);
        connect(m_keepAliveTimer, &QTimer::timeout, this, &SshWorker::sendKeepAlive);
        m_keepAliveTimer->start();
    }
    qCDebug(lcSsh).noquote() << m_endpoint.displayName() << "ready";
    Q_EMIT ready(m_credentialKindsUsed);
}

// --- channels ------------------------------------------------------------------------

void SshWorker::updatePumping()
{
    const bool active = m_ready && !m_channels.empty();
    if (m_readNotifier)
        m_readNotifier->setEnabled(active);
    if (m_pumpTimer) {
        if (active && !m_pumpTimer->isActive())
            m_pumpTimer->start();
        else if (!active)
            m_pumpTimer->stop();
    }
}

void SshWorker::openCommand(int id, const QByteArray &command)
{
    if (!m_ready || m_finished) {
        Q_EMIT channelClosed(id, -1, tr("Not connected."));
        return;
    }
    ssh_session s = m_session.get();
    libssh::Channel channel(ssh_channel_new(s));
    if (!channel || ssh_channel_open_session(channel.get()) != SSH_OK) {
        const QString why = libssh::lastError(s);
        Q_EMIT channelClosed(id, -1, tr("Cannot open an SSH channel: %1").arg(why));
        if (!ssh_is_connected(s))
            connectionLost(why);
        return;
    }
    if (ssh_channel_request_exec(channel.get(), command.constData()) != SSH_OK) {
        Q_EMIT channelClosed(id, -1, tr("The node refused to run the command: %1").arg(libssh::lastError(s)));
        return;
    }
    ChannelState state;
    state.channel = std::move(channel);
    m_channels.emplace(id, std::move(state));
    Q_EMIT channelOpened(id);
    updatePumping();
    pump();
}

void SshWorker::writeStdin(int id, const QByteArray &data)
{
    auto it = m_channels.find(id);
    if (it == m_channels.end() || it->second.eofSent)
        return;
    const char *p = data.constData();
    qsizetype left = data.size();
    while (left > 0) {
        const int n = ssh_channel_write(it->second.channel.get(), p, static_cast<uint32_t>(left));
        if (n == SSH_ERROR) {
            finishChannel(
                id, -1, tr("Writing to the command failed: %1").arg(libssh::lastError(m_session.get())));
            pump();
            return;
        }
        p += n;
        left -= n;
    }
    Q_EMIT channelWritten(id, data.size());
    // A blocking write may have read incoming packets into channel buffers.
    QMetaObject::invokeMethod(this, &SshWorker::pump, Qt::QueuedConnection);
}

void SshWorker::closeStdin(int id)
{
    auto it = m_channels.find(id);
    if (it == m_channels.end() || it->second.eofSent)
        return;
    it->second.eofSent = true;
    ssh_channel_send_eof(it->second.channel.get());
}

void SshWorker::closeChannel(int id)
{
    auto it = m_channels.find(id);
    if (it == m_channels.end())
        return;
    // Ask the remote process to stop (OpenSSH honours "signal" requests), then close.
    ssh_channel_request_send_signal(it->second.channel.get(), "TERM");
    finishChannel(id, -1, tr("Cancelled."));
}

void SshWorker::finishChannel(int id, int exitStatus, const QString &error)
{
    auto it = m_channels.find(id);
    if (it == m_channels.end())
        return;
    ssh_channel ch = it->second.channel.get();
    if (ssh_channel_is_open(ch)) {
        if (!it->second.eofSent)
            ssh_channel_send_eof(ch);
        ssh_channel_close(ch);
    }
    m_channels.erase(it);
    Q_EMIT channelClosed(id, exitStatus, error);
    updatePumping();
}

void SshWorker::pump()
{
    if (!m_ready || m_finished)
        return;
    ssh_session s = m_session.get();
    static thread_local char buf[64 * 1024];
    const QList<int> ids = keysOf(m_channels);
    for (int id : ids) {
        auto it = m_channels.find(id);
        if (it == m_channels.end())
            continue;
        ssh_channel ch = it->second.channel.get();
        bool broken = false;
        for (int stream = 0; stream < 2 && !broken; ++stream) {
            for (;;) {
                const int n = ssh_channel_read_nonblocking(ch, buf, sizeof buf, stream);
                if (n > 0) {
                    Q_EMIT channelData(id, stream == 1, QByteArray(buf, n));
                    continue;
                }
                if (n == SSH_ERROR)
                    broken = true;
                break; // 0: nothing now; SSH_EOF: this stream ended
            }
        }
        if (broken) {
            if (!ssh_is_connected(s))
                break; // handled below as a lost connection
            finishChannel(id, -1, tr("Reading from the command failed: %1").arg(libssh::lastError(s)));
            continue;
        }
        if (ssh_channel_is_eof(ch) || ssh_channel_is_closed(ch)) {
            if (ssh_channel_poll(ch, 0) > 0 || ssh_channel_poll(ch, 1) > 0)
                continue; // more buffered; next round
            // Waits (bounded) for the exit-status that follows EOF.
            const int status = ssh_channel_get_exit_status(ch);
            finishChannel(id, status,
                status < 0 ? tr("The command ended without an exit status (killed by a signal?).")
                           : QString());
        }
    }
    if (!ssh_is_connected(s) || (ssh_get_status(s) & (SSH_CLOSED | SSH_CLOSED_ERROR)))
        connectionLost(tr("the connection closed (%1)").arg(libssh::lastError(s)));
}

void SshWorker::sendKeepAlive()
{
    if (!m_ready || m_finished)
        return;
    ssh_session s = m_session.get();
    // The keep-alive asks for a reply; waiting for it (bounded) tells a live
    // peer from a silent one (a node that vanished sends no RST).
    const std::chrono::milliseconds wait
        = std::min<std::chrono::milliseconds>(m_endpoint.keepAliveInterval, 5s);
    libssh::setTimeout(s, wait);
    QElapsedTimer clock;
    clock.start();
    ssh_send_keepalive(s);
    const qint64 took = clock.elapsed();
    libssh::setTimeout(s, m_endpoint.operationTimeout);
    if (!ssh_is_connected(s) || (ssh_get_status(s) & (SSH_CLOSED | SSH_CLOSED_ERROR))) {
        connectionLost(tr("the connection closed (%1)").arg(libssh::lastError(s)));
        return;
    }
    if (took + 5 >= wait.count()) {
        ++m_keepAliveMisses;
        qCDebug(lcSsh).noquote() << m_endpoint.displayName() << "keep-alive unanswered" << m_keepAliveMisses;
        if (m_keepAliveMisses >= std::max(1, m_endpoint.keepAliveCountMax)) {
            connectionLost(tr("no answer to %1 keep-alives").arg(m_keepAliveMisses));
            return;
        }
    } else {
        m_keepAliveMisses = 0;
    }
    pump();
}

void SshWorker::connectionLost(const QString &why)
{
    if (m_finished)
        return;
    const QString message = tr("Lost the connection to %1: %2").arg(m_endpoint.displayName(), why);
    const QList<int> ids = keysOf(m_channels);
    m_channels.clear();
    for (int id : ids)
        Q_EMIT channelClosed(id, -1, message);
    const QList<int> uploads = keysOf(m_uploads);
    m_uploads.clear();
    for (int id : uploads)
        Q_EMIT uploadFinished(id, message);
    fail(ConnectionLost, message);
}

// --- SFTP ----------------------------------------------------------------------------

bool SshWorker::sftpReady(QString *error)
{
    if (m_sftp)
        return true;
    sftp_session sftp = sftp_new(m_session.get());
    if (!sftp) {
        *error = tr("Cannot start SFTP: %1").arg(libssh::lastError(m_session.get()));
        return false;
    }
    if (sftp_init(sftp) != SSH_OK) {
        *error = tr("The node's SFTP server did not start (error %1): %2")
                     .arg(sftp_get_error(sftp))
                     .arg(libssh::lastError(m_session.get()));
        sftp_free(sftp);
        return false;
    }
    m_sftp.reset(sftp);
    return true;
}

void SshWorker::startUpload(int id, const QString &localPath, const QString &remotePath, int mode)
{
    if (!m_ready || m_finished) {
        Q_EMIT uploadFinished(id, tr("Not connected."));
        return;
    }
    QString error;
    if (!sftpReady(&error)) {
        Q_EMIT uploadFinished(id, error);
        return;
    }
    UploadState up;
    up.file = std::make_unique<QFile>(localPath);
    if (!up.file->open(QIODevice::ReadOnly)) {
        Q_EMIT uploadFinished(id, tr("Cannot read %1: %2").arg(localPath, up.file->errorString()));
        return;
    }
    up.total = up.file->size();
    up.remotePath = remotePath;
    up.mode = mode;
    const QByteArray remote = remotePath.toUtf8();
    sftp_file f = sftp_open(
        m_sftp.get(), remote.constData(), O_WRONLY | O_CREAT | O_TRUNC, static_cast<mode_t>(mode));
    if (!f) {
        Q_EMIT uploadFinished(id,
            tr("Cannot create %1 on the node (SFTP error %2): %3")
                .arg(remotePath)
                .arg(sftp_get_error(m_sftp.get()))
                .arg(libssh::lastError(m_session.get())));
        return;
    }
    up.remote.reset(f);
    const qint64 total = up.total;
    m_uploads.emplace(id, std::move(up));
    Q_EMIT uploadProgress(id, 0, total);
    QMetaObject::invokeMethod(
        this, [this, id] { uploadStep(id); }, Qt::QueuedConnection);
}

void SshWorker::cancelUpload(int id)
{
    auto it = m_uploads.find(id);
    if (it != m_uploads.end())
        it->second.cancelled = true;
}

// One slice per event-loop turn, so the agent channel of the same session
// keeps flowing during an upload.
void SshWorker::uploadStep(int id)
{
    auto found = m_uploads.find(id);
    if (found == m_uploads.end() || m_finished)
        return;
    UploadState *it = &found->second;
    if (it->cancelled) {
        it->remote.reset();
        const QByteArray remote = it->remotePath.toUtf8();
        sftp_unlink(m_sftp.get(), remote.constData());
        finishUpload(id, tr("Cancelled."));
        return;
    }
    constexpr qint64 kWrite = 32 * 1024; // per SFTP write request
    constexpr int kWritesPerStep = 16;
    for (int i = 0; i < kWritesPerStep && it->done < it->total; ++i) {
        const QByteArray chunk = it->file->read(kWrite);
        if (chunk.isEmpty()) {
            finishUpload(id, tr("Reading the local file failed: %1").arg(it->file->errorString()));
            return;
        }
        qsizetype off = 0;
        while (off < chunk.size()) {
            const ssize_t n = sftp_write(
                it->remote.get(), chunk.constData() + off, static_cast<size_t>(chunk.size() - off));
            if (n <= 0) {
                const QString why = tr("Writing %1 on the node failed (SFTP error %2): %3")
                                        .arg(it->remotePath)
                                        .arg(sftp_get_error(m_sftp.get()))
                                        .arg(libssh::lastError(m_session.get()));
                if (!ssh_is_connected(m_session.get())) {
                    connectionLost(why);
                    return;
                }
                finishUpload(id, why);
                return;
            }
            off += n;
        }
        it->done += chunk.size();
    }
    Q_EMIT uploadProgress(id, it->done, it->total);
    if (it->done < it->total) {
        QMetaObject::invokeMethod(
            this, [this, id] { uploadStep(id); }, Qt::QueuedConnection);
        return;
    }
    it->remote.reset(); // sftp_close
    const QByteArray remote = it->remotePath.toUtf8();
    // The mode given to sftp_open is filtered by the server's umask: set it exactly.
    if (sftp_chmod(m_sftp.get(), remote.constData(), static_cast<mode_t>(it->mode)) != SSH_OK) {
        finishUpload(id,
            tr("Cannot set the mode of %1 on the node (SFTP error %2)")
                .arg(it->remotePath)
                .arg(sftp_get_error(m_sftp.get())));
        return;
    }
    finishUpload(id, QString());
}

void SshWorker::finishUpload(int id, const QString &error)
{
    m_uploads.erase(id);
    Q_EMIT uploadFinished(id, error);
}

void SshWorker::shutdown()
{
    m_finished = true;
    m_ready = false;
    delete m_readNotifier;
    m_readNotifier = nullptr;
    if (m_pumpTimer)
        m_pumpTimer->stop();
    if (m_keepAliveTimer)
        m_keepAliveTimer->stop();
    for (auto it = m_channels.begin(); it != m_channels.end(); ++it) {
        if (ssh_channel_is_open(it->second.channel.get()))
            ssh_channel_close(it->second.channel.get());
    }
    m_channels.clear();
    m_uploads.clear();
    m_sftp.reset();
    m_session.reset();
    wipeSecrets();
    QThread::currentThread()->quit();
}

} // namespace halolink
