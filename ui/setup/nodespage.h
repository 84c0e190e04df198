#pragma once
// A page of the setup wizard (see setupwizard.h and setuppages.h).

#include <QDateTime>
#include <QStringList>
#include <QWizardPage>

class QLabel;
class QLineEdit;
class QTableWidget;

namespace halolink::setup {
class SetupController;
}

namespace halolink::ui {

class NodeActions;

// 1. Nodes: pick SSH nodes from the inventory, add or import more, type hosts;
// each connects (in parallel) and is probed, with live status.
class NodesPage final : public QWizardPage
{
    Q_OBJECT
public:
    NodesPage(setup::SetupController *controller, NodeActions *actions, QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    QStringList checkedNodeIds() const;
    void setChecked(const QString &nodeId, bool checked);
    // Changing the kept cluster: these nodes are chosen at first, and the
    // page says whose cluster it is.
    void setClusterNodes(const QStringList &nodeIds, const QDateTime &confirmedAt);
    // "user@host:port" words separated by spaces or commas; false with the reason.
    bool addHosts(const QString &text, QString *error);

private:
    void rebuild();
    void updateStatus();

    setup::SetupController *m_controller;
    NodeActions *m_actions;
    QTableWidget *m_table;
    QLineEdit *m_hosts;
    QLabel *m_hostsError;
    QLabel *m_status;
    QStringList m_checked;
    QStringList m_clusterNodes; // the kept cluster's, when changing it
    bool m_initialized = false;
};

} // namespace halolink::ui
