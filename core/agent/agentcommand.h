#pragma once
// A shell command run by the node's agent (its `exec` method,
// docs/agent-protocol.md) with the interface of RemoteProcess: stdin written
// as the caller likes and given to the command when closeStdin() is called,
// stdout and stderr lines as they come, finished() with the exit status.
// It costs no login shell start on the node: the agent runs `sh -c`, which
// reads no ~/.bashrc (issue 16: a 0.5 s conda or pyenv start per call).
//
// The stdin bytes (a sudo password among them, for EngineCall) are in the
// request line only: that line is never logged, and the copy held here is
// overwritten once sent.

#include <QByteArray>
#include <QObject>
#include <QPointer>

namespace halolink {

class AgentReply;
class AgentSession;

class AgentCommand final : public QObject {
    Q_OBJECT

public:
    AgentCommand(AgentSession *agent, const QString &command, QObject *parent = nullptr);
    ~AgentCommand() override;

    // Whether `agent` can run commands now: Ready, and its engine has `exec`.
    static bool available(const AgentSession *agent);

    // Nothing is sent before closeStdin(): the request carries the whole stdin.
    void start() { m_started = true; }
    void write(const QByteArray &data);
    void closeStdin();
    // Ends the command's process group on the node (exec.cancel).
    void terminate();

Q_SIGNALS:
    void lineReceived(const QByteArray &line); // stdout, without the newline
    void stderrLine(const QByteArray &line);
    // The same output as bytes, newlines included where the command wrote them.
    void outputReceived(bool isStderr, const QByteArray &data);
    // The command ended (exitCode; -1 with an error when the agent could not
    // run it or the connection was lost).
    void finished(int exitCode, const QString &error);

private:
    void send();
    void wipe();

    QPointer<AgentSession> m_agent;
    QString m_command;
    QByteArray m_stdin;
    QPointer<AgentReply> m_reply;
    qint64 m_request = -1;
    bool m_started = false;
    bool m_sent = false;
    bool m_done = false;
};

} // namespace halolink
