#pragma once
// The main window: nodes on the left ("This computer" always first), the
// selected node's page on the right, Refresh (F5), engine version in the
// status bar. Cluster > Jobs opens the Jobs window; once the SSH nodes are
// connected at start, one discovery tells in the status bar which jobs run.

#include "engine/localengine.h"
#include "inventory/node.h"

#include <QMainWindow>
#include <QModelIndex>

#include <optional>

class QAction;
class QLabel;
class QMenu;
class QSplitter;
class QStackedWidget;
class QTimer;
class QToolButton;
class QTreeView;

namespace halolink::health {
class HealthMonitor;
}

namespace halolink {
class NodeListModel;
class VirtualCluster;
class ProbeModels;
class SyntheticCluster;
class TelemetryIngest;
class TelemetryStore;
} // namespace halolink

namespace halolink::ui {

class AlertBar;
class ClusterPage;
class DashboardPage;
class DesktopNotifier;
class EventLogDialog;
class JobsWindow;
class NodePage;
class NodeActions;
class StatusProxyModel;
class SetupWizard;
class WelcomePage;
class VirtualClusterDialog;

class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    NodeListModel *nodeModel() const { return m_nodes; }
    NodePage *nodePage() const { return m_page; }
    QTreeView *nodeView() const { return m_nodeView; }
    LocalEngine *localEngine() const { return m_localEngine; }
    QAction *refreshAction() const { return m_refreshAction; }
    DashboardPage *dashboard() const { return m_dashboard; }
    QAction *dashboardAction() const { return m_dashboardAction; }
    QAction *setupAction() const { return m_setupAction; }
    // Cluster > The Cluster: the kept cluster (mainwindow_cluster.cpp).
    ClusterPage *clusterPage() const { return m_clusterPage; }
    QAction *clusterAction() const { return m_clusterAction; }
    bool isClusterPageShown() const;
    // The fabric health and the alerts (mainwindow_health.cpp).
    health::HealthMonitor *healthMonitor() const { return m_health; }
    AlertBar *alertBar() const { return m_alertBar; }
    DesktopNotifier *desktopNotifier() const { return m_notifier; }
    EventLogDialog *eventLog() const { return m_eventLog; }
    QAction *eventsAction() const { return m_eventsAction; }
    QAction *jobsAction() const { return m_jobsAction; }
    WelcomePage *welcomePage() const { return m_welcome; }
    bool isWelcomeShown() const;
    // Cluster > Try a Virtual Cluster…; startVirtualCluster also boots it
    // (halolink --virtual-cluster N).
    void openVirtualCluster();
    void startVirtualCluster(int nodes);
    // What the app does when it quits: stops the VMs it started and takes
    // their nodes out of the inventory (synchronous, bounded).
    void stopVirtualCluster();
    QAction *virtualClusterAction() const { return m_virtualAction; }
    // The Jobs window once opened (it lives as long as the main window).
    JobsWindow *jobsWindow() const { return m_jobsWindow; }
    // The status bar's sentence about the jobs found at start (empty: none).
    QString startupJobsMessage() const { return m_startupJobsMessage; }
    SetupWizard *setupWizard() const { return m_wizard; }
    // Nodes over SSH: inventory, cluster controller, node dialogs.
    NodeActions *nodeActions() const { return m_nodeActions; }
    TelemetryStore *telemetryStore() const { return m_telemetry; }
    TelemetryIngest *telemetryIngest() const { return m_ingest; }
    // The node whose page is shown (Node::kLocalId for This computer).
    QString currentNodeId() const { return m_currentId; }
    bool isDashboardShown() const;

    // SYNTHETIC numbers for 4 imaginary nodes, labelled as such on the dashboard;
    // for demos and screenshots only (HALOLINK_DEMO_TELEMETRY=1). Never on by default.
    void startDemoTelemetry();

public Q_SLOTS:
    void refresh();
    void showDashboard();
    void showNodePage();
    void showClusterPage();
    void openEventLog();
    // The guided cluster setup (one window at a time; offers to resume a saved one).
    void openSetupWizard();
    void openJobsWindow();

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    void onProbeFinished(const ProbeReport &report);
    void onProbeFailed(const QString &reason);
    void onVersionKnown(const EngineVersion &version);
    void showAbout();
    void restoreState();
    void onLocalSessionState();
    // The page for the node selected in the list (its own report and state).
    void showCurrentNode();
    void onClusterNodeChanged(const QString &nodeId);
    void updateRefreshAction();
    void demoTick();
    // This computer's entry of the inventory (its data plane makes it a node).
    Node localNode() const;
    // The local probe scoped to a workstation or a node, to the list and the page.
    void publishLocalReport();
    // The first screen (mainwindow_welcome.cpp).
    void createWelcome();
    bool hasClusterNodes() const;
    void showWelcome();
    void updateFirstScreen();
    QModelIndex nodeIndex(const QString &id) const;
    // Returns `content` under the alert bar (mainwindow_health.cpp).
    QWidget *createHealth(QWidget *content);
    // The Cluster page (mainwindow_cluster.cpp).
    void createClusterPage();
    // The kept cluster was confirmed, verified again or forgotten: the pages that show it follow.
    void clusterRecordChanged();
    // The dashboard's line about the kept cluster (its ages move: on each show).
    void updateClusterLine();
    // Cluster > Try a Virtual Cluster (mainwindow_virtual.cpp).
    VirtualClusterDialog *virtualClusterDialog();
    // Once every SSH node has connected or failed (or a minute passed): one
    // job discovery, its result in the status bar.
    void maybeDiscoverJobs(bool deadline = false);

    NodeListModel *m_nodes;
    ProbeModels *m_probeModels;
    LocalEngine *m_localEngine;
    StatusProxyModel *m_nodeProxy;
    QTreeView *m_nodeView;
    NodePage *m_page;
    QSplitter *m_splitter;
    QLabel *m_engineLabel;
    QAction *m_refreshAction = nullptr;
    // Live telemetry: the store of the whole cluster, fed by the node sessions.
    TelemetryStore *m_telemetry;
    TelemetryIngest *m_ingest;
    QString m_currentId;
    // This computer as its own probe (LocalEngine) left it, to show it again.
    std::optional<ProbeReport> m_localReport;    // as shown: scoped to what This computer is
    std::optional<ProbeReport> m_localRawReport; // as the engine sent it
    bool m_localIsClusterNode = false;
    WelcomePage *m_welcome = nullptr;
    VirtualCluster *m_virtualCluster = nullptr;
    VirtualClusterDialog *m_virtualDialog = nullptr;
    bool m_virtualStarted = false;
    QAction *m_virtualAction = nullptr;
    bool m_firstScreenDecided = false;
    bool m_hadClusterNodes = false;
    bool m_localProbing = false;
    QString m_localFailure;
    QStackedWidget *m_pages;
    DashboardPage *m_dashboard;
    QToolButton *m_dashboardButton;
    QAction *m_dashboardAction = nullptr;
    ClusterPage *m_clusterPage = nullptr;
    health::HealthMonitor *m_health = nullptr;
    AlertBar *m_alertBar = nullptr;
    DesktopNotifier *m_notifier = nullptr;
    EventLogDialog *m_eventLog = nullptr;
    QAction *m_eventsAction = nullptr;
    QToolButton *m_clusterButton = nullptr;
    QAction *m_clusterAction = nullptr;
    QAction *m_setupAction = nullptr;
    QAction *m_jobsAction = nullptr;
    JobsWindow *m_jobsWindow = nullptr;
    bool m_startupJobsDone = false;
    bool m_startupJobsDeadline = false;
    QString m_startupJobsMessage;
    SetupWizard *m_wizard = nullptr; // reset when it closes (deleted on close)
    QMenu *m_nodeMenu = nullptr;
    NodeActions *m_nodeActions = nullptr;
    QTimer *m_demoTimer = nullptr;
    SyntheticCluster *m_demo = nullptr;
    qint64 m_demoLastNs = 0;
};

} // namespace halolink::ui
