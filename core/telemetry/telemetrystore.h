#pragma once
// The telemetry of the whole cluster, one series per (node, metric) key (see
// telemetrykeys.h). Each series lives in three fixed-size rings allocated when
// the series is created, so memory stays flat however long the app runs:
//
//   Raw        every sample          3200 points  (5 min at the engine's default 10 Hz, and some)
//   OneSecond  1 s buckets           3600 buckets (1 h)
//   TenSeconds 10 s buckets          8640 buckets (24 h)
//
// Mesh series (about 1 Hz) have their own, smaller capacities (Config). Rings
// are allocated when a series gets its first value, so series that only ever
// report null cost nothing. A bucket keeps min, max, mean and last, so a zoomed-out plot still shows a
// spike. Appending is O(1) (no allocation). A gap (a node lost, a failed
// measurement) is stored as a NaN marker in every ring: plots break the line
// there and nothing is interpolated across it. Times are seconds since the
// Unix epoch as double (the nodes' CLOCK_REALTIME, one axis for all nodes).
//
// The store sends no signal per sample: readers poll revision() on their own
// timer. seriesAdded() is coalesced to once per event-loop pass.

#include "telemetry/ring.h"
#include "telemetry/telemetrykeys.h"

#include <QList>
#include <QObject>
#include <QHash>
#include <QString>

#include <limits>
#include <memory>
#include <vector>

namespace halolink {

enum class Resolution { Raw, OneSecond, TenSeconds };

// Points read from the store, ready for QCustomPlot (keys sorted). For raw
// points min == max == value == last; for buckets value is the mean. A NaN
// value is a gap marker.
struct SeriesSlice {
    Resolution resolution = Resolution::Raw;
    QList<double> keys;
    QList<double> values;
    QList<double> mins;
    QList<double> maxs;
    QList<double> lasts;

    qsizetype size() const { return keys.size(); }
    void clear();
    void reserve(qsizetype n);
};

struct SeriesInfo {
    QString key;
    QString node;   // who measured it
    QString peer;   // mesh series: the other end
    QString metric; // the key without the node part
    telemetry::Unit unit = telemetry::Unit::None;
};

class TelemetryStore final : public QObject
{
    Q_OBJECT

public:
    struct Config {
        qsizetype rawCapacity = 3200; // 5 min 20 s at 10 Hz: a 5 min window fits with room for jitter
        qsizetype oneSecondCapacity = 3600;
        qsizetype tenSecondCapacity = 8640;
        // Mesh latency comes once a second per pair: 1 s buckets would repeat
        // the raw points (0 = no such level), and a cluster has many pairs.
        qsizetype meshRawCapacity = 330;
        qsizetype meshOneSecondCapacity = 0;
        qsizetype meshTenSecondCapacity = 8640;
    };

    struct Latest {
        double t = std::numeric_limits<double>::quiet_NaN();
        double value = std::numeric_limits<double>::quiet_NaN();
        bool gap = false; // the last thing that happened was a gap (value is the last before it)
        bool valid() const { return t == t; }
    };

    explicit TelemetryStore(QObject *parent = nullptr);
    explicit TelemetryStore(const Config &config, QObject *parent = nullptr);
    ~TelemetryStore() override;

    const Config &config() const { return m_config; }
    static double bucketWidth(Resolution resolution);

    int seriesCount() const { return int(m_series.size()); }
    // -1 when there is no such series.
    int findSeries(const QString &key) const;
    // Creates the series (allocating its rings) the first time.
    int ensureSeries(const QString &key);
    const SeriesInfo &info(int series) const;
    QList<int> seriesOfNode(const QString &node) const;
    QStringList nodes() const; // in the order first seen

    // O(1). A sample older than the series' last one is dropped (counted):
    // the rings are kept in time order.
    void append(int series, double t, double value);
    // A gap marker at t in every ring of the series (once: consecutive gaps merge).
    void markGap(int series, double t);
    // A gap in every series the node measured and every mesh series towards it.
    void markNodeGap(const QString &node, double t);

    Latest latest(int series) const;
    // Time of the most recent sample or gap of any series (NaN when empty).
    double lastTime() const { return m_lastTime; }

    // The finest resolution that still holds [t0, t1] and gives at most maxPoints
    // points there; the coarsest holding it when none is that sparse.
    Resolution pickResolution(int series, double t0, double t1, qsizetype maxPoints) const;
    // Appends to out the points in [t0, t1] plus one on each side (so lines run
    // to the edges), including the still-open bucket.
    void read(int series, Resolution resolution, double t0, double t1, SeriesSlice &out) const;
    // Incremental reading for plots: the closed points with key > after; the
    // still-open bucket (which changes until its period ends) separately.
    void readClosedAfter(int series, Resolution resolution, double after, SeriesSlice &out) const;
    bool openBucket(int series, Resolution resolution, double *key, double *mean, double *min, double *max,
                    double *last) const;
    // The oldest time a resolution still holds for the series (NaN when empty).
    double retainedFrom(int series, Resolution resolution) const;
    qsizetype pointCount(int series, Resolution resolution) const;

    // Bumped on every append and gap: a cheap "anything new?" for timers.
    quint64 revision() const { return m_revision; }
    quint64 droppedOutOfOrder() const { return m_droppedOutOfOrder; }
    // Bytes reserved by all rings (fixed per series once it has data), and
    // the part written so far (what is resident: it grows until they are full).
    size_t memoryBytes() const;
    size_t usedBytes() const;
    static size_t bytesPerSeries(const Config &config);

Q_SIGNALS:
    // New series exist (coalesced; never per sample).
    void seriesAdded();

private:
    struct Series;
    Series &series(int index) { return *m_series[size_t(index)]; }
    const Series &series(int index) const { return *m_series[size_t(index)]; }
    void scheduleSeriesAdded();

    Config m_config;
    std::vector<std::unique_ptr<Series>> m_series;
    QHash<QString, int> m_index;
    QHash<QString, QList<int>> m_byNode;      // series a node measured
    QHash<QString, QList<int>> m_towardsNode; // mesh series whose peer is the node
    QStringList m_nodes;
    quint64 m_revision = 0;
    quint64 m_droppedOutOfOrder = 0;
    double m_lastTime = std::numeric_limits<double>::quiet_NaN();
    bool m_seriesAddedPending = false;
};

} // namespace halolink
