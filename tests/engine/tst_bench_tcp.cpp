// `reflect` + `bench` over TCP on loopback, with the real binary: the
// halolink.bench/1 document, sane numbers, several clients one after another
// and at once, and a reflector that survives clients vanishing.

#include <QJsonArray>
#include <QTcpSocket>
#include <QTest>

#include <csignal>

#include "bench_test_util.h"

using namespace benchtest;

class TestBenchTcp : public QObject {
    Q_OBJECT

private slots:
    void listeningEvent();
    void latency();
    void latencyBusyPoll();
    void latencyLargeMessages();
    void bandwidth();
    void clientsOneAfterAnother();
    void concurrentClients();
    void survivesVanishingClient();
    void sigtermAndSigintExitCleanly();

private:
    static void checkSummary(const QJsonObject &doc, const char *key);
};

void TestBenchTcp::checkSummary(const QJsonObject &doc, const char *key)
{
    const QJsonObject s = doc.value(key).toObject();
    const QStringList keys { "min", "p50", "p90", "p99", "p999", "max", "mean", "stdev" };
    for (const auto &k : keys)
        QVERIFY2(s.contains(k) && s.value(k).isDouble(), qPrintable(QString("%1.%2").arg(key, k)));
    QVERIFY(s.value("min").toDouble() > 0);
    QVERIFY(s.value("min").toDouble() <= s.value("p50").toDouble());
    QVERIFY(s.value("p50").toDouble() <= s.value("p90").toDouble());
    QVERIFY(s.value("p90").toDouble() <= s.value("p99").toDouble());
    QVERIFY(s.value("p99").toDouble() <= s.value("p999").toDouble());
    QVERIFY(s.value("p999").toDouble() <= s.value("max").toDouble());
    QVERIFY(s.value("mean").toDouble() >= s.value("min").toDouble());
    QVERIFY(s.value("mean").toDouble() <= s.value("max").toDouble());
    QVERIFY(s.value("stdev").toDouble() >= 0);
}

void TestBenchTcp::listeningEvent()
{
    Reflector r;
    QVERIFY2(r.ok(), r.firstLine().constData());
    const QJsonObject e = r.listening();
    QCOMPARE(e.value("bind").toString(), QString("127.0.0.1"));
    QCOMPARE(e.value("port").toInt(), r.port());
    QCOMPARE(e.value("tcp").toBool(), true);
    QVERIFY(e.value("rdma").isBool());
    // Without RDMA, the reason is given; with it, none is needed.
    if (!e.value("rdma").toBool())
        QVERIFY(!e.value("rdma_reason").toString().isEmpty());
    // The first line is a single compact JSON object.
    QVERIFY(r.firstLine().endsWith('\n'));
    QCOMPARE(r.firstLine().count('\n'), 1);
    QCOMPARE(r.stop(), 0);
}

void TestBenchTcp::latency()
{
    Reflector r;
    QVERIFY(r.ok());
    Run b = run(
        benchArgs(r.port(), { "--transport", "tcp", "--iters", "3000", "--warmup", "200", "--size", "32" }));
    QVERIFY2(b.exitCode == 0, qPrintable(b.describe()));
    const QJsonObject d = b.json;
    QCOMPARE(d.value("schema").toString(), QString("halolink.bench/1"));
    QCOMPARE(d.value("transport").toString(), QString("tcp"));
    QCOMPARE(d.value("test").toString(), QString("latency"));
    QCOMPARE(d.value("peer").toString(), QString("127.0.0.1"));
    QCOMPARE(d.value("size").toInt(), 32);
    QCOMPARE(d.value("iters").toInt(), 3000);
    QCOMPARE(d.value("warmup").toInt(), 200);
    QCOMPARE(d.value("samples").toInt(), 3000);
    QVERIFY(d.value("warmup_iters").toInt() >= 200);
    // Warm-up lasts at least 200 ms as well as 200 iterations.
    QVERIFY(d.value("warmup_ns").toDouble() >= 200e6);
    for (const char *k : { "device", "gid_index", "tos", "bandwidth_bps" })
        QVERIFY2(d.contains(k) && d.value(k).isNull(), k);
    checkSummary(d, "rtt_ns");
    checkSummary(d, "one_way_ns");
    const QJsonObject rtt = d.value("rtt_ns").toObject();
    const QJsonObject ow = d.value("one_way_ns").toObject();
    for (const auto &k : { "min", "p50", "p90", "p99", "p999", "max", "mean", "stdev" })
        QCOMPARE(ow.value(k).toDouble(), rtt.value(k).toDouble() / 2);
    // Loopback round trips: above a microsecond, below 50 ms at the median
    // even on a loaded two-core machine.
    QVERIFY(rtt.value("p50").toDouble() > 1000);
    QVERIFY(rtt.value("p50").toDouble() < 50e6);
    QVERIFY(d.value("duration_ns").toDouble() > 0);
    QVERIFY(d.value("messages_per_s").toDouble() > 0);
    QCOMPARE(r.stop(), 0);
}

void TestBenchTcp::latencyBusyPoll()
{
    Reflector r;
    QVERIFY(r.ok());
    Run b = run(
        benchArgs(r.port(), { "--transport", "tcp", "--iters", "500", "--warmup", "10", "--busy-poll" }));
    QVERIFY2(b.exitCode == 0, qPrintable(b.describe()));
    QCOMPARE(b.json.value("busy_poll").toBool(), true);
    QVERIFY(b.json.value("so_busy_poll").isBool());
    checkSummary(b.json, "rtt_ns");
}

void TestBenchTcp::latencyLargeMessages()
{
    // Messages larger than a socket buffer still go round whole.
    Reflector r;
    QVERIFY(r.ok());
    Run b = run(
        benchArgs(r.port(), { "--transport", "tcp", "--iters", "20", "--warmup", "0", "--size", "4194304" }));
    QVERIFY2(b.exitCode == 0, qPrintable(b.describe()));
    QCOMPARE(b.json.value("samples").toInt(), 20);
    QCOMPARE(b.json.value("warmup_iters").toInt(), 0);
    checkSummary(b.json, "rtt_ns");
}

void TestBenchTcp::bandwidth()
{
    Reflector r;
    QVERIFY(r.ok());
    Run b = run(benchArgs(r.port(), { "--transport", "tcp", "--test", "bandwidth", "--duration", "1" }));
    QVERIFY2(b.exitCode == 0, qPrintable(b.describe()));
    const QJsonObject d = b.json;
    QCOMPARE(d.value("test").toString(), QString("bandwidth"));
    QVERIFY(d.value("rtt_ns").isNull());
    QVERIFY(d.value("one_way_ns").isNull());
    const double bps = d.value("bandwidth_bps").toDouble();
    // Loopback moves gigabits per second; 100 Mbit/s is a generous floor.
    QVERIFY2(bps > 1e8, qPrintable(b.describe()));
    QVERIFY(d.value("messages_per_s").toDouble() > 0);
    // Receiver-side time close to the requested second.
    const double ns = d.value("duration_ns").toDouble();
    QVERIFY2(ns > 0.9e9 && ns < 3e9, qPrintable(b.describe()));
    // The figure is bytes received over the receiver's time.
    QVERIFY(qAbs(d.value("bytes").toDouble() * 8 / (ns / 1e9) - bps) / bps < 1e-6);
    QCOMPARE(d.value("bytes").toDouble(), d.value("sender_bytes").toDouble());
    QCOMPARE(d.value("size").toInt(), 262144);
}

void TestBenchTcp::clientsOneAfterAnother()
{
    Reflector r;
    QVERIFY(r.ok());
    for (int i = 0; i < 4; ++i) {
        const bool bw = i % 2;
        Run b = run(benchArgs(r.port(),
            bw ? QStringList { "--transport", "tcp", "--test", "bandwidth", "--duration", "0.3" }
               : QStringList { "--transport", "tcp", "--iters", "200", "--warmup", "10" }));
        QVERIFY2(b.exitCode == 0, qPrintable(b.describe()));
    }
    QCOMPARE(r.process().state(), QProcess::Running);
    QCOMPARE(r.stop(), 0);
}

void TestBenchTcp::concurrentClients()
{
    Reflector r;
    QVERIFY(r.ok());
    QList<QProcess *> clients;
    for (int i = 0; i < 3; ++i) {
        auto *p = new QProcess(this);
        p->start(enginePath(),
            benchArgs(r.port(),
                i == 2 ? QStringList { "--transport", "tcp", "--test", "bandwidth", "--duration", "1" }
                       : QStringList { "--transport", "tcp", "--iters", "2000", "--warmup", "10" }));
        clients << p;
    }
    for (auto *p : clients) {
        QVERIFY(p->waitForFinished(30000));
        QCOMPARE(p->exitCode(), 0);
        auto doc = QJsonDocument::fromJson(p->readAllStandardOutput()).object();
        QCOMPARE(doc.value("schema").toString(), QString("halolink.bench/1"));
        delete p;
    }
    QCOMPARE(r.stop(), 0);
}

void TestBenchTcp::survivesVanishingClient()
{
    Reflector r;
    QVERIFY(r.ok());
    // A client killed mid-test (latency, then bandwidth) ...
    for (const QStringList &test : { QStringList { "--iters", "20000000", "--warmup", "0" },
             QStringList { "--test", "bandwidth", "--duration", "60" } }) {
        QProcess client;
        client.start(enginePath(), benchArgs(r.port(), QStringList { "--transport", "tcp" } + test));
        QVERIFY(client.waitForStarted());
        QTest::qWait(500);
        client.kill();
        QVERIFY(client.waitForFinished(5000));
    }
    // ... and a client that connects and says nothing, then goes away.
    {
        QTcpSocket silent;
        silent.connectToHost(QHostAddress::LocalHost, quint16(r.port()));
        QVERIFY(silent.waitForConnected(3000));
        silent.write("GET / HTTP/1.0\r\n\r\n");
        silent.waitForBytesWritten(1000);
        QTest::qWait(200);
    }
    // The reflector still serves.
    QCOMPARE(r.process().state(), QProcess::Running);
    Run b = run(benchArgs(r.port(), { "--transport", "tcp", "--iters", "200", "--warmup", "10" }));
    QVERIFY2(b.exitCode == 0, qPrintable(b.describe()));
    QCOMPARE(r.stop(), 0);
}

void TestBenchTcp::sigtermAndSigintExitCleanly()
{
    {
        Reflector r;
        QVERIFY(r.ok());
        QElapsedTimer t;
        t.start();
        QCOMPARE(r.stop(), 0); // SIGTERM
        QVERIFY(t.elapsed() < 5000);
    }
    {
        Reflector r;
        QVERIFY(r.ok());
        // SIGINT while a test is running: still a clean exit 0.
        QProcess client;
        client.start(enginePath(),
            benchArgs(r.port(), { "--transport", "tcp", "--iters", "20000000", "--warmup", "0" }));
        QTest::qWait(400);
        ::kill(pid_t(r.process().processId()), SIGINT);
        QVERIFY(r.process().waitForFinished(5000));
        QCOMPARE(r.process().exitStatus(), QProcess::NormalExit);
        QCOMPARE(r.process().exitCode(), 0);
        // And the client says it lost its peer.
        QVERIFY(client.waitForFinished(10000));
        QCOMPARE(client.exitCode(), 1);
        auto err = QJsonDocument::fromJson(client.readAllStandardOutput()).object();
        QCOMPARE(err.value("error").toObject().value("code").toString(), QString("peer_lost"));
    }
}

QTEST_GUILESS_MAIN(TestBenchTcp)
#include "tst_bench_tcp.moc"
