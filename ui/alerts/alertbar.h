#pragma once
// The main window's bar for the alerts that hold (core/health/alerts.h):
// hidden while none does; else the most severe and newest in a line, with
// how many more, and the way to the event log and the dashboard.

#include <QFrame>

class QLabel;
class QPushButton;

namespace halolink::health {
class AlertLog;
}

namespace halolink::ui {

class AlertBar final : public QFrame
{
    Q_OBJECT

public:
    explicit AlertBar(health::AlertLog *log, QWidget *parent = nullptr);

    QLabel *text() const { return m_text; }
    void refresh();

Q_SIGNALS:
    void eventsRequested();
    void dashboardRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    health::AlertLog *m_log;
    QLabel *m_icon;
    QLabel *m_text;
    QPushButton *m_events;
    QPushButton *m_dashboard;
};

} // namespace halolink::ui
