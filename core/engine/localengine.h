#pragma once
// Runs the engine of "This computer" as a subprocess: `--version` (to check the
// protocol), then `probe`. Asynchronous, with a timeout per step; one run at a
// time. It never blocks the event loop and reports every way a run can go wrong
// as failed(reason) with a failure() kind, so the UI can say what to do.

#include "protocol/engineversion.h"
#include "protocol/probereport.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QProcess>

#include <chrono>
#include <optional>

class QTimer;

namespace halolink {

class LocalEngine final : public QObject
{
    Q_OBJECT

public:
    enum class Failure {
        None,
        EngineMissing,    // no binary found (see EngineLocator)
        FailedToStart,    // found, but exec failed
        Crashed,          // killed by a signal
        TimedOut,         // no answer within the timeout; it was killed
        ExitedWithError,  // non-zero exit; the engine's error document, if any, is in the reason
        BadOutput,        // output that is not what the protocol promises
        ProtocolMismatch, // an engine of another protocol version
    };
    Q_ENUM(Failure)

    explicit LocalEngine(QObject *parent = nullptr);
    ~LocalEngine() override;

    // An explicit engine; empty (the default) means EngineLocator::locate().
    void setEnginePath(const QString &path);
    QString enginePath() const { return m_enginePath; }
    // The engine of the last run (located or explicit).
    QString resolvedEnginePath() const { return m_resolvedPath; }

    void setTimeout(std::chrono::milliseconds timeout) { m_timeout = timeout; }
    std::chrono::milliseconds timeout() const { return m_timeout; }

    bool isRunning() const { return m_stage != Stage::Idle; }
    // Starts a run; does nothing and returns false while one is running.
    bool probe();
    // Stops a run without emitting anything.
    void cancel();

    Failure failure() const { return m_failure; }
    std::optional<EngineVersion> engineVersion() const { return m_version; }
    // The probe document exactly as the engine printed it (for `--json`).
    QByteArray lastProbeOutput() const { return m_probeOutput; }

Q_SIGNALS:
    void versionKnown(const halolink::EngineVersion &version);
    void probeFinished(const halolink::ProbeReport &report);
    void failed(const QString &reason);

private:
    enum class Stage { Idle, Version, Probe };

    void startStage(Stage stage);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onErrorOccurred(QProcess::ProcessError error);
    void onTimeout();
    void handleVersion(const QByteArray &out);
    void handleProbe(const QByteArray &out);
    void finishWithFailure(Failure failure, const QString &reason);
    void dropProcess();
    QString stageCommand() const;

    QString m_enginePath;
    QString m_resolvedPath;
    std::chrono::milliseconds m_timeout{std::chrono::seconds(30)};
    Stage m_stage = Stage::Idle;
    QPointer<QProcess> m_process;
    QTimer *m_timer = nullptr;
    Failure m_failure = Failure::None;
    std::optional<EngineVersion> m_version;
    QByteArray m_probeOutput;
};

} // namespace halolink
