// The node inventory: versioned JSON round trip, corrupt and newer files kept
// (never overwritten), a virtual cluster's fields, validation messages,
// ~/.ssh/config import, and
// NodeListModel following the inventory under QAbstractItemModelTester.

#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "inventory/nodevalidation.h"
#include "inventory/sshconfigimport.h"
#include "modelroles.h"
#include "ssh/sshendpoint.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace halolink;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(data);
}

Node sshNode(const QString &name, const QString &host)
{
    Node n;
    n.name = name;
    n.host = host;
    return n;
}

QStringList dirEntries(const QString &dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

class TestInventory : public QObject
{
    Q_OBJECT

private:
    QString m_dataDir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_inventory"));
        m_dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QVERIFY(m_dataDir.contains(QLatin1String("qttest")) || m_dataDir.contains(QLatin1String("tst_inventory")));
    }

    void init()
    {
        QDir(m_dataDir).removeRecursively();
    }

    void cleanupTestCase()
    {
        QDir(m_dataDir).removeRecursively();
    }

    void defaultPathIsAppData()
    {
        QCOMPARE(Inventory::defaultFilePath(), m_dataDir + QStringLiteral("/inventory.json"));
        Inventory inv;
        QCOMPARE(inv.load(), Inventory::LoadStatus::Missing);
        QCOMPARE(inv.nodes().size(), 1);
        QVERIFY(inv.nodes().first().isLocal());
        QVERIFY(inv.problemText().isEmpty());
        QVERIFY(!QFile::exists(inv.filePath())); // nothing written until something changes
    }

    void roundTrip()
    {
        QString id;
        {
            Inventory inv;
            inv.load();
            QSignalSpy added(&inv, &Inventory::nodeAdded);
            Node n = sshNode(QStringLiteral("Halo 1"), QStringLiteral("halo1.lan"));
            n.user = QStringLiteral("alice");
            n.port = 2222;
            n.dataInterface = QStringLiteral("enp194s0np0");
            n.dataAddress = QStringLiteral("192.168.100.1/30");
            QString error;
            QVERIFY2(inv.addNode(n, &error, &id), qPrintable(error));
            QCOMPARE(id, QStringLiteral("halo-1"));
            QCOMPARE(added.size(), 1);
            QVERIFY(inv.addNode(sshNode(QStringLiteral("halo2"), QStringLiteral("halo2")), &error));
            Node local = inv.nodes().first();
            local.dataAddress = QStringLiteral("192.168.100.5/30");
            QVERIFY2(inv.updateNode(local, &error), qPrintable(error));
        }
        const QJsonObject root = QJsonDocument::fromJson(readAll(Inventory::defaultFilePath())).object();
        QCOMPARE(root.value(QStringLiteral("format")).toString(), QStringLiteral("halolink-inventory"));
        QCOMPARE(root.value(QStringLiteral("version")).toInt(), 1);
        QCOMPARE(root.value(QStringLiteral("nodes")).toArray().size(), 3);

        Inventory again;
        QCOMPARE(again.load(), Inventory::LoadStatus::Ok);
        const QList<Node> nodes = again.nodes();
        QCOMPARE(nodes.size(), 3);
        QVERIFY(nodes.at(0).isLocal());
        QCOMPARE(nodes.at(0).dataAddress, QStringLiteral("192.168.100.5/30"));
        QCOMPARE(nodes.at(0).name, QStringLiteral("This computer"));
        const Node halo1 = nodes.at(1);
        QCOMPARE(halo1.id, id);
        QCOMPARE(halo1.name, QStringLiteral("Halo 1"));
        QCOMPARE(halo1.host, QStringLiteral("halo1.lan"));
        QCOMPARE(halo1.user, QStringLiteral("alice"));
        QCOMPARE(halo1.port, 2222);
        QCOMPARE(halo1.dataInterface, QStringLiteral("enp194s0np0"));
        QCOMPARE(halo1.dataAddress, QStringLiteral("192.168.100.1/30"));
        QCOMPARE(halo1.dataPlaneIp(), QStringLiteral("192.168.100.1"));
        QCOMPARE(again.find(QStringLiteral("HALO 1"))->id, id);
        QCOMPARE(again.find(QStringLiteral("local"))->id, QStringLiteral("local"));

        // Rename keeps the id; remove; This computer cannot go.
        Node renamed = halo1;
        renamed.name = QStringLiteral("halo-one");
        QString error;
        QVERIFY(again.updateNode(renamed, &error));
        QCOMPARE(again.node(id)->name, QStringLiteral("halo-one"));
        QVERIFY(!again.removeNode(QStringLiteral("local"), &error));
        QVERIFY(error.contains(QLatin1String("This computer")));
        QVERIFY(again.removeNode(id, &error));
        Inventory third;
        third.load();
        QCOMPARE(third.nodes().size(), 2);
        QVERIFY(!third.node(id));
        // Only the inventory file (QSaveFile leaves no temporary behind).
        QCOMPARE(dirEntries(m_dataDir), QStringList{QStringLiteral("inventory.json")});
    }

    // A virtual cluster's node: its lab folder and pinned known_hosts are
    // saved and read back; a file without them (older) still loads; the
    // endpoint uses the pinned file alone, no config, no agent.
    void virtualNodeRoundTrip()
    {
        Node v = sshNode(QStringLiteral("vnode1"), QStringLiteral("127.0.0.1"));
        v.port = 2201;
        v.user = QStringLiteral("root");
        v.knownHostsFile = QStringLiteral("/lab/known_hosts");
        v.virtualCluster = QStringLiteral("/lab");
        QString error;
        {
            Inventory inv;
            QVERIFY(inv.addNode(v, &error));
            QVERIFY2(inv.addNode(sshNode(QStringLiteral("real"), QStringLiteral("real.lan")), &error), qPrintable(error));
        }
        const QJsonArray saved = QJsonDocument::fromJson(readAll(Inventory::defaultFilePath())).object().value(QStringLiteral("nodes")).toArray();
        QCOMPARE(saved.size(), 2); // This computer without data-plane fields is not written
        QCOMPARE(saved.at(0).toObject().value(QStringLiteral("virtual_cluster")).toString(), QStringLiteral("/lab"));
        QCOMPARE(saved.at(0).toObject().value(QStringLiteral("known_hosts_file")).toString(), QStringLiteral("/lab/known_hosts"));
        QVERIFY(!saved.at(1).toObject().contains(QStringLiteral("virtual_cluster")));
        Inventory again;
        QCOMPARE(again.load(), Inventory::LoadStatus::Ok);
        const Node back = *again.find(QStringLiteral("vnode1"));
        QVERIFY(back.isVirtual());
        QCOMPARE(back.knownHostsFile, v.knownHostsFile);
        QVERIFY(!again.find(QStringLiteral("real"))->isVirtual());
        const SshEndpoint ep = back.sshEndpoint();
        QCOMPARE(ep.knownHostsFile, QStringLiteral("/lab/known_hosts"));
        QCOMPARE(ep.globalKnownHostsFile, QStringLiteral("/dev/null"));
        QCOMPARE(ep.configFile, QStringLiteral("/dev/null"));
        QCOMPARE(ep.agentSocket, QStringLiteral("none"));
        QVERIFY(again.find(QStringLiteral("real"))->sshEndpoint().agentSocket != QLatin1String("none"));
        // Written before the fields existed: loads, nothing virtual.
        writeAll(Inventory::defaultFilePath(), R"({"format":"halolink-inventory","version":1,"nodes":[
            {"id":"old","name":"old","kind":"ssh","host":"old.lan"}]})");
        Inventory old;
        QCOMPARE(old.load(), Inventory::LoadStatus::Ok);
        QVERIFY(!old.find(QStringLiteral("old"))->isVirtual());
        QVERIFY(old.find(QStringLiteral("old"))->knownHostsFile.isEmpty());
    }

    void twoWritersLoseNothing()
    {
        // The app and halolinkctl each hold an Inventory of the same file.
        Inventory app, ctl;
        app.load();
        ctl.load();
        QVERIFY(app.addNode(sshNode(QStringLiteral("a"), QStringLiteral("a"))));
        QSignalSpy appAdded(&app, &Inventory::nodeAdded);
        QVERIFY(ctl.addNode(sshNode(QStringLiteral("b"), QStringLiteral("b"))));
        QVERIFY(app.addNode(sshNode(QStringLiteral("c"), QStringLiteral("c"))));
        QCOMPARE(appAdded.size(), 2); // b (read again before the change) and c
        Inventory fresh;
        fresh.load();
        QCOMPARE(fresh.nodes().size(), 4);
        // Names are unique across writers too.
        QString error;
        QVERIFY(!ctl.addNode(sshNode(QStringLiteral("C"), QStringLiteral("c2")), &error));
        QVERIFY2(error.contains(QLatin1String("already called")), qPrintable(error));
    }

    void watcherFollowsOtherWriter()
    {
        Inventory app;
        app.load();
        app.setWatchingFile(true);
        QSignalSpy added(&app, &Inventory::nodeAdded);
        Inventory ctl;
        ctl.load();
        QVERIFY(ctl.addNode(sshNode(QStringLiteral("late"), QStringLiteral("late"))));
        QTRY_COMPARE_WITH_TIMEOUT(added.size(), 1, 5000);
        QCOMPARE(app.nodes().size(), 2);
    }

    void corruptFileIsMovedAside_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("reason");
        QTest::newRow("not json") << QByteArray("{\"format\": \"halolink-inventory\", \"version\": 1, \"nodes\": [")
                                  << QStringLiteral("not valid JSON");
        QTest::newRow("array") << QByteArray("[]") << QStringLiteral("not a JSON object");
        QTest::newRow("other format") << QByteArray(R"({"format":"something","version":1,"nodes":[]})")
                                      << QStringLiteral("format");
        QTest::newRow("no version") << QByteArray(R"({"format":"halolink-inventory","nodes":[]})")
                                    << QStringLiteral("version");
        QTest::newRow("nodes not a list") << QByteArray(R"({"format":"halolink-inventory","version":1,"nodes":{}})")
                                          << QStringLiteral("not a list");
        QTest::newRow("node without host")
            << QByteArray(R"({"format":"halolink-inventory","version":1,"nodes":[{"id":"a","name":"a"}]})")
            << QStringLiteral("no host");
        QTest::newRow("port out of range")
            << QByteArray(R"({"format":"halolink-inventory","version":1,"nodes":[{"id":"a","name":"a","host":"a","port":70000}]})")
            << QStringLiteral("port");
        QTest::newRow("duplicate names")
            << QByteArray(R"({"format":"halolink-inventory","version":1,"nodes":[{"id":"a","name":"x","host":"a"},{"id":"b","name":"X","host":"b"}]})")
            << QStringLiteral("used twice");
        QTest::newRow("empty file") << QByteArray() << QStringLiteral("not valid JSON");
        QTest::newRow("qos not an object")
            << QByteArray(R"({"format":"halolink-inventory","version":1,"nodes":[{"id":"a","name":"a","host":"a","qos":106}]})")
            << QStringLiteral("\"qos\" is not an object");
        QTest::newRow("qos dscp out of range")
            << QByteArray(R"({"format":"halolink-inventory","version":1,"nodes":[{"id":"a","name":"a","host":"a","qos":{"dscp":64}}]})")
            << QStringLiteral("\"dscp\" is not a number from 0 to 63");
        QTest::newRow("qos enabled not a bool")
            << QByteArray(R"({"format":"halolink-inventory","version":1,"nodes":[{"id":"a","name":"a","host":"a","qos":{"enabled":"yes"}}]})")
            << QStringLiteral("\"enabled\" is not true or false");
    }

    void corruptFileIsMovedAside()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, reason);
        const QString path = Inventory::defaultFilePath();
        writeAll(path, content);
        writeAll(m_dataDir + QStringLiteral("/other-file"), "unrelated");

        Inventory inv;
        QSignalSpy problem(&inv, &Inventory::problem);
        QCOMPARE(inv.load(), Inventory::LoadStatus::Corrupt);
        QCOMPARE(problem.size(), 1);
        QCOMPARE(inv.nodes().size(), 1);
        QVERIFY(inv.nodes().first().isLocal());
        const QString message = inv.problemText();
        QVERIFY2(message.contains(reason), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("This computer only")), qPrintable(message));
        // Moved aside whole; nothing else in the folder changed.
        QVERIFY(!QFile::exists(path));
        QVERIFY(inv.movedAsidePath().startsWith(path + QStringLiteral(".corrupt-")));
        QVERIFY(message.contains(QDir::toNativeSeparators(inv.movedAsidePath())));
        QCOMPARE(readAll(inv.movedAsidePath()), content);
        QCOMPARE(dirEntries(m_dataDir),
                 (QStringList{QFileInfo(inv.movedAsidePath()).fileName(), QStringLiteral("other-file")}));
        QCOMPARE(readAll(m_dataDir + QStringLiteral("/other-file")), QByteArray("unrelated"));

        // The app goes on: a new inventory next to the kept file.
        QVERIFY(!inv.isReadOnly());
        QVERIFY(inv.addNode(sshNode(QStringLiteral("n"), QStringLiteral("n"))));
        QCOMPARE(readAll(inv.movedAsidePath()), content);

        // A second corrupt file does not replace the first one kept.
        writeAll(path, "garbage");
        Inventory second;
        QCOMPARE(second.load(), Inventory::LoadStatus::Corrupt);
        QVERIFY(second.movedAsidePath() != inv.movedAsidePath());
        QCOMPARE(readAll(inv.movedAsidePath()), content);
        QCOMPARE(readAll(second.movedAsidePath()), QByteArray("garbage"));
    }

    void newerVersionIsKeptAndNotOverwritten()
    {
        const QString path = Inventory::defaultFilePath();
        const QByteArray content = R"({"format":"halolink-inventory","version":2,"nodes":[{"id":"x","name":"x","fancy":{"a":1}}],"groups":[]})";
        writeAll(path, content);
        Inventory inv;
        QSignalSpy problem(&inv, &Inventory::problem);
        QCOMPARE(inv.load(), Inventory::LoadStatus::NewerVersion);
        QCOMPARE(problem.size(), 1);
        QVERIFY2(inv.problemText().contains(QLatin1String("newer HaloLink")), qPrintable(inv.problemText()));
        QVERIFY(inv.problemText().contains(QLatin1String("version 2")));
        QCOMPARE(inv.nodes().size(), 1);
        QVERIFY(inv.isReadOnly());
        QString error;
        QVERIFY(!inv.addNode(sshNode(QStringLiteral("n"), QStringLiteral("n")), &error));
        QVERIFY2(error.contains(QLatin1String("newer HaloLink")), qPrintable(error));
        Node local = inv.nodes().first();
        local.dataAddress = QStringLiteral("10.0.0.1");
        QVERIFY(!inv.updateNode(local, &error));
        // Untouched, in place, nothing else written.
        QCOMPARE(readAll(path), content);
        QCOMPARE(dirEntries(m_dataDir), QStringList{QStringLiteral("inventory.json")});
    }

    // The QoS the cluster setup applied (setupcontroller's confirm) is kept
    // per node, "This computer" included; a file without it still loads, as
    // one written before HaloLink kept it.
    void qosRoundTrip()
    {
        Inventory inv;
        inv.load();
        Node a = sshNode(QStringLiteral("halo1"), QStringLiteral("halo1.lan"));
        a.dataInterface = QStringLiteral("enp194s0np0");
        a.dataAddress = QStringLiteral("192.168.100.1/30");
        a.qos = NodeQos{true, 26, 3, true, 106};
        Node b = sshNode(QStringLiteral("halo2"), QStringLiteral("halo2.lan"));
        b.qos = NodeQos{false, 26, 3, true, 106};
        Node c = sshNode(QStringLiteral("halo3"), QStringLiteral("halo3.lan"));
        QString ida, idb, idc, error;
        QVERIFY2(inv.addNode(a, &error, &ida), qPrintable(error));
        QVERIFY2(inv.addNode(b, &error, &idb), qPrintable(error));
        QVERIFY2(inv.addNode(c, &error, &idc), qPrintable(error));
        Node local = inv.nodes().first();
        local.qos = NodeQos{true, 24, 4, false, 96};
        QVERIFY2(inv.updateNode(local, &error), qPrintable(error));

        // The file: one "qos" object per node that has one, snake_case keys.
        const QJsonArray nodes = QJsonDocument::fromJson(readAll(Inventory::defaultFilePath())).object()
                                     .value(QStringLiteral("nodes")).toArray();
        QJsonObject qa, qlocal;
        bool cHasQos = true;
        for (const QJsonValue &v : nodes) {
            const QJsonObject o = v.toObject();
            if (o.value(QStringLiteral("id")).toString() == ida)
                qa = o.value(QStringLiteral("qos")).toObject();
            if (o.value(QStringLiteral("kind")).toString() == QStringLiteral("local"))
                qlocal = o.value(QStringLiteral("qos")).toObject();
            if (o.value(QStringLiteral("id")).toString() == idc)
                cHasQos = o.contains(QStringLiteral("qos"));
        }
        QCOMPARE(qa, (QJsonObject{{QStringLiteral("enabled"), true}, {QStringLiteral("dscp"), 26},
                                  {QStringLiteral("pfc_priority"), 3}, {QStringLiteral("ecn"), true},
                                  {QStringLiteral("tos"), 106}}));
        QCOMPARE(qlocal.value(QStringLiteral("tos")).toInt(), 96);
        QVERIFY(!cHasQos);

        // Read back by another reader: the same values.
        Inventory again;
        QCOMPARE(again.load(), Inventory::LoadStatus::Ok);
        QCOMPARE(again.node(ida)->qos, a.qos);
        QCOMPARE(again.node(idb)->qos, b.qos);
        QVERIFY(!again.node(idc)->qos);
        QCOMPARE(again.nodes().first().qos, local.qos);
        QCOMPARE(again.nodes(), inv.nodes());

        // Taken away again (a rollback restores "none"): the key goes.
        Node back = *again.node(ida);
        back.qos.reset();
        QVERIFY(again.updateNode(back, &error));
        for (const QJsonValue &v : QJsonDocument::fromJson(readAll(Inventory::defaultFilePath())).object()
                                       .value(QStringLiteral("nodes")).toArray()) {
            if (v.toObject().value(QStringLiteral("id")).toString() == ida)
                QVERIFY(!v.toObject().contains(QStringLiteral("qos")));
        }

        // A file of the first format (no "qos"), and a qos without tos (worked out from DSCP and ECN).
        writeAll(Inventory::defaultFilePath(),
                 R"({"format":"halolink-inventory","version":1,"nodes":[{"id":"a","name":"a","host":"h"},)"
                 R"({"id":"b","name":"b","host":"h","qos":{"enabled":true,"dscp":26,"pfc_priority":3,"ecn":true}}]})");
        Inventory old;
        QCOMPARE(old.load(), Inventory::LoadStatus::Ok);
        QVERIFY(!old.node(QStringLiteral("a"))->qos);
        QCOMPARE(old.node(QStringLiteral("b"))->qos->tos, 106);
    }

    // What jobs take as NCCL_IB_TC from the nodes' saved QoS.
    void savedTrafficClass()
    {
        auto node = [](const char *name, std::optional<NodeQos> qos) {
            Node n = sshNode(QLatin1String(name), QLatin1String(name));
            n.qos = qos;
            return n;
        };
        const NodeQos q106{true, 26, 3, true, 106};
        SavedTrafficClass t = halolink::savedTrafficClass({node("a", q106), node("b", q106)});
        QCOMPARE(t.tos, std::optional<int>(106));
        QCOMPARE(t.text(), QStringLiteral("from the cluster setup: DSCP 26, ToS 106"));
        // Different ToS: none, and both named with theirs.
        t = halolink::savedTrafficClass({node("a", q106), node("b", NodeQos{true, 24, 4, false, 96})});
        QVERIFY(!t.tos);
        QVERIFY2(t.text().contains(QStringLiteral("different ToS (a: 106, b: 96)")), qPrintable(t.text()));
        QVERIFY2(t.text().contains(QStringLiteral("traffic class 0")), qPrintable(t.text()));
        // QoS off on one, never set up on another.
        t = halolink::savedTrafficClass({node("a", q106), node("b", NodeQos{false, 26, 3, true, 106}), node("c", {})});
        QVERIFY(!t.tos);
        QCOMPARE(t.qosOff, QStringList{QStringLiteral("b")});
        QCOMPARE(t.notSetUp, QStringList{QStringLiteral("c")});
        QVERIFY2(t.text().contains(QStringLiteral("b set up with QoS off")), qPrintable(t.text()));
        QVERIFY2(t.text().contains(QStringLiteral("no QoS saved for c")), qPrintable(t.text()));
        QVERIFY(!t.text().contains(QStringLiteral("different")));
        // No nodes: nothing to say.
        QVERIFY(halolink::savedTrafficClass({}).text().isEmpty());
    }

    void unknownFieldsAreIgnored()
    {
        writeAll(Inventory::defaultFilePath(),
                 R"({"format":"halolink-inventory","version":1,"future":true,"nodes":[{"id":"a","name":"a","host":"h","colour":"red"}]})");
        Inventory inv;
        QCOMPARE(inv.load(), Inventory::LoadStatus::Ok);
        QCOMPARE(inv.nodes().size(), 2);
    }

    void validation_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("issueField");
        QTest::addColumn<QString>("message"); // empty: valid (no error)
        QTest::newRow("ok") << "name" << "halo9" << "" << "";
        QTest::newRow("empty name") << "name" << "  " << "name" << "Give the node a name";
        QTest::newRow("duplicate name") << "name" << "HALO1" << "name" << "already called 'halo1'";
        QTest::newRow("reserved name") << "name" << "local" << "name" << "name of this computer";
        QTest::newRow("empty host") << "host" << "" << "host" << "Enter the SSH host";
        QTest::newRow("host with space") << "host" << "halo 9" << "host" << "contains a space";
        QTest::newRow("host option") << "host" << "-oProxyCommand=x" << "host" << "cannot start with '-'";
        QTest::newRow("host with shell syntax") << "host" << "node1;reboot" << "host" << "no host name";
        QTest::newRow("host with dollar") << "host" << "$(id)" << "host" << "no host name";
        QTest::newRow("user in host") << "host" << "bob@halo9" << "host" << "host 'halo9' with user 'bob'";
        QTest::newRow("port in host") << "host" << "halo9:2222" << "host" << "port 2222";
        QTest::newRow("port too big") << "port" << "70000" << "port" << "from 1 to 65535 (got 70000)";
        QTest::newRow("port negative") << "port" << "-1" << "port" << "from 1 to 65535 (got -1)";
        QTest::newRow("missing key") << "identity" << "/nonexistent/id_x" << "identity_file" << "does not exist";
        QTest::newRow("long ifname") << "ifname" << "enp194s0np0abcdef" << "data_interface" << "at most 15";
        QTest::newRow("bad ifname") << "ifname" << "en p1" << "data_interface" << "not a valid interface name";
        QTest::newRow("three parts") << "address" << "10.0.0" << "data_address" << "'10.0.0' is not an IPv4 address";
        QTest::newRow("octet 300") << "address" << "10.0.0.300" << "data_address" << "'300' in '10.0.0.300' is not a number from 0 to 255";
        QTest::newRow("letters") << "address" << "10.0.x.1" << "data_address" << "'x' in '10.0.x.1'";
        QTest::newRow("leading zero") << "address" << "10.0.010.1" << "data_address" << "leading zero";
        QTest::newRow("prefix 33") << "address" << "10.0.0.1/33" << "data_address" << "from 1 to 32 (got /33";
        QTest::newRow("prefix text") << "address" << "10.0.0.1/abc" << "data_address" << "must be a number from 1 to 32";
        QTest::newRow("prefix empty") << "address" << "10.0.0.1/" << "data_address" << "must be a number from 1 to 32";
        QTest::newRow("network address") << "address" << "192.168.100.0/24" << "data_address" << "network address";
        QTest::newRow("broadcast") << "address" << "192.168.100.3/30" << "data_address" << "broadcast address";
        QTest::newRow("multicast") << "address" << "224.0.0.1" << "data_address" << "multicast";
        QTest::newRow("zero") << "address" << "0.0.0.0" << "data_address" << "not the address of a node";
        QTest::newRow("/30 host ok") << "address" << "192.168.100.2/30" << "" << "";
        QTest::newRow("/31 ok") << "address" << "192.168.100.0/31" << "" << "";
        QTest::newRow("plain ok") << "address" << "10.77.0.2" << "" << "";
    }

    void validation()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, issueField);
        QFETCH(QString, message);
        Node existing = sshNode(QStringLiteral("halo1"), QStringLiteral("halo1"));
        existing.id = QStringLiteral("halo1");
        Node n = sshNode(QStringLiteral("halo9"), QStringLiteral("halo9"));
        n.id = QStringLiteral("halo9");
        if (field == QLatin1String("name"))
            n.name = value;
        else if (field == QLatin1String("host"))
            n.host = value;
        else if (field == QLatin1String("port"))
            n.port = value.toInt();
        else if (field == QLatin1String("identity"))
            n.identityFile = value;
        else if (field == QLatin1String("ifname"))
            n.dataInterface = value;
        else if (field == QLatin1String("address"))
            n.dataAddress = value;
        const ValidationIssues issues = validateNode(n, {Node::local(), existing});
        if (message.isEmpty()) {
            QVERIFY2(!hasErrors(issues), qPrintable(issuesText(issues)));
            return;
        }
        QVERIFY(hasErrors(issues));
        bool found = false;
        for (const ValidationIssue &i : issues) {
            if (i.isError() && i.field == issueField && i.message.contains(message))
                found = true;
        }
        QVERIFY2(found, qPrintable(issuesText(issues)));
    }

    void validationWarnings()
    {
        Node a = sshNode(QStringLiteral("a"), QStringLiteral("10.0.0.1"));
        a.id = QStringLiteral("a");
        a.dataAddress = QStringLiteral("10.0.0.1/24");
        ValidationIssues issues = validateNode(a, {});
        QVERIFY(!hasErrors(issues));
        QVERIFY2(issuesText(issues).contains(QLatin1String("management")), qPrintable(issuesText(issues)));
        Node b = sshNode(QStringLiteral("b"), QStringLiteral("b"));
        b.id = QStringLiteral("b");
        b.dataAddress = QStringLiteral("127.0.0.1");
        issues = validateNode(b, {});
        QVERIFY(!hasErrors(issues));
        QVERIFY(issuesText(issues).contains(QLatin1String("loopback")));
        // Port parsing as typed in the dialog and the CLI.
        int port = -1;
        QString error;
        QVERIFY(parsePort(QString(), &port, &error));
        QCOMPARE(port, 0);
        QVERIFY(!parsePort(QStringLiteral("22a"), &port, &error));
        QVERIFY(error.contains(QLatin1String("not a number")));
        QVERIFY(!parsePort(QStringLiteral("0"), &port, &error));
    }

    void sshConfigImport()
    {
        const QString dir = QStringLiteral(HALOLINK_FIXTURES_DIR "/sshconfig");
        const SshConfigImport result = parseSshConfig(dir + QStringLiteral("/config"), dir);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QStringList aliases;
        for (const SshConfigHost &h : result.hosts)
            aliases << h.alias;
        QCOMPARE(aliases, (QStringList{QStringLiteral("halo1"), QStringLiteral("halo2"), QStringLiteral("halo4"),
                                       QStringLiteral("halo3"), QStringLiteral("bastion.lab")}));
        const SshConfigHost halo1 = result.hosts.at(0);
        QCOMPARE(halo1.hostName, QStringLiteral("192.168.1.11"));
        QCOMPARE(halo1.user, QStringLiteral("alice")); // first value wins (not Match, not the include, not Host *)
        QCOMPARE(halo1.port, 2201);
        QCOMPARE(halo1.identityFiles,
                 (QStringList{QDir::homePath() + QStringLiteral("/.ssh/id_halo"),
                              QDir::homePath() + QStringLiteral("/.ssh/id_default")}));
        QCOMPARE(halo1.line, 2);
        const SshConfigHost halo2 = result.hosts.at(1);
        QCOMPARE(halo2.hostName, QStringLiteral("192.168.1.12")); // Key=value form
        QCOMPARE(halo2.user, QStringLiteral("defaultuser"));
        QCOMPARE(halo2.port, 22);
        const SshConfigHost halo3 = result.hosts.at(3);
        QCOMPARE(halo3.hostName, QStringLiteral("192.168.1.13")); // from the Include, lower-case keywords
        QCOMPARE(halo3.port, 2203);
        QVERIFY(halo3.file.endsWith(QLatin1String("10-more.conf")));
        const SshConfigHost bastion = result.hosts.at(4);
        QCOMPARE(bastion.user, QStringLiteral("defaultuser")); // excluded from "*.lab" by "!bastion.lab"
        // Notes: the Match block and the pattern-only Host lines.
        const QString notes = result.notes.join(QLatin1Char('\n'));
        QVERIFY2(notes.contains(QLatin1String("Match host halo1")), qPrintable(notes));
        QVERIFY2(notes.contains(QLatin1String("config:17")), qPrintable(notes));
        QVERIFY(notes.contains(QLatin1String("*.lab !bastion.lab")));
        QVERIFY(!notes.contains(QLatin1String("should-not-appear")));
        for (const SshConfigHost &h : result.hosts)
            QVERIFY(h.alias != QLatin1String("should-not-appear"));

        // The node keeps the alias, so the config stays in charge.
        const Node n = halo1.toNode();
        QCOMPARE(n.host, QStringLiteral("halo1"));
        QVERIFY(n.user.isEmpty() && n.port == 0 && n.identityFile.isEmpty());

        QVERIFY(!parseSshConfig(dir + QStringLiteral("/nonexistent")).ok());
        QVERIFY(sshPatternListMatches({QStringLiteral("*.lab"), QStringLiteral("!b.lab")}, QStringLiteral("a.lab")));
        QVERIFY(!sshPatternListMatches({QStringLiteral("*.lab"), QStringLiteral("!b.lab")}, QStringLiteral("b.lab")));
        QVERIFY(sshPatternListMatches({QStringLiteral("halo?")}, QStringLiteral("HALO1")));
    }

    void includeLoopIsBounded()
    {
        QTemporaryDir tmp;
        writeAll(tmp.filePath(QStringLiteral("config")), "Host a\nInclude config\n");
        const SshConfigImport result = parseSshConfig(tmp.filePath(QStringLiteral("config")), tmp.path());
        QVERIFY(result.ok());
        QCOMPARE(result.hosts.size(), 1);
        QVERIFY(result.notes.join(QLatin1Char(' ')).contains(QLatin1String("deep")));
    }

    void modelFollowsNodes()
    {
        NodeListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        Node a = sshNode(QStringLiteral("a"), QStringLiteral("ha"));
        a.id = QStringLiteral("a");
        a.user = QStringLiteral("u");
        a.port = 2222;
        a.dataAddress = QStringLiteral("10.0.0.1/24");
        Node b = sshNode(QStringLiteral("b"), QStringLiteral("hb"));
        b.id = QStringLiteral("b");
        model.setNodes({Node::local(), a, b});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(1, NodeListModel::AddressColumn).data().toString(), QStringLiteral("u@ha:2222, data 10.0.0.1/24"));

        model.setConnectionState(QStringLiteral("a"), NodeState::Connecting, QStringLiteral("Connecting to ha"));
        QCOMPARE(model.index(1, NodeListModel::StateColumn).data().toString(), QStringLiteral("Connecting…"));
        QCOMPARE(model.index(1, 0).data(Qt::ToolTipRole).toString(), QStringLiteral("Connecting to ha"));
        model.setConnectionState(QStringLiteral("a"), NodeState::Deploying, QString(), 40);
        QCOMPARE(model.index(1, NodeListModel::StateColumn).data().toString(), QStringLiteral("Deploying 40 %"));
        QCOMPARE(model.deployPercent(QStringLiteral("a")), 40);
        model.setConnectionState(QStringLiteral("a"), NodeState::Ready);
        model.setEngineVersion(QStringLiteral("a"), QStringLiteral("0.1.0"));
        QCOMPARE(model.index(1, NodeListModel::EngineColumn).data().toString(), QStringLiteral("0.1.0"));
        QCOMPARE(model.index(1, NodeListModel::StateColumn).data(Roles::Status).toInt(), int(Check::Status::Pass));
        model.setConnectionState(QStringLiteral("a"), NodeState::Lost, QStringLiteral("connection dropped"));
        QCOMPARE(model.index(1, NodeListModel::StateColumn).data(Roles::Status).toInt(), int(Check::Status::Warn));
        model.setConnectionState(QStringLiteral("b"), NodeState::Failed, QStringLiteral("host key changed"));
        QCOMPARE(model.failureReason(QStringLiteral("b")), QStringLiteral("host key changed"));
        QCOMPARE(model.index(2, NodeListModel::StateColumn).data().toString(), QStringLiteral("Failed"));

        // Edit, remove, re-sync; This computer stays first and cannot go.
        a.name = QStringLiteral("a2");
        model.updateNode(a);
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("a2"));
        model.removeNode(QStringLiteral("local"));
        QCOMPARE(model.rowCount(), 3);
        model.setNodes({Node::local(), b});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.rowOf(QStringLiteral("b")), 1);
        QCOMPARE(model.state(QStringLiteral("b")), NodeState::Failed); // state kept across the re-sync
        Node localWithData = Node::local();
        localWithData.dataAddress = QStringLiteral("10.0.0.9");
        localWithData.name = QStringLiteral("renamed?");
        model.updateNode(localWithData);
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("This computer"));
        QCOMPARE(model.node(0).dataAddress, QStringLiteral("10.0.0.9"));
    }
};

QTEST_GUILESS_MAIN(TestInventory)
#include "tst_inventory.moc"
