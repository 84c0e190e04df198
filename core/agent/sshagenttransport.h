#pragma once
// A remote node's agent over SSH: connect (SshSession), then ONE channel
// (EngineDeployer with setExecAfter) checks and, when needed, uploads the
// engine and runs `<engine> agent`: one start of the node's login shell per
// connection. Everything after that (probe, telemetry, mesh, bench) goes
// through the agent. status() lines: "connecting", "checking the engine",
// "deploying the engine N%", "slow shell|checks|upload|install SECONDS"
// (no progress for that long; the deployer gives up only after its limit),
// "starting the agent".
// Each open() makes a fresh SshSession (sessions are single-use); the UI
// hooks the new session's host-key and credential questions through
// sessionCreated(). A password the person typed stays in memory here for
// reconnects of this run of the app, never anywhere else.

#include "agent/agenttransport.h"
#include "deploy/enginedeployer.h"
#include "ssh/credentialstore.h"
#include "ssh/sshendpoint.h"

#include <QPointer>

namespace halolink {

class RemoteProcess;
class SshSession;

class SshAgentTransport final : public AgentTransport {
    Q_OBJECT

public:
    SshAgentTransport(const SshEndpoint &endpoint, const QString &localEnginePath, QObject *parent = nullptr);
    ~SshAgentTransport() override;

    void setCredentialStore(CredentialStore *store) { m_store = store; }

    void open() override;
    void close() override;
    void sendLine(const QByteArray &line) override;
    QString nodeName() const override { return m_endpoint.displayName(); }

    SshSession *session() const { return m_session; }
    QString remoteEnginePath() const { return m_remoteEngine; }

Q_SIGNALS:
    // A new connection attempt: answer its hostKeyUnknown()/credentialsNeeded().
    void sessionCreated(halolink::SshSession *session);
    void deployed(const QString &remotePath, bool uploaded);

private:
    void onReady();
    void onDeployed(const QString &remotePath, bool uploaded);
    static QString slowKey(EngineDeployer::Phase phase);
    void report(const QString &reason, bool permanent);
    void teardown();

    SshEndpoint m_endpoint;
    QString m_localEngine;
    QString m_remoteEngine;
    QPointer<CredentialStore> m_store;
    QPointer<SshSession> m_session;
    QPointer<EngineDeployer> m_deployer;
    QPointer<RemoteProcess> m_process;
    QByteArray m_password, m_passphrase; // memory only, for reconnects
    bool m_reported = true;
};

} // namespace halolink
