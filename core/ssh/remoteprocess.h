#pragma once
// A long-lived command on a node (the engine's agent): stdout read line by
// line, stdin written as the app likes, until the command ends or the
// connection drops. For one-shot commands use RemoteTask.

#include "ssh/sshsession.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>

namespace halolink {

class RemoteProcess final : public QObject, public SshChannelSink {
    Q_OBJECT

public:
    RemoteProcess(SshSession *session, const QString &command, QObject *parent = nullptr);
    ~RemoteProcess() override;

    // A line longer than this is dropped (logged), so a broken peer cannot
    // make the app buffer without bound.
    void setMaxLineLength(qsizetype bytes) { m_maxLine = bytes; }

    void start();
    bool isRunning() const { return m_running; }
    void write(const QByteArray &data);
    void writeLine(const QByteArray &line) { write(line + '\n'); }
    void closeStdin();
    // Asks the remote command to stop (TERM) and closes the channel.
    void terminate();

    int exitCode() const { return m_exitCode; }
    QString errorString() const { return m_error; }

Q_SIGNALS:
    void started();
    void lineReceived(const QByteArray &line); // stdout, without the newline
    void stderrLine(const QByteArray &line);
    // Bytes of write() that have left for the node, in order (for flow control and progress).
    void bytesWritten(qint64 bytes);
    // The command ended (exitCode, -1 when unknown) or the channel broke (error).
    void finished(int exitCode, const QString &error);

private:
    void sshChannelOpened() override;
    void sshChannelData(bool isStderr, const QByteArray &data) override;
    void sshChannelClosed(int exitStatus, const QString &error) override;
    void sshChannelWritten(qint64 bytes) override { Q_EMIT bytesWritten(bytes); }
    // Hands buffered lines on. Unless flushAll, for one EventSlice: the rest
    // waits for drain(), so a burst of lines (a node's backlog after a
    // stall) does not hold the GUI thread for longer than a frame.
    void split(QByteArray &buffer, bool isStderr, bool flushAll);
    void drain();
    void finish(); // the rest of the output, then finished()

    QPointer<SshSession> m_session;
    QString m_command;
    qsizetype m_maxLine = 16 * 1024 * 1024;
    int m_id = 0;
    bool m_running = false;
    bool m_opened = false;
    bool m_done = false;
    bool m_closePending = false;
    QByteArray m_pendingWrites;
    QByteArray m_out, m_err;
    bool m_discardingOut = false;
    bool m_drainQueued = false; // lines are waiting for drain(); new data queues behind them
    bool m_closed = false;      // the channel closed; finished() follows the lines still waiting
    int m_exitCode = -1;
    QString m_error;
};

} // namespace halolink
