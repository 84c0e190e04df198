#pragma once
// One command on a node over an SshSession: collects stdout and stderr, and
// ends with finished() (the command ran; exitCode() is its status) or
// failed() (it could not run to the end: timeout, cancelled, connection lost).
// The command is a shell command line: build it with shellCommand() /
// shellQuote() so no value is ever run as shell syntax.
//
// With setAgent(), the command runs through the node's agent when that is
// ready (its `exec` method: `/bin/sh -c`, no start of the login shell, whose
// ~/.bashrc may take a second), else on an exec channel as without it. The
// agent inherited the login shell's environment when it started, so PATH
// and the rest are the same; the shell is /bin/sh rather than the user's.

#include "ssh/sshsession.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>

#include <chrono>

class QTimer;

namespace halolink {

class AgentCommand;
class AgentSession;

class RemoteTask final : public QObject, public SshChannelSink {
    Q_OBJECT

public:
    enum class Failure { None, NotStarted, Timeout, Cancelled, ChannelError };
    Q_ENUM(Failure)

    RemoteTask(SshSession *session, const QString &command, QObject *parent = nullptr);
    ~RemoteTask() override;

    void setTimeout(std::chrono::milliseconds timeout) { m_timeout = timeout; }
    // Output beyond this is dropped (and outputTruncated() says so).
    void setOutputLimit(qsizetype bytes) { m_limit = bytes; }
    // Bytes sent to the command's stdin, then EOF.
    void setStdin(const QByteArray &input) { m_stdin = input; }
    // The node's agent to run the command through when it can (see above).
    void setAgent(AgentSession *agent);

    void start();
    void cancel();

    QString command() const { return m_command; }
    bool isRunning() const { return m_running; }
    int exitCode() const { return m_exitCode; }
    QByteArray standardOutput() const { return m_stdout; }
    QByteArray standardError() const { return m_stderr; }
    bool outputTruncated() const { return m_truncated; }
    Failure failure() const { return m_failure; }
    QString errorString() const { return m_error; }

Q_SIGNALS:
    void finished(int exitCode);
    void failed(halolink::RemoteTask::Failure failure, const QString &message);
    // Output as it arrives (also kept for standardOutput()/standardError()).
    void outputReceived(bool isStderr, const QByteArray &data);

private:
    void sshChannelOpened() override;
    void sshChannelData(bool isStderr, const QByteArray &data) override;
    void sshChannelClosed(int exitStatus, const QString &error) override;
    void finishWithFailure(Failure failure, const QString &message);
    void startThroughAgent();

    QPointer<SshSession> m_session;
    QPointer<AgentSession> m_agent;
    AgentCommand *m_agentCommand = nullptr;
    bool m_viaAgent = false;
    QString m_command;
    std::chrono::milliseconds m_timeout { std::chrono::seconds(60) };
    qsizetype m_limit = 64 * 1024 * 1024;
    QByteArray m_stdin;
    QTimer *m_timer = nullptr;
    int m_id = 0;
    bool m_running = false;
    bool m_done = false;
    int m_exitCode = -1;
    QByteArray m_stdout, m_stderr;
    bool m_truncated = false;
    Failure m_failure = Failure::None;
    QString m_error;
};

} // namespace halolink
