// The latency mesh between two real agents on loopback, each with its own
// reflector: TCP events with sane numbers both ways, an RDMA error reported
// once (not a flood) on a node without RDMA, a killed peer reported with
// backoff and picked up again when it comes back, a new peer list that keeps
// the connections of the peers it still names, and an empty peer list that
// stops the mesh.

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QTcpServer>
#include <QTest>

#include <csignal>

#include "agent_test_util.h"

using namespace agenttest;

namespace {

bool hasRdmaDevice()
{
    return !QDir("/sys/class/infiniband").entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty();
}

int freePort()
{
    QTcpServer s;
    if (!s.listen(QHostAddress::Any, 0))
        return 0;
    return s.serverPort();
}

int startReflector(AgentProcess &a, int port = 0)
{
    const int id = a.request("reflector.start", { { "port", port } });
    return a.waitForReply(id).value("result").toObject().value("port").toInt();
}

void setPeer(AgentProcess &a, const QString &name, int port, int intervalMs)
{
    const int id = a.request("mesh.set_peers",
        { { "peers",
              QJsonArray { QJsonObject { { "name", name }, { "address", "127.0.0.1" }, { "port", port } } } },
            { "interval_ms", intervalMs } });
    QCOMPARE(a.waitForReply(id).value("result").toObject().value("peers").toInt(), 1);
}

bool isMesh(const QJsonObject &o, const char *transport, bool ok)
{
    return o.value("event") == QStringLiteral("mesh") && o.value("transport") == QLatin1String(transport)
        && o.contains("error") != ok;
}

QList<QJsonObject> meshEvents(const AgentProcess &a, const char *transport, bool ok, int from = 0)
{
    QList<QJsonObject> out;
    for (int i = from; i < a.lines().size(); ++i) {
        if (isMesh(a.lines()[i], transport, ok))
            out.append(a.lines()[i]);
    }
    return out;
}

// The local ports of this machine's established TCP connections to port
// remotePort on loopback (/proc/net/tcp: "sl local rem st ...", addresses as
// HEX_IP:HEX_PORT, st 01 = ESTABLISHED; proc_net_tcp.rst in the kernel's
// Documentation/networking).
QList<int> clientPortsTo(int remotePort)
{
    QList<int> ports;
    QFile f(QStringLiteral("/proc/net/tcp"));
    if (!f.open(QIODevice::ReadOnly))
        return ports;
    const QList<QByteArray> lines = f.readAll().split('\n');
    for (int i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> cols = lines[i].simplified().split(' ');
        if (cols.size() < 4 || cols[3] != "01")
            continue;
        const QList<QByteArray> local = cols[1].split(':');
        const QList<QByteArray> remote = cols[2].split(':');
        if (local.size() == 2 && remote.size() == 2 && remote[1].toInt(nullptr, 16) == remotePort)
            ports.append(local[1].toInt(nullptr, 16));
    }
    return ports;
}

void checkTcpEvent(const QJsonObject &e, const QString &peer)
{
    QCOMPARE(e.value("peer").toString(), peer);
    QCOMPARE(e.value("address").toString(), QStringLiteral("127.0.0.1"));
    QCOMPARE(e.value("samples").toInt(), 20);
    QVERIFY(e.value("time_ns").toDouble() > 1.6e18);
    const QJsonObject rtt = e.value("rtt_ns").toObject();
    const QJsonObject oneWay = e.value("one_way_ns").toObject();
    const double p50 = rtt.value("p50").toDouble(), p99 = rtt.value("p99").toDouble();
    QVERIFY2(p50 > 1000 && p50 < 50e6, qPrintable(QString::number(p50))); // 1 us .. 50 ms on loopback
    QVERIFY(rtt.value("min").toDouble() <= p50);
    QVERIFY(p99 >= p50);
    QVERIFY(rtt.value("max").toDouble() >= p99);
    QCOMPARE(oneWay.value("p50").toDouble(), p50 / 2);
    QCOMPARE(oneWay.value("p99").toDouble(), p99 / 2);
}

} // namespace

class TestAgentMesh : public QObject {
    Q_OBJECT

private slots:
    void tcpBothWaysAndRdmaErrorOnce();
    void lostPeerIsRetriedAndRecovers();
    void aNewListKeepsThePeersItStillNames();
    void emptyPeerListStopsTheMesh();
};

void TestAgentMesh::tcpBothWaysAndRdmaErrorOnce()
{
    AgentProcess a, b;
    QVERIFY(a.start());
    QVERIFY(b.start());
    const int portA = startReflector(a);
    const int portB = startReflector(b);
    QVERIFY(portA > 0 && portB > 0 && portA != portB);
    setPeer(a, "node-b", portB, 300);
    setPeer(b, "node-a", portA, 300);
    a.collect(3000);
    b.collect(100);

    const QList<QJsonObject> ab = meshEvents(a, "tcp", true);
    const QList<QJsonObject> ba = meshEvents(b, "tcp", true);
    QVERIFY2(ab.size() >= 7 && ab.size() <= 12, qPrintable(QString::number(ab.size())));
    QVERIFY2(ba.size() >= 7, qPrintable(QString::number(ba.size())));
    for (const auto &e : ab) {
        checkTcpEvent(e, "node-b");
        if (QTest::currentTestFailed())
            return;
    }
    checkTcpEvent(ba.first(), "node-a");
    QVERIFY(meshEvents(a, "tcp", false).isEmpty());

    if (hasRdmaDevice()) {
        // Here RDMA may work (rxe): then events are results or errors, but
        // never a stream of errors.
        QVERIFY(meshEvents(a, "rdma", false).size() <= 2);
        return;
    }
    const QList<QJsonObject> rdmaErrors = meshEvents(a, "rdma", false);
    QCOMPARE(rdmaErrors.size(), 1);
    const QString code = rdmaErrors.first().value("error").toObject().value("code").toString();
    QVERIFY2(code == QStringLiteral("no_rdma_device") || code == QStringLiteral("rdma_core_missing"),
        qPrintable(code));
    QCOMPARE(rdmaErrors.first().value("retry_in_ms").toInt(), 30000);
    QVERIFY(meshEvents(a, "rdma", true).isEmpty());
}

void TestAgentMesh::lostPeerIsRetriedAndRecovers()
{
    const int portB = freePort();
    QVERIFY(portB > 0);
    AgentProcess a;
    QVERIFY(a.start());
    auto b = std::make_unique<AgentProcess>();
    QVERIFY(b->start());
    QCOMPARE(startReflector(*b, portB), portB);
    const int id = a.request("mesh.set_peers",
        { { "peers",
              QJsonArray { QJsonObject { { "name", "b" }, { "address", "127.0.0.1" }, { "port", portB } } } },
            { "interval_ms", 200 }, { "rdma", false } });
    QVERIFY(a.waitForReply(id).contains("result"));
    QVERIFY(!a.waitFor([](const QJsonObject &o) { return isMesh(o, "tcp", true); }, 5000).isEmpty());

    // The peer's agent dies without a word.
    ::kill(pid_t(b->pid()), SIGKILL);
    QVERIFY(b->process().waitForFinished(3000));
    b.reset();
    int from = a.lines().size();
    a.collect(3000);
    const QList<QJsonObject> errors = meshEvents(a, "tcp", false, from);
    QVERIFY2(!errors.isEmpty(), "a lost peer must be reported");
    // Backoff: 200, 400, 800, 1600 ms ... not one error per interval.
    QVERIFY2(errors.size() <= 6, qPrintable(QString::number(errors.size())));
    for (const auto &e : errors) {
        const QString code = e.value("error").toObject().value("code").toString();
        QVERIFY2(code == QStringLiteral("peer_unreachable") || code == QStringLiteral("peer_lost"),
            qPrintable(code));
        QVERIFY(e.value("retry_in_ms").toInt() >= 200);
        QVERIFY(e.value("failures").toInt() >= 1);
    }
    QVERIFY(errors.last().value("failures").toInt() > errors.first().value("failures").toInt()
        || errors.size() == 1);
    QVERIFY(a.process().state() == QProcess::Running);

    // It comes back on the same port: the mesh picks it up again.
    AgentProcess again;
    QVERIFY(again.start());
    QCOMPARE(startReflector(again, portB), portB);
    from = a.lines().size();
    const QJsonObject recovered
        = a.waitFor([](const QJsonObject &o) { return isMesh(o, "tcp", true); }, 15000, from);
    QVERIFY2(!recovered.isEmpty(), "no recovery after the peer came back");
    checkTcpEvent(recovered, "b");
}

void TestAgentMesh::aNewListKeepsThePeersItStillNames()
{
    AgentProcess a;
    QVERIFY(a.start());
    const int port = startReflector(a);
    QVERIFY(port > 0);
    setPeer(a, "self", port, 200);
    QVERIFY(!a.waitFor([](const QJsonObject &o) { return isMesh(o, "tcp", true); }, 5000).isEmpty());
    const QList<int> before = clientPortsTo(port);
    QCOMPARE(before.size(), 1); // the worker's connection to the reflector

    // A peer more and a new interval: "self" goes on over the same connection.
    const int absent = freePort();
    QVERIFY(absent > 0 && absent != port);
    const QJsonObject self { { "name", "self" }, { "address", "127.0.0.1" }, { "port", port } };
    const QJsonObject gone { { "name", "gone" }, { "address", "127.0.0.1" }, { "port", absent } };
    int id = a.request("mesh.set_peers", { { "peers", QJsonArray { self, gone } }, { "interval_ms", 300 }, { "rdma", false } });
    QCOMPARE(a.waitForReply(id).value("result").toObject().value("peers").toInt(), 2);
    const int from = a.lines().size();
    QVERIFY(!a.waitFor([](const QJsonObject &o) { return isMesh(o, "tcp", true) && o.value("peer") == QStringLiteral("self"); }, 5000)
                 .isEmpty());
    QVERIFY(!a.waitFor([](const QJsonObject &o) { return isMesh(o, "tcp", false) && o.value("peer") == QStringLiteral("gone"); }, 5000)
                 .isEmpty());
    QCOMPARE(clientPortsTo(port), before);
    // Its events keep their cadence: at 300 ms, 2 to 5 in 1.2 s.
    a.collect(1200);
    int selfEvents = 0;
    for (const QJsonObject &e : meshEvents(a, "tcp", true, from))
        selfEvents += e.value("peer") == QStringLiteral("self");
    QVERIFY2(selfEvents >= 2 && selfEvents <= 6, qPrintable(QString::number(selfEvents)));

    // A list without it: its connection ends.
    id = a.request("mesh.set_peers", { { "peers", QJsonArray { gone } }, { "rdma", false } });
    QCOMPARE(a.waitForReply(id).value("result").toObject().value("peers").toInt(), 1);
    QElapsedTimer t;
    t.start();
    while (!clientPortsTo(port).isEmpty() && t.elapsed() < 5000)
        a.collect(100);
    QVERIFY(clientPortsTo(port).isEmpty());
}

void TestAgentMesh::emptyPeerListStopsTheMesh()
{
    AgentProcess a;
    QVERIFY(a.start());
    const int port = startReflector(a);
    setPeer(a, "self", port, 100);
    QVERIFY(!a.waitFor([](const QJsonObject &o) { return isMesh(o, "tcp", true); }, 5000).isEmpty());
    const int id = a.request("mesh.set_peers", { { "peers", QJsonArray {} } });
    QCOMPARE(a.waitForReply(id).value("result").toObject().value("peers").toInt(), 0);
    a.collect(300); // an event in flight may still arrive
    const int from = a.lines().size();
    a.collect(700);
    QVERIFY(a.events("mesh", from).isEmpty());
}

QTEST_GUILESS_MAIN(TestAgentMesh)
#include "tst_agent_mesh.moc"
