#include "setup/setuppages.h"

#include "cluster/clustercontroller.h"
#include "dashboard/plotstyle.h"
#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "nodes/nodeactions.h"
#include "probe/probefacts.h"
#include "protocol/enginetexts.h"
#include "setup/preflight.h"
#include "setup/setupcontroller.h"
#include "status/statusstyle.h"

#include <QApplication>
#include <QButtonGroup>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <qcustomplot.h>

namespace halolink::ui {

using setup::Phase;
using setup::PreflightRow;

namespace {

QLabel *wrapLabel(const QString &text, QWidget *parent)
{
    auto *l = new QLabel(text, parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

QTableWidgetItem *item(const QString &text, const QString &tooltip = {})
{
    auto *i = new QTableWidgetItem(text);
    i->setFlags(i->flags() & ~Qt::ItemIsEditable);
    if (!tooltip.isEmpty())
        i->setToolTip(tooltip);
    return i;
}

void setupTable(QTableWidget *t, const QStringList &headers)
{
    t->setColumnCount(int(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setWordWrap(true);
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
}

Check::Status asCheck(PreflightRow::Status s)
{
    switch (s) {
    case PreflightRow::Status::Pass:
        return Check::Status::Pass;
    case PreflightRow::Status::Warn:
        return Check::Status::Warn;
    case PreflightRow::Status::Fail:
        return Check::Status::Fail;
    case PreflightRow::Status::Info:
        break;
    }
    return Check::Status::Unknown;
}

QString us(std::optional<double> ns)
{
    if (!ns)
        return QStringLiteral("—");
    return QString::number(*ns / 1000.0, 'f', *ns < 10000 ? 2 : 1) + QStringLiteral(" µs");
}

QString gbit(std::optional<double> bps)
{
    if (!bps)
        return QStringLiteral("—");
    return QString::number(*bps / 1e9, 'f', *bps < 1e9 ? 3 : 1) + QStringLiteral(" Gbit/s");
}

} // namespace

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
                if (!n.isLocal())
                    m_checked << n.id;
            }
        }
    }
    rebuild();
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
            }
        }
        nodes << n;
    }
    m_controller->setNodes(nodes);
    m_controller->updateProbes();
    m_controller->measureClocks();
    return true;
}

// ---- 2. Preflight --------------------------------------------------------

PreflightPage::PreflightPage(setup::SetupController *controller, NodeActions *actions, QWidget *parent)
    : QWizardPage(parent), m_controller(controller), m_actions(actions)
{
    setTitle(tr("Preflight"));
    setSubTitle(tr("What each node has, and what stands in the way. Failures block the next step unless you "
                   "override them with a reason; warnings are worth reading."));
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    m_softRoce = new QCheckBox(tr("Use &Soft-RoCE where a node has no RDMA NIC (software RDMA, for testing; far "
                                  "slower than a RoCE NIC)"),
                               this);
    m_softRoce->setObjectName(QStringLiteral("softRoceCheck"));
    auto *again = new QPushButton(tr("&Probe Again"), this);
    again->setObjectName(QStringLiteral("probeAgainButton"));
    top->addWidget(m_softRoce, 1);
    top->addWidget(again);
    layout->addLayout(top);
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("preflightTree"));
    m_tree->setHeaderLabels({tr("Check"), tr("Subject"), tr("Status"), tr("Found"), tr("What to do")});
    m_tree->setAccessibleName(tr("Preflight checks per node"));
    m_tree->setWordWrap(true);
    m_tree->setUniformRowHeights(false);
    m_tree->setAlternatingRowColors(true);
    layout->addWidget(m_tree, 1);
    m_summary = wrapLabel(QString(), this);
    m_summary->setObjectName(QStringLiteral("preflightSummary"));
    layout->addWidget(m_summary);
    auto *ov = new QHBoxLayout;
    m_override = new QCheckBox(tr("&Override the failures, because:"), this);
    m_override->setObjectName(QStringLiteral("overrideCheck"));
    m_reason = new QLineEdit(this);
    m_reason->setObjectName(QStringLiteral("overrideReason"));
    m_reason->setPlaceholderText(tr("the reason (kept in the setup log)"));
    m_reason->setAccessibleName(tr("Reason for overriding the failures"));
    ov->addWidget(m_override);
    ov->addWidget(m_reason, 1);
    layout->addLayout(ov);

    connect(m_softRoce, &QCheckBox::toggled, this, [this](bool on) {
        setup::Settings s = m_controller->settings();
        s.allowSoftRoce = on;
        m_controller->setSettings(s);
        rebuild();
    });
    connect(again, &QPushButton::clicked, this, [this] {
        for (const setup::NodeInput &n : m_controller->nodes())
            m_actions->cluster()->refreshProbe(n.nodeId);
        m_controller->measureClocks();
    });
    connect(m_override, &QCheckBox::toggled, this, &QWizardPage::completeChanged);
    connect(m_reason, &QLineEdit::textChanged, this, &QWizardPage::completeChanged);
    connect(actions->cluster(), &ClusterController::probeReportChanged, this, [this] {
        if (!isVisible())
            return;
        m_controller->updateProbes();
        rebuild();
    });
    connect(controller, &setup::SetupController::nodeChanged, this, [this] {
        if (isVisible())
            rebuild();
    });
}

void PreflightPage::initializePage()
{
    QSignalBlocker b(m_softRoce);
    m_softRoce->setChecked(m_controller->settings().allowSoftRoce);
    m_controller->updateProbes();
    rebuild();
}

void PreflightPage::rebuild()
{
    m_tree->clear();
    m_blocking = 0;
    int warnings = 0;
    const QPalette pal = palette();
    const QList<setup::NodeInput> nodes = m_controller->nodes();
    for (const setup::NodeInput &n : nodes) {
        auto *top = new QTreeWidgetItem(m_tree);
        top->setText(0, n.name);
        top->setFirstColumnSpanned(true);
        QFont f = top->font(0);
        f.setBold(true);
        top->setFont(0, f);
        if (!n.probe) {
            top->setText(0, tr("%1: no probe yet").arg(n.name));
            ++m_blocking;
            continue;
        }
        setup::PreflightContext ctx;
        ctx.dataInterface = n.interface.isEmpty() ? setup::suggestInterface(*n.probe).netdev : n.interface;
        ctx.allowSoftRoce = m_controller->settings().allowSoftRoce;
        ctx.clockOffsetMs = m_controller->clockOffsetMs(n.nodeId);
        const QList<PreflightRow> rows = setup::preflightRows(*n.probe, ctx);
        int fails = 0, warns = 0;
        for (const PreflightRow &r : rows) {
            auto *it = new QTreeWidgetItem(top);
            it->setText(0, r.title);
            it->setToolTip(0, r.check);
            it->setText(1, r.subject);
            it->setText(2, setup::statusText(r.status));
            it->setIcon(2, StatusStyle::icon(asCheck(r.status), pal));
            it->setForeground(2, StatusStyle::color(asCheck(r.status), pal));
            it->setText(3, r.finding);
            it->setToolTip(3, r.finding);
            it->setText(4, r.remedy);
            it->setToolTip(4, r.remedy);
            it->setData(0, Qt::UserRole, r.check);
            it->setData(2, Qt::UserRole, int(r.status));
            fails += r.status == PreflightRow::Status::Fail ? 1 : 0;
            warns += r.status == PreflightRow::Status::Warn ? 1 : 0;
        }
        top->setText(0, tr("%1 — %2 fail, %3 warn, data plane on %4")
                            .arg(n.name)
                            .arg(fails)
                            .arg(warns)
                            .arg(ctx.dataInterface.isEmpty() ? tr("(none)") : ctx.dataInterface));
        top->setData(0, Qt::UserRole + 1, fails);
        m_blocking += fails;
        warnings += warns;
        top->setExpanded(fails > 0 || warns > 0);
    }
    for (int c = 0; c < 3; ++c)
        m_tree->resizeColumnToContents(c);
    m_tree->setColumnWidth(3, std::max(m_tree->columnWidth(3), 260));
    if (m_blocking > 0)
        m_summary->setText(tr("%n failure(s) block the setup: fix them and probe again, or override with a reason.",
                              nullptr, m_blocking));
    else if (warnings > 0)
        m_summary->setText(tr("No failures; %n warning(s) to read.", nullptr, warnings));
    else
        m_summary->setText(tr("Everything checked passes."));
    m_override->setEnabled(m_blocking > 0);
    m_reason->setEnabled(m_blocking > 0);
    Q_EMIT completeChanged();
}

bool PreflightPage::isComplete() const
{
    return m_blocking == 0 || (m_override->isChecked() && !m_reason->text().trimmed().isEmpty());
}

bool PreflightPage::validatePage()
{
    if (m_blocking > 0)
        qInfo("setup: preflight failures overridden: %s", qPrintable(m_reason->text().trimmed()));
    return true;
}

// ---- 3. Topology and addressing -------------------------------------------

TopologyPage::TopologyPage(setup::SetupController *controller, QWidget *parent)
    : QWizardPage(parent), m_controller(controller)
{
    setTitle(tr("Topology and addresses"));
    setSubTitle(tr("How the nodes are cabled, which interface carries the data plane on each, and its address. "
                   "The SSH interface is never touched."));
    auto *layout = new QVBoxLayout(this);
    auto *topo = new QGroupBox(tr("Cabling"), this);
    auto *tl = new QVBoxLayout(topo);
    m_direct = new QRadioButton(tr("Two nodes on one &direct cable (a /30 between them)"), topo);
    m_direct->setObjectName(QStringLiteral("directRadio"));
    m_switch = new QRadioButton(tr("Through a &switch (one subnet for all)"), topo);
    m_switch->setObjectName(QStringLiteral("switchRadio"));
    tl->addWidget(m_direct);
    tl->addWidget(m_switch);
    layout->addWidget(topo);
    auto *form = new QFormLayout;
    m_mtu = new QSpinBox(this);
    m_mtu->setObjectName(QStringLiteral("mtuSpin"));
    m_mtu->setRange(1280, 9216);
    m_mtu->setToolTip(tr("9000 (jumbo frames) lets RDMA use 4096-byte packets. Every device on the path must allow it."));
    form->addRow(tr("&MTU:"), m_mtu);
    layout->addLayout(form);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("addressTable"));
    setupTable(m_table, {tr("Node"), tr("Data-plane interface"), tr("RDMA"), tr("Address/prefix")});
    m_table->setAccessibleName(tr("Data-plane interface and address per node"));
    layout->addWidget(m_table, 1);
    auto *propose = new QPushButton(tr("&Propose Addresses"), this);
    propose->setObjectName(QStringLiteral("proposeButton"));
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(propose);
    layout->addLayout(row);
    m_problems = wrapLabel(QString(), this);
    m_problems->setObjectName(QStringLiteral("problemsLabel"));
    m_problems->setTextFormat(Qt::RichText);
    layout->addWidget(m_problems);

    auto topologyChanged = [this] {
        if (m_filling)
            return;
        setup::Settings s = m_controller->settings();
        s.topology = m_direct->isChecked() ? setup::Topology::DirectPair : setup::Topology::Switch;
        m_controller->setSettings(s);
        revalidate();
    };
    connect(m_direct, &QRadioButton::toggled, this, topologyChanged);
    connect(m_mtu, &QSpinBox::valueChanged, this, [this](int v) {
        if (m_filling)
            return;
        setup::Settings s = m_controller->settings();
        s.mtu = v;
        m_controller->setSettings(s);
        revalidate();
    });
    connect(propose, &QPushButton::clicked, this, [this] {
        readBack();
        QList<setup::NodeInput> nodes = m_controller->nodes();
        const QStringList a = setup::proposeAddresses(m_controller->settings().topology, nodes);
        for (int i = 0; i < nodes.size() && i < a.size(); ++i)
            nodes[i].address = a.at(i);
        m_controller->setNodes(nodes);
        rebuild();
    });
}

void TopologyPage::initializePage()
{
    setup::Settings s = m_controller->settings();
    if (m_controller->nodes().size() != 2 && s.topology == setup::Topology::DirectPair) {
        s.topology = setup::Topology::Switch;
        m_controller->setSettings(s);
    }
    m_controller->updateProbes();
    m_controller->suggestMissing();
    rebuild();
}

void TopologyPage::rebuild()
{
    m_filling = true;
    const setup::Settings s = m_controller->settings();
    m_direct->setEnabled(m_controller->nodes().size() == 2);
    m_direct->setChecked(s.topology == setup::Topology::DirectPair);
    m_switch->setChecked(s.topology == setup::Topology::Switch);
    m_mtu->setValue(s.mtu);
    const QList<setup::NodeInput> nodes = m_controller->nodes();
    m_table->setRowCount(int(nodes.size()));
    for (int i = 0; i < nodes.size(); ++i) {
        const setup::NodeInput &n = nodes.at(i);
        m_table->setItem(i, 0, item(n.name));
        auto *combo = new QComboBox(m_table);
        combo->setObjectName(QStringLiteral("interfaceCombo%1").arg(i));
        combo->setAccessibleName(tr("Data-plane interface of %1").arg(n.name));
        QStringList candidates = n.probe ? setup::candidateInterfaces(*n.probe) : QStringList();
        if (!n.interface.isEmpty() && !candidates.contains(n.interface))
            candidates.prepend(n.interface);
        for (const QString &c : candidates) {
            const RdmaPort *port = n.probe ? setup::rdmaPortOf(*n.probe, c) : nullptr;
            combo->addItem(port ? tr("%1 (%2)").arg(c, port->device) : c, c);
        }
        combo->setCurrentIndex(std::max(0, combo->findData(n.interface)));
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            if (m_filling)
                return;
            readBack();
            rebuild();
        });
        m_table->setCellWidget(i, 1, combo);
        const RdmaPort *port = n.probe ? setup::rdmaPortOf(*n.probe, n.interface) : nullptr;
        m_table->setItem(i, 2,
                         item(port ? tr("%1, %2").arg(port->device, port->transport.value_or(tr("?")))
                                   : (s.allowSoftRoce ? tr("Soft-RoCE (to be created)") : tr("none"))));
        auto *edit = new QLineEdit(n.address, m_table);
        edit->setObjectName(QStringLiteral("addressEdit%1").arg(i));
        edit->setAccessibleName(tr("Data-plane address of %1").arg(n.name));
        edit->setPlaceholderText(QStringLiteral("10.77.0.%1/24").arg(i + 1));
        connect(edit, &QLineEdit::textEdited, this, [this] {
            readBack();
            revalidate();
        });
        m_table->setCellWidget(i, 3, edit);
    }
    m_table->resizeColumnsToContents();
    m_table->setColumnWidth(3, std::max(m_table->columnWidth(3), 180));
    m_filling = false;
    revalidate();
}

void TopologyPage::readBack()
{
    QList<setup::NodeInput> nodes = m_controller->nodes();
    for (int i = 0; i < nodes.size() && i < m_table->rowCount(); ++i) {
        if (auto *c = qobject_cast<QComboBox *>(m_table->cellWidget(i, 1)))
            nodes[i].interface = c->currentData().toString();
        if (auto *e = qobject_cast<QLineEdit *>(m_table->cellWidget(i, 3)))
            nodes[i].address = e->text().trimmed();
    }
    m_controller->setNodes(nodes);
}

void TopologyPage::setAddress(int node, const QString &address)
{
    if (auto *e = qobject_cast<QLineEdit *>(m_table->cellWidget(node, 3))) {
        e->setText(address);
        readBack();
        revalidate();
    }
}

void TopologyPage::revalidate()
{
    const QList<setup::Problem> problems = setup::validate(m_controller->nodes(), m_controller->settings());
    m_blocking = false;
    QStringList lines;
    const QPalette pal = palette();
    for (const setup::Problem &p : problems) {
        m_blocking = m_blocking || p.blocking;
        const QColor c = StatusStyle::color(p.blocking ? Check::Status::Fail : Check::Status::Warn, pal);
        lines << QStringLiteral("<span style=\"color:%1\">%2</span> %3")
                     .arg(c.name(), p.blocking ? tr("✗") : tr("!"), p.message.toHtmlEscaped());
    }
    // Mark the rows with a blocking address problem.
    for (int i = 0; i < m_table->rowCount(); ++i) {
        bool bad = false;
        for (const setup::Problem &p : problems)
            bad = bad || (p.node == i && p.blocking && p.field == QLatin1String("address"));
        if (auto *e = qobject_cast<QLineEdit *>(m_table->cellWidget(i, 3))) {
            QPalette ep = e->palette();
            ep.setColor(QPalette::Text, bad ? StatusStyle::color(Check::Status::Fail, pal) : pal.color(QPalette::Text));
            e->setPalette(ep);
        }
    }
    m_problems->setText(lines.isEmpty() ? tr("Addresses and interfaces are consistent.") : lines.join(QStringLiteral("<br>")));
    Q_EMIT completeChanged();
}

QString TopologyPage::problemsText() const
{
    return m_problems->text();
}

bool TopologyPage::isComplete() const
{
    return !m_blocking;
}

bool TopologyPage::validatePage()
{
    readBack();
    revalidate();
    return !m_blocking;
}

// ---- 4. QoS --------------------------------------------------------------

QosPage::QosPage(setup::SetupController *controller, QWidget *parent)
    : QWizardPage(parent), m_controller(controller)
{
    setTitle(tr("Quality of service"));
    setSubTitle(tr("RoCE v2 wants a lossless path. HaloLink marks RDMA traffic and gives it its own paused "
                   "priority; the defaults suit a direct cable and most switches."));
    auto *layout = new QVBoxLayout(this);
    m_default = new QRadioButton(tr("Re&commended: DSCP 26 → priority 3, PFC on priority 3, ToS 106 (ECN)"), this);
    m_default->setObjectName(QStringLiteral("qosDefault"));
    m_none = new QRadioButton(tr("N&one: leave QoS alone"), this);
    m_none->setObjectName(QStringLiteral("qosNone"));
    layout->addWidget(m_default);
    layout->addWidget(m_none);
    m_advanced = new QCheckBox(tr("&Advanced"), this);
    m_advanced->setObjectName(QStringLiteral("qosAdvanced"));
    layout->addWidget(m_advanced);
    m_advancedBox = new QGroupBox(tr("Advanced"), this);
    auto *form = new QFormLayout(m_advancedBox);
    m_pfc = new QSpinBox(m_advancedBox);
    m_pfc->setRange(0, 7);
    m_pfc->setObjectName(QStringLiteral("pfcSpin"));
    m_dscp = new QSpinBox(m_advancedBox);
    m_dscp->setRange(0, 63);
    m_dscp->setObjectName(QStringLiteral("dscpSpin"));
    m_ecn = new QCheckBox(tr("&ECN (congestion marking instead of drops)"), m_advancedBox);
    m_ecn->setObjectName(QStringLiteral("ecnCheck"));
    m_tos = new QLabel(m_advancedBox);
    m_tos->setObjectName(QStringLiteral("tosLabel"));
    form->addRow(tr("PFC &priority:"), m_pfc);
    form->addRow(tr("&DSCP:"), m_dscp);
    form->addRow(QString(), m_ecn);
    form->addRow(tr("ToS for rdma_cm:"), m_tos);
    layout->addWidget(m_advancedBox);
    m_description = wrapLabel(QString(), this);
    m_description->setObjectName(QStringLiteral("qosDescription"));
    layout->addWidget(m_description);
    auto *other = new QFormLayout;
    m_persist = new QCheckBox(tr("&Keep the configuration across reboots (network files and a boot unit)"), this);
    m_persist->setObjectName(QStringLiteral("persistCheck"));
    m_within = new QSpinBox(this);
    m_within->setObjectName(QStringLiteral("confirmWithinSpin"));
    m_within->setRange(30, 3600);
    m_within->setSuffix(tr(" s"));
    m_within->setToolTip(tr("After applying, each node undoes the change by itself unless HaloLink confirms it "
                            "within this time, even if this computer loses the connection."));
    other->addRow(tr("Automatic &rollback after:"), m_within);
    layout->addWidget(m_persist);
    layout->addLayout(other);
    layout->addStretch(1);

    for (QObject *o : {static_cast<QObject *>(m_default), static_cast<QObject *>(m_none)})
        connect(static_cast<QRadioButton *>(o), &QRadioButton::toggled, this, &QosPage::update);
    connect(m_advanced, &QCheckBox::toggled, this, &QosPage::update);
    connect(m_pfc, &QSpinBox::valueChanged, this, &QosPage::update);
    connect(m_dscp, &QSpinBox::valueChanged, this, &QosPage::update);
    connect(m_ecn, &QCheckBox::toggled, this, &QosPage::update);
}

void QosPage::initializePage()
{
    const setup::Settings s = m_controller->settings();
    const QSignalBlocker b1(m_default), b2(m_none), b3(m_pfc), b4(m_dscp), b5(m_ecn);
    m_default->setChecked(s.qos.enabled);
    m_none->setChecked(!s.qos.enabled);
    m_pfc->setValue(s.qos.pfcPriority);
    m_dscp->setValue(s.qos.dscp);
    m_ecn->setChecked(s.qos.ecn);
    m_persist->setChecked(s.persist);
    m_within->setValue(s.confirmWithinSeconds);
    update();
}

void QosPage::update()
{
    m_advancedBox->setVisible(m_advanced->isChecked());
    m_advancedBox->setEnabled(m_default->isChecked());
    setup::Qos q;
    q.enabled = m_default->isChecked();
    q.pfcPriority = m_pfc->value();
    q.dscp = m_dscp->value();
    q.ecn = m_ecn->isChecked();
    m_tos->setText(tr("%1 (DSCP × 4%2)").arg(q.tos()).arg(q.ecn ? tr(" + 2 for ECN") : QString()));
    m_default->setText(tr("Recommended: DSCP %1 → priority %2, PFC on priority %2, ToS %3%4")
                           .arg(q.dscp)
                           .arg(q.pfcPriority)
                           .arg(q.tos())
                           .arg(q.ecn ? tr(" (ECN)") : QString()));
    m_description->setText(setup::describeQos(q));
}

bool QosPage::validatePage()
{
    setup::Settings s = m_controller->settings();
    s.qos.enabled = m_default->isChecked();
    s.qos.pfcPriority = m_pfc->value();
    s.qos.dscp = m_dscp->value();
    s.qos.ecn = m_ecn->isChecked();
    s.persist = m_persist->isChecked();
    s.confirmWithinSeconds = m_within->value();
    m_controller->setSettings(s);
    return true;
}

// ---- 5. Review -----------------------------------------------------------

ReviewPage::ReviewPage(setup::SetupController *controller, QWidget *parent)
    : QWizardPage(parent), m_controller(controller)
{
    setTitle(tr("Review"));
    setSubTitle(tr("Exactly what will run on each node, planned by the engine against the node as it is now. Steps "
                   "already in place are skipped."));
    auto *layout = new QVBoxLayout(this);
    m_status = wrapLabel(QString(), this);
    m_status->setObjectName(QStringLiteral("reviewStatus"));
    layout->addWidget(m_status);
    m_view = new QPlainTextEdit(this);
    m_view->setObjectName(QStringLiteral("planView"));
    m_view->setReadOnly(true);
    m_view->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_view->setAccessibleName(tr("The plan of every node"));
    layout->addWidget(m_view, 1);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    m_copy = new QPushButton(tr("&Copy"), this);
    m_copy->setObjectName(QStringLiteral("copyButton"));
    m_export = new QPushButton(tr("&Export as Shell Script…"), this);
    m_export->setObjectName(QStringLiteral("exportButton"));
    row->addWidget(m_copy);
    row->addWidget(m_export);
    layout->addLayout(row);
    connect(m_copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(planText()); });
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export the configuration as a shell script"),
                                                          QStringLiteral("halolink-roce-setup.sh"),
                                                          tr("Shell scripts (*.sh)"));
        if (path.isEmpty())
            return;
        QString error;
        if (!exportTo(path, &error))
            QMessageBox::warning(this, tr("Export failed"), error);
    });
    connect(controller, &setup::SetupController::nodeChanged, this, [this] {
        if (isVisible())
            render();
    });
    connect(controller, &setup::SetupController::operationFinished, this, [this](const QString &op, bool) {
        if (op == QLatin1String("plan")) {
            m_done = true;
            render();
            Q_EMIT completeChanged();
        }
    });
}

void ReviewPage::initializePage()
{
    m_done = false;
    m_view->clear();
    m_status->setText(tr("Planning on every node…"));
    m_copy->setEnabled(false);
    m_export->setEnabled(false);
    Q_EMIT completeChanged();
    m_controller->planAll();
}

QString ReviewPage::planText() const
{
    QString t;
    const QList<setup::NodeInput> nodes = m_controller->nodes();
    for (int i = 0; i < nodes.size(); ++i) {
        const setup::NodeRun r = m_controller->run(i);
        t += QStringLiteral("== %1 (%2, %3)\n").arg(nodes.at(i).name, nodes.at(i).interface, nodes.at(i).address);
        if (r.plan.isEmpty()) {
            t += r.error.isEmpty() ? tr("  planning…\n") : tr("  plan failed: %1\n").arg(r.error);
            t += QLatin1Char('\n');
            continue;
        }
        t += tr("  backend %1, RDMA device %2\n")
                 .arg(r.plan.value(QStringLiteral("backend")).toString(), r.plan.value(QStringLiteral("device")).toString());
        int n = 0;
        for (const QJsonValue &v : r.plan.value(QStringLiteral("steps")).toArray()) {
            const QJsonObject s = v.toObject();
            const bool done = s.value(QStringLiteral("already_done")).toBool();
            const bool unknown = s.value(QStringLiteral("state")).toString() == QLatin1String("unknown");
            t += QStringLiteral("  %1. %2%3\n     %4\n")
                     .arg(++n)
                     .arg(s.value(QStringLiteral("id")).toString(),
                          done      ? tr(" — already done, skipped")
                          : unknown ? tr(" — read again when it runs")
                                    : QString(),
                          enginetext::planStepWhy(s).simplified());
            if (unknown)
                t += tr("     not readable now: %1\n").arg(s.value(QStringLiteral("unknown_reason")).toString());
            for (const QJsonValue &f : s.value(QStringLiteral("files")).toArray())
                t += tr("     writes %1\n").arg(f.toObject().value(QStringLiteral("path")).toString());
            for (const QJsonValue &c : s.value(QStringLiteral("shell")).toArray())
                t += QStringLiteral("     $ %1\n").arg(c.toString());
            for (const QJsonValue &u : s.value(QStringLiteral("undo_shell")).toArray())
                t += tr("     undo: %1\n").arg(u.toString());
        }
        for (const QString &w : enginetext::planWarnings(r.plan))
            t += tr("  warning: %1\n").arg(w);
        t += QLatin1Char('\n');
    }
    return t;
}

void ReviewPage::render()
{
    const int scroll = m_view->verticalScrollBar() ? m_view->verticalScrollBar()->value() : 0;
    m_view->setPlainText(planText());
    m_view->verticalScrollBar()->setValue(scroll);
    if (!m_done)
        return;
    QStringList failed;
    for (int i = 0; i < m_controller->nodes().size(); ++i) {
        if (m_controller->run(i).plan.isEmpty())
            failed << m_controller->nodes().at(i).name;
    }
    const bool ok = failed.isEmpty();
    m_status->setText(ok ? tr("Every node has a plan. Copy it or export it as a script to run it yourself, or go on "
                              "to apply it with automatic rollback.")
                         : tr("No plan for %1: go back and fix what it says.").arg(failed.join(QStringLiteral(", "))));
    m_copy->setEnabled(true);
    m_export->setEnabled(ok);
}

bool ReviewPage::isComplete() const
{
    if (!m_done || m_controller->isBusy())
        return false;
    for (int i = 0; i < m_controller->nodes().size(); ++i) {
        if (m_controller->run(i).plan.isEmpty())
            return false;
    }
    return true;
}

bool ReviewPage::exportTo(const QString &path, QString *error) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    f.write(m_controller->exportScript().toUtf8());
    if (!f.commit()) {
        *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

// ---- 6. Apply ------------------------------------------------------------

ApplyPage::ApplyPage(setup::SetupController *controller, QWidget *parent)
    : QWizardPage(parent), m_controller(controller)
{
    setTitle(tr("Apply"));
    setSubTitle(tr("The engine applies the plan on every node at once, recording how to undo each step first."));
    auto *layout = new QVBoxLayout(this);
    m_explain = wrapLabel(QString(), this);
    m_explain->setObjectName(QStringLiteral("applyExplain"));
    layout->addWidget(m_explain);
    auto *row = new QHBoxLayout;
    m_apply = new QPushButton(tr("&Apply Now"), this);
    m_apply->setObjectName(QStringLiteral("applyButton"));
    m_rollback = new QPushButton(tr("&Roll Back All"), this);
    m_rollback->setObjectName(QStringLiteral("rollbackButton"));
    row->addWidget(m_apply);
    row->addWidget(m_rollback);
    row->addStretch(1);
    layout->addLayout(row);
    auto *split = new QSplitter(Qt::Vertical, this);
    m_table = new QTableWidget(split);
    m_table->setObjectName(QStringLiteral("applyTable"));
    setupTable(m_table, {tr("Node"), tr("State"), tr("Step"), tr("Rolls back by itself at"), tr("Problem")});
    m_table->setAccessibleName(tr("Apply progress per node"));
    m_log = new QPlainTextEdit(split);
    m_log->setObjectName(QStringLiteral("applyLog"));
    m_log->setReadOnly(true);
    m_log->setAccessibleName(tr("Apply log"));
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(split, 1);
    m_status = wrapLabel(QString(), this);
    m_status->setObjectName(QStringLiteral("applyStatus"));
    layout->addWidget(m_status);

    connect(m_apply, &QPushButton::clicked, this, &ApplyPage::startApply);
    connect(m_rollback, &QPushButton::clicked, this, &ApplyPage::rollBackAll);
    connect(controller, &setup::SetupController::nodeChanged, this, &ApplyPage::refresh);
    connect(controller, &setup::SetupController::logLine, this, [this](int node, const QString &line) {
        m_log->appendPlainText(QStringLiteral("[%1] %2").arg(m_controller->nodes().value(node).name, line));
    });
    connect(controller, &setup::SetupController::operationFinished, this, [this](const QString &, bool) {
        refresh();
        Q_EMIT completeChanged();
    });
}

void ApplyPage::initializePage()
{
    const int s = m_controller->settings().confirmWithinSeconds;
    m_explain->setText(tr("Safety net: before its first change each node writes an undo journal, and a watchdog on "
                          "the node undoes everything by itself %1 s after the last step unless HaloLink confirms it "
                          "at the end of this wizard — even if this computer crashes or loses the network. A node "
                          "whose apply fails undoes its own steps at once; the others can be rolled back with one "
                          "click. SSH interfaces are never touched.")
                           .arg(s));
    refresh();
}

void ApplyPage::startApply()
{
    if (m_controller->isBusy())
        return;
    m_log->clear();
    m_controller->applyAll();
    refresh();
}

void ApplyPage::rollBackAll()
{
    if (m_controller->isBusy())
        return;
    m_controller->rollbackAll();
    refresh();
}

void ApplyPage::refresh()
{
    const QList<setup::NodeInput> nodes = m_controller->nodes();
    m_table->setRowCount(int(nodes.size()));
    int applied = 0, failed = 0;
    for (int i = 0; i < nodes.size(); ++i) {
        const setup::NodeRun r = m_controller->run(i);
        m_table->setItem(i, 0, item(nodes.at(i).name));
        m_table->setItem(i, 1, item(setup::phaseText(r.phase)));
        QString step;
        if (!r.events.isEmpty()) {
            const QJsonObject e = r.events.last();
            step = QStringLiteral("%1/%2 %3 (%4)")
                       .arg(e.value(QStringLiteral("index")).toInt() + 1)
                       .arg(e.value(QStringLiteral("total")).toInt())
                       .arg(e.value(QStringLiteral("id")).toString(), e.value(QStringLiteral("status")).toString());
        }
        m_table->setItem(i, 2, item(step));
        const bool pending = r.phase == Phase::Applied || r.phase == Phase::Verified || r.phase == Phase::Verifying;
        m_table->setItem(i, 3, item(pending && r.deadline > 0
                                        ? QDateTime::fromSecsSinceEpoch(r.deadline).toString(QStringLiteral("HH:mm:ss"))
                                        : QString()));
        m_table->setItem(i, 4, item(r.error, r.error));
        applied += pending ? 1 : 0;
        failed += r.phase == Phase::Failed ? 1 : 0;
    }
    m_table->resizeColumnsToContents();
    const bool busy = m_controller->isBusy();
    m_apply->setEnabled(!busy && applied < nodes.size());
    m_rollback->setEnabled(!busy && m_controller->anyChanged());
    if (busy)
        m_status->setText(tr("Working: %1…").arg(m_controller->operation()));
    else if (failed > 0 && m_controller->anyChanged())
        m_status->setText(tr("%n node(s) failed and undid their own steps. The others still carry the change: roll "
                             "them back, or fix the problem and apply again.",
                             nullptr, failed));
    else if (failed > 0)
        m_status->setText(tr("%n node(s) failed; nothing is left changed.", nullptr, failed));
    else if (applied == nodes.size() && applied > 0)
        m_status->setText(tr("Applied on every node. Next: verify, then confirm."));
    else if (m_controller->allIn(Phase::RolledBack))
        m_status->setText(tr("Every node is back to what it was."));
    else
        m_status->setText(tr("Press Apply Now when ready."));
}

bool ApplyPage::isComplete() const
{
    if (m_controller->isBusy())
        return false;
    const QList<setup::NodeInput> nodes = m_controller->nodes();
    for (int i = 0; i < nodes.size(); ++i) {
        const Phase p = m_controller->run(i).phase;
        if (p != Phase::Applied && p != Phase::Verified)
            return false;
    }
    return !nodes.isEmpty();
}

// ---- 7. Verify -----------------------------------------------------------

VerifyPage::VerifyPage(setup::SetupController *controller, QWidget *parent)
    : QWizardPage(parent), m_controller(controller)
{
    setTitle(tr("Verify"));
    setSubTitle(tr("The engine checks every node, then measures TCP and RDMA between every pair with the same "
                   "program and the same definitions: one-way is half the round trip, both p50."));
    setFinalPage(true);
    // Finish reads so while this page is shown.
    setButtonText(QWizard::FinishButton, tr("&Confirm and Save"));
    auto *layout = new QVBoxLayout(this);
    auto *row = new QHBoxLayout;
    m_status = wrapLabel(QString(), this);
    m_status->setObjectName(QStringLiteral("verifyStatus"));
    m_again = new QPushButton(tr("&Verify Again"), this);
    m_again->setObjectName(QStringLiteral("verifyAgainButton"));
    row->addWidget(m_status, 1);
    row->addWidget(m_again);
    layout->addLayout(row);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("benchProgress"));
    layout->addWidget(m_progress);
    auto *split = new QSplitter(Qt::Vertical, this);
    m_pairs = new QTableWidget(split);
    m_pairs->setObjectName(QStringLiteral("pairsTable"));
    setupTable(m_pairs, {tr("Pair"), tr("TCP one-way"), tr("TCP round trip"), tr("RDMA one-way"), tr("RDMA round trip"),
                         tr("RDMA speed-up"), tr("TCP bandwidth"), tr("RDMA bandwidth"), tr("RDMA device, GID"),
                         tr("Expected"), tr("Notes")});
    m_pairs->setAccessibleName(tr("TCP and RDMA between every pair of nodes"));
    m_chart = new QCustomPlot(split);
    m_chart->setObjectName(QStringLiteral("latencyChart"));
    m_chart->setMinimumHeight(160);
    m_chart->setAccessibleName(tr("One-way latency per pair, TCP and RDMA (the table above has the numbers)"));
    m_chart->setFocusPolicy(Qt::StrongFocus); // a screen reader lands on it and reads its description
    m_checks = new QTableWidget(split);
    m_checks->setObjectName(QStringLiteral("checksTable"));
    setupTable(m_checks, {tr("Node"), tr("Check"), tr("Status"), tr("Expected"), tr("Found"), tr("Detail")});
    m_checks->setAccessibleName(tr("Configuration checks per node"));
    layout->addWidget(split, 1);

    connect(m_again, &QPushButton::clicked, this, &VerifyPage::startVerify);
    connect(controller, &setup::SetupController::pairChanged, this, &VerifyPage::refreshPairs);
    connect(controller, &setup::SetupController::nodeChanged, this, [this] {
        if (isVisible())
            refreshChecks();
    });
    connect(controller, &setup::SetupController::benchProgress, this, [this](int done, int total, const QString &what) {
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
        if (!what.isEmpty())
            m_status->setText(tr("Measuring %1…").arg(what));
    });
    connect(controller, &setup::SetupController::operationFinished, this, [this](const QString &op, bool ok) {
        if (op != QLatin1String("verify"))
            return;
        m_ok = ok;
        refreshChecks();
        refreshPairs();
        int flagged = 0;
        for (const setup::PairResult &p : m_controller->pairs())
            flagged += p.flags.isEmpty() ? 0 : 1;
        m_status->setText(ok && flagged == 0
                              ? tr("Verified: every check passes and RDMA works between every pair. Finish confirms "
                                   "the change on every node and saves the cluster.")
                          : ok ? tr("RDMA works between every pair; %n pair(s) have notes worth reading. Finish "
                                    "confirms and saves.",
                                    nullptr, flagged)
                               : tr("Verification found problems (see the tables). You can verify again, go back and "
                                    "roll back, or confirm anyway."));
        m_again->setEnabled(true);
        Q_EMIT completeChanged();
    });
}

void VerifyPage::initializePage()
{
    if (!m_ran)
        startVerify();
}

void VerifyPage::startVerify()
{
    if (m_controller->isBusy())
        return;
    m_ran = true;
    m_ok = false;
    m_again->setEnabled(false);
    m_status->setText(tr("Checking the nodes…"));
    showPairs({}); // the table, the chart and its description start again together
    m_checks->setRowCount(0);
    Q_EMIT completeChanged();
    m_controller->verifyAll();
}

void VerifyPage::refreshChecks()
{
    const QList<setup::NodeInput> nodes = m_controller->nodes();
    m_checks->setRowCount(0);
    const QPalette pal = palette();
    for (int i = 0; i < nodes.size(); ++i) {
        const setup::NodeRun r = m_controller->run(i);
        QJsonArray checks = r.verify.value(QStringLiteral("checks")).toArray();
        if (r.verify.isEmpty() && !r.error.isEmpty()) {
            const int row = m_checks->rowCount();
            m_checks->insertRow(row);
            m_checks->setItem(row, 0, item(nodes.at(i).name));
            m_checks->setItem(row, 1, item(tr("verify")));
            m_checks->setItem(row, 2, item(tr("fail")));
            m_checks->item(row, 2)->setForeground(StatusStyle::color(Check::Status::Fail, pal));
            m_checks->setItem(row, 5, item(r.error, r.error));
            continue;
        }
        for (const QJsonValue &v : checks) {
            const QJsonObject c = v.toObject();
            const int row = m_checks->rowCount();
            m_checks->insertRow(row);
            const QString status = c.value(QStringLiteral("status")).toString();
            const Check::Status cs = status == QLatin1String("pass")   ? Check::Status::Pass
                                     : status == QLatin1String("fail") ? Check::Status::Fail
                                     : status == QLatin1String("warn") ? Check::Status::Warn
                                                                       : Check::Status::Unknown;
            auto text = [](const QJsonValue &x) {
                return x.isString() ? x.toString() : x.isDouble() ? QString::number(x.toDouble()) : QString();
            };
            m_checks->setItem(row, 0, item(nodes.at(i).name));
            m_checks->setItem(row, 1, item(c.value(QStringLiteral("id")).toString()));
            Check shown;
            shown.status = cs;
            shown.statusText = status == QLatin1String("skipped") ? tr("Skipped") : status;
            m_checks->setItem(row, 2, item(facts::statusText(shown)));
            m_checks->item(row, 2)->setData(Qt::UserRole, status); // as the engine wrote it
            m_checks->item(row, 2)->setForeground(StatusStyle::color(cs, pal));
            m_checks->item(row, 2)->setIcon(StatusStyle::icon(cs, pal));
            m_checks->setItem(row, 3, item(text(c.value(QStringLiteral("expected")))));
            m_checks->setItem(row, 4, item(text(c.value(QStringLiteral("actual")))));
            const QString detail = enginetext::verifyDetail(c);
            m_checks->setItem(row, 5, item(detail, detail));
        }
    }
    m_checks->resizeColumnsToContents();
}

void VerifyPage::refreshPairs()
{
    showPairs(m_controller->pairs());
}

void VerifyPage::showPairs(const QList<setup::PairResult> &pairs)
{
    const QList<setup::NodeInput> nodes = m_controller->nodes();
    const QPalette pal = palette();
    m_pairs->setRowCount(int(pairs.size()));
    QVector<double> ticks, tcp, rdma;
    QVector<QString> labels;
    QStringList described; // what the chart shows, for its accessible description
    const auto said = [](const std::optional<double> &ns) { return ns ? us(ns) : tr("not measured"); }; // not "—"
    for (int k = 0; k < pairs.size(); ++k) {
        const setup::PairResult &p = pairs.at(k);
        const QString name = tr("%1 → %2").arg(nodes.value(p.a).name, nodes.value(p.b).name);
        m_pairs->setItem(k, 0, item(name));
        m_pairs->setItem(k, 1, item(us(p.tcpLatency.oneWayNs), p.tcpLatency.error));
        m_pairs->setItem(k, 2, item(us(p.tcpLatency.rttNs), p.tcpLatency.error));
        m_pairs->setItem(k, 3, item(us(p.rdmaLatency.oneWayNs), p.rdmaLatency.error));
        m_pairs->setItem(k, 4, item(us(p.rdmaLatency.rttNs), p.rdmaLatency.error));
        const auto s = p.speedup();
        const QString speedup = s ? tr("%1×").arg(*s, 0, 'f', 2) : QStringLiteral("—");
        m_pairs->setItem(k, 5, item(speedup, tr("TCP one-way p50 / RDMA one-way p50, same bench, same definition")));
        m_pairs->setItem(k, 6, item(gbit(p.tcpBandwidth.bps), p.tcpBandwidth.error));
        m_pairs->setItem(k, 7, item(gbit(p.rdmaBandwidth.bps), p.rdmaBandwidth.error));
        m_pairs->setItem(k, 8, item(p.rdmaDevice.isEmpty() ? QStringLiteral("—")
                                                           : tr("%1, GID %2").arg(p.rdmaDevice).arg(p.gidIndex.value_or(-1))));
        m_pairs->setItem(k, 9, item(p.expectation, p.expectation));
        const QString notes = p.flags.join(QLatin1Char('\n'));
        m_pairs->setItem(k, 10, item(notes.isEmpty() ? tr("ok") : notes, notes));
        m_pairs->item(k, 10)->setForeground(StatusStyle::color(notes.isEmpty() ? Check::Status::Pass : Check::Status::Warn, pal));
        // The chart's bars in words, with the table's texts.
        described << (s ? tr("%1: RDMA %2, TCP %3, speed-up %4")
                              .arg(name, said(p.rdmaLatency.oneWayNs), said(p.tcpLatency.oneWayNs), speedup)
                        : tr("%1: RDMA %2, TCP %3")
                              .arg(name, said(p.rdmaLatency.oneWayNs), said(p.tcpLatency.oneWayNs)));
        ticks << k + 1;
        labels << name;
        tcp << (p.tcpLatency.oneWayNs ? *p.tcpLatency.oneWayNs / 1000.0 : 0);
        rdma << (p.rdmaLatency.oneWayNs ? *p.rdmaLatency.oneWayNs / 1000.0 : 0);
    }
    m_pairs->resizeColumnsToContents();
    m_pairs->setColumnWidth(9, std::min(m_pairs->columnWidth(9), 320));

    // One-way latency, grouped bars: TCP and RDMA side by side per pair.
    m_chart->clearPlottables();
    const PlotColors colors = PlotColors::fromPalette(pal);
    stylePlot(m_chart, colors);
    auto *tcpBars = new QCPBars(m_chart->xAxis, m_chart->yAxis);
    auto *rdmaBars = new QCPBars(m_chart->xAxis, m_chart->yAxis);
    auto *group = new QCPBarsGroup(m_chart);
    for (auto *b : {tcpBars, rdmaBars}) {
        b->setWidth(0.35);
        b->setBarsGroup(group);
    }
    tcpBars->setName(tr("TCP one-way p50 (half the round trip)"));
    rdmaBars->setName(tr("RDMA one-way p50 (half the round trip)"));
    tcpBars->setBrush(colors.series(0));
    tcpBars->setPen(Qt::NoPen);
    rdmaBars->setBrush(colors.series(1));
    rdmaBars->setPen(Qt::NoPen);
    tcpBars->setData(ticks, tcp);
    rdmaBars->setData(ticks, rdma);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    ticker->addTicks(ticks, labels);
    m_chart->xAxis->setTicker(ticker);
    m_chart->xAxis->setRange(0.4, ticks.size() + 0.6);
    double top = 1;
    for (double v : tcp + rdma)
        top = std::max(top, v);
    m_chart->yAxis->setRange(0, top * 1.6); // room for the legend above the bars
    m_chart->yAxis->setLabel(tr("one-way p50, µs"));
    m_chart->legend->setVisible(true);
    m_chart->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_chart->replot(QCustomPlot::rpQueuedReplot);
    setChartDescription(m_chart, described.isEmpty()
                                     ? tr("No pair measured yet.")
                                     : tr("One-way latency p50 per pair: %1.").arg(described.join(QStringLiteral("; "))));
}

void VerifyPage::changeEvent(QEvent *event)
{
    QWizardPage::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        refreshPairs(); // the chart takes its colours from the palette
}

bool VerifyPage::isComplete() const
{
    return m_ran && !m_controller->isBusy();
}

} // namespace halolink::ui
