#pragma once
// The right-hand page for one node: header with state, a banner for failures
// (with what to do), and tabs: Overview (host, unified memory, GPUs, preflight
// summary), Checks (the preflight table), Network (NICs, RDMA ports, GIDs).
// It shows what the core gives it; it never runs or parses the engine.

#include "engine/localengine.h"
#include "inventory/node.h"
#include "inventory/nodelistmodel.h"
#include "protocol/probereport.h"

#include <QWidget>

class QAction;
class QCheckBox;
class QFormLayout;
class QFrame;
class QGroupBox;
class QLabel;
class QProgressBar;
class QTabWidget;
class QTableView;
class QVBoxLayout;

namespace halolink {
class ProbeModels;
}

namespace halolink::ui {

class StatusProxyModel;

class NodePage final : public QWidget
{
    Q_OBJECT

public:
    NodePage(ProbeModels *models, QAction *refreshAction, QWidget *parent = nullptr);

    // clusterNode: for This computer, whether it takes part in the cluster
    // (probe/checkstatus.h); only the words change, the report is scoped by its caller.
    void setNode(const Node &node, bool clusterNode = true);
    // Forget the report and state shown (another node is about to be shown).
    void clear();
    void showProbing();
    void showReport(const ProbeReport &report);
    void showFailure(const QString &reason, LocalEngine::Failure failure);
    // A node over SSH whose session is not ready (connecting, deploying,
    // unreachable, lost, failed): says so; a report shown stays, marked as old.
    void showSession(NodeState state, const QString &detail);

    static QString failureHint(LocalEngine::Failure failure);

    QTabWidget *tabs() const { return m_tabs; }
    QTableView *checksView() const { return m_checksView; }
    QTableView *nicsView() const { return m_nicsView; }
    QTableView *rdmaPortsView() const { return m_portsView; }
    QTableView *gidsView() const { return m_gidsView; }

protected:
    void changeEvent(QEvent *event) override;

private:
    enum class State { Idle, Probing, Ready, Failed, Session };

    QWidget *createOverviewTab();
    QWidget *createChecksTab();
    QWidget *createNetworkTab();
    QTableView *createTable(StatusProxyModel *proxy, const QString &accessibleName);
    void setState(State state);
    void updateHeader();
    void updateOverview();
    void updateChecksSummary();
    void updateNetworkPlaceholders();
    void applyPaletteColours();

    ProbeModels *m_models;
    Node m_node;
    bool m_clusterNode = true;
    State m_state = State::Idle;
    std::optional<ProbeReport> m_report;
    QString m_failureReason;
    LocalEngine::Failure m_failure = LocalEngine::Failure::None;
    NodeState m_session = NodeState::NotProbed;
    QString m_sessionDetail;

    // header
    QLabel *m_title;
    QLabel *m_subtitle;
    QLabel *m_stateIcon;
    QLabel *m_stateText;
    QProgressBar *m_busy;
    // failure banner
    QFrame *m_banner;
    QLabel *m_bannerIcon;
    QLabel *m_bannerText;

    QTabWidget *m_tabs;
    QLabel *m_placeholder; // instead of the tabs until a first probe answers
    // overview
    QFormLayout *m_hostForm = nullptr;
    QLabel *m_hostname = nullptr;
    QLabel *m_os = nullptr;
    QLabel *m_kernel = nullptr;
    QLabel *m_memory = nullptr;
    QLabel *m_engine = nullptr;
    QLabel *m_libraries = nullptr;
    QLabel *m_kernelFlags = nullptr;
    QGroupBox *m_preflightBox = nullptr;
    QLabel *m_preflightIcon = nullptr;
    QLabel *m_preflightCounts = nullptr;
    QLabel *m_preflightProblems = nullptr;
    QVBoxLayout *m_gpuLayout = nullptr;
    QLabel *m_noGpu = nullptr;
    // checks
    StatusProxyModel *m_checksProxy;
    QTableView *m_checksView = nullptr;
    QCheckBox *m_problemsOnly = nullptr;
    QLabel *m_checksSummary = nullptr;
    // network
    StatusProxyModel *m_nicsProxy;
    StatusProxyModel *m_portsProxy;
    StatusProxyModel *m_gidsProxy;
    QTableView *m_nicsView = nullptr;
    QTableView *m_portsView = nullptr;
    QTableView *m_gidsView = nullptr;
    QLabel *m_noNics = nullptr;
    QLabel *m_noPorts = nullptr;
    QLabel *m_noGids = nullptr;
};

} // namespace halolink::ui
