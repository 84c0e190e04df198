// The main window's Cluster page (cluster/clusterpage.h): the cluster HaloLink
// keeps, shown from the left column and Cluster > The Cluster; it opens the
// wizard on that cluster to change it.

#include "mainwindow.h"

#include "cluster/clusterpage.h"
#include "dashboard/dashboardpage.h"
#include "inventory/nodelistmodel.h"
#include "nodes/nodeactions.h"
#include "setup/savedsetuptext.h"

#include <QAction>
#include <QDialog>
#include <QItemSelectionModel>
#include <QStackedWidget>
#include <QTreeView>

namespace halolink::ui {

void MainWindow::createClusterPage()
{
    m_clusterPage = new ClusterPage(m_nodeActions->cluster(), m_nodeActions->inventory(), m_nodes, this);
    m_pages->addWidget(m_clusterPage);
    connect(m_clusterPage, &ClusterPage::changeRequested, this, &MainWindow::openSetupWizard);
    connect(m_clusterPage, &ClusterPage::setUpRequested, this, &MainWindow::openSetupWizard);
    connect(m_clusterPage, &ClusterPage::recordChanged, this, &MainWindow::clusterRecordChanged);
    connect(m_dashboard, &DashboardPage::clusterPageRequested, this, &MainWindow::showClusterPage);
    clusterRecordChanged();
}

bool MainWindow::isClusterPageShown() const
{
    return m_pages->currentWidget() == m_clusterPage;
}

void MainWindow::showClusterPage()
{
    m_nodeView->selectionModel()->clearSelection(); // no node is shown, so none is selected
    m_clusterPage->reload();
    m_pages->setCurrentWidget(m_clusterPage);
}

void MainWindow::clusterRecordChanged()
{
    if (m_clusterPage)
        m_clusterPage->reload();
    updateClusterLine();
}

void MainWindow::updateClusterLine()
{
    // The dashboard says which cluster it shows and what it was verified at.
    const auto kept = setup::SavedSetup::load();
    m_dashboard->setClusterLine(kept ? setup::dashboardLineText(*kept, QDateTime::currentDateTimeUtc()) : QString());
}

} // namespace halolink::ui
