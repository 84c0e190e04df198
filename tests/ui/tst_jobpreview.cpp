// The job form and its preview offscreen (the Jobs window's New Job): nodes
// with a data plane from a real inventory file, probes from the fixture
// snapshots (E810: GID 1, ConnectX: GID 3); the preview follows the form and
// says what is wrong, and the head is the first checked node.

#include "../core/fixture_probes.h"

#include "inventory/inventory.h"
#include "jobs/jobform.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>

using namespace halolink;
using namespace halolink::ui;

class TestJobPreview : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void previewFollowsTheForm()
    {
        QStandardPaths::setTestModeEnabled(true);
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QDir(dir).removeRecursively();
        QDir().mkpath(dir);
        Inventory inventory;
        inventory.setFilePath(QDir(dir).filePath(QStringLiteral("inventory.json")));
        inventory.load();
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
};

QTEST_MAIN(TestJobPreview)
#include "tst_jobpreview.moc"
