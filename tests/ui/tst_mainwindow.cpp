// The main window offscreen: "This computer" is listed, gets to Ready with the
// real engine and fills the checks table; a missing engine is shown in the
// page with what to do; the window fits 1024x700.

#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "nodes/nodeactions.h"
#include "mainwindow.h"
#include "node/nodepage.h"
#include "setup/setuppages.h"
#include "setup/setupwizard.h"
#include "welcome/welcomepage.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace halolink;
using namespace halolink::ui;

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void probesThisComputer();
    void refreshProbesAgain();
    void missingEngineIsExplained();
    void fitsSmallScreens();
    void accessibleNames();
    void setupWizardFromClusterMenu();

private:
    static const QString kLocal;
};

const QString TestMainWindow::kLocal = QStringLiteral("local");

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
}

void TestMainWindow::init()
{
    qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
}

void TestMainWindow::probesThisComputer()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QAbstractItemModel *nodes = window.nodeView()->model();
    QCOMPARE(nodes->rowCount(), 1);
    QCOMPARE(nodes->index(0, NodeListModel::NameColumn).data().toString(), QStringLiteral("This computer"));

    QTRY_VERIFY_WITH_TIMEOUT(window.nodeModel()->state(kLocal) == NodeState::Ready
                                 || window.nodeModel()->state(kLocal) == NodeState::Failed,
                             60000);
    QVERIFY2(window.nodeModel()->state(kLocal) == NodeState::Ready,
             qPrintable(window.nodeModel()->failureReason(kLocal)));
    QVERIFY(window.nodePage()->checksView()->model()->rowCount() > 0);
    QVERIFY(window.refreshAction()->isEnabled());

    // The checks carry their verdict as an icon.
    const QModelIndex status = window.nodePage()->checksView()->model()->index(0, 0);
    QVERIFY(!status.data(Qt::DecorationRole).value<QIcon>().isNull());

    // The status bar names the engine version.
    bool found = false;
    for (QLabel *label : window.statusBar()->findChildren<QLabel *>())
        found = found || label->text().contains(QLatin1String("protocol"));
    QVERIFY(found);
}

void TestMainWindow::refreshProbesAgain()
{
    MainWindow window;
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(window.nodeModel()->state(kLocal) == NodeState::Ready, 60000);
    QCOMPARE(window.refreshAction()->shortcut(), QKeySequence(QKeySequence::Refresh));
    window.refreshAction()->trigger();
    QCOMPARE(window.nodeModel()->state(kLocal), NodeState::Probing);
    QVERIFY(!window.refreshAction()->isEnabled()); // no second run meanwhile
    QTRY_VERIFY_WITH_TIMEOUT(window.nodeModel()->state(kLocal) == NodeState::Ready, 60000);
}

void TestMainWindow::missingEngineIsExplained()
{
    qputenv(EngineLocator::kEnvironmentVariable, "/nonexistent/halolink-engine");
    MainWindow window;
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(window.nodeModel()->state(kLocal) == NodeState::Failed, 10000);
    QCOMPARE(window.localEngine()->failure(), LocalEngine::Failure::EngineMissing);

    // With no cluster the window opens on the first screen, which says that
    // HaloLink cannot probe this computer and links to its page.
    QTRY_VERIFY(window.isWelcomeShown());
    QTRY_VERIFY(window.welcomePage()->findChild<QLabel *>(QStringLiteral("welcomeLocalStatus"))->text().contains(
        QLatin1String("cannot probe this computer")));
    emit window.welcomePage()->thisComputerRequested();
    // The page says what happened and what to do, in visible text.
    QString shown;
    for (QLabel *label : window.nodePage()->findChildren<QLabel *>()) {
        if (label->isVisible())
            shown += label->text() + QLatin1Char('\n');
    }
    QVERIFY2(shown.contains(QLatin1String("/nonexistent/halolink-engine")), qPrintable(shown));
    QVERIFY2(shown.contains(QLatin1String("HALOLINK_ENGINE")), qPrintable(shown));
    QVERIFY(window.refreshAction()->isEnabled());
    QVERIFY(window.nodeView()->model()->index(0, NodeListModel::StateColumn).data().toString().contains(
        QLatin1String("Failed")));
}

void TestMainWindow::fitsSmallScreens()
{
    MainWindow window;
    QVERIFY(window.minimumSize().width() <= 1024 && window.minimumSize().height() <= 700);
    QVERIFY(window.minimumSizeHint().width() <= 1024);
    QVERIFY(window.minimumSizeHint().height() <= 700);
    window.resize(1024, 700);
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(window.nodeModel()->state(kLocal) == NodeState::Ready, 60000);
    QCOMPARE(window.size(), QSize(1024, 700));
    // The node page keeps a usable width next to the list.
    QVERIFY(window.nodePage()->width() >= 600);
    for (int i = 0; i < window.nodePage()->tabs()->count(); ++i) {
        window.nodePage()->tabs()->setCurrentIndex(i);
        QVERIFY(window.nodePage()->tabs()->currentWidget()->height() > 300);
    }
}

void TestMainWindow::accessibleNames()
{
    MainWindow window;
    QVERIFY(!window.nodeView()->accessibleName().isEmpty());
    QVERIFY(!window.nodePage()->tabs()->accessibleName().isEmpty());
    for (QTableView *view : {window.nodePage()->checksView(), window.nodePage()->nicsView(),
                             window.nodePage()->rdmaPortsView(), window.nodePage()->gidsView()})
        QVERIFY(!view->accessibleName().isEmpty());
}

void TestMainWindow::setupWizardFromClusterMenu()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // The Cluster menu offers the setup.
    bool inMenu = false;
    for (QAction *menu : window.menuBar()->actions()) {
        if (menu->menu() && menu->menu()->actions().contains(window.setupAction()))
            inMenu = true;
    }
    QVERIFY(inMenu);
    window.setupAction()->trigger();
    SetupWizard *wizard = window.setupWizard();
    QVERIFY(wizard);
    QVERIFY(QTest::qWaitForWindowExposed(wizard));
    QCOMPARE(wizard->currentId(), int(SetupWizard::NodesPageId));
    // No SSH nodes yet (This computer is not offered): nothing to go on with.
    auto *nodes = qobject_cast<NodesPage *>(wizard->currentPage());
    QVERIFY(nodes);
    QVERIFY(nodes->checkedNodeIds().isEmpty());
    QVERIFY(!nodes->isComplete());
    QVERIFY(!wizard->button(QWizard::NextButton)->isEnabled());
    QCOMPARE(wizard->findChild<QLabel *>(QStringLiteral("nodesStatus"))->text(), QStringLiteral("Choose at least two nodes."));
    // A bad typed host is refused with the reason and adds nothing.
    QString error;
    QVERIFY(!nodes->addHosts(QStringLiteral("me@host:99999"), &error));
    QVERIFY2(error.contains(QStringLiteral("out of range")), qPrintable(error));
    QVERIFY(window.nodeActions()->inventory()->nodes().size() <= 1);
    // Triggered again: the same window, not a second one.
    window.setupAction()->trigger();
    QCOMPARE(window.setupWizard(), wizard);
    // Leaving with nothing changed closes it and says so.
    wizard->reject();
    QTRY_VERIFY(!window.setupWizard());
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("nothing on the nodes was changed")),
             qPrintable(window.statusBar()->currentMessage()));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
