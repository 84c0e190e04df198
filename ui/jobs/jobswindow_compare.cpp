// The Jobs window's RDMA/TCP comparison: Compare RDMA and TCP for the
// selected running job (ComparisonDialog), the job's row while it runs
// (busy: the comparison relaunches it with a launcher of its own, so the
// window's Stop, Restart, Smoke Test and the discovery leave it alone), the
// job as it runs afterwards, and the comparisons kept for the job.

#include "jobs/jobswindow.h"

#include "cluster/clustercontroller.h"
#include "jobs/comparisondialog.h"
#include "jobs/comparisonview.h"
#include "jobs/jobcompare.h"
#include "jobs/keptcomparisonsdialog.h"

#include <QBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStyle>
#include <QTabWidget>

namespace halolink::ui {

void JobsWindow::addCompareButtons(QWidget *parent, QBoxLayout *row)
{
    m_compare = new QPushButton(tr("Compare R&DMA and TCP…"), parent);
    m_compare->setObjectName(QStringLiteral("compareJobButton"));
    m_compare->setToolTip(tr("Benchmark the selected job as it runs, relaunch it with the other transport and "
                             "benchmark it again, then relaunch it as it was: the speed-up per concurrency, with "
                             "each run's traffic proof (the job's API is down during the relaunches)"));
    m_keptComparisons = new QPushButton(tr("Kep&t Comparisons…"), parent);
    m_keptComparisons->setObjectName(QStringLiteral("keptComparisonsButton"));
    m_keptComparisons->setToolTip(tr("The RDMA/TCP comparisons of the selected job kept with the cluster"));
    for (QPushButton *b : { m_compare, m_keptComparisons }) {
        b->setAccessibleName(b->text().remove(QLatin1Char('&')).remove(QChar(0x2026)));
        b->setAutoDefault(false);
        b->setEnabled(false);
        row->addWidget(b);
    }
    connect(m_compare, &QPushButton::clicked, this, &JobsWindow::compareSelected);
    connect(m_keptComparisons, &QPushButton::clicked, this, &JobsWindow::showKeptComparisonsSelected);
}

void JobsWindow::updateCompareButtons(Entry *e, bool busy)
{
    if (!m_compare)
        return;
    // Only a job that runs as a whole can be benchmarked; an open dialog for it is raised again.
    m_compare->setEnabled(e && ((!busy && e->state == JobState::Running) || e->comparing));
    m_keptComparisons->setEnabled(e != nullptr);
}

ComparisonDialog *JobsWindow::comparisonDialog(const QString &jobName) const
{
    for (const auto &e : m_entries) {
        if (e->job.spec.name == jobName && e->comparison)
            return e->comparison;
    }
    return nullptr;
}

ComparisonDialog *JobsWindow::compareSelected()
{
    Entry *e = selected();
    if (!e)
        return nullptr;
    if (e->comparison && (e->comparing || e->comparison->page() == ComparisonDialog::OptionsPage)) {
        e->comparison->show();
        e->comparison->raise();
        e->comparison->activateWindow();
        return e->comparison;
    }
    const bool busy = e->comparing || JobTableModel::isBusy(e->state) || (e->launcher && e->launcher->isBusy());
    if (busy || e->state != JobState::Running)
        return nullptr;
    if (e->comparison)
        e->comparison->close(); // the last one's report: Kept Comparisons has it
    // The secrets the job was launched with from here (memory only); the dialog asks for the others.
    auto *dialog = new ComparisonDialog(m_cluster, e->job, e->secrets, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setShapeReader(AdviceView::agentReader(m_cluster)); // for the advisor's prediction
    e->comparison = dialog;
    const QString key = e->key;
    connect(dialog, &ComparisonDialog::comparisonStarted, this, [this, key] {
        Entry *x = entry(key);
        if (!x)
            return;
        x->comparing = true;
        x->state = JobState::Benchmarking;
        x->stateDetail = tr("Comparing RDMA and TCP.");
        updateRow(x);
        m_status->setText(tr("Comparing RDMA and TCP for '%1': the job is relaunched twice.").arg(x->job.spec.name));
    });
    connect(dialog, &ComparisonDialog::stateChanged, this, [this, key](const QString &, const QString &what) {
        if (Entry *x = entry(key)) {
            x->stateDetail = what;
            addMessage(x, QString(), what);
            updateRow(x);
        }
    });
    connect(dialog, &ComparisonDialog::comparisonFinished, this,
        [this, key](const jobs::Comparison &result) { onComparisonFinished(key, result); });
    dialog->show();
    return dialog;
}

void JobsWindow::onComparisonFinished(const QString &key, const jobs::Comparison &c)
{
    Entry *e = entry(key);
    if (!e)
        return;
    e->comparing = false;
    if (e->comparison && e->comparison->comparison()->launcher()) {
        // Relaunched: its start time (and, put back, the rendering it was launched with).
        e->job = e->comparison->comparison()->launcher()->job();
        if (e->launcher)
            e->launcher->setJob(e->job);
    }
    std::optional<double> best;
    for (const jobs::CompareLevel &l : c.levels())
        if (l.speedup)
            best = std::max(best.value_or(*l.speedup), *l.speedup);
    const QString outcome = c.cancelled ? tr("The comparison of '%1' was cancelled.").arg(c.jobName)
        : !c.error.isEmpty()           ? tr("The comparison of '%1' failed: %2").arg(c.jobName, c.error)
        : best ? tr("RDMA against TCP for '%1': up to %2× the tokens/s.")
                     .arg(c.jobName, QLocale().toString(*best, 'f', 2))
               : tr("The comparison of '%1' ended without a speed-up to show.").arg(c.jobName);
    if (c.restored) {
        e->state = JobState::Running;
        e->stateDetail = outcome;
        m_status->setText(outcome + QLatin1Char(' ') + tr("The job runs as it did before."));
    } else {
        // What runs now is not known here: the discovery finds out.
        e->state = JobState::Unknown;
        e->stateDetail = tr("The comparison could not put the job back: %1").arg(c.restoreError);
        m_status->setText(e->stateDetail);
    }
    addMessage(e, QString(), outcome);
    updateRow(e);
    if (!c.restored)
        discover();
}

KeptComparisonsDialog *JobsWindow::showKeptComparisonsSelected()
{
    Entry *e = selected();
    if (!e)
        return nullptr;
    auto *dialog = new KeptComparisonsDialog(e->job.spec.name, QString(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

} // namespace halolink::ui
