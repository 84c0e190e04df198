#include "ssh/sshsession.h"

#include "ssh/credentialstore.h"
#include "ssh/sshlogging.h"
#include "ssh/sshworker.h"

#include <QDeadlineTimer>
#include <QMutex>
#include <QThread>
#include <QWaitCondition>

#include <algorithm>
#include <cerrno>
#include <sys/resource.h>
#include <unistd.h>

namespace halolink {

namespace {

// Worker threads still running (see waitForWorkerThreads()).
QMutex s_workersMutex;
QWaitCondition s_workersDone;
int s_workers = 0;

void wipe(QByteArray &secret)
{
    if (!secret.isEmpty())
        secret.fill('\0');
    secret.clear();
}

} // namespace

SshSession::SshSession(const SshEndpoint &endpoint, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
{
    qRegisterMetaType<HostKeyInfo>();
    qRegisterMetaType<CredentialKind>();
    m_port = endpoint.port;
    m_host = endpoint.host;
    m_user = endpoint.user;
}

SshSession::~SshSession()
{
    if (m_worker) {
        // Wakes a worker waiting for a secret and stops a connect in progress;
        // the thread ends by itself (bounded by the timeouts) and cleans up.
        m_worker->abort();
        QMetaObject::invokeMethod(m_worker, &SshWorker::shutdown, Qt::QueuedConnection);
        m_worker = nullptr;
        m_thread = nullptr;
    }
    wipe(m_givenPassword);
    wipe(m_givenPassphrase);
    wipe(m_reconnectPassword);
    wipe(m_reconnectPassphrase);
}

bool SshSession::waitForWorkerThreads(std::chrono::milliseconds timeout)
{
    QDeadlineTimer deadline(timeout);
    QMutexLocker lock(&s_workersMutex);
    while (s_workers > 0) {
        if (!s_workersDone.wait(&s_workersMutex, deadline))
            return s_workers == 0;
    }
    return true;
}

bool SshSession::isPermanent(Error error)
{
    switch (error) {
    case Error::HostKeyChanged:
    case Error::HostKeyRejected:
    case Error::HostKeyError:
    case Error::AuthFailed:
    case Error::CredentialsCancelled:
        return true;
    default:
        return false;
    }
}

void SshSession::setState(State state)
{
    if (state == m_state)
        return;
    // Forward only; Closed and Failed are terminal.
    if (isFinished() || (state < m_state && state != State::Failed && state != State::Closed))
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void SshSession::setPassword(const QByteArray &password)
{
    wipe(m_givenPassword);
    m_givenPassword = password;
}

void SshSession::setKeyPassphrase(const QByteArray &passphrase)
{
    wipe(m_givenPassphrase);
    m_givenPassphrase = passphrase;
}

void SshSession::setCredentialStore(CredentialStore *store)
{
    m_store = store;
}

void SshSession::connectToHost()
{
    if (m_state != State::Idle)
        return;
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("ssh:%1").arg(m_endpoint.host));
    m_worker = new SshWorker(m_endpoint);
    m_worker->moveToThread(m_thread);
    {
        QMutexLocker lock(&s_workersMutex);
        ++s_workers;
    }
    // Direct: runs in the worker thread itself as it ends.
    connect(m_thread, &QThread::finished, m_thread, [] {
        QMutexLocker lock(&s_workersMutex);
        --s_workers;
        s_workersDone.wakeAll();
    }, Qt::DirectConnection);
    // The worker is background I/O: a little below the thread that made it
    // (nice + 4, weight 423 against 1024), so that after a burst 64 of them
    // wanting a CPU at once do not keep the GUI thread waiting for one.
    // Linux nice values are per thread. Direct: runs in the new thread.
    connect(m_thread, &QThread::started, m_thread, [] {
        const int tid = int(::gettid());
        errno = 0;
        const int now = ::getpriority(PRIO_PROCESS, id_t(tid));
        if (errno == 0)
            ::setpriority(PRIO_PROCESS, id_t(tid), std::min(now + kWorkerNiceAbove, 19));
    }, Qt::DirectConnection);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);

    connect(m_worker, &SshWorker::connecting, this, [this] { setState(State::Connecting); });
    connect(m_worker, &SshWorker::resolved, this, &SshSession::onResolved);
    connect(m_worker, &SshWorker::verifyingHostKey, this, [this] { setState(State::VerifyingHostKey); });
    connect(m_worker, &SshWorker::hostKeyUnknown, this, &SshSession::onHostKeyUnknown);
    connect(m_worker, &SshWorker::authenticating, this, [this] { setState(State::Authenticating); });
    connect(m_worker, &SshWorker::credentialsNeeded, this, &SshSession::onCredentialsNeeded);
    connect(m_worker, &SshWorker::ready, this, &SshSession::onReady);
    connect(m_worker, &SshWorker::failed, this, &SshSession::onFailed);
    connect(m_worker, &SshWorker::channelOpened, this, &SshSession::onChannelOpened);
    connect(m_worker, &SshWorker::channelData, this, &SshSession::onChannelData);
    connect(m_worker, &SshWorker::channelClosed, this, &SshSession::onChannelClosed);
    connect(m_worker, &SshWorker::channelWritten, this, &SshSession::onChannelWritten);
    connect(m_worker, &SshWorker::uploadProgress, this, &SshSession::onUploadProgress);
    connect(m_worker, &SshWorker::uploadFinished, this, &SshSession::onUploadFinished);

    if (!m_givenPassword.isEmpty())
        m_worker->presetPassword(m_givenPassword);
    if (!m_givenPassphrase.isEmpty())
        m_worker->presetPassphrase(m_givenPassphrase);
    setState(State::Connecting);
    m_thread->start();
    QMetaObject::invokeMethod(m_worker, &SshWorker::start, Qt::QueuedConnection);
}

void SshSession::onResolved(const QString &host, const QString &user, int port)
{
    m_host = host;
    m_user = user;
    m_port = port;
}

void SshSession::onHostKeyUnknown(const HostKeyInfo &info)
{
    m_hostKey = info;
    setState(State::AwaitingHostKeyDecision);
    Q_EMIT hostKeyUnknown(info);
}

void SshSession::acceptHostKey()
{
    if (m_state != State::AwaitingHostKeyDecision || !m_worker)
        return;
    qCInfo(lcSsh).noquote() << "host key accepted:" << m_hostKey.host << m_hostKey.fingerprint;
    QMetaObject::invokeMethod(m_worker, &SshWorker::acceptHostKey, Qt::QueuedConnection);
}

void SshSession::rejectHostKey()
{
    if (m_state != State::AwaitingHostKeyDecision || !m_worker)
        return;
    QMetaObject::invokeMethod(m_worker, &SshWorker::rejectHostKey, Qt::QueuedConnection);
}

QString SshSession::storeKey(CredentialKind kind) const
{
    const QString what = kind == CredentialKind::KeyPassphrase ? QStringLiteral("ssh-passphrase")
                                                               : QStringLiteral("ssh-password");
    return QStringLiteral("%1/%2@%3:%4").arg(what, m_user, m_host).arg(m_port);
}

void SshSession::onCredentialsNeeded(CredentialKind kind, const QString &prompt)
{
    if (isFinished())
        return;
    m_awaitingCredentials = true;
    m_pendingKind = kind;
    if (m_store && !m_storeLookupDone && kind != CredentialKind::KeyboardInteractive) {
        // Once per session: a remembered secret that fails is not tried again.
        m_storeLookupDone = true;
        QPointer<SshSession> self(this);
        m_store->read(
            storeKey(kind), [self, kind, prompt](std::optional<QByteArray> secret, const QString &) {
                if (!self || self->isFinished() || !self->m_awaitingCredentials)
                    return;
                if (secret && !secret->isEmpty()) {
                    self->provideCredentials(*secret, false);
                    secret->fill('\0');
                } else {
                    Q_EMIT self->credentialsNeeded(kind, prompt);
                }
            });
        return;
    }
    Q_EMIT credentialsNeeded(kind, prompt);
}

void SshSession::provideCredentials(const QByteArray &secret, bool remember)
{
    if (!m_awaitingCredentials || !m_worker)
        return;
    m_awaitingCredentials = false;
    if (m_pendingKind == CredentialKind::Password) {
        wipe(m_givenPassword);
        m_givenPassword = secret;
        m_rememberPassword = remember;
    } else if (m_pendingKind == CredentialKind::KeyPassphrase) {
        wipe(m_givenPassphrase);
        m_givenPassphrase = secret;
        m_rememberPassphrase = remember;
    }
    m_worker->deliverSecret(secret);
}

void SshSession::cancelCredentials()
{
    if (!m_awaitingCredentials || !m_worker)
        return;
    m_awaitingCredentials = false;
    m_worker->cancelSecret();
}

void SshSession::onReady(int kindsUsed)
{
    m_awaitingCredentials = false;
    Q_UNUSED(kindsUsed)
    // Memory only: lets AgentSession reconnect after a drop without asking again.
    if (!m_givenPassword.isEmpty())
        m_reconnectPassword = m_givenPassword;
    if (!m_givenPassphrase.isEmpty())
        m_reconnectPassphrase = m_givenPassphrase;

    auto remember = [this](CredentialKind kind, const QByteArray &secret) {
        if (!m_store) {
            Q_EMIT credentialStored(false,
                tr("No keychain is configured; the secret is "
                   "kept in memory for this session only."));
            return;
        }
        QPointer<SshSession> self(this);
        m_store->write(storeKey(kind), secret, [self](bool stored, const QString &message) {
            if (self)
                Q_EMIT self->credentialStored(stored, message);
        });
    };
    if (m_rememberPassword && !m_givenPassword.isEmpty())
        remember(CredentialKind::Password, m_givenPassword);
    if (m_rememberPassphrase && !m_givenPassphrase.isEmpty())
        remember(CredentialKind::KeyPassphrase, m_givenPassphrase);
    wipe(m_givenPassword);
    wipe(m_givenPassphrase);

    setState(State::Ready);
    Q_EMIT ready();
}

void SshSession::onFailed(int kind, const QString &message)
{
    m_awaitingCredentials = false;
    wipe(m_givenPassword);
    wipe(m_givenPassphrase);
    m_error = static_cast<Error>(kind);
    m_errorString = message;
    const QHash<int, SshChannelSink *> channels = std::exchange(m_channelSinks, {});
    for (auto it = channels.begin(); it != channels.end(); ++it)
        it.value()->sshChannelClosed(-1, message);
    const QHash<int, SshUploadSink *> uploads = std::exchange(m_uploadSinks, {});
    for (auto it = uploads.begin(); it != uploads.end(); ++it)
        it.value()->sshUploadFinished(message);
    setState(State::Failed);
    Q_EMIT failed(m_error, message);
    // Nothing more will happen on this connection: release the thread.
    if (m_worker) {
        QMetaObject::invokeMethod(m_worker, &SshWorker::shutdown, Qt::QueuedConnection);
        m_worker = nullptr;
        m_thread = nullptr;
    }
}

void SshSession::disconnectFromHost()
{
    if (isFinished())
        return;
    if (m_worker) {
        m_worker->abort();
        QMetaObject::invokeMethod(m_worker, &SshWorker::shutdown, Qt::QueuedConnection);
        m_worker = nullptr;
        m_thread = nullptr;
    }
    const QHash<int, SshChannelSink *> channels = std::exchange(m_channelSinks, {});
    for (auto it = channels.begin(); it != channels.end(); ++it)
        it.value()->sshChannelClosed(-1, tr("Disconnected."));
    const QHash<int, SshUploadSink *> uploads = std::exchange(m_uploadSinks, {});
    for (auto it = uploads.begin(); it != uploads.end(); ++it)
        it.value()->sshUploadFinished(tr("Disconnected."));
    setState(State::Closed);
}

// --- channels ------------------------------------------------------------------------

int SshSession::openChannel(const QByteArray &command, SshChannelSink *sink)
{
    const int id = m_nextId++;
    if (!isReady() || !m_worker) {
        QPointer<QObject> guard(dynamic_cast<QObject *>(sink));
        QMetaObject::invokeMethod(
            this,
            [guard, sink] {
                if (guard)
                    sink->sshChannelClosed(-1, tr("Not connected."));
            },
            Qt::QueuedConnection);
        return 0;
    }
    m_channelSinks.insert(id, sink);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, id, command] { w->openCommand(id, command); }, Qt::QueuedConnection);
    return id;
}

void SshSession::writeChannel(int id, const QByteArray &data)
{
    if (m_worker && m_channelSinks.contains(id))
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker, id, data] { w->writeStdin(id, data); }, Qt::QueuedConnection);
}

void SshSession::closeChannelInput(int id)
{
    if (m_worker && m_channelSinks.contains(id))
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker, id] { w->closeStdin(id); }, Qt::QueuedConnection);
}

void SshSession::closeChannel(int id)
{
    if (m_worker && m_channelSinks.contains(id))
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker, id] { w->closeChannel(id); }, Qt::QueuedConnection);
}

int SshSession::startUpload(
    const QString &localPath, const QString &remotePath, int mode, SshUploadSink *sink)
{
    const int id = m_nextId++;
    if (!isReady() || !m_worker) {
        QPointer<QObject> guard(dynamic_cast<QObject *>(sink));
        QMetaObject::invokeMethod(
            this,
            [guard, sink] {
                if (guard)
                    sink->sshUploadFinished(tr("Not connected."));
            },
            Qt::QueuedConnection);
        return 0;
    }
    m_uploadSinks.insert(id, sink);
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, id, localPath, remotePath, mode] { w->startUpload(id, localPath, remotePath, mode); },
        Qt::QueuedConnection);
    return id;
}

void SshSession::cancelUpload(int id)
{
    if (m_worker && m_uploadSinks.contains(id))
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker, id] { w->cancelUpload(id); }, Qt::QueuedConnection);
}

void SshSession::detachSink(int id)
{
    m_channelSinks.remove(id);
    m_uploadSinks.remove(id);
}

void SshSession::onChannelOpened(int id)
{
    if (SshChannelSink *sink = m_channelSinks.value(id))
        sink->sshChannelOpened();
}

void SshSession::onChannelData(int id, bool isStderr, const QByteArray &data)
{
    if (SshChannelSink *sink = m_channelSinks.value(id))
        sink->sshChannelData(isStderr, data);
}

void SshSession::onChannelClosed(int id, int exitStatus, const QString &error)
{
    if (SshChannelSink *sink = m_channelSinks.take(id))
        sink->sshChannelClosed(exitStatus, error);
}

void SshSession::onChannelWritten(int id, qint64 bytes)
{
    if (SshChannelSink *sink = m_channelSinks.value(id))
        sink->sshChannelWritten(bytes);
}

void SshSession::onUploadProgress(int id, qint64 done, qint64 total)
{
    if (SshUploadSink *sink = m_uploadSinks.value(id))
        sink->sshUploadProgress(done, total);
}

void SshSession::onUploadFinished(int id, const QString &error)
{
    if (SshUploadSink *sink = m_uploadSinks.take(id))
        sink->sshUploadFinished(error);
}

} // namespace halolink
