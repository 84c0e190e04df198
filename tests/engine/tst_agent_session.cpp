// The agent's JSON-lines session (docs/agent-protocol.md), run as the app
// runs it: hello first, replies by id, malformed lines answered and
// skipped, telemetry at the asked rate, a bench on a worker while frames
// keep flowing, and end of stdin ending everything within a second.

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QTcpServer>
#include <QTest>

#include "agent_test_util.h"

using namespace agenttest;

class TestAgentSession : public QObject {
    Q_OBJECT

private slots:
    void helloFirst();
    void repliesCarryTheRequestId();
    void malformedLinesAreAnsweredAndSkipped();
    void unknownMethodAndBadParams();
    void telemetryAtTenHertz();
    void telemetryRateChangeAndStop();
    void benchRunsWhileFramesFlow();
    void reflectorPortInUseIsAnError();
    void endOfInputEndsAgentAndFreesPort();
    void shutdownMethod();
};

void TestAgentSession::helloFirst()
{
    AgentProcess a;
    QVERIFY(a.start());
    const QJsonObject hello = a.waitFor([](const QJsonObject &) { return true; });
    QCOMPARE(hello.value("event").toString(), QStringLiteral("hello"));
    QCOMPARE(hello.value("protocol").toInt(), 1);
    QVERIFY(!hello.value("engine_version").toString().isEmpty());
    QCOMPARE(hello.value("pid").toInteger(), a.pid());
    const QJsonArray caps = hello.value("capabilities").toArray();
    for (const char *c : { "probe", "telemetry", "mesh", "bench", "reflector" })
        QVERIFY2(caps.contains(QString::fromLatin1(c)), c);
}

void TestAgentSession::repliesCarryTheRequestId()
{
    AgentProcess a;
    QVERIFY(a.start());
    a.sendRaw("{\"id\":7,\"method\":\"ping\"}\n{\"id\":8,\"method\":\"ping\",\"params\":{}}\n"
              "{\"id\":900000000000,\"method\":\"ping\",\"params\":null}\n");
    for (qint64 id : { 7LL, 8LL, 900000000000LL }) {
        const QJsonObject r = a.waitFor(
            [id](const QJsonObject &o) { return !o.contains("event") && o.value("id").toInteger() == id; });
        QVERIFY2(r.contains("result"), qPrintable(QString::number(id)));
        const double t = r.value("result").toObject().value("time_ns").toDouble();
        QVERIFY(qAbs(t / 1e6 - double(QDateTime::currentMSecsSinceEpoch())) < 5000);
    }
}

void TestAgentSession::malformedLinesAreAnsweredAndSkipped()
{
    AgentProcess a;
    QVERIFY(a.start());
    QVERIFY(!a.waitForEvent("hello").isEmpty());
    a.sendRaw("this is not json\n");
    a.sendRaw("[1,2,3]\n");
    a.sendRaw("{\"id\":5}\n"); // no method
    a.sendRaw("{\"method\":\"ping\"}\n"); // no id
    a.sendRaw("{\"id\":\"six\",\"method\":\"ping\"}\n"); // id not an integer
    a.sendRaw("{\"id\":6,\"method\":\"ping\",\"params\":[1]}\n"); // params not an object
    a.sendRaw("{\"id\":7,\"method\":42}\n"); // method not a string
    a.sendRaw("\n   \n"); // blank lines: ignored
    // A 3 MB line, sent in pieces: skipped whole, answered once.
    const QByteArray chunk(256 * 1024, 'x');
    for (int i = 0; i < 12; ++i)
        a.sendRaw(chunk);
    a.sendRaw("\n");
    a.sendRaw("{\"id\":99,\"method\":\"ping\"}\n");

    const QJsonObject pong = a.waitForReply(99, 15000);
    QVERIFY2(pong.contains("result"), "the session must survive malformed lines");
    const QList<QJsonObject> errors = a.events("error");
    QCOMPARE(errors.size(), 8);
    for (const auto &e : errors)
        QCOMPARE(e.value("error").toObject().value("code").toString(), QStringLiteral("bad_request"));
    // With an id where one could be read.
    QCOMPARE(errors[2].value("id").toInt(), 5);
    QCOMPARE(errors[5].value("id").toInt(), 6);
    QCOMPARE(errors[6].value("id").toInt(), 7);
    QVERIFY(!errors[0].contains("id"));
    QVERIFY(errors[7].value("error").toObject().value("message").toString().contains("longer"));
    for (const auto &l : a.lines())
        QVERIFY2(!l.contains("unparsed"), qPrintable(l.value("unparsed").toString().left(200)));
}

void TestAgentSession::unknownMethodAndBadParams()
{
    AgentProcess a;
    QVERIFY(a.start());
    int id = a.request("frobnicate");
    QJsonObject r = a.waitForReply(id);
    QCOMPARE(r.value("error").toObject().value("code").toString(), QStringLiteral("unknown_method"));

    id = a.request("telemetry.start", { { "interval_ms", 5 } });
    r = a.waitForReply(id);
    QCOMPARE(r.value("error").toObject().value("code").toString(), QStringLiteral("invalid_params"));
    id = a.request("telemetry.start", { { "interval_ms", "fast" } });
    r = a.waitForReply(id);
    QCOMPARE(r.value("error").toObject().value("code").toString(), QStringLiteral("invalid_params"));
    id = a.request("bench", { { "transport", "tcp" } });
    r = a.waitForReply(id);
    QCOMPARE(r.value("error").toObject().value("code").toString(), QStringLiteral("invalid_params"));
    QVERIFY(r.value("error").toObject().value("message").toString().contains("--peer"));
    id = a.request("bench", { { "peer", "127.0.0.1" }, { "transport", "tcp" }, { "colour", "blue" } });
    r = a.waitForReply(id);
    QCOMPARE(r.value("error").toObject().value("code").toString(), QStringLiteral("invalid_params"));
    id = a.request("mesh.set_peers", { { "peers", QJsonArray { QJsonObject { { "name", "x" } } } } });
    r = a.waitForReply(id);
    QCOMPARE(r.value("error").toObject().value("code").toString(), QStringLiteral("invalid_params"));
    id = a.request("ping");
    QVERIFY(a.waitForReply(id).contains("result"));
}

namespace {

void checkFrameSequence(const QList<QJsonObject> &frames, qint64 intervalNs)
{
    for (int i = 0; i < frames.size(); ++i) {
        const QJsonObject &f = frames[i];
        QCOMPARE(f.value("interval_ns").toInteger(), intervalNs);
        QVERIFY(f.value("gpus").isArray());
        QVERIFY(f.value("nics").isArray());
        QVERIFY(f.value("rdma").isArray());
        if (i > 0) {
            QCOMPARE(f.value("seq").toInteger(), frames[i - 1].value("seq").toInteger() + 1);
            QVERIFY(f.value("time_ns").toDouble() > frames[i - 1].value("time_ns").toDouble());
        }
    }
}

} // namespace

void TestAgentSession::telemetryAtTenHertz()
{
    AgentProcess a;
    QVERIFY(a.start());
    const int id = a.request("telemetry.start", { { "interval_ms", 100 } });
    QCOMPARE(a.waitForReply(id).value("result").toObject().value("interval_ms").toInt(), 100);
    a.collect(2000);
    // Frames follow the reply; ~2 s of them.
    const QList<QJsonObject> frames = a.events("frame");
    QVERIFY2(frames.size() >= 17 && frames.size() <= 23, qPrintable(QString::number(frames.size())));
    checkFrameSequence(frames, 100'000'000);
    if (QTest::currentTestFailed())
        return;
    // The first frame has no rates yet (nothing to compare with).
    const QJsonObject first = a.events("frame").first();
    QCOMPARE(first.value("seq").toInteger(), 0);
    for (const auto &n : first.value("nics").toArray())
        QVERIFY(n.toObject().value("rx_bytes_per_s").isNull());
    // Ten frames a second on the wall clock too.
    const double spanS
        = (frames.last().value("time_ns").toDouble() - frames.first().value("time_ns").toDouble()) / 1e9;
    QVERIFY2(qAbs(spanS - 0.1 * (frames.size() - 1)) < 0.15, qPrintable(QString::number(spanS)));
}

void TestAgentSession::telemetryRateChangeAndStop()
{
    AgentProcess a;
    QVERIFY(a.start());
    int id = a.request("telemetry.start", { { "interval_ms", 100 } });
    QVERIFY(a.waitForReply(id).contains("result"));
    a.collect(500);
    id = a.request("telemetry.start", { { "interval_ms", 40 } });
    QVERIFY(a.waitForReply(id).contains("result"));
    int from = a.lines().size();
    a.collect(1000);
    QList<QJsonObject> fast = a.events("frame", from);
    // A frame may already be in flight at the old rate.
    if (!fast.isEmpty() && fast.first().value("interval_ns").toInteger() == 100'000'000)
        fast.removeFirst();
    QVERIFY2(fast.size() >= 20 && fast.size() <= 30, qPrintable(QString::number(fast.size())));
    checkFrameSequence(fast, 40'000'000);
    if (QTest::currentTestFailed())
        return;

    // One session-wide sequence across the rate change.
    const QList<QJsonObject> all = a.events("frame");
    for (int i = 1; i < all.size(); ++i)
        QCOMPARE(all[i].value("seq").toInteger(), all[i - 1].value("seq").toInteger() + 1);

    id = a.request("telemetry.stop");
    QVERIFY(a.waitForReply(id).contains("result"));
    from = a.lines().size();
    a.collect(400);
    QVERIFY(a.events("frame", from).size() <= 1);
}

void TestAgentSession::benchRunsWhileFramesFlow()
{
    AgentProcess a;
    QVERIFY(a.start());
    int id = a.request("reflector.start", { { "bind", "127.0.0.1" }, { "port", 0 } });
    const QJsonObject started = a.waitForReply(id).value("result").toObject();
    const int port = started.value("port").toInt();
    QVERIFY(port > 0);
    QCOMPARE(started.value("tcp").toBool(), true);
    QVERIFY(started.contains("rdma"));

    id = a.request("telemetry.start", { { "interval_ms", 50 } });
    QVERIFY(a.waitForReply(id).contains("result"));
    const int benchId = a.request("bench",
        { { "peer", "127.0.0.1" }, { "port", port }, { "transport", "tcp" }, { "test", "bandwidth" },
            { "duration_s", 1.0 } });
    const int from = a.lines().size();
    const QJsonObject r = a.waitForReply(benchId, 15000);
    const QJsonObject doc = r.value("result").toObject();
    QCOMPARE(doc.value("schema").toString(), QStringLiteral("halolink.bench/1"));
    QVERIFY(doc.value("bandwidth_bps").toDouble() > 0);
    // Frames went on during the second the bench ran.
    int framesDuring = 0;
    for (int i = from; i < a.lines().size(); ++i) {
        if (a.lines()[i] == r)
            break;
        framesDuring += a.lines()[i].value("event").toString() == QStringLiteral("frame");
    }
    QVERIFY2(framesDuring >= 10, qPrintable(QString::number(framesDuring)));

    id = a.request("bench",
        { { "peer", "127.0.0.1" }, { "port", port }, { "transport", "tcp" }, { "iters", 200 },
            { "warmup", 0 } });
    const QJsonObject lat = a.waitForReply(id, 15000).value("result").toObject();
    QCOMPARE(lat.value("samples").toInt(), 200);
    QVERIFY(lat.value("rtt_ns").toObject().value("p50").toDouble() > 0);
}

void TestAgentSession::reflectorPortInUseIsAnError()
{
    QTcpServer taken;
    QVERIFY(taken.listen(QHostAddress::Any, 0));
    AgentProcess a;
    QVERIFY(a.start());
    int id = a.request("reflector.start", { { "port", int(taken.serverPort()) } });
    const QJsonObject r = a.waitForReply(id);
    QCOMPARE(r.value("error").toObject().value("code").toString(), QStringLiteral("port_in_use"));
    id = a.request("ping");
    QVERIFY(a.waitForReply(id).contains("result"));
}

void TestAgentSession::endOfInputEndsAgentAndFreesPort()
{
    AgentProcess a;
    QVERIFY(a.start());
    int id = a.request("reflector.start", { { "port", 0 } });
    const int port = a.waitForReply(id).value("result").toObject().value("port").toInt();
    QVERIFY(port > 0);
    id = a.request("telemetry.start", { { "interval_ms", 10 } });
    QVERIFY(a.waitForReply(id).contains("result"));
    // Busy: a mesh to ourselves, so sessions are open on the reflector too.
    id = a.request("mesh.set_peers",
        { { "peers", QJsonArray { QJsonObject { { "address", "127.0.0.1" }, { "port", port } } } },
            { "interval_ms", 100 } });
    QVERIFY(a.waitForReply(id).contains("result"));
    QVERIFY(!a.waitForEvent("mesh", 5000).isEmpty());

    QElapsedTimer t;
    t.start();
    a.process().closeWriteChannel();
    QVERIFY(a.process().waitForFinished(3000));
    const qint64 ms = t.elapsed();
    QVERIFY2(ms < 1200, qPrintable(QString::number(ms) + " ms"));
    QCOMPARE(a.process().exitStatus(), QProcess::NormalExit);
    QCOMPARE(a.process().exitCode(), 0);

    QTcpServer again;
    QVERIFY2(again.listen(QHostAddress::Any, quint16(port)), "the reflector's port must be free again");
}

void TestAgentSession::shutdownMethod()
{
    AgentProcess a;
    QVERIFY(a.start());
    int id = a.request("telemetry.start");
    QVERIFY(a.waitForReply(id).contains("result"));
    id = a.request("shutdown");
    QCOMPARE(a.waitForReply(id).value("result").toObject(), QJsonObject());
    QVERIFY(a.process().waitForFinished(2000));
    QCOMPARE(a.process().exitCode(), 0);
}

QTEST_GUILESS_MAIN(TestAgentSession)
#include "tst_agent_session.moc"
