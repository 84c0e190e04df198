// The cluster HaloLink keeps, in the main window (offscreen): with none kept,
// the Cluster page says what it is for and opens the setup; with one kept
// (core/setup/savedsetup.h, written here as confirm writes it), it shows the
// nodes with their data planes and QoS, the settings and the verification per
// pair with its time; Change This Cluster… opens the wizard on it (its nodes
// chosen, the others not, its QoS as the defaults); Verify Again refuses with
// the reason when a node of the record left the node list; Forget takes the
// record away and the nodes stay.
//
// HALOLINK_SHOT_DIR=/some/dir saves PNGs of the page, empty and kept.

#include "cluster/clusterpage.h"
#include "dashboard/dashboardpage.h"
#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "mainwindow.h"
#include "nodes/nodeactions.h"
#include "setup/nodespage.h"
#include "setup/savedsetup.h"
#include "setup/setupcontroller.h"
#include "setup/setupwizard.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QTimer>

using namespace halolink;
using namespace halolink::ui;
using namespace halolink::setup;

namespace {

QString inventoryPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/inventory.json");
}

void shoot(QWidget *w, const QString &name)
{
    QTest::qWait(50); // the layouts settle first, as on screen
    if (const QByteArray dir = qgetenv("HALOLINK_SHOT_DIR"); !dir.isEmpty())
        QVERIFY(w->grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + name));
}

// A node nobody answers for (port 1 on loopback): it fails to connect, quickly.
QString addNode(Inventory *inventory, const QString &name)
{
    Node n;
    n.name = name;
    n.host = QStringLiteral("127.0.0.1");
    n.port = 1;
    n.user = QStringLiteral("nobody");
    QString error;
    if (!inventory->addNode(n, &error))
        qFatal("cannot add %s: %s", qPrintable(name), qPrintable(error));
    return inventory->find(name)->id;
}

SavedSetup record(const QString &a, const QString &b)
{
    SavedSetup s;
    s.confirmedAt = QDateTime::currentDateTimeUtc().addSecs(-3 * 3600);
    s.settings.topology = Topology::DirectPair;
    s.settings.mtu = 9000;
    s.settings.qos.dscp = 26;
    s.settings.qos.pfcPriority = 3;
    s.settings.persist = false;
    SavedSetup::NodeEntry ea{a, QStringLiteral("halo1"), QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.1/30"),
                             QStringLiteral("ice"), QStringLiteral("irdma0"), true, true, true};
    SavedSetup::NodeEntry eb{b, QStringLiteral("halo2"), QStringLiteral("enp194s0np0"), QStringLiteral("192.168.100.2/30"),
                             QStringLiteral("ice"), QStringLiteral("irdma0"), true, true, true};
    s.nodes << ea << eb;
    s.verified = true;
    s.measuredAt = s.confirmedAt.addSecs(-20);
    SavedSetup::PairEntry p;
    p.a = a;
    p.b = b;
    p.rdmaOneWayNs = 5230;
    p.tcpOneWayNs = 34000;
    p.rdmaBps = 50.6e9;
    p.tcpBps = 55.7e9;
    p.rdmaDevice = QStringLiteral("irdma0");
    p.gidIndex = 1;
    s.pairs << p;
    return s;
}

QString cell(QTableWidget *t, int row, int column)
{
    QTableWidgetItem *it = t->item(row, column);
    return it ? it->text() : QString();
}

} // namespace

class TestClusterPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_clusterpage"));
        qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
        qunsetenv("SSH_AUTH_SOCK");
        QLocale::setDefault(QLocale::c());
    }

    void init()
    {
        QFile::remove(inventoryPath());
        SavedSetup::remove();
        SetupController::removeStateFile();
    }

    void noneKeptSaysSoAndOpensTheSetup()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.clusterAction()->trigger();
        QVERIFY(window.isClusterPageShown());
        QVERIFY(window.clusterAction()->isChecked());
        ClusterPage *page = window.clusterPage();
        QVERIFY(page->isEmptyShown());
        auto *text = page->findChild<QLabel *>(QStringLiteral("clusterEmptyText"));
        QVERIFY2(text->text().startsWith(QStringLiteral("No cluster is kept yet.")), qPrintable(text->text()));
        shoot(&window, QStringLiteral("cluster-none.png"));
        page->findChild<QPushButton *>(QStringLiteral("clusterSetUpButton"))->click();
        QVERIFY(window.setupWizard());
        QCOMPARE(window.setupWizard()->windowTitle(), QStringLiteral("Set Up the Cluster"));
        QVERIFY(!window.setupWizard()->isChangingCluster());
        window.setupWizard()->reject();
        // The dashboard action takes the page over, and the buttons follow.
        window.dashboardAction()->trigger();
        QVERIFY(window.isDashboardShown());
        QVERIFY(!window.clusterAction()->isChecked());
        QVERIFY(!window.dashboard()->clusterLine()->isVisibleTo(window.dashboard())); // no cluster, no line
    }

    void keptClusterShownAndChanged()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        Inventory *inventory = window.nodeActions()->inventory();
        const QString a = addNode(inventory, QStringLiteral("halo1"));
        const QString b = addNode(inventory, QStringLiteral("halo2"));
        const QString other = addNode(inventory, QStringLiteral("spare"));
        QString error;
        QVERIFY2(record(a, b).save(&error), qPrintable(error));

        window.showClusterPage();
        ClusterPage *page = window.clusterPage();
        QVERIFY(!page->isEmptyShown());
        const QString summary = page->summaryLabel()->text();
        QVERIFY2(summary.startsWith(QStringLiteral("2 node(s) on one direct cable, MTU 9000, confirmed ")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("(3 hour(s) ago)")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("lasts until the nodes reboot")), qPrintable(summary));
        QVERIFY2(page->findChild<QLabel *>(QStringLiteral("clusterQos"))->text().contains(QStringLiteral("DSCP 26, ToS 106")),
                 qPrintable(page->findChild<QLabel *>(QStringLiteral("clusterQos"))->text()));
        QTableWidget *nodes = page->nodesTable();
        QCOMPARE(nodes->rowCount(), 2);
        QCOMPARE(cell(nodes, 0, 0), QStringLiteral("halo1"));
        QVERIFY(!cell(nodes, 0, 1).isEmpty()); // its state now, from the node list
        QCOMPARE(cell(nodes, 1, 3), QStringLiteral("192.168.100.2/30"));
        QCOMPARE(cell(nodes, 0, 4), QStringLiteral("irdma0 (ice)"));
        QCOMPARE(cell(nodes, 0, 5), QStringLiteral("DSCP 26 → priority 3, PFC on priority 3, ToS 106 for RDMA connections"));
        const QString verification = page->verificationLabel()->text();
        QVERIFY2(verification.startsWith(QStringLiteral("Verified 3 hour(s) ago")), qPrintable(verification));
        QVERIFY2(verification.contains(QStringLiteral("RDMA 5.23 µs one way against TCP 34.0 µs (6.5x faster)")),
                 qPrintable(verification));
        QTableWidget *pairs = page->pairsTable();
        QCOMPARE(pairs->rowCount(), 1);
        QCOMPARE(cell(pairs, 0, 0), QStringLiteral("halo1 → halo2"));
        QCOMPARE(cell(pairs, 0, 1), QStringLiteral("5.23 µs"));
        QCOMPARE(cell(pairs, 0, 3), QStringLiteral("6.5x"));
        QCOMPARE(cell(pairs, 0, 4), QStringLiteral("50.6 Gbit/s"));
        shoot(&window, QStringLiteral("cluster-kept.png"));

        // The dashboard says which cluster it shows, and its link opens the page.
        window.showDashboard();
        QLabel *line = window.dashboard()->clusterLine();
        QVERIFY(line->isVisibleTo(window.dashboard()));
        QVERIFY2(line->text().contains(QStringLiteral("2 node(s) on one direct cable, verified 3 hour(s) ago: RDMA "
                                                      "5.23 µs one way against TCP 34.0 µs (6.5x faster)")),
                 qPrintable(line->text()));
        shoot(&window, QStringLiteral("cluster-dashboard-line.png"));
        Q_EMIT line->linkActivated(QStringLiteral("cluster"));
        QVERIFY(window.isClusterPageShown());
        // Change This Cluster…: the wizard on it, its nodes chosen and the spare not.
        page->changeButton()->click();
        SetupWizard *wizard = window.setupWizard();
        QVERIFY(wizard);
        QVERIFY(wizard->isChangingCluster());
        QCOMPARE(wizard->windowTitle(), QStringLiteral("Change the Cluster"));
        auto *nodesPage = qobject_cast<NodesPage *>(wizard->currentPage());
        QVERIFY(nodesPage);
        QStringList checked = nodesPage->checkedNodeIds();
        checked.sort();
        QStringList expected{a, b};
        expected.sort();
        QCOMPARE(checked, expected);
        QVERIFY(!checked.contains(other));
        QVERIFY2(nodesPage->subTitle().contains(QStringLiteral("is chosen")), qPrintable(nodesPage->subTitle()));
        QCOMPARE(wizard->controller()->settings().qos.dscp, 26);
        QVERIFY(!wizard->controller()->settings().topologyChosen);
        shoot(wizard, QStringLiteral("cluster-change-wizard.png"));
        wizard->reject();
        QTRY_VERIFY(!window.setupWizard());

        // Verify Again cannot run with a node of the record gone from the list: it says why.
        QVERIFY(inventory->removeNode(b));
        page->verifyAgain();
        auto *outcome = page->findChild<QLabel *>(QStringLiteral("clusterOutcome"));
        QVERIFY(outcome->isVisibleTo(page));
        QVERIFY2(outcome->text().contains(QStringLiteral("no longer in the node list")), qPrintable(outcome->text()));
        QVERIFY(page->verifyButton()->isEnabled());

        // Forget: the record goes, the nodes stay.
        QTimer::singleShot(0, this, [] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QVERIFY(box);
            box->button(QMessageBox::Yes)->click();
        });
        page->findChild<QPushButton *>(QStringLiteral("clusterForgetButton"))->click();
        QVERIFY(page->isEmptyShown());
        QVERIFY(!QFile::exists(SavedSetup::filePath()));
        QVERIFY(inventory->find(a).has_value());
    }

    void unreadableRecordIsSaidNotTakenForNone()
    {
        QFile f(SavedSetup::filePath());
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"something else\"}");
        f.close();
        MainWindow window;
        window.showClusterPage();
        ClusterPage *page = window.clusterPage();
        QVERIFY(page->isEmptyShown());
        const QString text = page->findChild<QLabel *>(QStringLiteral("clusterEmptyText"))->text();
        QVERIFY2(text.contains(QStringLiteral("cannot be read: not a HaloLink cluster setup record")), qPrintable(text));
        // Nothing was overwritten.
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("{\"format\": \"something else\"}"));
    }
};

QTEST_MAIN(TestClusterPage)
#include "tst_clusterpage.moc"
