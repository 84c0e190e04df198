#include "setup/applypage.h"

#include "setup/pagehelpers.h"
#include "setup/setupcontroller.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace halolink::ui {

using setup::Phase;
using namespace wizardui;

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
    setupTable(m_table, {tr("Node"), tr("State"), tr("Step"), tr("Will be rolled back at"), tr("Problem")});
    // Sensible widths from the start; they only grow as the steps come in.
    m_table->setColumnWidth(1, std::max(m_table->columnWidth(1), 150));
    m_table->setColumnWidth(2, std::max(m_table->columnWidth(2), 220));
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
    growColumnsToContents(m_table);
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

} // namespace halolink::ui
