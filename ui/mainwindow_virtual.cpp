// The main window's virtual cluster (virtual/virtualclusterdialog.h): one
// VirtualCluster for the app's life, its dialog kept (a boot goes on while
// the dialog is closed), and every VM the app started stopped, and taken out
// of the inventory, when the app quits.

#include "mainwindow.h"

#include "lab/virtualcluster.h"
#include "nodes/nodeactions.h"
#include "virtual/virtualclusterdialog.h"
#include "welcome/welcomepage.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QSpinBox>
#include <QStatusBar>

namespace halolink::ui {

VirtualClusterDialog *MainWindow::virtualClusterDialog()
{
    if (m_virtualDialog)
        return m_virtualDialog;
    m_virtualCluster = new VirtualCluster(this);
    m_virtualDialog = new VirtualClusterDialog(m_virtualCluster, m_nodeActions->inventory(), this);
    connect(m_virtualCluster, &VirtualCluster::phaseChanged, this, [this](VirtualCluster::Phase phase) {
        // A boot started here is this app's to stop.
        if (phase == VirtualCluster::Phase::Starting)
            m_virtualStarted = true;
        if (m_welcome)
            m_welcome->setVirtualClusterState(phase == VirtualCluster::Phase::Idle
                                                      || phase == VirtualCluster::Phase::Up
                                                      || phase == VirtualCluster::Phase::Querying
                                                  ? QString()
                                                  : tr("A virtual cluster is starting: Cluster > Try a Virtual "
                                                       "Cluster… shows its progress."));
    });
    connect(m_virtualDialog, &VirtualClusterDialog::clusterUp, this, [this](int nodes) {
        statusBar()->showMessage(tr("%n virtual node(s) added.", "", nodes), 15000);
    });
    connect(m_virtualDialog, &VirtualClusterDialog::setUpRequested, this, &MainWindow::openSetupWizard);
    connect(m_virtualDialog, &VirtualClusterDialog::clusterDown, this, [this] {
        m_virtualStarted = false;
        statusBar()->showMessage(tr("The virtual cluster was stopped."), 15000);
    });
    connect(qApp, &QCoreApplication::aboutToQuit, this, &MainWindow::stopVirtualCluster);
    return m_virtualDialog;
}

void MainWindow::openVirtualCluster()
{
    VirtualClusterDialog *dialog = virtualClusterDialog();
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void MainWindow::startVirtualCluster(int nodes)
{
    VirtualClusterDialog *dialog = virtualClusterDialog();
    dialog->nodeCount()->setValue(nodes);
    openVirtualCluster();
    dialog->startNow();
}

void MainWindow::stopVirtualCluster()
{
    if (!m_virtualCluster || !m_virtualStarted)
        return;
    m_virtualStarted = false;
    // Out of the inventory first: their sessions end quietly, not as lost nodes.
    m_virtualDialog->removeFromInventory();
    m_virtualCluster->stopNow();
}

} // namespace halolink::ui
