#pragma once
// "Compare RDMA and TCP" for one running job (core/jobs/jobcompare.h): the
// options (concurrency levels, requests per level, tokens per answer, seed,
// and the secrets a relaunch needs that this window does not hold), with the
// warning that the job is relaunched twice; then the comparison as it runs
// (step of steps, the current level's requests, the messages, Cancel, which
// puts the job back as it was); then its report in a ComparisonView. Before
// the first benchmark the model's shape is read on the head, for the
// advisor's prediction of the job's way beside the measurement (none, said
// so, when it cannot be read or is unknown).
//
// Non-modal. Closing it while the comparison runs asks whether to cancel:
// a half-done comparison left alone would leave the job on the other
// transport, so the dialog stays until the job is back.

#include "jobs/adviceview.h"
#include "jobs/comparereport.h"
#include "jobs/job.h"
#include "jobs/joblauncher.h"

#include <QDialog>
#include <QHash>

class QDialogButtonBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QSplitter;
class QStackedWidget;

namespace halolink {
class ClusterController;
}

namespace halolink::jobs {
class JobComparison;
}

namespace halolink::ui {

class ComparisonView;

class ComparisonDialog final : public QDialog {
    Q_OBJECT

public:
    enum Page { OptionsPage, RunPage };

    // `secrets`: the values of the job's secret variables known here (memory
    // only); the form asks for the others the job reads.
    ComparisonDialog(ClusterController *cluster, const jobs::Job &job, const QHash<QString, QByteArray> &secrets,
        QWidget *parent = nullptr);
    ~ComparisonDialog() override;
    // How the model's shape is read on the head for the advisor's prediction
    // (the Jobs window: through the agent); without one there is none.
    void setShapeReader(AdviceView::ShapeReader reader);

    const jobs::Job &job() const { return m_job; }
    jobs::JobComparison *comparison() const { return m_comparison; }
    ComparisonView *view() const { return m_view; }
    int page() const;
    bool isRunning() const;
    // Why the options were refused (empty: they were not).
    QString problemsText() const;

public Q_SLOTS:
    // Checks the options; starts the comparison, or says why not (false).
    bool start();
    // Stops what runs and puts the job back (the dialog stays until it is).
    void cancelComparison();
    void reject() override;

Q_SIGNALS:
    void comparisonStarted(const QString &jobName);
    void comparisonFinished(const halolink::jobs::Comparison &result);
    void stateChanged(const QString &jobName, const QString &what);

private:
    void addMessage(const QString &node, const QString &text);
    void onFinished();
    void readPrediction(const jobs::ServeBenchOptions &options);

    ClusterController *m_cluster;
    jobs::Job m_job;
    QHash<QString, QByteArray> m_secrets;
    jobs::JobComparison *m_comparison;
    QStackedWidget *m_pages;
    QLineEdit *m_levels;
    QSpinBox *m_requests;
    QSpinBox *m_maxTokens;
    QSpinBox *m_seed;
    QHash<QString, QLineEdit *> m_secretFields;
    QLabel *m_problems;
    QPushButton *m_start;
    QGroupBox *m_progressBox;
    QLabel *m_stage;
    QProgressBar *m_steps;
    QLabel *m_level;
    QProgressBar *m_levelBar;
    QPushButton *m_cancel;
    QSplitter *m_split;
    ComparisonView *m_view;
    QPlainTextEdit *m_messages;
    QDialogButtonBox *m_buttons;
    AdviceView::ShapeReader m_reader;
    bool m_preparing = false; // reading the shape: nothing has changed yet
    bool m_cancelledEarly = false;
};

} // namespace halolink::ui
