// The latency mesh's budgets (ClusterController::meshPlan): small clusters
// keep the shortest interval and the full burst, larger ones get longer
// intervals so that a node sends at most meshRoundTripBudget round trips a
// second (past meshMaxIntervalMs smaller bursts) and the whole mesh sends the
// app at most meshResultBudget events a second (up to 20 s). The plan is what
// each node's mesh.set_peers carries (the soak, tests/bench/soak_64, runs it
// with 64 real agents).

#include "cluster/clustercontroller.h"

#include <QTest>

using namespace halolink;

class TestMeshBudget : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plan_data()
    {
        QTest::addColumn<int>("peers");
        QTest::addColumn<bool>("rdma");
        QTest::addColumn<int>("intervalMs");
        QTest::addColumn<int>("burst");
        // Defaults: burst 20, 400 round trips/s per node (1 s .. 10 s, then
        // smaller bursts), 400 mesh events/s in all (up to 20 s).
        QTest::newRow("alone") << 0 << true << 1000 << 20;
        QTest::newRow("2 nodes") << 1 << true << 1000 << 20;
        QTest::newRow("8 nodes") << 7 << true << 1000 << 20;
        QTest::newRow("11 nodes: the node's budget exactly") << 10 << true << 1000 << 20;
        QTest::newRow("12 nodes") << 11 << true << 1100 << 20;
        QTest::newRow("16 nodes") << 15 << true << 1500 << 20;
        QTest::newRow("24 nodes: the app's budget decides") << 23 << true << 2800 << 20;
        QTest::newRow("32 nodes") << 31 << true << 5000 << 20;
        QTest::newRow("64 nodes") << 63 << true << 20000 << 20;
        QTest::newRow("64 nodes, TCP only") << 63 << false << 10100 << 20;
        QTest::newRow("128 nodes: the longest interval") << 127 << true << 20000 << 20;
        QTest::newRow("256 nodes: smaller bursts") << 255 << true << 20000 << 15;
        QTest::newRow("1024 nodes: the smallest burst") << 1023 << true << 20000 << 5;
    }

    void plan()
    {
        QFETCH(int, peers);
        QFETCH(bool, rdma);
        QFETCH(int, intervalMs);
        QFETCH(int, burst);
        ClusterController::Options options;
        options.rdma = rdma;
        const ClusterController::MeshPlan plan = ClusterController::meshPlan(peers, options);
        QCOMPARE(plan.intervalMs, intervalMs);
        QCOMPARE(plan.burst, burst);
        const int transports = rdma ? 2 : 1;
        const double rate = double(peers) * transports * burst * 1000.0 / intervalMs;
        QCOMPARE(plan.roundTripsPerSecond, rate);
        QCOMPARE(plan.resultsPerSecond, double(peers + 1) * peers * transports * 1000.0 / intervalMs);
        // Within the node's budget wherever the smallest burst allows it.
        if (burst > ClusterController::kMinMeshBurst || peers * transports * burst <= 20 * options.meshRoundTripBudget)
            QVERIFY2(plan.roundTripsPerSecond <= options.meshRoundTripBudget + 1e-9,
                     qPrintable(QString::number(plan.roundTripsPerSecond)));
        // Within the app's wherever the longest interval allows it (up to 64 nodes with RDMA, within 1 %).
        if (plan.intervalMs < ClusterController::kMeshMaxResultIntervalMs || peers <= 63)
            QVERIFY2(plan.resultsPerSecond <= options.meshResultBudget * 1.01, qPrintable(QString::number(plan.resultsPerSecond)));
        // Always something the engine accepts, and fresh enough for the heatmap (stale after 30 s).
        QVERIFY(plan.intervalMs >= 100 && plan.intervalMs <= ClusterController::kMeshMaxResultIntervalMs);
        QVERIFY(plan.burst >= 1 && plan.burst <= 1000);
    }

    void optionsAreKept()
    {
        ClusterController::Options options;
        // Tests ask for fast meshes on two nodes: unchanged by the budget.
        options.meshIntervalMs = 200;
        options.rdma = false;
        QCOMPARE(ClusterController::meshPlan(1, options).intervalMs, 200);
        QCOMPARE(ClusterController::meshPlan(1, options).burst, 20);
        // No budgets: the shortest interval whatever the size.
        options.meshRoundTripBudget = 0;
        options.meshResultBudget = 0;
        QCOMPARE(ClusterController::meshPlan(500, options).intervalMs, 200);
        QCOMPARE(ClusterController::meshPlan(500, options).burst, 20);
        // A larger budget, a smaller burst: shorter intervals.
        options.meshRoundTripBudget = 1000;
        options.meshBurst = 10;
        options.meshIntervalMs = 1000;
        QCOMPARE(ClusterController::meshPlan(63, options).intervalMs, 1000);
        options.rdma = true;
        QCOMPARE(ClusterController::meshPlan(63, options).intervalMs, 1300);
        // Out-of-range options are brought into the engine's range.
        options.meshIntervalMs = 10;
        options.meshMaxIntervalMs = 100000;
        options.meshRoundTripBudget = 1;
        const ClusterController::MeshPlan plan = ClusterController::meshPlan(63, options);
        QCOMPARE(plan.intervalMs, 60000);
        QCOMPARE(plan.burst, ClusterController::kMinMeshBurst);
    }

    void theAppsBudgetAlone()
    {
        ClusterController::Options options;
        options.meshRoundTripBudget = 0;
        options.rdma = false;
        // 64 nodes, TCP: 4,032 events per interval; at 100 a second 40.4 s, held at 20 s.
        options.meshResultBudget = 100;
        QCOMPARE(ClusterController::meshPlan(63, options).intervalMs, ClusterController::kMeshMaxResultIntervalMs);
        QCOMPARE(ClusterController::meshPlan(63, options).burst, 20);
        // 4 nodes, 12 events per interval: 10 a second asks for 1.2 s.
        options.meshResultBudget = 10;
        QCOMPARE(ClusterController::meshPlan(3, options).intervalMs, 1200);
        // A shortest interval longer than the event budget's longest is kept.
        options.meshIntervalMs = 30000;
        options.meshMaxIntervalMs = 30000;
        QCOMPARE(ClusterController::meshPlan(63, options).intervalMs, 30000);
    }
};

QTEST_GUILESS_MAIN(TestMeshBudget)
#include "tst_meshbudget.moc"
