// Tensor-parallel jobs rendered from real captured node states (the fixture
// snapshots' probe documents): the RDMA environment per node comes from that
// node's probe (E810: GID index 1; ConnectX: 3), TCP-only drops it, bad
// nodes are refused; and every rendered command, run by a real shell against
// stand-in programs that record their argv, delivers hostile values (spaces,
// quotes, $, ;) as exactly one argument each.

#include "jobs/jobrender.h"
#include "jobs/jobs_internal.h"
#include "fixture_probes.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace halolink;
using namespace halolink::jobs;

namespace {

using test::fixtureProbe;

ProbeReport fixture(const QString &name)
{
    return fixtureProbe(name);
}

// A node from a fixture probed on another host: its data netdev's IPv4 GIDs
// carry this node's address, as the kernel's GID table would.
JobNode node(const QString &name, ProbeReport probe, const QString &iface, const QString &ip)
{
    for (RdmaPort &p : probe.rdma) {
        if (p.netdev.value_or(QString()) != iface)
            continue;
        for (Gid &g : p.gids)
            if (g.gid.startsWith(QLatin1String("::ffff:")))
                g.gid = QStringLiteral("::ffff:") + ip;
    }
    return {name, name, iface, ip, probe};
}

QString env(const Rendered &r, const QString &node, const QString &name)
{
    for (const EnvVar &v : r.env.value(node)) {
        if (v.name == name)
            return v.value;
    }
    return QStringLiteral("<unset>");
}

bool anyContains(const QStringList &list, const QString &text)
{
    return std::any_of(list.begin(), list.end(), [&](const QString &s) { return s.contains(text); });
}

// A program that appends its name and argv, one per line, then @@END@@, to $ARGV_LOG
// (the rendered values hold no line breaks: render() refuses them).
void writeStandIn(const QString &dir, const QString &name)
{
    QFile f(dir + QLatin1Char('/') + name);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\n{ basename \"$0\"; for a in \"$@\"; do printf '%s\\n' \"$a\"; done; echo @@END@@; } >>\"$ARGV_LOG\"\n");
    // The secrets the program got in its environment.
    f.write("printf '%s|%s\\n' \"${VLLM_API_KEY-<unset>}\" \"${HF_TOKEN-<unset>}\" >>\"$ARGV_LOG.env\"\n");
    f.write("printf '%s\\n' \"${VLLM_CONFIG_ROOT-<unset>}\" >>\"$ARGV_LOG.root\"\n");
    // toolbox run -c NAME CMD...: runs CMD in the container (here: on the host).
    if (name == QLatin1String("toolbox"))
        f.write("[ \"$1\" = run ] && [ \"$2\" = -c ] && shift 3 && exec \"$@\"\n");
    f.close();
    QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
}

// Runs a rendered command with stand-ins first on PATH; returns the argv each got.
QList<QStringList> runWithStandIns(const QString &command, const QString &home, const QByteArray &input = {},
                                   QStringList *secretsSeen = nullptr)
{
    QTemporaryDir bin;
    for (const char *p : {"podman", "docker", "toolbox", "vllm", "ray", "ggml-rpc-server", "llama-server"})
        writeStandIn(bin.path(), QString::fromLatin1(p));
    const QString log = bin.filePath(QStringLiteral("argv.log"));
    QProcess sh;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(QStringLiteral("PATH"), bin.path() + QStringLiteral(":/usr/bin:/bin"));
    e.insert(QStringLiteral("ARGV_LOG"), log);
    e.insert(QStringLiteral("HOME"), home);
    sh.setProcessEnvironment(e);
    sh.start(QStringLiteral("sh"), {QStringLiteral("-c"), command});
    sh.write(input);
    sh.closeWriteChannel();
    sh.waitForFinished(10000);
    QList<QStringList> calls;
    // Detached commands end after the shell: wait for a complete record.
    for (int i = 0; i < 100; ++i) {
        QFile f(log);
        if (f.open(QIODevice::ReadOnly) && f.readAll().endsWith("@@END@@\n"))
            break;
        QTest::qWait(50);
    }
    QFile f(log);
    if (!f.open(QIODevice::ReadOnly))
        return calls;
    if (secretsSeen) {
        QFile e(log + QStringLiteral(".env"));
        if (e.open(QIODevice::ReadOnly))
            *secretsSeen = QString::fromUtf8(e.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QFile r(log + QStringLiteral(".root"));
        if (r.open(QIODevice::ReadOnly))
            for (const QString &l : QString::fromUtf8(r.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
                *secretsSeen << QStringLiteral("root:") + l;
    }
    QStringList current;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line == "@@END@@") {
            calls << current;
            current.clear();
        } else {
            current << QString::fromUtf8(line);
        }
    }
    return calls;
}

} // namespace

class TestJobRender : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void e810FromProbe()
    {
        const ProbeReport e810 = fixture(QStringLiteral("strix-halo-e810-roce"));
        JobSpec spec;
        spec.image = QStringLiteral("registry.example/vllm-rocm:gfx1151");
        spec.model = QStringLiteral("/models/Qwen3-235B");
        spec.trafficClass = 106;
        const QList<JobNode> nodes{node(QStringLiteral("h1"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.1")),
                                   node(QStringLiteral("h2"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.2"))};
        const Rendered r = render(spec, nodes);
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("NCCL_IB_HCA")), QStringLiteral("=irdma0:1"));
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("NCCL_IB_GID_INDEX")), QStringLiteral("1"));
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("NCCL_SOCKET_IFNAME")), QStringLiteral("=enp194s0np0"));
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("GLOO_SOCKET_IFNAME")), QStringLiteral("enp194s0np0"));
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("NCCL_IB_TC")), QStringLiteral("106"));
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("NCCL_NET_GDR_LEVEL")), QStringLiteral("0")); // gfx1151
        QCOMPARE(env(r, QStringLiteral("h2"), QStringLiteral("VLLM_HOST_IP")), QStringLiteral("192.168.100.2"));
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("RAY_EXPERIMENTAL_NOSET_ROCR_VISIBLE_DEVICES")), QStringLiteral("1"));
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("NCCL_IB_DISABLE")), QStringLiteral("0"));
        QCOMPARE(r.apiUrl, QStringLiteral("http://192.168.100.1:8000"));
        // Order: Ray head, worker, then vLLM on the head with TP = 2, eager on gfx1151.
        QCOMPARE(r.steps.size(), 3);
        QCOMPARE(r.steps.at(0).role, QStringLiteral("ray-head"));
        QCOMPARE(r.steps.at(1).role, QStringLiteral("ray-worker"));
        QVERIFY(r.steps.at(1).argv.contains(QStringLiteral("--address=192.168.100.1:6379")));
        QCOMPARE(r.steps.at(2).role, QStringLiteral("vllm"));
        const QStringList serve = r.steps.at(2).argv;
        QCOMPARE(serve.mid(0, 5), (QStringList{QStringLiteral("vllm"), QStringLiteral("serve"), spec.model,
                                               QStringLiteral("--tensor-parallel-size"), QStringLiteral("2")}));
        QVERIFY(serve.contains(QStringLiteral("--enforce-eager")));
        QVERIFY(serve.contains(QStringLiteral("0.90")));
        QVERIFY(r.steps.at(0).command.contains(QStringLiteral("--device=/dev/infiniband")));
        QVERIFY(describe(r, nodes).contains(QStringLiteral("probe: irdma0 port 1 on enp194s0np0")));
    }

    void connectxOtherIndex()
    {
        const ProbeReport cx = fixture(QStringLiteral("connectx6dx-gid3"));
        JobSpec spec;
        spec.image = QStringLiteral("img");
        spec.model = QStringLiteral("Qwen/Qwen3-32B");
        const QList<JobNode> nodes{node(QStringLiteral("c1"), cx, QStringLiteral("enp61s0f1np1"), QStringLiteral("10.22.116.221")),
                                   node(QStringLiteral("c2"), cx, QStringLiteral("enp61s0f1np1"), QStringLiteral("10.22.116.222"))};
        const Rendered r = render(spec, nodes);
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        QCOMPARE(env(r, QStringLiteral("c1"), QStringLiteral("NCCL_IB_HCA")), QStringLiteral("=rocep61s0f1:1"));
        QCOMPARE(env(r, QStringLiteral("c1"), QStringLiteral("NCCL_IB_GID_INDEX")), QStringLiteral("3"));
        QCOMPARE(env(r, QStringLiteral("c1"), QStringLiteral("NCCL_NET_GDR_LEVEL")), QStringLiteral("<unset>")); // no gfx1151
        QCOMPARE(env(r, QStringLiteral("c1"), QStringLiteral("NCCL_IB_TC")), QStringLiteral("<unset>")); // no QoS given
        QVERIFY(!r.steps.last().argv.contains(QStringLiteral("--enforce-eager")));
        // The other port has no address: no RoCE v2 GID there, so it cannot carry the job.
        const Rendered bad = render(spec, {node(QStringLiteral("c1"), cx, QStringLiteral("enp61s0f0np0"), QStringLiteral("10.9.0.1"))});
        QVERIFY(anyContains(bad.errors, QStringLiteral("no RoCE v2 GID")));
    }

    void tcpOnlyAndOverrides()
    {
        const ProbeReport e810 = fixture(QStringLiteral("strix-halo-e810-roce"));
        JobSpec spec;
        spec.image = QStringLiteral("img");
        spec.model = QStringLiteral("/m/x");
        spec.tcpOnly = true;
        spec.env.insert(QStringLiteral("NCCL_DEBUG"), QStringLiteral("INFO"));
        spec.nodeEnv[QStringLiteral("h2")].insert(QStringLiteral("NCCL_SOCKET_IFNAME"), QStringLiteral("eth9"));
        const QList<JobNode> nodes{node(QStringLiteral("h1"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.1")),
                                   node(QStringLiteral("h2"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.2"))};
        const Rendered r = render(spec, nodes);
        QVERIFY(r.ok());
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("NCCL_IB_DISABLE")), QStringLiteral("1"));
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("NCCL_IB_HCA")), QStringLiteral("<unset>"));
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("NCCL_IB_GID_INDEX")), QStringLiteral("<unset>"));
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("NCCL_DEBUG")), QStringLiteral("INFO"));
        QCOMPARE(env(r, QStringLiteral("h2"), QStringLiteral("NCCL_SOCKET_IFNAME")), QStringLiteral("eth9"));
        QCOMPARE(env(r, QStringLiteral("h1"), QStringLiteral("NCCL_SOCKET_IFNAME")), QStringLiteral("=enp194s0np0"));
        QVERIFY(!r.steps.at(0).command.contains(QStringLiteral("/dev/infiniband")));
        // A node without RDMA works TCP-only, and is refused for RDMA with the way out named.
        const ProbeReport none = fixture(QStringLiteral("strix-halo-no-rdma"));
        QList<JobNode> plain{node(QStringLiteral("p1"), none, QStringLiteral("enp195s0"), QStringLiteral("192.168.1.73"))};
        QVERIFY(render(spec, plain).ok());
        spec.tcpOnly = false;
        QVERIFY(anyContains(render(spec, plain).errors, QStringLiteral("TCP-only")));
    }

    void refusals()
    {
        const ProbeReport e810 = fixture(QStringLiteral("strix-halo-e810-roce"));
        const ProbeReport iw = fixture(QStringLiteral("e810-iwarp"));
        JobSpec spec;
        spec.image = QStringLiteral("img");
        spec.model = QStringLiteral("/m/x");
        QVERIFY(anyContains(render(spec, {node(QStringLiteral("w"), iw, QStringLiteral("enp23s0f1"), QStringLiteral("10.22.116.221"))}).errors,
                            QStringLiteral("iWARP")));
        ProbeReport down = e810;
        down.rdma[0].state = QStringLiteral("DOWN");
        QVERIFY(anyContains(render(spec, {node(QStringLiteral("d"), down, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.1"))}).errors,
                            QStringLiteral("not ACTIVE")));
        QVERIFY(anyContains(render(spec, {node(QStringLiteral("n"), e810, QString(), QString())}).errors,
                            QStringLiteral("run the cluster setup")));
        JobNode unprobed = node(QStringLiteral("u"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.1"));
        unprobed.probe.reset();
        QVERIFY(anyContains(render(spec, {unprobed}).errors, QStringLiteral("not been probed")));
        const QList<JobNode> ok{node(QStringLiteral("h1"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.1"))};
        JobSpec s = spec;
        s.model.clear();
        QVERIFY(anyContains(render(s, ok).errors, QStringLiteral("Give the model")));
        s = spec;
        s.image.clear();
        QVERIFY(anyContains(render(s, ok).errors, QStringLiteral("container image")));
        s.runtime = Runtime::Host;
        QVERIFY(render(s, ok).ok());
        s = spec;
        s.name = QStringLiteral("Bad Name");
        QVERIFY(anyContains(render(s, ok).errors, QStringLiteral("Job name")));
        s = spec;
        s.port = 70000;
        QVERIFY(anyContains(render(s, ok).errors, QStringLiteral("out of range")));
        s = spec;
        s.env.insert(QStringLiteral("BAD-NAME"), QStringLiteral("x"));
        QVERIFY(anyContains(render(s, ok).errors, QStringLiteral("not an environment variable name")));
        s = spec;
        s.gpuMemoryUtilization = 0.95;
        QVERIFY(render(s, ok).ok());
        QVERIFY(anyContains(render(s, ok).warnings, QStringLiteral("runs out of memory")));
        s = spec;
        s.engine = Engine::LlamaRpc;
        s.model = QStringLiteral("Qwen/Qwen3-32B");
        QVERIFY(anyContains(render(s, ok).errors, QStringLiteral(".gguf")));
    }

    void gidOfTheDataAddress()
    {
        // Two IPv4 addresses on the netdev: one RoCE v2 GID each; the job uses the data address's,
        // not the first IPv4 GID of the port.
        ProbeReport p = fixture(QStringLiteral("strix-halo-e810-roce"));
        RdmaPort *port = nullptr;
        for (RdmaPort &x : p.rdma)
            if (x.netdev.value_or(QString()) == QLatin1String("enp194s0np0"))
                port = &x;
        QVERIFY(port);
        port->gids = {{0, QStringLiteral("fe80::1"), QStringLiteral("RoCE v2"), port->netdev},
                      {1, QStringLiteral("::ffff:10.99.7.2"), QStringLiteral("RoCE v2"), port->netdev},
                      {2, QStringLiteral("::ffff:192.168.100.2"), QStringLiteral("IB/RoCE v1"), port->netdev},
                      {3, QStringLiteral("::ffff:192.168.100.2"), QStringLiteral("RoCE v2"), port->netdev}};
        port->roceV2Ipv4GidIndex = 1; // what the probe picked
        QCOMPARE(roceV2GidIndexFor(*port, QStringLiteral("192.168.100.2")), std::optional<int>(3));
        JobSpec spec;
        spec.runtime = Runtime::Host;
        spec.model = QStringLiteral("/models/m");
        const ProbeReport e810 = fixture(QStringLiteral("strix-halo-e810-roce"));
        const Rendered r = render(spec, {node(QStringLiteral("h1"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.1")),
                                         JobNode{QStringLiteral("h2"), QStringLiteral("h2"), QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.2"), p}});
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        QCOMPARE(env(r, QStringLiteral("h2"), QStringLiteral("NCCL_IB_GID_INDEX")), QStringLiteral("3"));
        // No RoCE v2 GID of the data address at all: refused.
        port->gids.removeLast();
        QVERIFY(anyContains(render(spec, {node(QStringLiteral("h1"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.1")),
                                          JobNode{QStringLiteral("h2"), QStringLiteral("h2"), QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.2"), p}})
                                .errors,
                            QStringLiteral("no RoCE v2 GID for 192.168.100.2")));
    }

    void rayStatusLayouts_data()
    {
        // tests/fixtures/tool-output/ray/README.md: Ray's printing code, v1 and v2.
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("nodes");
        QTest::newRow("v1 idle") << QStringLiteral("status-v1-idle.txt") << 2;
        QTest::newRow("v2 idle") << QStringLiteral("status-v2-idle.txt") << 2;
        QTest::newRow("v2 running") << QStringLiteral("status-v2-running.txt") << 2;
        QTest::newRow("older Healthy:") << QStringLiteral("status-healthy-old.txt") << 2;
    }

    void rayStatusLayouts()
    {
        QFETCH(QString, file);
        QFETCH(int, nodes);
        QFile f(QStringLiteral(HALOLINK_FIXTURES_DIR "/tool-output/ray/") + file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QCOMPARE(halolink::jobs::detail::rayActiveNodes(text), nodes);
        // Nothing counted from other sections: "(no active nodes)" and the usage lines.
        QCOMPARE(halolink::jobs::detail::rayActiveNodes(text.left(text.indexOf("node_"))), 0);
    }

    void rpcServerByEitherName()
    {
        // llama.cpp renamed rpc-server to ggml-rpc-server (tools/rpc/CMakeLists.txt): the step runs whichever is there.
        const ProbeReport e810 = fixture(QStringLiteral("strix-halo-e810-roce"));
        JobSpec spec;
        spec.engine = Engine::LlamaRpc;
        spec.runtime = Runtime::Host;
        spec.model = QStringLiteral("/models/m.gguf");
        const QList<JobNode> nodes{node(QStringLiteral("h1"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.1")),
                                   node(QStringLiteral("h2"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.2"))};
        const Rendered r = render(spec, nodes);
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        const Step &rpc = r.steps.first();
        QCOMPARE(rpc.role, QStringLiteral("rpc-server"));
        QCOMPARE(rpc.argv.first(), QStringLiteral("ggml-rpc-server"));
        for (const char *name : {"ggml-rpc-server", "rpc-server"}) {
            QTemporaryDir home, bin;
            writeStandIn(bin.path(), QString::fromLatin1(name));
            QProcess sh;
            QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
            e.insert(QStringLiteral("PATH"), bin.path() + QStringLiteral(":/usr/bin:/bin"));
            e.insert(QStringLiteral("ARGV_LOG"), bin.filePath(QStringLiteral("argv.log")));
            e.insert(QStringLiteral("HOME"), home.path());
            sh.setProcessEnvironment(e);
            sh.start(QStringLiteral("sh"), {QStringLiteral("-c"), rpc.command});
            QVERIFY(sh.waitForFinished(10000));
            auto logText = [&] {
                QFile log(bin.filePath(QStringLiteral("argv.log")));
                return log.open(QIODevice::ReadOnly) ? log.readAll() : QByteArray();
            };
            QTRY_VERIFY2(logText().contains("@@END@@"), qPrintable(QString::fromUtf8(sh.readAllStandardError())));
            const QList<QByteArray> argv = logText().split('\n');
            QCOMPARE(argv.value(0), QByteArray(name));
            QCOMPARE(argv.value(1), QByteArray("-H"));
        }
        // The environment of RDMA nodes: llama.cpp's transport on this device and GID.
        QCOMPARE(env(r, QStringLiteral("h2"), QStringLiteral("GGML_RDMA_DEV")), QStringLiteral("irdma0"));
        spec.tcpOnly = true;
        QCOMPARE(env(render(spec, nodes), QStringLiteral("h2"), QStringLiteral("GGML_RDMA_DEV")), QStringLiteral("halolink-tcp-only"));
    }

    void quotingThroughARealShell_data()
    {
        QTest::addColumn<int>("runtime");
        QTest::newRow("podman") << int(Runtime::Podman);
        QTest::newRow("docker") << int(Runtime::Docker);
        QTest::newRow("host") << int(Runtime::Host);
        QTest::newRow("toolbox") << int(Runtime::Toolbox);
    }

    void quotingThroughARealShell()
    {
        QFETCH(int, runtime);
        const ProbeReport e810 = fixture(QStringLiteral("strix-halo-e810-roce"));
        JobSpec spec;
        spec.runtime = Runtime(runtime);
        spec.image = QStringLiteral("img 'with' $(quotes)");
        spec.model = QStringLiteral("/models/my model's \"best\" $HOME `id`; rm -rf x");
        spec.env.insert(QStringLiteral("HF_HOME"), QStringLiteral("/cache/$(whoami) ';x"));
        spec.extraArgs = {QStringLiteral("--served-model-name"), QStringLiteral("a b;c")};
        spec.secretEnv = {QStringLiteral("HF_TOKEN")};
        spec.env.remove(QStringLiteral("HF_TOKEN"));
        const QList<JobNode> nodes{node(QStringLiteral("h1"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.1")),
                                   node(QStringLiteral("h2"), e810, QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.2"))};
        const Rendered r = render(spec, nodes);
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        QTemporaryDir home;
        const Step &serve = r.steps.last();
        // The secrets, a line each in the step's order, on standard input.
        QCOMPARE(serve.secrets, (QStringList{QStringLiteral("HF_TOKEN"), QStringLiteral("VLLM_API_KEY")}));
        const QByteArray input = "hf_s3cret $(x)\nkey-'1'\n";
        QVERIFY(!serve.command.contains(QStringLiteral("s3cret")));
        QStringList seen;
        QList<QStringList> calls = runWithStandIns(serve.command, home.path(), input, &seen);
        if (spec.runtime == Runtime::Podman || spec.runtime == Runtime::Docker) {
            // The container tool gets them in its environment (--env=NAME, no value on its command line).
            QVERIFY2(seen.contains(QStringLiteral("key-'1'|hf_s3cret $(x)")), qPrintable(seen.join(QLatin1Char(';'))));
        } else {
            // The program itself has them.
            QVERIFY2(seen.contains(QStringLiteral("key-'1'|hf_s3cret $(x)")), qPrintable(seen.join(QLatin1Char(';'))));
            QVERIFY2(seen.contains(QStringLiteral("root:") + home.path() + QStringLiteral("/.cache/halolink/jobs/tp/h1/vllm-config")),
                     qPrintable(seen.join(QLatin1Char(';'))));
        }
        for (const QStringList &c : calls)
            QVERIFY2(!c.join(QLatin1Char(' ')).contains(QStringLiteral("s3cret")), qPrintable(c.join(QLatin1Char(' '))));
        if (spec.runtime == Runtime::Toolbox) {
            // toolbox run -c <the container's name, one word>, then the program inside.
            QCOMPARE(calls.size(), 2);
            QCOMPARE(calls.first().mid(0, 4), (QStringList{QStringLiteral("toolbox"), QStringLiteral("run"),
                                                           QStringLiteral("-c"), spec.image}));
            calls.removeFirst();
        }
        QCOMPARE(calls.size(), 1);
        const QStringList call = calls.first();
        // Whatever wraps it, vllm's own arguments arrive exactly as rendered, each one word.
        const qsizetype at = call.indexOf(QStringLiteral("serve"));
        QVERIFY2(at > 0, qPrintable(call.join(QStringLiteral(" | "))));
        QCOMPARE(call.mid(at - 1), serve.argv);
        if (spec.runtime == Runtime::Podman || spec.runtime == Runtime::Docker) {
            QCOMPARE(call.first(), spec.runtime == Runtime::Podman ? QStringLiteral("podman") : QStringLiteral("docker"));
            QVERIFY(call.contains(QStringLiteral("halolink-tp-ray-head")));
            // The Ray head's container carries the environment and the image exactly.
            const QList<QStringList> head = runWithStandIns(r.steps.first().command, home.path(), "hf\n");
            QVERIFY(!head.isEmpty());
            QVERIFY(head.last().contains(QStringLiteral("--env=HF_HOME=/cache/$(whoami) ';x")));
            QVERIFY(head.last().contains(spec.image));
            QVERIFY(head.last().contains(QStringLiteral("--env=NCCL_IB_GID_INDEX=1")));
            // RDMA: the devices and the locked-memory maximum; the image's login environment
            // (bash -l reads /etc/profile.d); docker adds no named groups the image may lack.
            QVERIFY(head.last().contains(QStringLiteral("--device=/dev/infiniband")));
            QVERIFY(head.last().contains(QStringLiteral("--ulimit=memlock=-1:-1")));
            const qsizetype img = head.last().indexOf(spec.image);
            QCOMPARE(head.last().mid(img + 1, 3), (QStringList{QStringLiteral("bash"), QStringLiteral("-lc"), QStringLiteral("exec \"$@\"")}));
            QVERIFY(!head.last().join(QLatin1Char(' ')).contains(QStringLiteral("--group-add=video")));
            QVERIFY(!head.last().join(QLatin1Char(' ')).contains(QStringLiteral("--group-add=render")));
            // TCP-only: neither /dev/infiniband nor --ulimit.
            JobSpec tcp = spec;
            tcp.tcpOnly = true;
            const Rendered rt = render(tcp, nodes);
            QVERIFY(!rt.steps.first().command.contains(QStringLiteral("infiniband")));
            QVERIFY(!rt.steps.first().command.contains(QStringLiteral("--ulimit")));
        } else {
            QCOMPARE(call.first(), QStringLiteral("vllm"));
            QVERIFY(QFile::exists(home.filePath(QStringLiteral(".cache/halolink/jobs/tp/h1/vllm.pid"))));
            // vLLM's config root is a plain path under the node's $HOME, and lists the workers' own variables.
            const QString root = home.filePath(QStringLiteral(".cache/halolink/jobs/tp/h1/vllm-config"));
            QFile list(root + QStringLiteral("/ray_non_carry_over_env_vars.json"));
            QVERIFY2(list.open(QIODevice::ReadOnly), qPrintable(list.fileName()));
            const QByteArray names = list.readAll();
            QVERIFY2(names.contains("\"NCCL_IB_GID_INDEX\"") && names.contains("\"NCCL_IB_HCA\"") && names.contains("\"HF_TOKEN\""),
                     names.constData());
            QVERIFY(QFile::exists(home.filePath(QStringLiteral(".cache/halolink/jobs/tp/h1/vllm.log"))));
        }
        QVERIFY(!QFile::exists(QStringLiteral("x")));
    }
};

QTEST_GUILESS_MAIN(TestJobRender)
#include "tst_jobrender.moc"
