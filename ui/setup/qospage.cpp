#include "setup/qospage.h"

#include "setup/pagehelpers.h"
#include "setup/setupcontroller.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace halolink::ui {

using namespace wizardui;

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
    m_softRoceNote = wrapLabel(QString(), this);
    m_softRoceNote->setObjectName(QStringLiteral("qosSoftRoceNote"));
    m_softRoceNote->hide();
    layout->addWidget(m_softRoceNote);
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
    // What the plans will do, not only what is asked: Soft-RoCE (rxe) gets no
    // PFC and no DSCP mapping, only rdma_cm's default ToS (engine/roce/backend_rxe.cpp).
    QStringList soft;
    const QList<setup::NodeInput> nodes = m_controller->nodes();
    for (const setup::NodeInput &n : nodes) {
        if (setup::usesSoftRoce(n))
            soft << n.name;
    }
    const bool allSoft = !nodes.isEmpty() && soft.size() == nodes.size();
    if (allSoft)
        m_default->setText(tr("Recommended: RDMA connections marked ToS %1 (DSCP %2%3); Soft-RoCE has no PFC")
                               .arg(q.tos())
                               .arg(q.dscp)
                               .arg(q.ecn ? tr(", ECN") : QString()));
    else
        m_default->setText(tr("Recommended: DSCP %1 → priority %2, PFC on priority %2, ToS %3%4")
                               .arg(q.dscp)
                               .arg(q.pfcPriority)
                               .arg(q.tos())
                               .arg(q.ecn ? tr(" (ECN)") : QString()));
    setSubTitle(allSoft ? tr("RoCE v2 wants a lossless path, and Soft-RoCE cannot pause a priority: HaloLink marks "
                             "its RDMA connections so that a switch can prioritise them.")
                        : tr("RoCE v2 wants a lossless path. HaloLink marks RDMA traffic and gives it its own paused "
                             "priority; the defaults suit a direct cable and most switches."));
    m_description->setText(allSoft ? setup::softRoceQosNote(q) : setup::describeQos(q));
    m_softRoceNote->setText(soft.isEmpty() || allSoft ? QString() : setup::softRoceQosNote(q, soft));
    m_softRoceNote->setVisible(!soft.isEmpty() && !allSoft);
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

} // namespace halolink::ui
