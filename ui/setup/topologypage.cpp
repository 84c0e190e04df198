#include "setup/topologypage.h"

#include "setup/pagehelpers.h"
#include "setup/savedsetup.h"
#include "setup/setupcontroller.h"
#include "status/statusstyle.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace halolink::ui {

using namespace wizardui;

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

    m_proposalNote = wrapLabel(QString(), this);
    m_proposalNote->setObjectName(QStringLiteral("proposalNote"));
    m_proposalNote->hide();
    layout->addWidget(m_proposalNote);

    auto topologyChanged = [this] {
        if (m_filling)
            return;
        setup::Settings s = m_controller->settings();
        s.topology = m_direct->isChecked() ? setup::Topology::DirectPair : setup::Topology::Switch;
        s.topologyChosen = true;
        m_controller->setSettings(s);
        readBack();
        offerProposal();
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
        useProposal();
    });
}

QStringList TopologyPage::proposal() const
{
    return setup::proposeAddresses(m_controller->settings().topology, m_controller->nodes());
}

void TopologyPage::useProposal()
{
    QList<setup::NodeInput> nodes = m_controller->nodes();
    const QStringList a = proposal();
    for (int i = 0; i < nodes.size() && i < a.size(); ++i) {
        nodes[i].address = a.at(i);
        nodes[i].addressByHand = false;
    }
    m_controller->setNodes(nodes);
    m_proposalNote->hide();
    rebuild();
}

void TopologyPage::offerProposal()
{
    const QList<setup::NodeInput> nodes = m_controller->nodes();
    QStringList typed;
    for (const setup::NodeInput &n : nodes) {
        if (n.addressByHand)
            typed << n.name;
    }
    if (typed.isEmpty()) { // nothing of the person's to keep: the proposal follows the cabling
        useProposal();
        return;
    }
    QStringList current, proposed;
    const QStringList a = proposal();
    for (int i = 0; i < nodes.size(); ++i) {
        current << nodes.at(i).address.trimmed();
        proposed << tr("%1 %2").arg(nodes.at(i).name, a.value(i));
    }
    if (a == current) {
        m_proposalNote->hide();
    } else {
        //: %1 the node names whose address was typed, %2 "node address, node address"
        m_proposalNote->setText(tr("The proposal changed with the cabling: %2. The addresses you typed (%1) are kept; "
                                   "press Propose Addresses to use the proposal instead.")
                                    .arg(typed.join(QStringLiteral(", ")), proposed.join(QStringLiteral(", "))));
        m_proposalNote->show();
    }
    revalidate();
}

QString TopologyPage::proposalNote() const
{
    return m_proposalNote->isHidden() ? QString() : m_proposalNote->text();
}

void TopologyPage::initializePage()
{
    const setup::Topology before = m_controller->settings().topology;
    m_controller->applySavedDefaults(setup::SavedSetup::load());
    setup::Settings s = m_controller->settings();
    if (m_controller->nodes().size() != 2 && s.topology == setup::Topology::DirectPair) {
        s.topology = setup::Topology::Switch;
        m_controller->setSettings(s);
    }
    m_controller->updateProbes();
    QList<setup::NodeInput> nodes = m_controller->nodes();
    const bool anyTyped = std::any_of(nodes.begin(), nodes.end(), [](const setup::NodeInput &n) { return n.addressByHand; });
    if (s.topology != before && !anyTyped) {
        // Addresses proposed for the other cabling (an earlier visit): proposed again.
        for (setup::NodeInput &n : nodes)
            n.address.clear();
        m_controller->setNodes(nodes);
    }
    m_controller->suggestMissing();
    m_proposalNote->hide();
    rebuild();
    if (s.topology != before && anyTyped)
        offerProposal();
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
        connect(edit, &QLineEdit::textEdited, this, [this, i] { typed(i); });
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
        typed(node);
    }
}

void TopologyPage::typed(int node)
{
    readBack();
    QList<setup::NodeInput> nodes = m_controller->nodes();
    if (node >= 0 && node < nodes.size()) {
        nodes[node].addressByHand = true;
        m_controller->setNodes(nodes);
    }
    revalidate();
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

} // namespace halolink::ui
