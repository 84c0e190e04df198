// The virtual cluster from the app (issue 18), for real: the main window boots
// a 2-node Soft-RoCE lab through Cluster > Try a Virtual Cluster... (as
// `halolink --virtual-cluster 2` does), the VMs arrive in the node list as
// virtual nodes, each is reached over SSH with the lab's key and its pinned
// host key, gets the engine deployed and answers its probe (Ready); then the
// app's quit path stops every VM it started and takes the nodes out of the
// inventory, and no QEMU of that lab is left. Exit 77 where the lab cannot
// run (no QEMU, no apt): the refusal is printed.

#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "lab/virtualcluster.h"
#include "mainwindow.h"
#include "nodes/nodeactions.h"
#include "setup/nodespage.h"
#include "setup/setupcontroller.h"
#include "setup/setupwizard.h"
#include "virtual/virtualclusterdialog.h"

#include <QDialog>
#include <QDir>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <cstdlib>

using namespace halolink;
using namespace halolink::ui;

namespace {

// The QEMU processes whose command line names this lab folder.
QStringList qemuOf(const QString &labDir)
{
    QStringList found;
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        if (pid.toInt() <= 0)
            continue;
        QFile f(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray cmd = f.readAll().replace('\0', ' ');
        if (cmd.contains("qemu-system") && cmd.contains(labDir.toUtf8()))
            found << pid;
    }
    return found;
}

QList<Node> virtualNodes(Inventory *inventory)
{
    QList<Node> out;
    for (const Node &n : inventory->nodes())
        if (n.isVirtual())
            out << n;
    return out;
}

} // namespace

class TestLabVirtualApp : public QObject
{
    Q_OBJECT

    QTemporaryDir m_state;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_lab_virtual_app"));
        QFile::remove(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                      + QStringLiteral("/inventory.json"));
        qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
        qunsetenv("SSH_AUTH_SOCK");
        QVERIFY(m_state.isValid());
        // The lab folder of this test; the kernel cache is the build's (ctest's environment).
        qputenv("HALOLINK_LAB_DIR", m_state.filePath(QStringLiteral("vc")).toLocal8Bit());
    }

    void bootReadyAndStoppedAtQuit()
    {
        const QString labDir = m_state.filePath(QStringLiteral("vc"));
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.startVirtualCluster(2);
        VirtualClusterDialog *dialog = window.findChild<VirtualClusterDialog *>();
        QVERIFY(dialog && dialog->isVisible());
        Inventory *inventory = window.nodeActions()->inventory();

        // Up (TCG boots here take a minute or more), or refused.
        QTRY_VERIFY_WITH_TIMEOUT(dialog->outcomeLabel()->isVisible() && dialog->startButton()->isEnabled(), 900000);
        const QString outcome = dialog->outcomeLabel()->text();
        if (outcome.contains(QLatin1String("cannot run on this computer"))) {
            std::fprintf(stderr, "lab cannot run here: %s\n", qPrintable(outcome));
            std::exit(77);
        }
        QVERIFY2(outcome.contains(QLatin1String("virtual node")),
                 qPrintable(outcome + QLatin1Char('\n') + dialog->log()->toPlainText()));
        QCOMPARE(virtualNodes(inventory).size(), 2);
        QCOMPARE(qemuOf(labDir).size(), 2);

        // Each VM is a node like any other: SSH with its pinned host key and
        // the lab's key, the engine deployed, its probe answered.
        for (const Node &n : virtualNodes(inventory)) {
            QVERIFY(!n.knownHostsFile.isEmpty());
            QVERIFY(!n.identityFile.isEmpty());
            QCOMPARE(n.dataInterface, QStringLiteral("eth1"));
            QTRY_VERIFY2_WITH_TIMEOUT(window.nodeModel()->state(n.id) == NodeState::Ready,
                                      qPrintable(n.name + QLatin1String(": ")
                                                 + window.nodeModel()->failureReason(n.id)),
                                      600000);
        }

        // No dead end: the dialog's next step opens the wizard on the virtual nodes.
        QVERIFY(dialog->setUpButton()->isVisible());
        if (const QByteArray dir = qgetenv("HALOLINK_SHOT_DIR"); !dir.isEmpty())
            QVERIFY(dialog->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/virtualcluster-up.png")));
        dialog->setUpButton()->click();
        QVERIFY(!dialog->isVisible());
        SetupWizard *wizard = window.setupWizard();
        QVERIFY(wizard);
        auto *nodesPage = qobject_cast<NodesPage *>(wizard->currentPage());
        QVERIFY(nodesPage);
        QCOMPARE(nodesPage->checkedNodeIds().size(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(nodesPage->isComplete(), 120000); // both connected and probed
        wizard->reject();
        QTRY_VERIFY(!window.setupWizard());
        setup::SetupController::removeStateFile();

        if (const QByteArray dir = qgetenv("HALOLINK_SHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(500);
            QVERIFY(window.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/virtualcluster-nodes.png")));
        }

        // What the app does when it quits: the VMs it started are stopped and
        // their nodes leave the inventory.
        window.stopVirtualCluster();
        QVERIFY(virtualNodes(inventory).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(qemuOf(labDir).isEmpty(), 30000);
        QVERIFY(!QFileInfo::exists(labDir + QStringLiteral("/.halolink-lab")));
    }
};

QTEST_MAIN(TestLabVirtualApp)
#include "tst_lab_virtual_app.moc"
