// The Jobs window offscreen, opened from the main window's Cluster menu with
// an inventory of two nodes that have a data plane but cannot be reached
// (.invalid hosts): the form renders the preview; a launch with an invalid
// form, or onto nodes that are not connected, is refused with every problem
// visible and nothing started; a smoke result built here (TCP verdict, causes,
// per-node numbers) fills the smoke and proof widgets; the list model under
// QAbstractItemModelTester; the live traffic table reads the telemetry
// store; accessible names and tab order. A launch the checks refuse (the
// nodes are not connected) is listed as refused, with nothing to stop, Try
// Again, and Remove Job; the refusal under the form follows the form; the
// traffic class comes from the QoS the setup saved for the nodes.

#include "../core/fixture_probes.h"

#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "jobs/jobfailurehints.h"
#include "jobs/jobform.h"
#include "jobs/jobswindow.h"
#include "jobs/jobtablemodel.h"
#include "jobs/livetrafficview.h"
#include "jobs/smokeresultview.h"
#include "mainwindow.h"
#include "status/statusstyle.h"
#include "telemetry/telemetrykeys.h"
#include "telemetry/telemetrystore.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

#include <cmath>

using namespace halolink;
using namespace halolink::ui;

class TestJobsWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void openFromMenuPreviewAndRefusal();
    void refusedLaunchIsListedAsRefused();
    void bindApiKeyAndToken();
    void showApiKey();
    void failureHintsNameTheRealCause();
    void smokeResultAndProof();
    void tableModel();
    void liveTraffic();
    void accessibility();

private:
    JobsWindow *openJobs(MainWindow &window);
};

void TestJobsWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_jobswindow"));
    qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
    // The inventory the main window loads: two nodes of a cluster that is not there.
    QFile::remove(Inventory::defaultFilePath());
    Inventory inventory;
    inventory.load();
    QString error;
    for (int i = 1; i <= 2; ++i) {
        Node n;
        n.name = QStringLiteral("node%1").arg(i);
        n.host = QStringLiteral("node%1.invalid").arg(i);
        n.dataInterface = QStringLiteral("enp194s0np0");
        n.dataAddress = QStringLiteral("10.77.0.%1/24").arg(i);
        n.qos = NodeQos { true, 26, 3, true, 106 }; // what the setup saved
        QVERIFY2(inventory.addNode(n, &error), qPrintable(error));
    }
}

JobsWindow *TestJobsWindow::openJobs(MainWindow &window)
{
    // Cluster > Jobs…, with its shortcut.
    QAction *jobs = window.jobsAction();
    bool inClusterMenu = false;
    for (QAction *menu : window.menuBar()->actions()) {
        if (menu->menu() && menu->text().remove(QLatin1Char('&')) == QStringLiteral("Cluster"))
            inClusterMenu = menu->menu()->actions().contains(jobs);
    }
    if (!inClusterMenu)
        return nullptr;
    if (jobs->shortcut() != QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J))
        return nullptr;
    jobs->trigger();
    return window.jobsWindow();
}

void TestJobsWindow::openFromMenuPreviewAndRefusal()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    JobsWindow *jobs = openJobs(window);
    QVERIFY(jobs);
    QVERIFY(QTest::qWaitForWindowExposed(jobs));
    QVERIFY(!jobs->isModal());
    QCOMPARE(jobs->tabs()->currentIndex(), int(JobsWindow::NewJobTab));
    // No node is connected: the discovery says so rather than finding nothing.
    QTRY_VERIFY(!jobs->isDiscovering());
    QVERIFY2(
        jobs->discoveryStatus().contains(QStringLiteral("connected")), qPrintable(jobs->discoveryStatus()));
    // Triggered again: the same window.
    window.jobsAction()->trigger();
    QCOMPARE(window.jobsWindow(), jobs);

    // The form lists the nodes with a data plane (the head first) and renders the preview.
    JobForm *form = jobs->form();
    auto *nodes = form->findChild<QListWidget *>(QStringLiteral("jobNodes"));
    QCOMPARE(nodes->count(), 2);
    QVERIFY(nodes->item(0)->text().contains(QStringLiteral("node1")));
    QVERIFY(nodes->item(0)->text().contains(QStringLiteral("head")));
    QVERIFY(form->previewText().contains(QStringLiteral("Give the model")));
    form->findChild<QLineEdit *>(QStringLiteral("modelEdit"))->setText(QStringLiteral("/models/Qwen3"));
    form->findChild<QComboBox *>(QStringLiteral("runtimeCombo"))->setCurrentText(QStringLiteral("host"));
    QVERIFY2(
        !form->previewText().contains(QStringLiteral("Give the model")), qPrintable(form->previewText()));
    form->findChild<QLineEdit *>(QStringLiteral("modelEdit"))->clear();

    // Launch with an invalid form: refused, each problem on its own line, nothing added.
    form->findChild<QLineEdit *>(QStringLiteral("envEdit"))->setText(QStringLiteral("oops"));
    QTest::mouseClick(jobs->launchButton(), Qt::LeftButton);
    auto *problems = jobs->findChild<QLabel *>(QStringLiteral("formProblems"));
    QVERIFY(problems->isVisible());
    const QString shown = problems->text();
    QVERIFY2(shown.contains(QStringLiteral("cannot start")), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("Give the model")), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("&#39;oops&#39; is not NAME=VALUE"))
            || shown.contains(QStringLiteral("'oops' is not NAME=VALUE")),
        qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("node1 is not connected")), qPrintable(shown));
    QVERIFY(shown.count(QStringLiteral("<br>")) >= 3); // one line each
    QVERIFY(jobs->formProblemsText().contains(QStringLiteral("node2 is not connected")));
    QCOMPARE(jobs->jobsModel()->rowCount(), 0);
    QCOMPARE(jobs->tabs()->currentIndex(), int(JobsWindow::NewJobTab));
    QVERIFY(!jobs->isBusy());
    // The message uses the error colour of the palette.
    QCOMPARE(problems->palette().color(QPalette::WindowText),
        StatusStyle::color(Check::Status::Fail, jobs->palette()));

    // The refusal follows the form: fixed problems go at once, the others stay.
    form->findChild<QLineEdit *>(QStringLiteral("envEdit"))->clear();
    QVERIFY2(!problems->text().contains(QStringLiteral("oops")), qPrintable(problems->text()));
    QVERIFY(problems->text().contains(QStringLiteral("Give the model")));
    QVERIFY(!jobs->formProblemsText().contains(QStringLiteral("oops")));
    form->findChild<QComboBox *>(QStringLiteral("runtimeCombo"))->setCurrentText(QStringLiteral("host"));
    QVERIFY2(!problems->text().contains(QStringLiteral("container image")), qPrintable(problems->text()));
    form->findChild<QComboBox *>(QStringLiteral("runtimeCombo"))->setCurrentText(QStringLiteral("podman"));

    // A valid form onto nodes that are not connected: still refused, plainly.
    form->findChild<QLineEdit *>(QStringLiteral("modelEdit"))->setText(QStringLiteral("/models/Qwen3"));
    jobs->launch();
    QVERIFY(problems->isVisible());
    QVERIFY(!problems->text().contains(QStringLiteral("Give the model")));
    QVERIFY(problems->text().contains(QStringLiteral("node2 is not connected")));
    QCOMPARE(jobs->jobsModel()->rowCount(), 0);

    // No job selected: the job buttons are off, Refresh and New Job on.
    QVERIFY(!jobs->findChild<QPushButton *>(QStringLiteral("stopJobButton"))->isEnabled());
    QVERIFY(!jobs->findChild<QPushButton *>(QStringLiteral("smokeJobButton"))->isEnabled());
    QVERIFY(jobs->findChild<QPushButton *>(QStringLiteral("newJobButton"))->isEnabled());

    // Closing hides it; it is the same window next time.
    jobs->close();
    QVERIFY(!jobs->isVisible());
    window.jobsAction()->trigger();
    QCOMPARE(window.jobsWindow(), jobs);
    QVERIFY(jobs->isVisible());
    // Nothing ran, so nothing is said about jobs at start.
    QVERIFY(window.startupJobsMessage().isEmpty());
    if (!qEnvironmentVariableIsEmpty("HALOLINK_SCREENSHOT_DIR"))
        jobs->grab().save(
            qEnvironmentVariable("HALOLINK_SCREENSHOT_DIR") + QStringLiteral("/jobs-refused.png"));
}

void TestJobsWindow::refusedLaunchIsListedAsRefused()
{
    MainWindow window;
    window.show();
    JobsWindow *jobs = openJobs(window);
    QVERIFY(jobs);
    QVERIFY(QTest::qWaitForWindowExposed(jobs));
    JobForm *form = jobs->form();
    form->findChild<QLineEdit *>(QStringLiteral("modelEdit"))->setText(QStringLiteral("/models/Qwen3"));
    form->findChild<QLineEdit *>(QStringLiteral("imageEdit"))->setText(QStringLiteral("registry.example/vllm:rocm"));
    // The setup's QoS is the traffic class, with its source.
    QVERIFY2(form->findChild<QSpinBox *>(QStringLiteral("tosSpin"))->value() == 106, qPrintable(form->trafficClassText()));
    QCOMPARE(form->trafficClassText(), QStringLiteral("from the cluster setup: DSCP 26, ToS 106"));
    QCOMPARE(form->current().spec.trafficClass, std::optional<int>(106));

    // The nodes are not reachable, so not probed: the rendering refuses the
    // job, and there is nothing to try again until it renders.
    const JobForm::Current c = form->current();
    QVERIFY2(c.errors.join(QLatin1Char('\n')).contains(QStringLiteral("node1 has not been probed")),
        qPrintable(c.errors.join(QLatin1Char('\n'))));
    jobs::Job job;
    job.spec = c.spec;
    job.nodes = c.nodes;
    job.rendered = c.rendered;
    QSignalSpy finished(jobs, &JobsWindow::launchFinished);
    jobs->launchJob(job);
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(jobs->jobsModel()->index(0, JobTableModel::StateColumn).data().toString(),
        QStringLiteral("refused (nothing started)"));
    QVERIFY2(jobs->jobProblemsText().contains(QStringLiteral("node1 has not been probed")),
        qPrintable(jobs->jobProblemsText()));
    QVERIFY(!jobs->findChild<QPushButton *>(QStringLiteral("stopJobButton"))->isEnabled());
    QVERIFY(!jobs->findChild<QPushButton *>(QStringLiteral("restartJobButton"))->isEnabled());
    QVERIFY(jobs->findChild<QPushButton *>(QStringLiteral("removeJobButton"))->isEnabled());

    // With the nodes' probes (as if they had been probed) it renders; launched
    // past the window's own refusal, the launcher's checks cannot reach the
    // nodes, so nothing starts.
    for (jobs::JobNode &n : job.nodes)
        n.probe = test::fixtureProbeWithAddress(QStringLiteral("strix-halo-e810-roce"), n.dataInterface, n.dataIp);
    job.rendered = jobs::render(job.spec, job.nodes);
    QVERIFY2(job.rendered.ok(), qPrintable(job.rendered.errors.join(QLatin1Char('\n'))));
    finished.clear();
    jobs->launchJob(job);
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.first().at(1).toBool(), false);
    QCOMPARE(jobs->jobsModel()->rowCount(), 1);
    QCOMPARE(jobs->jobsModel()->index(0, JobTableModel::StateColumn).data().toString(),
        QStringLiteral("refused (nothing started)"));
    QVERIFY2(jobs->jobProblemsText().contains(QStringLiteral("nothing was started")), qPrintable(jobs->jobProblemsText()));
    QVERIFY2(jobs->jobProblemsText().contains(QStringLiteral("node1: the checks could not run")),
        qPrintable(jobs->jobProblemsText()));
    // Nothing to stop; Try Again instead of Restart; it can leave the list.
    auto *stop = jobs->findChild<QPushButton *>(QStringLiteral("stopJobButton"));
    auto *restart = jobs->findChild<QPushButton *>(QStringLiteral("restartJobButton"));
    auto *remove = jobs->findChild<QPushButton *>(QStringLiteral("removeJobButton"));
    QVERIFY(remove);
    QVERIFY(!stop->isEnabled());
    QVERIFY(restart->isEnabled());
    QCOMPARE(restart->text(), QStringLiteral("Try &Again"));
    QVERIFY(remove->isEnabled());
    jobs->stopSelected(); // refused: does nothing
    auto *messages = jobs->findChild<QPlainTextEdit *>(QStringLiteral("jobMessages"));
    QVERIFY2(!messages->toPlainText().contains(QStringLiteral("stopped")), qPrintable(messages->toPlainText()));
    QVERIFY(!messages->toPlainText().contains(QStringLiteral("Stopping")));
    // The steps say they never started.
    auto *steps = jobs->findChild<QTableWidget *>(QStringLiteral("stepsTable"));
    QCOMPARE(steps->rowCount(), 3);
    for (int i = 0; i < steps->rowCount(); ++i)
        QCOMPARE(steps->item(i, 4)->text(), QStringLiteral("not started"));
    // Shown under the form too, until the form changes.
    auto *problems = jobs->findChild<QLabel *>(QStringLiteral("formProblems"));
    QVERIFY(jobs->formProblemsText().contains(QStringLiteral("the checks could not run")));
    if (!qEnvironmentVariableIsEmpty("HALOLINK_SCREENSHOT_DIR")) {
        jobs->grab().save(qEnvironmentVariable("HALOLINK_SCREENSHOT_DIR") + QStringLiteral("/jobs-refused-entry.png"));
        jobs->tabs()->setCurrentIndex(JobsWindow::NewJobTab);
        jobs->grab().save(qEnvironmentVariable("HALOLINK_SCREENSHOT_DIR") + QStringLiteral("/jobs-refused-form.png"));
    }
    form->findChild<QComboBox *>(QStringLiteral("runtimeCombo"))->setCurrentText(QStringLiteral("host"));
    QVERIFY2(jobs->formProblemsText().isEmpty(), qPrintable(jobs->formProblemsText()));
    QVERIFY(!problems->isVisible());

    // Try Again: the checks run again (and refuse again), still nothing started.
    finished.clear();
    jobs->restartSelected();
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(jobs->jobsModel()->index(0, JobTableModel::StateColumn).data().toString(),
        QStringLiteral("refused (nothing started)"));
    QVERIFY(!messages->toPlainText().contains(QStringLiteral("stopped")));
    // Removed: gone from the list, nothing selected.
    QTest::mouseClick(remove, Qt::LeftButton);
    QCOMPARE(jobs->jobsModel()->rowCount(), 0);
    QVERIFY(!remove->isEnabled());
    QVERIFY(!stop->isEnabled());
    QVERIFY(jobs->jobProblemsText().isEmpty());
}

// vLLM's "required GPUs exceeds ..." on nodes whose probe lists no GPU reads
// as "these nodes have no GPU"; the Jobs window says what it is: the Ray
// cluster vLLM joined has fewer nodes than the job.
void TestJobsWindow::bindApiKeyAndToken()
{
    MainWindow window;
    window.show();
    JobsWindow *jobs = openJobs(window);
    QVERIFY(jobs);
    QVERIFY(QTest::qWaitForWindowExposed(jobs));
    JobForm *form = jobs->form();
    form->findChild<QLineEdit *>(QStringLiteral("modelEdit"))->setText(QStringLiteral("/models/Qwen3"));
    form->findChild<QLineEdit *>(QStringLiteral("imageEdit"))->setText(QStringLiteral("registry.example/vllm:rocm"));
    // The nodes as if they had been probed, so that the preview renders the steps.
    Inventory inventory;
    inventory.load();
    form->setProbeOf([&inventory](const QString &id) -> std::optional<ProbeReport> {
        const auto n = inventory.find(id);
        if (!n)
            return std::nullopt;
        return test::fixtureProbeWithAddress(QStringLiteral("strix-halo-e810-roce"), n->dataInterface, n->dataPlaneIp());
    });
    QVERIFY2(form->current().rendered.ok(), qPrintable(form->current().errors.join(QLatin1Char('\n'))));
    auto *bind = form->findChild<QComboBox *>(QStringLiteral("bindCombo"));
    auto *key = form->findChild<QCheckBox *>(QStringLiteral("apiKeyCheck"));
    auto *warning = form->findChild<QLabel *>(QStringLiteral("noApiKeyWarning"));
    auto *token = form->findChild<QLineEdit *>(QStringLiteral("hfTokenEdit"));
    QVERIFY(bind && key && warning && token);
    // The defaults: the data-plane address, a key, no secret.
    QCOMPARE(form->current().spec.bindAddress, QString());
    QVERIFY(form->current().spec.apiKey);
    QVERIFY(form->current().spec.secretEnv.isEmpty());
    QVERIFY(key->isChecked());
    QVERIFY(!warning->isVisible());
    QCOMPARE(token->echoMode(), QLineEdit::Password);

    // The listed choices and a typed address; the preview follows.
    bind->setCurrentIndex(1);
    QCOMPARE(form->current().spec.bindAddress, QStringLiteral("127.0.0.1"));
    QVERIFY2(form->previewText().contains(QStringLiteral("127.0.0.1")), qPrintable(form->previewText()));
    bind->setCurrentIndex(2);
    QCOMPARE(form->current().spec.bindAddress, QStringLiteral("0.0.0.0"));
    bind->setEditText(QStringLiteral("10.77.0.1"));
    QCOMPARE(form->current().spec.bindAddress, QStringLiteral("10.77.0.1"));
    bind->setEditText(QStringLiteral("not-an-address"));
    QVERIFY2(form->current().errors.join(QLatin1Char('\n')).contains(QStringLiteral("not-an-address")),
        qPrintable(form->current().errors.join(QLatin1Char('\n'))));
    QVERIFY(form->previewText().contains(QStringLiteral("not-an-address")));
    bind->setCurrentIndex(0);
    QCOMPARE(form->current().spec.bindAddress, QString());

    // No key: the warning says what it means.
    key->setChecked(false);
    QVERIFY(!form->current().spec.apiKey);
    QVERIFY(warning->isVisible());
    QVERIFY(warning->text().contains(QStringLiteral("anyone")));
    if (!qEnvironmentVariableIsEmpty("HALOLINK_SCREENSHOT_DIR")) {
        token->setText(QStringLiteral("hf_screenshot"));
        jobs->resize(1280, 900);
        QTest::qWait(50);
        jobs->grab().save(qEnvironmentVariable("HALOLINK_SCREENSHOT_DIR") + QStringLiteral("/form-api.png"));
        token->clear();
    }
    key->setChecked(true);
    QVERIFY(!warning->isVisible());

    // The token: HF_TOKEN a secret of the job, its value for the launcher
    // only, never in the preview.
    const QString secret = QStringLiteral("hf_SeCrEt1234567890");
    token->setText(secret);
    const JobForm::Current c = form->current();
    QCOMPARE(c.spec.secretEnv, QStringList { QStringLiteral("HF_TOKEN") });
    QCOMPARE(c.secrets.value(QStringLiteral("HF_TOKEN")), secret.toUtf8());
    QVERIFY(!form->previewText().contains(secret));
    QVERIFY(!form->findChild<QPlainTextEdit *>(QStringLiteral("jobPreview"))->toPlainText().contains(secret));
    QVERIFY2(c.rendered.ok(), qPrintable(c.errors.join(QLatin1Char('\n'))));
    bool handed = false;
    for (const jobs::Step &st : c.rendered.steps) {
        QVERIFY(!st.command.contains(secret));
        handed = handed || st.secrets.contains(QStringLiteral("HF_TOKEN"));
    }
    QVERIFY(handed);
    token->clear();
    QVERIFY(form->current().spec.secretEnv.isEmpty());
    QVERIFY(form->current().secrets.isEmpty());

    // The new fields' accelerators are their own in the window.
    jobs->tabs()->setCurrentIndex(JobsWindow::NewJobTab);
    QStringList letters;
    for (QWidget *w : jobs->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(jobs))
            continue;
        QString text;
        if (auto *b = qobject_cast<QAbstractButton *>(w))
            text = b->text();
        else if (auto *l = qobject_cast<QLabel *>(w); l && l->buddy())
            text = l->text();
        const qsizetype amp = text.indexOf(QLatin1Char('&'));
        if (amp >= 0 && amp + 1 < text.size())
            letters << text.at(amp + 1).toLower();
    }
    for (const QString &c : { QStringLiteral("x"), QStringLiteral("q"), QStringLiteral("g"), QStringLiteral("y") })
        QVERIFY2(letters.count(c) == 1, qPrintable(c + QStringLiteral(": ") + letters.join(QLatin1Char(' '))));
}

void TestJobsWindow::showApiKey()
{
    MainWindow window;
    window.show();
    JobsWindow *jobs = openJobs(window);
    QVERIFY(jobs);
    QVERIFY(QTest::qWaitForWindowExposed(jobs));
    QPushButton *show = jobs->showApiKeyButton();
    QVERIFY(show);
    QVERIFY(!show->isEnabled()); // no job selected
    QVERIFY(!show->accessibleName().isEmpty());
    QVERIFY(show->text().contains(QLatin1Char('&')));

    JobForm *form = jobs->form();
    form->findChild<QLineEdit *>(QStringLiteral("nameEdit"))->setText(QStringLiteral("keyed"));
    form->findChild<QLineEdit *>(QStringLiteral("modelEdit"))->setText(QStringLiteral("/models/Qwen3"));
    const JobForm::Current c = form->current();
    jobs::Job job;
    job.spec = c.spec;
    job.nodes = c.nodes;
    for (jobs::JobNode &n : job.nodes)
        n.probe = test::fixtureProbeWithAddress(QStringLiteral("strix-halo-e810-roce"), n.dataInterface, n.dataIp);
    job.rendered = jobs::render(job.spec, job.nodes);
    // Launched with its key (the nodes cannot be reached: nothing starts, the
    // launcher knows the key).
    const QByteArray key = "sk-halolink-test-0123456789";
    QSignalSpy finished(jobs, &JobsWindow::launchFinished);
    jobs->launchJob(job, { { jobs::apiKeyVariable(job.spec.engine), key } });
    QTRY_COMPARE(finished.size(), 1);
    QVERIFY(jobs->launcher(QStringLiteral("keyed")));
    QCOMPARE(jobs->launcher(QStringLiteral("keyed"))->apiKey(), key);
    QVERIFY(jobs->selectJob(QStringLiteral("keyed")));
    QTRY_VERIFY(show->isEnabled());
    show->click();
    QDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = jobs->findChild<QDialog *>(QStringLiteral("apiKeyDialog"))) && dialog->isVisible());
    auto *field = dialog->findChild<QLineEdit *>(QStringLiteral("apiKeyField"));
    QVERIFY(field);
    QCOMPARE(field->text().toUtf8(), key);
    QVERIFY(field->isReadOnly());
    QVERIFY(dialog->findChild<QPushButton *>(QStringLiteral("copyApiKeyButton")));
    dialog->close();

    // A job without a key: the button stays disabled.
    job.spec.name = QStringLiteral("open");
    job.spec.apiKey = false;
    job.rendered = jobs::render(job.spec, job.nodes);
    finished.clear();
    jobs->launchJob(job);
    QTRY_COMPARE(finished.size(), 1);
    QVERIFY(jobs->selectJob(QStringLiteral("open")));
    QVERIFY(!show->isEnabled());
}

void TestJobsWindow::failureHintsNameTheRealCause()
{
    jobs::Job job;
    job.nodes = { { QStringLiteral("a"), QStringLiteral("node1"), {}, {}, {} },
        { QStringLiteral("b"), QStringLiteral("node2"), {}, {}, {} } };
    const QString local = QStringLiteral(
        "vllm on node1 ended while starting. The end of its log:\n"
        "INFO worker.py:1832 -- Started a local Ray instance.\n"
        "ValueError: The number of required GPUs exceeds the total number of available GPUs in the placement group.");
    QStringList hints = failureHints(local, job);
    QCOMPARE(hints.size(), 1);
    QVERIFY2(hints.first().contains(QStringLiteral("not about the nodes' GPUs")), qPrintable(hints.first()));
    QVERIFY(hints.first().contains(QStringLiteral("the 2 it needs")));
    QVERIFY(hints.first().contains(QStringLiteral("RAY_ADDRESS")));
    hints = failureHints(QStringLiteral("ValueError: The number of required GPUs exceeds the total number of "
                                        "available GPUs in the placement group."),
        job);
    QVERIFY2(hints.value(0).contains(QStringLiteral("ray status")), qPrintable(hints.value(0)));
    QVERIFY(failureHints(QStringLiteral("ValueError: Cannot provide a placement group of placement_group_specs="),
        job)
                .value(0)
                .contains(QStringLiteral("Another vLLM")));
    QVERIFY(failureHints(QStringLiteral("OSError: Incorrect path_or_model_id"), job).isEmpty());
}

void TestJobsWindow::smokeResultAndProof()
{
    MainWindow window;
    window.show();
    JobsWindow *jobs = openJobs(window);
    QVERIFY(jobs);
    QVERIFY(QTest::qWaitForWindowExposed(jobs));

    jobs::SmokeResult r;
    r.ok = true;
    r.ttftMs = 412;
    r.totalMs = 2870;
    r.tokens = 64;
    r.tokensPerSecond = 23.7;
    r.text = QStringLiteral("Tensor parallelism splits each layer's matrices across GPUs.");
    r.proof.verdict = jobs::Proof::Verdict::Tcp;
    r.proof.summary = QStringLiteral("The tensor-parallel traffic went over TCP, not RDMA.");
    r.proof.causes = { QStringLiteral("node1: NCCL_IB_DISABLE=1 (the job was launched TCP-only)."),
        QStringLiteral(
            "node2: NCCL_IB_GID_INDEX=3, but the RoCE v2 GID of 10.77.0.2 is index 1 (wrong GID).") };
    for (int i = 1; i <= 2; ++i) {
        jobs::NodeTraffic t;
        t.nodeId = QStringLiteral("id%1").arg(i);
        t.name = QStringLiteral("node%1").arg(i);
        t.rdmaDevice = QStringLiteral("rocep194s0");
        t.rdmaPort = 1;
        t.measured = true;
        t.rdmaPackets = 3 * i;
        t.rdmaBytes = 180 * i;
        t.nicBytes = qint64(48) * 1000 * 1000 * i;
        t.nicPackets = 40000 * i;
        t.nicMoved = true;
        r.proof.nodes << t;
    }
    jobs->showSmokeResult(r);
    QCOMPARE(jobs->tabs()->currentIndex(), int(JobsWindow::SmokeTab));
    SmokeResultView *view = jobs->smokeView();
    QVERIFY(view->isVisible());
    auto text = [view](const char *name) { return view->findChild<QLabel *>(QLatin1String(name))->text(); };
    QVERIFY2(text("smokeTtft").contains(QStringLiteral("412")), qPrintable(text("smokeTtft")));
    QCOMPARE(text("smokeRate"), QLocale().toString(23.7, 'f', 1));
    QCOMPARE(text("smokeTokens"), QStringLiteral("64"));
    QCOMPARE(view->findChild<QPlainTextEdit *>(QStringLiteral("smokeAnswer"))->toPlainText(), r.text);
    // The verdict in words (not colour alone), with the summary.
    QVERIFY2(text("proofVerdict").contains(QStringLiteral("TCP")), qPrintable(text("proofVerdict")));
    QCOMPARE(text("proofSummary"), r.proof.summary);
    QVERIFY(view->findChild<QLabel *>(QStringLiteral("proofVerdict"))->isVisible());
    // The causes, one item each.
    auto *causes = view->findChild<QListWidget *>(QStringLiteral("proofCauses"));
    QVERIFY(causes->isVisible());
    QCOMPARE(causes->count(), 2);
    QCOMPARE(causes->item(1)->text(), r.proof.causes.at(1));
    // Per node: device:port, RDMA packets and bytes, NIC bytes, what carried it.
    auto *table = view->findChild<QTableWidget *>(QStringLiteral("proofNodes"));
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->item(1, 0)->text(), QStringLiteral("node2"));
    QCOMPARE(table->item(1, 1)->text(), QStringLiteral("rocep194s0:1"));
    QCOMPARE(table->item(1, 2)->text(), QStringLiteral("6"));
    QCOMPARE(table->item(1, 3)->text(), QStringLiteral("360 B"));
    QVERIFY2(
        table->item(1, 4)->text().contains(QStringLiteral("MiB")), qPrintable(table->item(1, 4)->text()));
    QVERIFY2(
        table->item(1, 7)->text().contains(QStringLiteral("TCP")), qPrintable(table->item(1, 7)->text()));
    // The library's word and the job's queue pairs have columns of their own.
    QCOMPARE(table->columnCount(), 8);
    QCOMPARE(table->horizontalHeaderItem(5)->text(), QStringLiteral("Library says"));
    QCOMPARE(table->horizontalHeaderItem(6)->text(), QStringLiteral("Queue pairs"));
    if (!qEnvironmentVariableIsEmpty("HALOLINK_SCREENSHOT_DIR"))
        jobs->grab().save(
            qEnvironmentVariable("HALOLINK_SCREENSHOT_DIR") + QStringLiteral("/jobs-proof-tcp.png"));

    // RDMA: no causes shown; a failed answer says why.
    r.ok = false;
    r.error = QStringLiteral("connection refused");
    r.proof.verdict = jobs::Proof::Verdict::Rdma;
    r.proof.causes.clear();
    r.proof.summary = QStringLiteral("RDMA carried the tensor-parallel traffic.");
    view->setResult(r);
    QCOMPARE(text("proofVerdict"), SmokeResultView::verdictTitle(jobs::Proof::Verdict::Rdma));
    QVERIFY(!causes->isVisible());
    QVERIFY(text("smokeState").contains(QStringLiteral("connection refused")));
    QCOMPARE(text("smokeTtft"), QStringLiteral("—"));
    // Every verdict has its own words.
    QSet<QString> titles;
    for (auto v : { jobs::Proof::Verdict::Rdma, jobs::Proof::Verdict::Tcp, jobs::Proof::Verdict::Mixed,
             jobs::Proof::Verdict::NoTraffic, jobs::Proof::Verdict::Unknown })
        titles.insert(SmokeResultView::verdictTitle(v));
    QCOMPARE(titles.size(), 5);
}

void TestJobsWindow::tableModel()
{
    JobTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    JobRow row;
    row.key = QStringLiteral("tp|a");
    row.name = QStringLiteral("tp");
    row.state = JobState::Running;
    row.engine = QStringLiteral("vLLM over Ray, podman");
    row.model = QStringLiteral("/models/Qwen3");
    row.api = QStringLiteral("http://10.77.0.1:8000/v1");
    row.nodes = { QStringLiteral("node1"), QStringLiteral("node2") };
    QCOMPARE(model.setRow(row), 0);
    row.key = QStringLiteral("other|a");
    row.state = JobState::PartlyRunning;
    QCOMPARE(model.setRow(row), 1);
    row.state = JobState::Failed;
    QCOMPARE(model.setRow(row), 1);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, JobTableModel::StateColumn).data().toString(), QStringLiteral("running"));
    QCOMPARE(model.index(1, JobTableModel::StateColumn).data().toString(), QStringLiteral("failed"));
    QCOMPARE(model.index(0, JobTableModel::NodesColumn).data().toString(), QStringLiteral("node1, node2"));
    QCOMPARE(model.index(0, JobTableModel::ApiColumn).data().toString(), row.api);
    QVERIFY(!model.index(0, JobTableModel::StateColumn).data(Qt::DecorationRole).value<QIcon>().isNull());
    // Every state in its own words.
    QSet<QString> words;
    for (JobState s : { JobState::Running, JobState::PartlyRunning, JobState::Stopped, JobState::Checking,
             JobState::Starting, JobState::SmokeTesting, JobState::Stopping, JobState::Failed,
             JobState::Refused, JobState::Unknown })
        words.insert(JobTableModel::stateText(s));
    QCOMPARE(words.size(), 10);
    // Removed by key; the rows after it move up.
    QVERIFY(model.removeJob(QStringLiteral("tp|a")));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.rowOf(QStringLiteral("other|a")), 0);
    QVERIFY(!model.removeJob(QStringLiteral("tp|a")));
    // Nothing to stop when stopped or refused; done with when not running.
    QVERIFY(!JobTableModel::mayRun(JobState::Refused));
    QVERIFY(!JobTableModel::mayRun(JobState::Stopped));
    QVERIFY(JobTableModel::mayRun(JobState::Failed));
    QVERIFY(JobTableModel::isRemovable(JobState::Refused));
    QVERIFY(!JobTableModel::isRemovable(JobState::Running));
    QVERIFY(!JobTableModel::isRemovable(JobState::Unknown));
}

void TestJobsWindow::liveTraffic()
{
    TelemetryStore store;
    const double t0 = 1.7e9;
    const int rdmaTx = store.ensureSeries(telemetry::rdmaKey(
        QStringLiteral("n1"), QStringLiteral("rxe0"), 1, QStringLiteral("tx_bytes_per_s")));
    const int nicRx = store.ensureSeries(
        telemetry::nicKey(QStringLiteral("n1"), QStringLiteral("eth1"), QLatin1StringView("rx_bytes_per_s")));
    for (int i = 0; i < 30; ++i) {
        store.append(rdmaTx, t0 + i * 0.1, i < 20 ? 0.0 : 2.0e9); // the last second: 2 GB/s
        store.append(nicRx, t0 + i * 0.1, 5.0e6);
    }
    QCOMPARE(LiveTrafficView::recentRate(&store,
                 telemetry::rdmaKey(
                     QStringLiteral("n1"), QStringLiteral("rxe0"), 1, QStringLiteral("tx_bytes_per_s"))),
        2.0e9);
    QVERIFY(std::isnan(LiveTrafficView::recentRate(&store, QStringLiteral("n1/rdma/none/1/tx_bytes_per_s"))));
    LiveTrafficView view(&store);
    view.setNodes({ { QStringLiteral("n1"), QStringLiteral("node1"), QStringLiteral("eth1"),
                        QStringLiteral("rxe0"), 1 },
        { QStringLiteral("n2"), QStringLiteral("node2"), QStringLiteral("eth1"), QString(), 0 } });
    auto *table = view.findChild<QTableWidget *>(QStringLiteral("liveTrafficTable"));
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->item(0, 2)->text(), QStringLiteral("—")); // not active: no numbers
    view.setActive(true);
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("rxe0:1"));
    QCOMPARE(table->item(0, 2)->text(), telemetry::formatValue(2.0e9, telemetry::Unit::BytesPerSecond));
    QCOMPARE(table->item(0, 6)->text(), telemetry::formatValue(5.0e6, telemetry::Unit::BytesPerSecond));
    QCOMPARE(table->item(1, 1)->text(), QStringLiteral("none"));
    QCOMPARE(table->item(1, 2)->text(), QStringLiteral("—"));
    // A node that stopped reporting while another goes on shows no stale number.
    const int other = store.ensureSeries(
        telemetry::nicKey(QStringLiteral("n2"), QStringLiteral("eth1"), QLatin1StringView("rx_bytes_per_s")));
    store.append(other, t0 + 60, 1.0);
    view.refresh();
    QCOMPARE(table->item(0, 2)->text(), QStringLiteral("—"));
}

void TestJobsWindow::accessibility()
{
    MainWindow window;
    window.show();
    JobsWindow *jobs = openJobs(window);
    QVERIFY(jobs);
    QVERIFY(QTest::qWaitForWindowExposed(jobs));
    // Every control that takes focus has a name for a screen reader.
    for (int tab = 0; tab < jobs->tabs()->count(); ++tab) {
        jobs->tabs()->setCurrentIndex(tab);
        for (QWidget *w : jobs->findChildren<QWidget *>()) {
            if (!w->isVisible() || !(w->focusPolicy() & Qt::TabFocus) || w->inherits("QScrollBar"))
                continue;
            if (w->inherits("QAbstractSpinBox") == false && w->parentWidget()
                && w->parentWidget()->inherits("QAbstractSpinBox"))
                continue; // a spin box's line edit
            if (w->parentWidget() && w->parentWidget()->inherits("QComboBox"))
                continue;
            QString name = w->accessibleName();
            if (auto *b = qobject_cast<QAbstractButton *>(w))
                name += b->text();
            QVERIFY2(!name.isEmpty(),
                qPrintable(QStringLiteral("%1 %2 in tab %3")
                               .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                               .arg(tab)));
        }
    }
    // Tab order: the list, its buttons (disabled ones skipped), the tabs, the form from its first field.
    jobs->tabs()->setCurrentIndex(JobsWindow::NewJobTab);
    auto next = [](QWidget *w) {
        do {
            w = w->nextInFocusChain();
        } while (
            !((w->focusPolicy() & Qt::TabFocus) && w->isVisible() && w->isEnabled() && !w->focusProxy()));
        return w;
    };
    QWidget *w = jobs->jobsView();
    QStringList order;
    for (int i = 0; i < 6; ++i) {
        w = next(w);
        order << w->objectName();
    }
    QCOMPARE(order,
        (QStringList { QStringLiteral("newJobButton"), QStringLiteral("refreshJobsButton"),
            QStringLiteral("jobTabsBar"), QStringLiteral("nameEdit"), QStringLiteral("engineCombo"),
            QStringLiteral("runtimeCombo") }));
}

QTEST_MAIN(TestJobsWindow)
#include "tst_jobswindow.moc"
