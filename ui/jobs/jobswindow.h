#pragma once
// Cluster > Jobs: the tensor-parallel jobs of the cluster in one non-modal
// window, driving core/jobs/joblauncher.h (the same launcher as
// `halolinkctl job`).
//
//  - the list: jobs found on the connected SSH nodes (JobDiscovery, when the
//    window opens and on Refresh) and jobs launched from here, with state,
//    engine and runtime, model, API URL and nodes;
//  - New Job: the form with the live preview (JobForm) and Launch. A refused
//    launch (the form, the checks on the nodes) lists every problem on its
//    own line, under the form until the form changes (then they are worked
//    out again, or go when they came from the nodes' checks); the steps
//    follow stepStateChanged, the launcher's messages fill a log view, and a
//    successful launch runs the smoke test;
//  - a launch the checks refused is listed as "refused (nothing started)":
//    nothing to stop, Try Again runs the checks and the launch again;
//  - for the selected job: Stop (when something of it may run), Restart,
//    Smoke Test, Cancel Launch, Remove Job (stopped, failed or refused: out
//    of the list, nothing on the nodes changes); its logs (a node's role:
//    the last 200 lines, then live); the smoke result with the RDMA proof;
//    the live RDMA/NIC rates while it runs;
//  - Compare RDMA and TCP for a running job (ComparisonDialog: the job is
//    benchmarked, relaunched with the other transport, benchmarked again and
//    put back), and the comparisons kept for it (KeptComparisonsDialog).
//
// jobswindow.cpp builds the window; jobswindow_list.cpp keeps the list and
// the selected job's views, jobswindow_actions.cpp the actions,
// jobswindow_logs.cpp the logs and the live traffic, jobswindow_compare.cpp
// the RDMA/TCP comparison.
//
// Closing the window hides it: launches in progress go on, and the jobs run
// on the nodes whatever the app does.

#include "jobs/jobform.h"
#include "jobs/joblauncher.h"
#include "jobs/jobtablemodel.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QBoxLayout;
class QLabel;
class QComboBox;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QTableWidget;
class QTabWidget;
class QTimer;

namespace halolink {
class ClusterController;
class Inventory;
class RemoteProcess;
class TelemetryStore;
} // namespace halolink

namespace halolink::jobs {
struct Comparison;
}

namespace halolink::ui {

class ComparisonDialog;
class JobForm;
class KeptComparisonsDialog;
class LiveTrafficView;
class SmokeResultView;

class JobsWindow final : public QWidget {
    Q_OBJECT

public:
    enum Tab { NewJobTab, ProgressTab, LogsTab, SmokeTab, TrafficTab };

    JobsWindow(ClusterController *cluster, Inventory *inventory, TelemetryStore *telemetry,
        QWidget *parent = nullptr);
    ~JobsWindow() override;

    JobForm *form() const { return m_form; }
    QTableView *jobsView() const { return m_view; }
    JobTableModel *jobsModel() const { return m_model; }
    QTabWidget *tabs() const { return m_tabs; }
    SmokeResultView *smokeView() const { return m_smokeView; }
    LiveTrafficView *trafficView() const { return m_traffic; }
    QPushButton *launchButton() const { return m_launch; }
    QPushButton *showApiKeyButton() const { return m_showKey; }
    // Why the last launch from the form was refused (empty: it was not).
    QString formProblemsText() const;
    // Why the selected job's launch was refused or failed.
    QString jobProblemsText() const;
    QString discoveryStatus() const;
    // A launch, stop or smoke test is in progress for some job.
    bool isBusy() const;
    bool isDiscovering() const { return m_discovering; }
    // The launcher of a job (created when first needed; null when none yet).
    jobs::JobLauncher *launcher(const QString &jobName) const;
    bool selectJob(const QString &jobName);
    // The comparison dialog of a job (open, running or done; null: none).
    ComparisonDialog *comparisonDialog(const QString &jobName) const;

public Q_SLOTS:
    // Finds the jobs on the connected SSH nodes (Refresh).
    void discover();
    // Launches what the form describes, or says why not.
    void launch();
    // Launches a rendered job as it is (launch() once the form passed): the
    // launcher's checks on the nodes decide.
    // `secrets`: the values of its secret variables (JobLauncher::setSecrets()),
    // kept in memory only.
    void launchJob(const jobs::Job &job, const QHash<QString, QByteArray> &secrets = {});
    // Asks, then stops the selected job on its nodes.
    void stopSelected();
    void restartSelected();
    void smokeTestSelected();
    void cancelSelected();
    // Takes the selected job out of the list (stopped, failed or refused).
    void removeSelected();
    // Shows the selected job's API key on request (read from its server on
    // the head first when the launcher does not know it).
    void showApiKeySelected();
    // Shows a smoke test result (and its RDMA proof) for the selected job, or
    // on its own when none is selected.
    void showSmokeResult(const jobs::SmokeResult &result);
    // Compare RDMA and TCP for the selected running job: the options, then
    // the comparison (jobswindow_compare.cpp).
    ComparisonDialog *compareSelected();
    // The comparisons kept for the selected job.
    KeptComparisonsDialog *showKeptComparisonsSelected();

Q_SIGNALS:
    void discoveryFinished();
    void launchFinished(const QString &jobName, bool ok);
    void smokeFinished(const QString &jobName, bool ok);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Entry {
        QString key;
        jobs::Job job;
        JobState state = JobState::Unknown;
        QString stateDetail;
        QHash<int, QString> stepStates;
        QStringList messages;
        QString problemsTitle;
        QStringList problems;
        std::optional<jobs::SmokeResult> smoke;
        QHash<QString, QByteArray> secrets; // memory only, for Try Again
        jobs::JobLauncher *launcher = nullptr;
        bool smokeAfterLaunch = false;
        // A comparison relaunches the job with a launcher of its own: busy meanwhile.
        bool comparing = false;
        QPointer<ComparisonDialog> comparison;
        bool restarting = false;
        // This launch: the checks ran, a step was started.
        bool checked = false;
        bool started = false;
    };

    static QString keyOf(const jobs::Job &job);
    Entry *entry(const QString &key) const;
    Entry *selected() const;
    Entry *addEntry(const jobs::Job &job);
    jobs::JobLauncher *launcherOf(Entry *e);
    void updateRow(Entry *e);
    void select(Entry *e);
    void onSelectionChanged();
    void onDiscovered();
    void updateButtons();
    void showSteps(Entry *e);
    void updateStep(Entry *e, int index);
    void showProblems(QLabel *label, const QString &title, const QStringList &problems);
    // Why the form cannot be launched here and now (empty: it can); `e` gets
    // the list's entry of the same job, if any.
    QStringList refusal(const JobForm::Current &c, Entry **e) const;
    void onFormChanged();
    void removeEntry(Entry *e);
    void addMessage(Entry *e, const QString &node, const QString &text);
    void updateTraffic();
    void fillLogSources();
    void startLogStream();
    void stopLogStream();
    void flushLog();
    void applyPalette();
    void showApiKey(const QString &jobName, const QByteArray &key);
    void addCompareButtons(QWidget *parent, QBoxLayout *row);
    void updateCompareButtons(Entry *e, bool busy);
    void onComparisonFinished(const QString &key, const jobs::Comparison &result);

    QPointer<ClusterController> m_cluster;
    Inventory *m_inventory;
    TelemetryStore *m_telemetry;
    jobs::JobDiscovery *m_discovery;
    bool m_discovering = false;
    std::vector<std::unique_ptr<Entry>> m_entries; // removeEntry() disconnects the launcher first
    JobTableModel *m_model;
    QTableView *m_view;
    QPushButton *m_newJob;
    QPushButton *m_refresh;
    QPushButton *m_stop;
    QPushButton *m_restart;
    QPushButton *m_smoke;
    QPushButton *m_cancel;
    QPushButton *m_remove;
    QPushButton *m_showKey;
    QPushButton *m_compare = nullptr;
    QPushButton *m_keptComparisons = nullptr;
    QLabel *m_status;
    QTabWidget *m_tabs;
    JobForm *m_form;
    QLabel *m_formProblems;
    QPushButton *m_launch;
    QLabel *m_jobProblems;
    QLabel *m_progressTitle;
    QTableWidget *m_steps;
    QPlainTextEdit *m_messages;
    QComboBox *m_logSource;
    QPushButton *m_logReload;
    QLabel *m_logStatus;
    QPlainTextEdit *m_log;
    QPointer<RemoteProcess> m_logStream;
    QStringList m_logPending;
    QTimer *m_logFlush;
    SmokeResultView *m_smokeView;
    LiveTrafficView *m_traffic;
    QString m_formProblemsTitle;
    QStringList m_formProblemList;
    bool m_formProblemsLocal = false; // refusal() found them (else the nodes' checks)
};

} // namespace halolink::ui
