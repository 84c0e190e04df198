#include "setup/verifypage.h"

#include "dashboard/plotstyle.h"
#include "probe/probefacts.h"
#include "protocol/enginetexts.h"
#include "setup/pagehelpers.h"
#include "setup/setupcontroller.h"
#include "status/statusstyle.h"

#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QProgressBar>
#include <QRegularExpression>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

#include <qcustomplot.h>

namespace halolink::ui {

using namespace wizardui;

namespace {

QString us(std::optional<double> ns)
{
    if (!ns)
        return QStringLiteral("—");
    return QString::number(*ns / 1000.0, 'f', *ns < 10000 ? 2 : 1) + QStringLiteral(" µs");
}

QString gbit(std::optional<double> bps)
{
    if (!bps)
        return QStringLiteral("—");
    return QString::number(*bps / 1e9, 'f', *bps < 1e9 ? 3 : 1) + QStringLiteral(" Gbit/s");
}

} // namespace

// ---- 7. Verify -----------------------------------------------------------

VerifyPage::VerifyPage(setup::SetupController *controller, QWidget *parent)
    : QWizardPage(parent), m_controller(controller)
{
    setTitle(tr("Verify"));
    setSubTitle(tr("The engine checks every node, then measures TCP and RDMA between every pair with the same "
                   "program and the same definitions: one-way is half the round trip, both p50."));
    setFinalPage(true);
    // Finish reads so while this page is shown.
    setButtonText(QWizard::FinishButton, tr("&Confirm and Save"));
    auto *layout = new QVBoxLayout(this);
    auto *row = new QHBoxLayout;
    m_status = wrapLabel(QString(), this);
    m_status->setObjectName(QStringLiteral("verifyStatus"));
    m_again = new QPushButton(tr("&Verify Again"), this);
    m_again->setObjectName(QStringLiteral("verifyAgainButton"));
    row->addWidget(m_status, 1);
    row->addWidget(m_again);
    layout->addLayout(row);
    // Where the person decides: how long the change waits for them.
    m_deadline = wrapLabel(QString(), this);
    m_deadline->setObjectName(QStringLiteral("rollbackDeadline"));
    m_deadline->setAccessibleName(tr("Automatic rollback deadline"));
    layout->addWidget(m_deadline);
    m_tick = new QTimer(this);
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, &VerifyPage::updateDeadline);
    connect(controller, &setup::SetupController::nodeChanged, this, &VerifyPage::updateDeadline);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("benchProgress"));
    layout->addWidget(m_progress);
    auto *split = new QSplitter(Qt::Vertical, this);
    auto *pairsBox = new QWidget(split);
    auto *pairsLayout = new QVBoxLayout(pairsBox);
    pairsLayout->setContentsMargins(0, 0, 0, 0);
    m_pairs = new QTableWidget(pairsBox);
    pairsLayout->addWidget(m_pairs, 1);
    // What to expect of these results (a Soft-RoCE pair's explanation above
    // all), wrapped here rather than past the table's horizontal scroll.
    m_explanation = wrapLabel(QString(), pairsBox);
    m_explanation->setObjectName(QStringLiteral("pairsExplanation"));
    m_explanation->hide();
    pairsLayout->addWidget(m_explanation);
    m_pairs->setObjectName(QStringLiteral("pairsTable"));
    setupTable(m_pairs, {tr("Pair"), tr("TCP one-way"), tr("TCP round trip"), tr("RDMA one-way"), tr("RDMA round trip"),
                         tr("RDMA speed-up"), tr("TCP bandwidth"), tr("RDMA bandwidth"), tr("RDMA device, GID"),
                         tr("Expected"), tr("Notes")});
    m_pairs->setAccessibleName(tr("TCP and RDMA between every pair of nodes"));
    m_chart = new QCustomPlot(split);
    m_chart->setObjectName(QStringLiteral("latencyChart"));
    m_chart->setMinimumHeight(160);
    m_chart->setAccessibleName(tr("One-way latency per pair, TCP and RDMA (the table above has the numbers)"));
    m_chart->setFocusPolicy(Qt::StrongFocus); // a screen reader lands on it and reads its description
    m_checks = new QTableWidget(split);
    m_checks->setObjectName(QStringLiteral("checksTable"));
    setupTable(m_checks, {tr("Node"), tr("Check"), tr("Status"), tr("Expected"), tr("Found"), tr("Detail")});
    m_checks->setAccessibleName(tr("Configuration checks per node"));
    layout->addWidget(split, 1);

    connect(m_again, &QPushButton::clicked, this, &VerifyPage::startVerify);
    connect(controller, &setup::SetupController::pairChanged, this, &VerifyPage::refreshPairs);
    connect(controller, &setup::SetupController::nodeChanged, this, [this] {
        if (isVisible())
            refreshChecks();
    });
    connect(controller, &setup::SetupController::benchProgress, this, [this](int done, int total, const QString &what) {
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
        if (!what.isEmpty())
            m_status->setText(tr("Measuring %1…").arg(what));
    });
    connect(controller, &setup::SetupController::operationFinished, this, [this](const QString &op, bool ok) {
        if (op != QLatin1String("verify"))
            return;
        m_ok = ok;
        refreshChecks();
        refreshPairs();
        int flagged = 0;
        for (const setup::PairResult &p : m_controller->pairs())
            flagged += p.flags.isEmpty() ? 0 : 1;
        // The words name the button the person presses.
        const QString confirm = confirmButtonText();
        m_status->setText(ok && flagged == 0
                              ? tr("Verified: every check passes and RDMA works between every pair. %1 keeps the "
                                   "change on every node and saves the cluster.")
                                    .arg(confirm)
                          : ok ? tr("RDMA works between every pair; %n pair(s) have notes worth reading. %1 keeps the "
                                    "change and saves the cluster.",
                                    nullptr, flagged)
                                     .arg(confirm)
                               : tr("Verification found problems (see the tables). You can verify again, go back and "
                                    "roll back, or %1 anyway.")
                                     .arg(confirm));
        m_again->setEnabled(true);
        Q_EMIT completeChanged();
    });
}

QString VerifyPage::confirmButtonText() const
{
    QString t = buttonText(QWizard::FinishButton);
    t.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    return t;
}

qint64 VerifyPage::rollbackDeadline() const
{
    qint64 first = 0;
    for (int i = 0; i < m_controller->nodes().size(); ++i) {
        const setup::NodeRun r = m_controller->run(i);
        const bool pending = r.phase == setup::Phase::Applied || r.phase == setup::Phase::Verified
                             || r.phase == setup::Phase::Verifying;
        if (pending && r.deadline > 0 && (first == 0 || r.deadline < first))
            first = r.deadline;
    }
    return first;
}

QString VerifyPage::deadlineText() const
{
    return m_deadline->text();
}

void VerifyPage::updateDeadline()
{
    const qint64 deadline = rollbackDeadline();
    if (deadline <= 0) {
        m_deadline->clear();
        m_deadline->hide();
        m_tick->stop();
        return;
    }
    const QString at = QDateTime::fromSecsSinceEpoch(deadline).toString(QStringLiteral("HH:mm:ss"));
    const qint64 left = deadline - QDateTime::currentSecsSinceEpoch();
    const QPalette pal = palette();
    if (left <= 0) {
        m_deadline->setText(tr("The rollback deadline (%1) has passed: the nodes undo the change by themselves. Go "
                               "back to Apply to apply it again.")
                                .arg(at));
        m_deadline->setStyleSheet(QStringLiteral("color: %1").arg(StatusStyle::color(Check::Status::Fail, pal).name()));
        m_tick->stop();
    } else {
        //: %1 the time of day, %2 minutes:seconds left, %3 the button's text
        m_deadline->setText(tr("Not confirmed yet: the change will be rolled back at %1 (in %2) unless you press %3.")
                                .arg(at)
                                .arg(QStringLiteral("%1:%2").arg(left / 60).arg(left % 60, 2, 10, QLatin1Char('0')))
                                .arg(confirmButtonText()));
        m_deadline->setStyleSheet(left < 60 ? QStringLiteral("color: %1").arg(StatusStyle::color(Check::Status::Warn, pal).name())
                                            : QString());
        if (isVisible() && !m_tick->isActive())
            m_tick->start();
    }
    m_deadline->show();
}

void VerifyPage::initializePage()
{
    m_tick->start();
    updateDeadline();
    if (!m_ran)
        startVerify();
}

void VerifyPage::startVerify()
{
    if (m_controller->isBusy())
        return;
    m_ran = true;
    m_ok = false;
    m_again->setEnabled(false);
    m_status->setText(tr("Checking the nodes…"));
    showPairs({}); // the table, the chart and its description start again together
    m_checks->setRowCount(0);
    Q_EMIT completeChanged();
    m_controller->verifyAll();
}

void VerifyPage::refreshChecks()
{
    const QList<setup::NodeInput> nodes = m_controller->nodes();
    m_checks->setRowCount(0);
    const QPalette pal = palette();
    for (int i = 0; i < nodes.size(); ++i) {
        const setup::NodeRun r = m_controller->run(i);
        QJsonArray checks = r.verify.value(QStringLiteral("checks")).toArray();
        if (r.verify.isEmpty() && !r.error.isEmpty()) {
            const int row = m_checks->rowCount();
            m_checks->insertRow(row);
            m_checks->setItem(row, 0, item(nodes.at(i).name));
            m_checks->setItem(row, 1, item(tr("verify")));
            m_checks->setItem(row, 2, item(tr("fail")));
            m_checks->item(row, 2)->setForeground(StatusStyle::color(Check::Status::Fail, pal));
            m_checks->setItem(row, 5, item(r.error, r.error));
            continue;
        }
        for (const QJsonValue &v : checks) {
            const QJsonObject c = v.toObject();
            const int row = m_checks->rowCount();
            m_checks->insertRow(row);
            const QString status = c.value(QStringLiteral("status")).toString();
            const Check::Status cs = status == QLatin1String("pass")   ? Check::Status::Pass
                                     : status == QLatin1String("fail") ? Check::Status::Fail
                                     : status == QLatin1String("warn") ? Check::Status::Warn
                                                                       : Check::Status::Unknown;
            auto text = [](const QJsonValue &x) {
                return x.isString() ? x.toString() : x.isDouble() ? QString::number(x.toDouble()) : QString();
            };
            m_checks->setItem(row, 0, item(nodes.at(i).name));
            m_checks->setItem(row, 1, item(c.value(QStringLiteral("id")).toString()));
            Check shown;
            shown.status = cs;
            shown.statusText = status == QLatin1String("skipped") ? tr("Skipped") : status;
            m_checks->setItem(row, 2, item(facts::statusText(shown)));
            m_checks->item(row, 2)->setData(Qt::UserRole, status); // as the engine wrote it
            m_checks->item(row, 2)->setForeground(StatusStyle::color(cs, pal));
            m_checks->item(row, 2)->setIcon(StatusStyle::icon(cs, pal));
            m_checks->setItem(row, 3, item(text(c.value(QStringLiteral("expected")))));
            m_checks->setItem(row, 4, item(text(c.value(QStringLiteral("actual")))));
            const QString detail = enginetext::verifyDetail(c);
            m_checks->setItem(row, 5, item(detail, detail));
        }
    }
    growColumnsToContents(m_checks);
}

void VerifyPage::refreshPairs()
{
    showPairs(m_controller->pairs());
}

void VerifyPage::showPairs(const QList<setup::PairResult> &pairs)
{
    const QList<setup::NodeInput> nodes = m_controller->nodes();
    const QPalette pal = palette();
    m_pairs->setRowCount(int(pairs.size()));
    QVector<double> ticks, tcp, rdma;
    QVector<QString> labels;
    QStringList described; // what the chart shows, for its accessible description
    const auto said = [](const std::optional<double> &ns) { return ns ? us(ns) : tr("not measured"); }; // not "—"
    for (int k = 0; k < pairs.size(); ++k) {
        const setup::PairResult &p = pairs.at(k);
        const QString name = tr("%1 → %2").arg(nodes.value(p.a).name, nodes.value(p.b).name);
        m_pairs->setItem(k, 0, item(name));
        m_pairs->setItem(k, 1, item(us(p.tcpLatency.oneWayNs), p.tcpLatency.error));
        m_pairs->setItem(k, 2, item(us(p.tcpLatency.rttNs), p.tcpLatency.error));
        m_pairs->setItem(k, 3, item(us(p.rdmaLatency.oneWayNs), p.rdmaLatency.error));
        m_pairs->setItem(k, 4, item(us(p.rdmaLatency.rttNs), p.rdmaLatency.error));
        const auto s = p.speedup();
        const QString speedup = s ? tr("%1×").arg(*s, 0, 'f', 2) : QStringLiteral("—");
        m_pairs->setItem(k, 5, item(speedup, tr("TCP one-way p50 / RDMA one-way p50, same bench, same definition")));
        m_pairs->setItem(k, 6, item(gbit(p.tcpBandwidth.bps), p.tcpBandwidth.error));
        m_pairs->setItem(k, 7, item(gbit(p.rdmaBandwidth.bps), p.rdmaBandwidth.error));
        m_pairs->setItem(k, 8, item(p.rdmaDevice.isEmpty() ? QStringLiteral("—")
                                                           : tr("%1, GID %2").arg(p.rdmaDevice).arg(p.gidIndex.value_or(-1))));
        m_pairs->setItem(k, 9, item(p.expectation, p.expectation));
        const QString notes = p.flags.join(QLatin1Char('\n'));
        m_pairs->setItem(k, 10, item(notes.isEmpty() ? tr("ok") : notes, notes));
        m_pairs->item(k, 10)->setForeground(StatusStyle::color(notes.isEmpty() ? Check::Status::Pass : Check::Status::Warn, pal));
        // The chart's bars in words, with the table's texts.
        described << (s ? tr("%1: RDMA %2, TCP %3, speed-up %4")
                              .arg(name, said(p.rdmaLatency.oneWayNs), said(p.tcpLatency.oneWayNs), speedup)
                        : tr("%1: RDMA %2, TCP %3")
                              .arg(name, said(p.rdmaLatency.oneWayNs), said(p.tcpLatency.oneWayNs)));
        ticks << k + 1;
        labels << name;
        tcp << (p.tcpLatency.oneWayNs ? *p.tcpLatency.oneWayNs / 1000.0 : 0);
        rdma << (p.rdmaLatency.oneWayNs ? *p.rdmaLatency.oneWayNs / 1000.0 : 0);
    }
    growColumnsToContents(m_pairs);
    m_pairs->setColumnWidth(9, std::min(m_pairs->columnWidth(9), 320));
    m_pairs->resizeRowsToContents();
    QStringList expected;
    for (const setup::PairResult &p : pairs) {
        if (!p.expectation.isEmpty() && !expected.contains(p.expectation))
            expected << p.expectation;
    }
    m_explanation->setText(expected.isEmpty() ? QString()
                                              : tr("Expected: %1").arg(expected.join(QLatin1Char(' '))));
    m_explanation->setVisible(!expected.isEmpty());

    // One-way latency, grouped bars: TCP and RDMA side by side per pair.
    m_chart->clearPlottables();
    const PlotColors colors = PlotColors::fromPalette(pal);
    stylePlot(m_chart, colors);
    auto *tcpBars = new QCPBars(m_chart->xAxis, m_chart->yAxis);
    auto *rdmaBars = new QCPBars(m_chart->xAxis, m_chart->yAxis);
    auto *group = new QCPBarsGroup(m_chart);
    for (auto *b : {tcpBars, rdmaBars}) {
        b->setWidth(0.35);
        b->setBarsGroup(group);
    }
    tcpBars->setName(tr("TCP one-way p50 (half the round trip)"));
    rdmaBars->setName(tr("RDMA one-way p50 (half the round trip)"));
    tcpBars->setBrush(colors.series(0));
    tcpBars->setPen(Qt::NoPen);
    rdmaBars->setBrush(colors.series(1));
    rdmaBars->setPen(Qt::NoPen);
    tcpBars->setData(ticks, tcp);
    rdmaBars->setData(ticks, rdma);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    ticker->addTicks(ticks, labels);
    m_chart->xAxis->setTicker(ticker);
    m_chart->xAxis->setRange(0.4, ticks.size() + 0.6);
    double top = 1;
    for (double v : tcp + rdma)
        top = std::max(top, v);
    m_chart->yAxis->setRange(0, top * 1.6); // room for the legend above the bars
    m_chart->yAxis->setLabel(tr("one-way p50, µs"));
    m_chart->legend->setVisible(true);
    m_chart->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_chart->replot(QCustomPlot::rpQueuedReplot);
    setChartDescription(m_chart, described.isEmpty()
                                     ? tr("No pair measured yet.")
                                     : tr("One-way latency p50 per pair: %1.").arg(described.join(QStringLiteral("; "))));
}

void VerifyPage::changeEvent(QEvent *event)
{
    QWizardPage::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        refreshPairs(); // the chart takes its colours from the palette
}

bool VerifyPage::isComplete() const
{
    return m_ran && !m_controller->isBusy();
}

} // namespace halolink::ui
