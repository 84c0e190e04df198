#pragma once
// One `halolink-engine` RoCE action (plan, apply, confirm, rollback, status,
// verify) on an SSH node, as root when it must be, with its output streamed
// as it comes (apply's step events, rollback's undos). The one implementation
// of "the engine as root over SSH" — used by the setup wizard
// (SetupController) and by `halolinkctl configure` (in a QEventLoop).
//
// Root (rootCommand below):
//  1. the SSH user is root: the engine runs directly;
//  2. `sudo -n true` works (NOPASSWD, or a cached ticket): `sudo -n -- ENGINE`;
//  3. a password was given (setSudoPassword): the remote shell reads it as the
//     first line of its stdin into a shell variable (never a command line,
//     never the environment, never logged), checks it with
//     `LC_ALL=C sudo -S -p '' -- true` and classifies sudo's refusal by its
//     messages in the C locale, ON THE NODE, into the wrapper's own exit
//     statuses (rootexit below): a wrong password (92) is told apart from a
//     user sudo does not allow (93) and from any other refusal (94, sudo's
//     message on stderr). Nothing runs after a refusal, and sudo finds its
//     stdin at its end after the one line, so it does not ask again. Once
//     accepted, the engine runs through `sudo -n` when the ticket that check
//     left is usable, else through `sudo -S` fed the same line again (the
//     password is then consumed by sudo, the engine sees an empty stdin);
//  4. otherwise a read-only action (Privilege::RootOrUser) runs as the SSH
//     user; a root action fails with need_root (no sudo: 90) or
//     sudo_password_required (91).
// Every program that is not given the password runs with stdin on /dev/null.
// The password is given to sudo only when `sudo -n` cannot run anything;
// when it is not needed (root, NOPASSWD) it stays unread in the channel.
// It is kept in this object only until written, then overwritten with zeros
// (also on cancel and destruction).
//
// Where it runs: through the node's agent (setAgent; its `exec` method runs
// the wrapper below with /bin/sh, no login shell) when the agent is ready,
// else on one exec channel of its own, so one start of the node's login
// shell (its ~/.bashrc may take a second: pyenv, conda). The wrapper around
// the root logic above:
//  - prints "halolink-call: begin" on stdout and on stderr first: whatever the
//    login shell printed before it (a ~/.bashrc that echoes) is not the
//    engine's output and is dropped;
//  - with files (setSpec, addUpload): makes a private folder (mktemp -d under
//    umask 077), says its path ("halolink-call: dir PATH"), reads each file's
//    exact size of bytes from stdin into it (`head -c`, checked with `wc -c`),
//    then runs the engine with `OPTION PATH/N` in a subshell and removes the
//    folder itself when the engine has ended, whatever its status; the
//    password line, when there is one, follows the files on stdin.
//    Only when the call does not end normally (cancel, time-out, connection
//    lost) is the folder removed by a second command: finished() is emitted
//    once it is removed (or after 30 s), so a caller that exits on finished()
//    leaves nothing behind.

#include "ssh/sshsession.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QStringList>

#include <chrono>
#include <functional>

class QTimer;

namespace halolink {

class AgentSession;
class RemoteProcess;

// The remote wrapper's own exit statuses (the engine uses 0, 1 and 2).
namespace rootexit {
constexpr int kNeedRoot = 90;           // not root, no sudo
constexpr int kSudoNeedsPassword = 91;  // sudo -n cannot, and no password was given
// The check's refusal, from sudo's messages under LC_ALL=C (matched on the node):
constexpr int kSudoWrongPassword = 92;  // "incorrect password", "no password was provided", "Sorry, try again"
constexpr int kSudoNotAllowed = 93;     // "not in the sudoers", "may not run sudo", "not allowed to"
constexpr int kSudoRefused = 94;        // any other refusal (sudo's message on stderr)
} // namespace rootexit

// The remote shell command running `engineArgv` as root (see above). With a
// password, the command reads it as the first line of its stdin.
QString rootCommand(const QStringList &engineArgv, bool withPassword, bool mayRunAsUser);
// The same for an engine command that is already shell text (quoted by shellCommand).
QString rootCommandFor(const QString &engineCommand, bool withPassword, bool mayRunAsUser);
// The call's whole remote command (see above): `engineArgv` followed by
// `OPTION FILE` for each of `fileOptions`, in that order, whose contents
// (of `fileSizes` bytes) come first on stdin.
QString callCommand(const QStringList &engineArgv, const QStringList &fileOptions, const QList<qsizetype> &fileSizes,
                    bool withPassword, bool mayRunAsUser);

class EngineCall final : public QObject {
    Q_OBJECT

public:
    enum class Privilege { Root, RootOrUser };

    // args: the engine arguments after the binary, e.g. {"apply", "--confirm-within", "300"}.
    EngineCall(SshSession *session, const QString &enginePath, const QStringList &args, QObject *parent = nullptr);
    ~EngineCall() override;

    // The spec, passed as `--spec FILE` (replaces an earlier one).
    void setSpec(const QByteArray &json);
    // Any file the engine reads, passed as `option FILE` (e.g. the tests' `--plan`).
    void addUpload(const QString &option, const QByteArray &content);
    void setPrivilege(Privilege p) { m_privilege = p; }
    // Used for this call only (a deep copy), then overwritten in memory.
    void setSudoPassword(const QByteArray &password);
    void setTimeout(std::chrono::milliseconds timeout) { m_timeout = timeout; }
    // The node's agent: when it is Ready and has `exec`, the call runs
    // through it (no new exec channel, no login shell start); otherwise, or
    // without one, on an exec channel of the SSH session.
    void setAgent(AgentSession *agent);

    void start();
    void cancel();

    bool isFinished() const { return m_finished; }
    // Ran, exit 0, and the last JSON object carries no "error".
    bool ok() const { return m_finished && m_errorCode.isEmpty(); }
    int exitCode() const { return m_exitCode; }
    // The last JSON object the engine printed (the result document), also
    // when the call failed (verify's failing document, apply's error).
    QJsonObject result() const { return m_result; }
    QList<QJsonObject> events() const { return m_events; }
    // need_root, sudo_password_required, sudo_password_wrong, sudo_not_allowed,
    // sudo_refused, spec_upload_failed, connection_lost, timeout, cancelled,
    // engine_error (a failure without an engine error object: verify's failed
    // checks, a crash), or the engine's own error code.
    QString errorCode() const { return m_errorCode; }
    QString errorMessage() const { return m_errorMessage; }
    QByteArray standardOutput() const { return m_stdout; }
    QByteArray standardError() const { return m_stderr; }

Q_SIGNALS:
    // Each stdout line of the engine as it arrives (JSON lines, or the lines
    // of a pretty-printed document).
    void outputLine(const QByteArray &line);
    // Each JSON line with an "event" member (apply's steps, rollback's undos).
    void eventReceived(const QJsonObject &event);
    void finished();

private:
    void runEngine();
    void onLine(const QByteArray &line);
    void onStderrLine(const QByteArray &line);
    void onFinished(int exitCode, const QString &error);
    void finish(const QString &code, const QString &message);
    void removeFilesThenEmit();
    void emitFinished();
    void wipePassword();

    QPointer<SshSession> m_session;
    QString m_enginePath;
    QStringList m_args;
    QList<QPair<QString, QByteArray>> m_uploads; // option, content
    QString m_remoteDir;       // the call's folder on the node, once it said so
    bool m_begun = false;      // stdout: the wrapper's begin line was seen
    bool m_stderrBegun = false;
    QByteArray m_shellStderr;  // what the login shell said before the wrapper (for a failure there)
    QByteArray m_password;
    bool m_withPassword = false;
    Privilege m_privilege = Privilege::Root;
    std::chrono::milliseconds m_timeout{std::chrono::minutes(5)};
    QObject *m_process = nullptr;       // RemoteProcess, or AgentCommand through the agent
    std::function<void()> m_terminate;
    QPointer<AgentSession> m_agent;
    bool m_viaAgent = false;
    QTimer *m_timer = nullptr;
    bool m_finished = false;
    bool m_emitted = false;
    int m_exitCode = -1;
    QJsonObject m_result;
    QList<QJsonObject> m_events;
    QByteArray m_stderr;
    QByteArray m_stdout;
    QString m_errorCode;
    QString m_errorMessage;
};

} // namespace halolink
