#pragma once
// The setup wizard's pages (see setupwizard.h). Each page shows and edits the
// SetupController's state; none talks to a node itself. Widgets that tests
// drive carry object names.

#include <QWizardPage>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTableWidget;
class QTreeWidget;
class QCustomPlot;

namespace halolink::setup {
class SetupController;
struct PairResult;
}

namespace halolink::ui {

class NodeActions;

// 1. Nodes: pick SSH nodes from the inventory, add or import more, type hosts;
// each connects (in parallel) and is probed, with live status.
class NodesPage final : public QWizardPage
{
    Q_OBJECT
public:
    NodesPage(setup::SetupController *controller, NodeActions *actions, QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    QStringList checkedNodeIds() const;
    void setChecked(const QString &nodeId, bool checked);
    // "user@host:port" words separated by spaces or commas; false with the reason.
    bool addHosts(const QString &text, QString *error);

private:
    void rebuild();
    void updateStatus();

    setup::SetupController *m_controller;
    NodeActions *m_actions;
    QTableWidget *m_table;
    QLineEdit *m_hosts;
    QLabel *m_hostsError;
    QLabel *m_status;
    QStringList m_checked;
    bool m_initialized = false;
};

// 2. Preflight: every node's checks, with reasons and remedies; fails block
// "Next" unless overridden with a stated reason.
class PreflightPage final : public QWizardPage
{
    Q_OBJECT
public:
    PreflightPage(setup::SetupController *controller, NodeActions *actions, QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    int blockingCount() const { return m_blocking; }

private:
    void rebuild();

    setup::SetupController *m_controller;
    NodeActions *m_actions;
    QCheckBox *m_softRoce;
    QTreeWidget *m_tree;
    QLabel *m_summary;
    QCheckBox *m_override;
    QLineEdit *m_reason;
    int m_blocking = 0;
};

// 3. Topology and addressing.
class TopologyPage final : public QWizardPage
{
    Q_OBJECT
public:
    explicit TopologyPage(setup::SetupController *controller, QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    // Sets node i's address as if typed.
    void setAddress(int node, const QString &address);
    QString problemsText() const;

private:
    void rebuild();
    void readBack();
    void revalidate();

    setup::SetupController *m_controller;
    QRadioButton *m_direct;
    QRadioButton *m_switch;
    QSpinBox *m_mtu;
    QTableWidget *m_table;
    QLabel *m_problems;
    bool m_blocking = false;
    bool m_filling = false;
};

// 4. QoS.
class QosPage final : public QWizardPage
{
    Q_OBJECT
public:
    explicit QosPage(setup::SetupController *controller, QWidget *parent = nullptr);
    void initializePage() override;
    bool validatePage() override;

private:
    void update();

    setup::SetupController *m_controller;
    QRadioButton *m_default;
    QRadioButton *m_none;
    QCheckBox *m_advanced;
    QGroupBox *m_advancedBox;
    QSpinBox *m_pfc;
    QSpinBox *m_dscp;
    QCheckBox *m_ecn;
    QLabel *m_tos;
    QLabel *m_description;
    QCheckBox *m_persist;
    QSpinBox *m_within;
};

// 5. Review: the plan of every node, every command visible, copyable, exportable.
class ReviewPage final : public QWizardPage
{
    Q_OBJECT
public:
    explicit ReviewPage(setup::SetupController *controller, QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool exportTo(const QString &path, QString *error) const;
    QString planText() const;

private:
    void render();

    setup::SetupController *m_controller;
    QPlainTextEdit *m_view;
    QLabel *m_status;
    QPushButton *m_copy;
    QPushButton *m_export;
    bool m_done = false;
};

// 6. Apply, per-node progress, automatic rollback explained.
class ApplyPage final : public QWizardPage
{
    Q_OBJECT
public:
    explicit ApplyPage(setup::SetupController *controller, QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    void startApply();
    void rollBackAll();

private:
    void refresh();

    setup::SetupController *m_controller;
    QLabel *m_explain;
    QPushButton *m_apply;
    QPushButton *m_rollback;
    QTableWidget *m_table;
    QPlainTextEdit *m_log;
    QLabel *m_status;
};

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

protected:
    void changeEvent(QEvent *event) override;

private:
    void refreshPairs();
    void refreshChecks();

    setup::SetupController *m_controller;
    QLabel *m_status;
    QProgressBar *m_progress;
    QTableWidget *m_pairs;
    QTableWidget *m_checks;
    QCustomPlot *m_chart;
    QPushButton *m_again;
    bool m_ran = false;
    bool m_ok = false;
};

} // namespace halolink::ui
