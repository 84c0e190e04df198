// halolinkctl as people run it: the real binary, the real engine.

#include "protocol/probedecoder.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <tuple>

using namespace halolink;

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// The test's home: settings and data stay out of the real one.
QTemporaryDir &testHome()
{
    static QTemporaryDir home;
    return home;
}

Run run(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    QProcessEnvironment e = env;
    QTemporaryDir &home = testHome();
    // Settings and data of the test stay out of the real home.
    e.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    e.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    process.setProcessEnvironment(e);
    process.start(QStringLiteral(HALOLINKCTL_PATH), args);
    if (!process.waitForFinished(90000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2, process.readAllStandardOutput(),
            process.readAllStandardError()};
}

QProcessEnvironment withEngine(const QString &engine)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HALOLINK_ENGINE"), engine);
    return env;
}

} // namespace

class TestHalolinkCtl : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void version();
    void help();
    void probeJson();
    void probeSummary();
    void probeLocalByName();
    void usageErrors_data();
    void usageErrors();
    void sshNodeIsNotPretended();
    void jobLaunchDryRun();
    void jobTrafficClassFromTheSetup();
    void nodesJson();
    void engineMissing();
    void configureVerifyUsage();
};

void TestHalolinkCtl::version()
{
    const Run r = run({QStringLiteral("--version")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(QRegularExpression(QStringLiteral(R"(^halolinkctl \S+ \(protocol \d+\)\n$)"))
                 .match(QString::fromUtf8(r.out))
                 .hasMatch(),
             r.out.constData());
}

void TestHalolinkCtl::help()
{
    const Run r = run({QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("probe"));
    QVERIFY(r.out.contains("Exit codes"));
    // Every configure action and every job action people reach for are listed,
    // and the password sentence names the one way a password comes from stdin.
    QVERIFY2(r.out.contains("configure plan|apply|verify|confirm|rollback|status"), r.out.constData());
    QVERIFY(r.out.contains("job bench|compare NAME") && r.out.contains("job advise --model M NODE..."));
    QVERIFY(r.out.contains("--sudo-password-stdin") && !r.out.contains("never read from a pipe"));
    const Run probeHelp = run({QStringLiteral("probe"), QStringLiteral("--help")});
    QCOMPARE(probeHelp.exitCode, 0);
    QVERIFY(probeHelp.out.contains("--json"));
}

void TestHalolinkCtl::probeJson()
{
    const Run r = run({QStringLiteral("probe"), QStringLiteral("--json")}, withEngine(QStringLiteral(HALOLINK_ENGINE_PATH)));
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const DecodeResult<ProbeReport> decoded = decodeProbeReport(r.out);
    QVERIFY2(decoded.ok(), qPrintable(decoded.error));
    QVERIFY(!decoded.value->checks.isEmpty());

    // "As is": the same document the engine prints.
    QProcess engine;
    engine.start(QStringLiteral(HALOLINK_ENGINE_PATH), {QStringLiteral("probe")});
    QVERIFY(engine.waitForFinished(60000));
    const QJsonObject direct = QJsonDocument::fromJson(engine.readAllStandardOutput()).object();
    const QJsonObject viaCtl = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(viaCtl.keys(), direct.keys());
    QCOMPARE(viaCtl.value(QStringLiteral("checks")).toArray().size(),
             direct.value(QStringLiteral("checks")).toArray().size());
}

void TestHalolinkCtl::probeSummary()
{
    const Run r = run({QStringLiteral("probe")}, withEngine(QStringLiteral(HALOLINK_ENGINE_PATH)));
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString text = QString::fromUtf8(r.out);
    QVERIFY(text.startsWith(QLatin1String("This computer: ")));
    QVERIFY(text.contains(QLatin1String("Checks (")));
    QVERIFY(text.contains(QLatin1String("no_rdma_device")));
    QVERIFY(!text.trimmed().startsWith(QLatin1Char('{')));
    // This computer without a data plane is the workstation: its cluster-node
    // checks are not applicable (whatever RDMA this machine has), the engine
    // check says HaloLink works, and a key never stands next to a verdict.
    QVERIFY2(text.contains(QLatin1String("[ n/a] RDMA device present: not applicable on the workstation")),
             qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("[ ok ] HaloLink engine")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("] no_rdma_device")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("[FAIL]")), qPrintable(text));
}

void TestHalolinkCtl::probeLocalByName()
{
    const Run r = run({QStringLiteral("probe"), QStringLiteral("local"), QStringLiteral("--json")},
                      withEngine(QStringLiteral(HALOLINK_ENGINE_PATH)));
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(decodeProbeReport(r.out).ok());
}

void TestHalolinkCtl::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no command") << QStringList{};
    QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--frobnicate")};
    QTest::newRow("unknown probe option") << QStringList{QStringLiteral("probe"), QStringLiteral("--frobnicate")};
    QTest::newRow("bad timeout") << QStringList{QStringLiteral("probe"), QStringLiteral("--timeout"), QStringLiteral("soon")};
    QTest::newRow("nodes without subcommand") << QStringList{QStringLiteral("nodes")};
    QTest::newRow("bench one node") << QStringList{QStringLiteral("bench"), QStringLiteral("local")};
    QTest::newRow("snapshot without --out") << QStringList{QStringLiteral("snapshot"), QStringLiteral("local")};
}

void TestHalolinkCtl::usageErrors()
{
    QFETCH(QStringList, args);
    const Run r = run(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY(r.err.startsWith("halolinkctl"));
}

void TestHalolinkCtl::sshNodeIsNotPretended()
{
    const Run r = run({QStringLiteral("probe"), QStringLiteral("halo2")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("inventory"), r.err.constData());
    QVERIFY(r.out.isEmpty());

    const Run json = run({QStringLiteral("probe"), QStringLiteral("--json"), QStringLiteral("halo2")});
    QCOMPARE(json.exitCode, 1);
    const DecodeResult<EngineErrorReport> error = decodeEngineError(json.out);
    QVERIFY2(error.ok(), json.out.constData());
    QCOMPARE(error.value->code, QStringLiteral("unknown_node"));
}

void TestHalolinkCtl::jobTrafficClassFromTheSetup()
{
    // Two nodes the cluster setup configured (DSCP 26, ToS 106): their QoS in the inventory file.
    const QString fx = QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots/");
    for (const auto &[name, ifname, address] :
         {std::tuple{"jq1", "enp194s0np0", "192.168.100.1/30"}, std::tuple{"jq2", "enp61s0f1np1", "10.22.116.221/24"}})
        QCOMPARE(run({QStringLiteral("nodes"), QStringLiteral("add"), QLatin1String(name), QStringLiteral("--host"),
                      QLatin1String(name) + QStringLiteral(".invalid"), QStringLiteral("--data-interface"),
                      QLatin1String(ifname), QStringLiteral("--data-address"), QLatin1String(address)})
                     .exitCode,
                 0);
    const QString file = testHome().filePath(QStringLiteral("data/HaloLink/halolink/inventory.json"));
    auto setQos = [&](const QString &node, const QJsonValue &qos) {
        QFile f(file);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
        QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        QJsonArray nodes = root.value(QStringLiteral("nodes")).toArray();
        for (int i = 0; i < nodes.size(); ++i) {
            QJsonObject o = nodes.at(i).toObject();
            if (o.value(QStringLiteral("name")).toString() == node)
                o.insert(QStringLiteral("qos"), qos);
            nodes[i] = o;
        }
        root.insert(QStringLiteral("nodes"), nodes);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(root).toJson());
    };
    const QJsonObject q106{{QStringLiteral("enabled"), true}, {QStringLiteral("dscp"), 26},
                           {QStringLiteral("pfc_priority"), 3}, {QStringLiteral("ecn"), true}, {QStringLiteral("tos"), 106}};
    setQos(QStringLiteral("jq1"), q106);
    setQos(QStringLiteral("jq2"), q106);
    const QStringList probes{QStringLiteral("--probe-file"), QStringLiteral("jq1=") + fx + QStringLiteral("strix-halo-e810-roce/expected-probe.json"),
                             QStringLiteral("--probe-file"), QStringLiteral("jq2=") + fx + QStringLiteral("connectx6dx-gid3/expected-probe.json")};
    auto tc = [&](const QStringList &extra, QByteArray *err) {
        const Run r = run(QStringList{QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--dry-run"),
                                      QStringLiteral("--image"), QStringLiteral("img"), QStringLiteral("--model"),
                                      QStringLiteral("/models/m"), QStringLiteral("--json")}
                          + extra + QStringList{QStringLiteral("jq1"), QStringLiteral("jq2")} + probes);
        *err = r.err;
        if (r.exitCode != 0)
            return QStringLiteral("exit %1: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err));
        QStringList values;
        const QJsonObject env = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("env")).toObject();
        for (const QString &node : {QStringLiteral("jq1"), QStringLiteral("jq2")}) {
            QString value = QStringLiteral("<unset>");
            for (const QJsonValue &v : env.value(node).toArray()) {
                if (v.toObject().value(QStringLiteral("name")).toString() == QStringLiteral("NCCL_IB_TC"))
                    value = v.toObject().value(QStringLiteral("value")).toString();
            }
            values << value;
        }
        return values.join(QLatin1Char(','));
    };
    QByteArray err;
    // The same ToS on both: it is the default, and stderr says where it comes from.
    QCOMPARE(tc({}, &err), QStringLiteral("106,106"));
    QVERIFY2(err.contains("from the cluster setup: DSCP 26, ToS 106"), err.constData());
    // --traffic-class wins, "unset" included.
    QCOMPARE(tc({QStringLiteral("--traffic-class"), QStringLiteral("98")}, &err), QStringLiteral("98,98"));
    QVERIFY2(!err.contains("cluster setup"), err.constData());
    QCOMPARE(tc({QStringLiteral("--traffic-class"), QStringLiteral("unset")}, &err), QStringLiteral("<unset>,<unset>"));
    QCOMPARE(run({QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--dry-run"),
                  QStringLiteral("--traffic-class"), QStringLiteral("none-such"), QStringLiteral("jq1")})
                 .exitCode,
             2);
    // One node set up with QoS off: unset, and said so.
    setQos(QStringLiteral("jq2"), QJsonObject{{QStringLiteral("enabled"), false}});
    QCOMPARE(tc({}, &err), QStringLiteral("<unset>,<unset>"));
    QVERIFY2(err.contains("jq2 set up with QoS off") && err.contains("--traffic-class"), err.constData());
    // Different ToS.
    setQos(QStringLiteral("jq2"), QJsonObject{{QStringLiteral("dscp"), 24}, {QStringLiteral("tos"), 96}});
    QCOMPARE(tc({}, &err), QStringLiteral("<unset>,<unset>"));
    QVERIFY2(err.contains("different ToS (jq1: 106, jq2: 96)"), err.constData());
    // Never set up (no "qos"): unset.
    setQos(QStringLiteral("jq2"), QJsonValue(QJsonValue::Null));
    QCOMPARE(tc({}, &err), QStringLiteral("<unset>,<unset>"));
    QVERIFY2(err.contains("no QoS saved for jq2"), err.constData());
    QCOMPARE(run({QStringLiteral("nodes"), QStringLiteral("remove"), QStringLiteral("jq1"), QStringLiteral("jq2")}).exitCode, 0);
}

void TestHalolinkCtl::nodesJson()
{
    // add, edit and remove speak JSON too: the node as saved, what was removed.
    Run r = run({QStringLiteral("nodes"), QStringLiteral("add"), QStringLiteral("js1"), QStringLiteral("--host"),
                 QStringLiteral("js1.invalid"), QStringLiteral("--port"), QStringLiteral("2201"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QJsonObject node = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("node")).toObject();
    QCOMPARE(node.value(QStringLiteral("name")).toString(), QStringLiteral("js1"));
    QVERIFY2(!node.value(QStringLiteral("id")).toString().isEmpty(), r.out.constData());
    r = run({QStringLiteral("nodes"), QStringLiteral("edit"), QStringLiteral("js1"), QStringLiteral("--data-interface"),
             QStringLiteral("eth1"), QStringLiteral("--data-address"), QStringLiteral("10.9.9.1/24"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    node = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("node")).toObject();
    QVERIFY2(QJsonDocument(node).toJson().contains("10.9.9.1"), r.out.constData());
    r = run({QStringLiteral("nodes"), QStringLiteral("remove"), QStringLiteral("js1"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("removed")).toArray(),
             QJsonArray{QStringLiteral("js1")});
    QCOMPARE(run({QStringLiteral("nodes"), QStringLiteral("remove"), QStringLiteral("js1"), QStringLiteral("--json")}).exitCode, 1);
}

void TestHalolinkCtl::jobLaunchDryRun()
{
    // Two nodes with a data plane; their probes from the E810 and ConnectX fixtures.
    const QString fx = QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots/");
    QCOMPARE(run({QStringLiteral("nodes"), QStringLiteral("add"), QStringLiteral("jh1"), QStringLiteral("--host"),
                  QStringLiteral("jh1.invalid"), QStringLiteral("--data-interface"), QStringLiteral("enp194s0np0"),
                  QStringLiteral("--data-address"), QStringLiteral("192.168.100.1/30")})
                 .exitCode,
             0);
    QCOMPARE(run({QStringLiteral("nodes"), QStringLiteral("add"), QStringLiteral("jh2"), QStringLiteral("--host"),
                  QStringLiteral("jh2.invalid"), QStringLiteral("--data-interface"), QStringLiteral("enp61s0f1np1"),
                  QStringLiteral("--data-address"), QStringLiteral("10.22.116.221/24")})
                 .exitCode,
             0);
    const QStringList probes{QStringLiteral("--probe-file"), QStringLiteral("jh1=") + fx + QStringLiteral("strix-halo-e810-roce/expected-probe.json"),
                             QStringLiteral("--probe-file"), QStringLiteral("jh2=") + fx + QStringLiteral("connectx6dx-gid3/expected-probe.json")};
    const QString model = QStringLiteral("/models/a b's $(x).gguf");
    Run r = run(QStringList{QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--dry-run"),
                            QStringLiteral("--image"), QStringLiteral("img"), QStringLiteral("--model"), model,
                            QStringLiteral("--traffic-class"), QStringLiteral("106"), QStringLiteral("--json"),
                            QStringLiteral("jh1"), QStringLiteral("jh2")}
                + probes);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject d = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(d.value(QStringLiteral("schema")).toString(), QStringLiteral("halolink.job-plan/1"));
    auto var = [&](const QString &node, const QString &name) {
        for (const QJsonValue &v : d.value(QStringLiteral("env")).toObject().value(node).toArray()) {
            if (v.toObject().value(QStringLiteral("name")).toString() == name)
                return v.toObject().value(QStringLiteral("value")).toString();
        }
        return QStringLiteral("<unset>");
    };
    QCOMPARE(var(QStringLiteral("jh1"), QStringLiteral("NCCL_IB_GID_INDEX")), QStringLiteral("1"));
    QCOMPARE(var(QStringLiteral("jh2"), QStringLiteral("NCCL_IB_GID_INDEX")), QStringLiteral("3"));
    QCOMPARE(var(QStringLiteral("jh2"), QStringLiteral("NCCL_IB_HCA")), QStringLiteral("=rocep61s0f1:1"));
    QCOMPARE(var(QStringLiteral("jh1"), QStringLiteral("NCCL_IB_TC")), QStringLiteral("106"));
    const QJsonArray steps = d.value(QStringLiteral("steps")).toArray();
    QCOMPARE(steps.size(), 3);
    QCOMPARE(steps.at(2).toObject().value(QStringLiteral("argv")).toArray().at(2).toString(), model);
    // Text form: the environment with sources, the commands; the head first.
    r = run(QStringList{QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--dry-run"),
                        QStringLiteral("--image"), QStringLiteral("img"), QStringLiteral("--model"), model,
                        QStringLiteral("jh1"), QStringLiteral("jh2")}
            + probes);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("NCCL_IB_GID_INDEX=3"), r.out.constData());
    QVERIFY(r.out.contains("probe: irdma0 port 1 on enp194s0np0"));
    QVERIFY(r.out.contains("http://192.168.100.1:8000"));
    // TCP-only: no HCA, IB disabled.
    r = run(QStringList{QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--dry-run"), QStringLiteral("--tcp-only"),
                        QStringLiteral("--runtime"), QStringLiteral("host"), QStringLiteral("--model"), model,
                        QStringLiteral("jh1"), QStringLiteral("jh2")}
            + probes);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("NCCL_IB_DISABLE=1"));
    QVERIFY(!r.out.contains("NCCL_IB_HCA"));
    // An iWARP node is refused with the way out.
    r = run({QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--dry-run"), QStringLiteral("--image"),
             QStringLiteral("img"), QStringLiteral("--model"), model, QStringLiteral("--probe-file"),
             QStringLiteral("jh2=") + fx + QStringLiteral("e810-iwarp/expected-probe.json"), QStringLiteral("jh2")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("no RDMA device on enp61s0f1np1") || r.err.contains("iWARP"), r.err.constData());
    // Usage and refusals.
    QCOMPARE(run({QStringLiteral("job")}).exitCode, 2);
    QCOMPARE(run({QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--dry-run")}).exitCode, 2);
    QCOMPARE(run({QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--dry-run"), QStringLiteral("--engine"),
                  QStringLiteral("torch"), QStringLiteral("jh1")})
                 .exitCode,
             2);
    // A launch probes the nodes it starts on: probe files are for dry runs.
    r = run(QStringList{QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--model"), model, QStringLiteral("jh1")} + probes);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--probe-file is for --dry-run"), r.err.constData());
    // Actions other than launch need the job's name.
    r = run({QStringLiteral("job"), QStringLiteral("stop")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("job's name"), r.err.constData());
    QCOMPARE(run({QStringLiteral("job"), QStringLiteral("frobnicate")}).exitCode, 2);
    r = run(QStringList{QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--dry-run"), QStringLiteral("jh1")} + probes);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("Give the model"), r.err.constData());
    QCOMPARE(run({QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--dry-run"), QStringLiteral("nosuchnode")}).exitCode, 2);
    // configure exists: without an action and a node it is bad usage.
    const Run c = run({QStringLiteral("configure")});
    QCOMPARE(c.exitCode, 2);
}

void TestHalolinkCtl::engineMissing()
{
    const QProcessEnvironment env = withEngine(QStringLiteral("/nonexistent/halolink-engine"));
    const Run r = run({QStringLiteral("probe")}, env);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("/nonexistent/halolink-engine"), r.err.constData());

    const Run json = run({QStringLiteral("probe"), QStringLiteral("--json")}, env);
    QCOMPARE(json.exitCode, 1);
    const DecodeResult<EngineErrorReport> error = decodeEngineError(json.out);
    QVERIFY2(error.ok(), json.out.constData());
    QCOMPARE(error.value->code, QStringLiteral("engine_missing"));
}

// configure verify: usage errors (exit 2) are found before any node is reached.
void TestHalolinkCtl::configureVerifyUsage()
{
    QTemporaryDir dir;
    const QString spec = dir.filePath(QStringLiteral("spec.json"));
    const QString c = QStringLiteral("configure");
    const QString v = QStringLiteral("verify");
    const QString node = QStringLiteral("nosuchnode");
    const QList<QStringList> bad = {
        {c, v},                                                                          // no node
        {c, v, node},                                                                    // no --spec
        {c, v, node, QStringLiteral("extra"), QStringLiteral("--spec"), spec},           // two nodes
        {c, v, node, QStringLiteral("--spec"), spec, QStringLiteral("--journal"), spec}, // not for verify
        {c, v, node, QStringLiteral("--spec"), spec, QStringLiteral("--confirm-within"), QStringLiteral("60")},
        {c, v, node, QStringLiteral("--plan"), spec},                                    // apply only
        {c, QStringLiteral("apply"), node, QStringLiteral("--spec"), spec, QStringLiteral("--no-bench")},
        {c, QStringLiteral("status"), node, QStringLiteral("--no-bench")},
    };
    for (const QStringList &args : bad) {
        const Run r = run(args);
        QVERIFY2(r.exitCode == 2, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + QString::fromUtf8(r.err)));
        QVERIFY2(r.err.contains("configure --help"), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
    // Usage is right: the unknown node is the failure (exit 1), with --json its error.
    const Run r = run({c, v, node, QStringLiteral("--spec"), spec, QStringLiteral("--no-bench"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1); // the spec file does not exist
    QVERIFY2(r.out.contains("spec_unreadable"), r.out.constData());
    const Run help = run({c, QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("verify NODE --spec FILE [--no-bench]") && help.out.contains("--no-bench"));
}

QTEST_GUILESS_MAIN(TestHalolinkCtl)
#include "tst_halolinkctl.moc"
