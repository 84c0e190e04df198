// The first screen and This computer as what it is, offscreen with the real
// engine: with no cluster node the window opens on the welcome page with the
// three ways in (and Cluster > Try a Virtual Cluster…); with a node it opens
// on the dashboard; removing the last node brings the welcome page back.
// This computer, probed for real here (a machine without an RDMA device), is
// a workstation: its cluster-node checks are not applicable and nothing is
// counted as failed; given a data plane in the inventory it is a node and
// the engine's verdicts count again. The virtual cluster's dialog shows the
// lab's refusal when QEMU is missing (PATH without qemu-system-*).
//
// HALOLINK_SHOT_DIR=/some/dir saves PNGs of the welcome page, This computer's
// page and the virtual cluster's refusal there.

#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "lab/virtualcluster.h"
#include "mainwindow.h"
#include "modelroles.h"
#include "node/nodepage.h"
#include "nodes/nodeactions.h"
#include "virtual/virtualclusterdialog.h"
#include "welcome/welcomepage.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QCommandLinkButton>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace halolink;
using namespace halolink::ui;

namespace {

const QString kLocal = QString::fromLatin1(Node::kLocalId);

QString inventoryPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/inventory.json");
}

void shoot(QWidget *w, const QString &name)
{
    if (const QByteArray dir = qgetenv("HALOLINK_SHOT_DIR"); !dir.isEmpty())
        QVERIFY(w->grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + name));
}

QString visibleText(QWidget *root)
{
    QString text;
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (label->isVisibleTo(root))
            text += label->text() + QLatin1Char('\n');
    }
    return text;
}

} // namespace

class TestFirstScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_firstscreen"));
        qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
        qunsetenv("SSH_AUTH_SOCK");
    }

    void init() { QFile::remove(inventoryPath()); }

    void noClusterOpensOnTheWaysIn()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(window.isWelcomeShown());
        WelcomePage *welcome = window.welcomePage();
        for (QCommandLinkButton *b : {welcome->setupButton(), welcome->addNodesButton(), welcome->importButton(),
                                      welcome->virtualClusterButton()})
            QVERIFY2(b->isVisible(), qPrintable(b->text()));
        // The virtual cluster is in the Cluster menu too.
        bool inMenu = false;
        for (QAction *menu : window.menuBar()->actions()) {
            if (!menu->menu())
                continue;
            inMenu = inMenu || menu->menu()->actions().contains(window.virtualClusterAction());
        }
        QVERIFY(inMenu);
        // It says whether HaloLink works here once This computer is probed.
        QTRY_VERIFY_WITH_TIMEOUT(window.nodeModel()->state(kLocal) == NodeState::Ready, 60000);
        QTRY_VERIFY(welcome->findChild<QLabel *>(QStringLiteral("welcomeLocalStatus"))->text().contains(
            QLatin1String("HaloLink works on this computer")));
        shoot(&window, QStringLiteral("firstscreen-welcome.png"));

        // The link to This computer's page leaves the welcome page.
        emit welcome->thisComputerRequested();
        QVERIFY(!window.isWelcomeShown());
        QCOMPARE(window.nodeView()->currentIndex().data(Roles::Key).toString(), kLocal);
    }

    void aClusterOpensOnTheDashboardAndTheLastNodeRemovedLeadsBack()
    {
        QString error, id;
        {
            Inventory inventory;
            inventory.load();
            Node n;
            n.name = QStringLiteral("box1");
            n.host = QStringLiteral("127.0.0.1");
            n.port = 1; // nobody listens: the node stays unreachable, which is fine here
            QVERIFY2(inventory.addNode(n, &error, &id), qPrintable(error));
        }
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_COMPARE(window.nodeModel()->rowCount(), 2);
        QTRY_VERIFY(window.isDashboardShown());
        QVERIFY(!window.isWelcomeShown());

        QVERIFY2(window.nodeActions()->inventory()->removeNode(id, &error), qPrintable(error));
        QTRY_COMPARE(window.nodeModel()->rowCount(), 1);
        QTRY_VERIFY(window.isWelcomeShown());

        // A node added from the welcome page: its own page shows.
        Node again;
        again.name = QStringLiteral("box2");
        again.host = QStringLiteral("127.0.0.1");
        again.port = 1;
        QVERIFY2(window.nodeActions()->inventory()->addNode(again, &error, &id), qPrintable(error));
        QTRY_VERIFY(!window.isWelcomeShown());
        QVERIFY(!window.isDashboardShown());
        QCOMPARE(window.nodeView()->currentIndex().data(Roles::Key).toString(), id);
    }

    void thisComputerAsWorkstationAndAsNode()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.nodeModel()->state(kLocal) == NodeState::Ready, 60000);
        const QModelIndex state = window.nodeModel()->index(window.nodeModel()->rowOf(kLocal),
                                                            NodeListModel::StateColumn);
        // The workstation: no RDMA device here, and that is not a failure
        // (a warning may stand: no system keychain on a test machine).
        QTRY_VERIFY(state.data().toString().startsWith(QLatin1String("Ready")));
        QVERIFY2(!state.data().toString().contains(QLatin1String("failed")), qPrintable(state.data().toString()));
        QVERIFY(state.data(Roles::Status).toInt() != int(Check::Status::Fail));
        emit window.welcomePage()->thisComputerRequested();
        QTRY_VERIFY(visibleText(window.nodePage()).contains(QLatin1String("not applicable")));
        QVERIFY2(visibleText(window.nodePage()).contains(QLatin1String("workstation")),
                 qPrintable(visibleText(window.nodePage())));
        shoot(&window, QStringLiteral("firstscreen-workstation.png"));

        // Given a data plane, This computer is a node: the engine's own verdict
        // on the RDMA device (none here) counts.
        Node local;
        for (const Node &n : window.nodeActions()->inventory()->nodes())
            if (n.isLocal())
                local = n;
        local.dataInterface = QStringLiteral("lo");
        QString error;
        QVERIFY2(window.nodeActions()->inventory()->updateNode(local, &error), qPrintable(error));
        QTRY_VERIFY2(state.data().toString().contains(QLatin1String("failed")), qPrintable(state.data().toString()));
        QCOMPARE(state.data(Roles::Status).toInt(), int(Check::Status::Fail));
    }

    void virtualClusterRefusedWithoutQemu()
    {
        // A PATH holding every program of this machine but QEMU's.
        QTemporaryDir bin;
        QVERIFY(bin.isValid());
        for (const QString &dir : {QStringLiteral("/usr/local/bin"), QStringLiteral("/usr/bin"),
                                   QStringLiteral("/bin"), QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")}) {
            for (const QFileInfo &f : QDir(dir).entryInfoList(QDir::Files | QDir::System)) {
                if (f.fileName().startsWith(QLatin1String("qemu-system")) || QFile::exists(bin.filePath(f.fileName())))
                    continue;
                QFile::link(f.absoluteFilePath(), bin.filePath(f.fileName()));
            }
        }
        QTemporaryDir state;
        QVERIFY(state.isValid());
        VirtualCluster cluster;
        cluster.setLabDir(state.filePath(QStringLiteral("lab")));
        cluster.setCacheDir(state.filePath(QStringLiteral("cache")));
        QProcessEnvironment env;
        env.insert(QStringLiteral("PATH"), bin.path());
        cluster.setExtraEnvironment(env);
        Inventory inventory;
        inventory.setFilePath(state.filePath(QStringLiteral("inventory.json")));
        inventory.load();
        VirtualClusterDialog dialog(&cluster, &inventory);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_VERIFY(!cluster.isBusy()); // the status query at open
        dialog.startButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(dialog.outcomeLabel()->isVisible() && !cluster.isBusy(), 60000);
        const QString outcome = dialog.outcomeLabel()->text();
        QVERIFY2(outcome.contains(QLatin1String("cannot run on this computer")), qPrintable(outcome));
        QVERIFY2(outcome.contains(QLatin1String("qemu-system-x86")), qPrintable(outcome));
        QVERIFY(dialog.startButton()->isEnabled());
        // Nothing was added to the nodes.
        for (const Node &n : inventory.nodes())
            QVERIFY(!n.isVirtual());
        shoot(&dialog, QStringLiteral("virtualcluster-refused.png"));
    }
};

QTEST_MAIN(TestFirstScreen)
#include "tst_firstscreen.moc"
