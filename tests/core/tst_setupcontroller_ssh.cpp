// SetupController and the cluster controller's RDMA pause against real sshd
// nodes on loopback with the real engine deployed: the sudo password asked
// per node (a wrong one asked again, never logged), a user sudo does not
// allow failing plainly, the agents' reflector and mesh paused and resumed,
// and an agent restarted with its probe kept. Nothing on this machine is
// configured: the engine only reads (`status` of a journal that is not there).

#include "sshd_fixture.h"

#include "cluster/clustercontroller.h"
#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "setup/setupcontroller.h"

#include <QJsonArray>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace halolink;
using namespace halolink::test;
using namespace std::chrono_literals;

class TestSetupControllerSsh : public QObject
{
    Q_OBJECT

    SshdFixture m_fx;
    QTemporaryDir m_tmp;
    int m_servers[2] = {-1, -1};
    bool m_ready = false;

    Node nodeFor(const QString &name, int server) const
    {
        Node n;
        n.name = name;
        n.host = m_fx.server(server).address;
        n.port = m_fx.server(server).port;
        n.user = m_fx.user();
        n.identityFile = m_fx.clientKey();
        n.dataAddress = QStringLiteral("127.0.0.1/8");
        return n;
    }

    // The fixture's sshd presents a fresh host key: trusted here, as a person would.
    static void acceptHostKeys(ClusterController &controller)
    {
        QObject::connect(&controller, &ClusterController::hostKeyUnknown, &controller,
                         [&controller](const QString &id, const HostKeyInfo &) { controller.acceptHostKey(id); });
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qunsetenv("SSH_AUTH_SOCK");
        qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
        if (!SshdFixture::unavailableReason().isEmpty())
            return;
        QString error;
        QVERIFY2(m_fx.setUp(&error), qPrintable(error));
        for (int i = 0; i < 2; ++i) {
            m_servers[i] = m_fx.startServer(&error);
            QVERIFY2(m_servers[i] >= 0, qPrintable(error));
        }
        m_fx.exportClientEnvironment();
        m_ready = true;
    }

    void cleanupTestCase()
    {
        m_fx.revokeSudo();
        m_fx.tearDown();
    }

    void pauseResumeAndRestart()
    {
        if (!m_ready)
            QSKIP(qPrintable(SshdFixture::unavailableReason()));
        Inventory inventory;
        inventory.setFilePath(m_tmp.filePath(QStringLiteral("inv1.json")));
        inventory.load();
        QString error, id1, id2;
        QVERIFY2(inventory.addNode(nodeFor(QStringLiteral("n1"), m_servers[0]), &error, &id1), qPrintable(error));
        QVERIFY2(inventory.addNode(nodeFor(QStringLiteral("n2"), m_servers[1]), &error, &id2), qPrintable(error));
        ClusterController controller(&inventory);
        ClusterController::Options o;
        o.includeLocal = false;
        o.rdma = false;
        o.reflectorPort = 0; // two nodes on one machine
        o.meshIntervalMs = 200;
        controller.setOptions(o);
        controller.setBackoff(200ms, 1s);
        acceptHostKeys(controller);
        controller.start();
        QTRY_VERIFY_WITH_TIMEOUT(controller.reflectorPort(id1) > 0 && controller.reflectorPort(id2) > 0, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(controller.meshPeers(id2).size(), 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(controller.probeReport(id1).has_value(), 60000);

        // Paused: n1's reflector and mesh stop, and n2 no longer measures against it.
        const QList<AgentReply *> replies = controller.pauseRdmaServices({id1});
        QCOMPARE(replies.size(), 2);
        QSignalSpy done(replies.last(), &AgentReply::finished);
        QVERIFY(done.wait(10000));
        QVERIFY(!replies.last()->isError());
        QCOMPARE(controller.reflectorPort(id1), 0);
        QCOMPARE(controller.meshPeers(id2).size(), 0);

        // A fresh agent keeps the probe and the pause.
        const ProbeReport before = *controller.probeReport(id1);
        controller.restartAgent(id1);
        QVERIFY(controller.probeReport(id1).has_value());
        QCOMPARE(controller.probeReport(id1)->host.hostname, before.host.hostname);
        QTRY_COMPARE_WITH_TIMEOUT(controller.state(id1), NodeState::Ready, 60000);
        QTest::qWait(500);
        QCOMPARE(controller.reflectorPort(id1), 0); // still paused: no reflector after the restart

        // Resumed: the reflector is back and n2 measures against it again.
        controller.resumeRdmaServices({id1});
        QTRY_VERIFY_WITH_TIMEOUT(controller.reflectorPort(id1) > 0, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(controller.meshPeers(id2).size(), 1, 10000);
        controller.stop();
    }

    void sudoPasswordAskedPerNode()
    {
        if (!m_ready)
            QSKIP(qPrintable(SshdFixture::unavailableReason()));
        QString error;
        if (!m_fx.grantSudo(false, &error))
            QSKIP(qPrintable(error));
        Inventory inventory;
        inventory.setFilePath(m_tmp.filePath(QStringLiteral("inv2.json")));
        inventory.load();
        QString id1;
        QVERIFY2(inventory.addNode(nodeFor(QStringLiteral("s1"), m_servers[0]), &error, &id1), qPrintable(error));
        // A login shell that counts its starts: the setup's calls go through
        // the agent and start none (issue 16).
        QVERIFY(m_fx.useBash(""));
        const auto restoreShell = qScopeGuard([this] { m_fx.useDefaultShell(); });
        ClusterController controller(&inventory);
        ClusterController::Options o;
        o.includeLocal = false;
        o.services = false;
        controller.setOptions(o);
        acceptHostKeys(controller);
        controller.start();
        QTRY_COMPARE_WITH_TIMEOUT(controller.state(id1), NodeState::Ready, 60000);
        const int connectStarts = m_fx.shellStarts();
        QCOMPARE(connectStarts, 1);

        // A setup left with a change on s1: resuming asks s1 where it stands (root: the journal is root's).
        setup::SetupController setup(&controller, &inventory);
        const QJsonObject state{
            {QStringLiteral("format"), QStringLiteral("halolink-setup")},
            {QStringLiteral("version"), 1},
            {QStringLiteral("page"), 5},
            {QStringLiteral("settings"), QJsonObject{}},
            {QStringLiteral("nodes"), QJsonArray{QJsonObject{{QStringLiteral("node_id"), id1},
                                                             {QStringLiteral("name"), QStringLiteral("s1")},
                                                             {QStringLiteral("interface"), QStringLiteral("eth9")},
                                                             {QStringLiteral("address"), QStringLiteral("10.77.0.1/24")},
                                                             {QStringLiteral("phase"), QStringLiteral("applied")},
                                                             {QStringLiteral("changed"), true},
                                                             {QStringLiteral("deadline"), 1}}}}};
        QCOMPARE(setup.restoreState(state, &error), 5);
        QVERIFY(setup.anyChanged());
        QSignalSpy asked(&setup, &setup::SetupController::sudoPasswordNeeded);
        QSignalSpy finished(&setup, &setup::SetupController::operationFinished);
        setup.refreshStatus();
        QVERIFY(asked.wait(60000));
        QCOMPARE(asked.first().at(0).toInt(), 0);
        // A wrong password: asked again, saying so.
        setup.provideSudoPassword(0, QByteArray("not-the-password"), false);
        QTRY_COMPARE_WITH_TIMEOUT(asked.size(), 2, 60000);
        QCOMPARE(setup.run(0).errorCode, QStringLiteral("sudo_password_wrong"));
        // The right one: status runs as root; there is no journal on this machine: nothing changed after all.
        setup.provideSudoPassword(0, m_fx.password(), false);
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.last().at(0).toString(), QStringLiteral("status"));
        QCOMPARE(setup.run(0).phase, setup::Phase::Idle);
        QVERIFY(!setup.anyChanged());
        for (const QString &line : setup.run(0).log) {
            QVERIFY2(!line.contains(QString::fromUtf8(m_fx.password())), qPrintable(line));
            QVERIFY(!line.contains(QStringLiteral("not-the-password")));
        }
        // The log says what happens in words, not the engine's arguments ("status: status").
        const QStringList log = setup.run(0).log;
        QVERIFY2(std::any_of(log.begin(), log.end(),
                             [](const QString &l) { return l.contains(QStringLiteral("asking the node where its last change stands")); }),
                 qPrintable(log.join(QLatin1Char('\n'))));
        for (const QString &line : log)
            QVERIFY2(!line.endsWith(QStringLiteral("status: status")), qPrintable(line));

        // sudo taken away: the password kept for this setup is used again (not asked),
        // and sudo's refusal is a plain, final failure (not asked forever).
        m_fx.revokeSudo();
        QVERIFY(setup.restoreState(state, &error) >= 0);
        asked.clear();
        finished.clear();
        setup.refreshStatus();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.last().at(1).toBool(), false);
        QCOMPARE(asked.size(), 0);
        QCOMPARE(setup.run(0).errorCode, QStringLiteral("sudo_not_allowed"));
        QVERIFY2(setup.run(0).error.contains(QStringLiteral("sudoers")), qPrintable(setup.run(0).error));
        // Four calls (one without a password, a wrong one, the right one, one
        // refused), the call folders removed: not one more login shell.
        QCOMPARE(m_fx.shellStarts(), connectStarts);
        controller.stop();
    }
};

QTEST_GUILESS_MAIN(TestSetupControllerSsh)
#include "tst_setupcontroller_ssh.moc"
