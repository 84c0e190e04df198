// The kept cluster in words (core/setup/savedsetuptext.h) as the Cluster page
// and the dashboard say it, the wizard's defaults when a node is added to the
// kept cluster (SetupController::applySavedDefaults), and the advisor's links
// from its verification (core/advise/verificationlinks.h).

#include "advise/verificationlinks.h"
#include "setup/savedsetuptext.h"
#include "setup/setupcontroller.h"

#include <QLocale>
#include <QTest>

using namespace halolink;
using namespace halolink::setup;

namespace {

const QDateTime kConfirmed(QDate(2026, 12, 7), QTime(9, 0, 0), Qt::UTC);

SavedSetup::NodeEntry node(const char *id, const char *backend, bool pfc, bool dscp, bool tos)
{
    SavedSetup::NodeEntry e;
    e.nodeId = QLatin1String(id);
    e.name = QLatin1String(id);
    e.interface = QStringLiteral("eth1");
    e.address = QStringLiteral("10.0.0.1/24");
    e.backend = QLatin1String(backend);
    e.pfc = pfc;
    e.dscpMapping = dscp;
    e.tos = tos;
    return e;
}

SavedSetup::PairEntry pair(const char *a, const char *b, double rdmaNs, double tcpNs, double rdmaBps, double tcpBps)
{
    SavedSetup::PairEntry p;
    p.a = QLatin1String(a);
    p.b = QLatin1String(b);
    p.rdmaOneWayNs = rdmaNs;
    p.tcpOneWayNs = tcpNs;
    p.rdmaBps = rdmaBps;
    p.tcpBps = tcpBps;
    return p;
}

SavedSetup threeNodes()
{
    SavedSetup s;
    s.confirmedAt = kConfirmed;
    s.settings.topology = Topology::Switch;
    s.settings.mtu = 9000;
    s.settings.persist = true;
    s.settings.qos.dscp = 24;
    s.settings.qos.pfcPriority = 4;
    s.nodes << node("a", "ice", true, true, true) << node("b", "ice", true, true, true) << node("c", "rxe", false, false, true);
    s.verified = true;
    s.measuredAt = kConfirmed.addSecs(-30);
    s.pairs << pair("a", "b", 5230, 34000, 50.6e9, 55.7e9) << pair("a", "c", 480000, 520000, 0.9e9, 2.0e9)
            << pair("b", "c", 470000, 510000, 1.1e9, 1.9e9);
    return s;
}

} // namespace

class TestSavedSetupText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void qosByWhatThePlanSet()
    {
        Qos qos;
        qos.dscp = 24;
        qos.pfcPriority = 4;
        qos.ecn = true; // ToS 98
        QCOMPARE(nodeQosText(node("a", "ice", true, true, true), qos),
                 QStringLiteral("DSCP 24 → priority 4, PFC on priority 4, ToS 98 for RDMA connections"));
        QCOMPARE(nodeQosText(node("c", "rxe", false, false, true), qos), QStringLiteral("ToS 98 only (Soft-RoCE has no PFC)"));
        QCOMPARE(nodeQosText(node("g", "generic", false, false, false), qos), QStringLiteral("none (left as it was)"));
        qos.enabled = false;
        QCOMPARE(nodeQosText(node("a", "ice", true, true, true), qos), QStringLiteral("none (left as it was)"));
        QCOMPARE(qosSettingsText(qos), QStringLiteral("not configured (left as it was)"));
        qos.enabled = true;
        qos.ecn = false;
        QCOMPARE(qosSettingsText(qos), QStringLiteral("priority 4 (PFC where the NIC has it), DSCP 24, ToS 96"));
    }

    void ages()
    {
        const QDateTime t = kConfirmed;
        QCOMPARE(ageText(t, t.addSecs(59)), QStringLiteral("just now"));
        QCOMPARE(ageText(t, t.addSecs(61)), QStringLiteral("1 minute(s) ago")); // English plurals come with halolink_en
        QCOMPARE(ageText(t, t.addSecs(3 * 3600 + 5)), QStringLiteral("3 hour(s) ago"));
        QCOMPARE(ageText(t, t.addDays(5)), QStringLiteral("5 day(s) ago"));
        QCOMPARE(ageText(t, t.addSecs(-10)), QStringLiteral("just now")); // a clock behind the record is not "in -10 s"
    }

    void summaryAndVerification()
    {
        const SavedSetup s = threeNodes();
        const QDateTime now = kConfirmed.addSecs(2 * 3600);
        const QString summary = summaryText(s, now);
        QVERIFY2(summary.startsWith(QStringLiteral("3 node(s) on a switch, MTU 9000, confirmed ")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("(2 hour(s) ago)")), qPrintable(summary));
        QVERIFY(summary.endsWith(QStringLiteral("The configuration comes back after a reboot.")));

        // The slowest pair is what the cluster is counted on for.
        const VerificationFigures all = verificationFigures(s);
        QCOMPARE(all.pairs, 3);
        QCOMPARE(*all.rdmaOneWayNs, 480000.0);
        QCOMPARE(*all.tcpOneWayNs, 520000.0);
        QCOMPARE(*all.rdmaBps, 0.9e9);
        QCOMPARE(*all.tcpBps, 1.9e9);
        // Only the pairs among the nodes asked for.
        const VerificationFigures ab = verificationFigures(s, {QStringLiteral("a"), QStringLiteral("b")});
        QCOMPARE(ab.pairs, 1);
        QCOMPARE(*ab.rdmaOneWayNs, 5230.0);
        QCOMPARE(*ab.rdmaBps, 50.6e9);

        const QString v = verificationText(s, now);
        QVERIFY2(v.startsWith(QStringLiteral("Verified 2 hour(s) ago (")), qPrintable(v));
        QVERIFY2(v.contains(QStringLiteral("RDMA 480.0 µs one way against TCP 520.0 µs (1.1x faster); "
                                           "0.9 Gbit/s against 1.9 Gbit/s (the slowest pair).")),
                 qPrintable(v));
        QCOMPARE(*pairSpeedup(s.pairs.first()), 34000.0 / 5230.0);

        SavedSetup failed = s;
        failed.verified = false;
        QVERIFY(verificationText(failed, now).startsWith(QStringLiteral("Measured 2 hour(s) ago (")));
        SavedSetup never = s;
        never.pairs.clear();
        never.measuredAt = QDateTime();
        QVERIFY(verificationText(never, now).startsWith(QStringLiteral("Not verified")));
        // Not measured is not a speed-up of 0.
        SavedSetup::PairEntry half = s.pairs.first();
        half.tcpOneWayNs.reset();
        QVERIFY(!pairSpeedup(half));
    }

    void advisorLinks()
    {
        const SavedSetup s = threeNodes();
        // a and b: their one pair; bandwidth in bytes per second.
        auto ab = advise::linksFromVerification(s, {QStringLiteral("a"), QStringLiteral("b")});
        QVERIFY(ab);
        QCOMPARE(ab->pairs, 1);
        QCOMPARE(*ab->links.rdma.oneWayLatencySeconds, 5230e-9);
        QCOMPARE(*ab->links.rdma.bandwidthBytesPerSecond, 50.6e9 / 8);
        QCOMPARE(*ab->links.tcp.oneWayLatencySeconds, 34000e-9);
        QCOMPARE(ab->measuredAt, s.measuredAt);
        QVERIFY(ab->notes.isEmpty());
        // All three: the slowest pair.
        auto abc = advise::linksFromVerification(s, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
        QVERIFY(abc);
        QCOMPARE(*abc->links.rdma.oneWayLatencySeconds, 480000e-9);
        QCOMPARE(*abc->links.rdma.bandwidthBytesPerSecond, 0.9e9 / 8);
        // A node the verification never measured: no figures from it.
        QVERIFY(!advise::linksFromVerification(s, {QStringLiteral("a"), QStringLiteral("z")}));
        QVERIFY(!advise::linksFromVerification(s, {QStringLiteral("a")}));
        // A pair without RDMA bandwidth: the reference stands in, said so,
        // even though another pair has a figure.
        SavedSetup partial = s;
        partial.pairs[1].rdmaBps.reset();
        abc = advise::linksFromVerification(partial, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
        QVERIFY(abc);
        QVERIFY(!abc->rdmaBandwidth);
        QCOMPARE(*abc->links.rdma.bandwidthBytesPerSecond, *advise::referenceLinks().rdma.bandwidthBytesPerSecond);
        QCOMPARE(abc->notes.size(), 1);
        QVERIFY2(abc->notes.first().contains(QStringLiteral("RDMA bandwidth")), qPrintable(abc->notes.first()));
        // Never measured at all.
        SavedSetup never = s;
        never.measuredAt = QDateTime();
        QVERIFY(!advise::linksFromVerification(never, {QStringLiteral("a"), QStringLiteral("b")}));
    }

    void aNodeAddedKeepsTheSettingsNotTheCabling()
    {
        // The kept cluster: a and b on a direct cable, QoS DSCP 24 / priority 4, MTU 4200, persistent.
        SavedSetup s;
        s.confirmedAt = kConfirmed;
        s.settings.topology = Topology::DirectPair;
        s.settings.mtu = 4200;
        s.settings.persist = true;
        s.settings.qos.dscp = 24;
        s.settings.qos.pfcPriority = 4;
        s.nodes << node("a", "ice", true, true, true) << node("b", "ice", true, true, true);
        s.nodes[0].interface = QStringLiteral("enp194s0np0");
        s.nodes[0].address = QStringLiteral("192.168.100.1/30");

        SetupController c(nullptr, nullptr);
        NodeInput a, b, n3;
        a.nodeId = QStringLiteral("a");
        b.nodeId = QStringLiteral("b");
        n3.nodeId = QStringLiteral("new");
        c.setNodes({a, b, n3});
        QVERIFY(!c.applySavedDefaults(s)); // not the same nodes
        QCOMPARE(c.settings().mtu, 4200);
        QCOMPARE(c.settings().qos.dscp, 24);
        QCOMPARE(c.settings().qos.pfcPriority, 4);
        QVERIFY(c.settings().persist);
        QCOMPARE(c.settings().topology, Topology::Switch); // three nodes: no direct cable
        QVERIFY(!c.settings().topologyChosen);
        QCOMPARE(c.nodes().at(0).interface, QStringLiteral("enp194s0np0"));
        QVERIFY(c.nodes().at(0).address.isEmpty()); // a /30 of the cable is not the switch's subnet: proposed anew
        QVERIFY(c.nodes().at(2).interface.isEmpty());

        // Nodes that share nothing with the kept cluster start from the defaults.
        SetupController d(nullptr, nullptr);
        NodeInput x, y;
        x.nodeId = QStringLiteral("x");
        y.nodeId = QStringLiteral("y");
        d.setNodes({x, y});
        QVERIFY(!d.applySavedDefaults(s));
        QCOMPARE(d.settings().mtu, Settings().mtu);
        QCOMPARE(d.settings().qos.dscp, Qos().dscp);
    }
};

QTEST_GUILESS_MAIN(TestSavedSetupText)
#include "tst_savedsetuptext.moc"
