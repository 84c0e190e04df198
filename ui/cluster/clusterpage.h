#pragma once
// Cluster > The Cluster (Ctrl+Shift+C): the cluster HaloLink keeps
// (core/setup/savedsetup.h), as it was confirmed: its nodes with their data
// planes and what each plan set of the QoS, the cabling, MTU and persistence,
// and the verification's figures per pair with when they were measured. From
// here: Change This Cluster… (the wizard on this cluster), Verify Again (the
// same measurements, nothing changed on the nodes), Forget This Cluster (the
// record only). With none kept, it says so and offers the setup.

#include "setup/savedsetup.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;
class QTableWidget;
class QTimer;

namespace halolink {
class ClusterController;
class Inventory;
class NodeListModel;
} // namespace halolink

namespace halolink::setup {
class ClusterVerifier;
}

namespace halolink::ui {

class ClusterPage final : public QWidget
{
    Q_OBJECT

public:
    ClusterPage(ClusterController *cluster, Inventory *inventory, NodeListModel *nodes, QWidget *parent = nullptr);

    // Reads the record again (after a setup was confirmed, or on show).
    void reload();
    const std::optional<setup::SavedSetup> &setup() const { return m_setup; }
    setup::ClusterVerifier *verifier() const { return m_verifier; }
    void verifyAgain();

    QLabel *summaryLabel() const { return m_summary; }
    QLabel *verificationLabel() const { return m_verification; }
    QTableWidget *nodesTable() const { return m_nodesTable; }
    QTableWidget *pairsTable() const { return m_pairsTable; }
    QPushButton *verifyButton() const { return m_verify; }
    QPushButton *changeButton() const { return m_change; }
    QPlainTextEdit *log() const { return m_log; }
    bool isEmptyShown() const;

Q_SIGNALS:
    // The wizard: on this cluster (change), or afresh when none is kept.
    void changeRequested();
    void setUpRequested();
    void recordChanged();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void fill();
    void fillStates();
    void forget();
    void updateButtons();

    ClusterController *m_cluster;
    Inventory *m_inventory;
    NodeListModel *m_nodes;
    setup::ClusterVerifier *m_verifier;
    std::optional<setup::SavedSetup> m_setup;
    QString m_loadError;
    QStackedWidget *m_stack;
    QWidget *m_emptyPage;
    QLabel *m_emptyText;
    QLabel *m_summary;
    QLabel *m_qos;
    QLabel *m_verification;
    QTableWidget *m_nodesTable;
    QTableWidget *m_pairsTable;
    QPushButton *m_change;
    QPushButton *m_verify;
    QPushButton *m_forget;
    QLabel *m_outcome;
    QPlainTextEdit *m_log;
    QTimer *m_ageTimer;
};

} // namespace halolink::ui
