#include "alerts/desktopnotifier.h"

#include "uilogging.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusVariant>
#include <QFile>

namespace halolink::ui {

namespace {

const QString kService = QStringLiteral("org.freedesktop.Notifications");
const QString kPath = QStringLiteral("/org/freedesktop/Notifications");
const QString kInterface = QStringLiteral("org.freedesktop.Notifications");

} // namespace

DesktopNotifier::DesktopNotifier(QObject *parent)
    : QObject(parent)
{
}

void DesktopNotifier::show(const health::Alert &alert)
{
    if (!m_enabled)
        return;
    // A session bus only where the desktop has one (never an autolaunched one).
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    const bool hasBus = qEnvironmentVariableIsSet("DBUS_SESSION_BUS_ADDRESS")
                        || (!runtime.isEmpty() && QFile::exists(runtime + QStringLiteral("/bus")));
    QDBusConnection bus = hasBus ? QDBusConnection::sessionBus() : QDBusConnection(QString());
    if (!hasBus || !bus.isConnected()) {
        if (!m_warned)
            qCInfo(lcUi) << "no session bus: alerts are not shown as desktop notifications";
        m_warned = true;
        return;
    }
    QDBusMessage call = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("Notify"));
    QVariantMap hints;
    // Urgency is a byte: 1 normal, 2 critical (the specification's "urgency" hint).
    hints.insert(QStringLiteral("urgency"),
                 QVariant::fromValue(uchar(alert.severity == health::Severity::Critical ? 2 : 1)));
    hints.insert(QStringLiteral("desktop-entry"), QStringLiteral("halolink"));
    call << QStringLiteral("HaloLink") << m_ids.value(alert.key, 0u) << QStringLiteral("halolink") << alert.title
         << alert.message << QStringList() << hints << int(-1);
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(call), this);
    const QString key = alert.key;
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, key](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        const QDBusPendingReply<uint> reply = *w;
        if (reply.isError()) {
            if (!m_warned)
                qCInfo(lcUi).noquote() << "desktop notifications are not shown:" << reply.error().message();
            m_warned = true;
            return;
        }
        m_ids.insert(key, reply.value());
        ++m_delivered;
        Q_EMIT deliveredChanged();
    });
}

void DesktopNotifier::close(const health::Alert &alert)
{
    const uint id = m_ids.take(alert.key);
    if (!id || !m_enabled)
        return;
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected())
        return;
    QDBusMessage call = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("CloseNotification"));
    call << id;
    bus.asyncCall(call);
}

} // namespace halolink::ui
