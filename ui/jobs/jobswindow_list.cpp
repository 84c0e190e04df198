// The Jobs window's list: its entries (one per job, with the launcher that
// drives it), the selected job's steps, problems and buttons, and the jobs
// found on the nodes.

#include "jobs/jobswindow.h"

#include "cluster/clustercontroller.h"
#include "inventory/inventory.h"
#include "jobs/jobfailurehints.h"
#include "jobs/jobform.h"
#include "jobs/smokeresultview.h"
#include "status/statusstyle.h"

#include <QLabel>
#include <QLocale>
#include <QItemSelectionModel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSet>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTime>

namespace halolink::ui {

namespace {

QString engineText(const jobs::JobSpec &spec)
{
    const QString engine = spec.engine == jobs::Engine::VllmRay ? JobsWindow::tr("vLLM over Ray")
                                                                : JobsWindow::tr("llama.cpp RPC");
    return JobsWindow::tr("%1, %2").arg(engine, jobs::runtimeName(spec.runtime));
}

JobState stateOfPhase(jobs::JobLauncher::Phase p, JobState current)
{
    using P = jobs::JobLauncher::Phase;
    switch (p) {
    case P::Idle:
        return current;
    case P::Checking:
        return JobState::Checking;
    case P::Starting:
        return JobState::Starting;
    case P::Running:
        return JobState::Running;
    case P::SmokeTesting:
        return JobState::SmokeTesting;
    case P::Benchmarking:
        return JobState::Benchmarking;
    case P::Stopping:
        return JobState::Stopping;
    case P::Stopped:
        return JobState::Stopped;
    case P::Failed:
        return JobState::Failed;
    }
    return current;
}

Check::Status stepStatus(const QString &state)
{
    if (state == QLatin1String("ready") || state == QLatin1String("running"))
        return Check::Status::Pass;
    if (state == QLatin1String("failed"))
        return Check::Status::Fail;
    return Check::Status::Unknown;
}

QString stepStateText(const QString &state)
{
    if (state == QLatin1String("waiting"))
        return JobsWindow::tr("waiting");
    if (state == QLatin1String("starting"))
        return JobsWindow::tr("starting…");
    if (state == QLatin1String("ready"))
        return JobsWindow::tr("ready");
    if (state == QLatin1String("failed"))
        return JobsWindow::tr("failed");
    if (state == QLatin1String("stopped"))
        return JobsWindow::tr("stopped");
    if (state == QLatin1String("running"))
        return JobsWindow::tr("running");
    if (state == QLatin1String("not-started"))
        return JobsWindow::tr("not started");
    if (state.isEmpty())
        return QStringLiteral("—");
    return JobsWindow::tr("unknown");
}

} // namespace

// ---------------------------------------------------------------- entries

QString JobsWindow::keyOf(const jobs::Job &job)
{
    return job.spec.name + QLatin1Char('|') + job.headNodeId();
}

JobsWindow::Entry *JobsWindow::entry(const QString &key) const
{
    for (const auto &e : m_entries) {
        if (e->key == key)
            return e.get();
    }
    return nullptr;
}

JobsWindow::Entry *JobsWindow::selected() const
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    if (!current.isValid() || !m_view->selectionModel()->isRowSelected(current.row(), {}))
        return nullptr;
    const QString key = m_model->row(current.row()).key;
    return entry(key);
}

JobsWindow::Entry *JobsWindow::addEntry(const jobs::Job &job)
{
    auto e = std::make_unique<Entry>();
    e->key = keyOf(job);
    e->job = job;
    Entry *raw = e.get();
    m_entries.push_back(std::move(e));
    updateRow(raw);
    return raw;
}

jobs::JobLauncher *JobsWindow::launcher(const QString &jobName) const
{
    for (const auto &e : m_entries) {
        if (e->job.spec.name == jobName)
            return e->launcher;
    }
    return nullptr;
}

bool JobsWindow::selectJob(const QString &jobName)
{
    for (const auto &e : m_entries) {
        if (e->job.spec.name == jobName) {
            select(e.get());
            return true;
        }
    }
    return false;
}

jobs::JobLauncher *JobsWindow::launcherOf(Entry *e)
{
    if (e->launcher)
        return e->launcher;
    auto *l = new jobs::JobLauncher(m_cluster, this);
    e->launcher = l;
    l->setJob(e->job);
    connect(l, &jobs::JobLauncher::message, this,
        [this, e](const QString &node, const QString &text) { addMessage(e, node, text); });
    connect(l, &jobs::JobLauncher::stepStateChanged, this, [this, e](int index, const QString &state) {
        e->stepStates.insert(index, state);
        if (state == QLatin1String("starting") || state == QLatin1String("ready"))
            e->started = true;
        if (selected() == e)
            updateStep(e, index);
    });
    connect(l, &jobs::JobLauncher::phaseChanged, this, [this, e](jobs::JobLauncher::Phase p) {
        if (p == jobs::JobLauncher::Phase::Checking)
            e->checked = true;
        const JobState s = stateOfPhase(p, e->state);
        if (s != e->state) {
            e->state = s;
            e->stateDetail.clear();
            updateRow(e);
        }
    });
    connect(l, &jobs::JobLauncher::launchFinished, this, [this, e, l](bool ok) {
        e->restarting = false;
        e->job = l->job(); // its start time
        if (ok) {
            e->problems.clear();
            m_status->setText(tr("The job '%1' runs: %2/v1").arg(e->job.spec.name, e->job.rendered.apiUrl));
        } else {
            e->problems = l->checkProblems();
            // Refused: the checks (or the rendering) stopped it before any
            // step started, so there is nothing on the nodes to stop.
            const bool refused = !e->started && (e->checked || !l->job().rendered.ok());
            if (refused) {
                e->state = JobState::Refused;
                for (auto it = e->stepStates.begin(); it != e->stepStates.end(); ++it) {
                    if (it.value() == QLatin1String("waiting"))
                        it.value() = QStringLiteral("not-started");
                }
                if (selected() == e)
                    showSteps(e);
            }
            if (e->problems.isEmpty() && refused && !l->job().rendered.ok())
                e->problems = l->job().rendered.errors;
            if (refused) {
                e->problemsTitle
                    = tr("The job '%1' cannot start; nothing was started:").arg(e->job.spec.name);
                if (e->problems.isEmpty())
                    e->problems = QStringList { l->errorString() };
            } else {
                e->problemsTitle = tr("The launch of '%1' failed; what was started was stopped again:")
                                       .arg(e->job.spec.name);
                // What the engine's own words mean here (they name GPUs where Ray is the cause).
                e->problems = QStringList { l->errorString() } + failureHints(l->errorString(), e->job);
            }
            e->stateDetail = e->problems.join(QLatin1Char('\n'));
            m_status->setText(
                tr("The job '%1' did not start (see Steps and Messages).").arg(e->job.spec.name));
            if (m_form->current().spec.name == e->job.spec.name) {
                // Also where the person launched it, to fix the form.
                m_formProblemsTitle = e->problemsTitle;
                m_formProblemList = e->problems;
                m_formProblemsLocal = false;
                showProblems(m_formProblems, m_formProblemsTitle, m_formProblemList);
            }
        }
        updateRow(e);
        Q_EMIT launchFinished(e->job.spec.name, ok);
        if (ok && e->smokeAfterLaunch) {
            e->smokeAfterLaunch = false;
            l->smokeTest();
        }
    });
    connect(l, &jobs::JobLauncher::stopFinished, this, [this, e, l](bool ok) {
        if (!ok) {
            e->stateDetail = l->errorString();
            m_status->setText(tr("Parts of the job '%1' could not be stopped (see Steps and Messages).")
                                  .arg(e->job.spec.name));
        } else if (!e->restarting) {
            m_status->setText(tr("The job '%1' is stopped.").arg(e->job.spec.name));
        }
        updateRow(e);
    });
    connect(l, &jobs::JobLauncher::smokeFinished, this, [this, e, l](bool ok) {
        e->smoke = l->smokeResult();
        if (selected() == e) {
            m_smokeView->setResult(*e->smoke);
            m_tabs->setCurrentIndex(SmokeTab);
        }
        m_status->setText(ok
                ? tr("Smoke test of '%1': %2")
                      .arg(e->job.spec.name, SmokeResultView::verdictTitle(e->smoke->proof.verdict))
                : tr("The smoke test of '%1' failed.").arg(e->job.spec.name));
        updateRow(e);
        Q_EMIT smokeFinished(e->job.spec.name, ok);
    });
    return l;
}

void JobsWindow::updateRow(Entry *e)
{
    JobRow row;
    row.key = e->key;
    row.name = e->job.spec.name;
    row.state = e->state;
    row.stateDetail = e->stateDetail;
    row.engine = engineText(e->job.spec);
    row.model = e->job.spec.model;
    row.api = e->job.rendered.apiUrl.isEmpty() ? QString() : e->job.rendered.apiUrl + QStringLiteral("/v1");
    for (const jobs::JobNode &n : e->job.nodes)
        row.nodes << n.name;
    m_model->setRow(row);
    if (selected() == e) {
        updateButtons();
        updateTraffic();
        m_progressTitle->setText(
            tr("<b>%1</b>: %2").arg(e->job.spec.name.toHtmlEscaped(), JobTableModel::stateText(e->state)));
        showProblems(m_jobProblems, e->problemsTitle, e->problems);
        if (!e->smoke)
            m_smokeView->clear(
                e->state == JobState::SmokeTesting ? tr("The smoke test is running…") : QString());
    } else if (!selected()) {
        updateButtons();
    }
}

void JobsWindow::select(Entry *e)
{
    const int row = m_model->rowOf(e->key);
    if (row < 0)
        return;
    m_view->selectionModel()->setCurrentIndex(
        m_model->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    onSelectionChanged();
}

void JobsWindow::removeEntry(Entry *e)
{
    if (e->launcher) {
        disconnect(e->launcher, nullptr, this, nullptr); // its handlers hold e
        e->launcher->deleteLater();
        e->launcher = nullptr;
    }
    const int row = m_model->rowOf(e->key);
    m_model->removeJob(e->key);
    std::erase_if(m_entries, [e](const std::unique_ptr<Entry> &x) { return x.get() == e; });
    // The next job takes the selection, else the one before, else none.
    if (m_model->rowCount() > 0) {
        const int next = std::min(row, m_model->rowCount() - 1);
        m_view->selectionModel()->setCurrentIndex(
            m_model->index(next, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    } else {
        m_view->selectionModel()->clearSelection();
    }
    onSelectionChanged();
}

void JobsWindow::addMessage(Entry *e, const QString &node, const QString &text)
{
    const QString line = QStringLiteral("%1  %2%3")
                             .arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")),
                                 node.isEmpty() ? QString() : node + QStringLiteral(": "), text);
    e->messages << line;
    if (e->messages.size() > 5000)
        e->messages.removeFirst();
    if (selected() == e)
        m_messages->appendPlainText(line);
}

// ---------------------------------------------------------------- selection

void JobsWindow::onSelectionChanged()
{
    stopLogStream();
    Entry *e = selected();
    updateButtons();
    showSteps(e);
    m_messages->setPlainText(e ? e->messages.join(QLatin1Char('\n')) : QString());
    m_messages->verticalScrollBar()->setValue(m_messages->verticalScrollBar()->maximum());
    if (e) {
        m_progressTitle->setText(
            tr("<b>%1</b>: %2").arg(e->job.spec.name.toHtmlEscaped(), JobTableModel::stateText(e->state)));
        showProblems(m_jobProblems, e->problemsTitle, e->problems);
        if (e->smoke)
            m_smokeView->setResult(*e->smoke);
        else
            m_smokeView->clear(
                e->state == JobState::SmokeTesting ? tr("The smoke test is running…") : QString());
    } else {
        m_progressTitle->setText(tr("Select a job in the list, or launch one from New Job."));
        showProblems(m_jobProblems, QString(), {});
        if (!m_smokeView->result())
            m_smokeView->clear();
    }
    fillLogSources();
    updateTraffic();
    if (m_tabs->currentIndex() == LogsTab)
        startLogStream();
}

void JobsWindow::updateButtons()
{
    Entry *e = selected();
    const bool busy
        = e && (e->comparing || JobTableModel::isBusy(e->state) || (e->launcher && e->launcher->isBusy()));
    // Nothing to stop when nothing of it runs (stopped, or refused before it started).
    m_stop->setEnabled(e && !busy && JobTableModel::mayRun(e->state));
    // A refused job has nothing to stop first: Try Again is the launch again
    // (the checks run again), when there is something to launch.
    const bool refused = e && e->state == JobState::Refused;
    m_restart->setText(refused ? tr("Try &Again") : tr("Rest&art"));
    m_restart->setAccessibleName(m_restart->text().remove(QLatin1Char('&')));
    m_restart->setToolTip(refused
            ? tr("Run the checks on the nodes again and launch the job with the same settings (once what "
                 "they found is fixed)")
            : tr("Stop the selected job, then launch it again with the same settings"));
    m_restart->setEnabled(e && !busy && (!refused || e->job.rendered.ok()));
    m_remove->setEnabled(e && !busy && JobTableModel::isRemovable(e->state));
    m_smoke->setEnabled(e && !busy && (e->state == JobState::Running));
    m_cancel->setEnabled(e && (e->state == JobState::Checking || e->state == JobState::Starting));
    // A key only for a job that asks for one and may run (or whose key is known here).
    m_showKey->setEnabled(e && e->job.spec.apiKey
        && (JobTableModel::mayRun(e->state) || (e->launcher && !e->launcher->apiKey().isEmpty())));
    m_refresh->setEnabled(!m_discovering);
    m_logReload->setEnabled(e != nullptr);
    updateCompareButtons(e, busy);
}

void JobsWindow::showSteps(Entry *e)
{
    m_steps->setRowCount(e ? int(e->job.rendered.steps.size()) : 0);
    if (!e)
        return;
    for (int i = 0; i < e->job.rendered.steps.size(); ++i) {
        const jobs::Step &s = e->job.rendered.steps.at(i);
        const QStringList cells { s.nodeName, s.role, s.what, s.readiness };
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            item->setToolTip(c == 2 ? s.command : cells.at(c));
            m_steps->setItem(i, c, item);
        }
        m_steps->setItem(i, 4, new QTableWidgetItem);
        updateStep(e, i);
    }
}

void JobsWindow::updateStep(Entry *e, int index)
{
    if (index < 0 || index >= m_steps->rowCount())
        return;
    QTableWidgetItem *item = m_steps->item(index, 4);
    if (!item)
        return;
    const QString state = e->stepStates.value(index);
    item->setText(stepStateText(state));
    item->setIcon(StatusStyle::icon(stepStatus(state), palette()));
}

void JobsWindow::showProblems(QLabel *label, const QString &title, const QStringList &problems)
{
    if (problems.isEmpty()) {
        label->clear();
        label->setVisible(false);
        return;
    }
    QString html = QStringLiteral("<b>%1</b>")
                       .arg((title.isEmpty() ? tr("The job cannot start:") : title).toHtmlEscaped());
    for (const QString &p : problems)
        html += QStringLiteral("<br>&#8226;&nbsp;")
            + p.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>&nbsp;&nbsp;&nbsp;"));
    label->setText(html);
    label->setVisible(true);
}

QString JobsWindow::formProblemsText() const
{
    return m_formProblems->isVisible() || !m_formProblemList.isEmpty()
        ? m_formProblemsTitle + QLatin1Char('\n') + m_formProblemList.join(QLatin1Char('\n'))
        : QString();
}

QString JobsWindow::jobProblemsText() const
{
    Entry *e = selected();
    return e && !e->problems.isEmpty()
        ? e->problemsTitle + QLatin1Char('\n') + e->problems.join(QLatin1Char('\n'))
        : QString();
}

QString JobsWindow::discoveryStatus() const
{
    return m_status->text();
}

bool JobsWindow::isBusy() const
{
    for (const auto &e : m_entries) {
        if (e->comparing || (e->launcher && e->launcher->isBusy()))
            return true;
    }
    return false;
}

// ---------------------------------------------------------------- discovery

void JobsWindow::discover()
{
    if (m_discovering || !m_cluster)
        return;
    QStringList ids;
    for (const Node &n : m_inventory->nodes()) {
        if (!n.isLocal() && m_cluster->state(n.id) == NodeState::Ready)
            ids << n.id;
    }
    if (ids.isEmpty()) {
        m_status->setText(
            tr("No SSH node is connected yet: jobs are looked for on connected nodes (Refresh)."));
        Q_EMIT discoveryFinished();
        return;
    }
    m_discovering = true;
    updateButtons();
    m_status->setText(tr("Looking for jobs on %n node(s)…", nullptr, int(ids.size())));
    m_discovery->discover(ids);
}

void JobsWindow::onDiscovered()
{
    m_discovering = false;
    const QList<jobs::DiscoveredJob> found = m_discovery->jobs();
    QSet<QString> seen;
    for (const jobs::DiscoveredJob &d : found) {
        const QString key = keyOf(d.job);
        seen.insert(key);
        Entry *e = entry(key);
        if (!e)
            e = addEntry(d.job);
        if (e->comparing || (e->launcher && e->launcher->isBusy()))
            continue; // the launcher (or the comparison's) knows better right now
        e->job = d.job;
        if (e->launcher)
            e->launcher->setJob(d.job);
        QStringList stopped;
        e->stepStates.clear();
        for (int i = 0; i < d.job.rendered.steps.size(); ++i) {
            const jobs::Step &s = d.job.rendered.steps.at(i);
            QString st;
            if (d.unreachable.contains(s.nodeName)) {
                st = QStringLiteral("unknown");
            } else if (d.running.value(s.nodeId).value(s.role)) {
                st = QStringLiteral("running");
            } else {
                st = QStringLiteral("stopped");
                stopped << tr("%1 on %2 is not running").arg(s.role, s.nodeName);
            }
            e->stepStates.insert(i, st);
        }
        e->state = d.allRunning()      ? JobState::Running
            : d.anyRunning()           ? JobState::PartlyRunning
            : !d.unreachable.isEmpty() ? JobState::Unknown
                                       : JobState::Stopped;
        QStringList detail;
        if (!d.unreachable.isEmpty())
            detail << tr("Not reachable: %1").arg(d.unreachable.join(QStringLiteral(", ")));
        if (e->state == JobState::PartlyRunning)
            detail << stopped;
        if (d.job.startedAt.isValid())
            detail << tr("Started %1")
                          .arg(QLocale().toString(d.job.startedAt.toLocalTime(), QLocale::ShortFormat));
        e->stateDetail = detail.join(QLatin1Char('\n'));
        updateRow(e);
        if (selected() == e)
            showSteps(e);
    }
    // Jobs known here that are no longer on their nodes (stopped elsewhere).
    for (const auto &e : m_entries) {
        if (seen.contains(e->key) || e->comparing || (e->launcher && e->launcher->isBusy()))
            continue;
        if (e->state == JobState::Running || e->state == JobState::PartlyRunning) {
            e->state = JobState::Stopped;
            e->stateDetail = tr("Its job.json is no longer on its nodes.");
            updateRow(e.get());
        }
    }
    QString text = found.isEmpty()
        ? tr("No jobs on the connected nodes.")
        : tr("%n job(s) found on the connected nodes.", nullptr, int(found.size()));
    const QStringList errors = m_discovery->errors();
    if (!errors.isEmpty())
        text += QLatin1Char(' ') + tr("Not asked: %1").arg(errors.join(QStringLiteral("; ")));
    m_status->setText(text);
    if (!selected() && m_model->rowCount() > 0)
        select(m_entries.front().get());
    updateButtons();
    Q_EMIT discoveryFinished();
}

} // namespace halolink::ui
