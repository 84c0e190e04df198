#pragma once
// Private to core/ssh. The half of an SshSession that lives on the session's
// own worker thread and is the only code that touches its libssh session
// (libssh sessions are not thread-safe). It makes blocking libssh calls —
// bounded by timeouts — so the owner's thread (the GUI) never waits on the
// network. Commands arrive as queued slot calls; results leave as signals,
// which Qt delivers queued in the owner's thread.
//
// Secrets: a password or passphrase is handed over by deliverSecret() (the
// worker may be blocked inside libssh waiting for it), used once and wiped.

#include "ssh/libsshwrapper.h"
#include "ssh/sshendpoint.h"
#include "ssh/sshtypes.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QMutex>
#include <QObject>
#include <QWaitCondition>

#include <libssh/callbacks.h>

#include <atomic>
#include <map>
#include <memory>
#include <optional>

class QSocketNotifier;
class QTimer;

namespace halolink {

class SshWorker final : public QObject {
    Q_OBJECT

public:
    // Mirrors SshSession::Error; kept as int across the thread boundary.
    enum FailureKind {
        ConnectFailed = 1,
        Timeout,
        HostKeyChanged,
        HostKeyRejected,
        HostKeyError,
        AuthFailed,
        CredentialsCancelled,
        ConnectionLost,
        Internal,
    };

    explicit SshWorker(const SshEndpoint &endpoint);
    ~SshWorker() override;

    // Thread-safe, called from the owner's thread.
    void abort();
    void deliverSecret(const QByteArray &secret); // empty optional = cancelled
    void cancelSecret();
    void presetPassword(const QByteArray &password);
    void presetPassphrase(const QByteArray &passphrase);

public Q_SLOTS:
    void start();
    void acceptHostKey();
    void rejectHostKey();
    void openCommand(int id, const QByteArray &command);
    void writeStdin(int id, const QByteArray &data);
    void closeStdin(int id);
    void closeChannel(int id);
    void startUpload(int id, const QString &localPath, const QString &remotePath, int mode);
    void cancelUpload(int id);
    void shutdown();

Q_SIGNALS:
    void connecting();
    void resolved(const QString &host, const QString &user, int port);
    void verifyingHostKey();
    void hostKeyUnknown(const halolink::HostKeyInfo &info);
    void authenticating();
    void credentialsNeeded(halolink::CredentialKind kind, const QString &prompt);
    void ready(int credentialKindsUsed);
    void failed(int kind, const QString &message);

    void channelOpened(int id);
    void channelData(int id, bool isStderr, const QByteArray &data);
    void channelClosed(int id, int exitStatus, const QString &error);
    // A writeStdin() call's bytes are all in libssh's hands (sent or in its window).
    void channelWritten(int id, qint64 bytes);

    void uploadProgress(int id, qint64 done, qint64 total);
    void uploadFinished(int id, const QString &error);

private:
    struct ChannelState {
        libssh::Channel channel;
        bool eofSent = false;
    };
    struct UploadState {
        std::unique_ptr<QFile> file;
        libssh::SftpFile remote;
        QString remotePath;
        int mode = 0700;
        qint64 done = 0;
        qint64 total = 0;
        bool cancelled = false;
    };

    void fail(int kind, const QString &message);
    bool waitConnect();
    void checkHostKey();
    void authenticate();
    bool tryPassword(int *rc);
    bool tryKeyboardInteractive(int *rc);
    std::optional<QByteArray> askSecret(CredentialKind kind, const QString &prompt);
    static int authCallback(const char *prompt, char *buf, size_t len, int echo, int verify, void *userdata);
    void becomeReady();
    void pump();
    void sendKeepAlive();
    void connectionLost(const QString &why);
    void finishChannel(int id, int exitStatus, const QString &error);
    void uploadStep(int id);
    void finishUpload(int id, const QString &error);
    void updatePumping();
    bool sftpReady(QString *error);
    void wipeSecrets();

    SshEndpoint m_endpoint;
    libssh::Session m_session;
    libssh::Sftp m_sftp;
    ssh_callbacks_struct m_callbacks {};
    std::map<int, ChannelState> m_channels;
    std::map<int, UploadState> m_uploads;
    QSocketNotifier *m_readNotifier = nullptr;
    QTimer *m_pumpTimer = nullptr;
    QTimer *m_keepAliveTimer = nullptr;
    int m_keepAliveMisses = 0;
    bool m_ready = false;
    bool m_finished = false; // failed or shut down: every later call is ignored
    int m_credentialKindsUsed = 0;
    bool m_passphraseAsked = false;

    std::atomic_bool m_abort { false };
    QMutex m_secretMutex;
    QWaitCondition m_secretCond;
    std::optional<QByteArray> m_secretAnswer; // guarded by m_secretMutex
    bool m_secretAnswered = false; // guarded by m_secretMutex
    QByteArray m_presetPassword; // guarded by m_secretMutex
    QByteArray m_presetPassphrase; // guarded by m_secretMutex
};

} // namespace halolink
