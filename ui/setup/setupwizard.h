#pragma once
// The guided cluster setup: nodes -> preflight -> topology and addresses ->
// QoS -> review (every command, exportable) -> apply (automatic rollback
// armed) -> verify (TCP and RDMA between every pair) -> confirm.
//
// It holds no logic of its own: core/setup (SetupController and its rules)
// does the work through the nodes' sessions of the main window's
// ClusterController; NodeActions adds nodes and asks host-key and credential
// questions. Progress is saved after every page (no secrets), so the wizard
// can be left and resumed; leaving with changes not confirmed rolls them back
// (or, if the person prefers, leaves them to the nodes' own timers) and says so.

#include <QWizard>

class QCloseEvent;

namespace halolink::setup {
class SetupController;
struct SavedSetup;
}

namespace halolink::ui {

class NodeActions;

class SetupWizard final : public QWizard
{
    Q_OBJECT

public:
    enum PageId { NodesPageId, PreflightPageId, TopologyPageId, QosPageId, ReviewPageId, ApplyPageId, VerifyPageId };

    explicit SetupWizard(NodeActions *actions, QWidget *parent = nullptr);
    ~SetupWizard() override;

    setup::SetupController *controller() const { return m_controller; }
    NodeActions *nodeActions() const { return m_actions; }

    // Restore from the saved state file; false (with the reason) when unusable.
    bool resume(QString *error = nullptr);
    // The wizard on the kept cluster ("Change the Cluster"): its nodes chosen,
    // its MTU, QoS, persistence and Soft-RoCE choice as defaults, its cabling
    // and addresses while the nodes stay the same. Called before show, not
    // after resume().
    void changeCluster(const setup::SavedSetup &setup);
    bool isChangingCluster() const { return m_changing; }

    // What leaving does when nodes carry a change that is not confirmed.
    enum class LeaveChoice { Ask, RollBack, KeepTimers };
    void setLeaveChoice(LeaveChoice choice) { m_leaveChoice = choice; }
    // Shown after leaving: what happened to the nodes.
    QString leaveMessage() const { return m_leaveMessage; }

    void saveProgress();

public Q_SLOTS:
    void reject() override;
    void accept() override;

Q_SIGNALS:
    // Confirmed and saved: the inventory holds the data plane of every node.
    void clusterConfigured();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void finishLeaving();

    NodeActions *m_actions;
    setup::SetupController *m_controller;
    LeaveChoice m_leaveChoice = LeaveChoice::Ask;
    QString m_leaveMessage;
    bool m_leaving = false;
    bool m_confirming = false;
    bool m_statusPending = false; // after a resume with changes: ask the nodes
    bool m_changing = false;
};

} // namespace halolink::ui
