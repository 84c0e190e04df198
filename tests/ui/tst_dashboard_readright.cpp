// The dashboard reads right (issue 19's tryout findings), offscreen, fed
// through the real decoder: the heatmap's colours span zero to a round
// figure above the highest value (489 and 532 µs are not opposite ends);
// the mouse wheel scrolls the page and zooms a chart only with Ctrl, and a
// zoom says its span in the window box until Resume; an RDMA port that
// counts only packets (rxe) is charted in packets per second, and no
// counter at all says so instead of an axis of "1 B/s"; the legend marks
// the data-plane interface; This computer takes a heatmap row and column
// only when it measured or was measured.
//
// HALOLINK_SHOT_DIR=/some/dir saves the RDMA panel and the heatmap.

#include "dashboard/dashboardpage.h"
#include "dashboard/latencyheatmap.h"
#include "dashboard/timeserieschart.h"
#include "inventory/nodelistmodel.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrymodels.h"
#include "telemetry/telemetrystore.h"

#include <QComboBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>

#include <qcustomplot.h>

using namespace halolink;
using namespace halolink::ui;

namespace {

double nowSeconds()
{
    return double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
}

void shoot(QWidget *w, const QString &name)
{
    QTest::qWait(50);
    if (const QByteArray dir = qgetenv("HALOLINK_SHOT_DIR"); !dir.isEmpty())
        QVERIFY(w->grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + name));
}

// A frame of an rxe node (docs/agent-protocol.md): packets, no bytes.
QJsonObject rxeFrame(double t, std::optional<double> packets)
{
    const QJsonValue p = packets ? QJsonValue(*packets) : QJsonValue();
    const QJsonObject port{{"device", "rxe0"}, {"port", 1}, {"state", "ACTIVE"},
                           {"rx_bytes_per_s", QJsonValue()}, {"tx_bytes_per_s", QJsonValue()},
                           {"rx_packets_per_s", p}, {"tx_packets_per_s", p}};
    const QJsonObject nic{{"netdev", "eth1"}, {"rx_bytes", 0}, {"tx_bytes", 0}, {"rx_bytes_per_s", 1000},
                          {"tx_bytes_per_s", 1000}};
    const QJsonObject nic0{{"netdev", "eth0"}, {"rx_bytes", 0}, {"tx_bytes", 0}, {"rx_bytes_per_s", 10},
                           {"tx_bytes_per_s", 10}};
    return QJsonObject{{"event", "frame"}, {"time_ns", qint64(t * 1e9)}, {"interval_ns", 100000000},
                       {"gpus", QJsonArray()}, {"nics", QJsonArray{nic0, nic}}, {"rdma", QJsonArray{port}}};
}

QJsonObject mesh(double t, const char *peer, double oneWayNs)
{
    return QJsonObject{{"event", "mesh"}, {"time_ns", qint64(t * 1e9)}, {"peer", peer}, {"address", "10.0.0.2"},
                       {"transport", "rdma"}, {"samples", 20},
                       {"rtt_ns", QJsonObject{{"p50", 2 * oneWayNs}, {"p99", 2 * oneWayNs}}},
                       {"one_way_ns", QJsonObject{{"p50", oneWayNs}, {"p99", oneWayNs}}}};
}

} // namespace

class TestDashboardReadRight : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void heatmapScaleFromZero()
    {
        QCOMPARE(LatencyHeatmap::niceCeiling(532000), 1000000.0);
        QCOMPARE(LatencyHeatmap::niceCeiling(1500), 2000.0);
        QCOMPARE(LatencyHeatmap::niceCeiling(5200), 10000.0);
        QCOMPARE(LatencyHeatmap::niceCeiling(5000), 5000.0);

        TelemetryStore store;
        TelemetryIngest ingest(&store);
        DashboardPage page(&store, &ingest, nullptr);
        page.resize(1200, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const double t = nowSeconds();
        ingest.ingestEvent(QStringLiteral("a"), mesh(t, "b", 489000));
        ingest.ingestEvent(QStringLiteral("b"), mesh(t, "a", 532000));
        QTest::qWait(10); // seriesAdded is coalesced to the next event-loop pass
        page.tick();
        page.heatmap()->sync(true);
        auto *scale = page.heatmap()->findChild<QCustomPlot *>()->findChild<QCPColorScale *>();
        if (!scale) {
            for (int i = 0; i < page.heatmap()->findChild<QCustomPlot *>()->plotLayout()->elementCount(); ++i)
                if (auto *s = qobject_cast<QCPColorScale *>(page.heatmap()->findChild<QCustomPlot *>()->plotLayout()->elementAt(i)))
                    scale = s;
        }
        QVERIFY(scale);
        QCOMPARE(scale->dataRange().lower, 0.0);
        QCOMPARE(scale->dataRange().upper, 1000000.0); // 1 ms: both values near the middle
        shoot(page.heatmap(), QStringLiteral("readright-heatmap.png"));
    }

    void wheelScrollsZoomNeedsCtrl()
    {
        TelemetryStore store;
        TelemetryIngest ingest(&store);
        DashboardPage page(&store, &ingest, nullptr);
        page.resize(1000, 600); // shorter than the panels: the page scrolls
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const double t0 = nowSeconds() - 120;
        for (int i = 0; i < 1200; ++i)
            ingest.ingestEvent(QStringLiteral("a"), rxeFrame(t0 + i * 0.1, 100));
        QTest::qWait(10); // seriesAdded is coalesced to the next event-loop pass
        page.tick();
        QCustomPlot *plot = page.nicChart()->plot(); // a chart with lines
        page.findChild<QScrollArea *>()->ensureWidgetVisible(page.nicChart());
        QTest::qWait(50);
        page.tick();
        const QCPRange before = plot->xAxis->range();
        QScrollBar *bar = page.findChild<QScrollArea *>()->verticalScrollBar();
        QVERIFY(bar->maximum() > 0);
        const int scrolled = bar->value();
        const QPointF at(plot->width() / 2.0, plot->height() / 2.0);
        QWheelEvent plain(at, plot->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(plot, &plain);
        QCOMPARE(plot->xAxis->range(), before); // no zoom
        QVERIFY(!plain.isAccepted());           // left to the parents: QApplication passes it up to the scroll area
        // ... which scrolls the page with it.
        QWheelEvent up(at, plot->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                       Qt::NoScrollPhase, false);
        QApplication::sendEvent(page.findChild<QScrollArea *>()->viewport(), &up);
        QVERIFY(bar->value() > scrolled);
        QVERIFY(!page.isPaused());
        QCOMPARE(page.windowBox()->currentText(), QStringLiteral("5 min"));
        // Ctrl+wheel zooms the time axis, pauses, and the window box says the span.
        QWheelEvent ctrl(at, plot->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
                         Qt::NoScrollPhase, false);
        QApplication::sendEvent(plot, &ctrl);
        QVERIFY(!(plot->xAxis->range() == before));
        QVERIFY(page.isPaused());
        QVERIFY2(page.windowBox()->currentText().endsWith(QStringLiteral("(zoomed)")),
                 qPrintable(page.windowBox()->currentText()));
        QVERIFY(page.windowBox()->currentText() != QStringLiteral("5 min"));
        // Resume: back to the chosen window, the zoomed entry gone.
        page.setPaused(false);
        QCOMPARE(page.windowBox()->currentText(), QStringLiteral("5 min"));
        QCOMPARE(page.windowBox()->findData(-1), -1);
    }

    void rdmaPacketsNotEmptyBytes()
    {
        TelemetryStore store;
        TelemetryIngest ingest(&store);
        NodeListModel nodes;
        Node n;
        n.id = QStringLiteral("vnode1-id");
        n.name = QStringLiteral("vnode1");
        n.host = QStringLiteral("127.0.0.1");
        n.dataInterface = QStringLiteral("eth1");
        n.dataAddress = QStringLiteral("10.77.0.1/24");
        nodes.addNode(n);
        const QString id = nodes.node(nodes.rowCount() - 1).id;
        DashboardPage page(&store, &ingest, &nodes);
        page.resize(1200, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        // No rate yet (the first frame has none): said, not an axis of nothing.
        const double t0 = nowSeconds() - 30;
        ingest.ingestEvent(id, rxeFrame(t0, std::nullopt));
        page.tick();
        QVERIFY(page.rdmaChart()->lines().isEmpty());
        QCOMPARE(page.rdmaChart()->page(), DashboardPanel::Page::Empty);
        // Packet rates arrive: charted in packets per second, titled so.
        for (int i = 1; i < 300; ++i)
            ingest.ingestEvent(id, rxeFrame(t0 + i * 0.1, 250));
        for (int i = 0; i < 31; ++i)
            page.tick(); // the once-a-second look at which series have data
        QCOMPARE(page.rdmaChart()->lines().size(), 2);
        QCOMPARE(page.rdmaChart()->unit(), telemetry::Unit::PerSecond);
        QVERIFY2(page.rdmaChart()->title().startsWith(QStringLiteral("RDMA packets per second")),
                 qPrintable(page.rdmaChart()->title()));
        QVERIFY(page.rdmaChart()->page() != DashboardPanel::Page::Empty);
        // The legend marks the data plane (the inventory's), not the other NIC.
        QStringList labels;
        for (const TimeSeriesChart::Line &l : page.nicChart()->lines())
            labels << l.label;
        QVERIFY2(labels.contains(QStringLiteral("vnode1 eth1 (data plane) rx")), qPrintable(labels.join('|')));
        QVERIFY2(labels.contains(QStringLiteral("vnode1 eth0 rx")), qPrintable(labels.join('|')));
        shoot(page.rdmaChart(), QStringLiteral("readright-rdma-packets.png"));
        shoot(page.nicChart(), QStringLiteral("readright-nic-legend.png"));
    }

    void thisComputerOnlyWithData()
    {
        TelemetryStore store;
        TelemetryIngest ingest(&store);
        NodeListModel nodes; // This computer is always in it
        Node a;
        a.id = QStringLiteral("halo1-id");
        a.name = QStringLiteral("halo1");
        a.host = QStringLiteral("halo1.invalid");
        nodes.addNode(a);
        Node b = a;
        b.id = QStringLiteral("halo2-id");
        b.name = QStringLiteral("halo2");
        b.host = QStringLiteral("halo2.invalid");
        nodes.addNode(b);
        QStringList ids;
        for (int r = 0; r < nodes.rowCount(); ++r)
            if (!nodes.node(r).isLocal())
                ids << nodes.node(r).id;
        QCOMPARE(ids.size(), 2);
        DashboardPage page(&store, &ingest, &nodes);
        page.show();
        const double t = nowSeconds();
        ingest.ingestEvent(ids.at(0), mesh(t, qPrintable(ids.at(1)), 5000));
        QTest::qWait(10);
        page.tick();
        QCOMPARE(page.latencyModel()->rowCount(), 2); // halo1, halo2: no row for This computer
        // This computer measured too: it takes its row.
        ingest.ingestEvent(QString::fromLatin1(Node::kLocalId), mesh(t, qPrintable(ids.at(0)), 9000));
        QTest::qWait(10); // seriesAdded is coalesced to the next event-loop pass
        page.tick();
        QCOMPARE(page.latencyModel()->rowCount(), 3);
    }
};

QTEST_MAIN(TestDashboardReadRight)
#include "tst_dashboard_readright.moc"
