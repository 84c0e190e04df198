#include "agent/localagenttransport.h"

#include "engine/enginelocator.h"
#include "ssh/sshlogging.h"

#include <QTimer>

namespace halolink {

LocalAgentTransport::LocalAgentTransport(const QString &enginePath, QObject *parent)
    : AgentTransport(parent)
    , m_enginePath(enginePath)
{
}

LocalAgentTransport::~LocalAgentTransport()
{
    close();
}

qint64 LocalAgentTransport::processId() const
{
    return m_process ? m_process->processId() : 0;
}

void LocalAgentTransport::open()
{
    close();
    m_reported = false;
    m_out.clear();
    m_err.clear();
    const EngineLocation where
        = m_enginePath.isEmpty() ? EngineLocator::locate() : EngineLocator::check(m_enginePath);
    if (!where.found()) {
        QMetaObject::invokeMethod(
            this, [this, e = where.error] { report(e, true); }, Qt::QueuedConnection);
        return;
    }
    m_process = new QProcess(this);
    if (m_haveEnv)
        m_process->setProcessEnvironment(m_env);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &LocalAgentTransport::onStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, &LocalAgentTransport::onStderr);
    connect(m_process, &QProcess::finished, this, &LocalAgentTransport::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &LocalAgentTransport::onError);
    connect(m_process, &QProcess::started, this, &AgentTransport::opened);
    Q_EMIT status(QStringLiteral("starting the engine"));
    m_process->start(where.path, { QStringLiteral("agent") });
}

void LocalAgentTransport::close()
{
    if (!m_process)
        return;
    QProcess *p = m_process;
    m_process = nullptr;
    p->disconnect(this);
    if (p->state() == QProcess::NotRunning) {
        p->deleteLater();
        return;
    }
    // EOF ends the agent within a second (protocol); kill it if it does not.
    p->closeWriteChannel();
    QTimer::singleShot(2000, p, [p] { p->kill(); });
    connect(p, &QProcess::finished, p, &QObject::deleteLater);
    p->setParent(nullptr); // outlives this transport if need be
}

void LocalAgentTransport::sendLine(const QByteArray &line)
{
    if (m_process && m_process->state() == QProcess::Running)
        m_process->write(line + '\n');
}

void LocalAgentTransport::onStdout()
{
    m_out += m_process->readAllStandardOutput();
    qsizetype start = 0;
    for (qsizetype nl; (nl = m_out.indexOf('\n', start)) >= 0; start = nl + 1)
        Q_EMIT lineReceived(m_out.mid(start, nl - start));
    m_out.remove(0, start);
}

void LocalAgentTransport::onStderr()
{
    m_err += m_process->readAllStandardError();
    qsizetype start = 0;
    for (qsizetype nl; (nl = m_err.indexOf('\n', start)) >= 0; start = nl + 1)
        Q_EMIT diagnostic(QString::fromUtf8(m_err.mid(start, nl - start)));
    m_err.remove(0, start);
}

void LocalAgentTransport::onFinished(int exitCode, QProcess::ExitStatus status)
{
    onStdout();
    report(status == QProcess::CrashExit ? tr("the local engine crashed")
                                         : tr("the local engine exited with code %1").arg(exitCode),
        false);
}

void LocalAgentTransport::onError(QProcess::ProcessError error)
{
    if (error == QProcess::FailedToStart)
        report(tr("the local engine could not start: %1").arg(m_process->errorString()), true);
}

void LocalAgentTransport::report(const QString &reason, bool permanent)
{
    if (m_reported)
        return;
    m_reported = true;
    if (m_process) {
        QProcess *p = m_process;
        m_process = nullptr;
        p->disconnect(this);
        if (p->state() != QProcess::NotRunning) {
            p->kill();
            connect(p, &QProcess::finished, p, &QObject::deleteLater);
            p->setParent(nullptr);
        } else {
            p->deleteLater();
        }
    }
    Q_EMIT closed(reason, permanent);
}

} // namespace halolink
