#include "setup/reviewpage.h"

#include "protocol/enginetexts.h"
#include "setup/pagehelpers.h"
#include "setup/setupcontroller.h"

#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollBar>
#include <QVBoxLayout>

namespace halolink::ui {

using namespace wizardui;

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
        t += tr("  QoS: %1\n").arg(setup::planQosText(r.plan, m_controller->settings().qos));
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
            // A written file's undo is its content from before, which apply keeps in the journal.
            for (const QJsonValue &f : s.value(QStringLiteral("undo_files")).toArray())
                t += tr("     undo: put back %1 as it was before (apply keeps a copy)\n").arg(f.toString());
            for (const QJsonValue &u : s.value(QStringLiteral("undo_after_files_shell")).toArray())
                t += tr("     undo, then: %1\n").arg(u.toString());
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

} // namespace halolink::ui
