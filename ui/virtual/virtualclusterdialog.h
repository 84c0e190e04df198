#pragma once
// Cluster > Try a Virtual Cluster...: boots two to four Soft-RoCE virtual
// machines on this computer (core/lab/virtualcluster.h) with its progress,
// adds them to the inventory marked virtual (their host keys pinned in the
// lab's known_hosts, the lab's own SSH key), and stops them again, taking
// them out of the inventory. It says whether KVM will be used or the CPU
// emulated, and shows the lab's refusal (what to install) as it is.

#include "lab/virtualcluster.h"

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace halolink {
class Inventory;
}

namespace halolink::ui {

class VirtualClusterDialog final : public QDialog
{
    Q_OBJECT

public:
    VirtualClusterDialog(VirtualCluster *cluster, Inventory *inventory, QWidget *parent = nullptr);

    // Starts the boot as if Start was pressed (scripts/dev.sh lab).
    void startNow();

    QPushButton *startButton() const { return m_start; }
    QPushButton *stopButton() const { return m_stop; }
    QPushButton *setUpButton() const { return m_setUp; }
    QLabel *outcomeLabel() const { return m_outcome; }
    QPlainTextEdit *log() const { return m_log; }
    QSpinBox *nodeCount() const { return m_nodes; }

    // Whether /dev/kvm can be used by this user (the lab's own test is the
    // one that decides; this is for the words before it runs).
    static bool kvmUsable(QString *why = nullptr);
    // Takes this lab folder's virtual nodes out of the inventory.
    void removeFromInventory();

Q_SIGNALS:
    // The virtual nodes are in the inventory.
    void clusterUp(int nodes);
    void clusterDown();
    // "Set Up the Cluster…" once it is up: the wizard on the virtual nodes.
    void setUpRequested();

private:
    void onProgress(const QString &line, VirtualCluster::Phase phase);
    void onUpFinished(const VirtualClusterResult &result);
    void onDownFinished(bool ok, const QString &message);
    void onStatus(const VirtualClusterStatus &status);
    void stopCluster();
    void updateButtons();
    void setOutcome(const QString &text, bool problem);
    // Puts the VMs in the inventory in place of earlier virtual nodes of the
    // same lab folder; false with *error when a name is taken by a real node.
    bool addToInventory(const VirtualClusterInfo &info, QString *error);
    static QString phaseText(VirtualCluster::Phase phase);

    VirtualCluster *m_cluster;
    Inventory *m_inventory;
    QSpinBox *m_nodes;
    QLabel *m_speed;
    QLabel *m_phase;
    QPlainTextEdit *m_log;
    QLabel *m_outcome;
    QPushButton *m_start;
    QPushButton *m_stop;
    QPushButton *m_setUp;
    QPushButton *m_close;
    bool m_up = false;
    bool m_startPending = false;
};

} // namespace halolink::ui
