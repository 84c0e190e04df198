#include "ssh/remotetask.h"

#include "agent/agentcommand.h"
#include "agent/agentsession.h"
#include "ssh/sshlogging.h"

#include <QTimer>

namespace halolink {

RemoteTask::RemoteTask(SshSession *session, const QString &command, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_command(command)
{
    qRegisterMetaType<Failure>();
}

RemoteTask::~RemoteTask()
{
    if (m_running && m_agentCommand)
        m_agentCommand->terminate();
    else if (m_running && m_session) {
        m_session->closeChannel(m_id);
        m_session->detachSink(m_id);
    }
}

void RemoteTask::setAgent(AgentSession *agent)
{
    m_agent = agent;
}

void RemoteTask::start()
{
    if (m_running || m_done)
        return;
    if (!m_session || !m_session->isReady()) {
        m_done = true;
        m_failure = Failure::NotStarted;
        m_error = tr("Not connected.");
        QMetaObject::invokeMethod(
            this, [this] { Q_EMIT failed(m_failure, m_error); }, Qt::QueuedConnection);
        return;
    }
    m_running = true;
    m_viaAgent = AgentCommand::available(m_agent);
    if (m_timeout.count() > 0) {
        m_timer = new QTimer(this);
        m_timer->setSingleShot(true);
        connect(m_timer, &QTimer::timeout, this, [this] {
            finishWithFailure(Failure::Timeout,
                tr("The command did not finish within %1 s.").arg(m_timeout.count() / 1000.0));
        });
        m_timer->start(m_timeout);
    }
    qCDebug(lcSsh).noquote() << "run on" << m_session->endpoint().displayName()
                             << (m_viaAgent ? "(through the agent):" : ":") << m_command;
    if (m_viaAgent)
        startThroughAgent();
    else
        m_id = m_session->openChannel(m_command.toUtf8(), this);
}

void RemoteTask::startThroughAgent()
{
    m_agentCommand = new AgentCommand(m_agent, m_command, this);
    connect(m_agentCommand, &AgentCommand::outputReceived, this,
            [this](bool isStderr, const QByteArray &data) { sshChannelData(isStderr, data); });
    connect(m_agentCommand, &AgentCommand::finished, this,
            [this](int exitCode, const QString &error) { sshChannelClosed(exitCode, error); });
    m_agentCommand->start();
    m_agentCommand->write(m_stdin);
    m_agentCommand->closeStdin();
}

void RemoteTask::cancel()
{
    if (m_running)
        finishWithFailure(Failure::Cancelled, tr("Cancelled."));
}

void RemoteTask::finishWithFailure(Failure failure, const QString &message)
{
    if (m_done)
        return;
    if (m_running && m_agentCommand) {
        m_agentCommand->terminate(); // the command's process group on the node
        disconnect(m_agentCommand, nullptr, this, nullptr);
    } else if (m_running && m_session) {
        m_session->closeChannel(m_id);
        m_session->detachSink(m_id);
    }
    m_running = false;
    m_done = true;
    if (m_timer)
        m_timer->stop();
    m_failure = failure;
    m_error = message;
    Q_EMIT failed(failure, message);
}

void RemoteTask::sshChannelOpened()
{
    if (!m_stdin.isEmpty())
        m_session->writeChannel(m_id, m_stdin);
    m_session->closeChannelInput(m_id);
}

void RemoteTask::sshChannelData(bool isStderr, const QByteArray &data)
{
    QByteArray &out = isStderr ? m_stderr : m_stdout;
    Q_EMIT outputReceived(isStderr, data);
    if (out.size() + data.size() > m_limit) {
        out.append(data.left(m_limit - out.size()));
        m_truncated = true;
        return;
    }
    out.append(data);
}

void RemoteTask::sshChannelClosed(int exitStatus, const QString &error)
{
    if (m_done)
        return;
    if (!error.isEmpty() && exitStatus < 0) {
        m_running = false; // the channel is gone already
        finishWithFailure(Failure::ChannelError, error);
        return;
    }
    m_running = false;
    m_done = true;
    if (m_timer)
        m_timer->stop();
    m_exitCode = exitStatus;
    Q_EMIT finished(exitStatus);
}

} // namespace halolink
