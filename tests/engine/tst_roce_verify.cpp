// `halolink-engine verify` against the fixture snapshots: a node configured
// as the spec says passes, a spec asking for something else fails on exactly
// the checks it should, bad specs are usage errors, and --root never runs
// anything live (no RDMA test either).

#include <QtTest>

#include <QTemporaryDir>

#include "engine_test_util.h"
#include "roce/verify.h"

using namespace halolink;
using halolink::test::runEngine;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(HALOLINK_FIXTURES_DIR) + QStringLiteral("/snapshots/") + name;
}

QString writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    f.write(content);
    return path;
}

bool copyTree(const QString &from, const QString &to)
{
    return QProcess::execute(QStringLiteral("cp"), {QStringLiteral("-a"), from, to}) == 0;
}

// The E810 node of the fixture with rdma_cm's ToS set in configfs.
QString e810WithTos(QTemporaryDir &tmp, const QByteArray &tos)
{
    QString root = tmp.filePath(QStringLiteral("node"));
    if (!copyTree(fixture(QStringLiteral("strix-halo-e810-roce")), root))
        return {};
    writeFile(root + QStringLiteral("/sys/kernel/config/rdma_cm/irdma0/ports/1/default_roce_tos"), tos);
    return root;
}

const QByteArray kE810Spec = R"({"format":"halolink-roce-spec","version":1,"interface":"enp194s0np0",
    "address":"192.168.100.1/30","peers":["192.168.100.2"],"mtu":9000,
    "qos":{"enabled":true,"pfc_priority":3,"dscp":26,"tos":104,"ecn":true}})";

QJsonObject checkById(const QJsonObject &doc, const QString &id)
{
    for (const auto &v : doc.value(QStringLiteral("checks")).toArray())
        if (v.toObject().value(QStringLiteral("id")).toString() == id)
            return v.toObject();
    return {};
}

// "id=status" for every check, in order.
QStringList statuses(const QJsonObject &doc)
{
    QStringList out;
    for (const auto &v : doc.value(QStringLiteral("checks")).toArray())
        out << v.toObject().value(QStringLiteral("id")).toString() + QLatin1Char('=') +
                   v.toObject().value(QStringLiteral("status")).toString();
    return out;
}

} // namespace

class TestRoceVerify : public QObject {
    Q_OBJECT

private slots:
    void e810ConfiguredPasses()
    {
        QTemporaryDir tmp;
        QString root = e810WithTos(tmp, "104\n");
        QVERIFY(!root.isEmpty());
        QString spec = writeFile(tmp.filePath(QStringLiteral("spec.json")), kE810Spec);
        auto r = runEngine({"verify", "--spec", spec, "--root", root});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        auto doc = r.json();
        QCOMPARE(doc.value("schema").toString(), QStringLiteral("halolink.roce-verify/1"));
        QCOMPARE(doc.value("interface").toString(), QStringLiteral("enp194s0np0"));
        QCOMPARE(doc.value("device").toString(), QStringLiteral("irdma0"));
        QCOMPARE(doc.value("backend").toString(), QStringLiteral("ice"));
        QVERIFY(doc.value("ok").toBool());
        QCOMPARE(statuses(doc), (QStringList{"interface_up=pass", "rdma_device=pass", "port_active=pass",
                                             "roce_v2_gid=pass", "mtu=pass", "rdma_mtu=pass", "address=pass",
                                             "roce_tos=pass"}));
        auto gid = checkById(doc, "roce_v2_gid");
        QCOMPARE(gid.value("gid_index").toInt(-1), 1);
        QCOMPARE(gid.value("subject").toString(), QStringLiteral("irdma0/1"));
        QCOMPARE(gid.value("actual").toString(), QStringLiteral("::ffff:192.168.100.1"));
        QCOMPARE(checkById(doc, "rdma_mtu").value("actual").toInt(), 4096);
        QCOMPARE(checkById(doc, "rdma_mtu").value("expected").toInt(), 4096);
        QCOMPARE(checkById(doc, "roce_tos").value("actual").toInt(), 104);
        QCOMPARE(checkById(doc, "port_active").value("actual").toString(), QStringLiteral("ACTIVE"));
        // --root: the peer test is skipped, never failed.
        auto peers = doc.value("peers").toArray();
        QCOMPARE(peers.size(), 1);
        QCOMPARE(peers.at(0).toObject().value("address").toString(), QStringLiteral("192.168.100.2"));
        QCOMPARE(peers.at(0).toObject().value("status").toString(), QStringLiteral("skipped"));
        QVERIFY(peers.at(0).toObject().value("error").isNull());
        QVERIFY(doc.value("bench").toObject().value("skipped").toString().contains("--root"));
        QCOMPARE(doc.value("bench").toObject().value("port").toInt(), 7471);
        QCOMPARE(doc.value("bench").toObject().value("iters").toInt(), 200);
        QCOMPARE(doc.value("bench").toObject().value("source").toString(), QStringLiteral("192.168.100.1"));
        QCOMPARE(doc.value("bench").toObject().value("tos").toInt(), 104);

        auto compact = runEngine({"verify", "--spec", spec, "--root", root, "--compact", "--port", "9000",
                                  "--iters", "50"});
        QCOMPARE(compact.exitCode, 0);
        QCOMPARE(compact.out.count('\n'), 1);
        QCOMPARE(compact.json().value("bench").toObject().value("port").toInt(), 9000);
        QCOMPARE(compact.json().value("bench").toObject().value("iters").toInt(), 50);
    }

    void missingConfigfsFailsAndIsNotCreated()
    {
        // The fixture has no rdma_cm folder in configfs: verify says so and
        // never makes it (verify only reads).
        QTemporaryDir tmp;
        QString root = tmp.filePath(QStringLiteral("node"));
        QVERIFY(copyTree(fixture(QStringLiteral("strix-halo-e810-roce")), root));
        QString spec = writeFile(tmp.filePath(QStringLiteral("spec.json")), kE810Spec);
        auto r = runEngine({"verify", "--spec", spec, "--root", root});
        QCOMPARE(r.exitCode, 1);
        auto doc = r.json();
        QVERIFY(!doc.value("ok").toBool());
        QCOMPARE(statuses(doc), (QStringList{"interface_up=pass", "rdma_device=pass", "port_active=pass",
                                             "roce_v2_gid=pass", "mtu=pass", "rdma_mtu=pass", "address=pass",
                                             "roce_tos=fail"}));
        auto tos = checkById(doc, "roce_tos");
        QCOMPARE(tos.value("expected").toInt(), 104);
        QVERIFY(tos.value("actual").isNull());
        QVERIFY2(tos.value("detail").toString().contains("/sys/kernel/config/rdma_cm/irdma0 does not exist"),
                 qPrintable(tos.value("detail").toString()));
        QVERIFY(!QFileInfo::exists(root + "/sys/kernel/config"));
    }

    void tosMismatchFails()
    {
        QTemporaryDir tmp;
        QString root = e810WithTos(tmp, "0\n");
        QString spec = writeFile(tmp.filePath(QStringLiteral("spec.json")), kE810Spec);
        auto r = runEngine({"verify", "--spec", spec, "--root", root});
        QCOMPARE(r.exitCode, 1);
        auto tos = checkById(r.json(), "roce_tos");
        QCOMPARE(tos.value("status").toString(), QStringLiteral("fail"));
        QCOMPARE(tos.value("actual").toInt(-1), 0);
        QCOMPARE(tos.value("expected").toInt(), 104);
    }

    void otherMtuAndAddressFailPrecisely()
    {
        QTemporaryDir tmp;
        QString spec = writeFile(tmp.filePath(QStringLiteral("spec.json")),
                                 R"({"interface":"enp194s0np0","address":"192.168.100.5/30","peers":["192.168.100.6"],
                                     "mtu":4200,"qos":{"enabled":false}})");
        auto r = runEngine({"verify", "--spec", spec, "--root", fixture("strix-halo-e810-roce")});
        QCOMPARE(r.exitCode, 1);
        auto doc = r.json();
        QVERIFY(!doc.value("ok").toBool());
        QCOMPARE(statuses(doc), (QStringList{"interface_up=pass", "rdma_device=pass", "port_active=pass",
                                             "roce_v2_gid=fail", "mtu=fail", "rdma_mtu=pass", "address=fail",
                                             "roce_tos=skipped"}));
        auto mtu = checkById(doc, "mtu");
        QCOMPARE(mtu.value("expected").toInt(), 4200);
        QCOMPARE(mtu.value("actual").toInt(), 9000);
        QCOMPARE(mtu.value("subject").toString(), QStringLiteral("enp194s0np0"));
        auto address = checkById(doc, "address");
        QCOMPARE(address.value("expected").toString(), QStringLiteral("192.168.100.5/30"));
        QCOMPARE(address.value("actual").toArray(), QJsonArray{QStringLiteral("192.168.100.1/30")});
        auto gid = checkById(doc, "roce_v2_gid");
        QCOMPARE(gid.value("expected").toString(), QStringLiteral("::ffff:192.168.100.5"));
        QVERIFY(gid.value("gid_index").isNull());
        QVERIFY(gid.value("actual").isNull());
        QVERIFY(doc.value("bench").toObject().value("tos").isNull());
    }

    void activeMtuBelowNetdevWarns()
    {
        QTemporaryDir tmp;
        QString root = e810WithTos(tmp, "104\n");
        QString devinfo = root + QStringLiteral("/cmd/ibv_devinfo_-v_-d_irdma0.out");
        QFile f(devinfo);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        QVERIFY(text.contains("4096 (5)"));
        text.replace("4096 (5)", "1024 (3)");
        writeFile(devinfo, text);
        QString spec = writeFile(tmp.filePath(QStringLiteral("spec.json")), kE810Spec);
        auto r = runEngine({"verify", "--spec", spec, "--root", root});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        auto doc = r.json();
        QVERIFY(doc.value("ok").toBool()); // a warning, not a failure
        auto mtu = checkById(doc, "rdma_mtu");
        QCOMPARE(mtu.value("status").toString(), QStringLiteral("warn"));
        QCOMPARE(mtu.value("actual").toInt(), 1024);
        QCOMPARE(mtu.value("expected").toInt(), 4096);
    }

    void gidIndexFromTheTable()
    {
        // ConnectX: the RoCE v2 IPv4 GID is at index 3 (v1/v2 pairs).
        QTemporaryDir tmp;
        QString spec = writeFile(tmp.filePath(QStringLiteral("spec.json")),
                                 R"({"interface":"enp61s0f1np1","address":"10.22.116.221/24","mtu":1500,
                                     "qos":{"enabled":false}})");
        auto r = runEngine({"verify", "--spec", spec, "--root", fixture("connectx6dx-gid3")});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        auto doc = r.json();
        QCOMPARE(doc.value("device").toString(), QStringLiteral("rocep61s0f1"));
        QCOMPARE(doc.value("backend").toString(), QStringLiteral("mlx5"));
        QCOMPARE(checkById(doc, "roce_v2_gid").value("gid_index").toInt(-1), 3);
        QCOMPARE(checkById(doc, "rdma_mtu").value("expected").toInt(), 1024);
        QCOMPARE(doc.value("peers").toArray().size(), 0);
    }

    void iwarpIsNotRoce()
    {
        QTemporaryDir tmp;
        QString spec = writeFile(tmp.filePath(QStringLiteral("spec.json")),
                                 R"({"interface":"enp23s0f1","address":"10.22.116.221/24","mtu":1500,
                                     "qos":{"enabled":false}})");
        auto r = runEngine({"verify", "--spec", spec, "--root", fixture("e810-iwarp")});
        QCOMPARE(r.exitCode, 1);
        auto dev = checkById(r.json(), "rdma_device");
        QCOMPARE(dev.value("status").toString(), QStringLiteral("fail"));
        QCOMPARE(dev.value("actual").toString(), QStringLiteral("irdma1"));
        QVERIFY(dev.value("detail").toString().contains("iwarp"));
    }

    void noSoftRoceDevice()
    {
        QTemporaryDir tmp;
        QString spec = writeFile(tmp.filePath(QStringLiteral("spec.json")),
                                 R"({"interface":"enp195s0","address":"192.168.1.73/24","mtu":1500,"backend":"rxe",
                                     "rxe_device":"rxe0"})");
        auto r = runEngine({"verify", "--spec", spec, "--root", fixture("strix-halo-no-rdma")});
        QCOMPARE(r.exitCode, 1);
        auto doc = r.json();
        QVERIFY(doc.value("device").isNull());
        QCOMPARE(statuses(doc), (QStringList{"interface_up=pass", "rdma_device=fail", "port_active=fail",
                                             "roce_v2_gid=fail", "mtu=pass", "rdma_mtu=skipped", "address=pass",
                                             "roce_tos=fail"}));
        auto dev = checkById(doc, "rdma_device");
        QCOMPARE(dev.value("expected").toString(), QStringLiteral("rxe0"));
        QVERIFY(dev.value("actual").isNull());
    }

    void unknownInterfaceIsUsage()
    {
        QTemporaryDir tmp;
        QString spec = writeFile(tmp.filePath(QStringLiteral("spec.json")),
                                 R"({"interface":"nope0","address":"10.1.0.1/24"})");
        auto r = runEngine({"verify", "--spec", spec, "--root", fixture("strix-halo-e810-roce")});
        QCOMPARE(r.exitCode, 2);
        auto err = r.json().value("error").toObject();
        QCOMPARE(err.value("code").toString(), QStringLiteral("invalid_spec"));
        QVERIFY2(err.value("message").toString().startsWith("interface: "), qPrintable(err.value("message").toString()));
    }

    void badUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("code");
        QTest::newRow("no spec") << QStringList{"verify"} << "usage";
        QTest::newRow("positional") << QStringList{"verify", "--spec", "@SPEC@", "extra"} << "usage";
        QTest::newRow("unknown option") << QStringList{"verify", "--spec", "@SPEC@", "--what"} << "usage";
        QTest::newRow("iters 0") << QStringList{"verify", "--spec", "@SPEC@", "--iters", "0"} << "usage";
        QTest::newRow("port 70000") << QStringList{"verify", "--spec", "@SPEC@", "--port", "70000"} << "usage";
        QTest::newRow("missing file") << QStringList{"verify", "--spec", "/nonexistent/spec.json"} << "bad_spec_file";
        QTest::newRow("invalid spec") << QStringList{"verify", "--spec", "@BAD@"} << "invalid_spec";
        QTest::newRow("not json") << QStringList{"verify", "--spec", "@NOTJSON@"} << "invalid_spec";
        QTest::newRow("bad root") << QStringList{"verify", "--spec", "@SPEC@", "--root", "/nonexistent/root"}
                                  << "bad_root";
    }
    void badUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, code);
        QTemporaryDir tmp;
        QString spec = writeFile(tmp.filePath(QStringLiteral("spec.json")), kE810Spec);
        QString bad = writeFile(tmp.filePath(QStringLiteral("bad.json")),
                                R"({"interface":"enp194s0np0","address":"192.168.100.1/30","mtu":1000})");
        QString notJson = writeFile(tmp.filePath(QStringLiteral("x.json")), "{");
        args.replaceInStrings(QStringLiteral("@SPEC@"), spec);
        args.replaceInStrings(QStringLiteral("@BAD@"), bad);
        args.replaceInStrings(QStringLiteral("@NOTJSON@"), notJson);
        auto r = runEngine(args);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.json().value("error").toObject().value("code").toString(), code);
    }

    void rootNeverRunsLive()
    {
        // Same document whether or not the tools exist here: PATH emptied
        // makes every live command "not found".
        QTemporaryDir tmp;
        QString root = e810WithTos(tmp, "104\n");
        QString spec = writeFile(tmp.filePath(QStringLiteral("spec.json")), kE810Spec);
        QStringList args{"verify", "--spec", spec, "--root", root};
        auto normal = runEngine(args);
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert("PATH", tmp.path());
        auto noTools = runEngine(args, 30000, env);
        QCOMPARE(normal.exitCode, 0);
        QCOMPARE(noTools.exitCode, 0);
        QCOMPARE(normal.out, noTools.out);
    }

    void roceMtuLadder()
    {
        QCOMPARE(roce::roceMtuFor(9000), std::optional<int>(4096));
        QCOMPARE(roce::roceMtuFor(4200), std::optional<int>(4096));
        QCOMPARE(roce::roceMtuFor(4192), std::optional<int>(4096));
        QCOMPARE(roce::roceMtuFor(4191), std::optional<int>(2048));
        QCOMPARE(roce::roceMtuFor(1500), std::optional<int>(1024));
        QCOMPARE(roce::roceMtuFor(1280), std::optional<int>(1024));
        QCOMPARE(roce::roceMtuFor(351), std::optional<int>());
    }
};

QTEST_GUILESS_MAIN(TestRoceVerify)
#include "tst_roce_verify.moc"
