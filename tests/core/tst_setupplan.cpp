// The setup's decisions from real captured node states (the fixture
// snapshots' probe documents): interface suggestion, addresses, validation,
// the engine spec, the exported script (run for real with sh), and the
// preflight table.

#include "fixture_probes.h"
#include "setup/preflight.h"
#include "setup/setupplan.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace halolink;
using namespace halolink::setup;

namespace {

using test::fixtureProbe;

ProbeReport fixture(const QString &name)
{
    return fixtureProbe(name);
}

NodeInput node(const QString &name, const ProbeReport &probe, const QString &iface = {}, const QString &address = {})
{
    NodeInput n;
    n.nodeId = name;
    n.name = name;
    n.interface = iface;
    n.address = address;
    n.probe = probe;
    return n;
}

QStringList blocking(const QList<Problem> &problems)
{
    QStringList out;
    for (const Problem &p : problems) {
        if (p.blocking)
            out << p.field + QStringLiteral(": ") + p.message;
    }
    return out;
}

bool anyContains(const QStringList &list, const QString &text)
{
    return std::any_of(list.begin(), list.end(), [&](const QString &s) { return s.contains(text); });
}

const PreflightRow *row(const QList<PreflightRow> &rows, const QString &check, const QString &subject = {})
{
    for (const PreflightRow &r : rows) {
        if (r.check == check && (subject.isEmpty() || r.subject == subject))
            return &r;
    }
    return nullptr;
}

} // namespace

class TestSetupPlan : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cidr()
    {
        const auto c = parseCidr(QStringLiteral("192.168.100.1/30"));
        QVERIFY(c);
        QCOMPARE(c->addressText(), QStringLiteral("192.168.100.1"));
        QCOMPARE(Ipv4Cidr({c->network(), 30}).addressText(), QStringLiteral("192.168.100.0"));
        QCOMPARE(Ipv4Cidr({c->broadcast(), 30}).addressText(), QStringLiteral("192.168.100.3"));
        QVERIFY(!parseCidr(QStringLiteral("192.168.100.1")));
        QVERIFY(parseCidr(QStringLiteral("192.168.100.1"), true));
        QVERIFY(!parseCidr(QStringLiteral("192.168.100.256/24")));
        QVERIFY(!parseCidr(QStringLiteral("192.168.010.1/24")));
        QVERIFY(!parseCidr(QStringLiteral("192.168.1.1/33")));
        QVERIFY(!parseCidr(QStringLiteral("10.0.0.1/24; reboot")));
        QVERIFY(parseCidr(QStringLiteral("10.0.0.1/8"))->overlaps(*parseCidr(QStringLiteral("10.200.0.1/24"))));
        QVERIFY(!parseCidr(QStringLiteral("10.0.0.1/24"))->overlaps(*parseCidr(QStringLiteral("10.0.1.1/24"))));
    }

    void suggestion()
    {
        // E810 RoCE: the RDMA NIC, not the management Realtek.
        InterfaceChoice c = suggestInterface(fixture(QStringLiteral("strix-halo-e810-roce")));
        QCOMPARE(c.netdev, QStringLiteral("enp194s0np0"));
        QVERIFY(c.hasRdma);
        QVERIFY2(c.reason.contains(QStringLiteral("irdma0")), qPrintable(c.reason));
        // ConnectX: SSH runs over port 1; the data plane is port 0.
        c = suggestInterface(fixture(QStringLiteral("connectx6dx-gid3")));
        QCOMPARE(c.netdev, QStringLiteral("enp61s0f0np0"));
        QCOMPARE(candidateInterfaces(fixture(QStringLiteral("connectx6dx-gid3"))), QStringList{QStringLiteral("enp61s0f0np0")});
        // Only the management NIC: nothing to suggest, and it says why.
        c = suggestInterface(fixture(QStringLiteral("strix-halo-no-rdma")));
        QVERIFY(c.netdev.isEmpty());
        QVERIFY(c.reason.contains(QStringLiteral("SSH")));
        QVERIFY(candidateInterfaces(fixture(QStringLiteral("strix-halo-no-rdma"))).isEmpty());
        // A plain second NIC without RDMA: offered, with the Soft-RoCE caveat.
        ProbeReport p = fixture(QStringLiteral("strix-halo-no-rdma"));
        Nic extra;
        extra.netdev = QStringLiteral("enp196s0");
        extra.driver = QStringLiteral("igc");
        extra.pci = QStringLiteral("0000:c4:00.0");
        extra.operstate = QStringLiteral("up");
        extra.carriesManagement = false;
        p.nics << extra;
        c = suggestInterface(p);
        QCOMPARE(c.netdev, QStringLiteral("enp196s0"));
        QVERIFY(!c.hasRdma);
        QVERIFY(c.reason.contains(QStringLiteral("Soft-RoCE")));
    }

    void addresses()
    {
        const ProbeReport e810 = fixture(QStringLiteral("strix-halo-e810-roce"));
        // Both nodes captured from the same box hold 192.168.100.1/30: not kept (a duplicate).
        QList<NodeInput> pair{node(QStringLiteral("a"), e810, QStringLiteral("enp194s0np0")),
                              node(QStringLiteral("b"), e810, QStringLiteral("enp194s0np0"))};
        QCOMPARE(proposeAddresses(Topology::DirectPair, pair),
                 (QStringList{QStringLiteral("192.168.100.1/30"), QStringLiteral("192.168.100.2/30")}));
        // A second node that already has .2/30: both kept as they are.
        ProbeReport e810b = e810;
        e810b.nics[1].ipv4 = {QStringLiteral("192.168.100.2/30")};
        pair[1].probe = e810b;
        QCOMPARE(proposeAddresses(Topology::DirectPair, pair),
                 (QStringList{QStringLiteral("192.168.100.1/30"), QStringLiteral("192.168.100.2/30")}));
        // Management already in 192.168.100.0/24: the /30s move out of it.
        ProbeReport mgmt = e810;
        mgmt.nics[0].ipv4 = {QStringLiteral("192.168.100.50/24")};
        pair = {node(QStringLiteral("a"), mgmt, QStringLiteral("enp194s0np0")),
                node(QStringLiteral("b"), mgmt, QStringLiteral("enp194s0np0"))};
        const QStringList moved = proposeAddresses(Topology::DirectPair, pair);
        QCOMPARE(moved.size(), 2);
        QVERIFY2(moved.first().startsWith(QStringLiteral("192.168.101.")), qPrintable(moved.first()));
        QVERIFY(blocking(validate([&] {
                    auto n = pair;
                    n[0].address = moved[0];
                    n[1].address = moved[1];
                    return n;
                }(), Settings{Topology::DirectPair})).isEmpty());
        // A switch with three ConnectX nodes: one /24 outside the management 10.22.116.0/24.
        const ProbeReport cx = fixture(QStringLiteral("connectx6dx-gid3"));
        QList<NodeInput> three{node(QStringLiteral("n1"), cx, QStringLiteral("enp61s0f0np0")),
                               node(QStringLiteral("n2"), cx, QStringLiteral("enp61s0f0np0")),
                               node(QStringLiteral("n3"), cx, QStringLiteral("enp61s0f0np0"))};
        QCOMPARE(proposeAddresses(Topology::Switch, three),
                 (QStringList{QStringLiteral("10.77.0.1/24"), QStringLiteral("10.77.0.2/24"), QStringLiteral("10.77.0.3/24")}));
        ProbeReport cx77 = cx;
        cx77.nics[1].ipv4 = {QStringLiteral("10.77.0.9/16")};
        three[2].probe = cx77;
        QCOMPARE(proposeAddresses(Topology::Switch, three).first(), QStringLiteral("10.78.0.1/24"));
    }

    void validation_data()
    {
        QTest::addColumn<QString>("iface");
        QTest::addColumn<QString>("address");
        QTest::addColumn<QString>("expected");
        QTest::newRow("management interface") << "enp193s0" << "10.77.0.1/24" << "carries the SSH connection";
        QTest::newRow("unknown interface") << "eth9" << "10.77.0.1/24" << "has no interface eth9";
        QTest::newRow("no interface") << "" << "10.77.0.1/24" << "choose the data-plane interface";
        QTest::newRow("overlaps management") << "enp194s0np0" << "192.168.1.60/24" << "overlaps the management network";
        QTest::newRow("no prefix") << "enp194s0np0" << "10.77.0.1" << "not an IPv4 address with a prefix";
        QTest::newRow("garbage") << "enp194s0np0" << "10.77.0.1/24;reboot" << "not an IPv4 address";
        QTest::newRow("network address") << "enp194s0np0" << "10.77.0.0/24" << "network address";
        QTest::newRow("broadcast address") << "enp194s0np0" << "10.77.0.255/24" << "broadcast address";
        QTest::newRow("prefix too long") << "enp194s0np0" << "10.77.0.1/31" << "out of range";
        QTest::newRow("loopback") << "enp194s0np0" << "127.0.0.2/8" << "not a usable unicast";
        QTest::newRow("duplicate") << "enp194s0np0" << "10.77.0.2/24" << "both have 10.77.0.2";
    }

    void validation()
    {
        QFETCH(QString, iface);
        QFETCH(QString, address);
        QFETCH(QString, expected);
        const ProbeReport e810 = fixture(QStringLiteral("strix-halo-e810-roce"));
        QList<NodeInput> nodes{node(QStringLiteral("n1"), e810, iface, address),
                               node(QStringLiteral("n2"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("10.77.0.2/24"))};
        const QStringList b = blocking(validate(nodes, Settings{}));
        QVERIFY2(anyContains(b, expected), qPrintable(b.join(QLatin1Char('\n'))));
    }

    void validationSettings()
    {
        const ProbeReport e810 = fixture(QStringLiteral("strix-halo-e810-roce"));
        QList<NodeInput> nodes{node(QStringLiteral("n1"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("10.77.0.1/24")),
                               node(QStringLiteral("n2"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("10.77.0.2/24"))};
        Settings s;
        QVERIFY2(blocking(validate(nodes, s)).isEmpty(), qPrintable(blocking(validate(nodes, s)).join(QLatin1Char('\n'))));
        s.mtu = 100;
        QVERIFY(anyContains(blocking(validate(nodes, s)), QStringLiteral("MTU 100")));
        s = {};
        s.qos.dscp = 64;
        s.qos.pfcPriority = 8;
        const QStringList b = blocking(validate(nodes, s));
        QVERIFY(anyContains(b, QStringLiteral("DSCP 64")));
        QVERIFY(anyContains(b, QStringLiteral("priority 8")));
        s = {};
        s.qos.enabled = false;
        s.qos.dscp = 64; // ignored when QoS is off
        QVERIFY(blocking(validate(nodes, s)).isEmpty());
        // Three nodes cannot share one cable.
        s = {};
        s.topology = Topology::DirectPair;
        nodes << node(QStringLiteral("n3"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("10.77.0.3/24"));
        QVERIFY(anyContains(blocking(validate(nodes, s)), QStringLiteral("exactly two")));
        // One node is not a cluster.
        QVERIFY(anyContains(blocking(validate({nodes.first()}, Settings{})), QStringLiteral("at least two")));
        // Different subnets: allowed, with a warning.
        nodes = {node(QStringLiteral("n1"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("10.77.0.1/24")),
                 node(QStringLiteral("n2"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("10.77.1.2/24"))};
        const QList<Problem> all = validate(nodes, Settings{});
        QVERIFY(blocking(all).isEmpty());
        QVERIFY(std::any_of(all.begin(), all.end(), [](const Problem &p) { return p.message.contains(QStringLiteral("different subnets")); }));
    }

    void softRoce()
    {
        ProbeReport p = fixture(QStringLiteral("strix-halo-no-rdma"));
        Nic extra;
        extra.netdev = QStringLiteral("enp196s0");
        extra.carriesManagement = false;
        p.nics << extra;
        QList<NodeInput> nodes{node(QStringLiteral("n1"), p, QStringLiteral("enp196s0"), QStringLiteral("10.77.0.1/24")),
                               node(QStringLiteral("n2"), p, QStringLiteral("enp196s0"), QStringLiteral("10.77.0.2/24"))};
        Settings s;
        QVERIFY(anyContains(blocking(validate(nodes, s)), QStringLiteral("no RDMA device")));
        s.allowSoftRoce = true;
        QVERIFY(blocking(validate(nodes, s)).isEmpty());
        const QJsonObject spec = specFor(nodes, 0, s);
        QCOMPARE(spec.value(QStringLiteral("backend")).toString(), QStringLiteral("rxe"));
        QCOMPARE(spec.value(QStringLiteral("rxe_device")).toString(), QStringLiteral("rxe0"));
    }

    void spec()
    {
        const ProbeReport cx = fixture(QStringLiteral("connectx6dx-gid3"));
        QList<NodeInput> nodes{node(QStringLiteral("n1"), cx, QStringLiteral("enp61s0f0np0"), QStringLiteral("10.77.0.1/24")),
                               node(QStringLiteral("n2"), cx, QStringLiteral("enp61s0f0np0"), QStringLiteral("10.77.0.2/24")),
                               node(QStringLiteral("n3"), cx, QStringLiteral("enp61s0f0np0"), QStringLiteral("10.77.0.3/24"))};
        Settings s;
        s.mtu = 9000;
        s.qos = {true, 3, 26, true};
        const QJsonObject spec = specFor(nodes, 1, s);
        QCOMPARE(spec.value(QStringLiteral("format")).toString(), QStringLiteral("halolink-roce-spec"));
        QCOMPARE(spec.value(QStringLiteral("interface")).toString(), QStringLiteral("enp61s0f0np0"));
        QCOMPARE(spec.value(QStringLiteral("address")).toString(), QStringLiteral("10.77.0.2/24"));
        QCOMPARE(spec.value(QStringLiteral("peers")).toArray(), (QJsonArray{QStringLiteral("10.77.0.1"), QStringLiteral("10.77.0.3")}));
        QVERIFY(spec.value(QStringLiteral("backend")).isNull()); // mlx5 from the driver
        const QJsonObject qos = spec.value(QStringLiteral("qos")).toObject();
        QCOMPARE(qos.value(QStringLiteral("tos")).toInt(), 106);
        QCOMPARE(qos.value(QStringLiteral("dscp")).toInt(), 26);
        QCOMPARE(qos.value(QStringLiteral("pfc_priority")).toInt(), 3);
        s.qos.ecn = false;
        QCOMPARE(specFor(nodes, 0, s).value(QStringLiteral("qos")).toObject().value(QStringLiteral("tos")).toInt(), 104);
        QVERIFY(describeQos(s.qos).contains(QStringLiteral("DSCP 26")));
        s.qos.enabled = false;
        QVERIFY(describeQos(s.qos).contains(QStringLiteral("No QoS")));
    }

    void script()
    {
        // A plan as the engine prints it, with hostile values: the script must
        // write them literally and run only the steps not already done.
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString dir = tmp.path();
        const QString evilName = QStringLiteral("node 'one' $(touch %1/pwned); x").arg(dir);
        const QString content = QStringLiteral("line1 '$(touch %1/pwned2)' `id`\nHALOLINK_EOF\nEOF\n").arg(dir);
        auto step = [&](const QString &id, bool done, const QString &shell) {
            return QJsonObject{{QStringLiteral("id"), id},
                               {QStringLiteral("why"), QStringLiteral("because\nreasons")},
                               {QStringLiteral("already_done"), done},
                               {QStringLiteral("shell"), QJsonArray{shell}},
                               {QStringLiteral("undo_shell"), QJsonArray{QStringLiteral("rm -f x")}},
                               {QStringLiteral("files"), QJsonArray{}}};
        };
        QJsonObject withFile = step(QStringLiteral("file"), false, QStringLiteral("touch '%1/after-file'").arg(dir));
        withFile.insert(QStringLiteral("files"),
                        QJsonArray{QJsonObject{{QStringLiteral("path"), dir + QStringLiteral("/conf file")},
                                               {QStringLiteral("content"), content},
                                               {QStringLiteral("mode"), QStringLiteral("0640")}}});
        const QJsonObject plan1{{QStringLiteral("interface"), QStringLiteral("eth1")},
                                {QStringLiteral("backend"), QStringLiteral("rxe")},
                                {QStringLiteral("steps"),
                                 QJsonArray{step(QStringLiteral("done"), true, QStringLiteral("touch '%1/done'").arg(dir)),
                                            withFile,
                                            step(QStringLiteral("todo"), false, QStringLiteral("touch '%1/todo'").arg(dir))}}};
        const QJsonObject plan2{{QStringLiteral("steps"),
                                 QJsonArray{step(QStringLiteral("other"), false, QStringLiteral("touch '%1/other'").arg(dir))}}};
        const QString script = shellScript({{evilName, plan1}, {QStringLiteral("two"), plan2}}, Settings{});
        QFile f(dir + QStringLiteral("/setup.sh"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(script.toUtf8());
        f.close();

        QProcess sh;
        sh.start(QStringLiteral("sh"), {f.fileName(), evilName});
        QVERIFY(sh.waitForFinished(10000));
        QVERIFY2(sh.exitCode() == 0, sh.readAllStandardError().constData());
        QVERIFY(!QFile::exists(dir + QStringLiteral("/done")));  // already done: skipped
        QVERIFY(QFile::exists(dir + QStringLiteral("/todo")));
        QVERIFY(QFile::exists(dir + QStringLiteral("/after-file")));
        QVERIFY(!QFile::exists(dir + QStringLiteral("/other"))); // the other node's part
        QVERIFY(!QFile::exists(dir + QStringLiteral("/pwned")));
        QVERIFY(!QFile::exists(dir + QStringLiteral("/pwned2")));
        QFile written(dir + QStringLiteral("/conf file"));
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(written.readAll()), content);
        QCOMPARE(int(written.permissions()),
                 int(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser | QFileDevice::WriteUser
                     | QFileDevice::ReadGroup));
        // An unknown node: usage, exit 2, nothing run.
        sh.start(QStringLiteral("sh"), {f.fileName(), QStringLiteral("nobody")});
        QVERIFY(sh.waitForFinished(10000));
        QCOMPARE(sh.exitCode(), 2);
        QVERIFY(sh.readAllStandardError().contains("usage"));
        QVERIFY(script.contains(QStringLiteral("#   undo: rm -f x")));
    }

    void scriptQosSaysWhatThePlansDo()
    {
        // Step ids and shapes as the engine prints them (engine/roce:
        // backend_rxe.cpp plans rxe_modules, rxe_device, the network steps and,
        // with QoS, rdma_cm.cpp's roce_tos_dir and roce_tos, whose undo is the
        // file as it was; dcb.cpp's pfc and dscp_prio are the hardware plans').
        auto step = [](const QString &id) {
            return QJsonObject{{QStringLiteral("id"), id},
                               {QStringLiteral("why"), id},
                               {QStringLiteral("already_done"), false},
                               {QStringLiteral("shell"), QJsonArray{QStringLiteral(": ") + id}},
                               {QStringLiteral("undo_shell"), QJsonArray{}},
                               {QStringLiteral("files"), QJsonArray{}}};
        };
        QJsonObject tos = step(QStringLiteral("roce_tos"));
        const QString tosFile = QStringLiteral("/sys/kernel/config/rdma_cm/rxe0/ports/1/default_roce_tos");
        tos.insert(QStringLiteral("shell"), QJsonArray{});
        tos.insert(QStringLiteral("files"), QJsonArray{QJsonObject{{QStringLiteral("path"), tosFile},
                                                                   {QStringLiteral("content"), QStringLiteral("106\n")},
                                                                   {QStringLiteral("mode"), QStringLiteral("0644")}}});
        tos.insert(QStringLiteral("undo_files"), QJsonArray{tosFile});
        const QJsonObject rxe{{QStringLiteral("backend"), QStringLiteral("rxe")},
                              {QStringLiteral("steps"), QJsonArray{step(QStringLiteral("rxe_modules")),
                                                                   step(QStringLiteral("rxe_device")),
                                                                   step(QStringLiteral("mtu")),
                                                                   step(QStringLiteral("roce_tos_dir")), tos}}};
        const QJsonObject ice{{QStringLiteral("backend"), QStringLiteral("ice")},
                              {QStringLiteral("steps"), QJsonArray{step(QStringLiteral("dscp_prio")),
                                                                   step(QStringLiteral("pfc")),
                                                                   step(QStringLiteral("roce_tos"))}}};
        QVERIFY(planHasStep(ice, QStringLiteral("pfc")));
        QVERIFY(!planHasStep(rxe, QStringLiteral("pfc")));
        const Settings s; // QoS on: DSCP 26, PFC 3, ToS 106
        auto header = [](const QString &script) {
            return script.left(script.indexOf(QStringLiteral("set -eu")));
        };
        // Soft-RoCE only: no PFC claimed, the ToS said.
        const QString soft = shellScript({{QStringLiteral("a"), rxe}, {QStringLiteral("b"), rxe}}, s);
        QVERIFY2(!header(soft).contains(QStringLiteral("PFC on")), qPrintable(header(soft)));
        QVERIFY2(header(soft).contains(QStringLiteral("only the ToS 106")), qPrintable(header(soft)));
        QVERIFY(header(soft).contains(QStringLiteral("Soft-RoCE has no PFC")));
        // The ToS step's undo is shown like the others'.
        QVERIFY2(soft.contains(QStringLiteral("#   undo: put back ") + tosFile), qPrintable(soft));
        // Hardware only: PFC as planned.
        const QString hard = shellScript({{QStringLiteral("a"), ice}, {QStringLiteral("b"), ice}}, s);
        QVERIFY2(header(hard).contains(QStringLiteral("# QoS: DSCP 26 -> priority 3, PFC on 3, ToS 106")),
                 qPrintable(header(hard)));
        // Mixed: each claim names its nodes.
        const QString mixed = shellScript({{QStringLiteral("a"), ice}, {QStringLiteral("b"), rxe}}, s);
        QVERIFY2(header(mixed).contains(QStringLiteral("# QoS on a: DSCP 26")), qPrintable(header(mixed)));
        QVERIFY2(header(mixed).contains(QStringLiteral("# QoS on b: only the ToS 106")), qPrintable(header(mixed)));
        // QoS off: none.
        Settings off;
        off.qos.enabled = false;
        QVERIFY(header(shellScript({{QStringLiteral("a"), rxe}}, off)).contains(QStringLiteral("# QoS: none")));
    }

    void softRoceQos()
    {
        ProbeReport noRdma = fixture(QStringLiteral("strix-halo-no-rdma"));
        Nic extra;
        extra.netdev = QStringLiteral("enp196s0");
        extra.carriesManagement = false;
        noRdma.nics << extra;
        QVERIFY(usesSoftRoce(node(QStringLiteral("n1"), noRdma, QStringLiteral("enp196s0"))));
        const ProbeReport e810 = fixture(QStringLiteral("strix-halo-e810-roce"));
        QVERIFY(!usesSoftRoce(node(QStringLiteral("n2"), e810, QStringLiteral("enp194s0np0"))));
        const QString all = softRoceQosNote(Qos{});
        QVERIFY2(all.startsWith(QStringLiteral("Soft-RoCE has no PFC")), qPrintable(all));
        QVERIFY(all.contains(QStringLiteral("only the ToS of RDMA connections is set")));
        QVERIFY(all.contains(QStringLiteral("106")));
        QVERIFY(softRoceQosNote(Qos{}, {QStringLiteral("n1")}).contains(QStringLiteral("on n1 (Soft-RoCE)")));
    }

    void realSoftRocePlan()
    {
        // The engine's own plan for a Soft-RoCE node (the no-RDMA board replayed,
        // as tst_enginetexts does), then what the Review and the script say of it.
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString root = tmp.filePath(QStringLiteral("node"));
        QCOMPARE(QProcess::execute(QStringLiteral("cp"),
                                   {QStringLiteral("-a"), QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots/strix-halo-no-rdma"), root}),
                 0);
        QFile m(root + QStringLiteral("/manifest.json"));
        QVERIFY(m.open(QIODevice::ReadOnly));
        QJsonObject manifest = QJsonDocument::fromJson(m.readAll()).object();
        m.close();
        manifest.remove(QStringLiteral("ssh_connection")); // enp195s0 is then free for the data plane
        QVERIFY(m.open(QIODevice::WriteOnly | QIODevice::Truncate));
        m.write(QJsonDocument(manifest).toJson());
        m.close();
        for (const auto &[unit, state] : {std::pair{"NetworkManager.service", "inactive\n"},
                                          std::pair{"systemd-networkd.service", "active\n"}}) {
            QFile f(root + QStringLiteral("/cmd/systemctl_is-active_") + QLatin1String(unit) + QStringLiteral(".out"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(state);
        }
        NodeInput a = node(QStringLiteral("halo1"), fixture(QStringLiteral("strix-halo-no-rdma")), QStringLiteral("enp195s0"),
                           QStringLiteral("192.168.100.1/30"));
        NodeInput b = a;
        b.name = b.nodeId = QStringLiteral("halo2");
        b.address = QStringLiteral("192.168.100.2/30");
        const Settings s;
        QFile spec(tmp.filePath(QStringLiteral("spec.json")));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        spec.write(QJsonDocument(specFor({a, b}, 0, s)).toJson());
        spec.close();
        QProcess engine;
        engine.start(QStringLiteral(HALOLINK_ENGINE_PATH),
                     {QStringLiteral("plan"), QStringLiteral("--root"), root, QStringLiteral("--spec"), spec.fileName()});
        QVERIFY(engine.waitForFinished(30000));
        const QByteArray out = engine.readAllStandardOutput();
        QVERIFY2(engine.exitCode() == 0, out.constData());
        const QJsonObject plan = QJsonDocument::fromJson(out).object();
        QCOMPARE(plan.value(QStringLiteral("backend")).toString(), QStringLiteral("rxe"));
        QVERIFY(planHasStep(plan, QStringLiteral("roce_tos")));
        QVERIFY(!planHasStep(plan, QStringLiteral("pfc")));
        QVERIFY(!planHasStep(plan, QStringLiteral("dscp_prio")));
        const QString qos = planQosText(plan, s.qos);
        QVERIFY2(qos.startsWith(QStringLiteral("Soft-RoCE has no PFC")), qPrintable(qos));
        QVERIFY(qos.contains(QStringLiteral("only the ToS of RDMA connections is set")));
        const QString script = shellScript({{QStringLiteral("halo1"), plan}}, s);
        const QString head = script.left(script.indexOf(QStringLiteral("set -eu")));
        QVERIFY2(!head.contains(QStringLiteral("PFC on")), qPrintable(head));
        QVERIFY2(head.contains(QStringLiteral("only the ToS 106")), qPrintable(head));
        // The ToS step's undo (the file as it was) is shown like every other step's.
        QVERIFY2(script.contains(QStringLiteral("#   undo: put back /sys/kernel/config/rdma_cm/rxe0/ports/1/default_roce_tos")),
                 qPrintable(script));
        // A hardware plan's steps: PFC and the mapping said.
        const QJsonObject ice{{QStringLiteral("backend"), QStringLiteral("ice")},
                              {QStringLiteral("steps"), QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("dscp_prio")}},
                                                                   QJsonObject{{QStringLiteral("id"), QStringLiteral("pfc")}},
                                                                   QJsonObject{{QStringLiteral("id"), QStringLiteral("roce_tos")}}}}};
        QCOMPARE(planQosText(ice, s.qos), QStringLiteral("DSCP 26 → priority 3, PFC on priority 3, ToS 106 for RDMA connections"));
    }

    void preflight()
    {
        // E810 at x4: no blocker; the PCIe width warning explains the ceiling.
        const ProbeReport e810 = fixture(QStringLiteral("strix-halo-e810-roce"));
        QList<PreflightRow> rows = preflightRows(e810, {QStringLiteral("enp194s0np0"), false, 12});
        QCOMPARE(countBlocking(rows), 0);
        const PreflightRow *w = row(rows, QStringLiteral("pcie_width_degraded"), QStringLiteral("enp194s0np0"));
        QVERIFY(w);
        QCOMPARE(w->status, PreflightRow::Status::Warn);
        QVERIFY2(w->remedy.contains(QStringLiteral("x4")), qPrintable(w->remedy));
        QVERIFY(row(rows, QStringLiteral("separate_networks")));
        QCOMPARE(row(rows, QStringLiteral("separate_networks"))->status, PreflightRow::Status::Pass);
        QVERIFY(row(rows, QStringLiteral("firmware")));
        QVERIFY(row(rows, QStringLiteral("firmware"))->finding.contains(QStringLiteral("ice")));
        QCOMPARE(row(rows, QStringLiteral("clock_sync"))->status, PreflightRow::Status::Pass);
        QVERIFY(row(rows, QStringLiteral("rocm")));

        // No RDMA and only the management NIC: blocked, with what to do.
        const ProbeReport none = fixture(QStringLiteral("strix-halo-no-rdma"));
        rows = preflightRows(none, {QString(), true, std::nullopt});
        QVERIFY(countBlocking(rows) >= 2);
        QCOMPARE(row(rows, QStringLiteral("separate_networks"))->status, PreflightRow::Status::Fail);
        QCOMPARE(row(rows, QStringLiteral("no_rdma_device"))->status, PreflightRow::Status::Fail);
        QVERIFY(!row(rows, QStringLiteral("no_rdma_device"))->remedy.isEmpty());
        QVERIFY(!row(rows, QStringLiteral("rdma_core_missing"))->remedy.isEmpty());

        // The same node with a second NIC and Soft-RoCE allowed: the device will be created.
        ProbeReport two = none;
        Nic extra;
        extra.netdev = QStringLiteral("enp196s0");
        extra.carriesManagement = false;
        two.nics << extra;
        rows = preflightRows(two, {QStringLiteral("enp196s0"), true, std::nullopt});
        QCOMPARE(row(rows, QStringLiteral("no_rdma_device"))->status, PreflightRow::Status::Info);

        // iWARP on the data port: configuration switches it; on another port: left alone.
        const ProbeReport iw = fixture(QStringLiteral("e810-iwarp"));
        rows = preflightRows(iw, {QStringLiteral("enp23s0f1"), false, std::nullopt});
        QCOMPARE(row(rows, QStringLiteral("iwarp_mode"), QStringLiteral("irdma1"))->status, PreflightRow::Status::Info);
        QVERIFY(row(rows, QStringLiteral("iwarp_mode"), QStringLiteral("irdma1"))->finding.contains(QStringLiteral("RoCE v2")));
        QCOMPARE(row(rows, QStringLiteral("iwarp_mode"), QStringLiteral("irdma0"))->status, PreflightRow::Status::Warn);

        // Clock far off.
        rows = preflightRows(e810, {QStringLiteral("enp194s0np0"), false, -45000});
        QCOMPARE(row(rows, QStringLiteral("clock_sync"))->status, PreflightRow::Status::Fail);
        QVERIFY(row(rows, QStringLiteral("clock_sync"))->finding.contains(QStringLiteral("behind")));
        rows = preflightRows(e810, {QStringLiteral("enp194s0np0"), false, 900});
        QCOMPARE(row(rows, QStringLiteral("clock_sync"))->status, PreflightRow::Status::Warn);
    }
};

QTEST_GUILESS_MAIN(TestSetupPlan)
#include "tst_setupplan.moc"
