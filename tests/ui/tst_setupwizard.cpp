// The setup wizard's pages offscreen, over a SetupController holding nodes
// with the fixture snapshots' probes (no node is reached): the cabling's
// default and the addresses that follow it, the saved cluster setup as the
// defaults, Soft-RoCE's QoS said as it is, the Apply and Verify tables'
// columns, the Verify page's rollback countdown, its explanation wrapped and
// its words matching the Finish button.
//
// HALOLINK_SHOT_DIR=/some/dir saves PNGs of the pages there (run the program
// under xvfb-run with QT_QPA_PLATFORM=xcb to see them as a person would).

#include "../core/fixture_probes.h"
#include "setup/savedsetup.h"
#include "setup/setupcontroller.h"
#include "setup/setuppages.h"

#include <QDateTime>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QWizard>

using namespace halolink;
using namespace halolink::ui;
using setup::NodeInput;
using setup::SetupController;

namespace {

ProbeReport softRoceProbe()
{
    // The no-RDMA board with a second port for the data plane.
    ProbeReport p = test::fixtureProbe(QStringLiteral("strix-halo-no-rdma"));
    Nic extra;
    extra.netdev = QStringLiteral("enp196s0");
    extra.carriesManagement = false;
    extra.operstate = QStringLiteral("up");
    p.nics << extra;
    return p;
}

NodeInput node(const QString &id, const ProbeReport &probe)
{
    NodeInput n;
    n.nodeId = id;
    n.name = id;
    n.probe = probe;
    return n;
}

void useSoftRoce(SetupController &c, const QList<NodeInput> &nodes)
{
    c.setNodes(nodes);
    setup::Settings s = c.settings();
    s.allowSoftRoce = true;
    c.setSettings(s);
}

QString address(QWidget *page, int i)
{
    // The cell's edit now (a rebuilt table's old ones wait for deleteLater).
    auto *t = page->findChild<QTableWidget *>(QStringLiteral("addressTable"));
    auto *e = t ? qobject_cast<QLineEdit *>(t->cellWidget(i, 3)) : nullptr;
    return e ? e->text() : QStringLiteral("(no edit)");
}

void shot(QWidget *w, const QString &name)
{
    const QByteArray dir = qgetenv("HALOLINK_SHOT_DIR");
    if (dir.isEmpty())
        return;
    QVERIFY(w->grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + name));
}

// A wizard around one page, as the person sees it.
struct Shown {
    QWizard wizard;
    explicit Shown(QWizardPage *page)
    {
        wizard.setWizardStyle(QWizard::ClassicStyle);
        wizard.addPage(page);
        wizard.resize(980, 680);
    }
};

} // namespace

class TestSetupWizard : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_setupwizard"));
    }
    void init() { setup::SavedSetup::remove(); }
    void cleanupTestCase() { setup::SavedSetup::remove(); }

    void twoNodesDefaultToOneDirectCable()
    {
        SetupController c(nullptr, nullptr);
        useSoftRoce(c, {node(QStringLiteral("halo1"), softRoceProbe()), node(QStringLiteral("halo2"), softRoceProbe())});
        auto *page = new TopologyPage(&c);
        Shown shown(page);
        page->initializePage();
        QVERIFY(page->findChild<QRadioButton *>(QStringLiteral("directRadio"))->isChecked());
        QCOMPARE(c.settings().topology, setup::Topology::DirectPair);
        QCOMPARE(address(page, 0), QStringLiteral("192.168.100.1/30"));
        QCOMPARE(address(page, 1), QStringLiteral("192.168.100.2/30"));
        QVERIFY2(page->isComplete(), qPrintable(page->problemsText()));

        // Three nodes: a switch.
        SetupController three(nullptr, nullptr);
        useSoftRoce(three, {node(QStringLiteral("a"), softRoceProbe()), node(QStringLiteral("b"), softRoceProbe()),
                            node(QStringLiteral("c"), softRoceProbe())});
        auto *page3 = new TopologyPage(&three);
        Shown shown3(page3);
        page3->initializePage();
        QVERIFY(page3->findChild<QRadioButton *>(QStringLiteral("switchRadio"))->isChecked());
        QCOMPARE(address(page3, 2), QStringLiteral("10.77.0.3/24"));
    }

    void changingTheCablingProposesAgain()
    {
        SetupController c(nullptr, nullptr);
        useSoftRoce(c, {node(QStringLiteral("halo1"), softRoceProbe()), node(QStringLiteral("halo2"), softRoceProbe())});
        auto *page = new TopologyPage(&c);
        Shown shown(page);
        shown.wizard.show(); // initializes the page, as the wizard does
        QVERIFY(QTest::qWaitForWindowExposed(&shown.wizard));
        page->findChild<QRadioButton *>(QStringLiteral("switchRadio"))->click();
        QCOMPARE(c.settings().topology, setup::Topology::Switch);
        QVERIFY(c.settings().topologyChosen);
        QCOMPARE(address(page, 0), QStringLiteral("10.77.0.1/24"));
        QCOMPARE(address(page, 1), QStringLiteral("10.77.0.2/24"));
        QVERIFY(page->proposalNote().isEmpty());
        page->findChild<QRadioButton *>(QStringLiteral("directRadio"))->click();
        QCOMPARE(address(page, 0), QStringLiteral("192.168.100.1/30"));
        QCOMPARE(c.nodes().at(1).address, QStringLiteral("192.168.100.2/30"));

        // Typed by hand: kept, and the changed proposal is said and offered.
        page->setAddress(1, QStringLiteral("192.168.100.6/30"));
        QVERIFY(c.nodes().at(1).addressByHand);
        page->findChild<QRadioButton *>(QStringLiteral("switchRadio"))->click();
        QCOMPARE(address(page, 1), QStringLiteral("192.168.100.6/30"));
        const QString note = page->proposalNote();
        QVERIFY2(note.contains(QStringLiteral("10.77.0.1/24")) && note.contains(QStringLiteral("halo2")), qPrintable(note));
        QVERIFY(note.contains(QStringLiteral("Propose Addresses")));
        shot(&shown.wizard, QStringLiteral("setup-topology-proposal.png"));
        page->findChild<QPushButton *>(QStringLiteral("proposeButton"))->click();
        QCOMPARE(address(page, 1), QStringLiteral("10.77.0.2/24"));
        QVERIFY(!c.nodes().at(1).addressByHand);
        QVERIFY(page->proposalNote().isEmpty());
    }

    void confirmedSetupIsTheDefault()
    {
        // What confirm wrote for these two nodes: a switch, QoS DSCP 24.
        SetupController first(nullptr, nullptr);
        useSoftRoce(first, {node(QStringLiteral("halo1"), softRoceProbe()), node(QStringLiteral("halo2"), softRoceProbe())});
        setup::Settings s = first.settings();
        s.topology = setup::Topology::Switch;
        s.qos.dscp = 24;
        s.persist = true;
        first.setSettings(s);
        QList<NodeInput> nodes = first.nodes();
        nodes[0].interface = nodes[1].interface = QStringLiteral("enp196s0");
        nodes[0].address = QStringLiteral("10.78.0.1/24");
        nodes[1].address = QStringLiteral("10.78.0.2/24");
        first.setNodes(nodes);
        QString error;
        QVERIFY2(first.confirmedSetup().save(&error), qPrintable(error));

        // The wizard opened again for the same nodes shows the confirmed cabling.
        SetupController again(nullptr, nullptr);
        useSoftRoce(again, {node(QStringLiteral("halo2"), softRoceProbe()), node(QStringLiteral("halo1"), softRoceProbe())});
        auto *page = new TopologyPage(&again);
        Shown shown(page);
        page->initializePage();
        QVERIFY(page->findChild<QRadioButton *>(QStringLiteral("switchRadio"))->isChecked());
        QCOMPARE(address(page, 0), QStringLiteral("10.78.0.2/24")); // halo2's
        QCOMPARE(address(page, 1), QStringLiteral("10.78.0.1/24"));
        auto *qos = new QosPage(&again);
        Shown shownQos(qos);
        qos->initializePage();
        QCOMPARE(qos->findChild<QSpinBox *>(QStringLiteral("dscpSpin"))->value(), 24);

        // Another pair of nodes keeps the defaults.
        SetupController other(nullptr, nullptr);
        useSoftRoce(other, {node(QStringLiteral("halo1"), softRoceProbe()), node(QStringLiteral("halo3"), softRoceProbe())});
        auto *page2 = new TopologyPage(&other);
        Shown shown2(page2);
        page2->initializePage();
        QVERIFY(page2->findChild<QRadioButton *>(QStringLiteral("directRadio"))->isChecked());
    }

    void softRoceQosSaidAsItIs()
    {
        SetupController c(nullptr, nullptr);
        useSoftRoce(c, {node(QStringLiteral("halo1"), softRoceProbe()), node(QStringLiteral("halo2"), softRoceProbe())});
        c.suggestMissing();
        auto *page = new QosPage(&c);
        Shown shown(page);
        page->initializePage();
        const QString description = page->findChild<QLabel *>(QStringLiteral("qosDescription"))->text();
        QVERIFY2(description.startsWith(QStringLiteral("Soft-RoCE has no PFC")), qPrintable(description));
        QVERIFY(description.contains(QStringLiteral("only the ToS of RDMA connections is set")));
        const QString recommended = page->findChild<QRadioButton *>(QStringLiteral("qosDefault"))->text();
        QVERIFY2(!recommended.contains(QStringLiteral("PFC on")), qPrintable(recommended));
        QVERIFY(recommended.contains(QStringLiteral("106")));
        shown.wizard.show();
        shot(&shown.wizard, QStringLiteral("setup-qos-softroce.png"));

        // One hardware node, one Soft-RoCE: PFC described, the Soft-RoCE one named.
        SetupController mixed(nullptr, nullptr);
        useSoftRoce(mixed, {node(QStringLiteral("halo1"), test::fixtureProbe(QStringLiteral("strix-halo-e810-roce"))),
                            node(QStringLiteral("halo2"), softRoceProbe())});
        mixed.suggestMissing();
        auto *page2 = new QosPage(&mixed);
        Shown shown2(page2);
        page2->initializePage();
        shown2.wizard.show();
        QVERIFY(page2->findChild<QLabel *>(QStringLiteral("qosDescription"))->text().contains(QStringLiteral("PFC")));
        auto *note = page2->findChild<QLabel *>(QStringLiteral("qosSoftRoceNote"));
        QVERIFY(note->isVisible());
        QVERIFY2(note->text().contains(QStringLiteral("on halo2 (Soft-RoCE)")), qPrintable(note->text()));
    }

    void applyColumnsKeepTheirWidth()
    {
        SetupController c(nullptr, nullptr);
        useSoftRoce(c, {node(QStringLiteral("halo1"), softRoceProbe()), node(QStringLiteral("halo2"), softRoceProbe())});
        auto *page = new ApplyPage(&c);
        Shown shown(page);
        page->initializePage();
        auto *t = page->findChild<QTableWidget *>(QStringLiteral("applyTable"));
        QCOMPARE(t->horizontalHeaderItem(3)->text(), QStringLiteral("Will be rolled back at"));
        // Empty cells (nothing applied yet) do not collapse the columns.
        QVERIFY2(t->columnWidth(1) >= 150, qPrintable(QString::number(t->columnWidth(1))));
        QVERIFY2(t->columnWidth(2) >= 220, qPrintable(QString::number(t->columnWidth(2))));
        shown.wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&shown.wizard));
        shot(&shown.wizard, QStringLiteral("setup-apply.png"));
        const int before = t->columnWidth(2);
        page->initializePage();
        QVERIFY(t->columnWidth(2) >= before);
    }

    void applyLogInWords()
    {
        SetupController c(nullptr, nullptr);
        // Not the engine's arguments ("plan: plan", "apply: apply --confirm-within 300").
        for (const char *op : {"plan", "apply", "verify", "confirm", "rollback", "status"}) {
            const QString text = c.operationText(QLatin1String(op));
            QVERIFY2(!text.contains(QStringLiteral("--")) && !text.startsWith(QLatin1String(op) + QStringLiteral(": ") + QLatin1String(op)),
                     qPrintable(text));
        }
        QVERIFY(c.operationText(QStringLiteral("plan")).contains(QStringLiteral("lists the steps")));
        // "second(s)" until the English numerus forms are loaded.
        QVERIFY(c.operationText(QStringLiteral("apply")).contains(QStringLiteral("300 second")));
        // The automatic rollback is a future, with its time.
        const qint64 at = QDateTime(QDate(2026, 12, 3), QTime(19, 30, 5)).toSecsSinceEpoch();
        QCOMPARE(SetupController::appliedText(at), QStringLiteral("applied; it will be rolled back at 19:30:05 unless you confirm"));
        // The engine's step events (engine/roce/apply.cpp), said as progress.
        auto event = [](const char *kind, const char *id, const char *status, int index, int total) {
            return QJsonObject{{QStringLiteral("event"), QLatin1String(kind)}, {QStringLiteral("id"), QLatin1String(id)},
                               {QStringLiteral("status"), QLatin1String(status)}, {QStringLiteral("index"), index},
                               {QStringLiteral("total"), total}};
        };
        QCOMPARE(SetupController::eventText(event("step", "mtu", "applied", 2, 9)), QStringLiteral("step 3 of 9 (mtu): done"));
        QCOMPARE(SetupController::eventText(event("step", "rxe_modules", "skipped", 0, 9)),
                 QStringLiteral("step 1 of 9 (rxe_modules): already in place, skipped"));
        QCOMPARE(SetupController::eventText(event("undo", "address", "undone", 4, 9)), QStringLiteral("undid step 5 (address)"));
    }

    void verifyShowsTheDeadlineAndTheButtonsWords()
    {
        SetupController c(nullptr, nullptr);
        const qint64 deadline = QDateTime::currentSecsSinceEpoch() + 125;
        QJsonArray nodes;
        for (const char *id : {"halo1", "halo2"})
            nodes.append(QJsonObject{{QStringLiteral("node_id"), QLatin1String(id)},
                                     {QStringLiteral("name"), QLatin1String(id)},
                                     {QStringLiteral("interface"), QStringLiteral("enp196s0")},
                                     {QStringLiteral("phase"), QStringLiteral("applied")},
                                     {QStringLiteral("changed"), true},
                                     {QStringLiteral("deadline"), double(deadline)}});
        QString error;
        QVERIFY2(c.restoreState(QJsonObject{{QStringLiteral("format"), QStringLiteral("halolink-setup")},
                                            {QStringLiteral("version"), 1},
                                            {QStringLiteral("page"), 6},
                                            {QStringLiteral("nodes"), nodes}},
                                &error) == 6,
                 qPrintable(error));
        // Shown on its own: in a wizard, showing it would start the verification
        // (initializePage), which needs connected nodes.
        VerifyPage pageObject(&c);
        VerifyPage *page = &pageObject;
        page->resize(980, 620);
        page->show();
        QVERIFY(QTest::qWaitForWindowExposed(page));
        QCOMPARE(page->rollbackDeadline(), deadline);
        Q_EMIT c.nodeChanged(0);
        const QString at = QDateTime::fromSecsSinceEpoch(deadline).toString(QStringLiteral("HH:mm:ss"));
        const QString first = page->deadlineText();
        QVERIFY2(first.contains(QStringLiteral("will be rolled back at ") + at), qPrintable(first));
        QVERIFY2(first.contains(QStringLiteral("(in 2:0")), qPrintable(first));
        QVERIFY(first.contains(QStringLiteral("unless you press Confirm and Save")));
        // Live: it counts down by itself.
        QTRY_VERIFY_WITH_TIMEOUT(page->deadlineText() != first, 3000);

        // The words name the button.
        QCOMPARE(page->confirmButtonText(), QStringLiteral("Confirm and Save"));
        Q_EMIT c.operationFinished(QStringLiteral("verify"), true);
        const QString status = page->findChild<QLabel *>(QStringLiteral("verifyStatus"))->text();
        QVERIFY2(status.contains(QStringLiteral("Confirm and Save")), qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("Finish")), qPrintable(status));

        // A Soft-RoCE result's explanation is wrapped below the table, not past its scroll.
        setup::PairResult p;
        p.a = 0;
        p.b = 1;
        p.tcpLatency.oneWayNs = 31000;
        p.tcpLatency.rttNs = 62000;
        p.rdmaLatency.oneWayNs = 48000;
        p.rdmaLatency.rttNs = 96000;
        p.tcpBandwidth.bps = 9.1e9;
        p.rdmaBandwidth.bps = 2.3e9;
        p.rdmaDevice = QStringLiteral("rxe0");
        p.gidIndex = 1;
        p.expectation = QStringLiteral("Soft-RoCE (software RDMA): no hardware figures to expect; RDMA must work, and "
                                       "may well be slower than TCP.");
        page->showPairs({p});
        auto *explanation = page->findChild<QLabel *>(QStringLiteral("pairsExplanation"));
        QVERIFY(explanation->isVisible());
        QVERIFY(explanation->wordWrap());
        QVERIFY(explanation->text().contains(p.expectation));
        QVERIFY(explanation->width() <= page->width());
        auto *pairs = page->findChild<QTableWidget *>(QStringLiteral("pairsTable"));
        QList<int> widths;
        for (int col = 0; col < pairs->columnCount(); ++col)
            widths << pairs->columnWidth(col);
        QTest::qWait(50); // the chart's queued replot
        shot(page, QStringLiteral("setup-verify.png"));
        // Starting again (Verify Again) keeps the columns.
        page->showPairs({});
        for (int col = 0; col + 1 < pairs->columnCount(); ++col)
            QVERIFY2(pairs->columnWidth(col) >= widths.at(col), qPrintable(QString::number(col)));
        QVERIFY(explanation->isHidden());
    }
};

QTEST_MAIN(TestSetupWizard)
#include "tst_setupwizard.moc"
