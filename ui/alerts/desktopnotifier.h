#pragma once
// Alerts as desktop notifications, the freedesktop way: the
// org.freedesktop.Notifications service on the session bus (Desktop
// Notifications Specification: Notify(app_name, replaces_id, app_icon,
// summary, body, actions, hints, expire_timeout) -> id;
// CloseNotification(id)). An alert raised is shown (critical ones with the
// "urgency" hint 2, which servers keep until dismissed), one that gets worse
// replaces it, one cleared is closed. Calls are asynchronous; with no
// session bus or no such service nothing is shown and the app says so once
// in its log (halolink.ui).

#include "health/alerts.h"

#include <QHash>
#include <QObject>

namespace halolink::ui {

class DesktopNotifier final : public QObject
{
    Q_OBJECT

public:
    explicit DesktopNotifier(QObject *parent = nullptr);

    void setEnabled(bool on) { m_enabled = on; }
    bool isEnabled() const { return m_enabled; }
    void show(const health::Alert &alert);
    void close(const health::Alert &alert);
    // How many Notify calls the service answered (tests).
    int delivered() const { return m_delivered; }

Q_SIGNALS:
    void deliveredChanged();

private:
    bool m_enabled = true;
    bool m_warned = false;
    int m_delivered = 0;
    QHash<QString, uint> m_ids; // alert key -> the server's notification id
};

} // namespace halolink::ui
