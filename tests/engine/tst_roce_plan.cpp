// `halolink-engine plan`: plans from the fixture snapshots, spec validation,
// refusals, and --root never running anything live.

#include <QtTest>

#include <QTemporaryDir>

#include "engine_test_util.h"
#include "roce/plan.h"

using namespace halolink;
using halolink::test::runEngine;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(HALOLINK_FIXTURES_DIR) + QStringLiteral("/snapshots/") + name;
}

QString writeSpec(QTemporaryDir &dir, const QByteArray &json, const QString &name = QStringLiteral("spec.json"))
{
    QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(json);
    return path;
}

QJsonObject stepById(const QJsonObject &plan, const QString &id)
{
    for (const auto &v : plan.value("steps").toArray())
        if (v.toObject().value("id").toString() == id)
            return v.toObject();
    return {};
}

QStringList stepIds(const QJsonObject &plan)
{
    QStringList ids;
    for (const auto &v : plan.value("steps").toArray())
        ids << v.toObject().value("id").toString();
    return ids;
}

QJsonArray argv(std::initializer_list<const char *> words)
{
    QJsonArray a;
    for (auto w : words)
        a.append(QString::fromUtf8(w));
    return a;
}

// Copies a snapshot folder (for variants: no SSH connection in the manifest).
bool copyTree(const QString &from, const QString &to)
{
    return QProcess::execute(QStringLiteral("cp"), {QStringLiteral("-a"), from, to}) == 0;
}

} // namespace

class TestRocePlan : public QObject {
    Q_OBJECT

private slots:
    void e810AlreadyConfigured()
    {
        QTemporaryDir tmp;
        auto spec = writeSpec(tmp, R"({"format":"halolink-roce-spec","version":1,"interface":"enp194s0np0",
            "address":"192.168.100.1/30","peers":["192.168.100.2"],"mtu":9000})");
        auto r = runEngine({"plan", "--spec", spec, "--root", fixture("strix-halo-e810-roce")});
        QCOMPARE(r.exitCode, 0);
        auto plan = r.json();
        QCOMPARE(plan.value("schema").toString(), QStringLiteral("halolink.roce-plan/1"));
        QCOMPARE(plan.value("backend").toString(), QStringLiteral("ice"));
        QCOMPARE(plan.value("device").toString(), QStringLiteral("irdma0"));
        QCOMPARE(stepIds(plan), (QStringList{"enable_roce", "fw_lldp_off", "lfc_off", "pfc", "dscp_prio", "roce_tos_dir", "roce_tos",
                                             "mtu", "link_up", "address"}));
        for (auto id : {"enable_roce", "mtu", "link_up", "address"})
            QVERIFY2(stepById(plan, id).value("already_done").toBool(), id);
        for (auto id : {"fw_lldp_off", "lfc_off", "pfc", "dscp_prio", "roce_tos"})
            QVERIFY2(!stepById(plan, id).value("already_done").toBool(), id);
        QCOMPARE(stepById(plan, "pfc").value("commands").toArray(),
                 QJsonArray{argv({"dcb", "pfc", "set", "dev", "enp194s0np0", "prio-pfc", "3:on"})});
        QCOMPARE(stepById(plan, "dscp_prio").value("commands").toArray(),
                 QJsonArray{argv({"dcb", "app", "add", "dev", "enp194s0np0", "dscp-prio", "26:3"})});
        QCOMPARE(stepById(plan, "lfc_off").value("commands").toArray(),
                 QJsonArray{argv({"ethtool", "-A", "enp194s0np0", "rx", "off", "tx", "off"})});
        QCOMPARE(stepById(plan, "mtu").value("commands").toArray(),
                 QJsonArray{argv({"ip", "link", "set", "dev", "enp194s0np0", "mtu", "9000"})});
        auto tos = stepById(plan, "roce_tos");
        QCOMPARE(tos.value("files").toArray().at(0).toObject().value("path").toString(),
                 QStringLiteral("/sys/kernel/config/rdma_cm/irdma0/ports/1/default_roce_tos"));
        QCOMPARE(tos.value("files").toArray().at(0).toObject().value("content").toString(), QStringLiteral("104\n"));
        QCOMPARE(tos.value("undo_files").toArray(),
                 QJsonArray{QStringLiteral("/sys/kernel/config/rdma_cm/irdma0/ports/1/default_roce_tos")});
        QCOMPARE(stepById(plan, "roce_tos_dir").value("commands").toArray(),
                 (QJsonArray{argv({"modprobe", "rdma_cm"}), argv({"mkdir", "/sys/kernel/config/rdma_cm/irdma0"})}));
        QCOMPARE(stepById(plan, "roce_tos_dir").value("undo").toArray(),
                 QJsonArray{argv({"rmdir", "/sys/kernel/config/rdma_cm/irdma0"})});
        QCOMPARE(stepById(plan, "address").value("undo").toArray(), QJsonArray{});
        QCOMPARE(stepById(plan, "pfc").value("shell").toArray().at(0).toString(),
                 QStringLiteral("dcb pfc set dev enp194s0np0 prio-pfc 3:on"));
    }

    void e810IwarpSwitchesToRoce()
    {
        QTemporaryDir tmp;
        auto spec = writeSpec(tmp, R"({"interface":"enp23s0f0","address":"10.10.0.1/24",
            "peers":["10.10.0.2","10.20.0.2"]})");
        auto r = runEngine({"plan", "--spec", spec, "--root", fixture("e810-iwarp")});
        QCOMPARE(r.exitCode, 0);
        auto plan = r.json();
        QCOMPARE(plan.value("backend").toString(), QStringLiteral("ice"));
        QCOMPARE(stepIds(plan), (QStringList{"enable_roce", "fw_lldp_off", "lfc_off", "pfc", "dscp_prio", "roce_tos_dir", "roce_tos",
                                             "mtu", "link_up", "address", "route_10.20.0.2"}));
        auto s = stepById(plan, "enable_roce");
        QVERIFY(!s.value("already_done").toBool());
        QCOMPARE(s.value("commands").toArray(),
                 (QJsonArray{argv({"devlink", "dev", "param", "set", "pci/0000:17:00.0", "name", "enable_iwarp",
                                   "value", "false", "cmode", "runtime"}),
                             argv({"devlink", "dev", "param", "set", "pci/0000:17:00.0", "name", "enable_roce",
                                   "value", "true", "cmode", "runtime"})}));
        QCOMPARE(s.value("undo").toArray(),
                 (QJsonArray{argv({"devlink", "dev", "param", "set", "pci/0000:17:00.0", "name", "enable_roce",
                                   "value", "false", "cmode", "runtime"}),
                             argv({"devlink", "dev", "param", "set", "pci/0000:17:00.0", "name", "enable_iwarp",
                                   "value", "true", "cmode", "runtime"})}));
        QCOMPARE(stepById(plan, "mtu").value("undo").toArray(),
                 QJsonArray{argv({"ip", "link", "set", "dev", "enp23s0f0", "mtu", "1500"})});
        QCOMPARE(stepById(plan, "route_10.20.0.2").value("commands").toArray(),
                 QJsonArray{argv({"ip", "route", "replace", "10.20.0.2/32", "dev", "enp23s0f0"})});
        bool roceEna = false;
        for (const auto &w : plan.value("warnings").toArray())
            roceEna |= w.toString().contains("roce_ena");
        QVERIFY(roceEna);
    }

    void connectx6Mlx5()
    {
        QTemporaryDir tmp;
        auto spec = writeSpec(tmp, R"({"interface":"enp61s0f0np0","address":"10.30.0.1/24","peers":["10.30.0.2"]})");
        auto r = runEngine({"plan", "--spec", spec, "--root", fixture("connectx6dx-gid3")});
        QCOMPARE(r.exitCode, 0);
        auto plan = r.json();
        QCOMPARE(plan.value("backend").toString(), QStringLiteral("mlx5"));
        QCOMPARE(plan.value("device").toString(), QStringLiteral("rocep61s0f0"));
        QCOMPARE(stepIds(plan),
                 (QStringList{"pfc", "dscp_prio", "ecn", "roce_tos_dir", "roce_tos", "mtu", "link_up", "address"}));
        auto ecn = stepById(plan, "ecn").value("files").toArray();
        QCOMPARE(ecn.size(), 2);
        QCOMPARE(ecn.at(0).toObject().value("path").toString(),
                 QStringLiteral("/sys/class/net/enp61s0f0np0/ecn/roce_np/enable/3"));
        QCOMPARE(stepById(plan, "address").value("commands").toArray(),
                 QJsonArray{argv({"ip", "addr", "add", "10.30.0.1/24", "dev", "enp61s0f0np0"})});
        QVERIFY(stepById(plan, "link_up").value("already_done").toBool());
    }

    void noRdmaSoftRoce()
    {
        // The only NIC carries the SSH connection in this snapshot: a copy
        // without it stands for a node managed some other way.
        QTemporaryDir tmp;
        QString root = tmp.filePath("node");
        QVERIFY(copyTree(fixture("strix-halo-no-rdma"), root));
        QFile m(root + "/manifest.json");
        QVERIFY(m.open(QIODevice::ReadOnly));
        auto manifest = QJsonDocument::fromJson(m.readAll()).object();
        m.close();
        manifest.remove("ssh_connection");
        QVERIFY(m.open(QIODevice::WriteOnly | QIODevice::Truncate));
        m.write(QJsonDocument(manifest).toJson());
        m.close();
        QDir().mkpath(root + "/etc/systemd/network");

        auto spec = writeSpec(tmp, R"({"interface":"enp195s0","address":"10.40.0.1/24","peers":["10.40.0.2"],
            "persist":true})");
        auto r = runEngine({"plan", "--spec", spec, "--root", root});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        auto plan = r.json();
        QCOMPARE(plan.value("backend").toString(), QStringLiteral("rxe"));
        QCOMPARE(plan.value("device").toString(), QStringLiteral("rxe0"));
        QCOMPARE(stepIds(plan), (QStringList{"rxe_modules", "rxe_device", "mtu", "link_up", "address", "roce_tos_dir", "roce_tos",
                                             "persist_network", "persist_modules", "persist_unit"}));
        // kernel 6.14: no crc32_generic
        QCOMPARE(stepById(plan, "rxe_modules").value("commands").toArray(),
                 QJsonArray{argv({"modprobe", "rdma_rxe"})});
        auto dev = stepById(plan, "rxe_device");
        QVERIFY(!dev.value("already_done").toBool());
        QCOMPARE(dev.value("commands").toArray(),
                 QJsonArray{argv({"rdma", "link", "add", "rxe0", "type", "rxe", "netdev", "enp195s0"})});
        QCOMPARE(dev.value("undo").toArray(), QJsonArray{argv({"rdma", "link", "delete", "rxe0"})});
        auto net = stepById(plan, "persist_network");
        QCOMPARE(net.value("files").toArray().at(0).toObject().value("path").toString(),
                 QStringLiteral("/etc/systemd/network/50-halolink-enp195s0.network"));
        QCOMPARE(net.value("undo_files").toArray(),
                 QJsonArray{QStringLiteral("/etc/systemd/network/50-halolink-enp195s0.network")});
    }

    void managementInterfaceRefused()
    {
        QTemporaryDir tmp;
        auto spec = writeSpec(tmp, R"({"interface":"enp195s0","address":"10.40.0.1/24"})");
        auto r = runEngine({"plan", "--spec", spec, "--root", fixture("strix-halo-no-rdma")});
        QCOMPARE(r.exitCode, 1);
        auto err = r.json().value("error").toObject();
        QCOMPARE(err.value("code").toString(), QStringLiteral("invalid_spec"));
        QVERIFY2(err.value("message").toString().startsWith("interface: "), qPrintable(err.value("message").toString()));
        QVERIFY(err.value("message").toString().contains("management"));
    }

    void overlappingSubnetRefused()
    {
        QTemporaryDir tmp;
        // enp193s0 (management) has 192.168.1.50/24.
        auto spec = writeSpec(tmp, R"({"interface":"enp194s0np0","address":"192.168.1.200/16"})");
        auto r = runEngine({"plan", "--spec", spec, "--root", fixture("strix-halo-e810-roce")});
        QCOMPARE(r.exitCode, 1);
        auto err = r.json().value("error").toObject();
        QCOMPARE(err.value("code").toString(), QStringLiteral("invalid_spec"));
        QVERIFY2(err.value("message").toString().startsWith("address: "), qPrintable(err.value("message").toString()));
        QVERIFY(err.value("message").toString().contains("enp193s0"));
    }

    void unknownInterfaceRefused()
    {
        QTemporaryDir tmp;
        auto spec = writeSpec(tmp, R"({"interface":"nope0","address":"10.1.0.1/24"})");
        auto r = runEngine({"plan", "--spec", spec, "--root", fixture("connectx6dx-gid3")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.json().value("error").toObject().value("message").toString().startsWith("interface: "));
    }

    void invalidSpecs_data()
    {
        QTest::addColumn<QByteArray>("spec");
        QTest::addColumn<QString>("field");
        const QByteArray base = R"("interface":"eth9","address":"10.0.0.1/24")";
        QTest::newRow("no interface") << QByteArray(R"({"address":"10.0.0.1/24"})") << "interface";
        QTest::newRow("no address") << QByteArray(R"({"interface":"eth9"})") << "address";
        QTest::newRow("bad address") << QByteArray(R"({"interface":"eth9","address":"10.0.0.256/24"})") << "address";
        QTest::newRow("no prefix") << QByteArray(R"({"interface":"eth9","address":"10.0.0.1"})") << "address";
        QTest::newRow("prefix 7") << QByteArray(R"({"interface":"eth9","address":"10.0.0.1/7"})") << "address";
        QTest::newRow("prefix 33") << QByteArray(R"({"interface":"eth9","address":"10.0.0.1/33"})") << "address";
        QTest::newRow("network address") << QByteArray(R"({"interface":"eth9","address":"10.0.0.0/24"})") << "address";
        QTest::newRow("broadcast") << QByteArray(R"({"interface":"eth9","address":"10.0.0.255/24"})") << "address";
        QTest::newRow("bad peer") << QByteArray("{" + base + R"(,"peers":["10.0.0.2","x"]})") << "peers[1]";
        QTest::newRow("own peer") << QByteArray("{" + base + R"(,"peers":["10.0.0.1"]})") << "peers[0]";
        QTest::newRow("mtu low") << QByteArray("{" + base + R"(,"mtu":1000})") << "mtu";
        QTest::newRow("mtu high") << QByteArray("{" + base + R"(,"mtu":9217})") << "mtu";
        QTest::newRow("mtu text") << QByteArray("{" + base + R"(,"mtu":"9000"})") << "mtu";
        QTest::newRow("rdma_mode") << QByteArray("{" + base + R"(,"rdma_mode":"iwarp"})") << "rdma_mode";
        QTest::newRow("backend") << QByteArray("{" + base + R"(,"backend":"bnxt"})") << "backend";
        QTest::newRow("rxe_device") << QByteArray("{" + base + R"(,"rxe_device":"Rxe-0"})") << "rxe_device";
        QTest::newRow("dscp 64") << QByteArray("{" + base + R"(,"qos":{"dscp":64}})") << "qos.dscp";
        QTest::newRow("priority 8") << QByteArray("{" + base + R"(,"qos":{"pfc_priority":8}})") << "qos.pfc_priority";
        QTest::newRow("tos mismatch") << QByteArray("{" + base + R"(,"qos":{"dscp":26,"tos":105}})") << "qos.tos";
        QTest::newRow("tos 256") << QByteArray("{" + base + R"(,"qos":{"tos":256}})") << "qos.tos";
        QTest::newRow("ecn") << QByteArray("{" + base + R"(,"qos":{"ecn":"yes"}})") << "qos.ecn";
        QTest::newRow("persist") << QByteArray("{" + base + R"(,"persist":1})") << "persist";
        QTest::newRow("version") << QByteArray("{" + base + R"(,"version":2})") << "version";
    }
    void invalidSpecs()
    {
        QFETCH(QByteArray, spec);
        QFETCH(QString, field);
        try {
            roce::parseSpec(Json::parse(spec.toStdString()));
            QFAIL("accepted");
        } catch (const sys::EngineError &e) {
            QCOMPARE(QString::fromStdString(e.code), QStringLiteral("invalid_spec"));
            QCOMPARE(QString::fromStdString(e.message).section(QStringLiteral(": "), 0, 0), field);
        }
    }

    void validSpecDefaults()
    {
        auto s = roce::parseSpec(Json::parse(R"({"interface":"eth9","address":"10.0.0.1/31","unknown":1,
            "qos":{"dscp":26,"tos":106},"backend":null})"));
        QCOMPARE(s.qos.tos, 106);
        QCOMPARE(s.qos.pfcPriority, 3);
        QVERIFY(!s.mtu.has_value());
        QVERIFY(!s.backend.has_value());
        QCOMPARE(QString::fromStdString(s.rxeDevice), QStringLiteral("rxe0"));
    }

    void shellQuoting()
    {
        QCOMPARE(QString::fromStdString(roce::shellLine({"ip", "addr", "add", "10.0.0.1/24"})),
                 QStringLiteral("ip addr add 10.0.0.1/24"));
        QCOMPARE(QString::fromStdString(roce::shellLine({"sh", "-c", "echo 1 > /x", "", "it's"})),
                 QStringLiteral("sh -c 'echo 1 > /x' '' 'it'\\''s'"));
    }

    void planJsonRoundTrip()
    {
        roce::Plan p;
        p.spec = roce::parseSpec(Json::parse(R"({"interface":"eth9","address":"10.0.0.1/24"})"));
        p.backend = "rxe";
        p.device = "rxe0";
        roce::Step s;
        s.id = "x";
        s.commands = {{"a", "b c"}};
        s.files = {{"/etc/f", "hi\n", 0600}};
        s.undo = {{"u"}};
        s.undoFiles = {"/etc/f"};
        p.steps.push_back(s);
        auto j = roce::planJson(p);
        auto back = roce::planFromJson(j);
        QCOMPARE(roce::planJson(back).dump(), j.dump());
        QCOMPARE(back.steps.at(0).files.at(0).mode, 0600);
    }

    void rootNeverRunsLive()
    {
        // Same plan whether or not the tools exist on this machine: PATH
        // emptied makes every live command "not found".
        QTemporaryDir tmp;
        auto spec = writeSpec(tmp, R"({"interface":"enp23s0f0","address":"10.10.0.1/24","peers":["10.20.0.2"]})");
        QStringList args{"plan", "--spec", spec, "--root", fixture("e810-iwarp")};
        auto normal = runEngine(args);
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert("PATH", tmp.path());
        auto noTools = runEngine(args, 30000, env);
        QCOMPARE(normal.exitCode, 0);
        QCOMPARE(noTools.exitCode, 0);
        QCOMPARE(normal.out, noTools.out);
    }
};

QTEST_GUILESS_MAIN(TestRocePlan)
#include "tst_roce_plan.moc"
