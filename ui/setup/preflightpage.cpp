#include "setup/preflightpage.h"

#include "cluster/clustercontroller.h"
#include "nodes/nodeactions.h"
#include "setup/pagehelpers.h"
#include "setup/preflight.h"
#include "setup/setupcontroller.h"
#include "status/statusstyle.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace halolink::ui {

using setup::PreflightRow;
using namespace wizardui;

namespace {

Check::Status asCheck(PreflightRow::Status s)
{
    switch (s) {
    case PreflightRow::Status::Pass:
        return Check::Status::Pass;
    case PreflightRow::Status::Warn:
        return Check::Status::Warn;
    case PreflightRow::Status::Fail:
        return Check::Status::Fail;
    case PreflightRow::Status::NotApplicable:
        return Check::Status::NotApplicable;
    case PreflightRow::Status::Info:
    case PreflightRow::Status::Unknown:
        break;
    }
    return Check::Status::Unknown;
}

} // namespace

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

} // namespace halolink::ui
