// NodeListModel: "This computer" is always there; its state follows the probe.

#include "inventory/nodelistmodel.h"
#include "modelroles.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace halolink;

class TestNodeListModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void thisComputerIsAlwaysThere();
    void stateFollowsProbe();
    void unknownNodeIsIgnored();
};

void TestNodeListModel::thisComputerIsAlwaysThere()
{
    NodeListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.columnCount(), int(NodeListModel::ColumnCount));
    const int row = model.rowOf(QLatin1String(Node::kLocalId));
    QCOMPARE(row, 0);
    QVERIFY(model.node(row).isLocal());
    QCOMPARE(model.index(0, NodeListModel::NameColumn).data().toString(), QStringLiteral("This computer"));
    QCOMPARE(model.index(0, 0).data(Roles::Key).toString(), QStringLiteral("local"));
    QCOMPARE(model.state(QStringLiteral("local")), NodeState::NotProbed);
    for (int c = 0; c < model.columnCount(); ++c)
        QVERIFY(!model.headerData(c, Qt::Horizontal).toString().isEmpty());
}

void TestNodeListModel::stateFollowsProbe()
{
    NodeListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    const QString local = QStringLiteral("local");

    model.setProbing(local);
    QCOMPARE(model.state(local), NodeState::Probing);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(model.index(0, NodeListModel::StateColumn).data(Roles::NodeState).toInt(), int(NodeState::Probing));

    ProbeReport report;
    report.engineVersion = QStringLiteral("0.1.0");
    Gpu gpu;
    gpu.card = QStringLiteral("card1");
    gpu.gfxTarget = QStringLiteral("gfx1151");
    gpu.gttTotalBytes = Q_INT64_C(133143986176);
    report.gpus << gpu;
    RdmaPort port;
    port.device = QStringLiteral("irdma0");
    port.port = 1;
    port.transport = QStringLiteral("roce");
    port.state = QStringLiteral("ACTIVE");
    report.rdma << port;
    Check warn;
    warn.id = QStringLiteral("pcie_width_degraded");
    warn.status = Check::Status::Warn;
    report.checks << warn;
    model.setProbeReport(local, report);
    QCOMPARE(model.state(local), NodeState::Ready);
    QCOMPARE(model.index(0, NodeListModel::EngineColumn).data().toString(), QStringLiteral("0.1.0"));
    QVERIFY(model.index(0, NodeListModel::GpuColumn).data().toString().contains(QLatin1String("gfx1151")));
    QVERIFY(model.index(0, NodeListModel::RdmaColumn).data().toString().contains(QLatin1String("irdma0")));
    QVERIFY(model.index(0, NodeListModel::StateColumn).data().toString().contains(QLatin1String("1 warning")));
    QCOMPARE(model.index(0, NodeListModel::StateColumn).data(Roles::Status).toInt(), int(Check::Status::Warn));

    model.setFailed(local, QStringLiteral("engine not found"));
    QCOMPARE(model.state(local), NodeState::Failed);
    QCOMPARE(model.failureReason(local), QStringLiteral("engine not found"));
    QCOMPARE(model.index(0, 0).data(Qt::ToolTipRole).toString(), QStringLiteral("engine not found"));
    QCOMPARE(model.index(0, NodeListModel::StateColumn).data(Roles::Status).toInt(), int(Check::Status::Fail));
    QCOMPARE(changed.size(), 3);
}

void TestNodeListModel::unknownNodeIsIgnored()
{
    NodeListModel model;
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setProbing(QStringLiteral("halo2"));
    model.setFailed(QStringLiteral("halo2"), QStringLiteral("x"));
    QCOMPARE(changed.size(), 0);
    QCOMPARE(model.rowOf(QStringLiteral("halo2")), -1);
    QCOMPARE(model.state(QStringLiteral("halo2")), NodeState::NotProbed);
}

QTEST_GUILESS_MAIN(TestNodeListModel)
#include "tst_nodelistmodel.moc"
