// Plans from the snapshots (which carry real outputs of dcb, ethtool,
// devlink, ip: tests/fixtures/snapshots/README.md), applied to a node double
// that changes as the real tools change the node (node_double.h): after the
// apply, planning again finds every step done; rolling back gives the node
// back exactly as it was; a second apply changes nothing.

#include <QtTest>

#include <QTemporaryDir>
#include <filesystem>
#include <fstream>

#include "node_double.h"
#include "roce/plan.h"
#include "roce/step_kinds.h"
#include "sys/root.h"

using namespace halolink;
using halolink::test::NodeDouble;

namespace {

std::string fixture(const std::string &name)
{
    return std::string(HALOLINK_FIXTURES_DIR) + "/snapshots/" + name;
}

std::string copyOf(QTemporaryDir &tmp, const std::string &name)
{
    const std::string to = tmp.filePath("node").toStdString();
    std::filesystem::copy(fixture(name), to,
                          std::filesystem::copy_options::recursive | std::filesystem::copy_options::copy_symlinks);
    return to;
}

void writeFile(const std::string &path, const std::string &content)
{
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    std::ofstream(path, std::ios::trunc) << content;
}

// systemctl's answers for a node whose network stack is `stack`
// (tests/fixtures/tool-output/systemctl/).
void withSystemd(const std::string &root, const std::string &stack, const std::string &iface)
{
    auto answer = [&](const std::string &unit, bool active) {
        const std::string key = root + "/cmd/systemctl_is-active_" + unit;
        writeFile(key + ".out", active ? "active\n" : "inactive\n");
        if (!active)
            writeFile(key + ".rc", "3\n");
    };
    answer("NetworkManager.service", stack == "networkmanager");
    answer("systemd-networkd.service", stack == "networkd");
    const std::string unit = "halolink-roce-" + iface + ".service";
    const std::string key = root + "/cmd/systemctl_is-enabled_" + unit;
    writeFile(key + ".out", "");
    writeFile(key + ".rc", "1\n");
    writeFile(key + ".err", "Failed to get unit file state for " + unit + ": No such file or directory\n");
}

QStringList ids(const roce::Plan &plan, roce::StepState state)
{
    QStringList out;
    for (const auto &s : plan.steps)
        if (s.state == state)
            out << QString::fromStdString(s.id);
    return out;
}

QString diff(const std::vector<std::pair<std::string, std::string>> &a,
             const std::vector<std::pair<std::string, std::string>> &b)
{
    QStringList out;
    for (const auto &e : a)
        if (std::find(b.begin(), b.end(), e) == b.end())
            out << QString::fromStdString("before only: " + e.first + " = " + e.second.substr(0, 200));
    for (const auto &e : b)
        if (std::find(a.begin(), a.end(), e) == a.end())
            out << QString::fromStdString("after only: " + e.first + " = " + e.second.substr(0, 200));
    return out.join('\n');
}

// `ip -j route show PEER/32` where no route to the peer exists yet, as
// iproute2 prints it (tests/fixtures/tool-output/ip/route-show-none).
void noRoutesYet(const std::string &root, const roce::Spec &spec)
{
    const std::string none = sys::Root(std::string(HALOLINK_FIXTURES_DIR) + "/tool-output/ip")
                                 .read("route-show-none.iproute2-6.1.0.json")
                                 .value_or("?");
    for (const auto &peer : spec.peers) {
        const std::string f = root + "/cmd/" + sys::commandKey({"ip", "-j", "route", "show", peer + "/32"}) + ".out";
        if (!std::filesystem::exists(f))
            writeFile(f, none);
    }
}

struct Case {
    std::string snapshot, iface, driver, spec;
};

} // namespace

class TestRoceIdempotence : public QObject {
    Q_OBJECT

    // Apply, plan again (all done), apply again (nothing runs), roll back
    // (the node as it was).
    void roundTrip(const Case &c, const std::function<void(const std::string &)> &prepare = {})
    {
        QTemporaryDir tmp;
        const std::string root = copyOf(tmp, c.snapshot);
        const roce::Spec spec = roce::parseSpec(Json::parse(c.spec));
        if (prepare)
            prepare(root);
        noRoutesYet(root, spec);
        const auto before = test::treeOf(root);

        const roce::Plan first = roce::makePlan(spec, sys::Root(root));
        QVERIFY2(!ids(first, roce::StepState::Todo).isEmpty(), "the snapshot needs configuring");
        NodeDouble node(root, c.iface, c.driver);
        std::string error;
        const auto applied = test::applyToDouble(first, node, &error);
        QVERIFY2(error.empty(), error.c_str());

        const roce::Plan again = roce::makePlan(spec, sys::Root(root));
        QCOMPARE(ids(again, roce::StepState::Todo), QStringList());
        QCOMPARE(ids(again, roce::StepState::Unknown), QStringList());
        const auto configured = test::treeOf(root);
        const auto second = test::applyToDouble(again, node, &error);
        QVERIFY2(error.empty(), error.c_str());
        for (const auto &a : second)
            QVERIFY2(!a.ran, a.step.id.c_str());
        QCOMPARE(diff(configured, test::treeOf(root)), QString());

        QVERIFY2(test::rollbackDouble(applied, node, &error), error.c_str());
        QCOMPARE(diff(before, test::treeOf(root)), QString());
    }

private slots:
    void e810FirmwareLldpToRoceQos()
    {
        // Fedora 43, E810 in RoCE v2 with the firmware LLDP agent on (its
        // negotiated DCB): the agent goes off, the driver's default DCB comes,
        // PFC, DSCP, ETS and the ToS are set; the rollback gives the agent and
        // its configuration back.
        roundTrip({"strix-halo-e810-roce", "enp194s0np0", "ice",
                   R"({"interface":"enp194s0np0","address":"192.168.100.1/30","peers":["192.168.100.2"],"mtu":9000})"});
    }

    void e810NewAddressAndRoute()
    {
        roundTrip({"strix-halo-e810-roce", "enp194s0np0", "ice",
                   R"({"interface":"enp194s0np0","address":"10.55.0.1/24","peers":["10.55.0.2","10.66.0.2"],
                       "mtu":9000})"});
    }

    void e810IwarpSwitchFindsTheNewDevice()
    {
        // The switch re-creates the RDMA device, which udev renames
        // (irdma0 -> rocep23s0f0): the ToS steps find it by its PCI function.
        QTemporaryDir tmp;
        const std::string root = copyOf(tmp, "e810-iwarp");
        const roce::Spec spec = roce::parseSpec(Json::parse(
            R"({"interface":"enp23s0f0","address":"10.10.0.1/24","peers":["10.10.0.2"],"mtu":9000})"));
        noRoutesYet(root, spec);
        const roce::Plan first = roce::makePlan(spec, sys::Root(root));
        QVERIFY(first.deviceRecreated);
        NodeDouble node(root, "enp23s0f0", "ice");
        std::string error;
        const auto applied = test::applyToDouble(first, node, &error);
        QVERIFY2(error.empty(), error.c_str());
        for (const auto &a : applied)
            if (a.step.id == "roce_tos")
                QCOMPARE(QString::fromStdString(a.step.files.at(0).path),
                         QStringLiteral("/sys/kernel/config/rdma_cm/rocep23s0f0/ports/1/default_roce_tos"));
        const roce::Plan again = roce::makePlan(spec, sys::Root(root));
        QCOMPARE(QString::fromStdString(again.device.value_or("")), QStringLiteral("rocep23s0f0"));
        for (const auto &s : again.steps)
            if (s.state != roce::StepState::Done)
                qInfo() << QString::fromStdString(s.id + ": " + s.check);
        QCOMPARE(ids(again, roce::StepState::Todo), QStringList());
        QVERIFY(!again.deviceRecreated);
        // Back to iWARP (the device is created again in that mode), the DCB
        // and the address as they were.
        QVERIFY2(test::rollbackDouble(applied, node, &error), error.c_str());
        const roce::Plan after = roce::makePlan(spec, sys::Root(root));
        QVERIFY(after.deviceRecreated);
        QCOMPARE(ids(after, roce::StepState::Todo), ids(first, roce::StepState::Todo));
        for (const char *f : {"cmd/devlink_-j_dev_param_show.out", "cmd/dcb_-j_pfc_show_dev_enp23s0f0.out",
                              "cmd/dcb_-j_app_show_dev_enp23s0f0.out", "cmd/dcb_-j_ets_show_dev_enp23s0f0.out",
                              "cmd/ethtool_--show-priv-flags_enp23s0f0.out", "cmd/ip_-j_addr_show.out"}) {
            auto a = Json::parse(sys::Root(root).read(f).value_or(""), nullptr, false);
            auto b = Json::parse(sys::Root(fixture("e810-iwarp")).read(f).value_or(""), nullptr, false);
            if (a.is_discarded())
                QCOMPARE(sys::Root(root).read(f).value_or(""), sys::Root(fixture("e810-iwarp")).read(f).value_or(""));
            else
                QCOMPARE(QString::fromStdString(a.dump()), QString::fromStdString(b.dump()));
        }
    }

    void connectx6Mlx5()
    {
        roundTrip({"connectx6dx-gid3", "enp61s0f0np0", "mlx5",
                   R"({"interface":"enp61s0f0np0","address":"10.30.0.1/24","peers":["10.30.0.2"],"mtu":4200})"});
    }

    void softRocePersistent_data()
    {
        QTest::addColumn<QString>("stack");
        QTest::addColumn<QString>("file");
        QTest::newRow("networkd") << "networkd" << "/etc/systemd/network/09-halolink-enp195s0.network";
        QTest::newRow("networkmanager") << "networkmanager"
                                        << "/etc/NetworkManager/system-connections/halolink-enp195s0.nmconnection";
        QTest::newRow("netplan") << "netplan" << "/etc/netplan/90-halolink-enp195s0.yaml";
    }
    void softRocePersistent()
    {
        QFETCH(QString, stack);
        QFETCH(QString, file);
        // The snapshot's only NIC carries its SSH session: a copy without it
        // stands for a node reached another way.
        auto prepare = [&](const std::string &root) {
            auto m = Json::parse(sys::Root(root).read("manifest.json").value_or("{}"));
            m.erase("ssh_connection");
            writeFile(root + "/manifest.json", m.dump(2));
            withSystemd(root, stack == "netplan" ? "networkd" : stack.toStdString(), "enp195s0");
            if (stack == "netplan")
                writeFile(root + "/etc/netplan/50-cloud-init.yaml", "network:\n  version: 2\n");
        };
        const std::string spec = R"({"interface":"enp195s0","address":"10.40.0.1/24","peers":["10.40.0.2","10.41.0.2"],
            "persist":true,"backend":"rxe"})";
        roundTrip({"strix-halo-no-rdma", "enp195s0", "", spec}, prepare);

        QTemporaryDir tmp;
        const std::string root = copyOf(tmp, "strix-halo-no-rdma");
        prepare(root);
        noRoutesYet(root, roce::parseSpec(Json::parse(spec)));
        const roce::Plan plan = roce::makePlan(roce::parseSpec(Json::parse(spec)), sys::Root(root));
        bool found = false;
        for (const auto &s : plan.steps)
            if (s.id == "persist_network") {
                QCOMPARE(QString::fromStdString(s.files.at(0).path), file);
                found = true;
            }
        QVERIFY(found);
    }
};

QTEST_GUILESS_MAIN(TestRoceIdempotence)
#include "tst_roce_idempotence.moc"
