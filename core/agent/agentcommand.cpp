#include "agent/agentcommand.h"

#include "agent/agentsession.h"

#include <QJsonObject>
#include <QMetaObject>

namespace halolink {

AgentCommand::AgentCommand(AgentSession *agent, const QString &command, QObject *parent)
    : QObject(parent), m_agent(agent), m_command(command)
{
}

AgentCommand::~AgentCommand()
{
    wipe();
}

bool AgentCommand::available(const AgentSession *agent)
{
    return agent && agent->state() == AgentSession::State::Ready
           && agent->helloInfo().capabilities.contains(QStringLiteral("exec"));
}

void AgentCommand::wipe()
{
    m_stdin.fill('\0');
    m_stdin.clear();
}

void AgentCommand::write(const QByteArray &data)
{
    if (!m_sent)
        m_stdin.append(data);
}

void AgentCommand::closeStdin()
{
    if (m_started && !m_sent)
        send();
}

void AgentCommand::send()
{
    m_sent = true;
    if (!m_agent) {
        m_done = true;
        QMetaObject::invokeMethod(this, [this] { Q_EMIT finished(-1, tr("The node's agent is gone.")); },
                                  Qt::QueuedConnection);
        return;
    }
    QJsonObject params{{QStringLiteral("command"), m_command}};
    if (!m_stdin.isEmpty()) {
        QByteArray encoded = m_stdin.toBase64();
        params.insert(QStringLiteral("stdin"), QString::fromLatin1(encoded));
        encoded.fill('\0');
    }
    wipe();
    // No time limit of the session's own: the caller has one, and cancels.
    m_reply = m_agent->request(QStringLiteral("exec"), params, std::chrono::milliseconds(0));
    m_request = m_reply->id();
    connect(m_agent, &AgentSession::eventReceived, this, [this](const QString &name, const QJsonObject &e) {
        if (m_done || name != QLatin1String("exec.output")
            || qint64(e.value(QStringLiteral("request")).toDouble()) != m_request)
            return;
        const QByteArray line = e.value(QStringLiteral("line")).toString().toUtf8();
        const bool isStderr = e.value(QStringLiteral("stream")).toString() == QLatin1String("stderr");
        Q_EMIT outputReceived(isStderr, e.value(QStringLiteral("newline")).toBool(true) ? line + '\n' : line);
        if (isStderr)
            Q_EMIT stderrLine(line);
        else
            Q_EMIT lineReceived(line);
    });
    connect(m_reply, &AgentReply::finished, this, [this] {
        if (m_done)
            return;
        m_done = true;
        disconnect(m_agent, &AgentSession::eventReceived, this, nullptr); // no more of its events to read
        if (m_reply->isError())
            Q_EMIT finished(-1, m_reply->errorString());
        else
            Q_EMIT finished(m_reply->result().toObject().value(QStringLiteral("exit_code")).toInt(-1), QString());
    });
}

void AgentCommand::terminate()
{
    if (!m_sent || m_done || !m_agent)
        return;
    m_agent->request(QStringLiteral("exec.cancel"), {{QStringLiteral("request"), m_request}},
                     std::chrono::seconds(10));
}

} // namespace halolink
