#pragma once
// Live telemetry of "This computer": runs `<engine> agent` as a subprocess
// (docs/agent-protocol.md), asks for `telemetry.start` once the agent said
// hello, and feeds every line it prints into a TelemetryIngest under the node
// id "local". When the agent goes away after it was running, the node gets a
// gap and the agent is started again (after 2 s, then up to 30 s apart); when
// it never said hello (an engine without `agent`, a broken binary) it is
// reported once and not retried until start() is called again.

#include "protocol/agentevents.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QString>

#include <optional>

class QTimer;

namespace halolink {

class TelemetryIngest;

class LocalTelemetrySource final : public QObject
{
    Q_OBJECT

public:
    enum class State { Stopped, Starting, Running, Failed };
    Q_ENUM(State)

    explicit LocalTelemetrySource(TelemetryIngest *ingest, QObject *parent = nullptr);
    ~LocalTelemetrySource() override;

    // Empty (the default) means EngineLocator::locate().
    void setEnginePath(const QString &path) { m_enginePath = path; }
    void setNodeId(const QString &node) { m_node = node; }
    QString nodeId() const { return m_node; }
    void setIntervalMs(int ms) { m_intervalMs = ms; }
    int intervalMs() const { return m_intervalMs; }
    // How long to wait for the hello before giving up.
    void setStartTimeoutMs(int ms) { m_startTimeoutMs = ms; }
    void setRestartDelayMs(int ms) { m_restartDelayMs = m_firstRestartDelayMs = ms; }

    void start();
    // Asks the agent to shut down (it also ends on end of stdin), then stops it.
    void stop();

    State state() const { return m_state; }
    QString errorString() const { return m_error; }
    std::optional<AgentHelloEvent> hello() const { return m_hello; }
    quint64 linesRead() const { return m_lines; }

Q_SIGNALS:
    void stateChanged(halolink::LocalTelemetrySource::State state);
    void helloReceived(const halolink::AgentHelloEvent &hello);
    void failed(const QString &reason);

private:
    void launch();
    void onReadyRead();
    void handleLine(QByteArrayView line);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onErrorOccurred(QProcess::ProcessError error);
    void send(const QByteArray &method, const QByteArray &params = {});
    void setState(State state);
    void fail(const QString &reason);
    void dropProcess();

    TelemetryIngest *m_ingest;
    QString m_enginePath;
    QString m_resolvedPath;
    QString m_node = QStringLiteral("local");
    int m_intervalMs = 100;
    int m_startTimeoutMs = 15000;
    int m_firstRestartDelayMs = 2000;
    int m_restartDelayMs = 2000;
    State m_state = State::Stopped;
    QString m_error;
    QPointer<QProcess> m_process;
    QTimer *m_startTimer;
    QTimer *m_restartTimer;
    QByteArray m_buffer;
    QByteArray m_stderrTail;
    std::optional<AgentHelloEvent> m_hello;
    qint64 m_nextId = 1;
    qint64 m_telemetryStartId = -1;
    quint64 m_lines = 0;
    bool m_stopping = false;
};

} // namespace halolink
