#include "cluster/clusterpage.h"

#include "cluster/clustercontroller.h"
#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "setup/clusterverifier.h"
#include "setup/pagehelpers.h"
#include "setup/savedsetuptext.h"
#include "status/statusstyle.h"

#include <QAbstractItemModel>
#include <QFile>
#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <chrono>

namespace halolink::ui {

using namespace wizardui;

namespace {

QLabel *heading(const QString &text, QWidget *parent, double scale = 1.0)
{
    auto *label = new QLabel(text, parent);
    QFont f = label->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * scale);
    label->setFont(f);
    return label;
}

// As tall as its rows: the page scrolls, not each table.
void fitHeight(QTableWidget *t)
{
    t->resizeRowsToContents();
    int h = t->horizontalHeader()->height() + 2 * t->frameWidth();
    for (int r = 0; r < t->rowCount(); ++r)
        h += t->rowHeight(r);
    if (t->horizontalScrollBar()->isVisible())
        h += t->horizontalScrollBar()->height();
    t->setFixedHeight(h);
}

QString us(const std::optional<double> &ns)
{
    return ns ? QString::number(*ns / 1000.0, 'f', *ns < 10000 ? 2 : 1) + QStringLiteral(" µs") : QStringLiteral("—");
}

QString gbit(const std::optional<double> &bps)
{
    return bps ? QString::number(*bps / 1e9, 'f', 1) + QStringLiteral(" Gbit/s") : QStringLiteral("—");
}

} // namespace

ClusterPage::ClusterPage(ClusterController *cluster, Inventory *inventory, NodeListModel *nodes, QWidget *parent)
    : QWidget(parent)
    , m_cluster(cluster)
    , m_inventory(inventory)
    , m_nodes(nodes)
    , m_verifier(new setup::ClusterVerifier(cluster, inventory, this))
    , m_stack(new QStackedWidget(this))
    , m_ageTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("clusterPage"));
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_stack);

    // No cluster kept: what this page is for, and the way to one.
    m_emptyPage = new QWidget(m_stack);
    {
        auto *column = new QVBoxLayout(m_emptyPage);
        column->addWidget(heading(tr("The Cluster"), m_emptyPage, 1.4));
        m_emptyText = wrapLabel(QString(), m_emptyPage);
        m_emptyText->setObjectName(QStringLiteral("clusterEmptyText"));
        column->addWidget(m_emptyText);
        auto *setUp = new QPushButton(tr("Set Up a Cluster…"), m_emptyPage);
        setUp->setObjectName(QStringLiteral("clusterSetUpButton"));
        connect(setUp, &QPushButton::clicked, this, &ClusterPage::setUpRequested);
        auto *row = new QHBoxLayout;
        row->addWidget(setUp);
        row->addStretch(1);
        column->addLayout(row);
        column->addStretch(1);
    }
    m_stack->addWidget(m_emptyPage);

    auto *scroll = new QScrollArea(m_stack);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setAccessibleName(tr("The cluster as it was set up"));
    auto *content = new QWidget(scroll);
    auto *column = new QVBoxLayout(content);
    column->setSpacing(8);
    column->addWidget(heading(tr("The Cluster"), content, 1.4));
    m_summary = wrapLabel(QString(), content);
    m_summary->setObjectName(QStringLiteral("clusterSummary"));
    column->addWidget(m_summary);
    m_qos = wrapLabel(QString(), content);
    m_qos->setObjectName(QStringLiteral("clusterQos"));
    column->addWidget(m_qos);

    column->addWidget(heading(tr("Nodes"), content));
    m_nodesTable = new QTableWidget(content);
    m_nodesTable->setObjectName(QStringLiteral("clusterNodesTable"));
    setupTable(m_nodesTable, {tr("Node"), tr("Now"), tr("Data plane"), tr("Address"), tr("RDMA"), tr("QoS set")});
    m_nodesTable->setAccessibleName(tr("Nodes of the cluster"));
    m_nodesTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    column->addWidget(m_nodesTable);

    column->addWidget(heading(tr("Verification"), content));
    m_verification = wrapLabel(QString(), content);
    m_verification->setObjectName(QStringLiteral("clusterVerification"));
    column->addWidget(m_verification);
    m_pairsTable = new QTableWidget(content);
    m_pairsTable->setObjectName(QStringLiteral("clusterPairsTable"));
    setupTable(m_pairsTable, {tr("Pair"), tr("RDMA one way (p50)"), tr("TCP one way (p50)"), tr("RDMA faster"),
                              tr("RDMA bandwidth"), tr("TCP bandwidth"), tr("Notes")});
    m_pairsTable->setAccessibleName(tr("Measured pairs"));
    m_pairsTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    column->addWidget(m_pairsTable);

    auto *buttons = new QHBoxLayout;
    m_change = new QPushButton(tr("Change This Cl&uster…"), content);
    m_change->setObjectName(QStringLiteral("clusterChangeButton"));
    m_change->setToolTip(tr("The setup wizard on this cluster: add or take out a node, change the QoS or MTU, "
                            "verify; the change is applied with automatic rollback as before"));
    m_verify = new QPushButton(tr("Verify &Again"), content);
    m_verify->setObjectName(QStringLiteral("clusterVerifyButton"));
    m_verify->setToolTip(tr("Check every node's configuration and measure RDMA against TCP between every pair "
                            "again; nothing on the nodes changes"));
    m_forget = new QPushButton(tr("F&orget This Cluster…"), content);
    m_forget->setObjectName(QStringLiteral("clusterForgetButton"));
    m_forget->setToolTip(tr("HaloLink forgets this record; the nodes keep their configuration"));
    connect(m_change, &QPushButton::clicked, this, &ClusterPage::changeRequested);
    connect(m_verify, &QPushButton::clicked, this, &ClusterPage::verifyAgain);
    connect(m_forget, &QPushButton::clicked, this, &ClusterPage::forget);
    buttons->addWidget(m_change);
    buttons->addWidget(m_verify);
    buttons->addStretch(1);
    buttons->addWidget(m_forget);
    column->addLayout(buttons);
    m_outcome = wrapLabel(QString(), content);
    m_outcome->setObjectName(QStringLiteral("clusterOutcome"));
    m_outcome->hide();
    column->addWidget(m_outcome);
    m_log = new QPlainTextEdit(content);
    m_log->setObjectName(QStringLiteral("clusterLog"));
    m_log->setReadOnly(true);
    m_log->setAccessibleName(tr("Verification log"));
    m_log->setMaximumBlockCount(2000);
    m_log->setMinimumHeight(120);
    m_log->hide();
    column->addWidget(m_log, 1);
    column->addStretch(1);
    scroll->setWidget(content);
    m_stack->addWidget(scroll);

    connect(m_verifier, &setup::ClusterVerifier::progress, this, [this](const QString &line) {
        m_log->appendPlainText(line);
    });
    connect(m_verifier, &setup::ClusterVerifier::finished, this, [this](bool ok, const QString &message) {
        m_outcome->setText(message);
        QPalette pal = m_outcome->palette();
        pal.setColor(QPalette::WindowText, ok ? palette().color(QPalette::WindowText)
                                              : StatusStyle::color(Check::Status::Warn, palette()));
        m_outcome->setPalette(pal);
        m_outcome->show();
        reload();
        Q_EMIT recordChanged();
    });
    // The state column follows the nodes; the ages follow the clock.
    connect(m_nodes, &QAbstractItemModel::dataChanged, this, &ClusterPage::fillStates);
    m_ageTimer->setInterval(std::chrono::seconds(30));
    connect(m_ageTimer, &QTimer::timeout, this, &ClusterPage::fill);
    m_ageTimer->start();
    reload();
}

bool ClusterPage::isEmptyShown() const
{
    return m_stack->currentWidget() == m_emptyPage;
}

void ClusterPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_verifier->isRunning())
        reload();
}

void ClusterPage::reload()
{
    m_loadError.clear();
    m_setup = setup::SavedSetup::load(&m_loadError);
    fill();
}

void ClusterPage::fill()
{
    if (!m_setup) {
        m_stack->setCurrentWidget(m_emptyPage);
        QString text = tr("No cluster is kept yet. Once the setup wizard has configured RoCE on your nodes and you "
                          "confirmed it, the cluster is kept here: its nodes and data planes, the QoS, and what "
                          "RDMA and TCP measured between every pair, with when.");
        // A record that exists but cannot be read is said, not taken for none.
        if (!m_loadError.isEmpty() && QFile::exists(setup::SavedSetup::filePath()))
            text += QStringLiteral("\n\n") + tr("The kept record (%1) cannot be read: %2")
                                                 .arg(setup::SavedSetup::filePath(), m_loadError);
        m_emptyText->setText(text);
        return;
    }
    m_stack->setCurrentIndex(1);
    const setup::SavedSetup &s = *m_setup;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    m_summary->setText(setup::summaryText(s, now));
    m_qos->setText(tr("QoS: %1.").arg(setup::qosSettingsText(s.settings.qos)));

    m_nodesTable->setRowCount(int(s.nodes.size()));
    for (int r = 0; r < s.nodes.size(); ++r) {
        const setup::SavedSetup::NodeEntry &n = s.nodes.at(r);
        const auto node = m_inventory->find(n.nodeId);
        m_nodesTable->setItem(r, 0, item(node ? node->name : n.name));
        m_nodesTable->setItem(r, 2, item(n.interface));
        m_nodesTable->setItem(r, 3, item(n.address));
        const QString rdma = n.device.isEmpty()  ? n.backend
                             : n.backend.isEmpty() ? n.device
                                                   : tr("%1 (%2)").arg(n.device, n.backend);
        m_nodesTable->setItem(r, 4, item(rdma.isEmpty() ? QStringLiteral("—") : rdma));
        m_nodesTable->setItem(r, 5, item(setup::nodeQosText(n, s.settings.qos)));
    }
    fillStates();
    growColumnsToContents(m_nodesTable);
    fitHeight(m_nodesTable);

    m_verification->setText(setup::verificationText(s, now));
    auto nameOf = [&](const QString &id) {
        if (const auto node = m_inventory->find(id))
            return node->name;
        for (const setup::SavedSetup::NodeEntry &n : s.nodes)
            if (n.nodeId == id)
                return n.name;
        return id;
    };
    m_pairsTable->setRowCount(int(s.pairs.size()));
    for (int r = 0; r < s.pairs.size(); ++r) {
        const setup::SavedSetup::PairEntry &p = s.pairs.at(r);
        m_pairsTable->setItem(r, 0, item(tr("%1 → %2").arg(nameOf(p.a), nameOf(p.b))));
        m_pairsTable->setItem(r, 1, item(us(p.rdmaOneWayNs)));
        m_pairsTable->setItem(r, 2, item(us(p.tcpOneWayNs)));
        const auto speedup = setup::pairSpeedup(p);
        m_pairsTable->setItem(r, 3, item(speedup ? tr("%1x").arg(QLocale().toString(*speedup, 'f', 1))
                                                 : QStringLiteral("—")));
        m_pairsTable->setItem(r, 4, item(gbit(p.rdmaBps)));
        m_pairsTable->setItem(r, 5, item(gbit(p.tcpBps)));
        m_pairsTable->setItem(r, 6, item(p.notes.join(QLatin1Char(' ')), p.notes.join(QLatin1Char('\n'))));
    }
    m_pairsTable->setVisible(!s.pairs.isEmpty());
    growColumnsToContents(m_pairsTable);
    fitHeight(m_pairsTable);
    updateButtons();
}

void ClusterPage::fillStates()
{
    if (!m_setup)
        return;
    for (int r = 0; r < m_setup->nodes.size() && r < m_nodesTable->rowCount(); ++r) {
        const QString id = m_setup->nodes.at(r).nodeId;
        const int row = m_nodes->rowOf(id);
        const QString state = row < 0 ? tr("not in the node list")
                                      : m_nodes->index(row, NodeListModel::StateColumn).data().toString();
        m_nodesTable->setItem(r, 1, item(state));
    }
    growColumnsToContents(m_nodesTable);
    updateButtons();
}

void ClusterPage::updateButtons()
{
    const bool running = m_verifier->isRunning();
    m_verify->setEnabled(m_setup && !running);
    m_verify->setText(running ? tr("Verifying…") : tr("Verify &Again"));
    m_change->setEnabled(m_setup && !running);
    m_forget->setEnabled(m_setup && !running);
}

void ClusterPage::verifyAgain()
{
    if (!m_setup)
        return;
    m_log->clear();
    m_log->show();
    m_outcome->hide();
    QString error;
    if (!m_verifier->start(*m_setup, &error)) {
        m_outcome->setText(error);
        m_outcome->show();
        m_log->hide();
    }
    updateButtons();
}

void ClusterPage::forget()
{
    const auto answer = QMessageBox::question(
        this, tr("Forget this cluster?"),
        tr("HaloLink forgets the kept cluster (its settings and measurements). Nothing on the nodes changes: their "
           "RoCE configuration stays, and the nodes stay in the node list."),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer != QMessageBox::Yes)
        return;
    setup::SavedSetup::remove();
    reload();
    Q_EMIT recordChanged();
}

} // namespace halolink::ui
