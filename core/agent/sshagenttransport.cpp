#include "agent/sshagenttransport.h"

#include "ssh/credentialstore.h"

#include "deploy/enginedeployer.h"
#include "ssh/remoteprocess.h"
#include "ssh/shellquote.h"
#include "ssh/sshlogging.h"
#include "ssh/sshsession.h"

namespace halolink {

SshAgentTransport::SshAgentTransport(
    const SshEndpoint &endpoint, const QString &localEnginePath, QObject *parent)
    : AgentTransport(parent)
    , m_endpoint(endpoint)
    , m_localEngine(localEnginePath)
{
}

SshAgentTransport::~SshAgentTransport()
{
    teardown();
    m_password.fill('\0');
    m_passphrase.fill('\0');
}

void SshAgentTransport::teardown()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->closeStdin(); // the agent ends on EOF
        m_process->deleteLater();
    }
    if (m_deployer) {
        m_deployer->disconnect(this);
        m_deployer->deleteLater();
    }
    if (m_session) {
        // Keep what authenticated, so a reconnect does not ask again.
        if (!m_session->passwordForReconnect().isEmpty())
            m_password = m_session->passwordForReconnect();
        if (!m_session->passphraseForReconnect().isEmpty())
            m_passphrase = m_session->passphraseForReconnect();
        m_session->disconnect(this);
        m_session->disconnectFromHost();
        m_session->deleteLater();
    }
    m_process = nullptr;
    m_deployer = nullptr;
    m_session = nullptr;
}

void SshAgentTransport::open()
{
    teardown();
    m_reported = false;
    m_session = new SshSession(m_endpoint, this);
    if (!m_password.isEmpty())
        m_session->setPassword(m_password);
    if (!m_passphrase.isEmpty())
        m_session->setKeyPassphrase(m_passphrase);
    if (m_store)
        m_session->setCredentialStore(m_store);
    connect(m_session, &SshSession::ready, this, &SshAgentTransport::onReady);
    connect(m_session, &SshSession::failed, this, [this](SshSession::Error error, const QString &message) {
        report(message, SshSession::isPermanent(error));
    });
    Q_EMIT sessionCreated(m_session);
    Q_EMIT status(QStringLiteral("connecting"));
    m_session->connectToHost();
}

void SshAgentTransport::onReady()
{
    if (!m_session->passwordForReconnect().isEmpty())
        m_password = m_session->passwordForReconnect();
    if (!m_session->passphraseForReconnect().isEmpty())
        m_passphrase = m_session->passphraseForReconnect();
    Q_EMIT status(QStringLiteral("checking the engine"));
    // One channel, one start of the node's login shell: the checks, the upload
    // when needed, then the agent (EngineDeployer::setExecAfter).
    m_deployer = new EngineDeployer(m_session, m_localEngine, this);
    m_deployer->setExecAfter({ QStringLiteral("agent") });
    connect(m_deployer, &EngineDeployer::progress, this, [this](qint64 done, qint64 total) {
        Q_EMIT status(QStringLiteral("deploying the engine %1%").arg(total ? done * 100 / total : 0));
    });
    connect(m_deployer, &EngineDeployer::slow, this, [this](EngineDeployer::Phase phase, int seconds) {
        Q_EMIT status(QStringLiteral("slow %1 %2").arg(slowKey(phase)).arg(seconds));
    });
    connect(m_deployer, &EngineDeployer::finished, this, &SshAgentTransport::onDeployed);
    connect(
        m_deployer, &EngineDeployer::failed, this, [this](EngineDeployer::Failure f, const QString &message) {
            const bool permanent = f == EngineDeployer::Failure::ArchMismatch
                || f == EngineDeployer::Failure::LibcMismatch || f == EngineDeployer::Failure::LocalEngine;
            report(message, permanent);
        });
    m_deployer->start();
}

QString SshAgentTransport::slowKey(EngineDeployer::Phase phase)
{
    switch (phase) {
    case EngineDeployer::Phase::Shell:
        return QStringLiteral("shell");
    case EngineDeployer::Phase::Checks:
        return QStringLiteral("checks");
    case EngineDeployer::Phase::Upload:
        return QStringLiteral("upload");
    case EngineDeployer::Phase::Install:
        return QStringLiteral("install");
    case EngineDeployer::Phase::Start:
        return QStringLiteral("start");
    }
    return QStringLiteral("shell");
}

void SshAgentTransport::onDeployed(const QString &remotePath, bool uploaded)
{
    m_remoteEngine = remotePath;
    // The deployer's channel now runs `<engine> agent` (exec'd by its script).
    m_process = m_deployer->takeProcess();
    m_deployer->deleteLater();
    m_deployer = nullptr;
    if (!m_process) {
        report(tr("the agent on %1 did not start").arg(nodeName()), false);
        return;
    }
    m_process->setParent(this);
    Q_EMIT deployed(remotePath, uploaded);
    Q_EMIT status(QStringLiteral("starting the agent"));
    connect(m_process, &RemoteProcess::lineReceived, this, &AgentTransport::lineReceived);
    connect(m_process, &RemoteProcess::stderrLine, this,
        [this](const QByteArray &line) { Q_EMIT diagnostic(QString::fromUtf8(line)); });
    connect(m_process, &RemoteProcess::finished, this, [this](int exitCode, const QString &error) {
        report(
            error.isEmpty() ? tr("the agent on %1 exited with code %2").arg(nodeName()).arg(exitCode) : error,
            false);
    });
    Q_EMIT opened();
}

void SshAgentTransport::close()
{
    m_reported = true;
    teardown();
}

void SshAgentTransport::sendLine(const QByteArray &line)
{
    if (m_process && m_process->isRunning())
        m_process->writeLine(line);
}

void SshAgentTransport::report(const QString &reason, bool permanent)
{
    if (m_reported)
        return;
    m_reported = true;
    teardown();
    Q_EMIT closed(reason, permanent);
}

} // namespace halolink
