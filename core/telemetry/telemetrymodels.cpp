#include "telemetry/telemetrymodels.h"

#include "modelroles.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrykeys.h"

#include <QDateTime>

#include <cmath>

namespace halolink {

using telemetry::formatValue;

namespace {

constexpr qsizetype kStatsMaxPoints = 2000;

bool sameNumber(double a, double b)
{
    return a == b || (a != a && b != b);
}

} // namespace

// ---------------------------------------------------------------- SeriesTableModel

SeriesTableModel::SeriesTableModel(TelemetryStore *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
}

int SeriesTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_series.size());
}

int SeriesTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SeriesTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int series = m_series.at(index.row());
    const SeriesInfo &info = m_store->info(series);
    const Stats &stats = m_stats.at(index.row());
    auto number = [&](double v) -> QVariant {
        if (role == Qt::DisplayRole)
            return formatValue(v, info.unit);
        if (role == Roles::Sort)
            return v == v ? QVariant(v) : QVariant();
        if (role == Qt::TextAlignmentRole)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    };
    switch (index.column()) {
    case NodeColumn:
        if (role == Qt::DisplayRole || role == Roles::Sort)
            return m_nodeNames.value(info.node, info.node);
        if (role == Roles::Key)
            return info.node;
        return {};
    case SeriesColumn:
        if (role == Qt::DisplayRole || role == Roles::Sort)
            return m_labels.value(index.row(), info.metric);
        if (role == Qt::ToolTipRole || role == Roles::Key)
            return info.key;
        return {};
    case LatestColumn: return number(stats.latest);
    case MinColumn: return number(stats.min);
    case MeanColumn: return number(stats.mean);
    case MaxColumn: return number(stats.max);
    case UpdatedColumn:
        if (role == Qt::DisplayRole) {
            if (stats.latestT != stats.latestT)
                return QStringLiteral("—");
            return QDateTime::fromMSecsSinceEpoch(qint64(stats.latestT * 1000)).toString(QStringLiteral("HH:mm:ss"));
        }
        if (role == Roles::Sort)
            return stats.latestT == stats.latestT ? QVariant(stats.latestT) : QVariant();
        return {};
    default: break;
    }
    return {};
}

QVariant SeriesTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QString symbol = telemetry::unitSymbol(m_unit);
    auto withUnit = [&](const QString &name) { return symbol.isEmpty() ? name : tr("%1 (%2)").arg(name, symbol); };
    switch (section) {
    case NodeColumn: return tr("Node");
    case SeriesColumn: return tr("Series");
    case LatestColumn: return withUnit(tr("Latest"));
    case MinColumn: return withUnit(tr("Min"));
    case MeanColumn: return withUnit(tr("Mean"));
    case MaxColumn: return withUnit(tr("Max"));
    case UpdatedColumn: return tr("Updated");
    default: break;
    }
    return {};
}

void SeriesTableModel::setUnit(telemetry::Unit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    Q_EMIT headerDataChanged(Qt::Horizontal, LatestColumn, MaxColumn);
}

void SeriesTableModel::setSeries(const QList<int> &series, const QStringList &labels)
{
    if (series == m_series && labels == m_labels)
        return;
    beginResetModel();
    m_series = series;
    m_labels = labels;
    m_stats = QList<Stats>(series.size());
    endResetModel();
    refresh();
}

void SeriesTableModel::setNodeNames(const QHash<QString, QString> &names)
{
    m_nodeNames = names;
    if (!m_series.isEmpty())
        Q_EMIT dataChanged(index(0, NodeColumn), index(rowCount() - 1, NodeColumn), {Qt::DisplayRole});
}

void SeriesTableModel::setWindow(double t0, double t1)
{
    m_t0 = t0;
    m_t1 = t1;
}

void SeriesTableModel::refresh()
{
    int firstChanged = -1;
    int lastChanged = -1;
    for (int row = 0; row < m_series.size(); ++row) {
        const int series = m_series.at(row);
        Stats stats;
        const TelemetryStore::Latest latest = m_store->latest(series);
        if (!latest.gap) {
            stats.latest = latest.value;
            stats.latestT = latest.t;
        }
        m_scratch.clear();
        const Resolution resolution = m_store->pickResolution(series, m_t0, m_t1, kStatsMaxPoints);
        m_store->read(series, resolution, m_t0, m_t1, m_scratch);
        double sum = 0;
        double weight = 0;
        for (qsizetype i = 0; i < m_scratch.size(); ++i) {
            const double t = m_scratch.keys.at(i);
            const double v = m_scratch.values.at(i);
            if (t < m_t0 - TelemetryStore::bucketWidth(resolution) || t > m_t1 || v != v)
                continue; // the points outside the window read() adds for plotting
            stats.min = stats.min == stats.min ? std::min(stats.min, m_scratch.mins.at(i)) : m_scratch.mins.at(i);
            stats.max = stats.max == stats.max ? std::max(stats.max, m_scratch.maxs.at(i)) : m_scratch.maxs.at(i);
            sum += v;
            weight += 1;
        }
        if (weight > 0)
            stats.mean = sum / weight;
        Stats &old = m_stats[row];
        if (!(sameNumber(old.latest, stats.latest) && sameNumber(old.latestT, stats.latestT)
              && sameNumber(old.min, stats.min) && sameNumber(old.mean, stats.mean)
              && sameNumber(old.max, stats.max))) {
            old = stats;
            if (firstChanged < 0)
                firstChanged = row;
            lastChanged = row;
        }
    }
    if (firstChanged >= 0)
        Q_EMIT dataChanged(index(firstChanged, LatestColumn), index(lastChanged, UpdatedColumn));
}

// ---------------------------------------------------------------- LatencyMatrixModel

LatencyMatrixModel::LatencyMatrixModel(TelemetryStore *store, TelemetryIngest *ingest, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
    , m_ingest(ingest)
{
}

int LatencyMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_ids.size());
}

int LatencyMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_ids.size());
}

QVariant LatencyMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const double v = value(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        if (index.row() == index.column())
            return QString();
        return v == v ? formatValue(v, telemetry::Unit::Nanoseconds) : QString();
    case Qt::ToolTipRole: {
        const QString pair = tr("%1 → %2").arg(m_names.at(index.row()), m_names.at(index.column()));
        if (index.row() == index.column())
            return pair;
        if (v == v)
            return tr("%1: %2 (%3)").arg(pair, formatValue(v, telemetry::Unit::Nanoseconds), description());
        QString why = tr("not measured");
        if (m_ingest) {
            const QString error = m_ingest->meshError(m_ids.at(index.row()), m_ids.at(index.column()),
                                                      transportName(m_transport));
            if (!error.isEmpty())
                why = error;
        }
        return tr("%1: %2").arg(pair, why);
    }
    case Roles::Sort:
        return v == v ? QVariant(v) : QVariant();
    case Roles::Key:
        return m_ids.at(index.row()) + QLatin1StringView("->") + m_ids.at(index.column());
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: break;
    }
    return {};
}

QVariant LatencyMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role == Qt::DisplayRole && section >= 0 && section < m_names.size()) {
        return orientation == Qt::Vertical ? tr("from %1").arg(m_names.at(section))
                                           : tr("to %1").arg(m_names.at(section));
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

void LatencyMatrixModel::setNodes(const QStringList &ids, const QStringList &names)
{
    if (ids == m_ids && names == m_names)
        return;
    beginResetModel();
    m_ids = ids;
    m_names = names;
    while (m_names.size() < m_ids.size())
        m_names.append(m_ids.at(m_names.size()));
    recompute(true, true);
    endResetModel();
}

void LatencyMatrixModel::setTransport(Transport transport)
{
    if (m_transport == transport)
        return;
    m_transport = transport;
    recompute(false, true);
}

void LatencyMatrixModel::setMeasure(Measure measure)
{
    if (m_measure == measure)
        return;
    m_measure = measure;
    recompute(false, true);
}

void LatencyMatrixModel::setStatistic(Statistic statistic)
{
    if (m_statistic == statistic)
        return;
    m_statistic = statistic;
    recompute(false, true);
}

QLatin1StringView LatencyMatrixModel::transportName(Transport transport)
{
    return transport == Transport::Rdma ? QLatin1StringView("rdma") : QLatin1StringView("tcp");
}

QLatin1StringView LatencyMatrixModel::metricName() const
{
    if (m_measure == Measure::OneWay)
        return m_statistic == Statistic::P50 ? QLatin1StringView("one_way_p50_ns") : QLatin1StringView("one_way_p99_ns");
    return m_statistic == Statistic::P50 ? QLatin1StringView("rtt_p50_ns") : QLatin1StringView("rtt_p99_ns");
}

QString LatencyMatrixModel::description() const
{
    const QString measure = m_measure == Measure::OneWay ? tr("one-way") : tr("round trip");
    const QString statistic = m_statistic == Statistic::P50 ? QStringLiteral("p50") : QStringLiteral("p99");
    const QString transport = m_transport == Transport::Rdma ? tr("RDMA") : tr("TCP");
    return tr("%1 %2 over %3").arg(measure, statistic, transport);
}

double LatencyMatrixModel::value(int from, int to) const
{
    const qsizetype i = qsizetype(from) * m_ids.size() + to;
    return i >= 0 && i < m_values.size() ? m_values.at(i) : qQNaN();
}

int LatencyMatrixModel::seriesOf(int from, int to) const
{
    const qsizetype i = qsizetype(from) * m_ids.size() + to;
    return i >= 0 && i < m_seriesIndex.size() ? m_seriesIndex.at(i) : -1;
}

void LatencyMatrixModel::refresh()
{
    recompute(false, false);
}

void LatencyMatrixModel::recompute(bool reset, bool force)
{
    const qsizetype n = m_ids.size();
    QList<double> values(n * n, qQNaN());
    // Which series each cell reads only changes with the nodes, the settings
    // (both force) or new series: not looked up by key on every refresh (a
    // 64-node matrix is 4032 keys built and hashed twice a second).
    if (force || reset || m_seriesIndex.size() != n * n || m_indexedSeriesCount != m_store->seriesCount()) {
        QList<int> seriesIndex(n * n, -1);
        const QLatin1StringView metric = metricName();
        const QLatin1StringView transport = transportName(m_transport);
        for (qsizetype from = 0; from < n; ++from) {
            for (qsizetype to = 0; to < n; ++to) {
                if (from != to)
                    seriesIndex[from * n + to] =
                        m_store->findSeries(telemetry::meshKey(m_ids.at(from), m_ids.at(to), transport, metric));
            }
        }
        m_seriesIndex = seriesIndex;
        m_indexedSeriesCount = m_store->seriesCount();
    }
    const double newest = m_store->lastTime();
    double lo = qQNaN();
    double hi = qQNaN();
    for (qsizetype from = 0; from < n; ++from) {
        for (qsizetype to = 0; to < n; ++to) {
            if (from == to)
                continue;
            const int series = m_seriesIndex.at(from * n + to);
            if (series < 0)
                continue;
            const TelemetryStore::Latest latest = m_store->latest(series);
            if (!latest.valid() || latest.gap || newest - latest.t > m_staleAfter)
                continue;
            values[from * n + to] = latest.value;
            lo = lo == lo ? std::min(lo, latest.value) : latest.value;
            hi = hi == hi ? std::max(hi, latest.value) : latest.value;
        }
    }
    m_min = lo;
    m_max = hi;
    bool changed = values.size() != m_values.size();
    for (qsizetype i = 0; !changed && i < values.size(); ++i)
        changed = !sameNumber(values.at(i), m_values.at(i));
    m_values = values;
    // Tooltips name the measure, so a settings change touches every cell too.
    if (!reset && n > 0 && (changed || force))
        Q_EMIT dataChanged(index(0, 0), index(int(n) - 1, int(n) - 1));
}

} // namespace halolink
