// The dashboard with a cluster of 64's mesh: some 16,000 series (64 x 63
// pairs, four per pair here; the soak has 32,000 with RDMA). New series come
// in a stream as the pairs report over their first intervals: with this many
// the lines follow them at most once a second (DashboardPage::kManySeries),
// never on every frame, and a rebuild reads the store once (a hash per node
// lookup), so that one frame's work stays small. A small store still shows a
// new series at the next frame (tst_dashboard_readright relies on it).

#include "dashboard/dashboardpage.h"
#include "dashboard/timeserieschart.h"
#include "inventory/nodelistmodel.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrystore.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <ctime>

using namespace halolink;
using namespace halolink::ui;

namespace {

QJsonObject mesh(double t, const QString &peer, double oneWayNs)
{
    return QJsonObject{{"event", "mesh"}, {"time_ns", qint64(t * 1e9)}, {"peer", peer}, {"address", "10.0.0.2"},
                       {"transport", "tcp"}, {"samples", 20},
                       {"rtt_ns", QJsonObject{{"p50", 2 * oneWayNs}, {"p99", 2 * oneWayNs}}},
                       {"one_way_ns", QJsonObject{{"p50", oneWayNs}, {"p99", oneWayNs}}}};
}

QJsonObject gpuFrame(double t)
{
    const QJsonObject gpu{{"card", "card1"}, {"busy_percent", 40.0}, {"vram_used_bytes", 1e9}, {"gtt_used_bytes", 2e9}};
    return QJsonObject{{"event", "frame"}, {"time_ns", qint64(t * 1e9)}, {"interval_ns", 100000000},
                       {"gpus", QJsonArray{gpu}}, {"nics", QJsonArray()}, {"rdma", QJsonArray()}};
}

qint64 threadCpuNs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// 64 nodes in the inventory and their mesh, one result per pair, in the store.
struct MeshOf64 {
    TelemetryStore store;
    TelemetryIngest ingest{&store};
    NodeListModel nodes;
    QStringList ids;
    double t = QDateTime::currentMSecsSinceEpoch() / 1000.0;

    MeshOf64()
    {
        for (int i = 0; i < 64; ++i) {
            Node n;
            n.id = QStringLiteral("node%1-id").arg(i);
            n.name = QStringLiteral("node%1").arg(i);
            n.host = n.name + QStringLiteral(".invalid");
            nodes.addNode(n);
            ids << n.id;
        }
        for (const QString &from : std::as_const(ids))
            for (const QString &to : std::as_const(ids))
                if (from != to)
                    ingest.ingestEvent(from, mesh(t, to, 5000));
    }
};

} // namespace

class TestDashboardManySeries : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void newSeriesFollowOnceASecond()
    {
        MeshOf64 c;
        QVERIFY(c.store.seriesCount() >= DashboardPage::kManySeries);

        DashboardPage page(&c.store, &c.ingest, &c.nodes);
        page.resize(1600, 1000); // not shown: its own 30 Hz timer stays off, the test ticks
        page.tick(); // the first build
        QVERIFY(page.gpuChart()->lines().isEmpty());

        // A GPU appears: not rebuilt at once with this many series ...
        c.ingest.ingestEvent(c.ids.at(0), gpuFrame(c.t));
        QTest::qWait(10); // seriesAdded comes at the next event-loop pass
        qint64 worstNs = 0;
        int ticks = 1;
        for (; ticks < DashboardPage::kStaleLinesTicks && page.gpuChart()->lines().isEmpty(); ++ticks) {
            const qint64 start = threadCpuNs();
            page.tick();
            worstNs = std::max(worstNs, threadCpuNs() - start);
        }
        QVERIFY2(page.gpuChart()->lines().isEmpty(), qPrintable(QStringLiteral("rebuilt after %1 ticks").arg(ticks)));
        // ... and within a second of frames.
        page.tick();
        QCOMPARE(page.gpuChart()->lines().size(), 1);
        qInfo("frames without a rebuild: worst %.2f ms of CPU", double(worstNs) / 1e6);
    }

    void aNodeWaitingToReconnectRebuildsNothing()
    {
        // A lost node's row changes every second (its countdown to the next
        // try): the lines depend on a node's id and name only, so a state
        // change rebuilds nothing, while a new name is shown within a second.
        MeshOf64 c;
        c.ingest.ingestEvent(c.ids.at(3), gpuFrame(c.t));
        DashboardPage page(&c.store, &c.ingest, &c.nodes);
        page.resize(1600, 1000);
        QTest::qWait(10);
        page.tick();
        const quint64 built = page.linesBuilt();
        QCOMPARE(page.gpuChart()->lines().size(), 1);
        for (int s = 5; s >= 1; --s) {
            c.nodes.setConnectionState(c.ids.at(3), NodeState::Lost, QStringLiteral("Lost the connection (reconnecting in %1 s)").arg(s));
            for (int i = 0; i < DashboardPage::kStaleLinesTicks + 1; ++i)
                page.tick();
        }
        QCOMPARE(page.linesBuilt(), built);

        Node renamed;
        for (const Node &n : c.nodes.nodes())
            if (n.id == c.ids.at(3))
                renamed = n;
        renamed.name = QStringLiteral("rack-b-03");
        c.nodes.updateNode(renamed);
        for (int i = 0; i < DashboardPage::kStaleLinesTicks + 1; ++i)
            page.tick();
        QCOMPARE(page.linesBuilt(), built + 1);
        QCOMPARE(page.gpuChart()->lines().value(0).label, QStringLiteral("rack-b-03"));
    }
};

QTEST_MAIN(TestDashboardManySeries)
#include "tst_dashboard_manyseries.moc"
