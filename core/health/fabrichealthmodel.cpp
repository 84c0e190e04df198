#include "health/fabrichealthmodel.h"

#include "modelroles.h"
#include "protocol/probereport.h"

#include <QLocale>

#include <algorithm>

namespace halolink::health {

namespace {

int severity(Verdict v)
{
    switch (v) {
    case Verdict::Failing:
        return 0;
    case Verdict::Degraded:
        return 1;
    case Verdict::Unknown:
        return 2;
    case Verdict::Healthy:
        return 3;
    }
    return 4;
}

Check::Status statusOf(Verdict v)
{
    switch (v) {
    case Verdict::Healthy:
        return Check::Status::Pass;
    case Verdict::Degraded:
        return Check::Status::Warn;
    case Verdict::Failing:
        return Check::Status::Fail;
    case Verdict::Unknown:
        break;
    }
    return Check::Status::Unknown;
}

// "—" where no counter says (never 0).
QVariant perSecond(const std::optional<double> &v)
{
    if (!v)
        return QStringLiteral("—");
    return QLocale().toString(*v, 'f', *v < 10 ? 1 : 0);
}

} // namespace

FabricHealthModel::FabricHealthModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void FabricHealthModel::setLinks(const QList<LinkHealth> &links)
{
    QList<LinkHealth> sorted = links;
    std::stable_sort(sorted.begin(), sorted.end(), [](const LinkHealth &a, const LinkHealth &b) {
        if (severity(a.verdict) != severity(b.verdict))
            return severity(a.verdict) < severity(b.verdict);
        return a.nodeName < b.nodeName;
    });
    if (sorted.size() == m_links.size()) {
        m_links = sorted;
        if (!m_links.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_links = sorted;
    endResetModel();
}

int FabricHealthModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_links.size());
}

int FabricHealthModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FabricHealthModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_links.size())
        return {};
    const LinkHealth &l = m_links.at(index.row());
    if (role == Roles::Key)
        return l.key();
    if (role == Roles::Status && index.column() == VerdictColumn)
        return int(statusOf(l.verdict));
    if (role == Qt::ToolTipRole && (index.column() == ReasonColumn || index.column() == VerdictColumn))
        return l.reasons.join(QLatin1Char('\n'));
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NodeColumn:
        return l.nodeName;
    case LinkColumn:
        //: a link on the node's data plane (the interface the cluster's RDMA uses)
        return l.dataPlane ? tr("%1 — data plane").arg(l.title()) : l.title();
    case VerdictColumn:
        return verdictText(l.verdict);
    case ReasonColumn:
        return l.reasons.join(QStringLiteral("; "));
    case ErrorsColumn:
        return perSecond(l.errorsPerS);
    case DropsColumn:
        return perSecond(l.discardsPerS);
    case CrcColumn:
        return perSecond(l.crcPerS);
    case PauseColumn:
        return perSecond(l.pausePerS);
    case CnpColumn:
        return perSecond(l.cnpPerS);
    default:
        return {};
    }
}

QVariant FabricHealthModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NodeColumn:
        return tr("Node");
    case LinkColumn:
        return tr("Link");
    case VerdictColumn:
        return tr("Health");
    case ReasonColumn:
        return tr("Why");
    case ErrorsColumn:
        return tr("Errors/s");
    case DropsColumn:
        return tr("Drops/s");
    case CrcColumn:
        return tr("CRC/s");
    case PauseColumn:
        return tr("Pauses/s");
    case CnpColumn:
        return tr("CNPs/s");
    default:
        return {};
    }
}

} // namespace halolink::health
