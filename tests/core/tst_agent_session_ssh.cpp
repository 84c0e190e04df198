// AgentSession over both transports with real components: the real engine's
// agent as a local subprocess and, over a real sshd, deployed and started by
// SshAgentTransport. Also a shell stand-in for what the engine never does on
// purpose (malformed lines, another protocol, silence).

#include "sshd_fixture.h"

#include "agent/agentsession.h"
#include "agent/localagenttransport.h"
#include "agent/sshagenttransport.h"
#include "ssh/sshsession.h"

#include <QDir>
#include <QJsonArray>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>

#include <csignal>

using namespace halolink;
using namespace halolink::test;
using namespace std::chrono_literals;

namespace {

// Answers every request with {"echo":true} and a frame event, except lines
// containing "silent"; starts with two malformed lines.
const char *kStandIn = "#!/bin/sh\n"
                       "echo "
                       "'{\"event\":\"hello\",\"engine_version\":\"9.9.9-standin\",\"protocol\":'\"${STANDIN_"
                       "PROTOCOL:-1}\"',\"capabilities\":[]}'\n"
                       "echo 'this is not json'\n"
                       "echo '[1,2,3]'\n"
                       "while read -r line; do\n"
                       "  case \"$line\" in *silent*) continue ;; esac\n"
                       "  id=$(printf '%s' \"$line\" | sed -n 's/.*\"id\":\\([0-9]*\\).*/\\1/p')\n"
                       "  echo \"{\\\"id\\\":$id,\\\"result\\\":{\\\"echo\\\":true}}\"\n"
                       "  echo \"{\\\"event\\\":\\\"frame\\\",\\\"seq\\\":$id}\"\n"
                       "  echo '{\"id\":'\n"
                       "done\n";

struct ReplyResult {
    bool done = false;
    QJsonValue result;
    QJsonObject error;
};

// Running (a zombie left to a non-reaping init counts as gone).
bool processAlive(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray stat = f.readAll();
    const qsizetype close = stat.lastIndexOf(')');
    return close > 0 && stat.size() > close + 2 && stat.at(close + 2) != 'Z';
}

ReplyResult await(AgentReply *reply, int ms = 20000)
{
    ReplyResult r;
    QObject::connect(reply, &AgentReply::finished, reply, [&r, reply] {
        r.done = true;
        r.result = reply->result();
        r.error = reply->error();
    });
    (void)QTest::qWaitFor([&r] { return r.done; }, ms);
    return r;
}

} // namespace

class TestAgentSession : public QObject {
    Q_OBJECT

private:
    QString m_engine = QStringLiteral(HALOLINK_ENGINE_PATH);
    QTemporaryDir m_tmp;
    SshdFixture m_fx;
    int m_server = -1;

    QString standIn()
    {
        const QString path = m_tmp.filePath(QStringLiteral("standin-agent"));
        if (!QFile::exists(path)) {
            QFile f(path);
            f.open(QIODevice::WriteOnly);
            f.write(kStandIn);
            f.close();
            f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        }
        return path;
    }

    static bool waitState(AgentSession &s, AgentSession::State state, int ms = 30000)
    {
        return QTest::qWaitFor([&] { return s.state() == state; }, ms);
    }

    void exerciseAgent(AgentSession &s)
    {
        ReplyResult ping = await(s.request(QStringLiteral("ping")));
        QVERIFY(ping.done);
        QVERIFY2(ping.error.isEmpty(), qPrintable(ping.error.value(QStringLiteral("message")).toString()));
        QVERIFY(ping.result.toObject().value(QStringLiteral("time_ns")).toDouble() > 1e18);

        ReplyResult probe = await(s.request(QStringLiteral("probe")));
        QVERIFY(probe.done && probe.error.isEmpty());
        QCOMPARE(probe.result.toObject().value(QStringLiteral("schema")).toString(),
            QStringLiteral("halolink.probe/1"));

        ReplyResult unknown = await(s.request(QStringLiteral("no.such.method")));
        QCOMPARE(unknown.error.value(QStringLiteral("code")).toString(), QStringLiteral("unknown_method"));

        QSignalSpy events(&s, &AgentSession::eventReceived);
        ReplyResult start
            = await(s.request(QStringLiteral("telemetry.start"), { { QStringLiteral("interval_ms"), 100 } }));
        QVERIFY(start.done && start.error.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(events.count() >= 3, 10000);
        bool sawFrame = false;
        for (const auto &e : events) {
            if (e.at(0).toString() == QLatin1String("frame")) {
                sawFrame = true;
                QVERIFY(e.at(1).toJsonObject().contains(QStringLiteral("time_ns")));
            }
        }
        QVERIFY(sawFrame);
        QVERIFY(await(s.request(QStringLiteral("telemetry.stop"))).error.isEmpty());
    }

private Q_SLOTS:
    void initTestCase()
    {
        qunsetenv("SSH_AUTH_SOCK");
        QVERIFY(m_tmp.isValid());
    }

    void localAgentHelloRequestsEvents()
    {
        AgentSession s(new LocalAgentTransport(m_engine));
        QSignalSpy hello(&s, &AgentSession::hello);
        s.start();
        QVERIFY(waitState(s, AgentSession::State::Ready));
        QCOMPARE(hello.count(), 1);
        const auto h = hello.at(0).at(0).value<AgentHello>();
        QCOMPARE(h.protocol, 1);
        QVERIFY(!h.engineVersion.isEmpty());
        QVERIFY(h.capabilities.contains(QStringLiteral("telemetry")));
        exerciseAgent(s);
        s.stop();
        QCOMPARE(s.state(), AgentSession::State::Stopped);
    }

    void malformedLinesAreSkipped()
    {
        AgentSession s(new LocalAgentTransport(standIn()));
        s.start();
        QVERIFY(waitState(s, AgentSession::State::Ready));
        QSignalSpy events(&s, &AgentSession::eventReceived);
        ReplyResult r = await(s.request(QStringLiteral("anything")));
        QVERIFY(r.done);
        QCOMPARE(r.result.toObject().value(QStringLiteral("echo")).toBool(), true);
        QTRY_COMPARE_WITH_TIMEOUT(events.count(), 1, 5000);
        QCOMPARE(events.at(0).at(0).toString(), QStringLiteral("frame"));
        // "this is not json", "[1,2,3]" and the truncated '{"id":' after the reply.
        QTRY_COMPARE_WITH_TIMEOUT(s.malformedLines(), 3, 5000);
        QCOMPARE(s.state(), AgentSession::State::Ready);
    }

    void requestTimesOut()
    {
        AgentSession s(new LocalAgentTransport(standIn()));
        s.start();
        QVERIFY(waitState(s, AgentSession::State::Ready));
        ReplyResult r = await(s.request(QStringLiteral("silent"), {}, 300ms));
        QVERIFY(r.done);
        QCOMPARE(r.error.value(QStringLiteral("code")).toString(), QStringLiteral("timeout"));
        QCOMPARE(s.state(), AgentSession::State::Ready);
    }

    void otherProtocolIsRefused()
    {
        auto *t = new LocalAgentTransport(standIn());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("STANDIN_PROTOCOL"), QStringLiteral("2"));
        t->setProcessEnvironment(env);
        AgentSession s(t);
        s.setBackoff(50ms, 100ms);
        QSignalSpy failed(&s, &AgentSession::failed);
        QSignalSpy hello(&s, &AgentSession::hello);
        s.start();
        QVERIFY(waitState(s, AgentSession::State::Failed, 10000));
        QCOMPARE(hello.count(), 0);
        QCOMPARE(failed.count(), 1);
        const QString why = failed.at(0).at(0).toString();
        QVERIFY2(why.contains(QLatin1String("protocol 2")) && why.contains(QLatin1String("protocol 1")),
            qPrintable(why));
        QTest::qWait(300); // and it does not retry
        QCOMPARE(s.state(), AgentSession::State::Failed);
        QCOMPARE(s.reconnectAttempts(), 1);
    }

    void localAgentKilledRestartsWithGap()
    {
        auto *t = new LocalAgentTransport(m_engine);
        AgentSession s(t);
        s.setBackoff(100ms, 400ms);
        QSignalSpy lost(&s, &AgentSession::lost);
        QSignalSpy gap(&s, &AgentSession::gap);
        QSignalSpy hello(&s, &AgentSession::hello);
        s.start();
        QVERIFY(waitState(s, AgentSession::State::Ready));
        const qint64 firstPid = t->processId();
        QVERIFY(firstPid > 0);
        AgentReply *pending = s.request(QStringLiteral("probe"));
        ReplyResult pendingResult;
        connect(pending, &AgentReply::finished, this, [&] {
            pendingResult.done = true;
            pendingResult.error = pending->error();
        });
        ::kill(pid_t(firstPid), SIGKILL);
        QTRY_COMPARE_WITH_TIMEOUT(lost.count(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(hello.count(), 2, 10000);
        QCOMPARE(s.state(), AgentSession::State::Ready);
        QCOMPARE(gap.count(), 1);
        const qint64 from = gap.at(0).at(0).toLongLong();
        const qint64 to = gap.at(0).at(1).toLongLong();
        QCOMPARE(from, lost.at(0).at(0).toLongLong());
        QVERIFY(to > from);
        QVERIFY(t->processId() != firstPid);
        QVERIFY(pendingResult.done);
        // Either answered before the kill or failed as lost; never left hanging.
        if (!pendingResult.error.isEmpty())
            QCOMPARE(pendingResult.error.value(QStringLiteral("code")).toString(), QStringLiteral("lost"));
        QVERIFY(await(s.request(QStringLiteral("ping"))).error.isEmpty());
    }

    void startServer()
    {
        const QString why = SshdFixture::unavailableReason();
        if (!why.isEmpty())
            QSKIP(qPrintable(why));
        QString error;
        QVERIFY2(m_fx.setUp(&error), qPrintable(error));
        m_server = m_fx.startServer(&error);
        QVERIFY2(m_server >= 0, qPrintable(error));
    }

    void sshAgentDeploysAndTalks()
    {
        if (m_server < 0)
            QSKIP("no sshd");
        auto *t = new SshAgentTransport(m_fx.keyEndpoint(m_server), m_engine);
        int hostKeyQuestions = 0;
        connect(t, &SshAgentTransport::sessionCreated, this, [&](SshSession *session) {
            connect(session, &SshSession::hostKeyUnknown, session, [&hostKeyQuestions, session] {
                ++hostKeyQuestions;
                session->acceptHostKey();
            });
        });
        QSignalSpy deployed(t, &SshAgentTransport::deployed);
        AgentSession s(t);
        QSignalSpy hello(&s, &AgentSession::hello);
        s.start();
        QVERIFY2(waitState(s, AgentSession::State::Ready, 60000), qPrintable(s.errorString()));
        QCOMPARE(hostKeyQuestions, 1);
        QCOMPARE(deployed.count(), 1);
        QVERIFY(t->remoteEnginePath().startsWith(m_fx.home() + QStringLiteral("/.cache/halolink/engine-")));
        const auto h = hello.at(0).at(0).value<AgentHello>();
        QCOMPARE(h.protocol, 1);
        exerciseAgent(s);
        s.stop();
    }

    void sshNodeKilledAndRestarted()
    {
        if (m_server < 0)
            QSKIP("no sshd");
        SshEndpoint ep = m_fx.keyEndpoint(m_server);
        ep.keepAliveInterval = 500ms;
        ep.keepAliveCountMax = 2;
        ep.connectTimeout = 2s;
        auto *t = new SshAgentTransport(ep, m_engine);
        QSignalSpy deployed(t, &SshAgentTransport::deployed);
        AgentSession s(t);
        s.setBackoff(200ms, 1s);
        QSignalSpy lost(&s, &AgentSession::lost);
        QSignalSpy gap(&s, &AgentSession::gap);
        QSignalSpy hello(&s, &AgentSession::hello);
        s.start();
        QVERIFY2(waitState(s, AgentSession::State::Ready, 60000), qPrintable(s.errorString()));
        QSignalSpy frames(&s, &AgentSession::eventReceived);
        QVERIFY(
            await(s.request(QStringLiteral("telemetry.start"), { { QStringLiteral("interval_ms"), 100 } }))
                .error.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(frames.count() > 2, 10000);

        // The node dies: sshd, its connections and the agent.
        const qint64 agentPid = hello.at(0).at(0).value<AgentHello>().pid;
        m_fx.killServer(m_server);
        QTRY_COMPARE_WITH_TIMEOUT(lost.count(), 1, 10000);
        QVERIFY(s.state() == AgentSession::State::Lost || s.state() == AgentSession::State::Connecting);
        QTRY_VERIFY_WITH_TIMEOUT(!processAlive(agentPid), 5000); // the agent is gone too
        QTest::qWait(1500); // down for a while: reconnects fail, with back-off
        QVERIFY(s.state() != AgentSession::State::Ready);
        QVERIFY(s.reconnectAttempts() >= 2);
        QString error;
        QVERIFY2(m_fx.restartServer(m_server, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(hello.count(), 2, 30000);
        QCOMPARE(s.state(), AgentSession::State::Ready);
        QCOMPARE(gap.count(), 1);
        const qint64 from = gap.at(0).at(0).toLongLong();
        const qint64 to = gap.at(0).at(1).toLongLong();
        QCOMPARE(from, lost.at(0).at(0).toLongLong());
        QVERIFY2(to - from >= 1'000'000'000LL, qPrintable(QString::number(to - from)));
        // The engine was already there: the reconnect did not upload again.
        QCOMPARE(deployed.count(), 2);
        QCOMPARE(deployed.at(1).at(1).toBool(), false);
        QVERIFY(await(s.request(QStringLiteral("ping"))).error.isEmpty());
        s.stop();
    }

    void sshAgentKilledAloneRestarts()
    {
        if (m_server < 0)
            QSKIP("no sshd");
        AgentSession s(new SshAgentTransport(m_fx.keyEndpoint(m_server), m_engine));
        s.setBackoff(100ms, 500ms);
        QSignalSpy gap(&s, &AgentSession::gap);
        QSignalSpy hello(&s, &AgentSession::hello);
        s.start();
        QVERIFY(waitState(s, AgentSession::State::Ready, 60000));
        const qint64 pid = hello.at(0).at(0).value<AgentHello>().pid;
        ::kill(pid_t(pid), SIGKILL);
        QTRY_COMPARE_WITH_TIMEOUT(hello.count(), 2, 20000);
        QCOMPARE(gap.count(), 1);
        QVERIFY(hello.at(1).at(0).value<AgentHello>().pid != pid);
        s.stop();
    }

    // Issue 16: a node costs one start of its login shell from connect to a
    // live agent (check, upload, agent on one channel), and none after that:
    // probe, telemetry, the reflector and a bench go through the agent. The
    // test user's login shell becomes bash; its ~/.bashrc counts its starts
    // (Debian's bash reads it when sshd starts it: SSH_SOURCE_BASHRC) and
    // takes 0.3 s, as conda or pyenv initialisation does on real nodes.
    void sshOneShellStartPerConnection()
    {
        if (m_server < 0)
            QSKIP("no sshd");
        QVERIFY(m_fx.useBash("sleep 0.3\n"));
        const auto restore = qScopeGuard([this] { m_fx.useDefaultShell(); });
        auto count = [this] { return m_fx.shellStarts(); };
        // A fresh node: the engine is not there, so this connection uploads it.
        QDir(m_fx.home() + QStringLiteral("/.cache/halolink")).removeRecursively();
        auto *t = new SshAgentTransport(m_fx.keyEndpoint(m_server), m_engine);
        QSignalSpy deployed(t, &SshAgentTransport::deployed);
        AgentSession s(t);
        s.start();
        QVERIFY2(waitState(s, AgentSession::State::Ready, 60000), qPrintable(s.errorString()));
        QCOMPARE(deployed.count(), 1);
        QCOMPARE(deployed.at(0).at(1).toBool(), true); // uploaded
        QCOMPARE(count(), 1);

        exerciseAgent(s); // ping, probe, telemetry
        ReplyResult reflector = await(s.request(QStringLiteral("reflector.start"),
            { { QStringLiteral("bind"), QStringLiteral("127.0.0.1") }, { QStringLiteral("port"), 0 },
                { QStringLiteral("rdma"), false } }));
        QVERIFY(reflector.error.isEmpty());
        const int port = reflector.result.toObject().value(QStringLiteral("port")).toInt();
        ReplyResult bench = await(s.request(QStringLiteral("bench"),
            { { QStringLiteral("peer"), QStringLiteral("127.0.0.1") }, { QStringLiteral("port"), port },
                { QStringLiteral("transport"), QStringLiteral("tcp") }, { QStringLiteral("iters"), 200 },
                { QStringLiteral("warmup"), 10 } }),
            60000);
        QVERIFY2(bench.error.isEmpty(), qPrintable(bench.error.value(QStringLiteral("message")).toString()));
        QCOMPARE(bench.result.toObject().value(QStringLiteral("schema")).toString(), QStringLiteral("halolink.bench/1"));
        QVERIFY(await(s.request(QStringLiteral("probe")), 60000).error.isEmpty());
        QCOMPARE(count(), 1); // everything after the connection: through the agent
        s.stop();

        // A reconnect (the engine is there now): one more, and no upload.
        auto *t2 = new SshAgentTransport(m_fx.keyEndpoint(m_server), m_engine);
        QSignalSpy deployed2(t2, &SshAgentTransport::deployed);
        AgentSession s2(t2);
        s2.start();
        QVERIFY2(waitState(s2, AgentSession::State::Ready, 60000), qPrintable(s2.errorString()));
        QCOMPARE(deployed2.at(0).at(1).toBool(), false);
        QCOMPARE(count(), 2);
        s2.stop();
    }

    void cleanupTestCase() { m_fx.tearDown(); }
};

QTEST_GUILESS_MAIN(TestAgentSession)
#include "tst_agent_session_ssh.moc"
