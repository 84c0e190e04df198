#include "jobs/comparisonview.h"

#include "dashboard/plotstyle.h"
#include "jobs/smokeresultview.h"
#include "status/statusstyle.h"

#include <QClipboard>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QGroupBox>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace halolink::ui {

namespace {

// Where the bars of a group sit around its tick, and how wide they are (plot keys).
constexpr double kOffset = 0.19;
constexpr double kBarWidth = 0.36;

QString number(const std::optional<double> &v, int decimals = 1)
{
    return v ? QLocale().toString(*v, 'f', decimals) : ComparisonView::tr("n/a");
}

QString times(const std::optional<double> &v)
{
    return v ? ComparisonView::tr("%1×").arg(QLocale().toString(*v, 'f', 2)) : ComparisonView::tr("n/a");
}

std::optional<double> numberAt(const QJsonObject &o, const QString &key)
{
    const QJsonValue v = o.value(key);
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

// What the traffic proof of a run means for that run: RDMA is what the RDMA
// run should show, TCP what the TCP-only run should.
Check::Status proofStatus(const jobs::CompareRun &r)
{
    using V = jobs::Proof::Verdict;
    if (!r.ran)
        return Check::Status::Unknown;
    switch (r.proof.verdict) {
    case V::Rdma:
        return r.tcpOnly ? Check::Status::Fail : Check::Status::Pass;
    case V::Tcp:
        return r.tcpOnly ? Check::Status::Pass : Check::Status::Fail;
    case V::Mixed:
    case V::NoTraffic:
        return Check::Status::Warn;
    case V::Unknown:
        break;
    }
    return Check::Status::Unknown;
}

QLabel *lineLabel(const QString &objectName, const QString &accessibleName, QWidget *parent)
{
    auto *l = new QLabel(parent);
    l->setObjectName(objectName);
    l->setAccessibleName(accessibleName);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    return l;
}

void setColor(QLabel *label, const QColor &color)
{
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, color);
    label->setPalette(p);
}

} // namespace

ComparisonView::ComparisonView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("comparisonView"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_placeholder = new QLabel(this);
    m_placeholder->setObjectName(QStringLiteral("comparisonPlaceholder"));
    m_placeholder->setWordWrap(true);
    m_placeholder->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_placeholder);
    // In a scroll area: where the view is given less height than it needs, it scrolls rather than squeeze.
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("comparisonScroll"));
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_content = new QWidget(m_scroll);
    m_scroll->setWidget(m_content);
    layout->addWidget(m_scroll, 1);
    auto *content = new QVBoxLayout(m_content);
    content->setContentsMargins(0, 0, 0, 0);

    m_title = lineLabel(QStringLiteral("comparisonTitle"), tr("What was compared"), m_content);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_outcome = lineLabel(QStringLiteral("comparisonOutcome"), tr("How the comparison ended"), m_content);
    m_restored = lineLabel(QStringLiteral("comparisonRestored"), tr("Whether the job was put back"), m_content);
    m_outputs = lineLabel(QStringLiteral("comparisonOutputs"), tr("Whether the outputs matched"), m_content);
    content->addWidget(m_title);
    content->addWidget(m_outcome);
    content->addWidget(m_restored);
    content->addWidget(m_outputs);

    auto *runs = new QGroupBox(tr("Each run and its traffic proof"), m_content);
    auto *runsLayout = new QGridLayout(runs);
    for (int i = 0; i < 2; ++i) {
        m_runIcon[i] = new QLabel(runs);
        m_runIcon[i]->setFixedSize(20, 20);
        m_run[i] = lineLabel(i == 0 ? QStringLiteral("comparisonRdmaRun") : QStringLiteral("comparisonTcpRun"),
            i == 0 ? tr("The RDMA run") : tr("The TCP run"), runs);
        m_run[i]->setTextFormat(Qt::RichText);
        runsLayout->addWidget(m_runIcon[i], i, 0, Qt::AlignTop);
        runsLayout->addWidget(m_run[i], i, 1);
    }
    runsLayout->setColumnStretch(1, 1);
    content->addWidget(runs);

    m_chart = new QCustomPlot(m_content);
    m_chart->setObjectName(QStringLiteral("comparisonChart"));
    m_chart->setAccessibleName(tr("Total output tokens/s per concurrency, RDMA and TCP (the table has the numbers)"));
    m_chart->setFocusPolicy(Qt::StrongFocus); // a screen reader lands on it and reads its description
    m_chart->setMinimumHeight(240);
    // The legend in a row of its own under the bars, so it never covers them.
    m_chart->legend->setVisible(true);
    m_chart->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_chart->plotLayout()->addElement(1, 0, m_chart->legend);
    m_chart->plotLayout()->setRowStretchFactor(1, 0.001);
    m_chart->legend->setMargins(QMargins(6, 3, 6, 3));
    m_table = new QTableWidget(0, ColumnCount, m_content);
    m_table->setObjectName(QStringLiteral("comparisonTable"));
    m_table->setAccessibleName(tr("The figures of both runs per concurrency"));
    // Two lines a header: ten columns fit a dialog's width.
    m_table->setHorizontalHeaderLabels({ tr("Concurrency"), tr("RDMA\ntok/s"), tr("TCP\ntok/s"), tr("Speed-up"),
        tr("TTFT p50\nRDMA, ms"), tr("TTFT p50\nTCP, ms"), tr("ITL p50\nRDMA, ms"), tr("ITL p50\nTCP, ms"),
        tr("ITL p99\nRDMA, ms"), tr("ITL p99\nTCP, ms") });
    const QStringList tips { tr("Requests in flight at once"), tr("Total output tokens per second, RDMA run"),
        tr("Total output tokens per second, TCP-only run"), tr("RDMA tokens/s over TCP tokens/s"),
        tr("Time to first token, median, RDMA run"), tr("Time to first token, median, TCP-only run"),
        tr("Inter-token latency, median, RDMA run"), tr("Inter-token latency, median, TCP-only run"),
        tr("Inter-token latency, 99th percentile, RDMA run"),
        tr("Inter-token latency, 99th percentile, TCP-only run") };
    for (int c = 0; c < ColumnCount; ++c)
        m_table->horizontalHeaderItem(c)->setToolTip(tips.at(c));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setTabKeyNavigation(false);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_table->installEventFilter(this);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // The chart takes the height; the table is as tall as its rows.
    content->addWidget(m_chart, 1);
    content->addWidget(m_table);

    m_prediction = lineLabel(QStringLiteral("comparisonPrediction"), tr("The prediction beside the measurement"),
        m_content);
    content->addWidget(m_prediction);

    auto *buttons = new QHBoxLayout;
    m_copyCsv = new QPushButton(tr("Copy as &CSV"), m_content);
    m_copyCsv->setObjectName(QStringLiteral("comparisonCopyCsv"));
    m_copyCsv->setToolTip(tr("The table as CSV, one line per concurrency (empty where a figure is missing)"));
    m_saveCsv = new QPushButton(tr("&Save CSV…"), m_content);
    m_saveCsv->setObjectName(QStringLiteral("comparisonSaveCsv"));
    m_copyText = new QPushButton(tr("Copy as &Text"), m_content);
    m_copyText->setObjectName(QStringLiteral("comparisonCopyText"));
    m_copyText->setToolTip(tr("The whole report as plain text, as `halolinkctl job compare` prints it"));
    for (QPushButton *b : { m_copyCsv, m_saveCsv, m_copyText }) {
        b->setAccessibleName(b->text().remove(QLatin1Char('&')));
        b->setAutoDefault(false);
        buttons->addWidget(b);
    }
    buttons->addStretch(1);
    content->addLayout(buttons);

    connect(m_copyCsv, &QPushButton::clicked, this, &ComparisonView::copyCsv);
    connect(m_saveCsv, &QPushButton::clicked, this, &ComparisonView::saveCsv);
    connect(m_copyText, &QPushButton::clicked, this, &ComparisonView::copyText);
    clear();
}

void ComparisonView::clear(const QString &why)
{
    m_comparison.reset();
    m_placeholder->setText(why.isEmpty() ? tr("No comparison to show.") : why);
    m_placeholder->setVisible(true);
    m_scroll->setVisible(false);
}

void ComparisonView::setComparison(const jobs::Comparison &c)
{
    m_comparison = c;
    m_placeholder->setVisible(false);
    m_scroll->setVisible(true);
    const QLocale locale;
    const QString engine = c.engine == QLatin1String("vllm") ? tr("vLLM over Ray")
        : c.engine == QLatin1String("llama-rpc")             ? tr("llama.cpp RPC")
                                                             : c.engine;
    m_title->setText(tr("RDMA against TCP for '%1' (%2 on %3), up to %4 tokens per answer, greedy with seed %5, "
                        "started %6")
                         .arg(c.jobName, engine, c.nodes.join(QStringLiteral(", ")))
                         .arg(c.maxTokens)
                         .arg(c.seed)
                         .arg(locale.toString(c.started.toLocalTime(), QLocale::ShortFormat)));
    const QList<jobs::CompareLevel> levels = c.levels();
    fillTable(levels);
    fillChart(levels);
    m_outcome->setText(outcomeText());
    m_restored->setText(c.restored ? tr("The job runs as it did before the comparison.")
                                   : tr("The job could not be put back as it was: %1").arg(c.restoreError));
    m_outputs->setText(outputsText());
    for (int i = 0; i < 2; ++i)
        m_run[i]->setText(runText(i == 1).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    m_prediction->setText(predictionText());
    m_prediction->setVisible(!c.prediction.isEmpty());
    applyStyle();
}

QString ComparisonView::outcomeText() const
{
    if (!m_comparison)
        return {};
    const jobs::Comparison &c = *m_comparison;
    if (c.cancelled)
        return tr("The comparison was cancelled; what was measured before is shown.");
    if (!c.error.isEmpty())
        return tr("The comparison failed: %1").arg(c.error);
    if (c.ok)
        return tr("Both benchmarks finished: %n concurrency level(s) each.", nullptr, int(c.concurrency.size()));
    return tr("The comparison did not finish: a run is missing or failed.");
}

QString ComparisonView::outputsText() const
{
    if (!m_comparison)
        return {};
    const jobs::Comparison &c = *m_comparison;
    const auto match = c.outputsMatch();
    if (!match)
        return tr("The outputs could not be compared: a run is missing or failed.");
    if (*match)
        return tr("The greedy outputs of both runs are the same: the transport did not change the answers.");
    QString text = tr("The greedy outputs differ between the runs: a transport changed the results, or the server "
                      "is not deterministic.");
    for (const jobs::CompareRun *r : { &c.rdma, &c.tcp }) {
        if (r->bench.value(QStringLiteral("deterministic")) == QJsonValue(false))
            text += QLatin1Char(' ')
                + (r->tcpOnly ? tr("The TCP run did not repeat its own answers either.")
                              : tr("The RDMA run did not repeat its own answers either."));
    }
    return text;
}

QString ComparisonView::runText(bool tcpOnly) const
{
    if (!m_comparison)
        return {};
    const jobs::CompareRun &r = tcpOnly ? m_comparison->tcp : m_comparison->rdma;
    QString state;
    if (!r.ran)
        state = tcpOnly ? tr("TCP run: not run (the comparison stopped before it).")
                        : tr("RDMA run: not run (the comparison stopped before it).");
    else if (r.ok)
        state = tcpOnly ? tr("TCP run: done.") : tr("RDMA run: done.");
    else if (m_comparison->cancelled) // what it measured before the cancel is kept
        state = tcpOnly ? tr("TCP run: cancelled.") : tr("RDMA run: cancelled.");
    else
        state = tcpOnly ? tr("TCP run: failed: %1").arg(r.error) : tr("RDMA run: failed: %1").arg(r.error);
    if (!r.ran)
        return state;
    QString proof = tr("Traffic: %1.").arg(SmokeResultView::verdictTitle(r.proof.verdict));
    if (!r.proof.summary.isEmpty())
        proof += QLatin1Char(' ') + r.proof.summary;
    QString warning;
    if (proofStatus(r) == Check::Status::Fail)
        warning = tcpOnly ? tr("RDMA still carried the TCP-only run's traffic: its figures are not TCP's.")
                          : tr("The RDMA run's traffic did not go over RDMA: its figures are not RDMA's.");
    return state + QLatin1Char('\n') + proof + (warning.isEmpty() ? QString() : QLatin1Char('\n') + warning);
}

QString ComparisonView::predictionText() const
{
    if (!m_comparison || m_comparison->prediction.isEmpty())
        return {};
    const QJsonObject &p = m_comparison->prediction;
    const auto r = numberAt(p, QStringLiteral("rdma_tokens_per_s"));
    const auto t = numberAt(p, QStringLiteral("tcp_tokens_per_s"));
    const std::optional<double> s = r && t && *t > 0 ? std::optional<double>(*r / *t) : std::nullopt;
    const QString way = p.value(QStringLiteral("way")).toString();
    QString text = way.isEmpty()
        ? tr("Predicted before the launch, one request at a time: RDMA %1 tok/s, TCP %2 tok/s, speed-up %3.")
              .arg(number(r), number(t), times(s))
        : tr("Predicted before the launch (%1), one request at a time: RDMA %2 tok/s, TCP %3 tok/s, speed-up %4.")
              .arg(way, number(r), number(t), times(s));
    for (const jobs::CompareLevel &l : m_comparison->levels()) {
        if (l.concurrency == 1)
            return text + QLatin1Char(' ')
                + tr("Measured with one request in flight: RDMA %1 tok/s, TCP %2 tok/s, speed-up %3.")
                      .arg(number(l.rdmaTokensPerS), number(l.tcpTokensPerS), times(l.speedup));
    }
    return text + QLatin1Char(' ')
        + tr("Nothing was measured with one request in flight, so the chart has no marker for it.");
}

void ComparisonView::fillTable(const QList<jobs::CompareLevel> &levels)
{
    m_table->setRowCount(int(levels.size()));
    const QString missing = tr("Not measured: in this run the level did not complete (a request failed, the run "
                               "failed or was cancelled before it)");
    for (int row = 0; row < levels.size(); ++row) {
        const jobs::CompareLevel &l = levels.at(row);
        const std::optional<double> values[ColumnCount] = { double(l.concurrency), l.rdmaTokensPerS, l.tcpTokensPerS,
            l.speedup, l.rdmaTtftP50Ms, l.tcpTtftP50Ms, l.rdmaItlP50Ms, l.tcpItlP50Ms, l.rdmaItlP99Ms,
            l.tcpItlP99Ms };
        for (int c = 0; c < ColumnCount; ++c) {
            const std::optional<double> &v = values[c];
            const QString text = c == ConcurrencyColumn ? QLocale().toString(l.concurrency)
                : c == SpeedupColumn                    ? times(v)
                                                        : number(v);
            auto *item = new QTableWidgetItem(text);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (v)
                item->setData(Qt::UserRole, *v); // the figure itself
            else if (c == SpeedupColumn)
                item->setToolTip(tr("Not known: a run has no figure for this level"));
            else
                item->setToolTip(missing);
            m_table->setItem(row, c, item);
        }
    }
    fitTableHeight();
}

void ComparisonView::fitTableHeight()
{
    // As tall as its rows (up to eight), so nothing is cut and the chart keeps the rest.
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    for (int row = 0; row < std::min(m_table->rowCount(), 8); ++row)
        height += m_table->rowHeight(row);
    // The columns share a wider table; a narrower one scrolls rather than cut a figure.
    QHeaderView *header = m_table->horizontalHeader();
    int width = 2 * m_table->frameWidth();
    for (int c = 0; c < ColumnCount; ++c)
        width += std::max(header->sectionSizeHint(c), static_cast<QAbstractItemView *>(m_table)->sizeHintForColumn(c));
    const bool fits = width <= m_table->width();
    header->setSectionResizeMode(fits ? QHeaderView::Stretch : QHeaderView::ResizeToContents);
    if (!fits)
        height += m_table->horizontalScrollBar()->sizeHint().height();
    m_table->setFixedHeight(height);
}

bool ComparisonView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table && event->type() == QEvent::Resize)
        fitTableHeight(); // the table's own width decides whether its columns fit
    return QWidget::eventFilter(watched, event);
}

void ComparisonView::fillChart(const QList<jobs::CompareLevel> &levels)
{
    const QPalette pal = palette();
    const PlotColors colors = PlotColors::fromPalette(pal);
    m_chart->clearPlottables();
    m_chart->clearItems();
    stylePlot(m_chart, colors);
    auto *rdma = new QCPBars(m_chart->xAxis, m_chart->yAxis);
    auto *tcp = new QCPBars(m_chart->xAxis, m_chart->yAxis);
    rdma->setName(tr("RDMA, total output tokens/s"));
    tcp->setName(tr("TCP only, total output tokens/s"));
    rdma->setBrush(colors.series(0));
    tcp->setBrush(colors.series(1));
    for (QCPBars *b : { rdma, tcp }) {
        b->setPen(Qt::NoPen);
        b->setWidth(kBarWidth);
    }
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    QFont labelFont = font();
    QFont boldFont = labelFont;
    boldFont.setBold(true);
    double top = 0;
    QStringList described;
    auto naText = [&](double key) {
        auto *na = new QCPItemText(m_chart);
        na->position->setTypeX(QCPItemPosition::ptPlotCoords);
        na->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        na->position->setCoords(key, 1.0);
        na->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
        na->setPadding(QMargins(0, 0, 0, 4));
        na->setText(tr("n/a"));
        na->setFont(labelFont);
        na->setColor(colors.subtleText);
        na->setClipToAxisRect(true);
    };
    for (int i = 0; i < levels.size(); ++i) {
        const jobs::CompareLevel &l = levels.at(i);
        const double key = i + 1;
        ticker->addTick(key, QLocale().toString(l.concurrency));
        if (l.rdmaTokensPerS)
            rdma->addData(key - kOffset, *l.rdmaTokensPerS);
        else
            naText(key - kOffset);
        if (l.tcpTokensPerS)
            tcp->addData(key + kOffset, *l.tcpTokensPerS);
        else
            naText(key + kOffset);
        const double high = std::max(l.rdmaTokensPerS.value_or(0), l.tcpTokensPerS.value_or(0));
        top = std::max(top, high);
        // The speed-up over the group (or why there is none), just above its taller bar.
        auto *label = new QCPItemText(m_chart);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(high > 0 ? QCPItemPosition::ptPlotCoords : QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(key, high > 0 ? high : 1.0);
        label->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
        label->setPadding(QMargins(0, 0, 0, high > 0 ? 4 : 22));
        label->setText(l.speedup ? times(l.speedup) : tr("speed-up n/a"));
        label->setFont(l.speedup ? boldFont : labelFont);
        label->setColor(l.speedup ? colors.text : colors.subtleText);
        label->setClipToAxisRect(false);
        described << tr("concurrency %1: RDMA %2, TCP %3, speed-up %4")
                         .arg(l.concurrency)
                         .arg(number(l.rdmaTokensPerS), number(l.tcpTokensPerS), times(l.speedup));
    }

    // The advisor's prediction is for one request at a time: markers on that group only.
    const QJsonObject &p = m_comparison ? m_comparison->prediction : QJsonObject();
    const auto predictedRdma = numberAt(p, QStringLiteral("rdma_tokens_per_s"));
    const auto predictedTcp = numberAt(p, QStringLiteral("tcp_tokens_per_s"));
    for (int i = 0; i < levels.size(); ++i) {
        if (levels.at(i).concurrency != 1 || (!predictedRdma && !predictedTcp))
            continue;
        auto *predicted = new QCPGraph(m_chart->xAxis, m_chart->yAxis);
        predicted->setName(tr("Predicted, one request at a time"));
        predicted->setLineStyle(QCPGraph::lsNone);
        predicted->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(colors.text, 1.5),
            QBrush(colors.background), 11));
        if (predictedRdma) {
            predicted->addData(i + 1 - kOffset, *predictedRdma);
            top = std::max(top, *predictedRdma);
        }
        if (predictedTcp) {
            predicted->addData(i + 1 + kOffset, *predictedTcp);
            top = std::max(top, *predictedTcp);
        }
        described << tr("predicted for one request: RDMA %1, TCP %2").arg(number(predictedRdma), number(predictedTcp));
    }
    if (levels.isEmpty() || top <= 0) {
        auto *none = new QCPItemText(m_chart);
        none->position->setType(QCPItemPosition::ptAxisRectRatio);
        none->position->setCoords(0.5, 0.5);
        none->setText(tr("No level was measured in either run."));
        none->setColor(colors.subtleText);
        none->setFont(labelFont);
    }
    m_chart->xAxis->setTicker(ticker);
    m_chart->xAxis->setRange(0.4, std::max<double>(1, levels.size()) + 0.6);
    m_chart->xAxis->setLabel(tr("requests in flight (concurrency)"));
    m_chart->xAxis->grid()->setVisible(false);
    m_chart->yAxis->setRange(0, top > 0 ? top * 1.18 : 1);
    m_chart->yAxis->setLabel(tr("total output tokens/s"));
    m_chart->replot(QCustomPlot::rpQueuedReplot);
    setChartDescription(m_chart, described.isEmpty()
            ? tr("No level was measured in either run.")
            : tr("Total output tokens/s per concurrency: %1.").arg(described.join(QStringLiteral("; "))));
}

void ComparisonView::applyStyle()
{
    if (!m_comparison)
        return;
    const QPalette pal = palette();
    const jobs::Comparison &c = *m_comparison;
    const auto match = c.outputsMatch();
    setColor(m_outcome,
        c.ok ? pal.color(QPalette::WindowText)
             : StatusStyle::color(c.cancelled ? Check::Status::Warn : Check::Status::Fail, pal));
    setColor(m_restored, StatusStyle::color(c.restored ? Check::Status::Pass : Check::Status::Fail, pal));
    setColor(m_outputs,
        !match ? pal.color(QPalette::WindowText) : StatusStyle::color(*match ? Check::Status::Pass : Check::Status::Warn, pal));
    for (int i = 0; i < 2; ++i) {
        const jobs::CompareRun &r = i == 0 ? c.rdma : c.tcp;
        const Check::Status s = r.ran && !r.ok && !c.cancelled ? Check::Status::Fail : proofStatus(r);
        m_runIcon[i]->setPixmap(StatusStyle::icon(s, pal).pixmap(20, 20));
    }
}

void ComparisonView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_comparison) {
        fillChart(m_comparison->levels()); // the chart takes its colours from the palette
        applyStyle();
    }
}

void ComparisonView::copyCsv()
{
    if (m_comparison)
        QGuiApplication::clipboard()->setText(jobs::comparisonCsv(*m_comparison));
}

void ComparisonView::copyText()
{
    if (m_comparison)
        QGuiApplication::clipboard()->setText(jobs::comparisonText(*m_comparison));
}

bool ComparisonView::saveCsv()
{
    if (!m_comparison)
        return false;
    const QString suggested = QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                                  .filePath(QStringLiteral("%1-rdma-vs-tcp-%2.csv")
                                                .arg(m_comparison->jobName,
                                                    m_comparison->started.toLocalTime().toString(
                                                        QStringLiteral("yyyyMMdd-HHmm"))));
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Save the Comparison as CSV"), suggested, tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return false;
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(jobs::comparisonCsv(*m_comparison).toUtf8()) < 0 || !f.commit()) {
        QMessageBox::warning(this, tr("Save the Comparison as CSV"),
            tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), f.errorString()));
        return false;
    }
    return true;
}

} // namespace halolink::ui
