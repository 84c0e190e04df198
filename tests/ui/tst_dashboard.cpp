// The dashboard offscreen, fed a synthetic 4-node cluster through the real
// decoder: heatmap cells (and empty ones), RDMA/TCP and one-way/round-trip
// toggles, time windows, pause, zoom, gaps, CSV and PNG export, the tables
// under QAbstractItemModelTester, the timer only while shown; and the main
// window showing live telemetry of this computer from the real engine.

#include "dashboard/dashboardpage.h"
#include "dashboard/latencyheatmap.h"
#include "dashboard/legenditem.h"
#include "dashboard/timeserieschart.h"
#include "engine/enginelocator.h"
#include "mainwindow.h"
#include "cluster/clustercontroller.h"
#include "nodes/nodeactions.h"
#include "telemetry/syntheticcluster.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrymodels.h"
#include "telemetry/telemetrystore.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QFile>
#include <QHeaderView>
#include <QImage>
#include <QStandardPaths>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <qcustomplot.h>

#include <cmath>

using namespace halolink;
using namespace halolink::ui;

namespace {

constexpr qint64 kStep = 100000000; // 10 Hz

qint64 nowNs()
{
    return QDateTime::currentMSecsSinceEpoch() * 1000000;
}

// Frames for every node from `from` to `to`; mesh each second for every pair
// except demo4 -> demo1, which is never measured.
void feed(TelemetryIngest &ingest, SyntheticCluster &cluster, qint64 from, qint64 to)
{
    for (qint64 t = from; t <= to; t += kStep) {
        for (int node = 0; node < cluster.nodeCount(); ++node)
            QVERIFY(ingest.ingestLine(SyntheticCluster::nodeId(node), cluster.frameLine(node, t, kStep)));
        if ((t / kStep) % 10 != 0)
            continue;
        for (int a = 0; a < cluster.nodeCount(); ++a) {
            for (int b = 0; b < cluster.nodeCount(); ++b) {
                if (a == b || (a == 3 && b == 0))
                    continue;
                QVERIFY(ingest.ingestLine(SyntheticCluster::nodeId(a), cluster.meshLine(a, b, "rdma", t)));
                QVERIFY(ingest.ingestLine(SyntheticCluster::nodeId(a), cluster.meshLine(a, b, "tcp", t)));
            }
        }
    }
}

struct Fixture {
    TelemetryStore store;
    TelemetryIngest ingest{&store};
    SyntheticCluster cluster{4};
    DashboardPage page{&store, &ingest, nullptr};
    qint64 fedUntil = 0;

    void start()
    {
        const qint64 now = nowNs();
        feed(ingest, cluster, now - qint64(120) * 1000000000, now);
        fedUntil = now;
        page.resize(1400, 1000);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.tick();
    }
    void more(int frames)
    {
        feed(ingest, cluster, fedUntil + kStep, fedUntil + frames * kStep);
        fedUntil += frames * kStep;
    }
};

// Counts how often the view asks a cell for its size (fitting columns to contents does).
class CountingDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        ++calls;
        return QStyledItemDelegate::sizeHint(option, index);
    }
    mutable int calls = 0;
};

bool hasNaN(const QCPGraph *graph)
{
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
        if (std::isnan(it->value))
            return true;
    }
    return false;
}

} // namespace

class TestDashboard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void chartsShowTheCluster();
    void heatmapCellsAndToggles();
    void windowChanges();
    void pauseFreezesTheView();
    void dragPausesAndSyncsCharts();
    void gapsBreakLines();
    void exportCsv();
    void exportPng();
    void tablesAreModels();
    void hiddenTablesDoNotMeasure();
    void legendDrawsAsQCustomPlots();
    void timerOnlyWhileShown();
    void mainWindowShowsThisComputer();
};

void TestDashboard::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_dashboard"));
}

void TestDashboard::chartsShowTheCluster()
{
    Fixture f;
    f.start();
    QCOMPARE(f.page.gpuChart()->lines().size(), 4);
    QCOMPARE(f.page.memoryChart()->lines().size(), 4);
    QCOMPARE(f.page.nicChart()->lines().size(), 8); // rx and tx per node
    QCOMPARE(f.page.rdmaChart()->lines().size(), 8);
    QCOMPARE(f.page.latencyChart()->lines().size(), 11); // 12 pairs, one never measured
    QCOMPARE(f.page.gpuChart()->lines().first().label, QStringLiteral("demo1"));
    QVERIFY(f.page.nicChart()->lines().at(1).dashed); // tx
    // Charts on screen have their data; 2 min at 10 Hz is raw in a 5 min window.
    QVERIFY(f.page.gpuChart()->graphPointCount(0) >= 1190);
    QCOMPARE(f.page.gpuChart()->lineResolution(0), Resolution::Raw);
    QCOMPARE(f.page.gpuChart()->plot()->yAxis->range().upper, 100.0);
    // Empty panels say so; these have data.
    QCOMPARE(f.page.gpuChart()->page(), DashboardPanel::Page::Chart);

    // p99 adds dashed lines to the latency chart.
    f.page.p99Box()->setChecked(true);
    f.page.tick();
    QCOMPARE(f.page.latencyChart()->lines().size(), 22);
}

void TestDashboard::heatmapCellsAndToggles()
{
    Fixture f;
    f.start();
    LatencyHeatmap *heatmap = f.page.heatmap();
    LatencyMatrixModel *model = heatmap->model();
    QCOMPARE(model->rowCount(), 4);
    QCOMPARE(heatmap->page(), DashboardPanel::Page::Chart);
    QVERIFY(heatmap->title().contains(QLatin1String("one-way")));
    QVERIFY(heatmap->title().contains(QLatin1String("RDMA")));

    const double rdma = model->value(0, 1);
    QVERIFY(rdma > 2000 && rdma < 4000);
    QCOMPARE(heatmap->cellText(0, 1), telemetry::formatValue(rdma, telemetry::Unit::Nanoseconds));
    // Never measured: an empty cell, in the table and in the colour map.
    QVERIFY(heatmap->cellText(3, 0).isEmpty());
    QVERIFY(std::isnan(heatmap->colorMap()->data()->cell(0, 3)));
    QVERIFY(std::isnan(heatmap->colorMap()->data()->cell(1, 1))); // diagonal
    QCOMPARE(heatmap->colorMap()->data()->cell(1, 0), rdma);       // cell(x = to, y = from)

    heatmap->tcpButton()->click();
    QCOMPARE(model->transport(), LatencyMatrixModel::Transport::Tcp);
    const double tcp = model->value(0, 1);
    QVERIFY(tcp > rdma * 3);
    QVERIFY(heatmap->title().contains(QLatin1String("TCP")));
    QCOMPARE(heatmap->colorMap()->data()->cell(1, 0), tcp);

    heatmap->roundTripButton()->click();
    QCOMPARE(model->measure(), LatencyMatrixModel::Measure::RoundTrip);
    QVERIFY(std::abs(model->value(0, 1) - 2 * tcp) <= 2);
    QVERIFY(heatmap->title().contains(QLatin1String("round trip")));
    QVERIFY(!heatmap->title().contains(QLatin1String("one-way")));
    // The latency chart follows and says what it shows.
    f.page.tick();
    QVERIFY(f.page.latencyChart()->title().contains(QLatin1String("round trip")));
    QVERIFY(f.page.latencyChart()->title().contains(QLatin1String("TCP")));

    heatmap->statisticBox()->setCurrentIndex(1);
    QVERIFY(heatmap->title().contains(QLatin1String("p99")));
    heatmap->rdmaButton()->click();
    heatmap->oneWayButton()->click();
    heatmap->statisticBox()->setCurrentIndex(0);
    QCOMPARE(model->value(0, 1), rdma);

    // Clicking a cell picks that pair for the latency chart.
    QCustomPlot *plot = heatmap->plot();
    plot->replot(); // the layout of a queued replot is not done yet
    const QPoint cell(int(plot->xAxis->coordToPixel(2)), int(plot->yAxis->coordToPixel(0)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, cell);
    f.page.tick();
    QCOMPARE(f.page.latencyChart()->lines().size(), 1);
    QVERIFY2(f.page.latencyChart()->lines().first().label.startsWith(QStringLiteral("demo1 → demo3")),
             qPrintable(f.page.latencyChart()->lines().first().label));
}

void TestDashboard::windowChanges()
{
    Fixture f;
    f.start();
    QCOMPARE(f.page.windowSeconds(), 300);
    const QList<int> choices = DashboardPage::windowChoicesSeconds();
    QCOMPARE(choices, (QList<int>{60, 300, 900, 3600, 21600, 86400}));
    QCOMPARE(f.page.windowBox()->count(), 6);
    for (int i = 0; i < choices.size(); ++i) {
        f.page.windowBox()->setCurrentIndex(i);
        f.page.tick();
        QCOMPARE(f.page.windowSeconds(), choices.at(i));
        const QCPRange range = f.page.gpuChart()->plot()->xAxis->range();
        QVERIFY(std::abs(range.size() - choices.at(i)) < 1e-6);
        QVERIFY(f.page.gpuChart()->graphPointCount(0) > 0);
    }
    f.page.windowBox()->setCurrentIndex(0);
    f.page.tick();
    // 1 min at 10 Hz: about 600 raw points, older ones trimmed.
    QVERIFY(f.page.gpuChart()->graphPointCount(0) <= 640);
}

void TestDashboard::pauseFreezesTheView()
{
    Fixture f;
    f.start();
    f.page.pauseButton()->click();
    QVERIFY(f.page.isPaused());
    const QCPRange frozen = f.page.gpuChart()->plot()->xAxis->range();
    const int points = f.page.gpuChart()->graphPointCount(0);
    const quint64 revision = f.store.revision();
    f.more(20);
    QVERIFY(f.store.revision() > revision); // data keeps arriving
    QTest::qWait(100);
    f.page.tick();
    QCOMPARE(f.page.gpuChart()->plot()->xAxis->range(), frozen);
    QCOMPARE(f.page.gpuChart()->graphPointCount(0), points);

    f.page.pauseButton()->click();
    QVERIFY(!f.page.isPaused());
    f.page.tick();
    QVERIFY(f.page.gpuChart()->graphPointCount(0) > points);
    QVERIFY(f.page.gpuChart()->plot()->xAxis->range().upper > frozen.upper);
}

void TestDashboard::dragPausesAndSyncsCharts()
{
    Fixture f;
    f.start();
    const double end = f.page.viewEnd();
    // What a drag or a wheel zoom does to the axis.
    f.page.gpuChart()->plot()->xAxis->setRange(end - 90, end - 30);
    QVERIFY(f.page.isPaused());
    QCOMPARE(f.page.viewStart(), end - 90);
    f.page.tick();
    for (TimeSeriesChart *chart : f.page.charts()) {
        if (chart->chartOnScreen())
            QCOMPARE(chart->plot()->xAxis->range(), QCPRange(end - 90, end - 30));
    }
    f.page.setPaused(false);
    f.page.tick();
    QVERIFY(std::abs(f.page.gpuChart()->plot()->xAxis->range().size() - 300) < 1e-6);
}

void TestDashboard::gapsBreakLines()
{
    Fixture f;
    f.start();
    QVERIFY(!hasNaN(f.page.gpuChart()->plot()->graph(1)));
    f.ingest.markGap(SyntheticCluster::nodeId(1), f.fedUntil + kStep / 2);
    f.more(10);
    for (int i = 0; i < 30; ++i) // charts replot when they moved by a pixel, in turns
        f.page.tick();
    QVERIFY(hasNaN(f.page.gpuChart()->plot()->graph(1)));  // demo2 was lost for a moment
    QVERIFY(!hasNaN(f.page.gpuChart()->plot()->graph(0))); // demo1 was not
}

void TestDashboard::exportCsv()
{
    Fixture f;
    f.start();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("dashboard.csv"));
    QString error;
    QVERIFY2(f.page.exportCsv(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray csv = file.readAll();
    const QList<QByteArray> lines = csv.trimmed().split('\n');
    QCOMPARE(lines.first(), QByteArray("series,node,metric,unit,resolution,time_utc,time_s,value,min,max,last"));
    QVERIFY(csv.contains("\ndemo1/gpu/card0/busy_percent,demo1,gpu/card0/busy_percent,%,raw,"));
    QVERIFY(csv.contains("\ndemo3/nic/ens1f0/tx_bytes_per_s,"));
    QVERIFY(csv.contains("\nmesh/demo1->demo2/rdma/one_way_p50_ns,demo1,rdma/one_way_p50_ns,ns,"));
    QVERIFY(!csv.contains("mesh/demo4->demo1/")); // never measured: nothing to export
    // Every row is inside the window shown (plus a bucket's width).
    int rows = 0;
    for (const QByteArray &line : lines.mid(1)) {
        const QList<QByteArray> fields = line.split(',');
        QCOMPARE(fields.size(), 11);
        const double t = fields.at(6).toDouble();
        QVERIFY(t >= f.page.viewStart() - 10 && t <= f.page.viewEnd());
        ++rows;
    }
    QVERIFY(rows > 4 * 1000); // 4 GPUs x 2 min at 10 Hz, and more
}

void TestDashboard::exportPng()
{
    Fixture f;
    f.start();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("dashboard.png"));
    QString error;
    QVERIFY2(f.page.exportPng(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.read(8), QByteArray("\x89PNG\r\n\x1a\n", 8));
    file.close();
    const QImage image(path);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() > 600 && image.height() > 400);
    QVERIFY(!f.page.exportPng(dir.filePath(QStringLiteral("missing/dir/x.png")), &error));
}

void TestDashboard::tablesAreModels()
{
    Fixture f;
    f.start();
    f.page.setShowTables(true);
    QCOMPARE(f.page.gpuChart()->page(), DashboardPanel::Page::Table);
    QCOMPARE(f.page.heatmap()->page(), DashboardPanel::Page::Table);
    QAbstractItemModelTester gpuTester(f.page.gpuChart()->tableModel(),
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester heatTester(f.page.latencyModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModel *gpu = f.page.gpuChart()->tableView()->model();
    QCOMPARE(gpu->rowCount(), 4);
    QVERIFY(gpu->index(0, SeriesTableModel::LatestColumn).data().toString().endsWith(QLatin1String(" %")));
    QAbstractItemModel *matrix = f.page.heatmap()->tableView()->model();
    QCOMPARE(matrix->rowCount(), 4);
    QVERIFY(!matrix->index(0, 1).data().toString().isEmpty());
    QVERIFY(matrix->index(3, 0).data().toString().isEmpty());
    // Live updates reach the tables too (at the slower table rate).
    const QString before = gpu->index(0, SeriesTableModel::UpdatedColumn).data().toString();
    QTest::qWait(1100);
    f.more(12);
    for (int i = 0; i < 16; ++i)
        f.page.tick();
    QVERIFY(gpu->index(0, SeriesTableModel::UpdatedColumn).data().toString() != before);
    f.page.setShowTables(false);
    QCOMPARE(f.page.gpuChart()->page(), DashboardPanel::Page::Chart);
}

void TestDashboard::hiddenTablesDoNotMeasure()
{
    Fixture f;
    f.start();
    // Behind the chart, the latency table (refreshed with new values every
    // second) does not measure its cells to fit its columns...
    QTableView *view = f.page.heatmap()->tableView();
    auto *delegate = new CountingDelegate(view);
    view->setItemDelegate(delegate);
    QCOMPARE(f.page.heatmap()->page(), DashboardPanel::Page::Chart);
    const QString before = f.page.latencyModel()->index(0, 1).data().toString();
    QTest::qWait(1100);
    f.more(30); // new mesh rounds: new values in the matrix
    for (int i = 0; i < 31; ++i) {
        f.page.tick();
        QCoreApplication::processEvents();
    }
    QVERIFY(f.page.latencyModel()->index(0, 1).data().toString() != before);
    QCOMPARE(delegate->calls, 0);
    // ...and shown, its columns fit their contents at once.
    f.page.heatmap()->tableButton()->click();
    QCOMPARE(f.page.heatmap()->page(), DashboardPanel::Page::Table);
    QTRY_VERIFY(delegate->calls > 0);
    QTRY_VERIFY(view->horizontalHeader()->sectionSize(1)
                >= view->fontMetrics().horizontalAdvance(f.page.latencyModel()->index(0, 1).data().toString()));
    // The same for a chart's table.
    TimeSeriesChart *gpu = f.page.gpuChart();
    auto *gpuDelegate = new CountingDelegate(gpu->tableView());
    gpu->tableView()->setItemDelegate(gpuDelegate);
    f.more(12);
    for (int i = 0; i < 16; ++i) {
        f.page.tick();
        QCoreApplication::processEvents();
    }
    QCOMPARE(gpuDelegate->calls, 0);
    gpu->tableButton()->click();
    QTRY_VERIFY(gpuDelegate->calls > 0);
}

void TestDashboard::legendDrawsAsQCustomPlots()
{
    // A chart's legend entries are laid out once, and look exactly like QCustomPlot's own.
    Fixture f;
    f.start();
    QCPLegend *legend = f.page.nicChart()->plot()->legend;
    QCOMPARE(legend->itemCount(), f.page.nicChart()->lines().size());
    for (int i = 0; i < legend->itemCount(); ++i)
        QVERIFY(qobject_cast<CachedLegendItem *>(legend->item(i)));

    QCustomPlot plot;
    plot.resize(400, 120);
    plot.legend->setVisible(true);
    plot.legend->setIconSize(18, 8);
    QCPGraph *solid = plot.addGraph();
    solid->setPen(QPen(QColor(0x0072B2), 1.5));
    solid->setName(QStringLiteral("demo1 ens1f0 rx"));
    QCPGraph *dashed = plot.addGraph();
    dashed->setPen(QPen(QColor(0xD55E00), 1.5, Qt::DashLine));
    dashed->setName(QStringLiteral("demo1 → demo2 p50"));
    auto picture = [&plot] {
        plot.replot(QCustomPlot::rpImmediateRefresh);
        return plot.toPixmap(400, 120).toImage();
    };
    auto useCached = [&plot](bool cached) {
        const QList<QCPGraph *> graphs{plot.graph(0), plot.graph(1)};
        plot.legend->clearItems();
        for (QCPGraph *graph : graphs) {
            if (cached)
                plot.legend->addItem(new CachedLegendItem(plot.legend, graph));
            else
                plot.legend->addItem(new QCPPlottableLegendItem(plot.legend, graph));
        }
    };
    useCached(false);
    const QImage theirs = picture();
    useCached(true);
    QCOMPARE(picture(), theirs);
    // A new name or font is laid out again.
    dashed->setName(QStringLiteral("a much longer name than before, p99"));
    QFont font = plot.legend->font();
    font.setPointSizeF(font.pointSizeF() * 1.3);
    plot.legend->setFont(font);
    const QImage renamedCached = picture();
    useCached(false);
    QCOMPARE(renamedCached, picture());
}

void TestDashboard::timerOnlyWhileShown()
{
    Fixture f;
    f.start();
    QVERIFY(f.page.frameTimer()->isActive());
    QCOMPARE(f.page.frameTimer()->interval(), 33);
    f.page.hide();
    QVERIFY(!f.page.frameTimer()->isActive());
    f.page.show();
    QVERIFY(f.page.frameTimer()->isActive());
}

void TestDashboard::mainWindowShowsThisComputer()
{
    qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!window.isDashboardShown()); // the node page first, as before
    QVERIFY(!window.dashboard()->frameTimer()->isActive());
    window.dashboardAction()->trigger();
    QVERIFY(window.isDashboardShown());
    QVERIFY(window.dashboard()->frameTimer()->isActive());
    // With no configuration, this computer's own telemetry arrives by itself.
    // It comes from the cluster's one session for This computer (no second local agent).
    QTRY_COMPARE_WITH_TIMEOUT(window.nodeActions()->cluster()->state(QStringLiteral("local")), NodeState::Ready, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(window.telemetryIngest()->stats().frames >= 3, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(!window.dashboard()->nicChart()->lines().isEmpty(), 5000);
    QVERIFY(window.dashboard()->nicChart()->lines().first().label.startsWith(QLatin1String("This computer")));
    window.showNodePage();
    QVERIFY(!window.dashboard()->frameTimer()->isActive());
    window.close();
}

QTEST_MAIN(TestDashboard)
#include "tst_dashboard.moc"
