// The main window with This computer and one node over SSH (a real sshd on
// loopback, the engine deployed by the real deployer), offscreen: selecting
// the SSH node shows that node's page from the probe its own agent answered
// (kept by ClusterController), Refresh probes it again through its agent, a
// lost node says so on its page, and This computer's page is still its own.
// This computer's telemetry comes from the controller's one local session.

#include "sshd_fixture.h"

#include "cluster/clustercontroller.h"
#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "mainwindow.h"
#include "modelroles.h"
#include "node/nodepage.h"
#include "nodes/nodeactions.h"
#include "telemetry/telemetryingest.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace halolink;
using namespace halolink::ui;
using namespace halolink::test;

namespace {

QString labelText(QWidget *page, const char *name)
{
    auto *label = page->findChild<QLabel *>(QLatin1String(name));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(name));
}

} // namespace

class TestMainWindowNodes : public QObject
{
    Q_OBJECT

private:
    SshdFixture m_fx;
    int m_server = -1;
    bool m_ready = false;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow_nodes"));
        qunsetenv("SSH_AUTH_SOCK");
        qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
        if (!SshdFixture::unavailableReason().isEmpty())
            return;
        QString error;
        QVERIFY2(m_fx.setUp(&error), qPrintable(error));
        m_server = m_fx.startServer(&error);
        QVERIFY2(m_server >= 0, qPrintable(error));
        m_fx.exportClientEnvironment();
        // The node's host key is known already: no host-key dialog in this test.
        QFile pub(m_fx.hostKey() + QStringLiteral(".pub"));
        QVERIFY(pub.open(QIODevice::ReadOnly));
        const QList<QByteArray> key = pub.readAll().trimmed().split(' ');
        QVERIFY(key.size() >= 2);
        QFile known(m_fx.knownHosts());
        QVERIFY(known.open(QIODevice::Append));
        known.write("[" + m_fx.server(m_server).address.toUtf8() + "]:" + QByteArray::number(m_fx.server(m_server).port)
                    + ' ' + key.at(0) + ' ' + key.at(1) + '\n');
        m_ready = true;
    }

    void sshNodeShowsItsOwnProbe()
    {
        if (!m_ready)
            QSKIP(qPrintable(SshdFixture::unavailableReason()));
        // The inventory the window loads: This computer and node n1.
        QString error, id;
        {
            QFile::remove(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                          + QStringLiteral("/inventory.json"));
            Inventory inventory;
            inventory.load();
            Node n;
            n.name = QStringLiteral("n1");
            n.host = m_fx.server(m_server).address;
            n.port = m_fx.server(m_server).port;
            n.user = m_fx.user();
            n.identityFile = m_fx.clientKey();
            QVERIFY2(inventory.addNode(n, &error, &id), qPrintable(error));
        }
        const QString local = QLatin1String(Node::kLocalId);

        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ClusterController *cluster = window.nodeActions()->cluster();
        QTRY_COMPARE_WITH_TIMEOUT(window.nodeModel()->rowCount(), 2, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.nodeModel()->state(local) == NodeState::Ready, 60000);
        QTRY_VERIFY2_WITH_TIMEOUT(cluster->probeReport(id).has_value(),
                                  qPrintable(cluster->errorString(id) + QLatin1Char(' ') + cluster->probeError(id)),
                                  120000);
        QCOMPARE(window.nodeModel()->state(id), NodeState::Ready);
        // One session for This computer, in the controller (its telemetry feeds the dashboard).
        QVERIFY(cluster->session(local));
        QTRY_COMPARE_WITH_TIMEOUT(cluster->state(local), NodeState::Ready, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(window.telemetryIngest()->stats().frames >= 3, 20000);
        // The controller does not probe This computer (the window does), nor drives its row.
        QVERIFY(!cluster->probeReport(local));

        // This computer first.
        NodePage *page = window.nodePage();
        QCOMPARE(window.currentNodeId(), local);
        QCOMPARE(labelText(page, "title"), Node::local().name);

        // Select n1: its page, from its own report.
        QAbstractItemModel *view = window.nodeView()->model();
        QModelIndex n1;
        for (int row = 0; row < view->rowCount(); ++row) {
            if (view->index(row, 0).data(Roles::Key).toString() == id)
                n1 = view->index(row, 0);
        }
        QVERIFY(n1.isValid());
        window.nodeView()->setCurrentIndex(n1);
        QCOMPARE(window.currentNodeId(), id);
        const ProbeReport report = *cluster->probeReport(id);
        QCOMPARE(labelText(page, "title"), QStringLiteral("n1"));
        QVERIFY(labelText(page, "state").startsWith(QLatin1String("Ready")));
        QVERIFY(report.host.hostname && report.host.kernel);
        QCOMPARE(labelText(page, "hostname"), *report.host.hostname);
        QCOMPARE(labelText(page, "kernel"), *report.host.kernel);
        QCOMPARE(page->checksView()->model()->rowCount(), int(report.checks.size()));
        QVERIFY(window.refreshAction()->isEnabled());
        // For a look at it on a real display (HALOLINK_TEST_HOLD_MS=5000, QT_QPA_PLATFORM=xcb).
        QTest::qWait(qEnvironmentVariableIntValue("HALOLINK_TEST_HOLD_MS"));

        // Refresh probes n1 again, through its agent.
        QSignalSpy changed(cluster, &ClusterController::probeReportChanged);
        window.refreshAction()->trigger();
        QVERIFY(cluster->isProbing(id));
        QVERIFY(!window.refreshAction()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!changed.isEmpty(), 90000);
        QCOMPARE(changed.first().first().toString(), id);
        QTRY_VERIFY(window.refreshAction()->isEnabled());
        QCOMPARE(labelText(page, "hostname"), *cluster->probeReport(id)->host.hostname);

        // n1 lost: its page says so, with the last report kept below.
        m_fx.killServer(m_server);
        QTRY_VERIFY_WITH_TIMEOUT(cluster->state(id) == NodeState::Lost, 20000);
        QTRY_VERIFY(labelText(page, "state").startsWith(QLatin1String("Lost")));
        QVERIFY(page->findChild<QWidget *>(QStringLiteral("banner"))->isVisible());
        QVERIFY(!window.refreshAction()->isEnabled());
        QCOMPARE(labelText(page, "hostname"), *report.host.hostname);

        // Back to This computer: its own page, as before.
        const int localRow = window.nodeModel()->rowOf(local);
        QVERIFY(localRow >= 0);
        for (int row = 0; row < view->rowCount(); ++row) {
            if (view->index(row, 0).data(Roles::Key).toString() == local)
                window.nodeView()->setCurrentIndex(view->index(row, 0));
        }
        QCOMPARE(window.currentNodeId(), local);
        QCOMPARE(labelText(page, "title"), Node::local().name);
        QVERIFY(labelText(page, "state").startsWith(QLatin1String("Ready")));
        QVERIFY(!page->findChild<QWidget *>(QStringLiteral("banner"))->isVisible());
        QVERIFY(page->checksView()->model()->rowCount() > 0);
        QVERIFY(window.refreshAction()->isEnabled());
        window.refreshAction()->trigger();
        QCOMPARE(window.nodeModel()->state(local), NodeState::Probing);
        QTRY_VERIFY_WITH_TIMEOUT(window.nodeModel()->state(local) == NodeState::Ready, 60000);
        window.close();

        QString restartError;
        QVERIFY2(m_fx.restartServer(m_server, &restartError), qPrintable(restartError));
    }

    void cleanupTestCase()
    {
        m_fx.tearDown();
    }
};

QTEST_MAIN(TestMainWindowNodes)
#include "tst_mainwindow_nodes.moc"
