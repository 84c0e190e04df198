#pragma once
// A page of the setup wizard (see setupwizard.h and setuppages.h).

#include <QWizardPage>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTimer;
class QCustomPlot;

namespace halolink::setup {
class SetupController;
struct PairResult;
}

namespace halolink::ui {

// 7. Verify: checks per node, and TCP vs RDMA between every pair.
class VerifyPage final : public QWizardPage
{
    Q_OBJECT
public:
    explicit VerifyPage(setup::SetupController *controller, QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    void startVerify();
    bool verified() const { return m_ok; }
    // The pairs table and the chart (and the chart's accessible description:
    // each pair's one-way latencies and speed-up) for these results; called
    // with the controller's as each pair arrives.
    void showPairs(const QList<setup::PairResult> &pairs);
    // The Finish button's words, as shown ("Confirm and Save").
    QString confirmButtonText() const;
    // The first node's automatic rollback (epoch seconds; 0: none pending),
    // and the live countdown to it as the page shows it.
    qint64 rollbackDeadline() const;
    QString deadlineText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void refreshPairs();
    void refreshChecks();
    void updateDeadline();

    setup::SetupController *m_controller;
    QLabel *m_status;
    QProgressBar *m_progress;
    QTableWidget *m_pairs;
    QTableWidget *m_checks;
    QCustomPlot *m_chart;
    QPushButton *m_again;
    QLabel *m_deadline;
    QLabel *m_explanation;
    QTimer *m_tick;
    bool m_ran = false;
    bool m_ok = false;
};

} // namespace halolink::ui
