#include "inventory/nodelistmodel.h"

#include "logging.h"
#include "modelroles.h"
#include "probe/probefacts.h"

#include <algorithm>

namespace halolink {

NodeListModel::NodeListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    Row local;
    local.node = Node::local();
    m_rows.append(local);
}

int NodeListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int NodeListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString NodeListModel::stateText(NodeState state)
{
    switch (state) {
    case NodeState::NotProbed: return tr("Not probed");
    case NodeState::Probing: return tr("Probing…");
    case NodeState::Ready: return tr("Ready");
    case NodeState::Failed: return tr("Failed");
    case NodeState::Connecting: return tr("Connecting…");
    case NodeState::Deploying: return tr("Deploying the engine…");
    case NodeState::Lost: return tr("Lost, reconnecting…");
    case NodeState::Unreachable: return tr("Unreachable, retrying…");
    }
    return {};
}

QVariant NodeListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return row.node.name;
        case StateColumn:
            // "Ready" alone would hide that the checks found problems.
            if (row.state == NodeState::Ready && row.failures > 0)
                return tr("Ready, %1 failed").arg(row.failures);
            if (row.state == NodeState::Ready && row.warnings > 0)
                return tr("Ready, %n warning(s)", "", row.warnings);
            if (row.slowSeconds > 0)
                return tr("Slow: waiting %1 s").arg(row.slowSeconds);
            if (row.state == NodeState::Deploying && row.percent >= 0)
                return tr("Deploying %1 %").arg(row.percent);
            return stateText(row.state);
        case EngineColumn: return row.engineVersion;
        case GpuColumn: return row.gpu;
        case RdmaColumn: return row.rdma;
        case AddressColumn: {
            QStringList parts;
            if (!row.node.isLocal())
                parts << row.node.sshDisplay();
            if (!row.node.dataAddress.isEmpty())
                parts << tr("data %1").arg(row.node.dataAddress);
            return parts.join(QLatin1String(", "));
        }
        }
        break;
    case Qt::ToolTipRole:
        if (row.state == NodeState::Failed)
            return row.failureReason;
        if (row.state == NodeState::Lost || row.state == NodeState::Unreachable || row.state == NodeState::Connecting
            || row.state == NodeState::Deploying)
            return row.detail.isEmpty() ? stateText(row.state) : row.detail;
        if (row.state == NodeState::Ready)
            return tr("%1: %2, %3")
                .arg(row.node.name, tr("%n warning(s)", "", row.warnings), tr("%n failed check(s)", "", row.failures));
        return stateText(row.state);
    case Roles::Key: return row.node.id;
    case Roles::NodeState: return static_cast<int>(row.state);
    case Roles::Status:
        if (index.column() != StateColumn)
            break;
        if (row.state == NodeState::Failed || (row.state == NodeState::Ready && row.failures > 0))
            return static_cast<int>(Check::Status::Fail);
        if (row.state == NodeState::Lost || row.state == NodeState::Unreachable || row.slowSeconds > 0)
            return static_cast<int>(Check::Status::Warn);
        if (row.state == NodeState::Ready)
            return static_cast<int>(row.warnings > 0 ? Check::Status::Warn : Check::Status::Pass);
        break;
    }
    return {};
}

QVariant NodeListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Node");
    case StateColumn: return tr("State");
    case EngineColumn: return tr("Engine");
    case GpuColumn: return tr("GPU");
    case RdmaColumn: return tr("RDMA");
    case AddressColumn: return tr("Address");
    }
    return {};
}

int NodeListModel::rowOf(const QString &nodeId) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).node.id == nodeId)
            return i;
    }
    return -1;
}

Node NodeListModel::node(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).node : Node{};
}

NodeState NodeListModel::state(const QString &nodeId) const
{
    const int row = rowOf(nodeId);
    return row < 0 ? NodeState::NotProbed : m_rows.at(row).state;
}

QString NodeListModel::failureReason(const QString &nodeId) const
{
    const int row = rowOf(nodeId);
    return row < 0 ? QString() : m_rows.at(row).failureReason;
}

void NodeListModel::setProbing(const QString &nodeId)
{
    const int row = rowOf(nodeId);
    if (row < 0)
        return;
    m_rows[row].state = NodeState::Probing;
    rowChanged(row);
}

void NodeListModel::setProbeReport(const QString &nodeId, const ProbeReport &report)
{
    const int row = rowOf(nodeId);
    if (row < 0)
        return;
    Row &r = m_rows[row];
    r.state = NodeState::Ready;
    r.failureReason.clear();
    r.engineVersion = report.engineVersion.value_or(QString());
    r.gpu = facts::gpuSummary(report);
    r.rdma = facts::rdmaSummary(report);
    r.warnings = report.countChecks(Check::Status::Warn);
    r.failures = report.countChecks(Check::Status::Fail);
    rowChanged(row);
}

void NodeListModel::setFailed(const QString &nodeId, const QString &reason)
{
    const int row = rowOf(nodeId);
    if (row < 0)
        return;
    m_rows[row].state = NodeState::Failed;
    m_rows[row].failureReason = reason;
    rowChanged(row);
}

void NodeListModel::setNodes(const QList<Node> &nodes)
{
    for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
        const QString id = m_rows.at(i).node.id;
        if (m_rows.at(i).node.isLocal())
            continue;
        if (std::none_of(nodes.begin(), nodes.end(), [&id](const Node &n) { return n.id == id; }))
            removeNode(id);
    }
    for (const Node &n : nodes) {
        if (rowOf(n.id) >= 0)
            updateNode(n);
        else
            addNode(n);
    }
}

void NodeListModel::addNode(const Node &node)
{
    if (node.isLocal()) {
        updateNode(node);
        return;
    }
    if (rowOf(node.id) >= 0) {
        updateNode(node);
        return;
    }
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    Row r;
    r.node = node;
    m_rows.append(r);
    endInsertRows();
}

void NodeListModel::updateNode(const Node &node)
{
    const int row = rowOf(node.id);
    if (row < 0)
        return;
    Node n = node;
    if (m_rows.at(row).node.isLocal()) {
        // Only the data-plane fields of This computer change; its name is ours.
        n = m_rows.at(row).node;
        n.dataInterface = node.dataInterface;
        n.dataAddress = node.dataAddress;
    }
    if (m_rows.at(row).node == n)
        return;
    m_rows[row].node = n;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void NodeListModel::removeNode(const QString &nodeId)
{
    const int row = rowOf(nodeId);
    if (row < 0 || m_rows.at(row).node.isLocal())
        return;
    beginRemoveRows({}, row, row);
    m_rows.removeAt(row);
    endRemoveRows();
}

QList<Node> NodeListModel::nodes() const
{
    QList<Node> out;
    for (const Row &r : m_rows)
        out << r.node;
    return out;
}

void NodeListModel::setConnectionState(const QString &nodeId, NodeState state, const QString &detail, int percent)
{
    const int row = rowOf(nodeId);
    if (row < 0)
        return;
    Row &r = m_rows[row];
    if (r.state == state && r.detail == detail && r.percent == percent)
        return;
    // A probe's verdict (warnings, failed checks) stays with a Ready node.
    r.state = state;
    r.detail = detail;
    r.slowSeconds = 0;
    r.percent = state == NodeState::Deploying ? percent : -1;
    if (state == NodeState::Failed)
        r.failureReason = detail;
    else
        r.failureReason.clear();
    rowChanged(row);
}

void NodeListModel::setSlow(const QString &nodeId, int seconds)
{
    const int row = rowOf(nodeId);
    if (row < 0)
        return;
    Row &r = m_rows[row];
    if (r.state != NodeState::Connecting && r.state != NodeState::Deploying)
        return;
    if (r.slowSeconds == seconds)
        return;
    r.slowSeconds = seconds;
    rowChanged(row);
}

void NodeListModel::setEngineVersion(const QString &nodeId, const QString &version)
{
    const int row = rowOf(nodeId);
    if (row < 0 || m_rows.at(row).engineVersion == version)
        return;
    m_rows[row].engineVersion = version;
    Q_EMIT dataChanged(index(row, EngineColumn), index(row, EngineColumn));
}

int NodeListModel::deployPercent(const QString &nodeId) const
{
    const int row = rowOf(nodeId);
    return row < 0 ? -1 : m_rows.at(row).percent;
}

QString NodeListModel::detail(const QString &nodeId) const
{
    const int row = rowOf(nodeId);
    return row < 0 ? QString() : m_rows.at(row).detail;
}

void NodeListModel::rowChanged(int row)
{
    qCDebug(lcCore) << "node" << m_rows.at(row).node.id << "is now" << stateText(m_rows.at(row).state);
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

} // namespace halolink
