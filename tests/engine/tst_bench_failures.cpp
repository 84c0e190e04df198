// Every way a benchmark can fail ends within a bounded time with exit 1 and
// a clear JSON error code (exit 2 for bad usage), never a hang and never a
// partial result: unreachable, silent or foreign peers, a port in use, a
// reflector killed or frozen mid-test, and RDMA on a node without it.

#include <QDir>
#include <QFileInfo>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <arpa/inet.h>
#include <csignal>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench_test_util.h"

using namespace benchtest;

namespace {

// Every failure must be reported well within this.
constexpr qint64 kBoundMs = 10000;

void expectFailure(const Run &r, const QString &code)
{
    QVERIFY2(r.finished, qPrintable("did not finish: " + r.describe()));
    QVERIFY2(r.exitCode == 1, qPrintable(r.describe()));
    QVERIFY2(r.errorCode() == code, qPrintable("expected " + code + ": " + r.describe()));
    QVERIFY2(!r.errorMessage().isEmpty(), qPrintable(r.describe()));
    QVERIFY2(r.elapsedMs < kBoundMs, qPrintable(r.describe()));
    // A failure is never passed off as a result.
    QVERIFY(!r.json.contains("schema"));
}

// QVERIFY inside a helper only leaves the helper; stop the test too.
#define EXPECT_FAILURE(run, code)                                                                            \
    do {                                                                                                     \
        expectFailure(run, code);                                                                            \
        if (QTest::currentTestFailed())                                                                      \
            return;                                                                                          \
    } while (false)

bool canUnshare(const QString &flag)
{
    Run r = run({ flag, "true" }, 5000, "unshare");
    return r.exitCode == 0;
}

} // namespace

class TestBenchFailures : public QObject {
    Q_OBJECT

private slots:
    void closedPort();
    void fullListenQueue();
    void silentHostInNamespace();
    void silentServer();
    void foreignServer();
    void portInUse();
    void portInUseByOtherProgram();
    void reflectorKilledDuringLatency();
    void reflectorKilledDuringBandwidth();
    void reflectorFrozenDuringLatency();
    void rdmaWithoutDevice();
    void rdmaCoreMissing();
    void badUsage_data();
    void badUsage();
    void badBindAddress();
};

void TestBenchFailures::closedPort()
{
    Run r = run(benchArgs(freePort(), { "--transport", "tcp" }));
    EXPECT_FAILURE(r, "peer_unreachable");
    QVERIFY(r.errorMessage().contains("refused"));
    QVERIFY(r.elapsedMs < 3000);
}

void TestBenchFailures::fullListenQueue()
{
    // A listener that never accepts, its queue full: SYNs are dropped, the
    // connect can only end by our own timeout. No traffic leaves the host.
    int listener = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QVERIFY(::bind(listener, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0);
    socklen_t len = sizeof a;
    ::getsockname(listener, reinterpret_cast<sockaddr *>(&a), &len);
    QVERIFY(::listen(listener, 0) == 0);
    std::vector<int> fillers;
    for (int i = 0; i < 4; ++i) {
        int s = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
        ::connect(s, reinterpret_cast<sockaddr *>(&a), sizeof a);
        fillers.push_back(s);
    }
    QTest::qWait(300);
    Run r = run(benchArgs(ntohs(a.sin_port), { "--transport", "tcp" }));
    for (int s : fillers)
        ::close(s);
    ::close(listener);
    EXPECT_FAILURE(r, "peer_unreachable");
    QVERIFY2(r.errorMessage().contains("no answer"), qPrintable(r.describe()));
    QVERIFY(r.elapsedMs >= 2500);
}

void TestBenchFailures::silentHostInNamespace()
{
    // A host that never answers, inside a network namespace of our own: the
    // route leads into loopback, where a SYN for a foreign address is dropped
    // (no forwarding), so nothing leaves the namespace.
    if (!canUnshare("-n"))
        QSKIP("cannot create a network namespace here (needs root or user namespaces)");
    const QString script = QStringLiteral("ip link set lo up && ip route add 10.77.0.0/24 dev lo && "
                                          "exec \"$0\" bench --peer 10.77.0.2 --transport tcp");
    Run r = run({ "-n", "sh", "-c", script, enginePath() }, 20000, "unshare");
    EXPECT_FAILURE(r, "peer_unreachable");
    QVERIFY2(r.errorMessage().contains("no answer"), qPrintable(r.describe()));
}

void TestBenchFailures::silentServer()
{
    // Accepts (the kernel does), never replies: not a reflector.
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost, 0));
    Run r = run(benchArgs(server.serverPort(), { "--transport", "tcp" }));
    EXPECT_FAILURE(r, "peer_unresponsive");
}

void TestBenchFailures::foreignServer()
{
    // Something else on the port answers with its own protocol.
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost, 0));
    QProcess bench;
    QElapsedTimer t;
    t.start();
    bench.start(enginePath(), benchArgs(server.serverPort(), { "--transport", "tcp" }));
    QVERIFY(server.waitForNewConnection(5000));
    QTcpSocket *peer = server.nextPendingConnection();
    peer->write(QByteArray("SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n").repeated(8));
    peer->flush();
    peer->waitForBytesWritten(1000);
    QVERIFY(bench.waitForFinished(int(kBoundMs)));
    Run r;
    r.finished = true;
    r.exitCode = bench.exitCode();
    r.out = bench.readAllStandardOutput();
    r.err = bench.readAllStandardError();
    r.elapsedMs = t.elapsed();
    parse(r);
    EXPECT_FAILURE(r, "protocol_mismatch");
}

void TestBenchFailures::portInUse()
{
    Reflector first;
    QVERIFY(first.ok());
    Run second = run({ "reflect", "--bind", "127.0.0.1", "--port", QString::number(first.port()) });
    EXPECT_FAILURE(second, "port_in_use");
    QVERIFY(second.elapsedMs < 3000);
    QVERIFY(second.errorMessage().contains(QString::number(first.port())));
    // The first one is unaffected.
    Run b = run(benchArgs(first.port(), { "--transport", "tcp", "--iters", "100", "--warmup", "0" }));
    QVERIFY2(b.exitCode == 0, qPrintable(b.describe()));
}

void TestBenchFailures::portInUseByOtherProgram()
{
    QTcpServer other;
    QVERIFY(other.listen(QHostAddress::Any, 0));
    Run r = run({ "reflect", "--port", QString::number(other.serverPort()) });
    EXPECT_FAILURE(r, "port_in_use");
}

void TestBenchFailures::reflectorKilledDuringLatency()
{
    Reflector r;
    QVERIFY(r.ok());
    QProcess bench;
    QElapsedTimer t;
    bench.start(
        enginePath(), benchArgs(r.port(), { "--transport", "tcp", "--iters", "20000000", "--warmup", "0" }));
    QVERIFY(bench.waitForStarted());
    QTest::qWait(1000);
    r.kill();
    t.start();
    QVERIFY2(bench.waitForFinished(int(kBoundMs)), "bench hung after its peer died");
    QVERIFY(t.elapsed() < kBoundMs);
    QCOMPARE(bench.exitCode(), 1);
    auto doc = QJsonDocument::fromJson(bench.readAllStandardOutput()).object();
    const QJsonObject err = doc.value("error").toObject();
    QCOMPARE(err.value("code").toString(), QString("peer_lost"));
    QVERIFY(err.value("completed_iters").toDouble() > 0);
    QVERIFY(!doc.contains("schema"));
}

void TestBenchFailures::reflectorKilledDuringBandwidth()
{
    Reflector r;
    QVERIFY(r.ok());
    QProcess bench;
    QElapsedTimer t;
    bench.start(enginePath(),
        benchArgs(r.port(), { "--transport", "tcp", "--test", "bandwidth", "--duration", "60" }));
    QVERIFY(bench.waitForStarted());
    QTest::qWait(1000);
    r.kill();
    t.start();
    QVERIFY2(bench.waitForFinished(int(kBoundMs)), "bench hung after its peer died");
    QVERIFY(t.elapsed() < kBoundMs);
    QCOMPARE(bench.exitCode(), 1);
    auto doc = QJsonDocument::fromJson(bench.readAllStandardOutput()).object();
    QCOMPARE(doc.value("error").toObject().value("code").toString(), QString("peer_lost"));
}

void TestBenchFailures::reflectorFrozenDuringLatency()
{
    // SIGSTOP: the connection stays open but nothing answers, like a host
    // that died without closing it. The receive timeout ends the test.
    Reflector r;
    QVERIFY(r.ok());
    QProcess bench;
    bench.start(
        enginePath(), benchArgs(r.port(), { "--transport", "tcp", "--iters", "20000000", "--warmup", "0" }));
    QVERIFY(bench.waitForStarted());
    QTest::qWait(800);
    const pid_t pid = pid_t(r.process().processId());
    ::kill(pid, SIGSTOP);
    QElapsedTimer t;
    t.start();
    const bool finished = bench.waitForFinished(int(kBoundMs));
    ::kill(pid, SIGCONT);
    QVERIFY2(finished, "bench hung on a frozen peer");
    QVERIFY(t.elapsed() < kBoundMs);
    QCOMPARE(bench.exitCode(), 1);
    auto doc = QJsonDocument::fromJson(bench.readAllStandardOutput()).object();
    QCOMPARE(doc.value("error").toObject().value("code").toString(), QString("peer_lost"));
    // Thawed, the reflector carries on serving.
    Run b = run(benchArgs(r.port(), { "--transport", "tcp", "--iters", "100", "--warmup", "0" }));
    QVERIFY2(b.exitCode == 0, qPrintable(b.describe()));
}

void TestBenchFailures::rdmaWithoutDevice()
{
    if (!QDir("/sys/class/infiniband").isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot))
        QSKIP("this machine has RDMA devices; the lab tests cover RDMA");
    Reflector r;
    QVERIFY(r.ok());
    QCOMPARE(r.listening().value("rdma").toBool(), false);
    QVERIFY(!r.listening().value("rdma_reason").toString().isEmpty());

    Run b = run(benchArgs(r.port(), { "--transport", "rdma" }));
    // librdmacm missing would say rdma_core_missing; installed, no device.
    const bool haveLibs = QFileInfo::exists("/usr/lib/x86_64-linux-gnu/libibverbs.so.1")
        || QFileInfo::exists("/lib64/libibverbs.so.1");
    EXPECT_FAILURE(b, haveLibs ? "no_rdma_device" : "rdma_core_missing");
    // Options for a device are checked no less strictly.
    Run d = run(benchArgs(r.port(),
        { "--transport", "rdma", "--device", "nosuch0", "--gid-index", "3", "--test", "bandwidth" }));
    QCOMPARE(d.exitCode, 1);
    QVERIFY(d.elapsedMs < kBoundMs);
}

void TestBenchFailures::rdmaCoreMissing()
{
    // Hide libibverbs in a private mount namespace: the engine must say
    // rdma-core is missing instead of failing to start.
    const QString lib = QFileInfo("/usr/lib/x86_64-linux-gnu/libibverbs.so.1").canonicalFilePath();
    if (lib.isEmpty())
        QSKIP("libibverbs is not installed here");
    if (!canUnshare("-m"))
        QSKIP("cannot create a mount namespace here (needs root)");
    const QString script
        = QStringLiteral("mount --bind /dev/null \"$1\" && exec \"$0\" bench --peer 127.0.0.1 "
                         "--transport rdma");
    Run b = run({ "-m", "sh", "-c", script, enginePath(), lib }, 20000, "unshare");
    EXPECT_FAILURE(b, "rdma_core_missing");
    QVERIFY(b.errorMessage().contains("libibverbs"));

    // The reflector still serves TCP and says why it has no RDMA.
    const QString reflect
        = QStringLiteral("mount --bind /dev/null \"$1\" && exec \"$0\" reflect --bind 127.0.0.1 "
                         "--port %1")
              .arg(freePort());
    QProcess p;
    p.start("unshare", { "-m", "sh", "-c", reflect, enginePath(), lib });
    QVERIFY(p.waitForReadyRead(10000));
    auto e = QJsonDocument::fromJson(p.readLine()).object();
    p.terminate();
    p.waitForFinished(5000);
    QCOMPARE(e.value("event").toString(), QString("listening"));
    QCOMPARE(e.value("rdma").toBool(), false);
    QVERIFY(e.value("rdma_reason").toString().contains("libibverbs"));
}

void TestBenchFailures::badUsage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("bench, nothing") << QStringList { "bench" };
    QTest::newRow("bench, no transport") << QStringList { "bench", "--peer", "127.0.0.1" };
    QTest::newRow("bench, bad size") << QStringList { "bench", "--peer", "127.0.0.1", "--transport", "tcp",
        "--size", "-5" };
    QTest::newRow("bench, bad test") << QStringList { "bench", "--peer", "127.0.0.1", "--transport", "tcp",
        "--test", "x" };
    QTest::newRow("bench, unknown option")
        << QStringList { "bench", "--peer", "127.0.0.1", "--transport", "tcp", "--x" };
    QTest::newRow("bench, tos for tcp")
        << QStringList { "bench", "--peer", "127.0.0.1", "--transport", "tcp", "--tos", "1" };
    QTest::newRow("reflect, bad port") << QStringList { "reflect", "--port", "70000" };
    QTest::newRow("reflect, text port") << QStringList { "reflect", "--port", "http" };
    QTest::newRow("reflect, extra") << QStringList { "reflect", "now" };
}

void TestBenchFailures::badUsage()
{
    QFETCH(QStringList, args);
    Run r = run(args);
    QVERIFY2(r.exitCode == 2, qPrintable(r.describe()));
    QCOMPARE(r.errorCode(), QString("usage"));
    QVERIFY(r.elapsedMs < 3000);
}

void TestBenchFailures::badBindAddress()
{
    Run r = run({ "reflect", "--bind", "192.0.2.77", "--port", QString::number(freePort()) });
    EXPECT_FAILURE(r, "bad_address");
}

QTEST_GUILESS_MAIN(TestBenchFailures)
#include "tst_bench_failures.moc"
