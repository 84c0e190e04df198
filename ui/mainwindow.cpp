#include "mainwindow.h"

#include "setup/setupcontroller.h"
#include "setup/setupwizard.h"
#include "jobs/joblauncher.h"
#include "jobs/jobswindow.h"

#include "appidentity.h"
#include "dashboard/dashboardpage.h"
#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "modelroles.h"
#include "node/nodepage.h"
#include "nodes/nodeactions.h"
#include "cluster/clustercontroller.h"
#include "cluster/keychainprobe.h"
#include "probe/checkstatus.h"
#include "welcome/welcomepage.h"
#include "probe/probemodels.h"
#include "status/statusproxymodel.h"
#include "telemetry/syntheticcluster.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrystore.h"
#include "uilogging.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QFile>
#include <QStatusBar>
#include <QMessageBox>
#include <QSettings>
#include <QDateTime>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <chrono>
#include <memory>

namespace halolink::ui {

namespace {
const QString kLocalId = QLatin1String(Node::kLocalId);
}

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_nodes(new NodeListModel(this))
    , m_probeModels(new ProbeModels(this))
    , m_localEngine(new LocalEngine(this))
    , m_nodeProxy(new StatusProxyModel(this))
    , m_nodeView(new QTreeView(this))
    , m_page(nullptr)
    , m_splitter(new QSplitter(this))
    , m_engineLabel(new QLabel(this))
    , m_telemetry(new TelemetryStore(this))
    , m_ingest(new TelemetryIngest(m_telemetry, this))
    , m_pages(new QStackedWidget(this))
    , m_dashboard(nullptr)
    , m_dashboardButton(new QToolButton(this))
{
    setWindowTitle(tr("HaloLink"));
    createActions();

    m_nodeProxy->setSourceModel(m_nodes);
    m_nodeView->setModel(m_nodeProxy);
    m_nodeView->setRootIsDecorated(false);
    m_nodeView->setUniformRowHeights(true);
    m_nodeView->setAllColumnsShowFocus(true);
    m_nodeView->setAccessibleName(tr("Nodes"));
    m_nodeView->setIconSize(QSize(16, 16));
    // The list shows name and state; the other columns are for wider views to come.
    for (int column = NodeListModel::EngineColumn; column < NodeListModel::ColumnCount; ++column)
        m_nodeView->hideColumn(column);
    m_nodeView->header()->setStretchLastSection(false);
    m_nodeView->header()->setSectionResizeMode(NodeListModel::NameColumn, QHeaderView::ResizeToContents);
    m_nodeView->header()->setSectionResizeMode(NodeListModel::StateColumn, QHeaderView::Stretch);
    m_nodeView->setMinimumWidth(220);

    // SSH nodes: the inventory, one agent session per node, the node dialogs.
    m_nodeActions = new NodeActions(m_nodes, m_nodeView, this);
    m_nodeMenu->insertActions(m_refreshAction, m_nodeActions->actions());
    m_nodeMenu->insertSeparator(m_refreshAction);
    m_nodeView->addActions(m_nodeActions->actions());
    m_nodeView->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(m_nodeActions, &NodeActions::message, this, [this](const QString &text) {
        statusBar()->showMessage(text, 10000);
    });
    // Their telemetry and latency mesh into the dashboard's store; This
    // computer's comes the same way, from the controller's local session.
    connect(m_nodeActions->cluster(), &ClusterController::eventReceived, m_ingest,
            [this](const QString &nodeId, const QString &, const QJsonObject &event) {
                m_ingest->ingestEvent(nodeId, event);
            });
    connect(m_nodeActions->cluster(), &ClusterController::gap, m_ingest,
            [this](const QString &nodeId, qint64 fromNs, qint64 toNs) { m_ingest->markGap(nodeId, fromNs, toNs); });

    ClusterController *cluster = m_nodeActions->cluster();
    connect(cluster, &ClusterController::nodeStateChanged, this, &MainWindow::onClusterNodeChanged);
    connect(cluster, &ClusterController::probeStateChanged, this, &MainWindow::onClusterNodeChanged);
    connect(cluster, &ClusterController::probeReportChanged, this, &MainWindow::onClusterNodeChanged);
    // The jobs already running on the nodes, said once at start.
    connect(cluster, &ClusterController::nodeStateChanged, this, [this] { maybeDiscoverJobs(); });
    QTimer::singleShot(std::chrono::minutes(1), this, [this] { maybeDiscoverJobs(true); });

    m_page = new NodePage(m_probeModels, m_refreshAction, this);
    m_currentId = kLocalId;
    m_page->setNode(Node::local());
    m_dashboard = new DashboardPage(m_telemetry, m_ingest, m_nodes, this);
    m_pages->addWidget(m_page);
    m_pages->addWidget(m_dashboard);
    m_pages->setCurrentWidget(m_page);
    createWelcome();
    createClusterPage();
    // The left column's buttons say which page shows.
    connect(m_pages, &QStackedWidget::currentChanged, this, [this] {
        m_dashboardAction->setChecked(isDashboardShown());
        m_clusterAction->setChecked(isClusterPageShown());
    });

    // Left: the cluster dashboard above the nodes.
    m_dashboardButton->setDefaultAction(m_dashboardAction);
    m_dashboardButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_dashboardButton->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_dashboardButton->setAutoRaise(true);
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(2);
    m_clusterButton = new QToolButton(this);
    m_clusterButton->setDefaultAction(m_clusterAction);
    m_clusterButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_clusterButton->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_clusterButton->setAutoRaise(true);
    leftLayout->addWidget(m_clusterButton);
    leftLayout->addWidget(m_dashboardButton);
    leftLayout->addWidget(m_nodeView, 1);
    connect(m_nodeView, &QTreeView::clicked, this, &MainWindow::showNodePage);
    connect(m_nodeView, &QTreeView::activated, this, &MainWindow::showNodePage);

    m_splitter->addWidget(left);
    m_splitter->addWidget(m_pages);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({270, 900});
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(createHealth(m_splitter));

    m_engineLabel->setAccessibleName(tr("Engine version"));
    m_engineLabel->setText(tr("Engine: not started"));
    statusBar()->addPermanentWidget(m_engineLabel);

    m_nodeView->setCurrentIndex(m_nodeProxy->index(m_nodes->rowOf(kLocalId), 0));
    // The page follows the node list's current node.
    connect(m_nodeView->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        if (!current.isValid())
            return;
        const QString id = current.data(Roles::Key).toString();
        if (id.isEmpty() || id == m_currentId)
            return;
        m_currentId = id;
        showCurrentNode();
        // A node chosen in the list, by mouse or keyboard, shows its page
        // (also from the dashboard or the first screen).
        if (m_pages->currentWidget() != m_page)
            showNodePage();
    });
    connect(m_nodes, &QAbstractItemModel::rowsRemoved, this, [this] {
        if (m_nodes->rowOf(m_currentId) < 0) {
            m_currentId = kLocalId;
            showCurrentNode();
        }
    });

    // This computer's checks follow what it is: a data plane given to it in
    // the inventory makes it a node; the keychain's answer is one of its checks.
    connect(m_nodeActions->keychain(), &KeychainProbe::finished, this, &MainWindow::publishLocalReport);
    connect(m_nodes, &QAbstractItemModel::dataChanged, this, [this] {
        const bool clusterNode = isLocalClusterNode(localNode());
        if (clusterNode != m_localIsClusterNode) {
            m_localIsClusterNode = clusterNode;
            publishLocalReport();
        }
    });
    connect(m_localEngine, &LocalEngine::probeFinished, this, &MainWindow::onProbeFinished);
    connect(m_localEngine, &LocalEngine::failed, this, &MainWindow::onProbeFailed);
    connect(m_localEngine, &LocalEngine::versionKnown, this, &MainWindow::onVersionKnown);

    // Fits 1024x700 with room for a taskbar; the tables scroll inside.
    setMinimumSize(800, 560);
    resize(1200, 800);
    restoreState();

    // "This computer" is probed as soon as the window is up: a first start shows something at once.
    QTimer::singleShot(0, this, &MainWindow::refresh);
    // The node sessions, This computer's included: its live telemetry starts
    // too, so the dashboard has history when it is opened.
    QTimer::singleShot(0, m_nodeActions, &NodeActions::start);
    // Then the first screen: the dashboard with a cluster, else the ways in.
    QTimer::singleShot(0, this, &MainWindow::updateFirstScreen);
    onLocalSessionState();
    if (qEnvironmentVariableIntValue("HALOLINK_DEMO_TELEMETRY") == 1)
        startDemoTelemetry();
}

MainWindow::~MainWindow()
{
    delete m_demo;
}

void MainWindow::createActions()
{
    m_refreshAction = new QAction(style()->standardIcon(QStyle::SP_BrowserReload), tr("&Refresh"), this);
    m_refreshAction->setShortcut(QKeySequence::Refresh);
    m_refreshAction->setToolTip(tr("Probe the node again (%1)")
                                    .arg(m_refreshAction->shortcut().toString(QKeySequence::NativeText)));
    connect(m_refreshAction, &QAction::triggered, this, &MainWindow::refresh);

    auto *quitAction = new QAction(tr("&Quit"), this);
    quitAction->setShortcut(QKeySequence::Quit);
    quitAction->setMenuRole(QAction::QuitRole);
    connect(quitAction, &QAction::triggered, this, &QWidget::close);

    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->addAction(quitAction);
    m_dashboardAction = new QAction(style()->standardIcon(QStyle::SP_ComputerIcon), tr("Cluster &dashboard"), this);
    m_dashboardAction->setCheckable(true);
    m_dashboardAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_dashboardAction->setToolTip(tr("Live latency, bandwidth and GPU charts of the whole cluster (%1)")
                                      .arg(m_dashboardAction->shortcut().toString(QKeySequence::NativeText)));
    connect(m_dashboardAction, &QAction::triggered, this, [this](bool on) {
        if (on)
            showDashboard();
        else
            showNodePage();
    });
    m_clusterAction = new QAction(style()->standardIcon(QStyle::SP_DriveNetIcon), tr("The &Cluster"), this);
    m_clusterAction->setObjectName(QStringLiteral("clusterAction"));
    m_clusterAction->setCheckable(true);
    m_clusterAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_clusterAction->setToolTip(tr("The cluster as it was set up: nodes, data planes, QoS, and what RDMA and TCP "
                                   "measured between every pair (%1)")
                                    .arg(m_clusterAction->shortcut().toString(QKeySequence::NativeText)));
    connect(m_clusterAction, &QAction::triggered, this, [this](bool on) {
        if (on)
            showClusterPage();
        else
            showNodePage();
    });
    QMenu *viewMenu = menuBar()->addMenu(tr("&View"));
    viewMenu->addAction(m_clusterAction);
    viewMenu->addAction(m_dashboardAction);
    m_eventsAction = new QAction(tr("&Events…"), this);
    m_eventsAction->setObjectName(QStringLiteral("eventsAction"));
    m_eventsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_eventsAction->setToolTip(tr("The alerts of this session: port down, link errors, nodes lost, GPU heat, GTT"));
    connect(m_eventsAction, &QAction::triggered, this, &MainWindow::openEventLog);
    viewMenu->addAction(m_eventsAction);

    QMenu *nodeMenu = menuBar()->addMenu(tr("&Node"));
    nodeMenu->addAction(m_refreshAction);
    m_nodeMenu = nodeMenu;
    m_setupAction = new QAction(tr("&Set Up Cluster…"), this);
    m_setupAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_setupAction->setToolTip(tr("Guided RoCE v2 setup: nodes, preflight, addresses, QoS, apply with automatic "
                                 "rollback, verification"));
    connect(m_setupAction, &QAction::triggered, this, &MainWindow::openSetupWizard);
    QMenu *clusterMenu = menuBar()->addMenu(tr("&Cluster"));
    clusterMenu->addAction(m_clusterAction);
    clusterMenu->addAction(m_setupAction);
    m_virtualAction = new QAction(tr("Try a &Virtual Cluster…"), this);
    m_virtualAction->setObjectName(QStringLiteral("virtualClusterAction"));
    m_virtualAction->setToolTip(tr("Boot two to four Soft-RoCE virtual machines on this computer and try "
                                   "HaloLink on them, without RDMA hardware"));
    connect(m_virtualAction, &QAction::triggered, this, &MainWindow::openVirtualCluster);
    clusterMenu->addAction(m_virtualAction);
    clusterMenu->addAction(m_dashboardAction);
    m_jobsAction = new QAction(tr("&Jobs…"), this);
    m_jobsAction->setObjectName(QStringLiteral("jobsAction"));
    m_jobsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J));
    m_jobsAction->setToolTip(tr("Tensor-parallel jobs (vLLM over Ray, llama.cpp RPC): launch with the RDMA "
                                "environment from the probes, follow, stop, smoke-test and prove RDMA (%1)")
                                 .arg(m_jobsAction->shortcut().toString(QKeySequence::NativeText)));
    connect(m_jobsAction, &QAction::triggered, this, &MainWindow::openJobsWindow);
    clusterMenu->addAction(m_jobsAction);
    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About HaloLink"), this, &MainWindow::showAbout);
    helpMenu->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::openSetupWizard()
{
    if (m_wizard) {
        m_wizard->raise();
        m_wizard->activateWindow();
        return;
    }
    m_wizard = new SetupWizard(m_nodeActions, this);
    m_wizard->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_wizard, &QObject::destroyed, this, [this] { m_wizard = nullptr; });
    bool resumed = false;
    if (QFile::exists(setup::SetupController::stateFilePath())) {
        const auto answer = QMessageBox::question(this, tr("Resume the setup?"),
                                                  tr("A cluster setup was left unfinished. Resume it where it was?"),
                                                  QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
        if (answer == QMessageBox::Yes) {
            QString error;
            resumed = m_wizard->resume(&error);
            if (!resumed)
                QMessageBox::warning(this, tr("Cannot resume"),
                                     tr("The saved setup cannot be used (%1); starting afresh.").arg(error));
        } else {
            setup::SetupController::removeStateFile();
        }
    }
    // With a cluster kept, the wizard opens on it: "change this cluster".
    if (!resumed) {
        if (const auto saved = setup::SavedSetup::load())
            m_wizard->changeCluster(*saved);
    }
    connect(m_wizard, &QDialog::finished, this, [this] {
        if (m_wizard && !m_wizard->leaveMessage().isEmpty())
            statusBar()->showMessage(m_wizard->leaveMessage(), 15000);
    });
    connect(m_wizard, &SetupWizard::clusterConfigured, this, [this] {
        statusBar()->showMessage(tr("Cluster configured and saved: the dashboard shows it live."), 15000);
        clusterRecordChanged();
        showDashboard();
    });
    m_wizard->show();
}

void MainWindow::openJobsWindow()
{
    if (!m_jobsWindow) {
        m_jobsWindow = new JobsWindow(m_nodeActions->cluster(), m_nodeActions->inventory(), m_telemetry, this);
        connect(m_jobsWindow, &JobsWindow::launchFinished, this, [this](const QString &name, bool ok) {
            if (!m_jobsWindow->isVisible())
                statusBar()->showMessage(ok ? tr("The job '%1' runs.").arg(name)
                                            : tr("The job '%1' did not start (Cluster > Jobs).").arg(name),
                                         15000);
        });
    }
    m_jobsWindow->show();
    m_jobsWindow->raise();
    m_jobsWindow->activateWindow();
}

void MainWindow::maybeDiscoverJobs(bool deadline)
{
    if (m_startupJobsDone)
        return;
    ClusterController *cluster = m_nodeActions->cluster();
    QStringList ready;
    bool pending = false;
    for (const Node &n : m_nodeActions->inventory()->nodes()) {
        if (n.isLocal())
            continue;
        switch (cluster->state(n.id)) {
        case NodeState::Ready:
            ready << n.id;
            break;
        case NodeState::Failed:
        case NodeState::Unreachable:
        case NodeState::Lost:
            break;
        case NodeState::NotProbed:
        case NodeState::Probing:
        case NodeState::Connecting:
        case NodeState::Deploying:
            pending = true;
            break;
        }
    }
    m_startupJobsDeadline = m_startupJobsDeadline || deadline;
    if ((pending && !m_startupJobsDeadline) || ready.isEmpty())
        return; // wait for the rest (or the deadline), or for one at least
    m_startupJobsDone = true;
    auto *discovery = new jobs::JobDiscovery(cluster, this);
    connect(discovery, &jobs::JobDiscovery::finished, this, [this, discovery] {
        discovery->deleteLater();
        QStringList sentences;
        for (const jobs::DiscoveredJob &d : discovery->jobs()) {
            if (!d.anyRunning())
                continue;
            QStringList names;
            for (const jobs::JobNode &n : d.job.nodes)
                names << n.name;
            const QString api = d.job.rendered.apiUrl + QStringLiteral("/v1");
            sentences << (d.allRunning() ? tr("Job '%1' is running on %2 (%3)")
                                         : tr("Job '%1' is partly running on %2 (%3)"))
                             .arg(d.job.spec.name, names.join(QStringLiteral(", ")), api);
        }
        m_startupJobsMessage = sentences.join(QStringLiteral("; "));
        if (!m_startupJobsMessage.isEmpty())
            statusBar()->showMessage(m_startupJobsMessage);
    });
    discovery->discover(ready);
}

bool MainWindow::isDashboardShown() const
{
    return m_pages->currentWidget() == m_dashboard;
}

void MainWindow::showDashboard()
{
    m_nodeView->selectionModel()->clearSelection(); // no node is shown, so none is selected
    updateClusterLine();
    m_pages->setCurrentWidget(m_dashboard);
    m_dashboardAction->setChecked(true);
}

void MainWindow::showNodePage()
{
    if (!m_nodeView->selectionModel()->hasSelection())
        m_nodeView->setCurrentIndex(m_nodeProxy->index(m_nodes->rowOf(kLocalId), 0));
    m_pages->setCurrentWidget(m_page);
    m_dashboardAction->setChecked(false);
    m_clusterAction->setChecked(false);
}

void MainWindow::onLocalSessionState()
{
    ClusterController *cluster = m_nodeActions->cluster();
    const QString name = Node::local().name;
    const QString why = cluster->errorString(kLocalId);
    switch (cluster->state(kLocalId)) {
    case NodeState::Ready:
        m_dashboard->setSourceStatus(QString());
        break;
    case NodeState::NotProbed:
    case NodeState::Probing:
    case NodeState::Connecting:
    case NodeState::Deploying:
        m_dashboard->setSourceStatus(tr("Starting live telemetry of %1…").arg(name));
        break;
    case NodeState::Lost:
        m_dashboard->setSourceStatus(tr("Live telemetry of %1 stopped (%2); starting it again…").arg(name, why));
        break;
    case NodeState::Unreachable:
    case NodeState::Failed:
        m_dashboard->setSourceStatus(tr("No live telemetry from %1: %2").arg(name, why), true);
        break;
    }
}

void MainWindow::onClusterNodeChanged(const QString &nodeId)
{
    if (nodeId == kLocalId) {
        onLocalSessionState(); // its page is its own probe's
        return;
    }
    if (nodeId == m_currentId)
        showCurrentNode();
}

void MainWindow::showCurrentNode()
{
    m_page->clear();
    m_probeModels->clear();
    if (m_currentId == kLocalId) {
        m_page->setNode(localNode(), isLocalClusterNode(localNode()));
        if (m_localReport) {
            m_probeModels->setReport(*m_localReport);
            m_page->showReport(*m_localReport);
        }
        if (m_localProbing)
            m_page->showProbing();
        else if (!m_localFailure.isEmpty())
            m_page->showFailure(m_localFailure, m_localEngine->failure());
        updateRefreshAction();
        return;
    }
    ClusterController *cluster = m_nodeActions->cluster();
    const int row = m_nodes->rowOf(m_currentId);
    m_page->setNode(row >= 0 ? m_nodes->node(row) : cluster->node(m_currentId));
    // What the node's own agent said about it, the last time it was asked.
    if (const std::optional<ProbeReport> report = cluster->probeReport(m_currentId)) {
        m_probeModels->setReport(*report);
        m_page->showReport(*report);
    }
    const NodeState state = cluster->state(m_currentId);
    if (state != NodeState::Ready)
        m_page->showSession(state, row >= 0 ? m_nodes->detail(m_currentId) : QString());
    else if (cluster->isProbing(m_currentId))
        m_page->showProbing();
    else if (!cluster->probeError(m_currentId).isEmpty())
        m_page->showFailure(cluster->probeError(m_currentId), LocalEngine::Failure::None);
    updateRefreshAction();
}

void MainWindow::updateRefreshAction()
{
    if (m_currentId == kLocalId) {
        m_refreshAction->setEnabled(!m_localEngine->isRunning());
        return;
    }
    ClusterController *cluster = m_nodeActions->cluster();
    m_refreshAction->setEnabled(cluster->state(m_currentId) == NodeState::Ready && !cluster->isProbing(m_currentId));
}

void MainWindow::refresh()
{
    if (m_currentId != kLocalId) {
        // A node over SSH: its agent probes it; the page follows the controller.
        const Node node = m_nodes->node(m_nodes->rowOf(m_currentId));
        if (m_nodeActions->cluster()->refreshProbe(m_currentId))
            statusBar()->showMessage(tr("Probing %1…").arg(node.name));
        else
            statusBar()->showMessage(tr("%1 is not connected; it is probed when it is.").arg(node.name), 5000);
        return;
    }
    if (m_localEngine->isRunning())
        return;
    m_nodes->setProbing(kLocalId);
    m_localProbing = true;
    m_page->showProbing();
    m_refreshAction->setEnabled(false);
    statusBar()->showMessage(tr("Probing %1…").arg(Node::local().name));
    m_localEngine->probe();
}

void MainWindow::onProbeFinished(const ProbeReport &report)
{
    m_localProbing = false;
    m_localFailure.clear();
    m_localRawReport = report;
    publishLocalReport();
    if (m_currentId == kLocalId)
        m_refreshAction->setEnabled(true);
    statusBar()->showMessage(tr("%1 probed.").arg(Node::local().name), 5000);
}

Node MainWindow::localNode() const
{
    const int row = m_nodes->rowOf(kLocalId);
    return row >= 0 ? m_nodes->node(row) : Node::local();
}

void MainWindow::publishLocalReport()
{
    if (!m_localRawReport)
        return;
    // This computer as what it is: the cluster-node checks are not applicable
    // on the workstation, and HaloLink's own working (engine, keychain) is.
    ProbeReport report = *m_localRawReport;
    m_localIsClusterNode = isLocalClusterNode(localNode());
    scopeLocalReport(report, m_localIsClusterNode);
    if (const KeychainProbe *keychain = m_nodeActions->keychain(); keychain->isFinished())
        setKeychainCheck(report, keychain->isAvailable(), keychain->message());
    m_localReport = report;
    m_nodes->setProbeReport(kLocalId, report);
    const CheckCounts counts = countChecks(report.checks);
    const QString engine = report.engineVersion.value_or(tr("of unknown version"));
    QString local = counts.failed > 0
        ? tr("HaloLink runs on this computer (engine %1), but its checks found: %2.").arg(engine, counts.text())
        : tr("HaloLink works on this computer (engine %1).").arg(engine);
    if (counts.failed == 0 && counts.warnings > 0)
        local += QLatin1Char(' ') + tr("%n warning(s) to read.", "", counts.warnings);
    m_welcome->setLocalStatus(local, counts.failed == 0);
    if (m_currentId == kLocalId) {
        m_page->setNode(localNode(), isLocalClusterNode(localNode()));
        m_probeModels->setReport(report);
        m_page->showReport(report);
    }
}

void MainWindow::onProbeFailed(const QString &reason)
{
    m_localProbing = false;
    m_localFailure = reason;
    m_nodes->setFailed(kLocalId, reason);
    m_welcome->setLocalStatus(tr("HaloLink cannot probe this computer: %1").arg(reason), false);
    if (m_currentId == kLocalId) {
        m_refreshAction->setEnabled(true);
        m_page->showFailure(reason, m_localEngine->failure());
    }
    if (m_localEngine->failure() == LocalEngine::Failure::EngineMissing)
        m_engineLabel->setText(tr("Engine: not found"));
    statusBar()->showMessage(tr("Probing %1 failed.").arg(Node::local().name), 5000);
}

void MainWindow::onVersionKnown(const EngineVersion &version)
{
    m_engineLabel->setText(tr("Engine %1 (protocol %2)").arg(version.version).arg(version.protocol));
    m_engineLabel->setToolTip(m_localEngine->resolvedEnginePath());
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About HaloLink"),
                       tr("<h3>HaloLink %1</h3><p>Cluster manager for RDMA-linked Strix Halo GPU nodes.</p>"
                          "<p>Engine protocol %2.</p>")
                           .arg(applicationVersion())
                           .arg(protocolVersion()));
}

void MainWindow::restoreState()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("MainWindow"));
    restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray());
    m_splitter->restoreState(settings.value(QStringLiteral("splitter")).toByteArray());
    m_page->tabs()->setCurrentIndex(settings.value(QStringLiteral("tab"), 0).toInt());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_jobsWindow && m_jobsWindow->isBusy()) {
        const auto answer = QMessageBox::question(
            this, tr("Quit while a job is busy?"),
            tr("A job is being launched, stopped or smoke-tested. Quitting abandons that half-way (jobs already "
               "started keep running on their nodes). Quit anyway?"),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes) {
            event->ignore();
            return;
        }
    }
    QSettings settings;
    settings.beginGroup(QStringLiteral("MainWindow"));
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("splitter"), m_splitter->saveState());
    settings.setValue(QStringLiteral("tab"), m_page->tabs()->currentIndex());
    m_localEngine->cancel();
    m_nodeActions->cluster()->stop(); // the agents end with their sessions, This computer's too
    event->accept();
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_nodeProxy->setPalette(palette());
}

} // namespace halolink::ui
