#pragma once
// The nodes and what is known about each: one row per node. "This computer"
// is always the first row and cannot be removed. Rows are kept in a list keyed
// by node id, so SSH nodes can be added by the inventory later.

#include "inventory/node.h"
#include "protocol/probereport.h"

#include <QAbstractTableModel>
#include <QList>

namespace halolink {

enum class NodeState { NotProbed, Probing, Ready, Failed };

class NodeListModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, StateColumn, EngineColumn, GpuColumn, RdmaColumn, ColumnCount };
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

private:
    struct Row {
        Node node;
        NodeState state = NodeState::NotProbed;
        QString engineVersion;
        QString gpu;
        QString rdma;
        QString failureReason;
        int warnings = 0;
        int failures = 0;
    };

    void rowChanged(int row);

    QList<Row> m_rows;
};

} // namespace halolink
