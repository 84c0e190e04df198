// One status model for the probe's checks (probe/checkstatus.h), on real
// captured node states (tests/fixtures/snapshots): not applicable and unknown
// are counted apart from the passes; This computer as a workstation has its
// cluster-node checks not applicable and an engine check instead, and as a
// node (a data plane in the inventory) keeps every verdict; halolinkctl's
// text puts the check's title beside its verdict, its key after.

#include "fixture_probes.h"
#include "inventory/node.h"
#include "probe/checkstatus.h"
#include "probe/probesummary.h"

#include <QTest>

using namespace halolink;

class TestCheckStatus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void notApplicableIsItsOwnStatus();
    void countsKeepNotApplicableAndUnknownApart();
    void workstationChecksAreNotApplicable();
    void localNodeKeepsItsVerdicts();
    void whenThisComputerIsANode();
    void keychainCheck();
    void summaryTextReadsRight();
};

void TestCheckStatus::notApplicableIsItsOwnStatus()
{
    // The engine writes "pass" with a not_applicable.* key for a check with
    // nothing to look at (iwarp_mode without an RDMA device).
    const ProbeReport probe = test::fixtureProbe(QStringLiteral("strix-halo-no-rdma"));
    int notApplicable = 0;
    for (const Check &c : probe.checks) {
        if (c.messageKey.startsWith(QLatin1String("not_applicable."))) {
            QCOMPARE(c.status, Check::Status::NotApplicable);
            ++notApplicable;
        }
    }
    // iwarp_mode, port_not_active, no_roce_v2_gid, mtu_small, link_speed_degraded, management_on_rdma_netdev
    QCOMPARE(notApplicable, 6);
    QCOMPARE(probe.countChecks(Check::Status::NotApplicable), 6);
}

void TestCheckStatus::countsKeepNotApplicableAndUnknownApart()
{
    const ProbeReport probe = test::fixtureProbe(QStringLiteral("strix-halo-no-rdma"));
    const CheckCounts c = countChecks(probe.checks);
    QCOMPARE(c.failed, 2);        // rdma_core_missing, no_rdma_device
    QCOMPARE(c.warnings, 2);      // gtt_small, iommu_not_passthrough
    QCOMPARE(c.notApplicable, 6);
    QCOMPARE(c.passed, 3);        // pcie width, pcie speed, firewall
    QCOMPARE(c.unknown, 0);
    QCOMPARE(c.worst(), Check::Status::Fail);
    QVERIFY2(c.text().contains(QLatin1String("3 passed")), qPrintable(c.text()));
    QVERIFY2(c.text().contains(QLatin1String("6 not applicable")), qPrintable(c.text()));

    QList<Check> checks = probe.checks;
    Check strange;
    strange.id = QStringLiteral("new_check");
    strange.status = Check::Status::Unknown;
    strange.statusText = QStringLiteral("maybe");
    checks << strange;
    const CheckCounts withUnknown = countChecks(checks);
    QCOMPARE(withUnknown.unknown, 1);
    QCOMPARE(withUnknown.passed, 3);
    QVERIFY(withUnknown.text().contains(QLatin1String("1 unknown")));

    // Only not applicable and unknown: nothing colours it.
    QList<Check> quiet;
    for (const Check &ch : checks)
        if (ch.status == Check::Status::NotApplicable || ch.status == Check::Status::Unknown)
            quiet << ch;
    QCOMPARE(countChecks(quiet).worst(), Check::Status::Pass);
    QCOMPARE(countChecks(quiet).passed, 0);
}

void TestCheckStatus::workstationChecksAreNotApplicable()
{
    ProbeReport probe = test::fixtureProbe(QStringLiteral("strix-halo-no-rdma"));
    const int before = int(probe.checks.size());
    scopeLocalReport(probe, false);
    const CheckCounts c = countChecks(probe.checks);
    QCOMPARE(c.failed, 0);
    QCOMPARE(c.warnings, 0); // gtt_small and the IOMMU are about cluster nodes
    QCOMPARE(c.notApplicable, before);
    QCOMPARE(c.passed, 1); // the engine answered
    QCOMPARE(probe.checks.first().id, QStringLiteral("engine"));
    for (const Check &check : probe.checks) {
        if (check.id == QLatin1String("no_rdma_device")) {
            QCOMPARE(check.status, Check::Status::NotApplicable);
            // What the engine found is kept in the words.
            QVERIFY2(check.message.contains(QLatin1String("no RDMA device")), qPrintable(check.message));
            QVERIFY(check.message.contains(QLatin1String("workstation")));
        }
    }
    // Scoping twice changes nothing more.
    const ProbeReport once = probe;
    scopeLocalReport(probe, false);
    QCOMPARE(probe.checks.size(), once.checks.size());
}

void TestCheckStatus::localNodeKeepsItsVerdicts()
{
    ProbeReport probe = test::fixtureProbe(QStringLiteral("strix-halo-e810-roce"));
    const ProbeReport original = probe;
    scopeLocalReport(probe, true);
    QCOMPARE(probe.checks.size(), original.checks.size());
    for (int i = 0; i < probe.checks.size(); ++i)
        QCOMPARE(probe.checks.at(i).status, original.checks.at(i).status);
    QCOMPARE(countChecks(probe.checks).warnings, 2);
}

void TestCheckStatus::whenThisComputerIsANode()
{
    Node local = Node::local();
    QVERIFY(!isLocalClusterNode(local));
    local.dataInterface = QStringLiteral("enp194s0np0");
    QVERIFY(isLocalClusterNode(local));
    local = Node::local();
    local.dataAddress = QStringLiteral("10.0.0.1/30");
    QVERIFY(isLocalClusterNode(local));
    local = Node::local();
    local.qos = NodeQos{};
    QVERIFY(isLocalClusterNode(local));
    Node ssh;
    ssh.host = QStringLiteral("node1");
    QVERIFY(isLocalClusterNode(ssh));
}

void TestCheckStatus::keychainCheck()
{
    ProbeReport probe = test::fixtureProbe(QStringLiteral("strix-halo-no-rdma"));
    scopeLocalReport(probe, false);
    setKeychainCheck(probe, false, QStringLiteral("no Secret Service on the session bus"));
    QCOMPARE(probe.checks.at(1).id, QStringLiteral("keychain"));
    QCOMPARE(probe.checks.at(1).status, Check::Status::Warn);
    QVERIFY(probe.checks.at(1).message.contains(QLatin1String("no Secret Service")));
    // A second answer replaces the first.
    setKeychainCheck(probe, true, QString());
    int keychains = 0;
    for (const Check &c : probe.checks)
        keychains += c.id == QLatin1String("keychain");
    QCOMPARE(keychains, 1);
    QCOMPARE(probe.checks.at(1).status, Check::Status::Pass);
}

void TestCheckStatus::summaryTextReadsRight()
{
    const ProbeReport probe = test::fixtureProbe(QStringLiteral("strix-halo-e810-roce"));
    const QString text = probeSummaryText(probe, QStringLiteral("node1"));
    // Not "[ ok ] no_rdma_device": the title reads with the verdict, the key follows.
    QVERIFY2(!text.contains(QLatin1String("[ ok ] no_rdma_device")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("[no_rdma_device]")), qPrintable(text));
    const ProbeReport bare = test::fixtureProbe(QStringLiteral("strix-halo-no-rdma"));
    const QString bareText = probeSummaryText(bare, QStringLiteral("box"));
    QVERIFY2(bareText.contains(QLatin1String("[ n/a]")), qPrintable(bareText));
    QVERIFY2(bareText.contains(QLatin1String("6 not applicable")), qPrintable(bareText));
}

QTEST_GUILESS_MAIN(TestCheckStatus)
#include "tst_checkstatus.moc"
