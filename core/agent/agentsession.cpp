#include "agent/agentsession.h"

#include "protocol/engineversion.h"
#include "ssh/sshlogging.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRandomGenerator>
#include <QTimer>

#include <algorithm>

namespace halolink {

// --- AgentReply ------------------------------------------------------------------------

AgentReply::AgentReply(qint64 id, const QString &method, QObject *parent)
    : QObject(parent)
    , m_id(id)
    , m_method(method)
{
}

QString AgentReply::errorString() const
{
    if (m_error.isEmpty())
        return {};
    return QStringLiteral("%1: %2").arg(m_error.value(QStringLiteral("code")).toString(),
        m_error.value(QStringLiteral("message")).toString());
}

void AgentReply::finish(const QJsonValue &result, const QJsonObject &error)
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_timer)
        m_timer->stop();
    m_result = result;
    m_error = error;
    Q_EMIT finished();
    deleteLater();
}

// --- AgentSession ----------------------------------------------------------------------

namespace {

QJsonObject ourError(const QString &code, const QString &message)
{
    return QJsonObject { { QStringLiteral("code"), code }, { QStringLiteral("message"), message } };
}

} // namespace

AgentSession::AgentSession(AgentTransport *transport, QObject *parent)
    : QObject(parent)
    , m_transport(transport)
    , m_reconnectTimer(new QTimer(this))
    , m_helloTimer(new QTimer(this))
{
    qRegisterMetaType<AgentHello>();
    m_transport->setParent(this);
    m_reconnectTimer->setSingleShot(true);
    m_helloTimer->setSingleShot(true);
    connect(m_reconnectTimer, &QTimer::timeout, this, &AgentSession::connectNow);
    connect(m_helloTimer, &QTimer::timeout, this, [this] {
        m_transport->close();
        scheduleReconnect(tr("the agent on %1 sent no hello within %2 s")
                              .arg(nodeName())
                              .arg(m_helloTimeout.count() / 1000.0));
    });
    connect(m_transport, &AgentTransport::opened, this, &AgentSession::onOpened);
    connect(m_transport, &AgentTransport::lineReceived, this, &AgentSession::onLine);
    connect(m_transport, &AgentTransport::closed, this, &AgentSession::onClosed);
    connect(m_transport, &AgentTransport::status, this, &AgentSession::status);
    connect(m_transport, &AgentTransport::diagnostic, this,
        [this](const QString &line) { qCDebug(lcAgent).noquote() << nodeName() << "agent:" << line; });
}

AgentSession::~AgentSession()
{
    m_transport->disconnect(this);
    m_transport->close();
}

qint64 AgentSession::nowNs()
{
    return QDateTime::currentMSecsSinceEpoch() * 1000000;
}

void AgentSession::setBackoff(std::chrono::milliseconds initial, std::chrono::milliseconds max)
{
    m_backoffInitial = initial;
    m_backoffMax = std::max(initial, max);
    m_nextDelay = initial;
}

void AgentSession::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void AgentSession::start()
{
    if (m_state != State::Idle && m_state != State::Stopped)
        return;
    m_nextDelay = m_backoffInitial;
    connectNow();
}

void AgentSession::stop()
{
    m_reconnectTimer->stop();
    m_helloTimer->stop();
    m_transport->close();
    failAll(QStringLiteral("stopped"), tr("The session was stopped."));
    setState(State::Stopped);
}

void AgentSession::connectNow()
{
    if (m_state == State::Failed || m_state == State::Stopped) {
        if (m_state == State::Failed)
            return;
    }
    ++m_attempt;
    setState(State::Connecting);
    m_transport->open();
}

void AgentSession::onOpened()
{
    m_helloTimer->start(m_helloTimeout);
}

AgentReply *AgentSession::request(
    const QString &method, const QJsonObject &params, std::chrono::milliseconds timeout)
{
    const qint64 id = m_nextId++;
    auto *reply = new AgentReply(id, method, this);
    if (m_state != State::Ready) {
        QPointer<AgentReply> r(reply);
        const QString message = tr("%1 is not connected.").arg(nodeName());
        QMetaObject::invokeMethod(
            this,
            [r, message] {
                if (r)
                    r->finish({}, ourError(QStringLiteral("not_ready"), message));
            },
            Qt::QueuedConnection);
        return reply;
    }
    QJsonObject line { { QStringLiteral("id"), id }, { QStringLiteral("method"), method } };
    if (!params.isEmpty())
        line.insert(QStringLiteral("params"), params);
    m_pending.insert(id, reply);
    if (timeout.count() > 0) {
        reply->m_timer = new QTimer(reply);
        reply->m_timer->setSingleShot(true);
        connect(reply->m_timer, &QTimer::timeout, this, [this, id, method, timeout] {
            QPointer<AgentReply> r = m_pending.take(id);
            if (r)
                r->finish({},
                    ourError(QStringLiteral("timeout"),
                        tr("%1 did not answer %2 within %3 s.")
                            .arg(nodeName(), method)
                            .arg(timeout.count() / 1000.0)));
        });
        reply->m_timer->start(timeout);
    }
    m_transport->sendLine(QJsonDocument(line).toJson(QJsonDocument::Compact));
    return reply;
}

void AgentSession::onLine(const QByteArray &line)
{
    if (line.trimmed().isEmpty())
        return;
    QJsonParseError err {};
    const QJsonDocument doc = QJsonDocument::fromJson(line, &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        ++m_malformed;
        qCWarning(lcAgent).noquote() << nodeName() << "skipped a malformed line from the agent:"
                                     << (err.error != QJsonParseError::NoError
                                                ? err.errorString()
                                                : QStringLiteral("not an object"))
                                     << "-" << QString::fromUtf8(line.left(200));
        return;
    }
    const QJsonObject obj = doc.object();
    const QJsonValue event = obj.value(QStringLiteral("event"));
    if (event.isString()) {
        const QString name = event.toString();
        if (name == QLatin1String("hello")) {
            onHello(obj);
            return;
        }
        if (m_state == State::Ready)
            Q_EMIT eventReceived(name, obj);
        return;
    }
    const QJsonValue idValue = obj.value(QStringLiteral("id"));
    if (idValue.isDouble()
        && (obj.contains(QStringLiteral("result")) || obj.contains(QStringLiteral("error")))) {
        const qint64 id = static_cast<qint64>(idValue.toDouble());
        QPointer<AgentReply> reply = m_pending.take(id);
        if (!reply) {
            qCDebug(lcAgent) << nodeName() << "reply to an unknown or expired request" << id;
            return;
        }
        const QJsonValue error = obj.value(QStringLiteral("error"));
        if (error.isObject())
            reply->finish({}, error.toObject());
        else if (!error.isUndefined() && !error.isNull())
            reply->finish({}, ourError(QStringLiteral("bad_reply"), error.toVariant().toString()));
        else
            reply->finish(obj.value(QStringLiteral("result")), {});
        return;
    }
    ++m_malformed;
    qCWarning(lcAgent).noquote() << nodeName() << "skipped a line that is neither an event nor a reply:"
                                 << QString::fromUtf8(line.left(200));
}

void AgentSession::onHello(const QJsonObject &obj)
{
    m_helloTimer->stop();
    AgentHello h;
    h.engineVersion = obj.value(QStringLiteral("engine_version")).toString();
    h.protocol = obj.value(QStringLiteral("protocol")).toInt();
    for (const QJsonValue &c : obj.value(QStringLiteral("capabilities")).toArray())
        h.capabilities << c.toString();
    h.hostname = obj.value(QStringLiteral("hostname")).toString();
    h.pid = static_cast<qint64>(obj.value(QStringLiteral("pid")).toDouble());
    const int ours = EngineVersion::supportedProtocol();
    if (h.protocol != ours) {
        m_transport->close();
        failPermanently(tr("The engine on %1 (version %2) speaks agent protocol %3, but this "
                           "HaloLink speaks protocol %4. Install the same HaloLink version on "
                           "this computer and deploy its engine.")
                            .arg(nodeName(), h.engineVersion.isEmpty() ? tr("unknown") : h.engineVersion)
                            .arg(h.protocol)
                            .arg(ours));
        return;
    }
    m_hello = h;
    m_nextDelay = m_backoffInitial;
    m_attempt = 0;
    m_error.clear();
    const bool wasLost = m_everReady && m_lostAtNs != 0;
    m_everReady = true;
    setState(State::Ready);
    qCInfo(lcAgent).noquote() << nodeName() << "agent ready: engine" << h.engineVersion << "protocol"
                              << h.protocol;
    Q_EMIT hello(h);
    if (wasLost) {
        const qint64 from = std::exchange(m_lostAtNs, 0);
        Q_EMIT gap(from, nowNs());
    }
}

void AgentSession::failAll(const QString &code, const QString &message)
{
    const auto pending = std::exchange(m_pending, {});
    for (const QPointer<AgentReply> &r : pending) {
        if (r)
            r->finish({}, ourError(code, message));
    }
}

void AgentSession::onClosed(const QString &reason, bool permanent)
{
    m_helloTimer->stop();
    if (m_state == State::Stopped || m_state == State::Failed)
        return;
    if (permanent) {
        failPermanently(reason);
        return;
    }
    scheduleReconnect(reason);
}

void AgentSession::scheduleReconnect(const QString &reason)
{
    m_error = reason;
    failAll(QStringLiteral("lost"), reason);
    if (m_state == State::Ready || (m_everReady && m_lostAtNs == 0)) {
        m_lostAtNs = nowNs();
        qCInfo(lcAgent).noquote() << nodeName() << "lost:" << reason;
        setState(State::Lost);
        Q_EMIT lost(m_lostAtNs, reason);
    } else {
        setState(State::Lost);
    }
    // ±20 % jitter, so many nodes lost together do not reconnect in lockstep.
    const double jitter = 0.8 + 0.4 * QRandomGenerator::global()->generateDouble();
    const auto delay = std::chrono::milliseconds(static_cast<qint64>(m_nextDelay.count() * jitter));
    m_nextDelay = std::min(m_nextDelay * 2, m_backoffMax);
    qCDebug(lcAgent).noquote() << nodeName() << "reconnecting in" << delay.count() << "ms:" << reason;
    Q_EMIT status(QStringLiteral("reconnecting in %1 s").arg(delay.count() / 1000.0, 0, 'f', 1));
    m_reconnectTimer->start(delay);
}

void AgentSession::failPermanently(const QString &reason)
{
    m_error = reason;
    m_reconnectTimer->stop();
    failAll(QStringLiteral("lost"), reason);
    qCWarning(lcAgent).noquote() << nodeName() << "failed:" << reason;
    setState(State::Failed);
    Q_EMIT failed(reason);
}

} // namespace halolink
