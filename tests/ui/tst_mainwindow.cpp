// The main window offscreen: "This computer" is listed, gets to Ready with the
// real engine and fills the checks table; a missing engine is shown in the
// page with what to do; the window fits 1024x700.

#include "engine/enginelocator.h"
#include "inventory/nodelistmodel.h"
#include "mainwindow.h"
#include "node/nodepage.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QLabel>
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

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
