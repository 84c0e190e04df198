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

QStringList warningKeys(const QJsonObject &plan)
{
    QStringList keys;
    for (const auto &w : plan.value("warning_keys").toArray())
        keys << w.toObject().value("key").toString();
    return keys;
}

void writeText(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    f.open(QIODevice::WriteOnly | QIODevice::Truncate);
    f.write(text);
}

// A copy of a snapshot whose only NIC carried its SSH session, without that
// session: a node managed some other way.
QString nodeReachedOtherwise(QTemporaryDir &tmp, const QString &name)
{
    QString root = tmp.filePath("node");
    copyTree(fixture(name), root);
    QFile m(root + "/manifest.json");
    m.open(QIODevice::ReadOnly);
    auto manifest = QJsonDocument::fromJson(m.readAll()).object();
    m.close();
    manifest.remove("ssh_connection");
    writeText(root + "/manifest.json", QJsonDocument(manifest).toJson());
    return root;
}

// What systemctl answers on a node where `stack` runs (systemctl is-active
// prints the state, exit 3 when not active; is-enabled of a unit file that
// does not exist: tests/fixtures/tool-output/systemctl/).
void systemdAnswers(const QString &root, const QString &stack, const QString &iface)
{
    for (auto [unit, name] : {std::pair{"NetworkManager.service", "networkmanager"},
                              std::pair{"systemd-networkd.service", "networkd"}}) {
        const QString key = root + "/cmd/systemctl_is-active_" + unit;
        const bool active = stack == name;
        writeText(key + ".out", active ? "active\n" : "inactive\n");
        if (!active)
            writeText(key + ".rc", "3\n");
    }
    const QString unit = "halolink-roce-" + iface + ".service";
    const QString key = root + "/cmd/systemctl_is-enabled_" + unit;
    writeText(key + ".out", "");
    writeText(key + ".rc", "1\n");
    writeText(key + ".err", ("Failed to get unit file state for " + unit + ": No such file or directory\n").toUtf8());
}

} // namespace

class TestRocePlan : public QObject {
    Q_OBJECT

private slots:
    void e810RoceWithFirmwareLldp()
    {
        // Fedora 43, E810 already in RoCE v2 with its address and MTU, the
        // firmware LLDP agent on (the snapshot's dcb/ethtool outputs are
        // real ones: tests/fixtures/snapshots/README.md).
        QTemporaryDir tmp;
        auto spec = writeSpec(tmp, R"({"format":"halolink-roce-spec","version":1,"interface":"enp194s0np0",
            "address":"192.168.100.1/30","peers":["192.168.100.2"],"mtu":9000})");
        auto r = runEngine({"plan", "--spec", spec, "--root", fixture("strix-halo-e810-roce")});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        auto plan = r.json();
        QCOMPARE(plan.value("schema").toString(), QStringLiteral("halolink.roce-plan/1"));
        QCOMPARE(plan.value("backend").toString(), QStringLiteral("ice"));
        QCOMPARE(plan.value("device").toString(), QStringLiteral("irdma0"));
        QCOMPARE(plan.value("device_recreated").toBool(), false);
        QCOMPARE(stepIds(plan), (QStringList{"enable_roce", "fw_lldp_off", "lfc_off", "pfc", "dscp_prio", "ets",
                                             "roce_tos_dir", "roce_tos", "mtu", "link_up", "address"}));
        for (auto id : {"enable_roce", "lfc_off", "mtu", "link_up", "address"})
            QVERIFY2(stepById(plan, id).value("state").toString() == "done", id);
        for (auto id : {"fw_lldp_off", "pfc", "dscp_prio", "ets", "roce_tos_dir", "roce_tos"})
            QVERIFY2(stepById(plan, id).value("state").toString() == "todo", id);
        // RoCE v2 already: no devlink command at all (ice re-plugs the device
        // on enable_roce true while it is on).
        QCOMPARE(stepById(plan, "enable_roce").value("commands").toArray(), QJsonArray{});
        QCOMPARE(stepById(plan, "fw_lldp_off").value("commands").toArray(),
                 QJsonArray{argv({"ethtool", "--set-priv-flags", "enp194s0np0", "fw-lldp-agent", "off"})});
        // Planned from the driver's default after the agent goes off (PFC
        // off everywhere), whatever the firmware negotiated; the undo gives
        // every priority back.
        QCOMPARE(stepById(plan, "pfc").value("commands").toArray(),
                 QJsonArray{argv({"dcb", "pfc", "set", "dev", "enp194s0np0", "prio-pfc", "3:on"})});
        QCOMPARE(stepById(plan, "pfc").value("undo").toArray(),
                 QJsonArray{argv({"dcb", "pfc", "set", "dev", "enp194s0np0", "prio-pfc", "0:off", "1:off", "2:off",
                                  "3:off", "4:off", "5:off", "6:off", "7:off"})});
        QCOMPARE(stepById(plan, "dscp_prio").value("commands").toArray(),
                 QJsonArray{argv({"dcb", "app", "add", "dev", "enp194s0np0", "dscp-prio", "26:3"})});
        QCOMPARE(stepById(plan, "ets").value("commands").toArray(),
                 QJsonArray{argv({"dcb", "ets", "set", "dev", "enp194s0np0", "tc-tsa", "all:ets", "tc-bw", "0:50",
                                  "1:0", "2:0", "3:50", "4:0", "5:0", "6:0", "7:0"})});
        auto tos = stepById(plan, "roce_tos");
        QCOMPARE(tos.value("files").toArray().at(0).toObject().value("path").toString(),
                 QStringLiteral("/sys/kernel/config/rdma_cm/irdma0/ports/1/default_roce_tos"));
        // No tos in the spec: DSCP 26 with ECN -> 106 (ECT(0)), as jobs use it.
        QCOMPARE(tos.value("files").toArray().at(0).toObject().value("content").toString(), QStringLiteral("106\n"));
        QCOMPARE(tos.value("why_key").toString(), QStringLiteral("step.roce_tos_ecn"));
        QCOMPARE(stepById(plan, "roce_tos_dir").value("commands").toArray(),
                 (QJsonArray{argv({"modprobe", "rdma_cm"}), argv({"mkdir", "/sys/kernel/config/rdma_cm/irdma0"})}));
        QCOMPARE(stepById(plan, "roce_tos_dir").value("undo").toArray(),
                 QJsonArray{argv({"rmdir", "/sys/kernel/config/rdma_cm/irdma0"})});
        QCOMPARE(stepById(plan, "address").value("undo").toArray(), QJsonArray{});
        // Every step carries what apply needs to read it again.
        for (const auto &v : plan.value("steps").toArray())
            QVERIFY2(!v.toObject().value("refresh").toObject().value("kind").toString().isEmpty(),
                     qPrintable(v.toObject().value("id").toString()));
        QVERIFY(warningKeys(plan).contains("warning.fw_lldp_persists"));
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
        QCOMPARE(plan.value("device_recreated").toBool(), true);
        QCOMPARE(stepIds(plan), (QStringList{"enable_roce", "fw_lldp_off", "lfc_off", "pfc", "dscp_prio", "ets",
                                             "roce_tos_dir", "roce_tos", "mtu", "link_up", "address",
                                             "route_10.20.0.2"}));
        auto s = stepById(plan, "enable_roce");
        QCOMPARE(s.value("state").toString(), QStringLiteral("todo"));
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
        // The device the switch creates is found by its PCI function when
        // the ToS steps run; until then their state is unknown, with why.
        for (auto id : {"roce_tos_dir", "roce_tos"}) {
            auto t = stepById(plan, id);
            QCOMPARE(t.value("state").toString(), QStringLiteral("unknown"));
            QVERIFY(t.value("unknown_reason").toString().contains("0000:17:00.0"));
            QCOMPARE(t.value("refresh").toObject().value("args").toObject().value("pci").toString(),
                     QStringLiteral("0000:17:00.0"));
        }
        QCOMPARE(stepById(plan, "roce_tos_dir").value("why_key").toString(),
                 QStringLiteral("step.roce_tos_dir_recreated"));
        QCOMPARE(stepById(plan, "mtu").value("undo").toArray(),
                 QJsonArray{argv({"ip", "link", "set", "dev", "enp23s0f0", "mtu", "1500"})});
        QCOMPARE(stepById(plan, "link_up").value("state").toString(), QStringLiteral("todo"));
        QCOMPARE(stepById(plan, "route_10.20.0.2").value("commands").toArray(),
                 QJsonArray{argv({"ip", "route", "replace", "10.20.0.2/32", "dev", "enp23s0f0"})});
        // The snapshot has no `ip -j route show 10.20.0.2/32`: unknown, never
        // "no route".
        QCOMPARE(stepById(plan, "route_10.20.0.2").value("state").toString(), QStringLiteral("unknown"));
        bool roceEna = false;
        for (const auto &w : plan.value("warnings").toArray())
            roceEna |= w.toString().contains("roce_ena");
        QVERIFY(roceEna);
        QVERIFY(warningKeys(plan).contains("warning.iwarp_now"));
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
        // The inbox mlx5 driver (Ubuntu 22.04) has no ECN switch: no ecn step,
        // a warning instead.
        QCOMPARE(stepIds(plan), (QStringList{"pfc", "dscp_prio", "roce_tos_dir", "roce_tos", "mtu", "link_up", "address"}));
        QVERIFY(warningKeys(plan).contains("warning.mlx5_ecn_firmware"));
        QCOMPARE(stepById(plan, "pfc").value("commands").toArray(),
                 QJsonArray{argv({"dcb", "pfc", "set", "dev", "enp61s0f0np0", "prio-pfc", "3:on"})});
        QCOMPARE(stepById(plan, "address").value("commands").toArray(),
                 QJsonArray{argv({"ip", "addr", "add", "10.30.0.1/24", "dev", "enp61s0f0np0"})});
        QCOMPARE(stepById(plan, "link_up").value("state").toString(), QStringLiteral("done"));

        // With MLNX_OFED's driver, which has the per-priority switches.
        QString root = tmp.filePath("ofed");
        QVERIFY(copyTree(fixture("connectx6dx-gid3"), root));
        const QString net = root + "/sys/devices/pci0000:3a/0000:3a:02.0/0000:3d:00.0/net/enp61s0f0np0/ecn/";
        for (auto role : {"roce_np", "roce_rp"}) {
            QDir().mkpath(net + role + "/enable");
            QFile f(net + role + "/enable/3");
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("0\n");
        }
        auto o = runEngine({"plan", "--spec", spec, "--root", root});
        QCOMPARE(o.exitCode, 0);
        auto ofed = o.json();
        QCOMPARE(stepIds(ofed), (QStringList{"pfc", "dscp_prio", "ecn", "roce_tos_dir", "roce_tos", "mtu", "link_up",
                                             "address"}));
        auto ecn = stepById(ofed, "ecn").value("files").toArray();
        QCOMPARE(ecn.size(), 2);
        QCOMPARE(ecn.at(0).toObject().value("path").toString(),
                 QStringLiteral("/sys/class/net/enp61s0f0np0/ecn/roce_np/enable/3"));
        QVERIFY(!warningKeys(ofed).contains("warning.mlx5_ecn_firmware"));
    }

    void noRdmaSoftRoce()
    {
        QTemporaryDir tmp;
        QString root = nodeReachedOtherwise(tmp, "strix-halo-no-rdma");
        systemdAnswers(root, "networkd", "enp195s0");
        auto spec = writeSpec(tmp, R"({"interface":"enp195s0","address":"10.40.0.1/24","peers":["10.40.0.2"],
            "persist":true})");
        auto r = runEngine({"plan", "--spec", spec, "--root", root});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        auto plan = r.json();
        QCOMPARE(plan.value("backend").toString(), QStringLiteral("rxe"));
        QCOMPARE(plan.value("device").toString(), QStringLiteral("rxe0"));
        QCOMPARE(stepIds(plan), (QStringList{"rxe_modules", "rxe_device", "mtu", "link_up", "address", "roce_tos_dir",
                                             "roce_tos", "persist_network", "persist_modules", "persist_unit"}));
        // kernel 6.14: no crc32_generic
        QCOMPARE(stepById(plan, "rxe_modules").value("commands").toArray(),
                 QJsonArray{argv({"modprobe", "rdma_rxe"})});
        auto dev = stepById(plan, "rxe_device");
        QCOMPARE(dev.value("state").toString(), QStringLiteral("todo"));
        QCOMPARE(dev.value("commands").toArray(),
                 QJsonArray{argv({"rdma", "link", "add", "rxe0", "type", "rxe", "netdev", "enp195s0"})});
        QCOMPARE(dev.value("undo").toArray(), QJsonArray{argv({"rdma", "link", "delete", "rxe0"})});
        // systemd-networkd is what runs: its file, sorted before the usual
        // 10-...99- names (the first matching .network file is the one used).
        auto net = stepById(plan, "persist_network");
        QCOMPARE(net.value("why_key").toString(), QStringLiteral("step.persist_networkd"));
        QCOMPARE(net.value("files").toArray().at(0).toObject().value("path").toString(),
                 QStringLiteral("/etc/systemd/network/09-halolink-enp195s0.network"));
        QVERIFY(net.value("files").toArray().at(0).toObject().value("content").toString().contains(
            "RequiredForOnline=no"));
        QCOMPARE(net.value("undo_files").toArray(),
                 QJsonArray{QStringLiteral("/etc/systemd/network/09-halolink-enp195s0.network")});
        // The boot unit: after the netdev, before the network stack, a
        // script whose commands are quoted as the plan's.
        auto unit = stepById(plan, "persist_unit");
        const auto files = unit.value("files").toArray();
        QCOMPARE(files.size(), 2);
        QCOMPARE(files.at(0).toObject().value("path").toString(), QStringLiteral("/usr/local/sbin/halolink-roce-enp195s0"));
        QCOMPARE(files.at(0).toObject().value("mode").toString(), QStringLiteral("0755"));
        const QString script = files.at(0).toObject().value("content").toString();
        QVERIFY(script.contains("run modprobe rdma_rxe\n"));
        QVERIFY(script.contains("[ -e /sys/class/infiniband/rxe0 ] || run rdma link add rxe0 type rxe netdev enp195s0\n"));
        QVERIFY(script.contains("run modprobe rdma_cm\n"));
        QVERIFY(script.contains("dev=rxe0\n"));
        QVERIFY(script.contains("run mkdir -p \"/sys/kernel/config/rdma_cm/$dev\""));
        QVERIFY(script.contains("echo 106 >\"/sys/kernel/config/rdma_cm/$dev/ports/1/default_roce_tos\""));
        QVERIFY(script.indexOf("rdma link add") < script.indexOf("modprobe rdma_cm"));
        const QString u = files.at(1).toObject().value("content").toString();
        QCOMPARE(files.at(1).toObject().value("path").toString(),
                 QStringLiteral("/etc/systemd/system/halolink-roce-enp195s0.service"));
        QVERIFY(u.contains("BindsTo=sys-subsystem-net-devices-enp195s0.device\n"));
        QVERIFY(u.contains("Before=network-pre.target\nWants=network-pre.target\n"));
        QVERIFY(u.contains("ExecStart=/bin/sh /usr/local/sbin/halolink-roce-enp195s0\n"));
        QVERIFY(!u.contains("network-online"));
        QCOMPARE(unit.value("commands").toArray(),
                 (QJsonArray{argv({"systemctl", "daemon-reload"}), argv({"systemctl", "enable",
                                                                         "halolink-roce-enp195s0.service"})}));
        QCOMPARE(unit.value("undo").toArray(),
                 QJsonArray{argv({"systemctl", "disable", "halolink-roce-enp195s0.service"})});
    }

    void persistenceFollowsTheActiveStack_data()
    {
        QTest::addColumn<QString>("stack");
        QTest::addColumn<bool>("netplanYaml");
        QTest::addColumn<QString>("state");
        QTest::addColumn<QString>("path");
        QTest::newRow("networkmanager") << "networkmanager" << false << "todo"
                                        << "/etc/NetworkManager/system-connections/halolink-enp195s0.nmconnection";
        QTest::newRow("netplan with networkd") << "networkd" << true << "todo" << "/etc/netplan/90-halolink-enp195s0.yaml";
        QTest::newRow("netplan with NM") << "networkmanager" << true << "todo" << "/etc/netplan/90-halolink-enp195s0.yaml";
        QTest::newRow("no systemctl answer") << "" << false << "unknown" << "";
    }
    void persistenceFollowsTheActiveStack()
    {
        QFETCH(QString, stack);
        QFETCH(bool, netplanYaml);
        QFETCH(QString, state);
        QFETCH(QString, path);
        QTemporaryDir tmp;
        QString root = nodeReachedOtherwise(tmp, "strix-halo-no-rdma");
        // /etc/NetworkManager and /etc/systemd/network exist wherever the
        // packages are installed: they say nothing of what runs.
        QDir().mkpath(root + "/etc/NetworkManager/conf.d");
        QFile(root + "/etc/NetworkManager/NetworkManager.conf").open(QIODevice::WriteOnly);
        QDir().mkpath(root + "/etc/systemd/network");
        if (!stack.isEmpty())
            systemdAnswers(root, stack, "enp195s0");
        if (netplanYaml) {
            QDir().mkpath(root + "/etc/netplan");
            QFile y(root + "/etc/netplan/50-cloud-init.yaml");
            QVERIFY(y.open(QIODevice::WriteOnly));
            y.write("network:\n  version: 2\n");
        }
        auto spec = writeSpec(tmp, R"({"interface":"enp195s0","address":"10.40.0.1/24","peers":["10.41.0.2"],
            "persist":true})");
        auto r = runEngine({"plan", "--spec", spec, "--root", root});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        auto net = stepById(r.json(), "persist_network");
        QCOMPARE(net.value("state").toString(), state);
        if (path.isEmpty()) {
            QVERIFY(net.value("unknown_reason").toString().contains("systemctl"));
            return;
        }
        const auto file = net.value("files").toArray().at(0).toObject();
        QCOMPARE(file.value("path").toString(), path);
        QCOMPARE(file.value("mode").toString(), QStringLiteral("0600")); // NM and netplan ignore or warn otherwise
        const QString content = file.value("content").toString();
        if (path.endsWith(".yaml")) {
            QVERIFY(content.contains("    enp195s0:\n"));
            QVERIFY(content.contains("        - to: 10.41.0.2/32\n          scope: link\n"));
        } else {
            QVERIFY(content.contains("interface-name=enp195s0\n"));
            QVERIFY(content.contains("route1=10.41.0.2/32\n"));
        }
    }

    void persistenceWithoutSystemd()
    {
        // systemctl where PID 1 is not systemd (captured on this build machine,
        // systemd 252: stdout empty, exit 1, this stderr): nothing to write
        // that a boot would read; said, and no persistence step.
        QTemporaryDir tmp;
        QString root = nodeReachedOtherwise(tmp, "strix-halo-no-rdma");
        for (auto unit : {"NetworkManager.service", "systemd-networkd.service"}) {
            const QString key = root + "/cmd/systemctl_is-active_" + unit;
            writeText(key + ".out", "");
            writeText(key + ".rc", "1\n");
            writeText(key + ".err", "System has not been booted with systemd as init system (PID 1). Can't operate.\n"
                                    "Failed to connect to bus: Host is down\n");
        }
        auto spec = writeSpec(tmp, R"({"interface":"enp195s0","address":"10.40.0.1/24","persist":true})");
        auto r = runEngine({"plan", "--spec", spec, "--root", root});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        auto plan = r.json();
        for (auto id : {"persist_network", "persist_modules", "persist_unit"})
            QVERIFY2(stepById(plan, id).isEmpty(), id);
        QVERIFY(warningKeys(plan).contains("warning.no_persistence_stack"));
    }

    void hardwareRdmaWithoutBackend()
    {
        // A NIC with its own RDMA device whose driver HaloLink has no backend
        // for (here the ConnectX snapshot's port under bnxt_en): never
        // Soft-RoCE on it.
        QTemporaryDir tmp;
        QString root = tmp.filePath("node");
        QVERIFY(copyTree(fixture("connectx6dx-gid3"), root));
        const QString fn = root + "/sys/devices/pci0000:3a/0000:3a:02.0/0000:3d:00.0";
        QDir().mkpath(root + "/sys/bus/pci/drivers/bnxt_en");
        QFile::remove(fn + "/driver");
        QVERIFY(QFile::link("../../../../bus/pci/drivers/bnxt_en", fn + "/driver"));

        auto qos = writeSpec(tmp, R"({"interface":"enp61s0f0np0","address":"10.30.0.1/24"})", "qos.json");
        auto r = runEngine({"plan", "--spec", qos, "--root", root});
        QCOMPARE(r.exitCode, 1);
        auto err = r.json().value("error").toObject();
        QCOMPARE(err.value("code").toString(), QStringLiteral("no_backend"));
        QVERIFY(err.value("message").toString().contains("rocep61s0f0"));
        QVERIFY(err.value("message").toString().contains("bnxt_en"));
        QVERIFY(err.value("message").toString().contains("qos off"));

        auto rxe = writeSpec(tmp, R"({"interface":"enp61s0f0np0","address":"10.30.0.1/24","backend":"rxe"})", "rxe.json");
        r = runEngine({"plan", "--spec", rxe, "--root", root});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.json().value("error").toObject().value("message").toString().startsWith("backend: rxe"));

        auto off = writeSpec(tmp, R"({"interface":"enp61s0f0np0","address":"10.30.0.1/24","qos":{"enabled":false}})",
                             "off.json");
        r = runEngine({"plan", "--spec", off, "--root", root});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        auto plan = r.json();
        QCOMPARE(plan.value("backend").toString(), QStringLiteral("generic"));
        QCOMPARE(plan.value("device").toString(), QStringLiteral("rocep61s0f0"));
        QCOMPARE(stepIds(plan), (QStringList{"mtu", "link_up", "address"}));
        QVERIFY(warningKeys(plan).contains("warning.generic_backend"));
    }

    void missingOrOldTools()
    {
        QTemporaryDir tmp;
        auto spec = writeSpec(tmp, R"({"interface":"enp194s0np0","address":"192.168.100.1/30"})");
        QString root = tmp.filePath("node");
        QVERIFY(copyTree(fixture("strix-halo-e810-roce"), root));
        QFile::remove(root + "/cmd/dcb_-V.out");
        auto r = runEngine({"plan", "--spec", spec, "--root", root});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.json().value("error").toObject().value("code").toString(), QStringLiteral("tool_missing"));
        QFile v(root + "/cmd/dcb_-V.out");
        QVERIFY(v.open(QIODevice::WriteOnly));
        v.write("dcb utility, iproute2-5.11.0\n"); // dcb came in 5.11, `dcb app` in 5.12
        v.close();
        r = runEngine({"plan", "--spec", spec, "--root", root});
        QCOMPARE(r.json().value("error").toObject().value("code").toString(), QStringLiteral("tool_too_old"));
    }

    void failedReadIsUnknown()
    {
        // The firmware agent already off: PFC is read; dcb fails (its real
        // error output) -> unknown, with dcb's own words, never "off".
        QTemporaryDir tmp;
        QString root = tmp.filePath("node");
        QVERIFY(copyTree(fixture("strix-halo-e810-roce"), root));
        QFile flags(root + "/cmd/ethtool_--show-priv-flags_enp194s0np0.out");
        QVERIFY(flags.open(QIODevice::ReadOnly));
        QByteArray text = flags.readAll().replace("fw-lldp-agent          : on", "fw-lldp-agent          : off");
        flags.close();
        QVERIFY(flags.open(QIODevice::WriteOnly | QIODevice::Truncate));
        flags.write(text);
        flags.close();
        const QString corpus = QStringLiteral(HALOLINK_FIXTURES_DIR) + "/tool-output/dcb/";
        const QString key = root + "/cmd/dcb_-j_pfc_show_dev_enp194s0np0";
        QFile::remove(key + ".out");
        QVERIFY(QFile::copy(corpus + "pfc-show-nodcb.iproute2-6.1.0.json", key + ".out"));
        QVERIFY(QFile::copy(corpus + "pfc-show-nodcb.iproute2-6.1.0.err", key + ".err"));
        QFile rc(key + ".rc");
        QVERIFY(rc.open(QIODevice::WriteOnly));
        rc.write("1\n");
        rc.close();
        auto spec = writeSpec(tmp, R"({"interface":"enp194s0np0","address":"192.168.100.1/30"})");
        auto r = runEngine({"plan", "--spec", spec, "--root", root});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        auto pfc = stepById(r.json(), "pfc");
        QCOMPARE(pfc.value("state").toString(), QStringLiteral("unknown"));
        QCOMPARE(pfc.value("already_done").toBool(), false);
        QCOMPARE(pfc.value("undo").toArray(), QJsonArray{});
        QVERIFY2(pfc.value("unknown_reason").toString().contains("Operation not supported"),
                 qPrintable(pfc.value("unknown_reason").toString()));
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
        // Without a tos: ECN-capable (dscp*4+2) when ecn is on, as the app and jobs use it.
        QCOMPARE(roce::parseSpec(Json::parse(R"({"interface":"eth9","address":"10.0.0.1/24"})")).qos.tos, 106);
        QCOMPARE(roce::parseSpec(Json::parse(R"({"interface":"eth9","address":"10.0.0.1/24","qos":{"ecn":false}})"))
                     .qos.tos,
                 104);
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
