// The job form and its preview offscreen (the Jobs window's New Job): nodes
// with a data plane from a real inventory file, probes from the fixture
// snapshots (E810: GID 1, ConnectX: GID 3); the preview follows the form and
// says what is wrong, and the head is the first checked node. The traffic
// class follows the nodes' saved QoS unless set in the form; the preview's
// lines are broken at spaces only (commands between arguments), and it says
// what NCCL_IB_HCA's '=' means.

#include "../core/fixture_probes.h"

#include "inventory/inventory.h"
#include "jobs/jobform.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QListWidget>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTextBlock>
#include <QTextLayout>
#include <QStandardPaths>
#include <QTest>

using namespace halolink;
using namespace halolink::ui;

namespace {

void freshInventory(Inventory &inventory)
{
    QStandardPaths::setTestModeEnabled(true);
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir(dir).removeRecursively();
    QDir().mkpath(dir);
    inventory.setFilePath(QDir(dir).filePath(QStringLiteral("inventory.json")));
    inventory.load();
}

// Two nodes of a cluster set up with the default QoS (DSCP 26, ToS 106).
struct TwoNodes {
    Inventory inventory;
    QString ida, idb;
    ProbeReport e810 = test::fixtureProbe(QStringLiteral("strix-halo-e810-roce"));
    ProbeReport cx = test::fixtureProbe(QStringLiteral("connectx6dx-gid3"));
    TwoNodes()
    {
        freshInventory(inventory);
        Node a;
        a.name = QStringLiteral("halo1");
        a.host = QStringLiteral("halo1.invalid");
        a.dataInterface = QStringLiteral("enp194s0np0");
        a.dataAddress = QStringLiteral("192.168.100.1/30");
        a.qos = NodeQos { true, 26, 3, true, 106 };
        Node b = a;
        b.name = QStringLiteral("cx");
        b.host = QStringLiteral("cx.invalid");
        b.dataInterface = QStringLiteral("enp61s0f1np1");
        b.dataAddress = QStringLiteral("10.22.116.221/24");
        inventory.addNode(a, nullptr, &ida);
        inventory.addNode(b, nullptr, &idb);
    }
    JobForm::ProbeOf probes()
    {
        return [this](const QString &id) -> std::optional<ProbeReport> {
            if (id == ida)
                return e810;
            if (id == idb)
                return cx;
            return std::nullopt;
        };
    }
    void setQos(const QString &id, std::optional<NodeQos> qos)
    {
        Node n = *inventory.node(id);
        n.qos = qos;
        QString error;
        QVERIFY2(inventory.updateNode(n, &error), qPrintable(error));
    }
};

} // namespace

class TestJobPreview : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void previewFollowsTheForm()
    {
        Inventory inventory;
        freshInventory(inventory);
        Node a;
        a.name = QStringLiteral("halo1");
        a.host = QStringLiteral("halo1.invalid");
        a.dataInterface = QStringLiteral("enp194s0np0");
        a.dataAddress = QStringLiteral("192.168.100.1/30");
        Node b = a;
        b.name = QStringLiteral("cx");
        b.host = QStringLiteral("cx.invalid");
        b.dataInterface = QStringLiteral("enp61s0f1np1");
        b.dataAddress = QStringLiteral("10.22.116.221/24");
        Node c = a;
        c.name = QStringLiteral("noplane");
        c.host = QStringLiteral("np.invalid");
        c.dataInterface.clear();
        c.dataAddress.clear();
        QString ida, idb, error;
        QVERIFY2(inventory.addNode(a, &error, &ida), qPrintable(error));
        QVERIFY2(inventory.addNode(b, &error, &idb), qPrintable(error));
        QVERIFY2(inventory.addNode(c, &error), qPrintable(error));
        const ProbeReport e810 = test::fixtureProbe(QStringLiteral("strix-halo-e810-roce"));
        const ProbeReport cx = test::fixtureProbe(QStringLiteral("connectx6dx-gid3"));
        JobForm dialog(&inventory, [&](const QString &id) -> std::optional<ProbeReport> {
            if (id == ida)
                return e810;
            if (id == idb)
                return cx;
            return std::nullopt;
        });
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        // Only nodes with a data plane are offered, all checked.
        auto *nodes = dialog.findChild<QListWidget *>(QStringLiteral("jobNodes"));
        QCOMPARE(nodes->count(), 2);
        QVERIFY(dialog.previewText().contains(QStringLiteral("Give the model")));
        dialog.findChild<QLineEdit *>(QStringLiteral("modelEdit"))->setText(QStringLiteral("/models/Qwen3 30B"));
        QVERIFY(dialog.previewText().contains(QStringLiteral("container image")));
        dialog.findChild<QLineEdit *>(QStringLiteral("imageEdit"))->setText(QStringLiteral("registry.example/vllm:rocm"));
        dialog.findChild<QSpinBox *>(QStringLiteral("tosSpin"))->setValue(106);
        QString t = dialog.previewText();
        QVERIFY2(t.contains(QStringLiteral("NCCL_IB_GID_INDEX='1'")), qPrintable(t));
        QVERIFY(t.contains(QStringLiteral("NCCL_IB_GID_INDEX='3'")));
        QVERIFY(t.contains(QStringLiteral("NCCL_IB_HCA='=rocep61s0f1:1'")));
        QVERIFY(t.contains(QStringLiteral("NCCL_IB_TC='106'")));
        QVERIFY(t.contains(QStringLiteral("'--tensor-parallel-size' '2'")));
        QVERIFY(t.contains(QStringLiteral("'/models/Qwen3 30B'")));
        // One node only: tensor parallel over 1.
        nodes->item(1)->setCheckState(Qt::Unchecked);
        QVERIFY(dialog.previewText().contains(QStringLiteral("'--tensor-parallel-size' '1'")));
        nodes->item(1)->setCheckState(Qt::Checked);
        // TCP only.
        dialog.findChild<QCheckBox *>(QStringLiteral("tcpOnlyCheck"))->setChecked(true);
        t = dialog.previewText();
        QVERIFY(t.contains(QStringLiteral("NCCL_IB_DISABLE='1'")));
        QVERIFY(!t.contains(QStringLiteral("NCCL_IB_HCA")));
        // A bad override is named.
        dialog.findChild<QLineEdit *>(QStringLiteral("envEdit"))->setText(QStringLiteral("NCCL_DEBUG=INFO oops"));
        t = dialog.previewText();
        QVERIFY(t.contains(QStringLiteral("'oops' is not NAME=VALUE")));
        QVERIFY(t.contains(QStringLiteral("NCCL_DEBUG='INFO'")));
        // What current() gives the launcher: the form's own error and the rendering.
        JobForm::Current cur = dialog.current();
        QVERIFY(cur.errors.contains(QStringLiteral("'oops' is not NAME=VALUE")));
        QCOMPARE(cur.nodes.size(), 2);
        QCOMPARE(cur.nodes.first().name, QStringLiteral("halo1"));
        QVERIFY(nodes->item(0)->text().contains(QStringLiteral("head")));
        dialog.findChild<QLineEdit *>(QStringLiteral("envEdit"))->setText(QStringLiteral("NCCL_DEBUG=INFO"));
        QVERIFY(dialog.current().errors.isEmpty());
        // The head first: moving cx up makes it the head.
        nodes->setCurrentRow(1);
        dialog.findChild<QPushButton *>(QStringLiteral("nodeUpButton"))->click();
        cur = dialog.current();
        QCOMPARE(cur.nodes.first().name, QStringLiteral("cx"));
        QCOMPARE(cur.rendered.headNodeId, idb);
        QVERIFY(nodes->item(0)->text().contains(QStringLiteral("head")));
        QVERIFY(!nodes->item(1)->text().contains(QStringLiteral("head")));
        nodes->setCurrentRow(0);
        dialog.findChild<QPushButton *>(QStringLiteral("nodeDownButton"))->click();
        QCOMPARE(dialog.current().nodes.first().name, QStringLiteral("halo1"));
        // A bad job name is refused by the renderer.
        dialog.findChild<QLineEdit *>(QStringLiteral("nameEdit"))->setText(QStringLiteral("Bad Name"));
        QVERIFY(dialog.previewText().contains(QStringLiteral("Job name 'Bad Name'")));
        QVERIFY(!dialog.current().errors.isEmpty());
        dialog.findChild<QLineEdit *>(QStringLiteral("nameEdit"))->setText(QStringLiteral("tp"));
        // llama.cpp RPC: rpc-server on the worker, llama-server --rpc on the head.
        dialog.findChild<QComboBox *>(QStringLiteral("engineCombo"))->setCurrentIndex(1);
        t = dialog.previewText();
        QVERIFY2(t.contains(QStringLiteral("'--rpc' '10.22.116.221:50052'")), qPrintable(t));
        if (!qEnvironmentVariableIsEmpty("HALOLINK_SCREENSHOT_DIR"))
            dialog.grab().save(qEnvironmentVariable("HALOLINK_SCREENSHOT_DIR") + QStringLiteral("/job-preview.png"));
    }

    // The traffic class the setup saved is the default, with its source;
    // when the nodes do not agree it is unset and the form says why; a value
    // set in the form wins, "unset" included, until "Use the Setup's".
    void trafficClassFromTheSetup()
    {
        TwoNodes cluster;
        JobForm form(&cluster.inventory, cluster.probes());
        form.resize(1200, 700);
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        form.findChild<QLineEdit *>(QStringLiteral("modelEdit"))->setText(QStringLiteral("/models/m"));
        form.findChild<QLineEdit *>(QStringLiteral("imageEdit"))->setText(QStringLiteral("img"));
        auto *tos = form.findChild<QSpinBox *>(QStringLiteral("tosSpin"));
        auto *source = form.findChild<QLabel *>(QStringLiteral("tosSource"));
        auto *useSetup = form.findChild<QPushButton *>(QStringLiteral("tosDefaultButton"));
        QVERIFY(source && useSetup);
        QCOMPARE(tos->value(), 106);
        QCOMPARE(form.trafficClassText(), QStringLiteral("from the cluster setup: DSCP 26, ToS 106"));
        QVERIFY(source->isVisible());
        QVERIFY(!useSetup->isVisible());
        QCOMPARE(form.current().spec.trafficClass, std::optional<int>(106));
        QVERIFY2(form.previewText().contains(
                     QStringLiteral("NCCL_IB_TC='106'    # from the cluster setup: DSCP 26, ToS 106")),
            qPrintable(form.previewText()));
        if (!qEnvironmentVariableIsEmpty("HALOLINK_SCREENSHOT_DIR"))
            form.grab().save(qEnvironmentVariable("HALOLINK_SCREENSHOT_DIR") + QStringLiteral("/job-form-qos.png"));

        // One node set up with QoS off: unset, and the reason beside the field and in the preview.
        cluster.setQos(cluster.idb, NodeQos { false, 26, 3, true, 106 });
        form.refresh();
        QCOMPARE(tos->value(), -1);
        QCOMPARE(tos->text(), QStringLiteral("unset"));
        QVERIFY(!form.current().spec.trafficClass);
        QVERIFY2(form.trafficClassText().contains(QStringLiteral("cx set up with QoS off")),
            qPrintable(form.trafficClassText()));
        QVERIFY(form.trafficClassText().contains(QStringLiteral("traffic class 0")));
        QVERIFY(!form.previewText().contains(QStringLiteral("NCCL_IB_TC=")));
        QVERIFY2(form.previewText().contains(QStringLiteral("note: NCCL_IB_TC is unset")), qPrintable(form.previewText()));
        // Only halo1 checked: it alone decides, and it has the setup's ToS.
        auto *nodes = form.findChild<QListWidget *>(QStringLiteral("jobNodes"));
        nodes->item(1)->setCheckState(Qt::Unchecked);
        QCOMPARE(tos->value(), 106);
        nodes->item(1)->setCheckState(Qt::Checked);
        QCOMPARE(tos->value(), -1);
        // Different ToS; never set up.
        cluster.setQos(cluster.idb, NodeQos { true, 24, 4, false, 96 });
        form.refresh();
        QCOMPARE(tos->value(), -1);
        QVERIFY2(form.trafficClassText().contains(QStringLiteral("different ToS (halo1: 106, cx: 96)")),
            qPrintable(form.trafficClassText()));
        cluster.setQos(cluster.idb, std::nullopt);
        form.refresh();
        QVERIFY2(form.trafficClassText().contains(QStringLiteral("no QoS saved for cx")),
            qPrintable(form.trafficClassText()));

        // A value set here wins, whatever the nodes say, until Use the Setup's.
        tos->setValue(98);
        QVERIFY(form.trafficClassChosen());
        QVERIFY(useSetup->isVisible());
        QCOMPARE(form.current().spec.trafficClass, std::optional<int>(98));
        QVERIFY(form.previewText().contains(QStringLiteral("NCCL_IB_TC='98'    # set in the form")));
        cluster.setQos(cluster.idb, NodeQos { true, 26, 3, true, 106 });
        form.refresh();
        QCOMPARE(tos->value(), 98);
        QCOMPARE(form.trafficClassText(), QStringLiteral("Chosen here (the cluster setup gave ToS 106)."));
        // "unset" chosen here wins too.
        tos->setValue(-1);
        QVERIFY(!form.current().spec.trafficClass);
        QCOMPARE(form.trafficClassText(), QStringLiteral("Unset, chosen here (the cluster setup gave ToS 106)."));
        QVERIFY(form.previewText().contains(QStringLiteral("NCCL_IB_TC is unset (chosen in the form)")));
        useSetup->click();
        QVERIFY(!form.trafficClassChosen());
        QCOMPARE(tos->value(), 106);
        QVERIFY(!useSetup->isVisible());
        QCOMPARE(form.trafficClassText(), QStringLiteral("from the cluster setup: DSCP 26, ToS 106"));
    }

    // NCCL_IB_HCA='=rocep61s0f1:1' reads like a typo: the preview says what '=' and ':1' are.
    void hcaSyntaxExplained()
    {
        QCOMPARE(hcaMeaning(QStringLiteral("=rxe0:1")),
            QStringLiteral("'=' means exactly the device rxe0 (without it, RCCL takes every device whose name "
                           "starts with rxe0), ':1' is the port of rxe0"));
        QVERIFY(hcaMeaning(QStringLiteral("^mlx5_1")).contains(QStringLiteral("'^' excludes")));
        QVERIFY(hcaMeaning(QStringLiteral("mlx5")).contains(QStringLiteral("prefix")));
        TwoNodes cluster;
        JobForm form(&cluster.inventory, cluster.probes());
        form.findChild<QLineEdit *>(QStringLiteral("modelEdit"))->setText(QStringLiteral("/models/m"));
        form.findChild<QLineEdit *>(QStringLiteral("imageEdit"))->setText(QStringLiteral("img"));
        // The line of NCCL_IB_HCA says it (the renderer's words or the preview's).
        const QString t = form.previewText();
        QString line;
        for (const QString &l : t.split(QLatin1Char('\n'))) {
            if (l.startsWith(QStringLiteral("  NCCL_IB_HCA='=rocep61s0f1:1'    # probe: rocep61s0f1 port 1")))
                line = l;
        }
        QVERIFY2(!line.isEmpty(), qPrintable(t));
        QVERIFY2(line.contains(QStringLiteral("'='")) && line.contains(QStringLiteral("exact"))
                && line.contains(QStringLiteral("':1'")) && line.contains(QStringLiteral("port")),
            qPrintable(line));
    }

    void commandsBreakBetweenWords()
    {
        const QString cmd = QStringLiteral("'podman' 'run' '-d' '--name' 'tp-ray-head' '--env=A=b c' "
                                           "'registry.example/vllm:rocm' 'ray' 'start' '--head' '--port=6379'");
        const QString wrapped = wrapCommand(cmd, 40, 4);
        for (const QString &line : wrapped.split(QLatin1Char('\n')))
            QVERIFY2(line.size() <= 40 || shellWords(line.chopped(line.endsWith(QLatin1Char('\\')) ? 2 : 0)).size() <= 2,
                qPrintable(wrapped));
        QVERIFY2(wrapped.contains(QStringLiteral("'--name' 'tp-ray-head'")), qPrintable(wrapped)); // option with its value
        QCOMPARE(shellWords(QString(wrapped).remove(QStringLiteral("\\\n"))), shellWords(cmd));
        QCOMPARE(shellWords(QStringLiteral("a 'b c' \"d \\\" e\" f\\ g")),
            (QStringList { QStringLiteral("a"), QStringLiteral("'b c'"), QStringLiteral("\"d \\\" e\""),
                QStringLiteral("f\\ g") }));
        QCOMPARE(wrapCommand(cmd, 0), cmd);
    }

    // What a person sees: a narrow preview breaks its lines at spaces only,
    // never inside a word (no soft wrapping by the view), every word of every
    // command whole, and a copied command still a command.
    void previewBreaksAtSpacesOnly()
    {
        TwoNodes cluster;
        JobForm form(&cluster.inventory, cluster.probes());
        form.resize(900, 600);
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        form.findChild<QLineEdit *>(QStringLiteral("modelEdit"))->setText(QStringLiteral("/models/Qwen3-30B-A3B"));
        form.findChild<QLineEdit *>(QStringLiteral("imageEdit"))->setText(QStringLiteral("registry.example/vllm:rocm"));
        auto *view = form.findChild<QPlainTextEdit *>(QStringLiteral("jobPreview"));
        QTRY_VERIFY(form.previewColumns() > 0);
        const int columns = form.previewColumns();
        QVERIFY2(columns < 100, qPrintable(QString::number(columns))); // narrow enough to break lines
        // The view wraps nothing itself.
        for (QTextBlock b = view->document()->begin(); b.isValid(); b = b.next()) {
            QVERIFY2(!b.layout() || b.layout()->lineCount() <= 1,
                qPrintable(QStringLiteral("wrapped by the view: ") + b.text()));
        }
        const QString shown = view->toPlainText();
        QVERIFY(shown != form.previewText()); // broken to the width
        int continued = 0;
        for (const QString &line : shown.split(QLatin1Char('\n'))) {
            if (line.endsWith(QStringLiteral(" \\")))
                ++continued;
            // Longer than the view only when one word (or an option and its value) cannot be broken.
            if (line.size() > columns)
                QVERIFY2(shellWords(line).size() <= 3, qPrintable(line));
        }
        QVERIFY(continued > 0);
        // Every step's command: the same words, whole, once the continuations are joined.
        const QString joined = QString(shown).replace(QRegularExpression(QStringLiteral(" \\\\\n *")), QStringLiteral(" "));
        for (const jobs::Step &s : form.current().rendered.steps)
            QVERIFY2(joined.contains(s.command), qPrintable(s.command));
        // Wider: broken to the new width.
        form.resize(1600, 600);
        QTRY_VERIFY(form.previewColumns() > columns);
    }
};

QTEST_MAIN(TestJobPreview)
#include "tst_jobpreview.moc"
