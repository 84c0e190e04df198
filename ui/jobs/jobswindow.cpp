#include "jobs/jobswindow.h"

#include "cluster/clustercontroller.h"
#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "jobs/jobform.h"
#include "jobs/livetrafficview.h"
#include "jobs/smokeresultview.h"
#include "setup/setupplan.h"
#include "ssh/remoteprocess.h"
#include "status/statusstyle.h"
#include "uilogging.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace halolink::ui {

namespace {

constexpr int kLogLines = 200;

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
    if (state.isEmpty())
        return QStringLiteral("—");
    return JobsWindow::tr("unknown");
}

QPlainTextEdit *logView(const QString &objectName, const QString &accessibleName, QWidget *parent)
{
    auto *v = new QPlainTextEdit(parent);
    v->setObjectName(objectName);
    v->setAccessibleName(accessibleName);
    v->setReadOnly(true);
    v->setLineWrapMode(QPlainTextEdit::NoWrap);
    v->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    v->setMaximumBlockCount(10000);
    v->setTabChangesFocus(true);
    return v;
}

QLabel *problemsLabel(const QString &objectName, QWidget *parent)
{
    auto *l = new QLabel(parent);
    l->setObjectName(objectName);
    l->setWordWrap(true);
    l->setTextFormat(Qt::RichText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    l->setAccessibleName(JobsWindow::tr("Problems"));
    l->setVisible(false);
    return l;
}

} // namespace

JobsWindow::JobsWindow(
    ClusterController *cluster, Inventory *inventory, TelemetryStore *telemetry, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_cluster(cluster)
    , m_inventory(inventory)
    , m_telemetry(telemetry)
    , m_discovery(new jobs::JobDiscovery(cluster, this))
    , m_model(new JobTableModel(this))
    , m_logFlush(new QTimer(this))
{
    setObjectName(QStringLiteral("jobsWindow"));
    setWindowTitle(tr("Jobs — HaloLink"));
    auto *layout = new QVBoxLayout(this);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);

    // The list and what can be done with the selected job.
    auto *top = new QWidget(split);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    m_view = new QTableView(top);
    m_view->setObjectName(QStringLiteral("jobsTable"));
    m_view->setAccessibleName(tr("Jobs"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setTabKeyNavigation(false);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->setColumnWidth(JobTableModel::NameColumn, 110);
    m_view->setColumnWidth(JobTableModel::StateColumn, 190);
    m_view->setColumnWidth(JobTableModel::EngineColumn, 170);
    m_view->setColumnWidth(JobTableModel::ModelColumn, 220);
    m_view->setColumnWidth(JobTableModel::ApiColumn, 230);
    topLayout->addWidget(m_view, 1);

    auto *buttons = new QHBoxLayout;
    m_newJob = new QPushButton(style()->standardIcon(QStyle::SP_FileIcon), tr("New &Job"), top);
    m_newJob->setObjectName(QStringLiteral("newJobButton"));
    m_newJob->setToolTip(tr("Describe a job and launch it"));
    m_refresh = new QPushButton(style()->standardIcon(QStyle::SP_BrowserReload), tr("Re&fresh"), top);
    m_refresh->setObjectName(QStringLiteral("refreshJobsButton"));
    m_refresh->setToolTip(tr("Look for jobs on the connected nodes again (%1)")
                              .arg(QKeySequence(QKeySequence::Refresh).toString(QKeySequence::NativeText)));
    m_stop = new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), tr("&Stop"), top);
    m_stop->setObjectName(QStringLiteral("stopJobButton"));
    m_stop->setToolTip(tr("Stop every part of the selected job on its nodes"));
    m_restart = new QPushButton(style()->standardIcon(QStyle::SP_BrowserReload), tr("Rest&art"), top);
    m_restart->setObjectName(QStringLiteral("restartJobButton"));
    m_restart->setToolTip(tr("Stop the selected job, then launch it again with the same settings"));
    m_smoke = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Smo&ke Test"), top);
    m_smoke->setObjectName(QStringLiteral("smokeJobButton"));
    m_smoke->setToolTip(
        tr("One prompt through the job's API, with the RDMA port counters of every node as proof "
           "of what carried the traffic"));
    m_cancel
        = new QPushButton(style()->standardIcon(QStyle::SP_DialogCancelButton), tr("&Cancel Launch"), top);
    m_cancel->setObjectName(QStringLiteral("cancelJobButton"));
    m_cancel->setToolTip(tr("Abandon the launch in progress; what was started is stopped again"));
    for (QPushButton *b : { m_newJob, m_refresh, m_stop, m_restart, m_smoke, m_cancel }) {
        b->setAccessibleName(b->text().remove(QLatin1Char('&')));
        b->setAutoDefault(false);
    }
    m_status = new QLabel(top);
    m_status->setObjectName(QStringLiteral("jobsStatus"));
    m_status->setAccessibleName(tr("Jobs status"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    buttons->addWidget(m_newJob);
    buttons->addWidget(m_refresh);
    buttons->addSpacing(16);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_restart);
    buttons->addWidget(m_smoke);
    buttons->addWidget(m_cancel);
    buttons->addSpacing(16);
    buttons->addWidget(m_status, 1);
    topLayout->addLayout(buttons);

    m_tabs = new QTabWidget(split);
    m_tabs->setObjectName(QStringLiteral("jobTabs"));
    m_tabs->setAccessibleName(tr("Job details"));
    m_tabs->tabBar()->setObjectName(QStringLiteral("jobTabsBar"));
    m_tabs->tabBar()->setAccessibleName(tr("Job details"));

    // New job: the form, its preview, Launch.
    auto *newJob = new QWidget(m_tabs);
    auto *newJobLayout = new QVBoxLayout(newJob);
    m_form = new JobForm(
        inventory,
        [this](const QString &id) -> std::optional<ProbeReport> {
            return m_cluster ? m_cluster->probeReport(id) : std::nullopt;
        },
        newJob);
    newJobLayout->addWidget(m_form, 1);
    auto *launchRow = new QHBoxLayout;
    m_formProblems = problemsLabel(QStringLiteral("formProblems"), newJob);
    m_launch = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Launch"), newJob);
    m_launch->setObjectName(QStringLiteral("launchButton"));
    m_launch->setAccessibleName(tr("Launch the job"));
    m_launch->setToolTip(
        tr("Check every node (runtime, image, model, ports, memory), then start the job in order, "
           "waiting for each part to be ready, then run the smoke test"));
    m_launch->setAutoDefault(false);
    launchRow->addWidget(m_formProblems, 1);
    launchRow->addStretch(0);
    launchRow->addWidget(m_launch, 0, Qt::AlignRight | Qt::AlignTop);
    newJobLayout->addLayout(launchRow);
    m_tabs->addTab(newJob, tr("New Job"));

    // The launch: problems, steps, messages.
    auto *progress = new QWidget(m_tabs);
    auto *progressLayout = new QVBoxLayout(progress);
    m_progressTitle = new QLabel(progress);
    m_progressTitle->setObjectName(QStringLiteral("progressTitle"));
    m_progressTitle->setWordWrap(true);
    progressLayout->addWidget(m_progressTitle);
    m_jobProblems = problemsLabel(QStringLiteral("jobProblems"), progress);
    progressLayout->addWidget(m_jobProblems);
    auto *progressSplit = new QSplitter(Qt::Vertical, progress);
    progressSplit->setChildrenCollapsible(false);
    auto *stepsBox = new QWidget(progressSplit);
    auto *stepsLayout = new QVBoxLayout(stepsBox);
    stepsLayout->setContentsMargins(0, 0, 0, 0);
    auto *stepsLabel
        = new QLabel(tr("Ste&ps, in order (each waits for the one before to be ready):"), stepsBox);
    m_steps = new QTableWidget(0, 5, stepsBox);
    stepsLabel->setBuddy(m_steps);
    stepsLayout->addWidget(stepsLabel);
    stepsLayout->addWidget(m_steps, 1);
    m_steps->setObjectName(QStringLiteral("stepsTable"));
    m_steps->setAccessibleName(tr("Steps of the job"));
    m_steps->setHorizontalHeaderLabels({ tr("Node"), tr("Role"), tr("What"), tr("Waits for"), tr("State") });
    m_steps->verticalHeader()->hide();
    m_steps->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_steps->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_steps->setTabKeyNavigation(false);
    m_steps->setWordWrap(false);
    m_steps->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_steps->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_steps->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_steps->horizontalHeader()->setSectionResizeMode(4, QHeaderView::ResizeToContents);
    m_steps->setColumnWidth(0, 110);
    m_steps->setColumnWidth(1, 100);
    auto *messagesBox = new QWidget(progressSplit);
    auto *messagesLayout = new QVBoxLayout(messagesBox);
    messagesLayout->setContentsMargins(0, 0, 0, 0);
    auto *messagesLabel = new QLabel(tr("&Messages:"), messagesBox);
    m_messages = logView(QStringLiteral("jobMessages"), tr("What the launcher did"), messagesBox);
    m_messages->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    messagesLabel->setBuddy(m_messages);
    messagesLayout->addWidget(messagesLabel);
    messagesLayout->addWidget(m_messages, 1);
    progressSplit->addWidget(stepsBox);
    progressSplit->addWidget(messagesBox);
    progressSplit->setStretchFactor(0, 1);
    progressSplit->setStretchFactor(1, 1);
    progressLayout->addWidget(progressSplit, 1);
    m_tabs->addTab(progress, tr("Steps and Messages"));

    // Logs of one role.
    auto *logs = new QWidget(m_tabs);
    auto *logsLayout = new QVBoxLayout(logs);
    auto *logRow = new QHBoxLayout;
    auto *logLabel = new QLabel(tr("&Node and role:"), logs);
    m_logSource = new QComboBox(logs);
    m_logSource->setObjectName(QStringLiteral("logSource"));
    m_logSource->setAccessibleName(tr("Node and role of the log"));
    m_logSource->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    logLabel->setBuddy(m_logSource);
    m_logReload = new QPushButton(style()->standardIcon(QStyle::SP_BrowserReload), tr("Re&load"), logs);
    m_logReload->setObjectName(QStringLiteral("logReload"));
    m_logReload->setAccessibleName(tr("Reload the log"));
    m_logReload->setAutoDefault(false);
    m_logStatus = new QLabel(logs);
    m_logStatus->setObjectName(QStringLiteral("logStatus"));
    m_logStatus->setWordWrap(true);
    logRow->addWidget(logLabel);
    logRow->addWidget(m_logSource);
    logRow->addWidget(m_logReload);
    logRow->addWidget(m_logStatus, 1);
    logsLayout->addLayout(logRow);
    m_log = logView(QStringLiteral("jobLog"), tr("Log of the role"), logs);
    logsLayout->addWidget(m_log, 1);
    m_tabs->addTab(logs, tr("Logs"));

    m_smokeView = new SmokeResultView(m_tabs);
    m_tabs->addTab(m_smokeView, tr("Smoke Test and RDMA Proof"));
    m_traffic = new LiveTrafficView(telemetry, m_tabs);
    m_tabs->addTab(m_traffic, tr("Live Traffic"));
    split->addWidget(top);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setSizes({ 170, 560 });

    setTabOrder(m_view, m_newJob);
    setTabOrder(m_newJob, m_refresh);
    setTabOrder(m_refresh, m_stop);
    setTabOrder(m_stop, m_restart);
    setTabOrder(m_restart, m_smoke);
    setTabOrder(m_smoke, m_cancel);
    setTabOrder(m_cancel, m_tabs->tabBar());
    setTabOrder(m_tabs->tabBar(), m_form->firstField());
    setTabOrder(m_form->lastField(), m_launch);

    m_logFlush->setInterval(100);
    connect(m_logFlush, &QTimer::timeout, this, &JobsWindow::flushLog);

    connect(m_newJob, &QPushButton::clicked, this, [this] {
        m_tabs->setCurrentIndex(NewJobTab);
        m_form->firstField()->setFocus(Qt::TabFocusReason);
    });
    connect(m_refresh, &QPushButton::clicked, this, &JobsWindow::discover);
    auto *refreshKey = new QShortcut(QKeySequence::Refresh, this);
    connect(refreshKey, &QShortcut::activated, this, &JobsWindow::discover);
    auto *closeKey = new QShortcut(QKeySequence::Close, this);
    connect(closeKey, &QShortcut::activated, this, &QWidget::close);
    connect(m_stop, &QPushButton::clicked, this, &JobsWindow::stopSelected);
    connect(m_restart, &QPushButton::clicked, this, &JobsWindow::restartSelected);
    connect(m_smoke, &QPushButton::clicked, this, &JobsWindow::smokeTestSelected);
    connect(m_cancel, &QPushButton::clicked, this, &JobsWindow::cancelSelected);
    connect(m_launch, &QPushButton::clicked, this, &JobsWindow::launch);
    connect(m_discovery, &jobs::JobDiscovery::finished, this, &JobsWindow::onDiscovered);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &JobsWindow::onSelectionChanged);
    connect(m_logSource, &QComboBox::activated, this, &JobsWindow::startLogStream);
    connect(m_logReload, &QPushButton::clicked, this, &JobsWindow::startLogStream);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (index == LogsTab)
            startLogStream();
        else
            stopLogStream();
    });

    applyPalette();
    onSelectionChanged();
    resize(1180, 860);
}

JobsWindow::~JobsWindow()
{
    stopLogStream();
}

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
        if (selected() == e)
            updateStep(e, index);
    });
    connect(l, &jobs::JobLauncher::phaseChanged, this, [this, e](jobs::JobLauncher::Phase p) {
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
            if (!e->problems.isEmpty()) {
                e->problemsTitle
                    = tr("The job '%1' cannot start; nothing was started:").arg(e->job.spec.name);
            } else {
                e->problemsTitle = tr("The launch of '%1' failed; what was started was stopped again:")
                                       .arg(e->job.spec.name);
                e->problems = QStringList { l->errorString() };
            }
            e->stateDetail = e->problems.join(QLatin1Char('\n'));
            m_status->setText(
                tr("The job '%1' did not start (see Steps and Messages).").arg(e->job.spec.name));
            if (m_form->current().spec.name == e->job.spec.name) {
                // Also where the person launched it, to fix the form.
                m_formProblemsTitle = e->problemsTitle;
                m_formProblemList = e->problems;
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
    const bool busy = e && (JobTableModel::isBusy(e->state) || (e->launcher && e->launcher->isBusy()));
    m_stop->setEnabled(e && !busy && e->state != JobState::Stopped);
    m_restart->setEnabled(e && !busy);
    m_smoke->setEnabled(e && !busy && (e->state == JobState::Running));
    m_cancel->setEnabled(e && (e->state == JobState::Checking || e->state == JobState::Starting));
    m_refresh->setEnabled(!m_discovering);
    m_logReload->setEnabled(e != nullptr);
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
        if (e->launcher && e->launcher->isBusy())
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
        if (e->launcher && e->launcher->isBusy())
            continue; // the launcher knows better right now
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
        if (seen.contains(e->key) || (e->launcher && e->launcher->isBusy()))
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

// ---------------------------------------------------------------- actions

void JobsWindow::launch()
{
    const JobForm::Current c = m_form->current();
    QStringList problems = c.errors;
    for (const jobs::JobNode &n : c.nodes) {
        const NodeState state = m_cluster ? m_cluster->state(n.nodeId) : NodeState::Unreachable;
        if (state != NodeState::Ready)
            problems << tr("%1 is not connected (%2).").arg(n.name, NodeListModel::stateText(state));
    }
    jobs::Job job;
    job.spec = c.spec;
    job.nodes = c.nodes;
    job.rendered = c.rendered;
    Entry *e = c.nodes.isEmpty() ? nullptr : entry(keyOf(job));
    if (e && e->launcher && e->launcher->isBusy())
        problems << tr("The job '%1' is busy (%2): wait, or cancel it.")
                        .arg(c.spec.name, JobTableModel::stateText(e->state));
    for (const auto &other : m_entries) {
        if (other.get() != e && other->job.spec.name == c.spec.name && JobTableModel::isBusy(other->state))
            problems << tr("A job named '%1' is busy (%2): wait, or choose another name.")
                            .arg(c.spec.name, JobTableModel::stateText(other->state));
        else if (other->job.spec.name == c.spec.name
            && (other->state == JobState::Running || other->state == JobState::PartlyRunning))
            problems << tr("A job named '%1' already runs on %2: stop it first, or choose another name.")
                            .arg(c.spec.name,
                                other->job.nodes.isEmpty() ? QString() : other->job.nodes.first().name);
    }
    problems.removeDuplicates();
    if (!problems.isEmpty()) {
        m_formProblemsTitle = tr("The job cannot start; nothing was started:");
        m_formProblemList = problems;
        showProblems(m_formProblems, m_formProblemsTitle, m_formProblemList);
        m_status->setText(tr("The launch was refused: see New Job."));
        return;
    }
    m_formProblemsTitle.clear();
    m_formProblemList.clear();
    showProblems(m_formProblems, QString(), {});
    if (!e)
        e = addEntry(job);
    e->job = job;
    e->messages.clear();
    e->problems.clear();
    e->problemsTitle.clear();
    e->smoke.reset();
    e->stepStates.clear();
    e->stateDetail.clear();
    e->state = JobState::Checking;
    jobs::JobLauncher *l = launcherOf(e);
    l->setJob(job);
    for (int i = 0; i < job.rendered.steps.size(); ++i)
        e->stepStates.insert(i, QStringLiteral("waiting"));
    updateRow(e);
    select(e);
    m_tabs->setCurrentIndex(ProgressTab);
    for (const QString &w : job.rendered.warnings)
        addMessage(e, QString(), tr("Warning: %1").arg(w));
    e->smokeAfterLaunch = true;
    m_status->setText(tr("Launching '%1'…").arg(job.spec.name));
    l->launch();
}

void JobsWindow::stopSelected()
{
    Entry *e = selected();
    if (!e || (e->launcher && e->launcher->isBusy()))
        return;
    QStringList names;
    for (const jobs::JobNode &n : e->job.nodes)
        names << n.name;
    const auto answer = QMessageBox::question(this, tr("Stop the job?"),
        tr("Stop the job '%1' on %2? Requests in flight are cut off.")
            .arg(e->job.spec.name, names.join(QStringLiteral(", "))),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer != QMessageBox::Yes)
        return;
    e->smokeAfterLaunch = false;
    e->restarting = false;
    m_tabs->setCurrentIndex(ProgressTab);
    launcherOf(e)->stop();
}

void JobsWindow::restartSelected()
{
    Entry *e = selected();
    if (!e || (e->launcher && e->launcher->isBusy()))
        return;
    jobs::JobLauncher *l = launcherOf(e);
    e->problems.clear();
    e->smoke.reset();
    e->smokeAfterLaunch = true;
    e->restarting = true;
    m_tabs->setCurrentIndex(ProgressTab);
    l->restart();
}

void JobsWindow::smokeTestSelected()
{
    Entry *e = selected();
    if (!e || (e->launcher && e->launcher->isBusy()))
        return;
    e->smoke.reset();
    m_smokeView->clear(tr("The smoke test is running…"));
    m_tabs->setCurrentIndex(SmokeTab);
    launcherOf(e)->smokeTest();
}

void JobsWindow::cancelSelected()
{
    Entry *e = selected();
    if (!e || !e->launcher)
        return;
    e->smokeAfterLaunch = false;
    e->launcher->cancel();
}

void JobsWindow::showSmokeResult(const jobs::SmokeResult &result)
{
    if (Entry *e = selected()) {
        e->smoke = result;
    }
    m_smokeView->setResult(result);
    m_tabs->setCurrentIndex(SmokeTab);
}

// ---------------------------------------------------------------- live traffic

void JobsWindow::updateTraffic()
{
    Entry *e = selected();
    if (!e) {
        m_traffic->setNodes({});
        m_traffic->setActive(false, tr("Select a running job to see its data-plane traffic live."));
        return;
    }
    QList<LiveTrafficView::NodePort> ports;
    for (const jobs::JobNode &n : e->job.nodes) {
        LiveTrafficView::NodePort p { n.nodeId, n.name, n.dataInterface, QString(), 0 };
        std::optional<ProbeReport> probe = n.probe;
        if (!probe && m_cluster)
            probe = m_cluster->probeReport(n.nodeId);
        if (probe) {
            if (const RdmaPort *port = setup::rdmaPortOf(*probe, n.dataInterface)) {
                p.rdmaDevice = port->device;
                p.rdmaPort = port->port;
            }
        }
        ports << p;
    }
    m_traffic->setNodes(ports);
    const bool runs = e->state == JobState::Running || e->state == JobState::PartlyRunning
        || e->state == JobState::SmokeTesting;
    m_traffic->setActive(runs,
        tr("The job '%1' is %2: live rates are shown while it runs.")
            .arg(e->job.spec.name, JobTableModel::stateText(e->state)));
}

// ---------------------------------------------------------------- logs

void JobsWindow::fillLogSources()
{
    m_logSource->clear();
    Entry *e = selected();
    if (!e) {
        m_logStatus->setText(tr("Select a job to read its logs."));
        return;
    }
    for (const jobs::Step &s : e->job.rendered.steps)
        m_logSource->addItem(tr("%1 / %2").arg(s.nodeName, s.role), QStringList { s.nodeId, s.role });
    // The server's log is the one people want first.
    m_logSource->setCurrentIndex(m_logSource->count() - 1);
}

void JobsWindow::startLogStream()
{
    stopLogStream();
    m_log->clear();
    Entry *e = selected();
    if (!e || m_tabs->currentIndex() != LogsTab || !isVisible())
        return;
    const QStringList source = m_logSource->currentData().toStringList();
    if (source.size() != 2)
        return;
    const QString nodeId = source.at(0);
    const QString role = source.at(1);
    SshSession *ssh = m_cluster ? m_cluster->sshSession(nodeId) : nullptr;
    if (!ssh || m_cluster->state(nodeId) != NodeState::Ready) {
        m_logStatus->setText(tr("%1 is not connected: its logs cannot be read now.")
                                 .arg(m_logSource->currentText().section(QLatin1Char('/'), 0, 0).trimmed()));
        return;
    }
    auto *p = new RemoteProcess(ssh, jobs::logCommand(e->job.spec, nodeId, role, kLogLines, true), this);
    m_logStream = p;
    connect(p, &RemoteProcess::lineReceived, this, [this](const QByteArray &line) {
        m_logPending << QString::fromUtf8(line);
        if (!m_logFlush->isActive())
            m_logFlush->start();
    });
    connect(p, &RemoteProcess::stderrLine, this, [this](const QByteArray &line) {
        m_logPending << QString::fromUtf8(line);
        if (!m_logFlush->isActive())
            m_logFlush->start();
    });
    connect(p, &RemoteProcess::finished, this, [this, p](int code, const QString &error) {
        if (m_logStream != p)
            return;
        flushLog();
        m_logStatus->setText(error.isEmpty() ? tr("The log stream ended (exit code %1).").arg(code)
                                             : tr("The log stream ended: %1").arg(error));
    });
    m_logStatus->setText(tr("The last %1 lines, then new ones as they come.").arg(kLogLines));
    p->start();
}

void JobsWindow::stopLogStream()
{
    m_logFlush->stop();
    m_logPending.clear();
    if (RemoteProcess *p = m_logStream) {
        m_logStream = nullptr;
        disconnect(p, nullptr, this, nullptr);
        if (p->isRunning())
            p->terminate();
        p->deleteLater();
        m_logStatus->setText(tr("Not following the log."));
    }
}

void JobsWindow::flushLog()
{
    if (m_logPending.isEmpty()) {
        m_logFlush->stop();
        return;
    }
    QScrollBar *bar = m_log->verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum() - 2;
    m_log->appendPlainText(m_logPending.join(QLatin1Char('\n')));
    m_logPending.clear();
    if (atEnd)
        bar->setValue(bar->maximum());
}

// ---------------------------------------------------------------- window

void JobsWindow::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (event->spontaneous())
        return;
    m_form->refresh(); // the inventory may have changed meanwhile
    discover();
    if (m_tabs->currentIndex() == LogsTab)
        startLogStream();
}

void JobsWindow::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    if (!event->spontaneous())
        stopLogStream();
}

void JobsWindow::closeEvent(QCloseEvent *event)
{
    stopLogStream();
    QWidget::closeEvent(event);
}

void JobsWindow::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void JobsWindow::applyPalette()
{
    const QPalette pal = palette();
    m_model->setPalette(pal);
    for (QLabel *l : { m_formProblems, m_jobProblems }) {
        QPalette p = l->palette();
        p.setColor(QPalette::WindowText, StatusStyle::color(Check::Status::Fail, pal));
        l->setPalette(p);
    }
    if (Entry *e = selected()) {
        for (int i = 0; i < m_steps->rowCount(); ++i)
            updateStep(e, i);
    }
}

} // namespace halolink::ui
