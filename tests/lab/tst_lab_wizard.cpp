// The setup wizard, driven end to end against bare lab VMs (QEMU, Debian's
// kernel, Soft-RoCE): hosts typed in, connected over SSH with pinned host
// keys, probed; preflight (a failing check, override, Soft-RoCE); topology
// and addresses (validation errors); QoS; review (plans, exported script);
// apply (automatic rollback armed); verify (engine checks + TCP/RDMA bench
// between every pair); confirm (inventory saved). Then three nodes on a
// switch: an apply that fails on one node (its module blocked), the others
// rolled back with one click, a clean apply and verify, leaving it to the
// nodes' timers, resuming (the nodes report where they stand), and leaving
// again, which rolls everything back and says so.
//
// Needs a bare lab of 3 nodes (HALOLINK_LAB_DIR; ctest's lab_wizard fixture).
// HALOLINK_SCREENSHOT_DIR: also save every page at a normal and a small size,
// light and dark.

#include "appearance.h"
#include "cluster/clustercontroller.h"
#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "cluster/clusterpage.h"
#include "inventory/nodelistmodel.h"
#include "nodes/nodeactions.h"
#include "setup/clusterverifier.h"
#include "setup/savedsetup.h"
#include "setup/setupcontroller.h"
#include "setup/setuppages.h"
#include "setup/setupwizard.h"

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

using namespace halolink;
using namespace halolink::ui;
using namespace std::chrono_literals;

namespace {

const QString kLab = QStringLiteral(HALOLINK_SOURCE_DIR "/lab/halolink-lab");

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run lab(const QStringList &args, int timeoutMs = 120000)
{
    QProcess p;
    p.start(kLab, args);
    Run r;
    if (!p.waitForStarted(10000))
        return r;
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

Run labSsh(int node, const QString &command)
{
    return lab({QStringLiteral("ssh"), QString::number(node), QStringLiteral("--"), QStringLiteral("sh"),
                QStringLiteral("-c"), command});
}

// What configuration may change on a node, read directly (not through the engine).
QByteArray dataPlaneState(int node)
{
    const Run r = labSsh(node, QStringLiteral("ip -o -4 addr show dev eth1; cat /sys/class/net/eth1/mtu; "
                                              "ls /sys/class/infiniband 2>/dev/null; "
                                              "ls /sys/kernel/config/rdma_cm 2>/dev/null; true"));
    return r.out;
}

QString cell(QTableWidget *t, int row, int column)
{
    QTableWidgetItem *i = t->item(row, column);
    return i ? i->text() : QString();
}

} // namespace

class TestLabWizard : public QObject
{
    Q_OBJECT

    QString m_skip;
    QString m_shots;
    QByteArray m_before[4];

    void shoot(SetupWizard *w, const QString &name)
    {
        if (m_shots.isEmpty())
            return;
        const QSize normal = w->size();
        for (ColorScheme scheme : {ColorScheme::Light, ColorScheme::Dark}) {
            applyColorScheme(scheme);
            for (const QSize &size : {normal, QSize(640, 480)}) {
                w->resize(size);
                QTest::qWait(150);
                QApplication::processEvents();
                const QString file = QStringLiteral("%1/wizard-%2-%3-%4.png")
                                         .arg(m_shots, name, scheme == ColorScheme::Dark ? QStringLiteral("dark")
                                                                                         : QStringLiteral("light"))
                                         .arg(size == normal ? QStringLiteral("normal") : QStringLiteral("small"));
                w->grab().save(file);
            }
            w->resize(normal);
        }
        applyColorScheme(ColorScheme::Light);
    }

    // The main window's side of the wizard: node list, NodeActions (inventory,
    // cluster sessions, dialogs) without This computer, started.
    struct App {
        QWidget window;
        NodeListModel model;
        QTreeView view;
        std::unique_ptr<NodeActions> actions;
        App()
        {
            view.setModel(&model);
            actions = std::make_unique<NodeActions>(&model, &view, &window);
            ClusterController::Options o = actions->cluster()->options();
            o.includeLocal = false;
            o.connectTimeout = 30s; // TCG: logins take seconds
            actions->cluster()->setOptions(o);
            actions->cluster()->setBackoff(1s, 5s);
            actions->start();
        }
    };

    // A shown wizard that rolls back when left, with short bench runs.
    static std::unique_ptr<SetupWizard> makeWizard(App &app, int latencyIters)
    {
        auto wizard = std::make_unique<SetupWizard>(app.actions.get());
        wizard->setLeaveChoice(SetupWizard::LeaveChoice::RollBack);
        setup::BenchOptions bench;
        bench.latencyIters = latencyIters;
        bench.latencyWarmup = latencyIters / 10;
        bench.bandwidthSeconds = 1.0;
        wizard->controller()->setBenchOptions(bench);
        wizard->show();
        return wizard;
    }

    static void noDialogs(NodeActions *actions)
    {
        // Host keys are pinned and keys need no passphrase: any question is a failure.
        QVERIFY2(!actions->currentDialog(), "a host-key or credentials question was asked");
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qunsetenv("SSH_AUTH_SOCK");
        qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
        m_shots = qEnvironmentVariable("HALOLINK_SCREENSHOT_DIR");
        if (!m_shots.isEmpty())
            QDir().mkpath(m_shots);
        if (qEnvironmentVariableIsEmpty("HALOLINK_LAB_DIR")) {
            m_skip = QStringLiteral("HALOLINK_LAB_DIR is not set: no lab");
            return;
        }
        const Run info = lab({QStringLiteral("info")}, 30000);
        const QList<QByteArray> lines = info.out.trimmed().split('\n');
        if (info.exitCode != 0 || lines.isEmpty()) {
            m_skip = QStringLiteral("no lab is up");
            return;
        }
        const QJsonObject labInfo = QJsonDocument::fromJson(lines.last()).object();
        const QJsonArray nodes = labInfo.value(QStringLiteral("nodes")).toArray();
        QVERIFY2(nodes.size() >= 3, lines.last().constData());
        for (const QJsonValue &v : nodes)
            QVERIFY2(v.toObject().value(QStringLiteral("data_ipv4")).toString().isEmpty(), "the lab must be bare");
        const QString labDir = labInfo.value(QStringLiteral("lab_dir")).toString();
        qputenv("HALOLINK_SSH_CONFIG", labInfo.value(QStringLiteral("ssh_config")).toString().toUtf8());
        qputenv("HALOLINK_SSH_KNOWN_HOSTS",
                nodes.first().toObject().value(QStringLiteral("known_hosts")).toString().toUtf8());
        qputenv("HALOLINK_SSH_GLOBAL_KNOWN_HOSTS", QDir(labDir).filePath(QStringLiteral("no_global_known_hosts")).toUtf8());
        qputenv("HALOLINK_SSH_DIR", QDir(labDir).filePath(QStringLiteral("no_ssh_dir")).toUtf8());
        qputenv("HALOLINK_SSH_AGENT", "none");
        // A fresh inventory and no saved setup.
        const QString data = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QDir(data).removeRecursively();
        QDir().mkpath(data);
        for (int i = 1; i <= 3; ++i)
            m_before[i] = dataPlaneState(i);
    }

    void twoNodesDirectCableToVerified()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        App app;
        NodeActions *actions = app.actions.get();
        const auto wizardOwner = makeWizard(app, 300);
        SetupWizard &wizard = *wizardOwner;
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));

        // 1. Nodes: typed; one of them cannot be reached.
        auto *nodesPage = qobject_cast<NodesPage *>(wizard.page(SetupWizard::NodesPageId));
        QVERIFY(nodesPage);
        QString error;
        QVERIFY(!nodesPage->addHosts(QStringLiteral("root@node1;reboot"), &error));
        QVERIFY2(error.contains(QStringLiteral("user@host")), qPrintable(error));
        QVERIFY2(nodesPage->addHosts(QStringLiteral("node1, node2 root@127.0.0.1:1"), &error), qPrintable(error));
        QCOMPARE(nodesPage->checkedNodeIds().size(), 3);
        auto *table = wizard.findChild<QTableWidget *>(QStringLiteral("nodesTable"));
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(cell(table, 0, 2).startsWith(QStringLiteral("Ready")) &&
                                     cell(table, 1, 2).startsWith(QStringLiteral("Ready")),
                                 180000);
        QTRY_VERIFY_WITH_TIMEOUT(cell(table, 2, 2).contains(QStringLiteral("nreachable")), 60000);
        noDialogs(actions);
        QVERIFY(!nodesPage->isComplete());
        auto *nodesStatus = wizard.findChild<QLabel *>(QStringLiteral("nodesStatus"));
        QVERIFY2(nodesStatus->text().contains(QStringLiteral("127.0.0.1:1")), qPrintable(nodesStatus->text()));
        const QString unreachable = nodesPage->checkedNodeIds().last();
        nodesPage->setChecked(unreachable, false);
        QVERIFY(nodesPage->isComplete());
        shoot(&wizard, QStringLiteral("1-nodes"));
        wizard.next();

        // 2. Preflight: bare nodes have no RDMA device: a failure that blocks.
        QCOMPARE(wizard.currentId(), int(SetupWizard::PreflightPageId));
        auto *preflight = qobject_cast<PreflightPage *>(wizard.currentPage());
        QTRY_VERIFY_WITH_TIMEOUT(preflight->blockingCount() > 0, 10000);
        QVERIFY(!preflight->isComplete());
        auto *tree = wizard.findChild<QTreeWidget *>(QStringLiteral("preflightTree"));
        QCOMPARE(tree->topLevelItemCount(), 2);
        bool sawNoRdma = false, sawSeparate = false;
        for (int n = 0; n < 2; ++n) {
            QTreeWidgetItem *top = tree->topLevelItem(n);
            QVERIFY2(top->text(0).contains(QStringLiteral("eth1")), qPrintable(top->text(0)));
            for (int c = 0; c < top->childCount(); ++c) {
                const QString id = top->child(c)->data(0, Qt::UserRole).toString();
                if (id == QLatin1String("no_rdma_device")) {
                    sawNoRdma = true;
                    QCOMPARE(top->child(c)->text(2), QStringLiteral("fail"));
                    QVERIFY(!top->child(c)->text(4).isEmpty());
                }
                if (id == QLatin1String("separate_networks"))
                    sawSeparate = top->child(c)->text(2) == QLatin1String("pass");
            }
        }
        QVERIFY(sawNoRdma);
        QVERIFY(sawSeparate);
        // An override needs a reason.
        auto *override = wizard.findChild<QCheckBox *>(QStringLiteral("overrideCheck"));
        auto *reason = wizard.findChild<QLineEdit *>(QStringLiteral("overrideReason"));
        override->setChecked(true);
        QVERIFY(!preflight->isComplete());
        reason->setText(QStringLiteral("lab without RDMA NICs"));
        QVERIFY(preflight->isComplete());
        override->setChecked(false);
        reason->clear();
        QVERIFY(!preflight->isComplete());
        // Soft-RoCE allowed: the device will be created, nothing blocks.
        wizard.findChild<QCheckBox *>(QStringLiteral("softRoceCheck"))->setChecked(true);
        QCOMPARE(preflight->blockingCount(), 0);
        QVERIFY(preflight->isComplete());
        shoot(&wizard, QStringLiteral("2-preflight"));
        wizard.next();

        // 3. Topology: a direct cable, /30 proposed; bad addresses refused.
        QCOMPARE(wizard.currentId(), int(SetupWizard::TopologyPageId));
        auto *topology = qobject_cast<TopologyPage *>(wizard.currentPage());
        wizard.findChild<QRadioButton *>(QStringLiteral("directRadio"))->setChecked(true);
        wizard.findChild<QPushButton *>(QStringLiteral("proposeButton"))->click();
        auto nodes = wizard.controller()->nodes();
        QCOMPARE(nodes.size(), 2);
        QCOMPARE(nodes.at(0).interface, QStringLiteral("eth1"));
        QCOMPARE(nodes.at(0).address, QStringLiteral("192.168.100.1/30"));
        QCOMPARE(nodes.at(1).address, QStringLiteral("192.168.100.2/30"));
        QVERIFY(topology->isComplete());
        topology->setAddress(0, QStringLiteral("10.0.2.20/24")); // the lab's management network
        QVERIFY(!topology->isComplete());
        QVERIFY2(topology->problemsText().contains(QStringLiteral("management network")), qPrintable(topology->problemsText()));
        topology->setAddress(0, QStringLiteral("192.168.100.2/30"));
        QVERIFY(!topology->isComplete());
        QVERIFY2(topology->problemsText().contains(QStringLiteral("both have")), qPrintable(topology->problemsText()));
        topology->setAddress(0, QStringLiteral("192.168.100.0/30"));
        QVERIFY(topology->problemsText().contains(QStringLiteral("network address")));
        topology->setAddress(0, QStringLiteral("192.168.100.1/30"));
        QVERIFY2(topology->isComplete(), qPrintable(topology->problemsText()));
        shoot(&wizard, QStringLiteral("3-topology"));
        wizard.next();

        // 4. QoS: the defaults.
        QCOMPARE(wizard.currentId(), int(SetupWizard::QosPageId));
        QVERIFY(wizard.findChild<QRadioButton *>(QStringLiteral("qosDefault"))->isChecked());
        QVERIFY(wizard.findChild<QLabel *>(QStringLiteral("qosDescription"))->text().contains(QStringLiteral("DSCP 26")));
        shoot(&wizard, QStringLiteral("4-qos"));
        wizard.next();
        QCOMPARE(wizard.controller()->settings().qos.tos(), 106);

        // 5. Review: the engine's plans, every command shown, exported as a script.
        QCOMPARE(wizard.currentId(), int(SetupWizard::ReviewPageId));
        auto *review = qobject_cast<ReviewPage *>(wizard.currentPage());
        QTRY_VERIFY_WITH_TIMEOUT(review->isComplete(), 120000);
        const QString plan = review->planText();
        QVERIFY2(plan.contains(QStringLiteral("rdma link add rxe0 type rxe netdev eth1")), qPrintable(plan));
        QVERIFY(plan.contains(QStringLiteral("192.168.100.2/30")));
        QVERIFY(plan.contains(QStringLiteral("default_roce_tos")));
        QTemporaryDir tmp;
        const QString script = tmp.filePath(QStringLiteral("setup.sh"));
        QVERIFY2(review->exportTo(script, &error), qPrintable(error));
        QProcess sh;
        sh.start(QStringLiteral("sh"), {QStringLiteral("-n"), script});
        QVERIFY(sh.waitForFinished(10000));
        QCOMPARE(sh.exitCode(), 0);
        shoot(&wizard, QStringLiteral("5-review"));
        wizard.next();

        // 6. Apply.
        QCOMPARE(wizard.currentId(), int(SetupWizard::ApplyPageId));
        auto *apply = qobject_cast<ApplyPage *>(wizard.currentPage());
        QVERIFY(!apply->isComplete());
        wizard.findChild<QPushButton *>(QStringLiteral("applyButton"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(!wizard.controller()->isBusy(), 300000);
        auto *applyTable = wizard.findChild<QTableWidget *>(QStringLiteral("applyTable"));
        QVERIFY2(apply->isComplete(), qPrintable(cell(applyTable, 0, 4) + QLatin1Char('|') + cell(applyTable, 1, 4)));
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(wizard.controller()->run(i).phase, setup::Phase::Applied);
            QVERIFY(!cell(applyTable, i, 3).isEmpty()); // the automatic rollback time
        }
        shoot(&wizard, QStringLiteral("6-apply"));
        wizard.next();

        // 7. Verify: engine checks on both, TCP and RDMA between them.
        QCOMPARE(wizard.currentId(), int(SetupWizard::VerifyPageId));
        auto *verify = qobject_cast<VerifyPage *>(wizard.currentPage());
        QTRY_VERIFY_WITH_TIMEOUT(verify->isComplete(), 300000);
        auto *pairs = wizard.findChild<QTableWidget *>(QStringLiteral("pairsTable"));
        auto *checks = wizard.findChild<QTableWidget *>(QStringLiteral("checksTable"));
        QVERIFY2(verify->verified(), qPrintable(wizard.findChild<QLabel *>(QStringLiteral("verifyStatus"))->text()
                                                 + QLatin1Char('|') + cell(pairs, 0, 10)));
        QCOMPARE(pairs->rowCount(), 1);
        QVERIFY(cell(pairs, 0, 1).endsWith(QStringLiteral("µs")));
        QVERIFY(cell(pairs, 0, 3).endsWith(QStringLiteral("µs")));
        QVERIFY(cell(pairs, 0, 7).endsWith(QStringLiteral("Gbit/s")));
        QVERIFY2(cell(pairs, 0, 8).startsWith(QStringLiteral("rxe0, GID ")), qPrintable(cell(pairs, 0, 8)));
        QVERIFY(cell(pairs, 0, 9).contains(QStringLiteral("Soft-RoCE")));
        const setup::PairResult p = wizard.controller()->pairs().first();
        QVERIFY(p.speedup().has_value());
        QVERIFY(checks->rowCount() >= 2 * 7);
        for (int r = 0; r < checks->rowCount(); ++r) {
            const QString status = checks->item(r, 2)->data(Qt::UserRole).toString(); // the engine's word
            QVERIFY2(status == QLatin1String("pass") || status == QLatin1String("warn"),
                     qPrintable(cell(checks, r, 1) + QStringLiteral(": ") + cell(checks, r, 5)));
            QVERIFY2(cell(checks, r, 2) == QLatin1String(status == QLatin1String("pass") ? "Pass" : "Warning"),
                     qPrintable(cell(checks, r, 2)));
        }
        shoot(&wizard, QStringLiteral("7-verify"));
        qInfo("2 nodes: TCP one-way p50 %s, RDMA one-way p50 %s, RDMA %s", qPrintable(cell(pairs, 0, 1)),
              qPrintable(cell(pairs, 0, 3)), qPrintable(cell(pairs, 0, 7)));

        // Confirm: the inventory gets each node's data plane.
        QSignalSpy configured(&wizard, &SetupWizard::clusterConfigured);
        wizard.accept();
        QTRY_COMPARE_WITH_TIMEOUT(configured.size(), 1, 120000);
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(wizard.controller()->run(i).phase, setup::Phase::Confirmed);
            const auto n = actions->inventory()->find(wizard.controller()->nodes().at(i).nodeId);
            QVERIFY(n);
            QCOMPARE(n->dataInterface, QStringLiteral("eth1"));
            QCOMPARE(n->dataAddress, QStringLiteral("192.168.100.%1/30").arg(i + 1));
        }
        QVERIFY(!QFile::exists(setup::SetupController::stateFilePath()));
        const Run tos = labSsh(1, QStringLiteral("cat /sys/kernel/config/rdma_cm/rxe0/ports/1/default_roce_tos"));
        QCOMPARE(tos.out.trimmed(), QByteArray("106"));

        // The cluster is kept: the Cluster page shows it, and Verify Again
        // measures RDMA against TCP anew without changing the nodes.
        const auto kept = setup::SavedSetup::load();
        QVERIFY(kept);
        QVERIFY(kept->verified);
        QCOMPARE(kept->settings.topology, setup::Topology::DirectPair);
        ClusterPage page(actions->cluster(), actions->inventory(), &app.model);
        page.resize(1000, 700);
        page.show();
        QVERIFY(!page.isEmptyShown());
        QCOMPARE(page.nodesTable()->rowCount(), 2);
        QCOMPARE(page.pairsTable()->rowCount(), 1);
        QVERIFY2(cell(page.nodesTable(), 0, 5).contains(QStringLiteral("Soft-RoCE")), qPrintable(cell(page.nodesTable(), 0, 5)));
        const QByteArray configuredState[2] = {dataPlaneState(1), dataPlaneState(2)};
        QTest::qWait(1100); // a new measurement has a later time
        setup::BenchOptions quick; // TCG: a short run, as the wizard's in this test
        quick.latencyIters = 300;
        quick.latencyWarmup = 30;
        quick.bandwidthSeconds = 1.0;
        page.verifier()->setBenchOptions(quick);
        page.verifyAgain();
        QVERIFY(page.verifier()->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!page.verifier()->isRunning(), 300000);
        const QString outcome = page.findChild<QLabel *>(QStringLiteral("clusterOutcome"))->text();
        QVERIFY2(outcome.startsWith(QStringLiteral("Verified again: every check and pair passed")),
                 qPrintable(outcome + QLatin1Char('\n') + page.log()->toPlainText()));
        const auto again = setup::SavedSetup::load();
        QVERIFY(again);
        QCOMPARE(again->confirmedAt, kept->confirmedAt);
        QVERIFY(again->measuredAt > kept->measuredAt);
        QCOMPARE(again->pairs.size(), 1);
        QVERIFY(again->pairs.first().rdmaOneWayNs && again->pairs.first().tcpOneWayNs);
        QVERIFY(page.verificationLabel()->text().startsWith(QStringLiteral("Verified just now")));
        for (int i = 1; i <= 2; ++i)
            QCOMPARE(dataPlaneState(i), configuredState[i - 1]);
        if (!m_shots.isEmpty())
            page.grab().save(m_shots + QStringLiteral("/cluster-page-verified-again.png"));
        qInfo("verified again: RDMA one-way p50 %s, TCP %s", qPrintable(cell(page.pairsTable(), 0, 1)),
              qPrintable(cell(page.pairsTable(), 0, 2)));

        // The wizard opens on the kept cluster: its two nodes chosen (not the
        // unreachable one), its cable and addresses kept.
        {
            SetupWizard change(actions);
            change.setLeaveChoice(SetupWizard::LeaveChoice::RollBack);
            change.changeCluster(*again);
            change.show();
            auto *nodes = qobject_cast<NodesPage *>(change.currentPage());
            QVERIFY(nodes);
            QCOMPARE(nodes->checkedNodeIds().size(), 2);
            QVERIFY(!nodes->checkedNodeIds().contains(unreachable));
            QTRY_VERIFY_WITH_TIMEOUT(nodes->isComplete(), 60000);
            change.next(); // Preflight
            QTRY_VERIFY_WITH_TIMEOUT(change.currentPage()->isComplete(), 120000);
            change.next(); // Topology
            QCOMPARE(change.currentId(), int(SetupWizard::TopologyPageId));
            QVERIFY(change.findChild<QRadioButton *>(QStringLiteral("directRadio"))->isChecked());
            QCOMPARE(change.controller()->nodes().at(0).address, QStringLiteral("192.168.100.1/30"));
            QCOMPARE(change.controller()->nodes().at(1).address, QStringLiteral("192.168.100.2/30"));
            change.reject(); // nothing changed: it just closes
            QVERIFY(change.leaveMessage().contains(QStringLiteral("nothing on the nodes was changed")));
            setup::SetupController::removeStateFile();
        }

        // Put the nodes back as they were for the next test (confirmed changes roll back too).
        wizard.controller()->rollbackAll();
        QTRY_VERIFY_WITH_TIMEOUT(!wizard.controller()->isBusy(), 120000);
        for (int i = 1; i <= 2; ++i)
            QCOMPARE(dataPlaneState(i), m_before[i]);
        // Leave the inventory without the unreachable node and without data planes.
        QVERIFY(actions->inventory()->removeNode(unreachable));
    }

    void threeNodesSwitchFailureRollbackVerifyLeave()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        // node3 cannot load rdma_rxe: its apply fails at the first step.
        const Run block = labSsh(3, QStringLiteral("echo 'install rdma_rxe /bin/false' > /etc/modprobe.d/zz-halolink-test.conf"));
        QCOMPARE(block.exitCode, 0);

        App app;
        NodeActions *actions = app.actions.get();
        const auto wizardOwner = makeWizard(app, 200);
        SetupWizard &wizard = *wizardOwner;
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));

        auto *nodesPage = qobject_cast<NodesPage *>(wizard.currentPage());
        QString error;
        QVERIFY2(nodesPage->addHosts(QStringLiteral("node3"), &error), qPrintable(error));
        QCOMPARE(nodesPage->checkedNodeIds().size(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(nodesPage->isComplete(), 180000);
        noDialogs(actions);
        wizard.next();
        wizard.findChild<QCheckBox *>(QStringLiteral("softRoceCheck"))->setChecked(true);
        QVERIFY(wizard.currentPage()->isComplete());
        wizard.next();
        // Three nodes: no direct cable; one subnet proposed.
        QVERIFY(!wizard.findChild<QRadioButton *>(QStringLiteral("directRadio"))->isEnabled());
        QVERIFY(wizard.findChild<QRadioButton *>(QStringLiteral("switchRadio"))->isChecked());
        // The inventory kept the first test's data plane; propose afresh for a switch.
        wizard.findChild<QPushButton *>(QStringLiteral("proposeButton"))->click();
        const auto nodes = wizard.controller()->nodes();
        QCOMPARE(nodes.size(), 3);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(nodes.at(i).address, QStringLiteral("10.77.0.%1/24").arg(i + 1));
        QVERIFY(wizard.currentPage()->isComplete());
        wizard.next(); // QoS
        wizard.next(); // Review
        QTRY_VERIFY_WITH_TIMEOUT(wizard.currentPage()->isComplete(), 120000);
        wizard.next(); // Apply
        auto *apply = qobject_cast<ApplyPage *>(wizard.currentPage());
        apply->startApply();
        QTRY_VERIFY_WITH_TIMEOUT(!wizard.controller()->isBusy(), 300000);
        QCOMPARE(wizard.controller()->run(2).phase, setup::Phase::Failed);
        QVERIFY2(wizard.controller()->run(2).error.contains(QStringLiteral("rxe_modules")) ||
                     wizard.controller()->run(2).errorCode == QLatin1String("step_failed"),
                 qPrintable(wizard.controller()->run(2).error));
        QVERIFY(!wizard.controller()->run(2).changed); // it undid its own steps
        QCOMPARE(wizard.controller()->run(0).phase, setup::Phase::Applied);
        QCOMPARE(wizard.controller()->run(1).phase, setup::Phase::Applied);
        QVERIFY(!apply->isComplete());
        auto *status = wizard.findChild<QLabel *>(QStringLiteral("applyStatus"));
        QVERIFY2(status->text().contains(QStringLiteral("failed")), qPrintable(status->text()));
        auto *rollback = wizard.findChild<QPushButton *>(QStringLiteral("rollbackButton"));
        QVERIFY(rollback->isEnabled());
        QCOMPARE(dataPlaneState(3), m_before[3]);
        shoot(&wizard, QStringLiteral("6-apply-failed"));
        rollback->click();
        QTRY_VERIFY_WITH_TIMEOUT(!wizard.controller()->isBusy(), 120000);
        QCOMPARE(wizard.controller()->run(0).phase, setup::Phase::RolledBack);
        QCOMPARE(wizard.controller()->run(1).phase, setup::Phase::RolledBack);
        for (int i = 1; i <= 3; ++i)
            QCOMPARE(dataPlaneState(i), m_before[i]);

        // The module unblocked: apply again, verify the three pairs.
        QCOMPARE(labSsh(3, QStringLiteral("rm -f /etc/modprobe.d/zz-halolink-test.conf")).exitCode, 0);
        apply->startApply();
        QTRY_VERIFY_WITH_TIMEOUT(!wizard.controller()->isBusy(), 300000);
        QVERIFY2(apply->isComplete(), qPrintable(wizard.controller()->run(2).error));
        wizard.next();
        auto *verify = qobject_cast<VerifyPage *>(wizard.currentPage());
        QTRY_VERIFY_WITH_TIMEOUT(verify->isComplete(), 400000);
        auto *pairs = wizard.findChild<QTableWidget *>(QStringLiteral("pairsTable"));
        QVERIFY2(verify->verified(), qPrintable(wizard.findChild<QLabel *>(QStringLiteral("verifyStatus"))->text()));
        QCOMPARE(pairs->rowCount(), 3);
        for (int r = 0; r < 3; ++r)
            QVERIFY2(cell(pairs, r, 3).endsWith(QStringLiteral("µs")), qPrintable(cell(pairs, r, 0)));
        shoot(&wizard, QStringLiteral("7-verify-3"));

        // Left to the nodes' timers: the wizard closes, the change stays, the state is saved.
        QVERIFY(QFile::exists(setup::SetupController::stateFilePath()));
        wizard.setLeaveChoice(SetupWizard::LeaveChoice::KeepTimers);
        wizard.reject();
        QVERIFY(!wizard.isVisible());
        QVERIFY2(wizard.leaveMessage().contains(QStringLiteral("rolls back by itself")), qPrintable(wizard.leaveMessage()));
        QVERIFY(dataPlaneState(1) != m_before[1]);

        // Resumed: the nodes say where they stand (awaiting confirmation), and it goes on from there.
        SetupWizard resumed(actions);
        resumed.setLeaveChoice(SetupWizard::LeaveChoice::RollBack);
        resumed.show();
        QString resumeError;
        QVERIFY2(resumed.resume(&resumeError), qPrintable(resumeError));
        QTRY_VERIFY_WITH_TIMEOUT(resumed.currentId() == int(SetupWizard::ReviewPageId) && resumed.currentPage()->isComplete(),
                                 180000);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(resumed.controller()->run(i).phase, setup::Phase::Applied);
            QVERIFY(resumed.controller()->run(i).deadline > 0);
        }
        resumed.next();
        QCOMPARE(resumed.currentId(), int(SetupWizard::ApplyPageId));
        QVERIFY(resumed.currentPage()->isComplete()); // applied: on to Verify, or roll back

        // Leaving now (not confirmed): everything is rolled back, and it says so.
        resumed.reject();
        QTRY_VERIFY_WITH_TIMEOUT(!resumed.isVisible(), 120000);
        QVERIFY2(resumed.leaveMessage().contains(QStringLiteral("rolled back")), qPrintable(resumed.leaveMessage()));
        for (int i = 1; i <= 3; ++i)
            QCOMPARE(dataPlaneState(i), m_before[i]);
    }

    void resumeAfterLeaving()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        // The state saved when the last wizard was left: a new one resumes it.
        App app;
        SetupWizard wizard(app.actions.get());
        QString error;
        QVERIFY2(wizard.resume(&error), qPrintable(error));
        QCOMPARE(wizard.controller()->nodes().size(), 3);
        QCOMPARE(wizard.controller()->nodes().at(2).address, QStringLiteral("10.77.0.3/24"));
        QVERIFY(wizard.controller()->settings().allowSoftRoce);
        QVERIFY(!wizard.controller()->anyChanged());
        wizard.setLeaveChoice(SetupWizard::LeaveChoice::RollBack);
        wizard.reject();
        QVERIFY(wizard.leaveMessage().contains(QStringLiteral("nothing on the nodes was changed")));
    }
};

QTEST_MAIN(TestLabWizard)
#include "tst_lab_wizard.moc"
