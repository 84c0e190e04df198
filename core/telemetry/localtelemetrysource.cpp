#include "telemetry/localtelemetrysource.h"

#include "engine/enginelocator.h"
#include "logging.h"
#include "protocol/agentdecoder.h"
#include "protocol/engineversion.h"
#include "telemetry/telemetryingest.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

namespace halolink {

namespace {
constexpr qsizetype kMaxLineBytes = 1 << 20; // a frame is a few kB; anything this long is broken
constexpr int kMaxRestartDelayMs = 30000;
} // namespace

LocalTelemetrySource::LocalTelemetrySource(TelemetryIngest *ingest, QObject *parent)
    : QObject(parent)
    , m_ingest(ingest)
    , m_startTimer(new QTimer(this))
    , m_restartTimer(new QTimer(this))
{
    m_startTimer->setSingleShot(true);
    m_restartTimer->setSingleShot(true);
    connect(m_startTimer, &QTimer::timeout, this, [this] {
        fail(tr("`%1 agent` said nothing within %2 s.").arg(m_resolvedPath).arg(m_startTimeoutMs / 1000.0));
    });
    connect(m_restartTimer, &QTimer::timeout, this, &LocalTelemetrySource::launch);
}

LocalTelemetrySource::~LocalTelemetrySource()
{
    m_stopping = true;
    dropProcess();
}

void LocalTelemetrySource::start()
{
    m_stopping = false;
    m_restartDelayMs = m_firstRestartDelayMs;
    m_restartTimer->stop();
    if (m_process)
        return;
    launch();
}

void LocalTelemetrySource::launch()
{
    dropProcess();
    m_error.clear();
    m_hello.reset();
    m_buffer.clear();
    m_stderrTail.clear();
    m_telemetryStartId = -1;

    const EngineLocation location = m_enginePath.isEmpty() ? EngineLocator::locate()
                                                           : EngineLocator::check(m_enginePath);
    if (!location.found()) {
        m_resolvedPath = location.tried.value(0);
        // Asynchronous like every other outcome, so callers can connect after start().
        setState(State::Starting);
        QMetaObject::invokeMethod(this, [this, error = location.error] { fail(error); }, Qt::QueuedConnection);
        return;
    }
    m_resolvedPath = location.path;

    auto *process = new QProcess(this);
    m_process = process;
    process->setProcessChannelMode(QProcess::SeparateChannels);
    connect(process, &QProcess::readyReadStandardOutput, this, &LocalTelemetrySource::onReadyRead);
    connect(process, &QProcess::readyReadStandardError, this, [this, process] {
        m_stderrTail += process->readAllStandardError();
        if (m_stderrTail.size() > 4096)
            m_stderrTail = m_stderrTail.right(4096);
    });
    connect(process, &QProcess::finished, this, &LocalTelemetrySource::onFinished);
    connect(process, &QProcess::errorOccurred, this, &LocalTelemetrySource::onErrorOccurred);
    setState(State::Starting);
    m_startTimer->start(m_startTimeoutMs);
    qCDebug(lcEngine) << "starting" << m_resolvedPath << "agent";
    process->start(m_resolvedPath, {QStringLiteral("agent")});
}

void LocalTelemetrySource::stop()
{
    m_stopping = true;
    m_restartTimer->stop();
    m_startTimer->stop();
    if (m_process && m_process->state() == QProcess::Running) {
        send("shutdown");
        m_process->closeWriteChannel(); // end of stdin ends the agent too
        if (!m_process->waitForFinished(1500))
            qCInfo(lcEngine) << "the agent did not stop by itself; killing it";
    }
    dropProcess();
    setState(State::Stopped);
}

void LocalTelemetrySource::dropProcess()
{
    if (!m_process)
        return;
    QProcess *process = m_process;
    m_process = nullptr;
    process->disconnect(this);
    if (process->state() != QProcess::NotRunning) {
        process->kill();
        process->waitForFinished(1000);
    }
    process->deleteLater();
}

void LocalTelemetrySource::send(const QByteArray &method, const QByteArray &params)
{
    if (!m_process)
        return;
    const qint64 id = m_nextId++;
    if (method == "telemetry.start")
        m_telemetryStartId = id;
    QByteArray line = "{\"id\":" + QByteArray::number(id) + ",\"method\":\"" + method + '"';
    if (!params.isEmpty())
        line += ",\"params\":" + params;
    line += "}\n";
    m_process->write(line);
}

void LocalTelemetrySource::onReadyRead()
{
    if (!m_process)
        return;
    m_buffer += m_process->readAllStandardOutput();
    qsizetype start = 0;
    for (;;) {
        const qsizetype newline = m_buffer.indexOf('\n', start);
        if (newline < 0)
            break;
        const QByteArrayView line(m_buffer.constData() + start, newline - start);
        start = newline + 1;
        if (!line.trimmed().isEmpty())
            handleLine(line);
        if (!m_process)
            return; // the line made us stop
    }
    m_buffer.remove(0, start);
    if (m_buffer.size() > kMaxLineBytes) {
        qCWarning(lcEngine) << "agent line longer than" << kMaxLineBytes << "bytes; dropped";
        m_buffer.clear();
    }
}

void LocalTelemetrySource::handleLine(QByteArrayView line)
{
    ++m_lines;
    const AgentLine parsed = parseAgentLine(line);
    if (parsed.kind == AgentLineKind::Malformed) {
        qCDebug(lcEngine) << "agent printed a line that is not a JSON object:" << parsed.error;
        m_ingest->ingestLine(m_node, line); // counted there
        return;
    }
    if (parsed.kind == AgentLineKind::Reply) {
        if (parsed.id == m_telemetryStartId && parsed.object.contains(QLatin1StringView("error"))) {
            const QJsonObject error = parsed.object.value(QLatin1StringView("error")).toObject();
            fail(tr("The agent refused telemetry.start: %1")
                     .arg(error.value(QLatin1StringView("message")).toString(
                         error.value(QLatin1StringView("code")).toString())));
        }
        return;
    }
    if (parsed.kind != AgentLineKind::Event)
        return;
    if (parsed.event == QLatin1StringView("hello")) {
        const DecodeResult<AgentHelloEvent> hello = decodeAgentHello(parsed.object);
        if (!hello.ok()) {
            fail(tr("The agent's hello could not be read: %1").arg(hello.error));
            return;
        }
        if (hello.value->protocol != EngineVersion::supportedProtocol()) {
            fail(tr("The agent speaks protocol %1, this HaloLink speaks protocol %2.")
                     .arg(hello.value->protocol)
                     .arg(EngineVersion::supportedProtocol()));
            return;
        }
        m_startTimer->stop();
        m_hello = hello.value;
        m_restartDelayMs = m_firstRestartDelayMs;
        m_ingest->setHello(m_node, *hello.value);
        send("telemetry.start", "{\"interval_ms\":" + QByteArray::number(m_intervalMs) + '}');
        setState(State::Running);
        Q_EMIT helloReceived(*hello.value);
        return;
    }
    if (parsed.event == QLatin1StringView("log")) {
        qCDebug(lcEngine).noquote() << "agent:" << parsed.object.value(QLatin1StringView("message")).toString();
        return;
    }
    m_ingest->ingestEvent(m_node, parsed.object);
}

void LocalTelemetrySource::onErrorOccurred(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart || !m_process)
        return;
    fail(tr("Could not start %1 agent: %2").arg(m_resolvedPath, m_process->errorString()));
}

void LocalTelemetrySource::onFinished(int exitCode, QProcess::ExitStatus status)
{
    if (!m_process)
        return;
    m_startTimer->stop();
    onReadyRead(); // the last lines
    const bool wasRunning = m_state == State::Running;
    QString tail = QString::fromUtf8(m_stderrTail).trimmed();
    if (const qsizetype lastLine = tail.lastIndexOf(QLatin1Char('\n')); lastLine >= 0)
        tail = tail.mid(lastLine + 1);
    dropProcess();
    if (wasRunning)
        m_ingest->markGap(m_node, QDateTime::currentMSecsSinceEpoch() * 1000000);
    if (m_stopping)
        return;
    QString reason = status == QProcess::CrashExit
        ? tr("The agent crashed.")
        : tr("The agent exited with code %1.").arg(exitCode);
    if (!wasRunning && status == QProcess::NormalExit && exitCode == 2)
        reason = tr("This engine has no `agent` command (exit code 2): live telemetry needs a newer engine.");
    if (!tail.isEmpty())
        reason += QLatin1Char(' ') + tail;
    if (wasRunning) {
        // It ran before: start it again, further apart each time.
        m_error = reason;
        qCInfo(lcEngine).noquote() << reason << "Restarting in" << m_restartDelayMs << "ms.";
        setState(State::Starting);
        m_restartTimer->start(m_restartDelayMs);
        m_restartDelayMs = std::min(m_restartDelayMs * 2, kMaxRestartDelayMs);
        return;
    }
    fail(reason);
}

void LocalTelemetrySource::fail(const QString &reason)
{
    m_startTimer->stop();
    const bool wasRunning = m_state == State::Running;
    dropProcess();
    if (wasRunning)
        m_ingest->markGap(m_node, QDateTime::currentMSecsSinceEpoch() * 1000000);
    m_error = reason;
    qCInfo(lcEngine).noquote() << "local telemetry:" << reason;
    setState(State::Failed);
    Q_EMIT failed(reason);
}

void LocalTelemetrySource::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

} // namespace halolink
