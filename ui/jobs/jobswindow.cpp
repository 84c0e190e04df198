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
    m_remove = new QPushButton(style()->standardIcon(QStyle::SP_TrashIcon), tr("Remove Jo&b"), top);
    m_remove->setObjectName(QStringLiteral("removeJobButton"));
    m_remove->setToolTip(tr("Take the selected job out of the list (it is stopped, failed or was refused; "
                            "nothing on the nodes changes) (%1)")
                             .arg(QKeySequence(QKeySequence::Delete).toString(QKeySequence::NativeText)));
    m_showKey = new QPushButton(tr("Show API Ke&y…"), top);
    m_showKey->setObjectName(QStringLiteral("showApiKeyButton"));
    m_showKey->setToolTip(tr("Show the key the selected job's API asks for (read from its server on the head "
                             "when it is not known here)"));
    for (QPushButton *b : { m_newJob, m_refresh, m_stop, m_restart, m_smoke, m_cancel, m_remove, m_showKey }) {
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
    buttons->addWidget(m_remove);
    buttons->addWidget(m_showKey);
    addCompareButtons(top, buttons);
    buttons->addStretch(1);
    topLayout->addLayout(buttons);
    // On a line of its own: the row of buttons leaves it too little width for its sentences.
    topLayout->addWidget(m_status);

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
    m_form->setShapeReader(AdviceView::agentReader(m_cluster)); // the advice reads the model on the head
    m_form->setLinkReader(AdviceView::meshReader(m_telemetry)); // and costs the links with the live mesh
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
    setTabOrder(m_cancel, m_remove);
    setTabOrder(m_remove, m_tabs->tabBar());
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
    connect(m_remove, &QPushButton::clicked, this, &JobsWindow::removeSelected);
    connect(m_showKey, &QPushButton::clicked, this, &JobsWindow::showApiKeySelected);
    auto *removeKey = new QShortcut(QKeySequence::Delete, m_view);
    removeKey->setContext(Qt::WidgetShortcut);
    connect(removeKey, &QShortcut::activated, this, &JobsWindow::removeSelected);
    connect(m_form, &JobForm::changed, this, &JobsWindow::onFormChanged);
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
