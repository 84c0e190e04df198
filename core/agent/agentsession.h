#pragma once
// The app's side of `halolink-engine agent` (docs/agent-protocol.md) on one
// node, over any AgentTransport (SSH or a local subprocess).
//
//   Idle -> Connecting -> Ready -> Lost -> (back-off) -> Connecting -> Ready ...
//                                  \-> Failed (permanent: protocol mismatch,
//                                      host key changed, auth, architecture)
//   stop() -> Stopped from anywhere.
//
// Lines: the hello (engine version, protocol — another protocol is refused),
// replies matched by id to the AgentReply that request() returned, and
// events, emitted as QJsonObjects for the consumers (telemetry store: `frame`,
// `mesh`). A malformed line is logged and skipped. When the agent or the
// connection dies, pending replies fail, lost() is emitted, and the session
// reconnects with exponential back-off; when it is back, gap() tells the
// store the interval it has no data for.

#include "agent/agenttransport.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <chrono>

class QTimer;

namespace halolink {

struct AgentHello {
    QString engineVersion;
    int protocol = 0;
    QStringList capabilities;
    QString hostname;
    qint64 pid = 0;
};

// One request's answer. Owned by the AgentSession; deleted (deleteLater) after
// finished() was emitted.
class AgentReply final : public QObject {
    Q_OBJECT

public:
    qint64 id() const { return m_id; }
    QString method() const { return m_method; }
    bool isFinished() const { return m_finished; }
    bool isError() const { return !m_error.isEmpty(); }
    QJsonValue result() const { return m_result; }
    // {"code": "...", "message": "..."}; codes of our own: "timeout", "lost", "stopped".
    QJsonObject error() const { return m_error; }
    QString errorString() const;

Q_SIGNALS:
    void finished();

private:
    friend class AgentSession;
    AgentReply(qint64 id, const QString &method, QObject *parent);
    void finish(const QJsonValue &result, const QJsonObject &error);

    qint64 m_id;
    QString m_method;
    bool m_finished = false;
    QJsonValue m_result;
    QJsonObject m_error;
    QTimer *m_timer = nullptr;
};

class AgentSession final : public QObject {
    Q_OBJECT

public:
    enum class State { Idle, Connecting, Ready, Lost, Failed, Stopped };
    Q_ENUM(State)

    // Takes ownership of the transport.
    explicit AgentSession(AgentTransport *transport, QObject *parent = nullptr);
    ~AgentSession() override;

    AgentTransport *transport() const { return m_transport; }
    State state() const { return m_state; }
    QString nodeName() const { return m_transport->nodeName(); }
    AgentHello helloInfo() const { return m_hello; }
    QString errorString() const { return m_error; }
    int malformedLines() const { return m_malformed; }
    int reconnectAttempts() const { return m_attempt; }

    // Back-off between reconnects: initial, doubled per failure, capped; ±20 % jitter.
    void setBackoff(std::chrono::milliseconds initial, std::chrono::milliseconds max);
    // No hello within this after the agent started: counts as a failed start.
    void setHelloTimeout(std::chrono::milliseconds timeout) { m_helloTimeout = timeout; }

    void start();
    // Sends `shutdown`-free EOF (the agent ends) and stops reconnecting.
    void stop();

    // A request; the reply finishes with the result, an error from the agent,
    // or an error of ours ("timeout", "lost", "not_ready").
    AgentReply *request(const QString &method, const QJsonObject &params = {},
        std::chrono::milliseconds timeout = std::chrono::seconds(30));

Q_SIGNALS:
    void stateChanged(halolink::AgentSession::State state);
    void hello(const halolink::AgentHello &hello);
    // Every unsolicited line: name = its "event" ("frame", "mesh", "log", "error", ...).
    void eventReceived(const QString &name, const QJsonObject &event);
    void lost(qint64 lostAtNs, const QString &reason);
    // Back after a loss: no data between these (local CLOCK_REALTIME, ns since the epoch).
    void gap(qint64 fromNs, qint64 toNs);
    void failed(const QString &reason);
    void status(const QString &message);

private:
    void setState(State state);
    void connectNow();
    void onOpened();
    void onLine(const QByteArray &line);
    void onClosed(const QString &reason, bool permanent);
    void onHello(const QJsonObject &obj);
    void failAll(const QString &code, const QString &message);
    void scheduleReconnect(const QString &reason);
    void failPermanently(const QString &reason);
    static qint64 nowNs();

    AgentTransport *m_transport;
    State m_state = State::Idle;
    AgentHello m_hello;
    QString m_error;
    qint64 m_nextId = 1;
    QHash<qint64, QPointer<AgentReply>> m_pending;
    QTimer *m_reconnectTimer;
    QTimer *m_helloTimer;
    std::chrono::milliseconds m_backoffInitial { std::chrono::seconds(1) };
    std::chrono::milliseconds m_backoffMax { std::chrono::seconds(60) };
    std::chrono::milliseconds m_helloTimeout { std::chrono::seconds(15) };
    std::chrono::milliseconds m_nextDelay { std::chrono::seconds(1) };
    int m_attempt = 0;
    int m_malformed = 0;
    bool m_everReady = false;
    qint64 m_lostAtNs = 0;
};

} // namespace halolink

Q_DECLARE_METATYPE(halolink::AgentHello)
