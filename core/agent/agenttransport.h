#pragma once
// How an AgentSession reaches `halolink-engine agent`: over SSH for a remote
// node (SshAgentTransport: connect, deploy, run the agent on a channel) or as
// a local subprocess for "This computer" (LocalAgentTransport). AgentSession
// speaks the protocol; a transport only moves lines.

#include <QByteArray>
#include <QObject>
#include <QString>

namespace halolink {

class AgentTransport : public QObject {
    Q_OBJECT

public:
    using QObject::QObject;
    ~AgentTransport() override = default;

    // Starts (again) from nothing: emits opened() once the agent runs, or
    // closed() if it could not be started. May be called after closed().
    virtual void open() = 0;
    // Stops the agent (EOF on its stdin, then harder); emits nothing.
    virtual void close() = 0;
    // One protocol line; the newline is added here.
    virtual void sendLine(const QByteArray &line) = 0;
    // For messages: "This computer", "user@node:22".
    virtual QString nodeName() const = 0;

Q_SIGNALS:
    void opened();
    void lineReceived(const QByteArray &line); // one stdout line of the agent
    void diagnostic(const QString &line); // its stderr (logs)
    void status(const QString &message); // progress for the UI: "connecting", "deploying 40%"
    // The agent or the way to it is gone. permanent: retrying cannot help
    // until the person acts (host key changed, authentication failed, wrong
    // architecture, engine missing).
    void closed(const QString &reason, bool permanent);
};

} // namespace halolink
