#pragma once
// Tables of the telemetry, the accessible alternative to every chart: the same
// numbers a chart draws, readable by a screen reader and copyable.
//
// SeriesTableModel: one row per series of a chart, with its latest value and
//   min/mean/max over the chart's time window.
// LatencyMatrixModel: the latency heatmap as a node x node table (row = from,
//   column = to); an unmeasured pair is an empty cell, never 0.
//
// Both are refreshed by the UI's timer (refresh()), never per sample.

#include "telemetry/telemetrystore.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QStringList>
#include <QtNumeric>

namespace halolink {

class TelemetryIngest;

class SeriesTableModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { NodeColumn, SeriesColumn, LatestColumn, MinColumn, MeanColumn, MaxColumn, UpdatedColumn, ColumnCount };
    Q_ENUM(Column)

    explicit SeriesTableModel(TelemetryStore *store, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The series shown, with the label people see for each (e.g. "card1 busy").
    void setSeries(const QList<int> &series, const QStringList &labels);
    QList<int> series() const { return m_series; }
    void setNodeNames(const QHash<QString, QString> &names);
    // The unit of the numbers, named in the headers ("Latest (B/s)"); the cells
    // carry their own scaled unit ("1.2 GB/s").
    void setUnit(telemetry::Unit unit);
    // The time window the statistics cover.
    void setWindow(double t0, double t1);
    // Recomputes the numbers; emits dataChanged for what changed.
    void refresh();

private:
    struct Stats {
        double latest = qQNaN();
        double latestT = qQNaN();
        double min = qQNaN();
        double mean = qQNaN();
        double max = qQNaN();
        bool operator==(const Stats &) const = default;
    };

    TelemetryStore *m_store;
    QList<int> m_series;
    QStringList m_labels;
    QList<Stats> m_stats;
    QHash<QString, QString> m_nodeNames;
    telemetry::Unit m_unit = telemetry::Unit::None;
    double m_t0 = 0;
    double m_t1 = 0;
    SeriesSlice m_scratch;
};

class LatencyMatrixModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum class Transport { Rdma, Tcp };
    enum class Measure { OneWay, RoundTrip };
    enum class Statistic { P50, P99 };

    explicit LatencyMatrixModel(TelemetryStore *store, TelemetryIngest *ingest = nullptr, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The nodes (ids, in order) and the names people see.
    void setNodes(const QStringList &ids, const QStringList &names);
    QStringList nodeIds() const { return m_ids; }
    QStringList nodeNames() const { return m_names; }

    void setTransport(Transport transport);
    Transport transport() const { return m_transport; }
    void setMeasure(Measure measure);
    Measure measure() const { return m_measure; }
    void setStatistic(Statistic statistic);
    Statistic statistic() const { return m_statistic; }
    // A value older than this (relative to the newest data) is shown as unknown.
    void setStaleAfter(double seconds) { m_staleAfter = seconds; }

    // "one-way p50 over RDMA" — what the numbers are, for titles.
    QString description() const;
    static QLatin1StringView transportName(Transport transport);
    QLatin1StringView metricName() const; // e.g. "one_way_p50_ns"

    // Latency in ns, NaN when not measured (or stale, or failing).
    double value(int from, int to) const;
    // Series index of the pair for the current settings, -1 when never measured.
    int seriesOf(int from, int to) const;
    double minValue() const { return m_min; }
    double maxValue() const { return m_max; }

    void refresh();

private:
    void recompute(bool reset, bool force);

    TelemetryStore *m_store;
    TelemetryIngest *m_ingest;
    QStringList m_ids;
    QStringList m_names;
    Transport m_transport = Transport::Rdma;
    Measure m_measure = Measure::OneWay;
    Statistic m_statistic = Statistic::P50;
    double m_staleAfter = 30;
    QList<double> m_values; // row-major
    QList<int> m_seriesIndex;
    int m_indexedSeriesCount = -1; // the store's series count when m_seriesIndex was looked up
    double m_min = qQNaN();
    double m_max = qQNaN();
};

} // namespace halolink
