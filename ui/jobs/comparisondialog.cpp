#include "jobs/comparisondialog.h"

#include "cluster/clustercontroller.h"
#include "jobs/comparisonview.h"
#include "jobs/jobcompare.h"
#include "status/statusstyle.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTime>
#include <QVBoxLayout>

#include <limits>

namespace halolink::ui {

namespace {

QLabel *wrapped(const QString &text, QWidget *parent)
{
    auto *l = new QLabel(text, parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

QSpinBox *spin(const QString &objectName, const QString &accessibleName, int min, int max, int value,
    QWidget *parent)
{
    auto *s = new QSpinBox(parent);
    s->setObjectName(objectName);
    s->setAccessibleName(accessibleName);
    s->setRange(min, max);
    s->setValue(value);
    return s;
}

} // namespace

ComparisonDialog::ComparisonDialog(ClusterController *cluster, const jobs::Job &job,
    const QHash<QString, QByteArray> &secrets, QWidget *parent)
    : QDialog(parent)
    , m_cluster(cluster)
    , m_job(job)
    , m_secrets(secrets)
    , m_comparison(new jobs::JobComparison(cluster, this))
{
    setObjectName(QStringLiteral("comparisonDialog"));
    setWindowTitle(tr("Compare RDMA and TCP for '%1'").arg(job.spec.name));
    auto *layout = new QVBoxLayout(this);
    m_pages = new QStackedWidget(this);
    layout->addWidget(m_pages, 1);

    // The options.
    auto *options = new QWidget(m_pages);
    auto *optionsLayout = new QVBoxLayout(options);
    const QString other = job.spec.tcpOnly ? tr("with RDMA") : tr("TCP-only");
    optionsLayout->addWidget(wrapped(
        tr("The same serving benchmark (fixed prompts, greedy decoding, a fixed seed) runs twice against '%1': "
           "first as the job runs now, then with the job relaunched %2. Each run carries its own proof of what "
           "carried the traffic. Then the job is relaunched as it was. The report is kept with the cluster.")
            .arg(job.spec.name, other),
        options));
    auto *warning = new QFrame(options);
    warning->setObjectName(QStringLiteral("comparisonWarning"));
    warning->setFrameShape(QFrame::StyledPanel);
    warning->setAutoFillBackground(true);
    QPalette warningPalette = warning->palette();
    warningPalette.setColor(QPalette::Window, StatusStyle::background(Check::Status::Warn, palette()));
    warning->setPalette(warningPalette);
    auto *warningLayout = new QHBoxLayout(warning);
    auto *warningIcon = new QLabel(warning);
    warningIcon->setPixmap(StatusStyle::icon(Check::Status::Warn, palette()).pixmap(24, 24));
    auto *warningText = wrapped(tr("The job is relaunched twice: its API is down during each relaunch (minutes "
                                   "for a large model) and requests in flight are cut off. Clients keep the same "
                                   "API key. Cancel, or a failure, puts the job back as it was."),
        warning);
    warningText->setObjectName(QStringLiteral("comparisonWarningText"));
    warningLayout->addWidget(warningIcon, 0, Qt::AlignTop);
    warningLayout->addWidget(warningText, 1);
    optionsLayout->addWidget(warning);

    auto *form = new QFormLayout;
    m_levels = new QLineEdit(QStringLiteral("1,4,16"), options);
    m_levels->setObjectName(QStringLiteral("comparisonLevels"));
    m_levels->setAccessibleName(tr("Concurrency levels"));
    m_levels->setToolTip(tr("Requests in flight at once, one benchmark level each, separated by commas (1 to %1)")
                             .arg(jobs::kMaxBenchConcurrency));
    m_requests = spin(QStringLiteral("comparisonRequests"), tr("Requests per level"), 0, 100000, 0, options);
    m_requests->setSpecialValueText(tr("the engine's default"));
    m_requests->setToolTip(tr("The engine's default is the larger of the number of prompts (12) and twice the level"));
    m_maxTokens = spin(QStringLiteral("comparisonMaxTokens"), tr("Tokens per answer at most"), 1, 32768, 128, options);
    m_seed = spin(QStringLiteral("comparisonSeed"), tr("Seed"), 0, std::numeric_limits<int>::max(), 1234, options);
    form->addRow(tr("Concurrency &levels:"), m_levels);
    form->addRow(tr("&Requests per level:"), m_requests);
    form->addRow(tr("&Tokens per answer at most:"), m_maxTokens);
    form->addRow(tr("S&eed:"), m_seed);
    // The secrets the job reads that this window does not hold (found on the nodes: only the names are kept).
    const QString keyVar = jobs::apiKeyVariable(job.spec.engine);
    for (const QString &name : job.spec.secretEnv) {
        if (name == keyVar || !m_secrets.value(name).isEmpty())
            continue;
        auto *field = new QLineEdit(options);
        field->setObjectName(QStringLiteral("comparisonSecret_%1").arg(name));
        field->setAccessibleName(tr("Value of %1").arg(name));
        field->setEchoMode(QLineEdit::Password);
        field->setToolTip(tr("The job reads %1; the relaunches need it again (kept in memory only)").arg(name));
        form->addRow(tr("%1:").arg(name), field);
        m_secretFields.insert(name, field);
    }
    optionsLayout->addLayout(form);
    m_problems = new QLabel(options);
    m_problems->setObjectName(QStringLiteral("comparisonProblems"));
    m_problems->setAccessibleName(tr("Problems"));
    m_problems->setWordWrap(true);
    m_problems->setVisible(false);
    QPalette problemsPalette = m_problems->palette();
    problemsPalette.setColor(QPalette::WindowText, StatusStyle::color(Check::Status::Fail, palette()));
    m_problems->setPalette(problemsPalette);
    optionsLayout->addWidget(m_problems);
    optionsLayout->addStretch(1);
    m_pages->addWidget(options);

    // The run, then its report.
    auto *run = new QWidget(m_pages);
    auto *runLayout = new QVBoxLayout(run);
    runLayout->setContentsMargins(0, 0, 0, 0);
    m_progressBox = new QGroupBox(tr("Progress"), run);
    auto *progressLayout = new QVBoxLayout(m_progressBox);
    m_stage = wrapped(QString(), m_progressBox);
    m_stage->setObjectName(QStringLiteral("comparisonStage"));
    m_stage->setAccessibleName(tr("What the comparison does now"));
    m_steps = new QProgressBar(m_progressBox);
    m_steps->setObjectName(QStringLiteral("comparisonSteps"));
    m_steps->setAccessibleName(tr("Steps of the comparison"));
    m_steps->setRange(0, 4);
    m_steps->setValue(0);
    m_steps->setFormat(tr("%v of %m steps done"));
    m_level = wrapped(QString(), m_progressBox);
    m_level->setObjectName(QStringLiteral("comparisonLevel"));
    m_level->setAccessibleName(tr("The current benchmark level"));
    m_levelBar = new QProgressBar(m_progressBox);
    m_levelBar->setObjectName(QStringLiteral("comparisonLevelProgress"));
    m_levelBar->setAccessibleName(tr("Requests done in the current level"));
    m_levelBar->setFormat(tr("%v of %m requests"));
    m_levelBar->setVisible(false);
    auto *cancelRow = new QHBoxLayout;
    m_cancel = new QPushButton(style()->standardIcon(QStyle::SP_DialogCancelButton), tr("&Cancel the Comparison"),
        m_progressBox);
    m_cancel->setObjectName(QStringLiteral("comparisonCancel"));
    m_cancel->setAccessibleName(tr("Cancel the comparison"));
    m_cancel->setToolTip(tr("Stop what runs now and put the job back as it was (a relaunch under way finishes first)"));
    m_cancel->setAutoDefault(false);
    cancelRow->addStretch(1);
    cancelRow->addWidget(m_cancel);
    progressLayout->addWidget(m_stage);
    progressLayout->addWidget(m_steps);
    progressLayout->addWidget(m_level);
    progressLayout->addWidget(m_levelBar);
    progressLayout->addLayout(cancelRow);
    runLayout->addWidget(m_progressBox);
    auto *split = new QSplitter(Qt::Vertical, run);
    split->setChildrenCollapsible(false);
    m_view = new ComparisonView(split);
    m_view->setVisible(false); // until the report comes: the messages take the room

    auto *messagesBox = new QWidget(split);
    auto *messagesLayout = new QVBoxLayout(messagesBox);
    messagesLayout->setContentsMargins(0, 0, 0, 0);
    auto *messagesLabel = new QLabel(tr("&Messages:"), messagesBox);
    m_messages = new QPlainTextEdit(messagesBox);
    m_messages->setObjectName(QStringLiteral("comparisonMessages"));
    m_messages->setAccessibleName(tr("What the comparison did"));
    m_messages->setReadOnly(true);
    m_messages->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_messages->setMaximumBlockCount(10000);
    m_messages->setTabChangesFocus(true);
    messagesLabel->setBuddy(m_messages);
    messagesLayout->addWidget(messagesLabel);
    messagesLayout->addWidget(m_messages, 1);
    split->addWidget(m_view);
    split->addWidget(messagesBox);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    m_split = split;
    runLayout->addWidget(split, 1);
    m_pages->addWidget(run);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_start = m_buttons->addButton(tr("&Start the Comparison"), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(QStringLiteral("comparisonStart"));
    m_start->setAccessibleName(tr("Start the comparison"));
    m_start->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_start->setDefault(true);
    m_buttons->button(QDialogButtonBox::Close)->setObjectName(QStringLiteral("comparisonClose"));
    m_buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close"));
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &ComparisonDialog::start);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ComparisonDialog::reject);
    connect(m_cancel, &QPushButton::clicked, this, &ComparisonDialog::cancelComparison);
    connect(m_comparison, &jobs::JobComparison::message, this, &ComparisonDialog::addMessage);
    connect(m_comparison, &jobs::JobComparison::stageChanged, this,
        [this](jobs::JobComparison::Stage stage, int step, int steps, const QString &what) {
            m_steps->setRange(0, steps);
            m_steps->setValue(stage == jobs::JobComparison::Stage::Done ? steps : std::max(0, step - 1));
            if (!what.isEmpty()) {
                m_stage->setText(tr("Step %1 of %2: %3").arg(step).arg(steps).arg(what));
                Q_EMIT stateChanged(m_job.spec.name, what);
            }
            if (stage != jobs::JobComparison::Stage::Benchmarking) {
                m_level->clear();
                m_levelBar->setVisible(false);
            }
        });
    connect(m_comparison, &jobs::JobComparison::benchProgress, this,
        [this](bool tcpOnly, int concurrency, int done, int of) {
            const int index = int(m_comparison->result().concurrency.indexOf(concurrency));
            const int levels = int(m_comparison->result().concurrency.size());
            m_level->setText(tcpOnly ? tr("TCP run, level %1 of %2: %n request(s) in flight.", nullptr, concurrency)
                                           .arg(index + 1)
                                           .arg(levels)
                                     : tr("RDMA run, level %1 of %2: %n request(s) in flight.", nullptr, concurrency)
                                           .arg(index + 1)
                                           .arg(levels));
            m_levelBar->setRange(0, std::max(of, 1));
            m_levelBar->setValue(done);
            m_levelBar->setVisible(true);
        });
    connect(m_comparison, &jobs::JobComparison::finished, this, &ComparisonDialog::onFinished);
    resize(980, 720);
}

ComparisonDialog::~ComparisonDialog() = default;

int ComparisonDialog::page() const
{
    return m_pages->currentIndex();
}

bool ComparisonDialog::isRunning() const
{
    return m_preparing || m_comparison->isRunning();
}

QString ComparisonDialog::problemsText() const
{
    return m_problems->isHidden() ? QString() : m_problems->text();
}

bool ComparisonDialog::start()
{
    if (isRunning() || page() != OptionsPage)
        return false;
    QStringList problems;
    QString error;
    const auto levels = jobs::parseConcurrencyLevels(m_levels->text(), &error); // as halolinkctl reads them
    if (!levels)
        problems << error;
    QHash<QString, QByteArray> secrets = m_secrets;
    for (auto it = m_secretFields.cbegin(); it != m_secretFields.cend(); ++it) {
        if (it.value()->text().isEmpty())
            problems << tr("Give the value of %1: the job reads it, and HaloLink keeps no secrets.").arg(it.key());
        else
            secrets.insert(it.key(), it.value()->text().toUtf8());
    }
    if (m_job.nodes.isEmpty())
        problems << tr("The job names no nodes.");
    if (!problems.isEmpty()) {
        m_problems->setText(tr("Nothing was started: %1").arg(problems.join(QLatin1Char(' '))));
        m_problems->setVisible(true);
        (levels ? static_cast<QWidget *>(m_secretFields.isEmpty() ? m_levels : m_secretFields.begin().value())
                : m_levels)
            ->setFocus(Qt::OtherFocusReason);
        return false;
    }
    m_problems->clear();
    m_problems->setVisible(false);
    jobs::ServeBenchOptions o;
    o.concurrency = *levels;
    o.requests = m_requests->value();
    o.maxTokens = m_maxTokens->value();
    o.seed = m_seed->value();
    m_pages->setCurrentIndex(RunPage);
    m_start->setVisible(false);
    m_cancel->setEnabled(true);
    m_cancel->setText(tr("&Cancel the Comparison"));
    m_progressBox->setVisible(true);
    m_comparison->setSecrets(secrets);
    Q_EMIT comparisonStarted(m_job.spec.name);
    readPrediction(o);
    return true;
}

void ComparisonDialog::setShapeReader(AdviceView::ShapeReader reader)
{
    m_reader = std::move(reader);
}

void ComparisonDialog::readPrediction(const jobs::ServeBenchOptions &options)
{
    // The advisor's figures for the job's way, beside what is measured: the
    // model's shape read on the head first (nothing changes meanwhile).
    for (jobs::JobNode &n : m_job.nodes)
        if (!n.probe && m_cluster)
            n.probe = m_cluster->probeReport(n.nodeId);
    m_preparing = true;
    const QString head = m_job.nodes.first().name;
    auto go = [this, options, head](const advise::ShapeDecodeResult &r) {
        m_preparing = false;
        if (m_cancelledEarly) {
            jobs::Comparison c;
            c.jobName = m_job.spec.name;
            c.started = c.finished = QDateTime::currentDateTimeUtc();
            c.concurrency = options.concurrency;
            c.maxTokens = options.maxTokens;
            c.seed = options.seed;
            c.cancelled = true;
            addMessage({}, tr("Cancelled before anything changed."));
            m_progressBox->setVisible(false);
            m_view->setComparison(c);
            m_view->setVisible(true);
            Q_EMIT comparisonFinished(c);
            return;
        }
        QString why = r.error;
        if (r.shape) {
            advise::AdviceRequest request = AdviceView::requestFor(m_job.spec, m_job.nodes, *r.shape);
            request.workload.generatedTokens = std::uint64_t(options.maxTokens);
            const QJsonObject prediction
                = AdviceView::predictionFor(advise::advise(request), m_job.spec.engine, &why);
            m_comparison->setPrediction(prediction);
            if (!prediction.isEmpty())
                addMessage({}, tr("The advisor's prediction for %1 is set beside the measurement.")
                                   .arg(prediction.value(QStringLiteral("way")).toString()));
        }
        if (!why.isEmpty())
            addMessage({}, tr("No prediction beside the measurement: %1").arg(why));
        m_stage->setText(tr("Reading the API key from the job's server…"));
        m_comparison->start(m_job, options);
    };
    m_stage->setText(tr("Reading the model's shape on %1 for the prediction…").arg(head));
    const bool reading = m_reader
        && m_reader(m_job.headNodeId(), m_job.spec.model, this,
            [go](const advise::ShapeDecodeResult &r) { go(r); });
    if (!reading)
        go(advise::ShapeDecodeResult { std::nullopt,
            m_reader ? tr("%1 is not connected").arg(head) : tr("the model's shape cannot be read here") });
}

void ComparisonDialog::cancelComparison()
{
    if (!isRunning())
        return;
    m_cancel->setEnabled(false);
    m_cancel->setText(tr("Cancelling…"));
    if (m_preparing)
        m_cancelledEarly = true; // nothing has changed yet: it does not start
    else
        m_comparison->cancel();
}

void ComparisonDialog::addMessage(const QString &node, const QString &text)
{
    m_messages->appendPlainText(QStringLiteral("%1  %2%3").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")),
        node.isEmpty() ? QString() : node + QStringLiteral(": "), text));
}

void ComparisonDialog::onFinished()
{
    const jobs::Comparison &c = m_comparison->result();
    m_progressBox->setVisible(false);
    m_view->setComparison(c);
    m_view->setVisible(true);
    // The report gets the room: the messages keep a few lines, and the window grows to show it whole.
    if (const QScreen *screen = this->screen()) {
        const QRect room = screen->availableGeometry();
        resize(std::max(width(), std::min(1100, room.width())), std::max(height(), std::min(940, room.height())));
    }
    const int total = m_split->height();
    const int messages = std::min(140, total / 4);
    m_split->setSizes({ total - messages, messages });
    addMessage({}, c.restored ? tr("The comparison ended; the job runs as it did before.")
                              : tr("The comparison ended; the job could not be put back: %1").arg(c.restoreError));
    Q_EMIT comparisonFinished(c);
}

void ComparisonDialog::reject()
{
    if (!isRunning()) {
        QDialog::reject();
        return;
    }
    const auto answer = QMessageBox::question(this, tr("Cancel the comparison?"),
        tr("The comparison of '%1' is running. Cancel it? The job is put back as it was first; this window stays "
           "open until it is.")
            .arg(m_job.spec.name),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer == QMessageBox::Yes)
        cancelComparison();
}

} // namespace halolink::ui
