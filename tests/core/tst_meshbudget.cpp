// The latency mesh's per-node budget (ClusterController::meshPlan): small
// clusters keep the shortest interval and the full burst, larger ones get
// longer intervals so that a node sends at most meshRoundTripBudget round
// trips a second, and past meshMaxIntervalMs smaller bursts. The plan is what
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
        // Defaults: burst 20, budget 400 round trips/s, 1 s .. 10 s.
        QTest::newRow("alone") << 0 << true << 1000 << 20;
        QTest::newRow("2 nodes") << 1 << true << 1000 << 20;
        QTest::newRow("8 nodes") << 7 << true << 1000 << 20;
        QTest::newRow("11 nodes: the budget exactly") << 10 << true << 1000 << 20;
        QTest::newRow("12 nodes") << 11 << true << 1100 << 20;
        QTest::newRow("16 nodes") << 15 << true << 1500 << 20;
        QTest::newRow("32 nodes") << 31 << true << 3100 << 20;
        QTest::newRow("64 nodes") << 63 << true << 6300 << 20;
        QTest::newRow("64 nodes, TCP only") << 63 << false << 3200 << 20;
        QTest::newRow("128 nodes: longest interval, smaller bursts") << 127 << true << 10000 << 15;
        QTest::newRow("256 nodes") << 255 << true << 10000 << 7;
        QTest::newRow("1024 nodes: the smallest burst") << 1023 << true << 10000 << 5;
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
        const double rate = double(peers) * (rdma ? 2 : 1) * burst * 1000.0 / intervalMs;
        QCOMPARE(plan.roundTripsPerSecond, rate);
        // Within the budget wherever the smallest burst allows it.
        if (burst > ClusterController::kMinMeshBurst || peers * (rdma ? 2 : 1) * burst <= 4000)
            QVERIFY2(plan.roundTripsPerSecond <= options.meshRoundTripBudget + 1e-9,
                     qPrintable(QString::number(plan.roundTripsPerSecond)));
        // Always something the engine accepts, and fresh enough for the heatmap (stale after 30 s).
        QVERIFY(plan.intervalMs >= 100 && plan.intervalMs <= 10000);
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
        // No budget: the shortest interval whatever the size.
        options.meshRoundTripBudget = 0;
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
};

QTEST_GUILESS_MAIN(TestMeshBudget)
#include "tst_meshbudget.moc"
