#include "alerts/alertbar.h"

#include "health/alerts.h"
#include "status/statusstyle.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace halolink::ui {

AlertBar::AlertBar(health::AlertLog *log, QWidget *parent)
    : QFrame(parent)
    , m_log(log)
    , m_icon(new QLabel(this))
    , m_text(new QLabel(this))
    , m_events(new QPushButton(tr("Events…"), this))
    , m_dashboard(new QPushButton(tr("Dashboard"), this))
{
    setObjectName(QStringLiteral("alertBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_text->setObjectName(QStringLiteral("alertText"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_events->setObjectName(QStringLiteral("alertEvents"));
    m_events->setToolTip(tr("Every alert with when it was raised and cleared (View > Events…)"));
    m_dashboard->setToolTip(tr("The dashboard, with the fabric health per link"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_icon);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_dashboard);
    layout->addWidget(m_events);
    connect(m_events, &QPushButton::clicked, this, &AlertBar::eventsRequested);
    connect(m_dashboard, &QPushButton::clicked, this, &AlertBar::dashboardRequested);
    connect(log, &health::AlertLog::changed, this, &AlertBar::refresh);
    refresh();
}

void AlertBar::refresh()
{
    const QList<health::Alert> active = m_log->active();
    if (active.isEmpty()) {
        hide();
        return;
    }
    // The most severe, then the newest.
    const health::Alert *top = &active.first();
    for (const health::Alert &a : active) {
        if (a.severity > top->severity || (a.severity == top->severity && a.raisedAt >= top->raisedAt))
            top = &a;
    }
    const bool critical = top->severity == health::Severity::Critical;
    const Check::Status status = critical ? Check::Status::Fail : Check::Status::Warn;
    m_icon->setPixmap(StatusStyle::icon(status, palette()).pixmap(16, 16));
    QPalette pal = palette();
    pal.setColor(QPalette::Window, StatusStyle::background(status, palette()));
    setPalette(pal);
    QString text = tr("%1 (since %2): %3")
                       .arg(top->title, top->raisedAt.toLocalTime().toString(QStringLiteral("HH:mm:ss")), top->message);
    if (active.size() > 1)
        text += QLatin1Char(' ') + tr("— and %n more alert(s).", nullptr, int(active.size() - 1));
    m_text->setText(text);
    setAccessibleName(tr("Alerts: %1").arg(text));
    show();
}

void AlertBar::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && isVisible())
        QMetaObject::invokeMethod(this, &AlertBar::refresh, Qt::QueuedConnection);
}

} // namespace halolink::ui
