// The cluster setup record (core/setup/savedsetup.h): its JSON round trip
// and refusals, the file under the app data folder, the cabling it gives as
// a default, and what SetupController writes into it and takes from it.

#include "fixture_probes.h"
#include "setup/savedsetup.h"
#include "setup/setupcontroller.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTest>

using namespace halolink;
using namespace halolink::setup;

namespace {

SavedSetup sample()
{
    SavedSetup s;
    s.confirmedAt = QDateTime(QDate(2026, 12, 3), QTime(18, 0, 1, 250), Qt::UTC);
    s.settings.topology = Topology::DirectPair;
    s.settings.mtu = 4200;
    s.settings.qos.dscp = 24;
    s.settings.qos.pfcPriority = 4;
    s.settings.qos.ecn = false;
    s.settings.persist = true;
    s.settings.confirmWithinSeconds = 120;
    s.nodes << SavedSetup::NodeEntry{QStringLiteral("id-a"), QStringLiteral("halo1"), QStringLiteral("enp194s0np0"),
                                     QStringLiteral("192.168.100.1/30"), QStringLiteral("ice"), QStringLiteral("irdma0"),
                                     true, true, true};
    s.nodes << SavedSetup::NodeEntry{QStringLiteral("id-b"), QStringLiteral("halo2"), QStringLiteral("enp196s0"),
                                     QStringLiteral("192.168.100.2/30"), QStringLiteral("rxe"), QStringLiteral("rxe0"),
                                     false, false, true};
    s.verified = true;
    s.measuredAt = QDateTime(QDate(2026, 12, 3), QTime(17, 59, 30), Qt::UTC);
    SavedSetup::PairEntry p;
    p.a = QStringLiteral("id-a");
    p.b = QStringLiteral("id-b");
    p.tcpOneWayNs = 34000;
    p.rdmaOneWayNs = 5230;
    p.rdmaRttNs = 10460;
    p.rdmaBps = 50.6e9;
    p.rdmaDevice = QStringLiteral("irdma0");
    p.gidIndex = 1;
    p.notes << QStringLiteral("a note");
    s.pairs << p;
    return s;
}

} // namespace

class TestSavedSetup : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_savedsetup"));
    }
    void init() { SavedSetup::remove(); }
    void cleanupTestCase() { SavedSetup::remove(); }

    void roundTrip()
    {
        const SavedSetup s = sample();
        const QJsonObject j = s.toJson();
        QCOMPARE(j.value(QStringLiteral("format")).toString(), QStringLiteral("halolink-cluster-setup"));
        QCOMPARE(j.value(QStringLiteral("version")).toInt(), 1);
        QCOMPARE(j.value(QStringLiteral("settings")).toObject().value(QStringLiteral("topology")).toString(),
                 QStringLiteral("direct"));
        QCOMPARE(j.value(QStringLiteral("verification")).toObject().value(QStringLiteral("measured_at")).toString(),
                 QStringLiteral("2026-12-03T17:59:30.000Z"));
        // Not measured is null, not 0.
        const QJsonObject pair = j.value(QStringLiteral("verification")).toObject().value(QStringLiteral("pairs")).toArray().first().toObject();
        QVERIFY(pair.value(QStringLiteral("tcp_rtt_p50_ns")).isNull());
        QCOMPARE(pair.value(QStringLiteral("rdma_one_way_p50_ns")).toDouble(), 5230.0);

        QString error;
        const auto back = SavedSetup::fromJson(QJsonDocument::fromJson(QJsonDocument(j).toJson()).object(), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->confirmedAt, s.confirmedAt);
        QCOMPARE(back->measuredAt, s.measuredAt);
        QVERIFY(back->verified);
        QCOMPARE(back->settings.topology, Topology::DirectPair);
        QVERIFY(back->settings.topologyChosen); // confirmed cabling is a choice
        QCOMPARE(back->settings.mtu, 4200);
        QCOMPARE(back->settings.qos.dscp, 24);
        QCOMPARE(back->settings.qos.pfcPriority, 4);
        QCOMPARE(back->settings.qos.ecn, false);
        QCOMPARE(back->settings.persist, true);
        QCOMPARE(back->settings.confirmWithinSeconds, 120);
        QCOMPARE(back->nodes.size(), 2);
        QCOMPARE(back->nodes.at(1).backend, QStringLiteral("rxe"));
        QCOMPARE(back->nodes.at(1).pfc, false);
        QCOMPARE(back->nodes.at(1).tos, true);
        QCOMPARE(back->nodes.at(0).address, QStringLiteral("192.168.100.1/30"));
        QCOMPARE(back->pairs.size(), 1);
        QCOMPARE(back->pairs.at(0).rdmaOneWayNs, std::optional<double>(5230));
        QVERIFY(!back->pairs.at(0).tcpRttNs);
        QCOMPARE(back->pairs.at(0).gidIndex, std::optional<int>(1));
        QCOMPARE(back->pairs.at(0).notes, QStringList{QStringLiteral("a note")});
    }

    void refusals()
    {
        QString error;
        QVERIFY(!SavedSetup::fromJson(QJsonObject{{QStringLiteral("format"), QStringLiteral("halolink-setup")}}, &error));
        QVERIFY(error.contains(QStringLiteral("not a HaloLink cluster setup")));
        QJsonObject j = sample().toJson();
        j[QStringLiteral("version")] = 2;
        QVERIFY(!SavedSetup::fromJson(j, &error));
        QVERIFY(error.contains(QStringLiteral("version 2")));
    }

    void fileInAppData()
    {
        QVERIFY(!SavedSetup::load());
        QString error;
        QVERIFY2(sample().save(&error), qPrintable(error));
        QVERIFY(SavedSetup::filePath().startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
        QVERIFY(QFile::exists(SavedSetup::filePath()));
        const auto back = SavedSetup::load(&error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->nodeIds(), (QStringList{QStringLiteral("id-a"), QStringLiteral("id-b")}));
        SavedSetup::remove();
        QVERIFY(!SavedSetup::load());
    }

    void defaultCabling()
    {
        const QStringList two{QStringLiteral("id-b"), QStringLiteral("id-a")};
        const QStringList three{QStringLiteral("id-a"), QStringLiteral("id-b"), QStringLiteral("id-c")};
        // Two nodes are almost always one direct cable.
        QCOMPARE(defaultTopology(two, std::nullopt), Topology::DirectPair);
        QCOMPARE(defaultTopology(three, std::nullopt), Topology::Switch);
        SavedSetup s = sample();
        s.settings.topology = Topology::Switch;
        // The confirmed cabling of the same nodes (in any order) wins.
        QCOMPARE(defaultTopology(two, s), Topology::Switch);
        // Another cluster's does not.
        QCOMPARE(defaultTopology(three, s), Topology::Switch);
        QCOMPARE(defaultTopology({QStringLiteral("id-a"), QStringLiteral("id-x")}, s), Topology::DirectPair);
    }

    void controllerTakesDefaults()
    {
        SetupController c(nullptr, nullptr);
        NodeInput a, b;
        a.nodeId = QStringLiteral("id-a");
        b.nodeId = QStringLiteral("id-b");
        a.name = QStringLiteral("halo1");
        b.name = QStringLiteral("halo2");
        c.setNodes({a, b});
        SavedSetup s = sample();
        s.settings.topology = Topology::Switch;
        QVERIFY(c.applySavedDefaults(s));
        QCOMPARE(c.settings().topology, Topology::Switch);
        QVERIFY(c.settings().topologyChosen);
        QCOMPARE(c.settings().qos.dscp, 24);
        QCOMPARE(c.settings().persist, true);
        QCOMPARE(c.nodes().at(1).interface, QStringLiteral("enp196s0"));
        QCOMPARE(c.nodes().at(1).address, QStringLiteral("192.168.100.2/30"));
        // Chosen once: not overridden again.
        QVERIFY(!c.applySavedDefaults(std::nullopt));
        QCOMPARE(c.settings().topology, Topology::Switch);

        // Without a record: direct cable for two, nothing chosen yet.
        SetupController d(nullptr, nullptr);
        d.setNodes({a, b});
        QVERIFY(!d.applySavedDefaults(std::nullopt));
        QCOMPARE(d.settings().topology, Topology::DirectPair);
        QVERIFY(!d.settings().topologyChosen);
    }

    void progressKeepsChoices()
    {
        // The progress file carries the chosen cabling and the typed addresses.
        SetupController c(nullptr, nullptr);
        NodeInput a, b;
        a.nodeId = QStringLiteral("id-a");
        b.nodeId = QStringLiteral("id-b");
        b.address = QStringLiteral("10.9.9.2/24");
        b.addressByHand = true;
        c.setNodes({a, b});
        Settings s;
        s.topology = Topology::Switch;
        s.topologyChosen = true;
        c.setSettings(s);
        SetupController d(nullptr, nullptr);
        QCOMPARE(d.restoreState(c.stateJson(2)), 2);
        QVERIFY(d.settings().topologyChosen);
        QCOMPARE(d.settings().topology, Topology::Switch);
        QVERIFY(!d.nodes().at(0).addressByHand);
        QVERIFY(d.nodes().at(1).addressByHand);
    }

    void confirmedRecordFromController()
    {
        SetupController c(nullptr, nullptr);
        NodeInput a, b;
        a.nodeId = QStringLiteral("id-a");
        a.interface = QStringLiteral("eth1");
        a.address = QStringLiteral(" 10.77.0.1/24 ");
        b.nodeId = QStringLiteral("id-b");
        c.setNodes({a, b});
        const SavedSetup s = c.confirmedSetup();
        QCOMPARE(s.nodes.size(), 2);
        QCOMPARE(s.nodes.at(0).address, QStringLiteral("10.77.0.1/24"));
        QVERIFY(s.settings.topologyChosen);
        QVERIFY(!s.verified);           // nothing verified
        QVERIFY(!s.measuredAt.isValid()); // nothing measured
        QVERIFY(s.confirmedAt.isValid());
    }
};

QTEST_GUILESS_MAIN(TestSavedSetup)
#include "tst_savedsetup.moc"
