// The main window's fabric health and alerts (docs/fabric-health.md): core's
// HealthMonitor over the cluster's telemetry, its table on the dashboard,
// the alerts in a bar above everything, as desktop notifications and in the
// event log (View > Events…).

#include "mainwindow.h"

#include "alerts/alertbar.h"
#include "alerts/desktopnotifier.h"
#include "alerts/eventlogdialog.h"
#include "dashboard/dashboardpage.h"
#include "dashboard/fabrichealthpanel.h"
#include "health/healthmonitor.h"
#include "cluster/clustercontroller.h"
#include "nodes/nodeactions.h"

#include <QAction>
#include <QVBoxLayout>

namespace halolink::ui {

QWidget *MainWindow::createHealth(QWidget *content)
{
    m_health = new health::HealthMonitor(m_telemetry, m_nodeActions->cluster(), m_nodeActions->inventory(), this);
    m_dashboard->fabricHealth()->setMonitor(m_health);
    // The legend tells management from data-plane interfaces by the probes.
    m_dashboard->setProbeSource([this](const QString &nodeId) -> std::optional<ProbeReport> {
        if (nodeId == QLatin1String(Node::kLocalId))
            return m_localRawReport;
        return m_nodeActions->cluster()->probeReport(nodeId);
    });
    m_notifier = new DesktopNotifier(this);
    m_notifier->setEnabled(qEnvironmentVariableIntValue("HALOLINK_NO_DESKTOP_NOTIFICATIONS") != 1);
    connect(m_health->log(), &health::AlertLog::raised, m_notifier, &DesktopNotifier::show);
    connect(m_health->log(), &health::AlertLog::cleared, m_notifier, &DesktopNotifier::close);
    m_alertBar = new AlertBar(m_health->log(), this);
    connect(m_alertBar, &AlertBar::eventsRequested, this, &MainWindow::openEventLog);
    connect(m_alertBar, &AlertBar::dashboardRequested, this, &MainWindow::showDashboard);
    m_health->start();

    auto *container = new QWidget(this);
    auto *layout = new QVBoxLayout(container);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_alertBar);
    layout->addWidget(content, 1);
    return container;
}

void MainWindow::openEventLog()
{
    if (!m_eventLog) {
        m_eventLog = new EventLogDialog(m_health->log(), this);
    }
    m_eventLog->refresh();
    m_eventLog->show();
    m_eventLog->raise();
    m_eventLog->activateWindow();
}

} // namespace halolink::ui
