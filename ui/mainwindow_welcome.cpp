// The main window's first screen (welcome/welcomepage.h): shown while the
// inventory has no cluster node, at start and when the last one is removed;
// with a cluster the window opens on the dashboard.

#include "mainwindow.h"

#include "inventory/nodelistmodel.h"
#include "nodes/nodeactions.h"
#include "status/statusproxymodel.h"
#include "welcome/welcomepage.h"

#include <QAction>
#include <QDialog>
#include <QStackedWidget>
#include <QTreeView>

namespace halolink::ui {

void MainWindow::createWelcome()
{
    m_welcome = new WelcomePage(this);
    m_pages->addWidget(m_welcome);
    connect(m_welcome, &WelcomePage::setUpClusterRequested, this, &MainWindow::openSetupWizard);
    connect(m_welcome, &WelcomePage::addNodeRequested, m_nodeActions, &NodeActions::addNode);
    connect(m_welcome, &WelcomePage::importRequested, m_nodeActions, &NodeActions::importSshConfig);
    connect(m_welcome, &WelcomePage::virtualClusterRequested, this, &MainWindow::openVirtualCluster);
    connect(m_welcome, &WelcomePage::thisComputerRequested, this, [this] {
        m_nodeView->setCurrentIndex(nodeIndex(QString::fromLatin1(Node::kLocalId)));
        showNodePage();
    });
    connect(m_nodes, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateFirstScreen);
    connect(m_nodes, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateFirstScreen);
    connect(m_nodes, &QAbstractItemModel::modelReset, this, &MainWindow::updateFirstScreen);
}

QModelIndex MainWindow::nodeIndex(const QString &id) const
{
    return m_nodeProxy->mapFromSource(m_nodes->index(m_nodes->rowOf(id), 0));
}

bool MainWindow::hasClusterNodes() const
{
    for (int row = 0; row < m_nodes->rowCount(); ++row) {
        if (!m_nodes->node(row).isLocal())
            return true;
    }
    return false;
}

bool MainWindow::isWelcomeShown() const
{
    return m_pages->currentWidget() == m_welcome;
}

void MainWindow::showWelcome()
{
    m_nodeView->selectionModel()->clearSelection();
    m_pages->setCurrentWidget(m_welcome);
    m_dashboardAction->setChecked(false);
}

void MainWindow::updateFirstScreen()
{
    const bool cluster = hasClusterNodes();
    if (!m_firstScreenDecided) {
        // At start, once the inventory is read: the dashboard with a cluster,
        // else the ways in.
        m_firstScreenDecided = true;
        if (cluster)
            showDashboard();
        else
            showWelcome();
    } else if (!cluster && m_hadClusterNodes) {
        showWelcome(); // the last node went
    } else if (cluster && isWelcomeShown()) {
        // The first node came (added, imported, by the wizard, or virtual):
        // its page, where its probe shows.
        for (int row = 0; row < m_nodes->rowCount(); ++row) {
            if (!m_nodes->node(row).isLocal()) {
                m_nodeView->setCurrentIndex(nodeIndex(m_nodes->node(row).id));
                break;
            }
        }
        showNodePage();
    }
    m_hadClusterNodes = cluster;
}

} // namespace halolink::ui
