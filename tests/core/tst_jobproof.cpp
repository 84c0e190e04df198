// The RDMA proof's witnesses: RCCL's transport and failure lines (their
// formats from ROCm/rccl @ 0cbce2a7 src/transport/net_ib.cc, src/misc/ibvwrap.cc,
// src/init.cc), llama.cpp's "RDMA activated" (ggml-rpc transport.cpp), the
// queue pairs of `rdma -j resource show qp` (real captures,
// tests/fixtures/tool-output/rdma-res-qp), the processes' environment, and
// the verdict drawn from them.

#include "jobs/joblauncher.h"
#include "jobs/proof.h"
#include "jobs/witness.h"
#include "fixture_probes.h"

#include <QFile>
#include <QTest>

using namespace halolink;
using namespace halolink::jobs;

namespace {

QByteArray corpus(const QString &file)
{
    QFile f(QStringLiteral(HALOLINK_FIXTURES_DIR "/tool-output/rdma-res-qp/") + file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no %s", qPrintable(file));
    return f.readAll();
}

Job twoNodeJob(bool tcpOnly = false)
{
    Job job;
    job.spec.model = QStringLiteral("/models/m");
    job.spec.runtime = Runtime::Host;
    job.spec.tcpOnly = tcpOnly;
    for (int i = 1; i <= 2; ++i) {
        JobNode n;
        n.nodeId = QStringLiteral("n%1").arg(i);
        n.name = QStringLiteral("node%1").arg(i);
        n.dataInterface = QStringLiteral("enp194s0np0");
        n.dataIp = QStringLiteral("10.77.0.%1").arg(i);
        n.probe = test::fixtureProbeWithAddress(QStringLiteral("strix-halo-e810-roce"), n.dataInterface, n.dataIp);
        job.nodes << n;
    }
    job.rendered = render(job.spec, job.nodes);
    return job;
}

TrafficSample sample(qint64 t, std::optional<qint64> rdma, qint64 nic)
{
    TrafficSample s;
    s.timeNs = t;
    s.rdmaDevice = QStringLiteral("irdma0");
    s.rdmaPort = 1;
    s.rdmaRxPackets = rdma;
    s.rdmaTxPackets = rdma;
    s.nicRxBytes = nic;
    s.nicTxBytes = nic;
    return s;
}

} // namespace

class TestJobProof : public QObject {
    Q_OBJECT

private slots:
    void queuePairsFromRealCaptures()
    {
        QString error;
        auto qps = parseRdmaResQp(corpus(QStringLiteral("rc-held-and-gsi.iproute2-6.1.0.json")), &error);
        QVERIFY2(qps, qPrintable(error));
        QCOMPARE(qps->size(), 2);
        QCOMPARE(qps->at(0).device, QStringLiteral("rxe0"));
        QCOMPARE(qps->at(0).type, QStringLiteral("RC"));
        QCOMPARE(qps->at(0).pid, 1399);
        QCOMPARE(qps->at(0).comm, QStringLiteral("ibv_rc_pingpong"));
        QCOMPARE(qps->at(1).type, QStringLiteral("GSI"));
        QCOMPARE(qps->at(1).pid, -1); // the kernel's: no pid
        qps = parseRdmaResQp(corpus(QStringLiteral("gsi-only.iproute2-6.1.0.json")), &error);
        QVERIFY(qps && qps->size() == 1);
        // Not rdma's JSON: no list, an error.
        QVERIFY(!parseRdmaResQp("Error: unknown command", &error));
        QVERIFY(!error.isEmpty());
    }

    void rcclLines()
    {
        const Job job = twoNodeJob();
        // The head's own lines, and a worker's with Ray's prefix.
        const QByteArray ib = "node1:812:830 [0] NCCL INFO NET/IB : Using [0]irdma0:1/RoCE ; OOB enp194s0np0:10.77.0.1<0>\n"
                              "(RayWorkerWrapper pid=901, ip=10.77.0.2) node2:901:920 [0] NCCL INFO NET/IB : Using [0]irdma0:1/RoCE ; OOB enp194s0np0:10.77.0.2<0>\n"
                              "(RayWorkerWrapper pid=901, ip=10.77.0.2) node2:901:920 [0] NCCL INFO Using network IB\n";
        TransportLog t = readTransportLog(job, ib, true);
        QCOMPARE(t.net.value(QStringLiteral("n1")), QStringLiteral("ib"));
        QCOMPARE(t.net.value(QStringLiteral("n2")), QStringLiteral("ib"));
        QCOMPARE(t.device.value(QStringLiteral("n2")), QStringLiteral("irdma0:1"));
        QVERIFY(!t.rdmaFailed());

        // ibvwrap.cc: a GID index past the table.
        const QByteArray gid = "(RayWorkerWrapper pid=901, ip=10.77.0.2) \n"
                               "(RayWorkerWrapper pid=901, ip=10.77.0.2) node2:901:920 [0] misc/ibvwrap.cc:137 NCCL WARN Call to ibv_query_gid failed with error Unknown error -1 errno -1\n";
        t = readTransportLog(job, gid, true);
        QVERIFY(t.rdmaFailed());
        QVERIFY2(t.causes.join(QLatin1Char('\n')).contains(QStringLiteral("node2: NCCL_IB_GID_INDEX=")), qPrintable(t.causes.join('\n')));
        // No device (the HCA matched nothing): a failure in an RDMA job, not in a TCP-only one.
        const QByteArray none = "node1:812:830 [0] NCCL INFO NET/IB : No device found.\nnode1:812:830 [0] NCCL INFO NET/Socket : Using [0]enp194s0np0:10.77.0.1<0>\n";
        t = readTransportLog(job, none, true);
        QVERIFY(t.rdmaFailed());
        QCOMPARE(t.net.value(QStringLiteral("n1")), QStringLiteral("socket"));
        QVERIFY(!readTransportLog(twoNodeJob(true), none, false).rdmaFailed());
        // A completion with an error (retry exceeded), RCCL's R0 form.
        t = readTransportLog(job, "node1:812:845 [0] transport/net_ib.cc:1985 NCCL WARN NET/IB : Got completion from peer 10.77.0.2<0> with status=12 opcode=0 len=0 vendor err 129 (Send)\n", true);
        QVERIFY(t.causes.join(QLatin1Char('\n')).contains(QStringLiteral("never arrived")));
        QCOMPARE(llamaRdmaActivations("RDMA probed: dev=rxe0 gid=1 RoCEv2 qpn=17 inline=256\nRDMA activated: qpn=17->18 mtu=1024 rx_depth=24\n"), 1);
    }

    void processWitness()
    {
        const QByteArray out = "P 100 1 /usr/bin/python3 /x/ray start --address=10.77.0.1:6379\n"
                               "E 100 NCCL_IB_HCA==irdma0:1\n"
                               "P 140 100 ray::RayWorkerWrapper /x/_hd_worker.py\n"
                               "E 140 NCCL_IB_HCA==mlx5_0:1\n"
                               "E 140 NCCL_IB_GID_INDEX=3\n"
                               "E 140 NCCL_ALGO=Ring\n"
                               "E 140 VLLM_API_KEY=<set>\n"
                               "P 150 140 /usr/bin/ibv_rc_pingpong -d irdma0\n"
                               "QP\n" + corpus(QStringLiteral("rc-held-and-gsi.iproute2-6.1.0.json"));
        const NodeWitness w = parseProcessWitness(out);
        QCOMPARE(w.processes.size(), 3);
        QVERIFY(w.qps && w.qps->size() == 2);
        // The worker's values are the ones in effect.
        QCOMPARE(effectiveValue(w, QStringLiteral("NCCL_IB_HCA")).value_or(QString()), QStringLiteral("=mlx5_0:1"));
        const Job job = twoNodeJob();
        const QStringList d = envDifferences(job, QStringLiteral("n2"), w);
        QVERIFY2(d.join('\n').contains(QStringLiteral("NCCL_IB_HCA is '=mlx5_0:1', rendered '=irdma0:1'")), qPrintable(d.join('\n')));
        QVERIFY2(d.join('\n').contains(QStringLiteral("NCCL_ALGO='Ring' comes from elsewhere")), qPrintable(d.join('\n')));
        QVERIFY(!d.join('\n').contains(QStringLiteral("VLLM_API_KEY")));
    }

    void memlockAndGidChecks()
    {
        Job job = twoNodeJob();
        job.spec.runtime = Runtime::Podman;
        JobLauncher launcher(nullptr);
        launcher.setJob(job);
        const JobNode &n2 = job.nodes.at(1);
        // Rootless podman: the user's hard limit (systemd's default 8 MiB) is what -1 gives the container.
        const QString p = launcher.memlockProblem(n2, QStringLiteral("memlock 1000 8192"));
        QVERIFY2(p.contains(QStringLiteral("8192 KiB")) && p.contains(QStringLiteral("rootless podman"))
                     && p.contains(QStringLiteral("memlock unlimited")),
                 qPrintable(p));
        QVERIFY(launcher.memlockProblem(n2, QStringLiteral("memlock 1000 unlimited")).isEmpty());
        QVERIFY(launcher.memlockProblem(n2, QStringLiteral("memlock 0 8192")).isEmpty()); // root: CAP_IPC_LOCK
        QVERIFY(launcher.memlockProblem(n2, QStringLiteral("memlock 1000 2097152")).isEmpty());
        // llama.cpp: 6.25 MiB per RDMA connection; a toolbox keeps the limit it was created with.
        job.spec.engine = Engine::LlamaRpc;
        job.spec.runtime = Runtime::Toolbox;
        launcher.setJob(job);
        QVERIFY(launcher.memlockProblem(n2, QStringLiteral("memlock 1000 8192")).isEmpty());
        QVERIFY(launcher.memlockProblem(n2, QStringLiteral("memlock 1000 4096")).contains(QStringLiteral("create the toolbox again")));
        QVERIFY(!launcher.memlockProblem(n2, QStringLiteral("memlock 0 4096")).isEmpty()); // root in a toolbox: no CAP_IPC_LOCK outside
        // The GID index named is no longer the data address's: refused, with the index that holds it now.
        job = twoNodeJob();
        launcher.setJob(job);
        const QString g = launcher.gidProblem(n2, QStringLiteral("gidat 1 0000:0000:0000:0000:0000:ffff:0a63:0702 RoCE_v2\n"
                                                                 "gidmatch 2 RoCE_v2\n"));
        QVERIFY2(g.contains(QStringLiteral("index 2 holds it now")), qPrintable(g));
        QVERIFY(launcher.gidProblem(n2, QStringLiteral("gidat 2 x RoCE_v2\ngidmatch 2 RoCE_v2\n")).isEmpty());
        // The person's own override is not refused (render() warned).
        job.spec.env.insert(QStringLiteral("NCCL_IB_GID_INDEX"), QStringLiteral("1"));
        launcher.setJob(job);
        QVERIFY(launcher.gidProblem(n2, QStringLiteral("gidat 1 x RoCE_v2\ngidmatch 2 RoCE_v2\n")).isEmpty());
    }

    void verdicts()
    {
        const Job job = twoNodeJob();
        QHash<QString, TrafficSample> bg, before, after;
        for (const JobNode &n : job.nodes) {
            bg.insert(n.nodeId, sample(0, 0, 0));
            before.insert(n.nodeId, sample(2'000'000'000, 0, 0));
            after.insert(n.nodeId, sample(4'000'000'000, 5000, 1'000'000));
        }
        QCOMPARE(judgeTraffic(job, bg, before, after).verdict, Proof::Verdict::Rdma);

        // No RDMA counters on the port: unknown, not TCP (the NIC always carries Ray's control traffic).
        for (const JobNode &n : job.nodes) {
            bg[n.nodeId] = sample(0, std::nullopt, 0);
            before[n.nodeId] = sample(2'000'000'000, std::nullopt, 0);
            after[n.nodeId] = sample(4'000'000'000, std::nullopt, 1'000'000);
        }
        Proof p = judgeTraffic(job, bg, before, after);
        QCOMPARE(p.verdict, Proof::Verdict::Unknown);
        QCOMPARE(p.nodes.first().state, QStringLiteral("unknown"));
        // RCCL says NET/IB and the job owns queue pairs on the port: RDMA, by those witnesses.
        TransportLog log;
        log.net.insert(QStringLiteral("n1"), QStringLiteral("ib"));
        log.net.insert(QStringLiteral("n2"), QStringLiteral("ib"));
        QHash<QString, NodeWitness> w;
        for (const JobNode &n : job.nodes) {
            NodeWitness x;
            x.processes << ProcessEnv{77, 1, QStringLiteral("ray::RayWorkerWrapper"), {}};
            x.qps = QList<QueuePair>{{QStringLiteral("irdma0"), 1, 17, QStringLiteral("RC"), QStringLiteral("RTS"), 77, QStringLiteral("python3")},
                                     {QStringLiteral("irdma0"), 1, 1, QStringLiteral("GSI"), QStringLiteral("RTS"), -1, QStringLiteral("ib_core")}};
            w.insert(n.nodeId, x);
        }
        addWitnesses(p, job, log, w);
        QCOMPARE(p.verdict, Proof::Verdict::Rdma);
        QCOMPARE(p.nodes.first().queuePairs, std::optional<int>(1)); // the GSI QP is not the job's
        QVERIFY(p.evidence.contains(QStringLiteral("RCCL's log")) && p.evidence.contains(QStringLiteral("queue pairs")));
        // RCCL says sockets on node2: TCP there.
        p = judgeTraffic(job, bg, before, after);
        log.net.insert(QStringLiteral("n2"), QStringLiteral("socket"));
        w[QStringLiteral("n2")].processes.first().env.insert(QStringLiteral("NCCL_IB_HCA"), QStringLiteral("=mlx5_0:1"));
        addWitnesses(p, job, log, w);
        QCOMPARE(p.verdict, Proof::Verdict::Mixed);
        // The causes read the value the worker runs with, not the rendered one.
        QVERIFY2(p.causes.join('\n').contains(QStringLiteral("NCCL_IB_HCA==mlx5_0:1")), qPrintable(p.causes.join('\n')));
        w[QStringLiteral("n2")].processes.first().env.clear();
        // QPs of another process do not count: the library's word alone is not enough.
        p = judgeTraffic(job, bg, before, after);
        log.net.insert(QStringLiteral("n2"), QStringLiteral("ib"));
        for (NodeWitness &x : w)
            x.processes.first().pid = 99;
        addWitnesses(p, job, log, w);
        QCOMPARE(p.verdict, Proof::Verdict::Unknown);
    }
};

QTEST_GUILESS_MAIN(TestJobProof)
#include "tst_jobproof.moc"
