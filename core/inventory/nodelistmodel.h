#pragma once
// The nodes and what is known about each: one row per node. "This computer"
// is always the first row and cannot be removed. The other rows follow the
// inventory (setNodes / addNode / updateNode / removeNode); their connection
// state (connecting, deploying x %, ready, lost, failed) and engine version
// come from the ClusterController.

#include "inventory/node.h"
#include "protocol/probereport.h"

#include <QAbstractTableModel>
#include <QList>

namespace halolink {

// Appended, never renumbered: Roles::NodeState carries these as ints.
// Unreachable: never connected in this run yet, retrying (Lost: was ready).
enum class NodeState { NotProbed, Probing, Ready, Failed, Connecting, Deploying, Lost, Unreachable };

class NodeListModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, StateColumn, EngineColumn, GpuColumn, RdmaColumn, AddressColumn, ColumnCount };
    Q_ENUM(Column)

    explicit NodeListModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // -1 when there is no such node.
    int rowOf(const QString &nodeId) const;
    Node node(int row) const;
    NodeState state(const QString &nodeId) const;
    QString failureReason(const QString &nodeId) const;
    static QString stateText(NodeState state);

    void setProbing(const QString &nodeId);
    void setProbeReport(const QString &nodeId, const ProbeReport &report);
    void setFailed(const QString &nodeId, const QString &reason);

    // The inventory's nodes ("This computer" stays first whatever is given).
    void setNodes(const QList<Node> &nodes);
    void addNode(const Node &node);
    void updateNode(const Node &node);
    void removeNode(const QString &nodeId);
    QList<Node> nodes() const;

    // Connection state from the agent session. detail: what is happening or
    // why it failed (tooltip); percent: for Deploying.
    void setConnectionState(const QString &nodeId, NodeState state, const QString &detail = QString(),
                            int percent = -1);
    // A connecting or deploying node that has made no progress for `seconds`
    // (it waits for a slow login shell, say): shown as slow, not failed.
    // Cleared by the next setConnectionState() that changes anything.
    void setSlow(const QString &nodeId, int seconds);
    void setEngineVersion(const QString &nodeId, const QString &version);
    int deployPercent(const QString &nodeId) const;
    QString detail(const QString &nodeId) const;

private:
    struct Row {
        Node node;
        NodeState state = NodeState::NotProbed;
        QString engineVersion;
        QString gpu;
        QString rdma;
        QString failureReason;
        QString detail;
        int percent = -1;
        int slowSeconds = 0;
        int warnings = 0;
        int failures = 0;
    };

    void rowChanged(int row);

    QList<Row> m_rows;
};

} // namespace halolink
