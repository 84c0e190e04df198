#pragma once
// One `halolink-engine` RoCE action (plan, apply, confirm, rollback, status,
// verify) on an SSH node, as root when it must be, with its JSON lines
// streamed as they come (apply's step events).
//
// Root: the engine runs directly when the SSH user is root; else with
// `sudo -n` (passwordless); else, once a password was given with
// setSudoPassword(), through `sudo -S`: the password is written to the remote
// shell's stdin only (never on a command line, never logged), checked with
// `sudo -v` first so a wrong one is told apart from the engine's own failures.
// Read-only actions (Privilege::RootOrUser) run as the SSH user when root is
// out of reach.
//
// A spec (setSpec) is copied to a private temporary file on the node
// (mktemp under umask 077, through stdin), passed as `--spec FILE`, and
// removed afterwards.

#include "ssh/sshsession.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <chrono>

class QTimer;

namespace halolink {

class RemoteProcess;

// The remote wrapper's own exit statuses.
namespace rootexit {
constexpr int kNeedRoot = 90;           // not root, no sudo
constexpr int kSudoNeedsPassword = 91;  // sudo -n would ask
constexpr int kSudoWrongPassword = 92;  // sudo -v refused the password given
} // namespace rootexit

// The remote shell command running `engineArgv` as root (see above). With a
// password, the command reads it as the first line of its stdin.
QString rootCommand(const QStringList &engineArgv, bool withPassword, bool mayRunAsUser);

class EngineCall final : public QObject {
    Q_OBJECT

public:
    enum class Privilege { Root, RootOrUser };

    // args: the engine arguments after the binary, e.g. {"apply", "--confirm-within", "300"}.
    EngineCall(SshSession *session, const QString &enginePath, const QStringList &args, QObject *parent = nullptr);
    ~EngineCall() override;

    void setSpec(const QByteArray &json) { m_spec = json; }
    void setPrivilege(Privilege p) { m_privilege = p; }
    // Used for this call only, then overwritten in memory.
    void setSudoPassword(const QByteArray &password) { m_password = password; }
    void setTimeout(std::chrono::milliseconds timeout) { m_timeout = timeout; }

    void start();
    void cancel();

    bool isFinished() const { return m_finished; }
    // Ran, exit 0, and the last JSON object carries no "error".
    bool ok() const { return m_finished && m_errorCode.isEmpty(); }
    int exitCode() const { return m_exitCode; }
    // The last JSON object the engine printed (the result document).
    QJsonObject result() const { return m_result; }
    QList<QJsonObject> events() const { return m_events; }
    // need_root, sudo_password_required, sudo_password_wrong, spec_upload_failed,
    // connection_lost, timeout, engine_error, or the engine's own error code.
    QString errorCode() const { return m_errorCode; }
    QString errorMessage() const { return m_errorMessage; }
    QByteArray standardError() const { return m_stderr; }

Q_SIGNALS:
    // Each JSON line with an "event" member (apply's steps, rollback's undos).
    void eventReceived(const QJsonObject &event);
    void finished();

private:
    void runEngine();
    void onLine(const QByteArray &line);
    void onFinished(int exitCode, const QString &error);
    void finish(const QString &code, const QString &message);
    void removeSpec();

    QPointer<SshSession> m_session;
    QString m_enginePath;
    QStringList m_args;
    QByteArray m_spec;
    QByteArray m_password;
    Privilege m_privilege = Privilege::Root;
    std::chrono::milliseconds m_timeout{std::chrono::minutes(5)};
    QString m_specFile;
    RemoteProcess *m_process = nullptr;
    QTimer *m_timer = nullptr;
    bool m_finished = false;
    int m_exitCode = -1;
    QJsonObject m_result;
    QList<QJsonObject> m_events;
    QByteArray m_stderr;
    QByteArray m_stdout;
    QString m_errorCode;
    QString m_errorMessage;
};

} // namespace halolink
