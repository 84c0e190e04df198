#include "jobs/jobtablemodel.h"

#include "modelroles.h"
#include "status/statusstyle.h"

#include <QGuiApplication>

namespace halolink::ui {

namespace {

Check::Status statusOf(JobState s)
{
    switch (s) {
    case JobState::Running:
        return Check::Status::Pass;
    case JobState::PartlyRunning:
        return Check::Status::Warn;
    case JobState::Failed:
        return Check::Status::Fail;
    case JobState::Refused:
        return Check::Status::Warn;
    case JobState::Stopped:
    case JobState::Checking:
    case JobState::Starting:
    case JobState::SmokeTesting:
    case JobState::Benchmarking:
    case JobState::Stopping:
    case JobState::Unknown:
        break;
    }
    return Check::Status::Unknown;
}

} // namespace

JobTableModel::JobTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    setPalette(QGuiApplication::palette());
}

int JobTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int JobTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString JobTableModel::stateText(JobState state)
{
    switch (state) {
    case JobState::Running:
        return tr("running");
    case JobState::PartlyRunning:
        return tr("partly running");
    case JobState::Stopped:
        return tr("stopped");
    case JobState::Checking:
        return tr("checking…");
    case JobState::Starting:
        return tr("starting…");
    case JobState::SmokeTesting:
        return tr("running, smoke test…");
    case JobState::Benchmarking:
        return tr("running, benchmark…");
    case JobState::Stopping:
        return tr("stopping…");
    case JobState::Failed:
        return tr("failed");
    case JobState::Refused:
        return tr("refused (nothing started)");
    case JobState::Unknown:
        break;
    }
    return tr("unknown (not reachable)");
}

bool JobTableModel::isBusy(JobState state)
{
    return state == JobState::Checking || state == JobState::Starting || state == JobState::SmokeTesting
        || state == JobState::Benchmarking || state == JobState::Stopping;
}

bool JobTableModel::mayRun(JobState state)
{
    return state != JobState::Stopped && state != JobState::Refused;
}

bool JobTableModel::isRemovable(JobState state)
{
    return state == JobState::Stopped || state == JobState::Refused || state == JobState::Failed;
}

QVariant JobTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const JobRow &r = m_rows.at(index.row());
    if (role == Roles::Key)
        return r.key;
    switch (index.column()) {
    case NameColumn:
        if (role == Qt::DisplayRole)
            return r.name;
        break;
    case StateColumn:
        if (role == Qt::DisplayRole)
            return stateText(r.state);
        if (role == Qt::ToolTipRole)
            return r.stateDetail.isEmpty() ? QVariant() : r.stateDetail;
        if (role == Qt::DecorationRole)
            return m_icons[int(statusOf(r.state))];
        if (role == Roles::Status)
            return int(statusOf(r.state));
        if (role == Qt::ForegroundRole && statusOf(r.state) != Check::Status::Unknown)
            return StatusStyle::color(statusOf(r.state), m_palette);
        break;
    case EngineColumn:
        if (role == Qt::DisplayRole)
            return r.engine;
        break;
    case ModelColumn:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return r.model;
        break;
    case ApiColumn:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return r.api;
        break;
    case NodesColumn:
        if (role == Qt::DisplayRole)
            return r.nodes.join(QStringLiteral(", "));
        if (role == Qt::ToolTipRole)
            return r.nodes.isEmpty() ? QVariant() : tr("Head: %1").arg(r.nodes.first());
        break;
    default:
        break;
    }
    return {};
}

QVariant JobTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Job");
    case StateColumn:
        return tr("State");
    case EngineColumn:
        return tr("Engine, runtime");
    case ModelColumn:
        return tr("Model");
    case ApiColumn:
        return tr("API");
    case NodesColumn:
        return tr("Nodes (head first)");
    default:
        break;
    }
    return {};
}

int JobTableModel::rowOf(const QString &key) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).key == key)
            return i;
    }
    return -1;
}

int JobTableModel::setRow(const JobRow &row)
{
    const int i = rowOf(row.key);
    if (i >= 0) {
        m_rows[i] = row;
        Q_EMIT dataChanged(index(i, 0), index(i, ColumnCount - 1));
        return i;
    }
    const int n = int(m_rows.size());
    beginInsertRows({}, n, n);
    m_rows.append(row);
    endInsertRows();
    return n;
}

bool JobTableModel::removeJob(const QString &key)
{
    const int i = rowOf(key);
    if (i < 0)
        return false;
    beginRemoveRows({}, i, i);
    m_rows.removeAt(i);
    endRemoveRows();
    return true;
}

void JobTableModel::setPalette(const QPalette &palette)
{
    m_palette = palette;
    for (Check::Status s :
        { Check::Status::Pass, Check::Status::Warn, Check::Status::Fail, Check::Status::Unknown })
        m_icons[int(s)] = StatusStyle::icon(s, palette);
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
}

} // namespace halolink::ui
