#include "status/statusproxymodel.h"

#include <algorithm>

#include "modelroles.h"
#include "status/statusstyle.h"

#include <QGuiApplication>

namespace halolink::ui {

StatusProxyModel::StatusProxyModel(QObject *parent)
    : QSortFilterProxyModel(parent)
    , m_palette(QGuiApplication::palette())
{
    rebuildIcons();
}

void StatusProxyModel::rebuildIcons()
{
    for (const Check::Status s : {Check::Status::Pass, Check::Status::Warn, Check::Status::Fail, Check::Status::Unknown,
                                 Check::Status::NotApplicable})
        m_icons[static_cast<int>(s)] = StatusStyle::icon(s, m_palette);
}

void StatusProxyModel::setPalette(const QPalette &palette)
{
    m_palette = palette;
    rebuildIcons();
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                           {Qt::DecorationRole, Qt::ForegroundRole});
}

void StatusProxyModel::setProblemsOnly(bool problemsOnly, int statusColumn)
{
    m_problemsOnly = problemsOnly;
    m_statusColumn = statusColumn;
    invalidateFilter();
}

std::optional<Check::Status> StatusProxyModel::statusOf(const QModelIndex &index) const
{
    const QVariant v = QSortFilterProxyModel::data(index, Roles::Status);
    if (!v.isValid())
        return std::nullopt;
    return static_cast<Check::Status>(v.toInt());
}

QVariant StatusProxyModel::data(const QModelIndex &index, int role) const
{
    if (role == Qt::DecorationRole || role == Qt::ForegroundRole) {
        if (const auto status = statusOf(index)) {
            if (role == Qt::DecorationRole)
                return m_icons[std::clamp(static_cast<int>(*status), 0, 4)];
            // Pass stays in the normal text colour: green text everywhere is noise.
            if (*status != Check::Status::Pass)
                return StatusStyle::color(*status, m_palette);
        }
    }
    return QSortFilterProxyModel::data(index, role);
}

bool StatusProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!m_problemsOnly)
        return true;
    const QModelIndex cell = sourceModel()->index(sourceRow, m_statusColumn, sourceParent);
    const QVariant v = cell.data(Roles::Status);
    if (!v.isValid())
        return true;
    // Problems are warnings and failures: not applicable and unknown are not.
    const auto status = static_cast<Check::Status>(v.toInt());
    return status == Check::Status::Warn || status == Check::Status::Fail;
}

} // namespace halolink::ui
