#pragma once
// "This computer": the engine's agent as a local subprocess (no SSH).

#include "agent/agenttransport.h"

#include <QCoreApplication>
#include <QPointer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

namespace halolink {

class LocalAgentTransport final : public AgentTransport {
    Q_OBJECT

public:
    // An empty path means EngineLocator::locate().
    explicit LocalAgentTransport(const QString &enginePath = QString(), QObject *parent = nullptr);
    ~LocalAgentTransport() override;

    void setProcessEnvironment(const QProcessEnvironment &env)
    {
        m_env = env;
        m_haveEnv = true;
    }

    void open() override;
    void close() override;
    void sendLine(const QByteArray &line) override;
    // The same name as the inventory's local node (Node::local()).
    QString nodeName() const override { return QCoreApplication::translate("Node", "This computer"); }

    qint64 processId() const;

private:
    void onStdout();
    void onStderr();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void report(const QString &reason, bool permanent);

    QString m_enginePath;
    QProcessEnvironment m_env;
    bool m_haveEnv = false;
    QPointer<QProcess> m_process;
    QByteArray m_out, m_err;
    bool m_reported = false;
};

} // namespace halolink
