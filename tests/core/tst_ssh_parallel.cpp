// Four nodes at once, each an sshd in its own network namespace (10.99.<i>.2
// behind a veth pair): four SshSessions connect in parallel while a 10 ms
// QTimer on the test's (GUI) thread keeps ticking — no tick may be late by
// more than 100 ms, since every libssh call runs on the sessions' own threads.

#include "sshd_fixture.h"

#include "ssh/remotetask.h"
#include "ssh/sshsession.h"

#include <QElapsedTimer>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace halolink;
using namespace halolink::test;
using namespace std::chrono_literals;

class TestSshParallel : public QObject {
    Q_OBJECT

private:
    static constexpr int kNodes = 4;
    SshdFixture m_fx;
    NetnsSet m_netns;
    QList<int> m_servers;

private Q_SLOTS:
    void initTestCase()
    {
        QString why = SshdFixture::unavailableReason();
        if (why.isEmpty())
            why = NetnsSet::unavailableReason();
        if (!why.isEmpty())
            QSKIP(qPrintable(why));
        qunsetenv("SSH_AUTH_SOCK");
        QString error;
        QVERIFY2(m_fx.setUp(&error), qPrintable(error));
        QVERIFY2(m_netns.create(kNodes, &error), qPrintable(error));
        for (int i = 0; i < kNodes; ++i) {
            const int s = m_fx.startServer(&error, m_netns.name(i), m_netns.innerAddress(i));
            QVERIFY2(s >= 0, qPrintable(error));
            m_servers << s;
        }
    }

    void cleanupTestCase()
    {
        m_fx.tearDown(); // sshds first: they live in the namespaces
        m_netns.destroy();
    }

    void fourNodesInParallelKeepTheEventLoopResponsive()
    {
        std::vector<std::unique_ptr<SshSession>> sessions;
        for (int i = 0; i < kNodes; ++i) {
            auto s = std::make_unique<SshSession>(m_fx.keyEndpoint(m_servers[i]));
            SshSession *raw = s.get();
            connect(raw, &SshSession::hostKeyUnknown, raw, [raw] { raw->acceptHostKey(); });
            sessions.push_back(std::move(s));
        }
        QElapsedTimer sinceTick;
        qint64 worstGap = 0;
        QTimer ticker;
        ticker.setInterval(10);
        connect(&ticker, &QTimer::timeout, this, [&] { worstGap = std::max(worstGap, sinceTick.restart()); });
        QElapsedTimer wall;
        wall.start();
        sinceTick.start();
        ticker.start();
        for (auto &s : sessions)
            s->connectToHost();
        const bool allDone = QTest::qWaitFor(
            [&] {
                return std::all_of(sessions.begin(), sessions.end(),
                    [](const auto &s) { return s->isReady() || s->isFinished(); });
            },
            30000);
        const qint64 connectMs = wall.elapsed();
        // Keep measuring a little longer, with commands running on all four.
        int done = 0;
        std::vector<std::unique_ptr<RemoteTask>> tasks;
        for (int i = 0; i < kNodes; ++i) {
            auto t = std::make_unique<RemoteTask>(
                sessions[i].get(), QStringLiteral("printf %s \"$SSH_CONNECTION\""));
            connect(t.get(), &RemoteTask::finished, this, [&done] { ++done; });
            t->start();
            tasks.push_back(std::move(t));
        }
        QTRY_COMPARE_WITH_TIMEOUT(done, kNodes, 20000);
        ticker.stop();
        qInfo() << "4 sessions ready in" << connectMs << "ms; worst GUI-thread tick gap" << worstGap << "ms";
        QVERIFY(allDone);
        for (int i = 0; i < kNodes; ++i) {
            QVERIFY2(sessions[i]->isReady(), qPrintable(sessions[i]->errorString()));
            // The far end of the connection is the node's own address in its namespace.
            const QString conn = QString::fromUtf8(tasks[i]->standardOutput());
            QVERIFY2(conn.contains(m_netns.innerAddress(i)), qPrintable(conn));
        }
        QVERIFY2(worstGap < 100, qPrintable(QStringLiteral("event loop stalled %1 ms").arg(worstGap)));
    }
};

QTEST_GUILESS_MAIN(TestSshParallel)
#include "tst_ssh_parallel.moc"
