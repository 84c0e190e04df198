#include "setup/nodespage.h"

#include "cluster/clustercontroller.h"
#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "nodes/nodeactions.h"
#include "setup/pagehelpers.h"
#include "setup/setupcontroller.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace halolink::ui {

using namespace wizardui;

// ---- 1. Nodes ------------------------------------------------------------

NodesPage::NodesPage(setup::SetupController *controller, NodeActions *actions, QWidget *parent)
    : QWizardPage(parent), m_controller(controller), m_actions(actions)
{
    setTitle(tr("Nodes"));
    setSubTitle(tr("Choose the two to eight machines of the cluster. HaloLink connects to each over SSH, deploys its "
                   "engine and probes the hardware; nothing on the nodes changes yet."));
    auto *layout = new QVBoxLayout(this);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("nodesTable"));
    setupTable(m_table, {tr("Node"), tr("SSH"), tr("Status")});
    m_table->setAccessibleName(tr("Nodes of the cluster"));
    layout->addWidget(m_table, 1);

    auto *buttons = new QHBoxLayout;
    auto *add = new QPushButton(tr("&Add Node…"), this);
    auto *import = new QPushButton(tr("&Import from SSH Config…"), this);
    connect(add, &QPushButton::clicked, actions, &NodeActions::addNode);
    connect(import, &QPushButton::clicked, actions, &NodeActions::importSshConfig);
    buttons->addWidget(add);
    buttons->addWidget(import);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    auto *hostsRow = new QHBoxLayout;
    auto *hostsLabel = new QLabel(tr("Or type &hosts:"), this);
    m_hosts = new QLineEdit(this);
    m_hosts->setObjectName(QStringLiteral("hostsEdit"));
    m_hosts->setPlaceholderText(tr("user@host[:port] …, separated by spaces or commas"));
    hostsLabel->setBuddy(m_hosts);
    auto *addHostsButton = new QPushButton(tr("Add Hos&ts"), this);
    addHostsButton->setObjectName(QStringLiteral("addHostsButton"));
    hostsRow->addWidget(hostsLabel);
    hostsRow->addWidget(m_hosts, 1);
    hostsRow->addWidget(addHostsButton);
    layout->addLayout(hostsRow);
    m_hostsError = wrapLabel(QString(), this);
    m_hostsError->setObjectName(QStringLiteral("hostsError"));
    m_hostsError->hide();
    layout->addWidget(m_hostsError);
    auto addTyped = [this] {
        QString error;
        if (addHosts(m_hosts->text(), &error)) {
            m_hosts->clear();
            m_hostsError->hide();
        } else {
            m_hostsError->setText(error);
            m_hostsError->show();
        }
    };
    connect(addHostsButton, &QPushButton::clicked, this, addTyped);
    connect(m_hosts, &QLineEdit::returnPressed, this, addTyped);

    m_status = wrapLabel(QString(), this);
    m_status->setObjectName(QStringLiteral("nodesStatus"));
    layout->addWidget(m_status);

    Inventory *inv = actions->inventory();
    connect(inv, &Inventory::nodeAdded, this, [this](const Node &n) {
        m_checked << n.id; // a node added here is meant for the cluster
        rebuild();
    });
    connect(inv, &Inventory::nodeUpdated, this, &NodesPage::rebuild);
    connect(inv, &Inventory::nodeRemoved, this, &NodesPage::rebuild);
    ClusterController *cluster = actions->cluster();
    connect(cluster, &ClusterController::nodeStateChanged, this, &NodesPage::updateStatus);
    connect(cluster, &ClusterController::probeReportChanged, this, &NodesPage::updateStatus);
    connect(cluster, &ClusterController::probeStateChanged, this, &NodesPage::updateStatus);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *it) {
        if (it->column() != 0 || m_table->signalsBlocked())
            return;
        const QString id = it->data(Qt::UserRole).toString();
        m_checked.removeAll(id);
        if (it->checkState() == Qt::Checked)
            m_checked << id;
        updateStatus();
    });
}

void NodesPage::initializePage()
{
    if (!m_initialized) {
        m_initialized = true;
        m_checked.clear();
        for (const setup::NodeInput &n : m_controller->nodes())
            m_checked << n.nodeId;
        if (m_checked.isEmpty()) {
            for (const Node &n : m_actions->inventory()->nodes()) {
                // Changing the kept cluster: its nodes; else every SSH node.
                if (!n.isLocal() && (m_clusterNodes.isEmpty() || m_clusterNodes.contains(n.id)))
                    m_checked << n.id;
            }
        }
    }
    rebuild();
}

void NodesPage::setClusterNodes(const QStringList &nodeIds, const QDateTime &confirmedAt)
{
    m_clusterNodes = nodeIds;
    setTitle(tr("Nodes of the cluster"));
    //: %1 the date and time the cluster was confirmed
    setSubTitle(tr("The cluster confirmed on %1 is chosen. Add a node or take one out, or go on to change its QoS or "
                   "MTU, or to verify it again; what changes is planned, reviewed and applied with automatic "
                   "rollback as the first time.")
                    .arg(confirmedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
}

void NodesPage::setChecked(const QString &nodeId, bool checked)
{
    m_checked.removeAll(nodeId);
    if (checked)
        m_checked << nodeId;
    rebuild();
}

QStringList NodesPage::checkedNodeIds() const
{
    QStringList out;
    for (const Node &n : m_actions->inventory()->nodes()) {
        if (!n.isLocal() && m_checked.contains(n.id))
            out << n.id;
    }
    return out;
}

bool NodesPage::addHosts(const QString &text, QString *error)
{
    static const QRegularExpression sep(QStringLiteral("[\\s,]+"));
    static const QRegularExpression word(
        QStringLiteral("^(?:([A-Za-z0-9._-]+)@)?([A-Za-z0-9._-]+|\\[[0-9a-fA-F:.]+\\])(?::(\\d{1,5}))?$"));
    const QStringList words = text.split(sep, Qt::SkipEmptyParts);
    if (words.isEmpty()) {
        *error = tr("Type one or more hosts, e.g. root@10.0.0.11 or node2:2222.");
        return false;
    }
    QList<Node> nodes;
    for (const QString &w : words) {
        const QRegularExpressionMatch m = word.match(w);
        if (!m.hasMatch()) {
            *error = tr("'%1' is not user@host[:port].").arg(w);
            return false;
        }
        Node n;
        n.host = m.captured(2);
        n.name = n.host;
        n.user = m.captured(1);
        if (!m.captured(3).isEmpty()) {
            const int port = m.captured(3).toInt();
            if (port < 1 || port > 65535) {
                *error = tr("'%1': port %2 is out of range.").arg(w).arg(port);
                return false;
            }
            n.port = port;
            n.name = QStringLiteral("%1:%2").arg(n.host).arg(port);
        }
        nodes << n;
    }
    QStringList failed;
    for (Node &n : nodes) {
        QString e;
        if (!m_actions->inventory()->addNode(n, &e))
            failed << tr("%1: %2").arg(n.name, e);
    }
    if (!failed.isEmpty()) {
        *error = failed.join(QLatin1Char('\n'));
        return false;
    }
    return true;
}

void NodesPage::rebuild()
{
    QSignalBlocker block(m_table);
    m_table->setRowCount(0);
    for (const Node &n : m_actions->inventory()->nodes()) {
        if (n.isLocal())
            continue;
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto *name = new QTableWidgetItem(n.name);
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        name->setCheckState(m_checked.contains(n.id) ? Qt::Checked : Qt::Unchecked);
        name->setData(Qt::UserRole, n.id);
        m_table->setItem(row, 0, name);
        m_table->setItem(row, 1, item(n.sshDisplay()));
        m_table->setItem(row, 2, item(QString()));
    }
    m_table->resizeColumnToContents(0);
    m_table->resizeColumnToContents(1);
    updateStatus();
}

void NodesPage::updateStatus()
{
    ClusterController *cluster = m_actions->cluster();
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QString id = m_table->item(row, 0)->data(Qt::UserRole).toString();
        const NodeState state = cluster->state(id);
        QString text = NodeListModel::stateText(state);
        const QString err = cluster->errorString(id);
        if (state == NodeState::Ready) {
            if (cluster->isProbing(id))
                text = tr("Connected, probing…");
            else if (auto p = cluster->probeReport(id))
                //: %1 the host name, %2 "N NIC(s)", %3 "N RDMA port(s)"
                text = tr("Ready: %1, %2, %3")
                           .arg(p->host.hostname.value_or(tr("unknown host")),
                               tr("%n NIC(s)", nullptr, int(p->nics.size())),
                               tr("%n RDMA port(s)", nullptr, int(p->rdma.size())));
            else if (!cluster->probeError(id).isEmpty())
                text = tr("Probe failed: %1").arg(cluster->probeError(id));
        } else if (!err.isEmpty()) {
            text += QStringLiteral(": ") + err;
        }
        if (QTableWidgetItem *it = m_table->item(row, 2)) {
            it->setText(text);
            it->setToolTip(text);
        }
    }
    const QStringList ids = checkedNodeIds();
    QStringList waiting;
    for (const QString &id : ids) {
        if (cluster->state(id) != NodeState::Ready || !cluster->probeReport(id))
            waiting << cluster->node(id).name;
    }
    if (ids.size() < 2)
        m_status->setText(tr("Choose at least two nodes."));
    else if (ids.size() > 64)
        m_status->setText(tr("At most 64 nodes."));
    else if (!waiting.isEmpty())
        m_status->setText(tr("Waiting for %1 (connected and probed). Uncheck a node that cannot be reached, or fix "
                             "its SSH settings with Edit in the main window.")
                              .arg(waiting.join(QStringLiteral(", "))));
    else
        m_status->setText(tr("%n node(s) ready.", nullptr, int(ids.size())));
    Q_EMIT completeChanged();
}

bool NodesPage::isComplete() const
{
    const QStringList ids = checkedNodeIds();
    if (ids.size() < 2 || ids.size() > 64)
        return false;
    ClusterController *cluster = m_actions->cluster();
    return std::all_of(ids.begin(), ids.end(), [&](const QString &id) {
        return cluster->state(id) == NodeState::Ready && cluster->probeReport(id).has_value();
    });
}

bool NodesPage::validatePage()
{
    QList<setup::NodeInput> previous = m_controller->nodes();
    QList<setup::NodeInput> nodes;
    for (const QString &id : checkedNodeIds()) {
        setup::NodeInput n;
        n.nodeId = id;
        n.name = m_actions->cluster()->node(id).name;
        for (const setup::NodeInput &p : previous) {
            if (p.nodeId == id) {
                n.interface = p.interface;
                n.address = p.address;
                n.addressByHand = p.addressByHand;
            }
        }
        nodes << n;
    }
    m_controller->setNodes(nodes);
    m_controller->updateProbes();
    m_controller->measureClocks();
    return true;
}

} // namespace halolink::ui
