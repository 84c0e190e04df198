#include "engine/localengine.h"

#include "engine/enginelocator.h"
#include "logging.h"
#include "protocol/probedecoder.h"

#include <QTimer>

namespace halolink {

namespace {

// The last few lines of stderr: where the engine says in words what went wrong.
QString stderrTail(const QByteArray &err)
{
    QStringList lines = QString::fromUtf8(err).trimmed().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    while (lines.size() > 3)
        lines.removeFirst();
    return lines.join(QLatin1Char('\n')).trimmed();
}

QString excerpt(const QByteArray &out)
{
    QString text = QString::fromUtf8(out.left(200)).trimmed();
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (out.size() > 200)
        text += QStringLiteral("…");
    return text;
}

} // namespace

LocalEngine::LocalEngine(QObject *parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &LocalEngine::onTimeout);
}

LocalEngine::~LocalEngine()
{
    cancel();
}

void LocalEngine::setEnginePath(const QString &path)
{
    m_enginePath = path;
}

bool LocalEngine::probe()
{
    if (isRunning())
        return false;
    m_failure = Failure::None;
    m_probeOutput.clear();

    const EngineLocation location = m_enginePath.isEmpty() ? EngineLocator::locate()
                                                           : EngineLocator::check(m_enginePath);
    m_resolvedPath = location.found() ? location.path : location.tried.value(0);
    if (!location.found()) {
        // Asynchronous like every other outcome, so callers can connect after calling.
        m_stage = Stage::Version;
        QMetaObject::invokeMethod(
            this,
            [this, error = location.error] {
                if (m_stage != Stage::Idle) // not cancelled meanwhile
                    finishWithFailure(Failure::EngineMissing, error);
            },
            Qt::QueuedConnection);
        return true;
    }
    startStage(Stage::Version);
    return true;
}

void LocalEngine::cancel()
{
    m_timer->stop();
    m_stage = Stage::Idle;
    dropProcess();
}

QString LocalEngine::stageCommand() const
{
    return m_stage == Stage::Version ? QStringLiteral("halolink-engine --version")
                                     : QStringLiteral("halolink-engine probe");
}

void LocalEngine::startStage(Stage stage)
{
    dropProcess();
    m_stage = stage;
    auto *process = new QProcess(this);
    m_process = process;
    process->setProcessChannelMode(QProcess::SeparateChannels);
    process->setInputChannelMode(QProcess::ManagedInputChannel);
    connect(process, &QProcess::finished, this, &LocalEngine::onFinished);
    connect(process, &QProcess::errorOccurred, this, &LocalEngine::onErrorOccurred);
    const QStringList args = stage == Stage::Version ? QStringList{QStringLiteral("--version")}
                                                     : QStringList{QStringLiteral("probe")};
    qCDebug(lcEngine) << "running" << m_resolvedPath << args;
    m_timer->start(stage == Stage::Version ? std::min(m_timeout, std::chrono::milliseconds(10000))
                                           : m_timeout);
    process->start(m_resolvedPath, args, QIODevice::ReadOnly);
}

void LocalEngine::dropProcess()
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

void LocalEngine::onErrorOccurred(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart || !m_process)
        return; // crashes and exit codes are handled in onFinished
    finishWithFailure(Failure::FailedToStart,
                      tr("Could not start the engine %1: %2").arg(m_resolvedPath, m_process->errorString()));
}

void LocalEngine::onTimeout()
{
    if (m_stage == Stage::Idle)
        return;
    const double seconds = (m_stage == Stage::Version ? std::min(m_timeout, std::chrono::milliseconds(10000))
                                                      : m_timeout).count() / 1000.0;
    finishWithFailure(Failure::TimedOut,
                      tr("`%1` did not finish within %2 s and was stopped.").arg(stageCommand()).arg(seconds));
}

void LocalEngine::onFinished(int exitCode, QProcess::ExitStatus status)
{
    if (!m_process)
        return;
    m_timer->stop();
    const QByteArray out = m_process->readAllStandardOutput();
    const QByteArray err = m_process->readAllStandardError();
    if (!err.isEmpty())
        qCDebug(lcEngine).noquote() << "engine stderr:" << QString::fromUtf8(err).trimmed();

    if (status == QProcess::CrashExit) {
        QString reason = tr("The engine crashed while running `%1`.").arg(stageCommand());
        if (const QString tail = stderrTail(err); !tail.isEmpty())
            reason += QLatin1Char('\n') + tail;
        finishWithFailure(Failure::Crashed, reason);
        return;
    }
    if (exitCode != 0) {
        QString reason;
        const DecodeResult<EngineErrorReport> engineError = decodeEngineError(out);
        if (engineError.ok()) {
            reason = tr("`%1` failed (exit code %2): %3")
                         .arg(stageCommand())
                         .arg(exitCode)
                         .arg(engineError.value->message.isEmpty() ? engineError.value->code
                                                                   : engineError.value->message);
            if (!engineError.value->code.isEmpty() && !engineError.value->message.isEmpty())
                reason += QStringLiteral(" [%1]").arg(engineError.value->code);
        } else {
            reason = tr("`%1` failed with exit code %2.").arg(stageCommand()).arg(exitCode);
            if (const QString tail = stderrTail(err); !tail.isEmpty())
                reason += QLatin1Char('\n') + tail;
        }
        finishWithFailure(Failure::ExitedWithError, reason);
        return;
    }
    if (m_stage == Stage::Version)
        handleVersion(out);
    else if (m_stage == Stage::Probe)
        handleProbe(out);
}

void LocalEngine::handleVersion(const QByteArray &out)
{
    const std::optional<EngineVersion> version = EngineVersion::parse(QString::fromUtf8(out));
    if (!version) {
        finishWithFailure(Failure::BadOutput,
                          tr("%1 does not look like halolink-engine: `--version` printed \"%2\".")
                              .arg(m_resolvedPath, excerpt(out)));
        return;
    }
    m_version = version;
    Q_EMIT versionKnown(*version);
    if (version->protocol != EngineVersion::supportedProtocol()) {
        finishWithFailure(Failure::ProtocolMismatch,
                          tr("The engine %1 speaks protocol %2, this HaloLink speaks protocol %3.")
                              .arg(version->version)
                              .arg(version->protocol)
                              .arg(EngineVersion::supportedProtocol()));
        return;
    }
    startStage(Stage::Probe);
}

void LocalEngine::handleProbe(const QByteArray &out)
{
    const DecodeResult<ProbeReport> decoded = decodeProbeReport(out);
    if (!decoded.ok()) {
        finishWithFailure(Failure::BadOutput,
                          tr("The engine's probe answer could not be read: %1").arg(decoded.error));
        return;
    }
    m_probeOutput = out;
    m_stage = Stage::Idle;
    dropProcess();
    qCDebug(lcEngine) << "probe finished:" << decoded.value->checks.size() << "checks";
    Q_EMIT probeFinished(*decoded.value);
}

void LocalEngine::finishWithFailure(Failure failure, const QString &reason)
{
    m_timer->stop();
    m_stage = Stage::Idle;
    dropProcess();
    m_failure = failure;
    qCInfo(lcEngine).noquote() << "local engine failed:" << reason;
    Q_EMIT failed(reason);
}

} // namespace halolink
