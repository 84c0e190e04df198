#pragma once
// One SSH connection to one node, as a forward-only state machine:
//
//   Idle -> Connecting -> VerifyingHostKey [-> AwaitingHostKeyDecision]
//        -> Authenticating -> Ready -> Closed
//   any state -> Failed (error() says why; terminal, like Closed)
//
// A session is used once: to reconnect, make a new one (AgentSession does,
// with back-off). Each session drives its libssh session on its own worker
// thread (see sshworker.h for why), so nothing here blocks the caller's
// thread; many sessions run in parallel, one per node.
//
// Host keys: known -> proceed; unknown -> hostKeyUnknown(info) and wait for
// acceptHostKey() (saved to known_hosts) or rejectHostKey(); changed or of
// another type -> Failed(HostKeyChanged) with an explanation. There is
// deliberately no way to override a changed key from here.
//
// Auth: none, public key (agent, then identity files; an encrypted key asks for
// its passphrase), keyboard-interactive, password. Secrets are asked through
// credentialsNeeded() and answered with provideCredentials(); they stay in
// memory only, or go to the system keychain when the person asks and a
// CredentialStore is set — never to settings, logs or files.

#include "ssh/sshendpoint.h"
#include "ssh/sshtypes.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QPointer>

class QThread;

namespace halolink {

class CredentialStore;
class SshWorker;

// Receivers of channel and upload events (RemoteTask, RemoteProcess, SftpUpload).
class SshChannelSink {
public:
    virtual ~SshChannelSink() = default;
    virtual void sshChannelOpened() = 0;
    virtual void sshChannelData(bool isStderr, const QByteArray &data) = 0;
    virtual void sshChannelClosed(int exitStatus, const QString &error) = 0;
    // Bytes given to writeChannel() that have left for the node (flow control, progress).
    virtual void sshChannelWritten(qint64 bytes) { Q_UNUSED(bytes) }
};

class SshUploadSink {
public:
    virtual ~SshUploadSink() = default;
    virtual void sshUploadProgress(qint64 done, qint64 total) = 0;
    virtual void sshUploadFinished(const QString &error) = 0;
};

class SshSession final : public QObject {
    Q_OBJECT

public:
    // The session's worker thread runs this much nicer than the thread that
    // connected (at most 19): background I/O, below the GUI thread.
    static constexpr int kWorkerNiceAbove = 4;

    enum class State {
        Idle,
        Connecting, // socket and SSH handshake
        VerifyingHostKey,
        AwaitingHostKeyDecision, // hostKeyUnknown() was emitted
        Authenticating, // may wait for credentials (isAwaitingCredentials())
        Ready,
        Closed, // disconnectFromHost() was called
        Failed,
    };
    Q_ENUM(State)

    enum class Error {
        None,
        ConnectFailed, // no route, refused, name not found, config unreadable
        Timeout, // no SSH handshake within the connect timeout
        HostKeyChanged, // known_hosts has another key: refused, no override
        HostKeyRejected, // the person said no to an unknown key
        HostKeyError, // known_hosts unreadable/unwritable
        AuthFailed, // every method refused (wrong password, no accepted key)
        CredentialsCancelled, // the person cancelled a password/passphrase question
        ConnectionLost, // the connection dropped after it was made
        Internal,
    };
    Q_ENUM(Error)

    explicit SshSession(const SshEndpoint &endpoint, QObject *parent = nullptr);
    ~SshSession() override;

    const SshEndpoint &endpoint() const { return m_endpoint; }
    State state() const { return m_state; }
    Error error() const { return m_error; }
    QString errorString() const { return m_errorString; }
    bool isReady() const { return m_state == State::Ready; }
    bool isFinished() const { return m_state == State::Closed || m_state == State::Failed; }
    // Permanent failures that a retry would only repeat (the person must act).
    static bool isPermanent(Error error);
    // Waits until every session's worker thread has ended (they end by
    // themselves after disconnectFromHost() or destruction, bounded by the
    // timeouts). Call before the process exits, after the sessions are gone:
    // libssh and OpenSSL must not be cleaned up under a running worker. False
    // when some were still running at the timeout.
    static bool waitForWorkerThreads(std::chrono::milliseconds timeout);

    // What the config resolved (after Connecting started).
    QString resolvedHost() const { return m_host; }
    QString resolvedUser() const { return m_user; }
    int resolvedPort() const { return m_port; }
    HostKeyInfo hostKey() const { return m_hostKey; }
    bool isAwaitingCredentials() const { return m_awaitingCredentials; }
    CredentialKind pendingCredentialKind() const { return m_pendingKind; }

    // Known secrets (from memory or the keychain), tried before asking. Held in
    // memory by the worker only until authentication ends.
    void setPassword(const QByteArray &password);
    void setKeyPassphrase(const QByteArray &passphrase);
    // Optional: where remembered secrets go, and are looked up before asking.
    void setCredentialStore(CredentialStore *store);

    void connectToHost();
    void acceptHostKey();
    void rejectHostKey();
    // Answers credentialsNeeded(). remember: store it in the system keychain
    // (only through the CredentialStore; nothing is stored without one).
    void provideCredentials(const QByteArray &secret, bool remember = false);
    void cancelCredentials();
    void disconnectFromHost();

    // The password that authenticated this session, for reconnecting in this
    // run of the app (memory only); empty when none was used.
    QByteArray passwordForReconnect() const { return m_reconnectPassword; }
    QByteArray passphraseForReconnect() const { return m_reconnectPassphrase; }

    // Used by RemoteTask, RemoteProcess, SftpUpload; ids are per session.
    int openChannel(const QByteArray &command, SshChannelSink *sink);
    void writeChannel(int id, const QByteArray &data);
    void closeChannelInput(int id);
    void closeChannel(int id);
    int startUpload(const QString &localPath, const QString &remotePath, int mode, SshUploadSink *sink);
    void cancelUpload(int id);
    void detachSink(int id);

Q_SIGNALS:
    void stateChanged(halolink::SshSession::State state);
    void hostKeyUnknown(const halolink::HostKeyInfo &info);
    void credentialsNeeded(halolink::CredentialKind kind, const QString &prompt);
    void ready();
    void failed(halolink::SshSession::Error error, const QString &message);
    // After a "remember" request: whether the keychain took the secret.
    void credentialStored(bool stored, const QString &message);

private:
    void setState(State state);
    void onResolved(const QString &host, const QString &user, int port);
    void onHostKeyUnknown(const HostKeyInfo &info);
    void onCredentialsNeeded(CredentialKind kind, const QString &prompt);
    void onReady(int kindsUsed);
    void onFailed(int kind, const QString &message);
    void onChannelOpened(int id);
    void onChannelData(int id, bool isStderr, const QByteArray &data);
    void onChannelClosed(int id, int exitStatus, const QString &error);
    void onChannelWritten(int id, qint64 bytes);
    void onUploadProgress(int id, qint64 done, qint64 total);
    void onUploadFinished(int id, const QString &error);
    QString storeKey(CredentialKind kind) const;

    SshEndpoint m_endpoint;
    State m_state = State::Idle;
    Error m_error = Error::None;
    QString m_errorString;
    QString m_host, m_user;
    int m_port = 0;
    HostKeyInfo m_hostKey;
    bool m_awaitingCredentials = false;
    CredentialKind m_pendingKind = CredentialKind::Password;
    bool m_storeLookupDone = false;
    bool m_rememberPassword = false;
    bool m_rememberPassphrase = false;
    QByteArray m_givenPassword; // what the person typed, until auth ends
    QByteArray m_givenPassphrase;
    QByteArray m_reconnectPassword;
    QByteArray m_reconnectPassphrase;
    QPointer<CredentialStore> m_store;

    QThread *m_thread = nullptr;
    SshWorker *m_worker = nullptr;
    int m_nextId = 1;
    QHash<int, SshChannelSink *> m_channelSinks;
    QHash<int, SshUploadSink *> m_uploadSinks;
};

} // namespace halolink
