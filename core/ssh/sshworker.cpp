#include "ssh/sshworker.h"

#include "ssh/sshlogging.h"
#include "ssh/sshworker_p.h"

#include <libssh/server.h> // ssh_send_keepalive (a client may send it too)

#include <QSocketNotifier>
#include <QThread>
#include <QTimer>

#include <algorithm>

// The class core and the event loop. Connecting and authenticating are in
// sshworker_connect.cpp, exec channels in sshworker_channels.cpp, SFTP in
// sshworker_sftp.cpp.

namespace halolink {

using namespace std::chrono_literals;
using sshworker_detail::keysOf;
using sshworker_detail::wipe;

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

// --- event loop ----------------------------------------------------------------------

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
