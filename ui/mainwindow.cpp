#include "mainwindow.h"

#include "appidentity.h"
#include "inventory/nodelistmodel.h"
#include "node/nodepage.h"
#include "probe/probemodels.h"
#include "status/statusproxymodel.h"
#include "uilogging.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>

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

    m_page = new NodePage(m_probeModels, m_refreshAction, this);
    m_page->setNode(Node::local());

    m_splitter->addWidget(m_nodeView);
    m_splitter->addWidget(m_page);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({270, 900});
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);

    m_engineLabel->setAccessibleName(tr("Engine version"));
    m_engineLabel->setText(tr("Engine: not started"));
    statusBar()->addPermanentWidget(m_engineLabel);

    m_nodeView->setCurrentIndex(m_nodeProxy->index(m_nodes->rowOf(kLocalId), 0));

    connect(m_localEngine, &LocalEngine::probeFinished, this, &MainWindow::onProbeFinished);
    connect(m_localEngine, &LocalEngine::failed, this, &MainWindow::onProbeFailed);
    connect(m_localEngine, &LocalEngine::versionKnown, this, &MainWindow::onVersionKnown);

    // Fits 1024x700 with room for a taskbar; the tables scroll inside.
    setMinimumSize(800, 560);
    resize(1200, 800);
    restoreState();

    // "This computer" is probed as soon as the window is up: a first start shows something at once.
    QTimer::singleShot(0, this, &MainWindow::refresh);
}

MainWindow::~MainWindow() = default;

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
    QMenu *nodeMenu = menuBar()->addMenu(tr("&Node"));
    nodeMenu->addAction(m_refreshAction);
    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About HaloLink"), this, &MainWindow::showAbout);
    helpMenu->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::refresh()
{
    if (m_localEngine->isRunning())
        return;
    m_nodes->setProbing(kLocalId);
    m_page->showProbing();
    m_refreshAction->setEnabled(false);
    statusBar()->showMessage(tr("Probing %1…").arg(Node::local().name));
    m_localEngine->probe();
}

void MainWindow::onProbeFinished(const ProbeReport &report)
{
    m_refreshAction->setEnabled(true);
    m_nodes->setProbeReport(kLocalId, report);
    m_probeModels->setReport(report);
    m_page->showReport(report);
    statusBar()->showMessage(tr("%1 probed.").arg(Node::local().name), 5000);
}

void MainWindow::onProbeFailed(const QString &reason)
{
    m_refreshAction->setEnabled(true);
    m_nodes->setFailed(kLocalId, reason);
    m_page->showFailure(reason, m_localEngine->failure());
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
    QSettings settings;
    settings.beginGroup(QStringLiteral("MainWindow"));
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("splitter"), m_splitter->saveState());
    settings.setValue(QStringLiteral("tab"), m_page->tabs()->currentIndex());
    m_localEngine->cancel();
    event->accept();
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_nodeProxy->setPalette(palette());
}

} // namespace halolink::ui
