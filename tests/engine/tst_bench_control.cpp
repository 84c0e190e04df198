// The bench <-> reflect control handshake, option parsing, and the RDMA
// helpers that need no device: private-data layout, GID index detection,
// --gid-index checks and the mapping of rdma_cm events to error codes.

#include <QTest>

#include <cstring>

#include "bench/bench.h"
#include "bench/control.h"
#include "bench/rdma_bench.h"

using namespace halolink;
using namespace halolink::bench;

class TestBenchControl : public QObject {
    Q_OBJECT

private slots:
    void requestRoundTrip();
    void requestFitsConnectPrivateData();
    void requestWireLayoutIsBigEndian();
    void replyRoundTrip();
    void replyFitsAcceptAndRejectPrivateData();
    void reasonIsSanitizedAndBounded();
    void reportRoundTrip();
    void notHaloLink();
    void otherVersionIsRecognised();
    void checkRequest_data();
    void checkRequest();
    void names();
    void benchOptions();
    void benchUsageErrors_data();
    void benchUsageErrors();
    void reflectOptions();
    void ipv4FromGid();
    void gidIndexDetection();
    void gidIndexProblem();
    void cmEventMapping_data();
    void cmEventMapping();
    void rejectWithReason();
};

void TestBenchControl::requestRoundTrip()
{
    Request r;
    r.transport = Transport::Rdma;
    r.test = TestKind::Bandwidth;
    r.size = 65536;
    r.iters = 123456789012ull;
    r.warmup = 77;
    r.durationMs = 5000;
    r.flags = kFlagBusyPoll;
    auto bytes = encodeRequest(r);
    auto back = decodeRequest(bytes.data(), bytes.size());
    QVERIFY(back);
    QCOMPARE(back->version, kControlVersion);
    QCOMPARE(back->transport, Transport::Rdma);
    QCOMPARE(back->test, TestKind::Bandwidth);
    QCOMPARE(back->size, 65536u);
    QCOMPARE(back->iters, 123456789012ull);
    QCOMPARE(back->warmup, 77ull);
    QCOMPARE(back->durationMs, 5000u);
    QCOMPARE(back->flags, std::uint32_t(kFlagBusyPoll));
    // Truncated: rejected, never read past the end.
    QVERIFY(!decodeRequest(bytes.data(), bytes.size() - 1));
    QVERIFY(!decodeRequest(nullptr, 0));
}

void TestBenchControl::requestFitsConnectPrivateData()
{
    // rdma_connect on RDMA_PS_TCP carries at most 56 bytes of private data.
    QVERIFY(kRequestSize <= 56);
    QCOMPARE(encodeRequest({}).size(), kRequestSize);
}

void TestBenchControl::requestWireLayoutIsBigEndian()
{
    Request r;
    r.size = 0x01020304;
    auto b = encodeRequest(r);
    QCOMPARE(QByteArray(reinterpret_cast<const char *>(b.data()), 4), QByteArray("HLNK"));
    QCOMPARE(int(b[4]), 0);
    QCOMPARE(int(b[5]), int(kControlVersion));
    QCOMPARE(int(b[6]), int(Transport::Tcp));
    QCOMPARE(int(b[7]), int(TestKind::Latency));
    QCOMPARE(int(b[8]), 1);
    QCOMPARE(int(b[11]), 4);
}

void TestBenchControl::replyRoundTrip()
{
    Reply r;
    r.status = Status::Ok;
    r.remoteAddress = 0x00007f1234567000ull;
    r.rkey = 0xdeadbeef;
    r.length = 1 << 20;
    r.reason = "fine";
    auto b = encodeReply(r);
    auto back = decodeReply(b.data(), b.size());
    QVERIFY(back);
    QCOMPARE(back->status, Status::Ok);
    QCOMPARE(back->remoteAddress, r.remoteAddress);
    QCOMPARE(back->rkey, r.rkey);
    QCOMPARE(back->length, r.length);
    QCOMPARE(back->reason, std::string("fine"));
}

void TestBenchControl::replyFitsAcceptAndRejectPrivateData()
{
    // rdma_accept: 196 bytes; rdma_reject: 148 bytes (IB CM REP / REJ).
    QVERIFY(kReplySize <= 148);
    QCOMPARE(encodeReply({}).size(), kReplySize);
}

void TestBenchControl::reasonIsSanitizedAndBounded()
{
    Reply r;
    r.reason = std::string(300, 'x');
    auto back = decodeReply(encodeReply(r).data(), kReplySize);
    QCOMPARE(back->reason.size(), kMaxReasonLength);
    r.reason = "bad\x01\x7f"
               "char";
    back = decodeReply(encodeReply(r).data(), kReplySize);
    QCOMPARE(back->reason, std::string("bad??char"));
}

void TestBenchControl::reportRoundTrip()
{
    auto b = encodeReport({ 1ull << 40, 5'000'000'123ull });
    auto back = decodeReport(b.data(), b.size());
    QVERIFY(back);
    QCOMPARE(back->bytes, 1ull << 40);
    QCOMPARE(back->nanoseconds, 5'000'000'123ull);
    QVERIFY(!decodeReport(b.data(), b.size() - 1));
}

void TestBenchControl::notHaloLink()
{
    const char http[] = "GET / HTTP/1.1\r\nHost: x\r\n\r\n0123456789012345678901234567890";
    QVERIFY(!decodeRequest(reinterpret_cast<const std::uint8_t *>(http), sizeof http));
    QVERIFY(!decodeReply(reinterpret_cast<const std::uint8_t *>(http), sizeof http));
}

void TestBenchControl::otherVersionIsRecognised()
{
    Request r;
    r.version = 7;
    auto b = encodeRequest(r);
    // Only magic and version are read from another version's request.
    auto back = decodeRequest(b.data(), 6);
    QVERIFY(back);
    QCOMPARE(back->version, std::uint16_t(7));
    Reply verdict = bench::checkRequest(*back, true, {});
    QCOMPARE(verdict.status, Status::VersionMismatch);
    QVERIFY(verdict.reason.find("version 1") != std::string::npos);
    QVERIFY(verdict.reason.find("version 7") != std::string::npos);
}

void TestBenchControl::checkRequest_data()
{
    QTest::addColumn<int>("transport");
    QTest::addColumn<int>("test");
    QTest::addColumn<uint>("size");
    QTest::addColumn<qulonglong>("iters");
    QTest::addColumn<uint>("durationMs");
    QTest::addColumn<uint>("flags");
    QTest::addColumn<bool>("rdma");
    QTest::addColumn<int>("status");
    const int tcp = int(Transport::Tcp), rdma = int(Transport::Rdma);
    const int lat = int(TestKind::Latency), bw = int(TestKind::Bandwidth);
    QTest::newRow("tcp latency") << tcp << lat << 8u << 100ull << 0u << 0u << false << int(Status::Ok);
    QTest::newRow("tcp bandwidth") << tcp << bw << 131072u << 0ull << 5000u << 0u << false << int(Status::Ok);
    QTest::newRow("zero size") << tcp << lat << 0u << 100ull << 0u << 0u << false << int(Status::BadRequest);
    QTest::newRow("huge size") << tcp << lat << (kMaxMessageSize + 1) << 100ull << 0u << 0u << false
                               << int(Status::BadRequest);
    QTest::newRow("zero iters") << tcp << lat << 8u << 0ull << 0u << 0u << false << int(Status::BadRequest);
    QTest::newRow("zero duration") << tcp << bw << 8u << 0ull << 0u << 0u << false << int(Status::BadRequest);
    QTest::newRow("bad transport") << 9 << lat << 8u << 1ull << 0u << 0u << false << int(Status::BadRequest);
    QTest::newRow("bad test") << tcp << 9 << 8u << 1ull << 0u << 0u << false << int(Status::BadRequest);
    QTest::newRow("rdma, none here") << rdma << lat << 8u << 1ull << 0u << 0u << false
                                     << int(Status::RdmaUnavailable);
    QTest::newRow("rdma preflight, none here")
        << rdma << lat << 0u << 0ull << 0u << uint(kFlagPreflight) << false << int(Status::RdmaUnavailable);
    QTest::newRow("rdma preflight") << rdma << lat << 0u << 0ull << 0u << uint(kFlagPreflight) << true
                                    << int(Status::Ok);
    QTest::newRow("rdma latency") << rdma << lat << 8u << 1ull << 0u << 0u << true << int(Status::Ok);
}

void TestBenchControl::checkRequest()
{
    QFETCH(int, transport);
    QFETCH(int, test);
    QFETCH(uint, size);
    QFETCH(qulonglong, iters);
    QFETCH(uint, durationMs);
    QFETCH(uint, flags);
    QFETCH(bool, rdma);
    QFETCH(int, status);
    Request r;
    r.transport = Transport(transport);
    r.test = TestKind(test);
    r.size = size;
    r.iters = iters;
    r.durationMs = durationMs;
    r.flags = flags;
    Reply verdict = bench::checkRequest(r, rdma, "no device");
    QCOMPARE(int(verdict.status), status);
    QCOMPARE(verdict.reason.empty(), status == int(Status::Ok));
    if (verdict.status == Status::RdmaUnavailable)
        QVERIFY(verdict.reason.find("no device") != std::string::npos);
}

void TestBenchControl::names()
{
    QCOMPARE(transportFromName("tcp"), std::optional(Transport::Tcp));
    QCOMPARE(transportFromName("rdma"), std::optional(Transport::Rdma));
    QVERIFY(!transportFromName("udp"));
    QCOMPARE(testFromName("bandwidth"), std::optional(TestKind::Bandwidth));
    QVERIFY(!testFromName("throughput"));
    QCOMPARE(std::string(statusName(Status::RdmaUnavailable)), std::string("rdma_unavailable"));
}

void TestBenchControl::benchOptions()
{
    auto p = parseBenchArgs({ "--peer", "10.0.0.2", "--transport", "rdma", "--device", "rxe0", "--gid-index",
        "1", "--tos", "106", "--iters", "50", "--warmup", "0", "--size", "2", "--busy-poll" });
    QCOMPARE(p.peer, std::string("10.0.0.2"));
    QCOMPARE(p.port, kDefaultPort);
    QCOMPARE(p.transport, Transport::Rdma);
    QCOMPARE(p.test, TestKind::Latency);
    QCOMPARE(*p.device, std::string("rxe0"));
    QCOMPARE(*p.gidIndex, 1);
    QCOMPARE(*p.tos, 106);
    QCOMPARE(p.iters, 50ull);
    QCOMPARE(p.warmup, 0ull);
    QCOMPARE(p.size, 2u);
    QVERIFY(p.busyPoll);
    Request r = p.request();
    QCOMPARE(r.flags, std::uint32_t(kFlagBusyPoll));
    QCOMPARE(r.durationMs, 0u);

    auto bw
        = parseBenchArgs({ "--peer", "h", "--transport", "tcp", "--test", "bandwidth", "--duration", "1.5" });
    QCOMPARE(bw.size, kDefaultTcpWriteSize);
    QCOMPARE(bw.request().durationMs, 1500u);
    QCOMPARE(bw.request().iters, 0ull);
    auto rbw = parseBenchArgs({ "--peer", "h", "--transport", "rdma", "--test", "bandwidth" });
    QCOMPARE(rbw.size, kDefaultRdmaWriteSize);
    QCOMPARE(rbw.durationS, kDefaultDurationS);
}

void TestBenchControl::benchUsageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("nothing") << QStringList {};
    QTest::newRow("no peer") << QStringList { "--transport", "tcp" };
    QTest::newRow("no transport") << QStringList { "--peer", "h" };
    QTest::newRow("bad transport") << QStringList { "--peer", "h", "--transport", "udp" };
    QTest::newRow("bad test") << QStringList { "--peer", "h", "--transport", "tcp", "--test", "x" };
    QTest::newRow("size 0") << QStringList { "--peer", "h", "--transport", "tcp", "--size", "0" };
    QTest::newRow("size text") << QStringList { "--peer", "h", "--transport", "tcp", "--size", "8k" };
    QTest::newRow("port 0") << QStringList { "--peer", "h", "--transport", "tcp", "--port", "0" };
    QTest::newRow("port big") << QStringList { "--peer", "h", "--transport", "tcp", "--port", "65536" };
    QTest::newRow("iters 0") << QStringList { "--peer", "h", "--transport", "tcp", "--iters", "0" };
    QTest::newRow("negative warmup") << QStringList { "--peer", "h", "--transport", "tcp", "--warmup", "-1" };
    QTest::newRow("duration on latency")
        << QStringList { "--peer", "h", "--transport", "tcp", "--duration", "2" };
    QTest::newRow("iters on bandwidth")
        << QStringList { "--peer", "h", "--transport", "tcp", "--test", "bandwidth", "--iters", "5" };
    QTest::newRow("tiny duration") << QStringList { "--peer", "h", "--transport", "tcp", "--test",
        "bandwidth", "--duration", "0" };
    QTest::newRow("device on tcp") << QStringList { "--peer", "h", "--transport", "tcp", "--device", "rxe0" };
    QTest::newRow("tos on tcp") << QStringList { "--peer", "h", "--transport", "tcp", "--tos", "104" };
    QTest::newRow("tos 256") << QStringList { "--peer", "h", "--transport", "rdma", "--tos", "256" };
    QTest::newRow("gid -1") << QStringList { "--peer", "h", "--transport", "rdma", "--gid-index", "-1" };
    QTest::newRow("unknown option") << QStringList { "--peer", "h", "--transport", "tcp", "--fast" };
    QTest::newRow("positional") << QStringList { "--peer", "h", "--transport", "tcp", "extra" };
    QTest::newRow("missing value") << QStringList { "--peer", "h", "--transport" };
}

void TestBenchControl::benchUsageErrors()
{
    QFETCH(QStringList, args);
    Args a;
    for (const auto &s : args)
        a.push_back(s.toStdString());
    try {
        parseBenchArgs(a);
        QFAIL("accepted bad usage");
    } catch (const sys::EngineError &e) {
        QCOMPARE(e.code, std::string("usage"));
        QCOMPARE(e.exitCode, 2);
    }
}

void TestBenchControl::reflectOptions()
{
    auto p = parseReflectArgs({});
    QCOMPARE(p.bind, std::string("0.0.0.0"));
    QCOMPARE(p.port, kDefaultPort);
    QVERIFY(p.rdma);
    p = parseReflectArgs({ "--bind", "192.168.100.1", "--port", "9000", "--no-rdma" });
    QCOMPARE(p.bind, std::string("192.168.100.1"));
    QCOMPARE(p.port, 9000);
    QVERIFY(!p.rdma);
    QVERIFY_THROWS_EXCEPTION(sys::EngineError, parseReflectArgs({ "--port", "x" }));
    QVERIFY_THROWS_EXCEPTION(sys::EngineError, parseReflectArgs({ "--peer", "x" }));
}

void TestBenchControl::ipv4FromGid()
{
    QCOMPARE(bench::ipv4FromGid("::ffff:192.168.100.1"), std::optional<std::string>("192.168.100.1"));
    QCOMPARE(bench::ipv4FromGid("0:0:0:0:0:ffff:c0a8:6401"), std::optional<std::string>("192.168.100.1"));
    QVERIFY(!bench::ipv4FromGid("fe80::5054:ff:fe12:3456"));
    QVERIFY(!bench::ipv4FromGid("not a gid"));
}

void TestBenchControl::gidIndexDetection()
{
    // A ConnectX-like table: v1 and v2 entries for each address; the RoCE
    // v2 IPv4 GID is index 3, not 1.
    std::vector<GidRow> table {
        { 0, "fe80::1", std::string("IB/RoCE v1") },
        { 1, "fe80::1", std::string("RoCE v2") },
        { 2, "::ffff:10.0.0.1", std::string("IB/RoCE v1") },
        { 3, "::ffff:10.0.0.1", std::string("RoCE v2") },
    };
    QCOMPARE(findGidIndex(table, "::ffff:10.0.0.1"), std::optional(3));
    // Same GID written differently still matches.
    QCOMPARE(findGidIndex(table, "0000:0000:0000:0000:0000:ffff:0a00:0001"), std::optional(3));
    QCOMPARE(findGidIndex(table, "fe80::1"), std::optional(1));
    QVERIFY(!findGidIndex(table, "::ffff:10.0.0.2"));
    // Types unknown (ibv_query_gid fallback): the first equal entry.
    std::vector<GidRow> untyped { { 0, "fe80::1", std::nullopt }, { 1, "::ffff:10.0.0.1", std::nullopt } };
    QCOMPARE(findGidIndex(untyped, "::ffff:10.0.0.1"), std::optional(1));
    // Only a RoCE v1 entry: not the one rdma_cm uses.
    std::vector<GidRow> v1only { { 0, "::ffff:10.0.0.1", std::string("IB/RoCE v1") } };
    QVERIFY(!findGidIndex(v1only, "::ffff:10.0.0.1"));
}

void TestBenchControl::gidIndexProblem()
{
    std::vector<GidRow> table {
        { 0, "fe80::1", std::string("RoCE v2") },
        { 1, "::ffff:10.0.0.1", std::string("RoCE v2") },
    };
    QVERIFY(bench::gidIndexProblem(1, 1, table, "rxe0").empty());
    const std::string wrongType = bench::gidIndexProblem(0, 1, table, "rxe0");
    QVERIFY(wrongType.find("index 1") != std::string::npos);
    QVERIFY(wrongType.find("fe80::1") != std::string::npos);
    QVERIFY(wrongType.find("--gid-index 1") != std::string::npos);
    const std::string absent = bench::gidIndexProblem(7, 1, table, "rxe0");
    QVERIFY(absent.find("no GID at index 7") != std::string::npos);
    QVERIFY(absent.find("index 1") != std::string::npos);
    QVERIFY(!bench::gidIndexProblem(1, std::nullopt, table, "rxe0").empty());
}

void TestBenchControl::cmEventMapping_data()
{
    QTest::addColumn<int>("event");
    QTest::addColumn<QString>("code");
    QTest::newRow("addr error") << int(RDMA_CM_EVENT_ADDR_ERROR) << "rdma_unavailable";
    QTest::newRow("route error") << int(RDMA_CM_EVENT_ROUTE_ERROR) << "rdma_unavailable";
    QTest::newRow("unreachable") << int(RDMA_CM_EVENT_UNREACHABLE) << "rdma_unavailable";
    QTest::newRow("rejected, no listener") << int(RDMA_CM_EVENT_REJECTED) << "rdma_unavailable";
    QTest::newRow("connect error") << int(RDMA_CM_EVENT_CONNECT_ERROR) << "rdma_error";
    QTest::newRow("disconnected") << int(RDMA_CM_EVENT_DISCONNECTED) << "peer_lost";
    QTest::newRow("device removal") << int(RDMA_CM_EVENT_DEVICE_REMOVAL) << "rdma_error";
}

void TestBenchControl::cmEventMapping()
{
    QFETCH(int, event);
    QFETCH(QString, code);
    CmFailure f = cmEventFailure(rdma_cm_event_type(event), -110, "10.0.0.2:7471", std::nullopt);
    QCOMPARE(QString::fromStdString(f.code), code);
    QVERIFY(f.message.find("10.0.0.2:7471") != std::string::npos || code == "rdma_error");
    QVERIFY(f.message.find("status -110") != std::string::npos);
}

void TestBenchControl::rejectWithReason()
{
    Reply r;
    r.status = Status::VersionMismatch;
    r.reason = "reflector speaks control version 1, bench sent version 2";
    auto bytes = encodeReply(r);
    auto decoded = decodeReply(bytes.data(), bytes.size());
    CmFailure f = cmEventFailure(RDMA_CM_EVENT_REJECTED, 28, "peer", decoded);
    QCOMPARE(f.code, std::string("protocol_mismatch"));
    QVERIFY(f.message.find("version 2") != std::string::npos);
    r.status = Status::BadRequest;
    r.reason = "size 0 is outside 1..67108864";
    bytes = encodeReply(r);
    f = cmEventFailure(RDMA_CM_EVENT_REJECTED, 28, "peer", decodeReply(bytes.data(), bytes.size()));
    QCOMPARE(f.code, std::string("peer_refused"));
    r.status = Status::RdmaUnavailable;
    bytes = encodeReply(r);
    f = cmEventFailure(RDMA_CM_EVENT_REJECTED, 28, "peer", decodeReply(bytes.data(), bytes.size()));
    QCOMPARE(f.code, std::string("rdma_unavailable"));
}

QTEST_GUILESS_MAIN(TestBenchControl)
#include "tst_bench_control.moc"
