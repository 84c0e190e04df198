// The Jobs window driving a real launch: two sshd "nodes", each in its own
// network namespace, joined by a veth pair as their data plane, the real
// engine deployed by the main window's own cluster controller, and the job on
// the host runtime through the Ray/vLLM test doubles (tests/lab/doubles,
// first in the job's PATH through the form's environment overrides). From
// the form: Launch, the steps reach "ready", the smoke test runs by itself
// and the proof says TCP with its causes (TCP-only, and a veth has no RDMA
// port); the logs stream; the live traffic table lists the nodes; a second
// main window (the app started again) says in its status bar that the job
// runs; the advice beside the form reads the model's shape on the head
// through its agent; Compare RDMA and TCP benchmarks it over TCP, then the relaunch with
// RDMA is refused (a veth has no RDMA device): the report says so, shows the
// TCP figures and "n/a" for RDMA, and the job runs as before; the comparison
// is kept; Stop (confirmed) leaves nothing behind, and Refresh agrees.
//
// HALOLINK_SCREENSHOT_DIR saves grabs; HALOLINK_SCREENSHOT_PAUSE_S keeps the
// windows up that long with the running job's smoke result shown (for
// screenshots of a real screen: run under Xvfb with QT_QPA_PLATFORM=xcb; the
// file "pause" in the screenshot folder names what is shown meanwhile);
// HALOLINK_SCREENSHOT_SCHEME=dark uses the dark palette.
// Needs root (the sshd fixture and network namespaces); skips otherwise.

#include "sshd_fixture.h"

#include "appearance.h"
#include "cluster/clustercontroller.h"
#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "jobs/adviceview.h"
#include "jobs/comparisondialog.h"
#include "jobs/comparisonview.h"
#include "jobs/jobform.h"
#include "jobs/keptcomparisonsdialog.h"
#include "jobs/jobswindow.h"
#include "jobs/livetrafficview.h"
#include "jobs/smokeresultview.h"
#include "mainwindow.h"
#include "nodes/nodeactions.h"
#include "setup/setupplan.h"
#include "ssh/remotetask.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTimer>


using namespace halolink;
using namespace halolink::test;
using namespace halolink::ui;

namespace {
const QString kDataIf[2] = { QStringLiteral("hlgd0"), QStringLiteral("hlgd1") };
const QString kDataIp[2] = { QStringLiteral("10.98.8.1"), QStringLiteral("10.98.8.2") };

} // namespace

class TestJobsWindowSsh : public QObject {
    Q_OBJECT

    SshdFixture m_fx;
    NetnsSet m_ns { QStringLiteral("gui"), 97 }; // its own names and subnet
    int m_servers[2] = { -1, -1 };
    bool m_ready = false;
    QString m_skip;
    QString m_ids[2];
    QString m_models;
    QString m_rayDir;

    bool ip(const QStringList &args, QString *error)
    {
        QString out;
        if (!SshdFixture::run(QStringLiteral("ip"), args, &out)) {
            *error = QStringLiteral("ip %1: %2").arg(args.join(QLatin1Char(' ')), out);
            return false;
        }
        return true;
    }

    static QByteArray onNode(ClusterController *cluster, const QString &id, const QString &command)
    {
        RemoteTask task(cluster->sshSession(id), command);
        QSignalSpy done(&task, &RemoteTask::finished);
        QSignalSpy failed(&task, &RemoteTask::failed);
        task.start();
        if (!done.wait(30000) && failed.isEmpty())
            qWarning("command on %s did not finish", qPrintable(id));
        return task.standardOutput();
    }

    static void screenshot(QWidget *w, const char *name)
    {
        if (!qEnvironmentVariableIsEmpty("HALOLINK_SCREENSHOT_DIR"))
            w->grab().save(
                qEnvironmentVariable("HALOLINK_SCREENSHOT_DIR") + QLatin1Char('/') + QLatin1String(name));
    }

    static void pauseForScreenshots(const char *what)
    {
        const int seconds = qEnvironmentVariableIntValue("HALOLINK_SCREENSHOT_PAUSE_S");
        if (seconds <= 0)
            return;
        // The file tells a screenshot script outside what is on screen now.
        QFile marker(qEnvironmentVariable("HALOLINK_SCREENSHOT_DIR") + QStringLiteral("/pause"));
        if (marker.open(QIODevice::WriteOnly | QIODevice::Truncate))
            marker.write(QByteArray(what) + '\n');
        marker.close();
        QTest::qWait(seconds * 1000);
        marker.remove();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HaloLinkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_jobswindow_ssh"));
        qunsetenv("SSH_AUTH_SOCK");
        qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
        if (qEnvironmentVariable("HALOLINK_SCREENSHOT_SCHEME") == QLatin1String("dark"))
            applyColorScheme(ColorScheme::Dark);
        m_skip = SshdFixture::unavailableReason();
        if (m_skip.isEmpty())
            m_skip = NetnsSet::unavailableReason();
        if (!m_skip.isEmpty())
            return;
        QString error;
        QVERIFY2(m_fx.setUp(&error), qPrintable(error));
        QVERIFY2(m_ns.create(2, &error), qPrintable(error));
        // One home per node (the fixture's user has one): the job folders
        // ($HOME/.cache/halolink/jobs) must not be shared like an NFS home.
        for (int i = 0; i < 2; ++i) {
            const QString home = m_fx.home() + QStringLiteral("/node%1").arg(i + 1);
            QVERIFY(QDir().mkpath(home));
            QString out;
            QVERIFY2(SshdFixture::run(QStringLiteral("chown"), { m_fx.user(), home }, &out), qPrintable(out));
            m_servers[i] = m_fx.startServer(
                &error, m_ns.name(i), m_ns.innerAddress(i), { QStringLiteral("SetEnv HOME=%1").arg(home) });
            QVERIFY2(m_servers[i] >= 0, qPrintable(error));
        }
        // The data plane: a veth pair straight between the two namespaces.
        QVERIFY2(ip({ QStringLiteral("link"), QStringLiteral("add"), kDataIf[0], QStringLiteral("netns"),
                        m_ns.name(0), QStringLiteral("type"), QStringLiteral("veth"), QStringLiteral("peer"),
                        QStringLiteral("name"), kDataIf[1], QStringLiteral("netns"), m_ns.name(1) },
                     &error),
            qPrintable(error));
        for (int i = 0; i < 2; ++i) {
            QVERIFY2(ip({ QStringLiteral("-n"), m_ns.name(i), QStringLiteral("addr"), QStringLiteral("add"),
                            kDataIp[i] + QStringLiteral("/24"), QStringLiteral("dev"), kDataIf[i] },
                         &error),
                qPrintable(error));
            QVERIFY2(ip({ QStringLiteral("-n"), m_ns.name(i), QStringLiteral("link"), QStringLiteral("set"),
                            kDataIf[i], QStringLiteral("up") },
                         &error),
                qPrintable(error));
        }
        m_fx.exportClientEnvironment();
        // The nodes' host keys are known already: no host-key dialogs here.
        QFile pub(m_fx.hostKey() + QStringLiteral(".pub"));
        QVERIFY(pub.open(QIODevice::ReadOnly));
        const QList<QByteArray> key = pub.readAll().trimmed().split(' ');
        QVERIFY(key.size() >= 2);
        QFile known(m_fx.knownHosts());
        QVERIFY(known.open(QIODevice::Append));
        for (int i = 0; i < 2; ++i)
            known.write("[" + m_fx.server(m_servers[i]).address.toUtf8()
                + "]:" + QByteArray::number(m_fx.server(m_servers[i]).port) + ' ' + key.at(0) + ' '
                + key.at(1) + '\n');
        known.close();

        // A model folder the test user can read.
        m_models = m_fx.dir() + QStringLiteral("/models");
        QVERIFY(QDir().mkpath(m_models + QStringLiteral("/tiny-model")));
        QFile config(m_models + QStringLiteral("/tiny-model/config.json"));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write("{\"architectures\": [\"TinyForCausalLM\"]}\n");
        config.close();
        QString out;
        QVERIFY(SshdFixture::run(
            QStringLiteral("chmod"), { QStringLiteral("-R"), QStringLiteral("a+rX"), m_models }, &out));
        m_rayDir = m_fx.dir() + QStringLiteral("/ray");
        QVERIFY(QDir().mkpath(m_rayDir));
        QVERIFY2(SshdFixture::run(QStringLiteral("chown"), { m_fx.user(), m_rayDir }, &out), qPrintable(out));

        // The inventory the main window loads.
        QFile::remove(Inventory::defaultFilePath());
        Inventory inventory;
        inventory.load();
        for (int i = 0; i < 2; ++i) {
            Node n;
            n.name = QStringLiteral("n%1").arg(i + 1);
            n.host = m_fx.server(m_servers[i]).address;
            n.port = m_fx.server(m_servers[i]).port;
            n.user = m_fx.user();
            n.identityFile = m_fx.clientKey();
            n.dataInterface = kDataIf[i];
            n.dataAddress = kDataIp[i] + QStringLiteral("/24");
            QVERIFY2(inventory.addNode(n, &error, &m_ids[i]), qPrintable(error));
        }
        m_ready = true;
    }

    void cleanupTestCase()
    {
        m_ns.destroy();
        m_fx.tearDown();
    }

    void launchSmokeLogsStopFromTheWindow()
    {
        if (!m_ready)
            QSKIP(qPrintable(m_skip));
        MainWindow window;
        window.resize(1100, 760);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ClusterController *cluster = window.nodeActions()->cluster();
        for (const QString &id : m_ids)
            QTRY_VERIFY2_WITH_TIMEOUT(cluster->probeReport(id).has_value(),
                qPrintable(cluster->errorString(id) + QLatin1Char(' ') + cluster->probeError(id)), 120000);

        window.jobsAction()->trigger();
        JobsWindow *jobs = window.jobsWindow();
        QVERIFY(jobs);
        QVERIFY(QTest::qWaitForWindowExposed(jobs));
        QTRY_VERIFY_WITH_TIMEOUT(!jobs->isDiscovering(), 60000);
        QVERIFY2(
            jobs->discoveryStatus().contains(QStringLiteral("No jobs")), qPrintable(jobs->discoveryStatus()));

        // The form: host runtime, the doubles first in the PATH, TCP only.
        JobForm *form = jobs->form();
        form->findChild<QLineEdit *>(QStringLiteral("nameEdit"))->setText(QStringLiteral("gui"));
        form->findChild<QComboBox *>(QStringLiteral("runtimeCombo"))->setCurrentText(QStringLiteral("host"));
        form->findChild<QLineEdit *>(QStringLiteral("modelEdit"))
            ->setText(m_models + QStringLiteral("/tiny-model"));
        form->findChild<QLineEdit *>(QStringLiteral("envEdit"))
            ->setText(
                QStringLiteral("PATH=" HALOLINK_SOURCE_DIR "/tests/lab/doubles:/usr/local/bin:/usr/bin:/bin "
                               "HALOLINK_DOUBLE_RAY_DIR=%1 HALOLINK_DOUBLE_STARTUP_S=1")
                    .arg(m_rayDir));
        form->findChild<QCheckBox *>(QStringLiteral("tcpOnlyCheck"))->setChecked(true);
        QCOMPARE(form->current().nodes.size(), 2);
        QVERIFY2(
            form->current().errors.isEmpty(), qPrintable(form->current().errors.join(QLatin1Char('\n'))));
        QVERIFY(form->previewText().contains(QStringLiteral("NCCL_IB_DISABLE='1'")));
        // The advice read the model on the head through its agent (model_shape): an answer, or
        // the engine's reason it could not read these test files; never left waiting.
        AdviceView *advice = form->adviceView();
        QTRY_VERIFY2_WITH_TIMEOUT(!advice->summaryText().contains(QStringLiteral("Reading"))
                && !advice->summaryText().contains(QStringLiteral("not read yet")),
            qPrintable(advice->summaryText()), 60000);
        QVERIFY2(advice->advice() || advice->summaryText().contains(QStringLiteral("could not be read on n1")),
            qPrintable(advice->summaryText()));
        qInfo("advice: %s", qPrintable(advice->summaryText()));
        screenshot(jobs, "jobs-new-job.png");

        QSignalSpy launched(jobs, &JobsWindow::launchFinished);
        QSignalSpy smoked(jobs, &JobsWindow::smokeFinished);
        QTest::mouseClick(jobs->launchButton(), Qt::LeftButton);
        QCOMPARE(jobs->tabs()->currentIndex(), int(JobsWindow::ProgressTab));
        QCOMPARE(jobs->jobsModel()->rowCount(), 1);
        auto *stop = jobs->findChild<QPushButton *>(QStringLiteral("stopJobButton"));
        QVERIFY(!stop->isEnabled()); // busy
        QVERIFY(launched.wait(180000));
        QVERIFY2(launched.first().at(1).toBool(), qPrintable(jobs->jobProblemsText()));
        auto *steps = jobs->findChild<QTableWidget *>(QStringLiteral("stepsTable"));
        QCOMPARE(steps->rowCount(), 3); // ray-head, ray-worker, vllm
        for (int i = 0; i < steps->rowCount(); ++i)
            QCOMPARE(steps->item(i, 4)->text(), QStringLiteral("ready"));
        const QString messages
            = jobs->findChild<QPlainTextEdit *>(QStringLiteral("jobMessages"))->toPlainText();
        QVERIFY2(messages.contains(QStringLiteral("Checks passed")), qPrintable(messages));
        screenshot(jobs, "jobs-launched.png");

        // The smoke test follows by itself; the proof says TCP and why.
        if (smoked.isEmpty())
            QVERIFY(smoked.wait(120000));
        QVERIFY(smoked.first().at(1).toBool());
        QCOMPARE(jobs->tabs()->currentIndex(), int(JobsWindow::SmokeTab));
        SmokeResultView *view = jobs->smokeView();
        QVERIFY(view->result().has_value());
        QVERIFY(view->result()->tokens > 1);
        // The window shows what the launcher judged. A veth has no RDMA port
        // and the engine counts its bytes: TCP.
        const jobs::SmokeResult shown = *view->result();
        QCOMPARE(jobs->launcher(QStringLiteral("gui"))->smokeResult().proof.verdict, shown.proof.verdict);
        QCOMPARE(view->findChild<QLabel *>(QStringLiteral("proofVerdict"))->text(),
            SmokeResultView::verdictTitle(shown.proof.verdict));
        QCOMPARE(view->findChild<QLabel *>(QStringLiteral("proofSummary"))->text(), shown.proof.summary);
        QVERIFY2(shown.proof.verdict == jobs::Proof::Verdict::Tcp, qPrintable(shown.proof.summary));
        auto *proofNodes = view->findChild<QTableWidget *>(QStringLiteral("proofNodes"));
        QCOMPARE(proofNodes->rowCount(), 2);
        QCOMPARE(proofNodes->item(0, 0)->text(), QStringLiteral("n1"));
        auto *causes = view->findChild<QListWidget *>(QStringLiteral("proofCauses"));
        QStringList causeTexts;
        for (int i = 0; i < causes->count(); ++i)
            causeTexts << causes->item(i)->text();
        QCOMPARE(causeTexts, shown.proof.causes);
        QVERIFY2(causeTexts.join(QLatin1Char('\n')).contains(QStringLiteral("NCCL_IB_DISABLE=1")),
            qPrintable(causeTexts.join(QLatin1Char('\n'))));
        QVERIFY(proofNodes->item(0, 7)->text().contains(QStringLiteral("TCP")));
        QCOMPARE(jobs->jobsModel()->row(0).state, JobState::Running);
        QVERIFY(stop->isEnabled());
        screenshot(jobs, "jobs-window.png");

        // Live traffic: the job's nodes, refreshed while shown.
        jobs->tabs()->setCurrentIndex(JobsWindow::TrafficTab);
        QVERIFY(jobs->trafficView()->isActive());
        QCOMPARE(
            jobs->trafficView()->findChild<QTableWidget *>(QStringLiteral("liveTrafficTable"))->rowCount(),
            2);

        // Logs: the server's, the last lines then live; a tab change ends the stream.
        jobs->tabs()->setCurrentIndex(JobsWindow::LogsTab);
        auto *source = jobs->findChild<QComboBox *>(QStringLiteral("logSource"));
        QCOMPARE(source->count(), 3);
        QVERIFY(source->currentText().contains(QStringLiteral("vllm")));
        auto *log = jobs->findChild<QPlainTextEdit *>(QStringLiteral("jobLog"));
        QTRY_VERIFY_WITH_TIMEOUT(log->toPlainText().contains(QStringLiteral("/health")), 20000);
        screenshot(jobs, "jobs-logs.png");
        jobs->tabs()->setCurrentIndex(JobsWindow::SmokeTab);
        QCOMPARE(jobs->findChild<QLabel *>(QStringLiteral("logStatus"))->text(),
            QStringLiteral("Not following the log."));
        pauseForScreenshots("smoke");

        // The app started again: one discovery, and the status bar says the job runs.
        {
            MainWindow second;
            second.show();
            QTRY_VERIFY_WITH_TIMEOUT(!second.startupJobsMessage().isEmpty(), 120000);
            QCOMPARE(second.startupJobsMessage(),
                QStringLiteral("Job 'gui' is running on n1, n2 (http://10.98.8.1:8000/v1)"));
            QCOMPARE(second.statusBar()->currentMessage(), second.startupJobsMessage());
            second.nodeActions()->cluster()->stop();
        }

        // Launching it again while it runs is refused, and it stays running.
        jobs->tabs()->setCurrentIndex(JobsWindow::NewJobTab);
        QTest::mouseClick(jobs->launchButton(), Qt::LeftButton);
        QVERIFY2(jobs->formProblemsText().contains(QStringLiteral("A job named 'gui' already runs on n1")),
            qPrintable(jobs->formProblemsText()));
        QCOMPARE(jobs->jobsModel()->rowCount(), 1);
        QCOMPARE(jobs->jobsModel()->row(0).state, JobState::Running);

        // Compare RDMA and TCP: the TCP run (the job runs TCP-only), then the
        // relaunch with RDMA is refused before anything stops (a veth has no
        // RDMA device): the comparison fails with the reason, the job as it was.
        auto *compare = jobs->findChild<QPushButton *>(QStringLiteral("compareJobButton"));
        QVERIFY(compare->isEnabled());
        compare->click();
        ComparisonDialog *dialog = jobs->comparisonDialog(QStringLiteral("gui"));
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        dialog->findChild<QLineEdit *>(QStringLiteral("comparisonLevels"))->setText(QStringLiteral("1, 2"));
        dialog->findChild<QSpinBox *>(QStringLiteral("comparisonRequests"))->setValue(4);
        dialog->findChild<QSpinBox *>(QStringLiteral("comparisonMaxTokens"))->setValue(8);
        QSignalSpy compared(dialog, &ComparisonDialog::comparisonFinished);
        QVERIFY(dialog->start());
        QCOMPARE(dialog->page(), int(ComparisonDialog::RunPage));
        QCOMPARE(jobs->jobsModel()->row(0).state, JobState::Benchmarking);
        QVERIFY(!stop->isEnabled());
        QVERIFY(jobs->isBusy());
        if (!qEnvironmentVariableIsEmpty("HALOLINK_SCREENSHOT_DIR")) {
            QTest::qWait(1500); // into the first benchmark
            screenshot(dialog, "jobs-compare-running.png");
        }
        QVERIFY(compared.count() > 0 || compared.wait(300000));
        QVERIFY(dialog->view()->comparison().has_value());
        const jobs::Comparison compared0 = *dialog->view()->comparison();
        const QString said = dialog->findChild<QPlainTextEdit *>(QStringLiteral("comparisonMessages"))->toPlainText();
        QVERIFY2(compared0.tcp.ran && compared0.tcp.ok, qPrintable(compared0.tcp.error + QLatin1Char('\n') + said));
        QVERIFY(!compared0.rdma.ran);
        QVERIFY2(compared0.error.contains(QStringLiteral("no RDMA device")), qPrintable(compared0.error));
        QVERIFY(compared0.restored);
        // The advisor knows no speed for these test files: no prediction, and it says so.
        QVERIFY(compared0.prediction.isEmpty());
        QVERIFY2(said.contains(QStringLiteral("No prediction beside the measurement")), qPrintable(said));
        QVERIFY2(dialog->view()->outcomeText().contains(QStringLiteral("no RDMA device")),
            qPrintable(dialog->view()->outcomeText()));
        QTableWidget *figures = dialog->view()->table();
        QCOMPARE(figures->rowCount(), 2);
        for (int row = 0; row < 2; ++row) {
            QVERIFY(figures->item(row, ComparisonView::TcpRateColumn)->data(Qt::UserRole).toDouble() > 0);
            QCOMPARE(figures->item(row, ComparisonView::RdmaRateColumn)->text(), QStringLiteral("n/a"));
            QCOMPARE(figures->item(row, ComparisonView::SpeedupColumn)->text(), QStringLiteral("n/a"));
        }
        QCOMPARE(jobs->jobsModel()->row(0).state, JobState::Running);
        QVERIFY(stop->isEnabled());
        QTest::qWait(200); // the layout after the report came, and the chart's queued replot
        screenshot(dialog, "jobs-compare.png");
        dialog->close();
        KeptComparisonsDialog *kept = jobs->showKeptComparisonsSelected();
        QVERIFY(kept);
        QVERIFY(kept->list()->rowCount() >= 1);
        QCOMPARE(kept->comparisons().first().started, compared0.started);
        kept->close();

        // Stop, confirmed in the question asked.
        bool asked = false;
        QTimer::singleShot(100, this, [&asked] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                asked = box->text().contains(QStringLiteral("Stop the job 'gui' on n1, n2"));
                box->button(QMessageBox::Yes)->click();
            }
        });
        stop->click();
        QVERIFY(asked);
        QTRY_COMPARE_WITH_TIMEOUT(jobs->jobsModel()->row(0).state, JobState::Stopped, 120000);
        for (const QString &id : m_ids) {
            const QByteArray ps = onNode(
                cluster, id, QStringLiteral("pgrep -u \"$(id -u)\" -af '[t]ests/lab/doubles/' || true"));
            QVERIFY2(ps.trimmed().isEmpty(), ps.constData());
        }
        QVERIFY(!stop->isEnabled());
        // Refresh agrees: the job is gone from the nodes, the entry stays stopped.
        QSignalSpy discovered(jobs, &JobsWindow::discoveryFinished);
        jobs->discover();
        QVERIFY(discovered.wait(60000));
        QCOMPARE(jobs->jobsModel()->row(0).state, JobState::Stopped);
        QVERIFY2(
            jobs->discoveryStatus().contains(QStringLiteral("No jobs")), qPrintable(jobs->discoveryStatus()));
        cluster->stop();
    }
};

QTEST_MAIN(TestJobsWindowSsh)
#include "tst_jobswindow_ssh.moc"
