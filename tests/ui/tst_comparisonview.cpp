// The RDMA/TCP comparison's view offscreen, from comparisons built here (two
// runs, three concurrency levels, the TCP run's last level partly failed):
// the table's cells (the figures, "n/a" and no figure where one is missing,
// never 0), the chart's bars (a missing figure is no bar, with "n/a" where it
// would be), the speed-up over each group, the prediction's markers on the
// one-request group, the outputs matched or differed, each run's proof, a
// cancelled comparison and one that could not put the job back, the CSV;
// the kept comparisons of a job from a store folder; the dialog's options
// (a bad concurrency list or a missing secret is refused with a message and
// nothing starts).
//
// HALOLINK_SHOT_DIR=/some/dir saves PNGs of the view and the dialogs there.

#include "jobs/comparisondialog.h"
#include "jobs/comparisonview.h"
#include "jobs/jobcompare.h"
#include "jobs/jobswindow.h"
#include "jobs/keptcomparisonsdialog.h"
#include "engine/enginelocator.h"
#include "mainwindow.h"

#include <QApplication>
#include <QClipboard>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <qcustomplot.h>

using namespace halolink;
using namespace halolink::ui;

namespace {

QJsonObject level(int concurrency, double tokensPerS, double ttft, double itl50, double itl99, int failed = 0)
{
    return QJsonObject { { QStringLiteral("concurrency"), concurrency },
        { QStringLiteral("requests"), std::max(12, 2 * concurrency) }, { QStringLiteral("failed"), failed },
        { QStringLiteral("total_output_tokens_per_s"), tokensPerS },
        { QStringLiteral("ttft_ms"), QJsonObject { { QStringLiteral("p50"), ttft }, { QStringLiteral("p99"), ttft * 2 } } },
        { QStringLiteral("itl_ms"), QJsonObject { { QStringLiteral("p50"), itl50 }, { QStringLiteral("p99"), itl99 } } } };
}

QJsonObject bench(const QJsonArray &levels, const QString &outputs)
{
    return QJsonObject { { QStringLiteral("schema"), QStringLiteral("halolink.serve_bench/1") },
        { QStringLiteral("ok"), true }, { QStringLiteral("deterministic"), true },
        { QStringLiteral("outputs_sha256"), outputs }, { QStringLiteral("levels"), levels } };
}

jobs::Comparison comparison()
{
    jobs::Comparison c;
    c.jobName = QStringLiteral("tp");
    c.engine = QStringLiteral("vllm");
    c.nodes = QStringList { QStringLiteral("node1"), QStringLiteral("node2") };
    c.started = QDateTime(QDate(2026, 12, 3), QTime(14, 0), Qt::UTC);
    c.finished = c.started.addSecs(900);
    c.concurrency = { 1, 4, 16 };
    c.maxTokens = 128;
    c.seed = 1234;
    c.rdma.ran = c.rdma.ok = true;
    c.rdma.bench = bench(QJsonArray { level(1, 30.0, 80, 33.0, 40.0), level(4, 100.0, 120, 38.0, 52.0),
                             level(16, 240.0, 300, 60.0, 95.0) },
        QStringLiteral("aa11"));
    c.rdma.proof.verdict = jobs::Proof::Verdict::Rdma;
    c.rdma.proof.summary = QStringLiteral("RDMA carried the traffic on node1 and node2.");
    c.tcp.tcpOnly = true;
    c.tcp.ran = c.tcp.ok = true;
    // The last level had failed requests: no TCP figures for it.
    c.tcp.bench = bench(QJsonArray { level(1, 20.0, 95, 50.0, 61.0), level(4, 62.5, 150, 60.0, 80.0),
                            level(16, 130.0, 400, 90.0, 150.0, 3) },
        QStringLiteral("aa11"));
    c.tcp.proof.verdict = jobs::Proof::Verdict::Tcp;
    c.tcp.proof.summary = QStringLiteral("TCP carried the traffic: no RDMA packets.");
    c.ok = true;
    c.prediction = QJsonObject { { QStringLiteral("way"), QStringLiteral("tensor parallel") },
        { QStringLiteral("rdma_tokens_per_s"), 32.0 }, { QStringLiteral("tcp_tokens_per_s"), 22.0 } };
    return c;
}

QCPBars *bars(QCustomPlot *plot, const QString &prefix)
{
    for (int i = 0; i < plot->plottableCount(); ++i) {
        if (auto *b = qobject_cast<QCPBars *>(plot->plottable(i)); b && b->name().startsWith(prefix))
            return b;
    }
    return nullptr;
}

QList<QPair<double, double>> points(QCPBars *b)
{
    QList<QPair<double, double>> out;
    for (auto it = b->data()->constBegin(); it != b->data()->constEnd(); ++it)
        out << qMakePair(it->key, it->value);
    return out;
}

QStringList itemTexts(QCustomPlot *plot)
{
    QStringList out;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto *t = qobject_cast<QCPItemText *>(plot->item(i)))
            out << t->text();
    return out;
}

void shoot(QWidget *w, const QString &name)
{
    const QByteArray dir = qgetenv("HALOLINK_SHOT_DIR");
    if (dir.isEmpty())
        return;
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w));
    QTest::qWait(200); // the queued replot
    QVERIFY(w->grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + name));
}

} // namespace

class TestComparisonView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void tableChartAndCsv();
    void outputsDiffer();
    void cancelledAndNotPutBack();
    void keptComparisons();
    void dialogRefusesBadOptions();
    void jobsWindowActions();
};

void TestComparisonView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_comparisonview"));
    qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestComparisonView::tableChartAndCsv()
{
    ComparisonView view;
    view.resize(1100, 760);
    const jobs::Comparison c = comparison();
    view.setComparison(c);
    QTableWidget *t = view.table();
    QCOMPARE(t->rowCount(), 3);
    QCOMPARE(t->columnCount(), int(ComparisonView::ColumnCount));
    auto cell = [t](int row, int col) { return t->item(row, col)->text(); };
    QCOMPARE(cell(0, ComparisonView::ConcurrencyColumn), QStringLiteral("1"));
    QCOMPARE(cell(0, ComparisonView::RdmaRateColumn), QStringLiteral("30.0"));
    QCOMPARE(cell(0, ComparisonView::TcpRateColumn), QStringLiteral("20.0"));
    QCOMPARE(cell(0, ComparisonView::SpeedupColumn), QStringLiteral("1.50×"));
    QCOMPARE(cell(1, ComparisonView::SpeedupColumn), QStringLiteral("1.60×"));
    QCOMPARE(cell(1, ComparisonView::RdmaTtftColumn), QStringLiteral("120.0"));
    QCOMPARE(cell(1, ComparisonView::TcpTtftColumn), QStringLiteral("150.0"));
    QCOMPARE(cell(1, ComparisonView::RdmaItlP50Column), QStringLiteral("38.0"));
    QCOMPARE(cell(1, ComparisonView::TcpItlP99Column), QStringLiteral("80.0"));
    QCOMPARE(t->item(1, ComparisonView::TcpRateColumn)->data(Qt::UserRole).toDouble(), 62.5);
    // Concurrency 16: the TCP run's level had failed requests: n/a, no figure, never 0.
    QCOMPARE(cell(2, ComparisonView::RdmaRateColumn), QStringLiteral("240.0"));
    for (int col : { ComparisonView::TcpRateColumn, ComparisonView::SpeedupColumn, ComparisonView::TcpTtftColumn,
             ComparisonView::TcpItlP50Column, ComparisonView::TcpItlP99Column }) {
        QCOMPARE(cell(2, col), QStringLiteral("n/a"));
        QVERIFY(!t->item(2, col)->data(Qt::UserRole).isValid());
        QVERIFY(!t->item(2, col)->toolTip().isEmpty());
    }

    // The chart: RDMA and TCP side by side per level; no TCP bar at 16 but "n/a" there.
    QCPBars *rdma = bars(view.chart(), QStringLiteral("RDMA"));
    QCPBars *tcp = bars(view.chart(), QStringLiteral("TCP"));
    QVERIFY(rdma && tcp);
    const auto r = points(rdma);
    const auto p = points(tcp);
    QCOMPARE(r.size(), 3);
    QCOMPARE(p.size(), 2);
    QCOMPARE(r.at(0).second, 30.0);
    QCOMPARE(r.at(2).second, 240.0);
    QCOMPARE(p.at(1).second, 62.5);
    QVERIFY(r.at(0).first < 1 && p.at(0).first > 1); // around the tick of the first group
    QVERIFY(p.at(1).first < 3); // nothing for 16
    const QStringList texts = itemTexts(view.chart());
    QVERIFY2(texts.contains(QStringLiteral("1.50×")), qPrintable(texts.join(QLatin1Char('|'))));
    QVERIFY(texts.contains(QStringLiteral("1.60×")));
    QVERIFY(texts.contains(QStringLiteral("speed-up n/a")));
    QCOMPARE(texts.count(QStringLiteral("n/a")), 1);
    // The prediction: two markers on the one-request group.
    QCPGraph *predicted = nullptr;
    for (int i = 0; i < view.chart()->graphCount(); ++i)
        if (view.chart()->graph(i)->name().startsWith(QStringLiteral("Predicted")))
            predicted = view.chart()->graph(i);
    QVERIFY(predicted);
    QCOMPARE(predicted->data()->size(), 2);
    QCOMPARE(predicted->data()->at(0)->value, 32.0);
    QCOMPARE(predicted->data()->at(1)->value, 22.0);
    QVERIFY(view.chart()->accessibleDescription().contains(QStringLiteral("concurrency 16: RDMA 240.0, TCP n/a")));
    QVERIFY(view.chart()->yAxis->range().upper > 240.0);

    // The lines.
    QVERIFY2(view.outputsText().contains(QStringLiteral("are the same")), qPrintable(view.outputsText()));
    QVERIFY(view.runText(false).contains(QStringLiteral("RDMA run: done.")));
    QVERIFY(view.runText(false).contains(QStringLiteral("RDMA carried it")));
    QVERIFY(view.runText(true).contains(QStringLiteral("It went over TCP")));
    QVERIFY(view.runText(true).contains(c.tcp.proof.summary));
    QVERIFY(view.outcomeText().contains(QStringLiteral("3 concurrency level")));
    QVERIFY2(view.predictionText().contains(QStringLiteral("RDMA 32.0 tok/s, TCP 22.0 tok/s, speed-up 1.45×")),
        qPrintable(view.predictionText()));
    QVERIFY(view.predictionText().contains(QStringLiteral("RDMA 30.0 tok/s, TCP 20.0 tok/s, speed-up 1.50×")));

    // CSV: comparisonCsv, an empty field where a figure is missing.
    view.copyCsv();
    const QString csv = QGuiApplication::clipboard()->text();
    QCOMPARE(csv, jobs::comparisonCsv(c));
    const QStringList lines = csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 4);
    QVERIFY(lines.at(0).startsWith(QStringLiteral("concurrency,rdma_tokens_per_s,tcp_tokens_per_s,speedup")));
    QVERIFY2(lines.at(3).startsWith(QStringLiteral("16,240.000,,,300.000,,")), qPrintable(lines.at(3)));
    view.copyText();
    QCOMPARE(QGuiApplication::clipboard()->text(), jobs::comparisonText(c));
    shoot(&view, QStringLiteral("comparisonview.png"));
}

void TestComparisonView::outputsDiffer()
{
    jobs::Comparison c = comparison();
    c.tcp.bench[QStringLiteral("outputs_sha256")] = QStringLiteral("bb22");
    c.tcp.bench[QStringLiteral("deterministic")] = false;
    c.tcp.proof.verdict = jobs::Proof::Verdict::Rdma; // the TCP-only relaunch still used RDMA
    c.prediction = {};
    ComparisonView view;
    view.setComparison(c);
    QVERIFY2(view.outputsText().contains(QStringLiteral("differ")), qPrintable(view.outputsText()));
    QVERIFY(view.outputsText().contains(QStringLiteral("The TCP run did not repeat its own answers either.")));
    QVERIFY(view.runText(true).contains(QStringLiteral("RDMA still carried the TCP-only run's traffic")));
    QVERIFY(!view.runText(false).contains(QStringLiteral("not RDMA's")));
    QVERIFY(view.predictionText().isEmpty());
    for (int i = 0; i < view.chart()->graphCount(); ++i)
        QVERIFY(!view.chart()->graph(i)->name().startsWith(QStringLiteral("Predicted")));
}

void TestComparisonView::cancelledAndNotPutBack()
{
    jobs::Comparison c = comparison();
    c.ok = false;
    c.cancelled = true;
    c.prediction = {};
    // Cancelled in the RDMA run's second level: one level measured, no TCP run.
    c.rdma.ok = false;
    c.rdma.error = QStringLiteral("Cancelled.");
    c.rdma.bench = bench(QJsonArray { level(1, 30.0, 80, 33.0, 40.0) }, QString());
    c.tcp = {};
    c.tcp.tcpOnly = true;
    ComparisonView view;
    view.resize(1100, 760);
    view.setComparison(c);
    QVERIFY(view.outcomeText().contains(QStringLiteral("cancelled")));
    QVERIFY(view.runText(false).contains(QStringLiteral("RDMA run: cancelled.")));
    QVERIFY(view.runText(true).contains(QStringLiteral("TCP run: not run")));
    QVERIFY(view.outputsText().contains(QStringLiteral("could not be compared")));
    QTableWidget *t = view.table();
    QCOMPARE(t->rowCount(), 3);
    QCOMPARE(t->item(0, ComparisonView::RdmaRateColumn)->text(), QStringLiteral("30.0"));
    for (int row = 0; row < 3; ++row) {
        QCOMPARE(t->item(row, ComparisonView::TcpRateColumn)->text(), QStringLiteral("n/a"));
        QCOMPARE(t->item(row, ComparisonView::SpeedupColumn)->text(), QStringLiteral("n/a"));
    }
    QCOMPARE(t->item(1, ComparisonView::RdmaRateColumn)->text(), QStringLiteral("n/a"));
    QCOMPARE(points(bars(view.chart(), QStringLiteral("RDMA"))).size(), 1);
    QCOMPARE(points(bars(view.chart(), QStringLiteral("TCP"))).size(), 0);
    QCOMPARE(itemTexts(view.chart()).count(QStringLiteral("n/a")), 5);
    QCOMPARE(itemTexts(view.chart()).count(QStringLiteral("speed-up n/a")), 3);
    auto *restored = view.findChild<QLabel *>(QStringLiteral("comparisonRestored"));
    QVERIFY(restored->text().contains(QStringLiteral("as it did before")));
    shoot(&view, QStringLiteral("comparisonview-cancelled.png"));

    c.restored = false;
    c.restoreError = QStringLiteral("vllm on node1 did not become ready in 900 s.");
    view.setComparison(c);
    QVERIFY(restored->text().contains(QStringLiteral("could not be put back")));
    QVERIFY(restored->text().contains(c.restoreError));

    // Nothing measured at all: no bars, and the chart says so.
    c.rdma.bench = {};
    view.setComparison(c);
    QVERIFY(itemTexts(view.chart()).contains(QStringLiteral("No level was measured in either run.")));
}

void TestComparisonView::keptComparisons()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const jobs::ComparisonStore store(dir.path());
    jobs::Comparison older = comparison();
    jobs::Comparison newer = comparison();
    newer.started = older.started.addSecs(3600);
    newer.cancelled = true;
    newer.ok = false;
    jobs::Comparison other = comparison();
    other.jobName = QStringLiteral("other");
    QString error;
    for (const jobs::Comparison *c : { &older, &newer, &other })
        QVERIFY2(!store.save(*c, &error).isEmpty(), qPrintable(error));
    KeptComparisonsDialog dialog(QStringLiteral("tp"), dir.path());
    QCOMPARE(dialog.list()->rowCount(), 2);
    QCOMPARE(dialog.comparisons().at(0).started, newer.started);
    QCOMPARE(dialog.list()->item(0, 2)->text(), QStringLiteral("cancelled"));
    QCOMPARE(dialog.list()->item(1, 2)->text(), QStringLiteral("done"));
    QCOMPARE(dialog.list()->item(1, 3)->text(), QStringLiteral("1.50× to 1.60×"));
    QCOMPARE(dialog.list()->item(1, 4)->text(), QStringLiteral("same"));
    QVERIFY(dialog.view()->comparison());
    QCOMPARE(dialog.view()->comparison()->started, newer.started);
    dialog.list()->setCurrentCell(1, 0);
    QCOMPARE(dialog.view()->comparison()->started, older.started);
    QCOMPARE(dialog.view()->table()->item(0, ComparisonView::SpeedupColumn)->text(), QStringLiteral("1.50×"));
    shoot(&dialog, QStringLiteral("keptcomparisons.png"));

    KeptComparisonsDialog none(QStringLiteral("nothing"), dir.path());
    QCOMPARE(none.list()->rowCount(), 0);
    QVERIFY(!none.view()->comparison());
}

void TestComparisonView::dialogRefusesBadOptions()
{
    jobs::Job job;
    job.spec.name = QStringLiteral("tp");
    job.spec.secretEnv = QStringList { QStringLiteral("HF_TOKEN"), jobs::apiKeyVariable(job.spec.engine) };
    jobs::JobNode n;
    n.nodeId = QStringLiteral("n1");
    n.name = QStringLiteral("node1");
    job.nodes << n;
    ComparisonDialog dialog(nullptr, job, {});
    QSignalSpy started(&dialog, &ComparisonDialog::comparisonStarted);
    auto *levels = dialog.findChild<QLineEdit *>(QStringLiteral("comparisonLevels"));
    QVERIFY(levels);
    QCOMPARE(levels->text(), QStringLiteral("1,4,16"));
    // Asked for the secret it does not hold; never for the API key (read from the server).
    auto *token = dialog.findChild<QLineEdit *>(QStringLiteral("comparisonSecret_HF_TOKEN"));
    QVERIFY(token);
    QCOMPARE(token->echoMode(), QLineEdit::Password);
    QVERIFY(!dialog.findChild<QLineEdit *>(QStringLiteral("comparisonSecret_%1").arg(jobs::apiKeyVariable(job.spec.engine))));
    shoot(&dialog, QStringLiteral("comparisondialog-options.png"));

    levels->setText(QStringLiteral("1,x,16"));
    token->setText(QStringLiteral("hf_secret"));
    QVERIFY(!dialog.start());
    QVERIFY2(dialog.problemsText().contains(QStringLiteral("'x' is not one")), qPrintable(dialog.problemsText()));
    QVERIFY(dialog.problemsText().startsWith(QStringLiteral("Nothing was started")));
    QCOMPARE(dialog.page(), int(ComparisonDialog::OptionsPage));
    QVERIFY(!dialog.isRunning());
    QCOMPARE(dialog.comparison()->stage(), jobs::JobComparison::Stage::Idle);
    QCOMPARE(started.count(), 0);

    levels->setText(QStringLiteral("1,513"));
    QVERIFY(!dialog.start());
    QVERIFY2(dialog.problemsText().contains(QStringLiteral("'513' is not one")), qPrintable(dialog.problemsText()));
    levels->setText(QStringLiteral(","));
    QVERIFY(!dialog.start());
    QVERIFY2(dialog.problemsText().contains(QStringLiteral("at least one")), qPrintable(dialog.problemsText()));
    QCOMPARE(started.count(), 0);

    levels->setText(QStringLiteral("1,4"));
    token->clear();
    QVERIFY(!dialog.start());
    QVERIFY(dialog.problemsText().contains(QStringLiteral("HF_TOKEN")));
    QCOMPARE(dialog.comparison()->stage(), jobs::JobComparison::Stage::Idle);
    QCOMPARE(started.count(), 0);

    // A job launched from here with its token: nothing to ask.
    ComparisonDialog known(nullptr, job, { { QStringLiteral("HF_TOKEN"), QByteArray("hf") } });
    QVERIFY(!known.findChild<QLineEdit *>(QStringLiteral("comparisonSecret_HF_TOKEN")));
}

void TestComparisonView::jobsWindowActions()
{
    // In the Jobs window beside the other job actions: for a selected running job only.
    MainWindow window;
    window.show();
    window.jobsAction()->trigger();
    JobsWindow *jobs = window.jobsWindow();
    QVERIFY(jobs);
    QVERIFY(QTest::qWaitForWindowExposed(jobs));
    auto *compare = jobs->findChild<QPushButton *>(QStringLiteral("compareJobButton"));
    auto *kept = jobs->findChild<QPushButton *>(QStringLiteral("keptComparisonsButton"));
    QVERIFY(compare && kept);
    QCOMPARE(compare->accessibleName(), QStringLiteral("Compare RDMA and TCP"));
    QCOMPARE(kept->accessibleName(), QStringLiteral("Kept Comparisons"));
    QVERIFY(!compare->isEnabled());
    QVERIFY(!kept->isEnabled());
    QVERIFY(!jobs->compareSelected()); // nothing selected: nothing opens
    QVERIFY(!jobs->showKeptComparisonsSelected());
    QVERIFY(!jobs->isBusy());
    shoot(jobs, QStringLiteral("jobswindow.png"));
}

QTEST_MAIN(TestComparisonView)
#include "tst_comparisonview.moc"
