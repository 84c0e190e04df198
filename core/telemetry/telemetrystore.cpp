#include "telemetry/telemetrystore.h"

#include <QTimer>

#include <algorithm>
#include <cmath>

namespace halolink {

using telemetry::Ring;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct RawPoint {
    double t = 0;
    double v = 0;
};

// 24 bytes: floats are plenty for display and export of aggregates; the exact
// raw values stay double in the raw ring.
struct Bucket {
    double t = 0;
    float min = 0;
    float max = 0;
    float mean = 0;
    float last = 0;
    bool isGap() const { return mean != mean; }
};

struct Accumulator {
    double period = kNaN; // start of the bucket's period
    double key = 0;       // its time in the ring (the period start, or later right after a gap)
    double min = 0;
    double max = 0;
    double sum = 0;
    double last = 0;
    int count = 0;

    Bucket bucket() const
    {
        return Bucket{key, float(min), float(max), float(sum / count), float(last)};
    }
};

struct Level {
    Ring<Bucket> ring;
    Accumulator open;
    double width;
    bool enabled;

    Level(qsizetype capacity, double w)
        : ring(capacity)
        , width(w)
        , enabled(capacity > 0)
    {
    }

    double lastKey() const { return ring.isEmpty() ? -std::numeric_limits<double>::infinity() : ring.back().t; }

    void close()
    {
        if (open.count > 0)
            ring.push(open.bucket());
        open.count = 0;
        open.period = kNaN;
    }

    void add(double t, double v)
    {
        if (!enabled)
            return;
        const double period = std::floor(t / width) * width;
        if (open.count > 0 && period != open.period)
            close();
        if (open.count == 0) {
            open.period = period;
            // Right after a gap the line starts again where the data does:
            // the period's start may lie inside the gap (a node lost at 3 s
            // and back at 8 s of one ten-second period would otherwise show
            // data from 0 s, before it was lost, and no gap at all).
            const bool afterGap = !ring.isEmpty() && ring.back().isGap();
            open.key = afterGap ? std::max(t, lastKey()) : std::max(period, lastKey());
            open.min = open.max = open.sum = v;
            open.last = v;
            open.count = 1;
            return;
        }
        open.min = std::min(open.min, v);
        open.max = std::max(open.max, v);
        open.sum += v;
        open.last = v;
        ++open.count;
    }

    void gap(double t)
    {
        if (!enabled)
            return;
        close();
        if (!ring.isEmpty() && ring.back().isGap())
            return;
        const float nan = std::numeric_limits<float>::quiet_NaN();
        ring.push(Bucket{std::max(t, lastKey()), nan, nan, nan, nan});
    }
};

} // namespace

// The rings, reserved when the first value (or gap) arrives, so a series that
// only ever reports null costs nothing; their memory is written as they fill
// (ring.h).
struct Rings {
    Ring<RawPoint> raw;
    Level oneSecond;
    Level tenSeconds;

    Rings(qsizetype rawCapacity, qsizetype oneSecondCapacity, qsizetype tenSecondCapacity)
        : raw(rawCapacity)
        , oneSecond(oneSecondCapacity, 1.0)
        , tenSeconds(tenSecondCapacity, 10.0)
    {
    }
};

struct TelemetryStore::Series {
    SeriesInfo info;
    std::unique_ptr<Rings> rings;
    double lastT = -std::numeric_limits<double>::infinity();
    Latest latest;

    void allocate(const Config &config)
    {
        if (rings)
            return;
        if (info.peer.isEmpty())
            rings = std::make_unique<Rings>(config.rawCapacity, config.oneSecondCapacity, config.tenSecondCapacity);
        else
            rings = std::make_unique<Rings>(config.meshRawCapacity, config.meshOneSecondCapacity,
                                            config.meshTenSecondCapacity);
    }

    const Level *level(Resolution resolution) const
    {
        switch (resolution) {
        case Resolution::OneSecond: return &rings->oneSecond;
        case Resolution::TenSeconds: return &rings->tenSeconds;
        case Resolution::Raw: break;
        }
        return nullptr;
    }
};

void SeriesSlice::clear()
{
    keys.clear();
    values.clear();
    mins.clear();
    maxs.clear();
    lasts.clear();
}

void SeriesSlice::reserve(qsizetype n)
{
    keys.reserve(n);
    values.reserve(n);
    mins.reserve(n);
    maxs.reserve(n);
    lasts.reserve(n);
}

TelemetryStore::TelemetryStore(QObject *parent)
    : TelemetryStore(Config{}, parent)
{
}

TelemetryStore::TelemetryStore(const Config &config, QObject *parent)
    : QObject(parent)
    , m_config(config)
{
}

TelemetryStore::~TelemetryStore() = default;

double TelemetryStore::bucketWidth(Resolution resolution)
{
    switch (resolution) {
    case Resolution::OneSecond: return 1.0;
    case Resolution::TenSeconds: return 10.0;
    case Resolution::Raw: break;
    }
    return 0.0;
}

int TelemetryStore::findSeries(const QString &key) const
{
    return m_index.value(key, -1);
}

int TelemetryStore::ensureSeries(const QString &key)
{
    if (const auto it = m_index.constFind(key); it != m_index.cend())
        return it.value();
    const int index = int(m_series.size());
    auto series = std::make_unique<Series>();
    const telemetry::SeriesKey parsed = telemetry::parseSeriesKey(key);
    series->info.key = key;
    series->info.node = parsed.node;
    series->info.peer = parsed.peer;
    series->info.metric = parsed.metric;
    series->info.unit = telemetry::unitForMetric(parsed.metric);
    m_series.push_back(std::move(series));
    m_index.insert(key, index);
    if (!m_byNode.contains(parsed.node))
        m_nodes.append(parsed.node);
    m_byNode[parsed.node].append(index);
    if (parsed.isMesh())
        m_towardsNode[parsed.peer].append(index);
    scheduleSeriesAdded();
    return index;
}

void TelemetryStore::scheduleSeriesAdded()
{
    if (m_seriesAddedPending)
        return;
    m_seriesAddedPending = true;
    QTimer::singleShot(0, this, [this] {
        m_seriesAddedPending = false;
        Q_EMIT seriesAdded();
    });
}

const SeriesInfo &TelemetryStore::info(int index) const
{
    return series(index).info;
}

QList<int> TelemetryStore::seriesOfNode(const QString &node) const
{
    return m_byNode.value(node);
}

QStringList TelemetryStore::nodes() const
{
    return m_nodes;
}

void TelemetryStore::append(int index, double t, double value)
{
    if (value != value) {
        markGap(index, t);
        return;
    }
    Series &s = series(index);
    if (t < s.lastT || !std::isfinite(t)) {
        ++m_droppedOutOfOrder;
        return;
    }
    s.lastT = t;
    s.allocate(m_config);
    s.rings->raw.push(RawPoint{t, value});
    s.rings->oneSecond.add(t, value);
    s.rings->tenSeconds.add(t, value);
    s.latest = Latest{t, value, false};
    ++m_revision;
    if (!(m_lastTime >= t))
        m_lastTime = t;
}

void TelemetryStore::markGap(int index, double t)
{
    Series &s = series(index);
    if (!std::isfinite(t))
        return;
    t = std::max(t, s.lastT);
    if (!s.rings)
        return; // nothing to break yet
    s.lastT = t;
    Ring<RawPoint> &raw = s.rings->raw;
    if (raw.isEmpty() || raw.back().v == raw.back().v)
        raw.push(RawPoint{t, kNaN});
    s.rings->oneSecond.gap(t);
    s.rings->tenSeconds.gap(t);
    s.latest.gap = true;
    ++m_revision;
    if (!(m_lastTime >= t))
        m_lastTime = t;
}

void TelemetryStore::markNodeGap(const QString &node, double t)
{
    for (int index : m_byNode.value(node))
        markGap(index, t);
    for (int index : m_towardsNode.value(node))
        markGap(index, t);
}

TelemetryStore::Latest TelemetryStore::latest(int index) const
{
    return series(index).latest;
}

double TelemetryStore::retainedFrom(int index, Resolution resolution) const
{
    const Series &s = series(index);
    if (!s.rings)
        return kNaN;
    if (resolution == Resolution::Raw)
        return s.rings->raw.isEmpty() ? kNaN : s.rings->raw.front().t;
    const Level *level = s.level(resolution);
    if (!level->enabled)
        return kNaN;
    if (!level->ring.isEmpty())
        return level->ring.front().t;
    return level->open.count > 0 ? level->open.key : kNaN;
}

qsizetype TelemetryStore::pointCount(int index, Resolution resolution) const
{
    const Series &s = series(index);
    if (!s.rings)
        return 0;
    if (resolution == Resolution::Raw)
        return s.rings->raw.size();
    const Level *level = s.level(resolution);
    if (!level->enabled)
        return 0;
    return level->ring.size() + (level->open.count > 0 ? 1 : 0);
}

Resolution TelemetryStore::pickResolution(int index, double t0, double t1, qsizetype maxPoints) const
{
    const Series &s = series(index);
    if (!s.rings)
        return Resolution::Raw;
    auto holds = [t0](bool wrapped, double front) { return !wrapped || front <= t0; };

    const Ring<RawPoint> &raw = s.rings->raw;
    if (holds(raw.hasWrapped(), raw.isEmpty() ? kNaN : raw.front().t)) {
        const qsizetype n = raw.upperBound(t1) - raw.lowerBound(t0);
        if (n <= maxPoints)
            return Resolution::Raw;
    }
    const Level &one = s.rings->oneSecond;
    if (one.enabled && holds(one.ring.hasWrapped(), one.ring.isEmpty() ? kNaN : one.ring.front().t)) {
        const qsizetype n = one.ring.upperBound(t1) - one.ring.lowerBound(t0) + 1;
        if (n <= maxPoints || (t1 - t0) / one.width <= maxPoints)
            return Resolution::OneSecond;
    }
    if (!s.rings->tenSeconds.enabled)
        return one.enabled ? Resolution::OneSecond : Resolution::Raw;
    return Resolution::TenSeconds;
}

void TelemetryStore::read(int index, Resolution resolution, double t0, double t1, SeriesSlice &out) const
{
    const Series &s = series(index);
    out.resolution = resolution;
    if (!s.rings)
        return;
    if (resolution == Resolution::Raw) {
        const Ring<RawPoint> &ring = s.rings->raw;
        const qsizetype first = std::max<qsizetype>(0, ring.lowerBound(t0) - 1);
        const qsizetype end = std::min(ring.size(), ring.upperBound(t1) + 1);
        out.reserve(out.size() + (end - first));
        for (qsizetype i = first; i < end; ++i) {
            const RawPoint &p = ring.at(i);
            out.keys.append(p.t);
            out.values.append(p.v);
            out.mins.append(p.v);
            out.maxs.append(p.v);
            out.lasts.append(p.v);
        }
        return;
    }
    const Level *level = s.level(resolution);
    if (!level->enabled)
        return;
    const Ring<Bucket> &ring = level->ring;
    const qsizetype first = std::max<qsizetype>(0, ring.lowerBound(t0) - 1);
    const qsizetype end = std::min(ring.size(), ring.upperBound(t1) + 1);
    out.reserve(out.size() + (end - first) + 1);
    for (qsizetype i = first; i < end; ++i) {
        const Bucket &b = ring.at(i);
        out.keys.append(b.t);
        out.values.append(b.mean);
        out.mins.append(b.min);
        out.maxs.append(b.max);
        out.lasts.append(b.last);
    }
    if (level->open.count > 0 && (end == ring.size())) {
        const Bucket b = level->open.bucket();
        out.keys.append(b.t);
        out.values.append(level->open.sum / level->open.count);
        out.mins.append(level->open.min);
        out.maxs.append(level->open.max);
        out.lasts.append(level->open.last);
    }
}

void TelemetryStore::readClosedAfter(int index, Resolution resolution, double after, SeriesSlice &out) const
{
    const Series &s = series(index);
    out.resolution = resolution;
    if (!s.rings)
        return;
    if (resolution == Resolution::Raw) {
        const Ring<RawPoint> &ring = s.rings->raw;
        for (qsizetype i = ring.upperBound(after); i < ring.size(); ++i) {
            const RawPoint &p = ring.at(i);
            out.keys.append(p.t);
            out.values.append(p.v);
            out.mins.append(p.v);
            out.maxs.append(p.v);
            out.lasts.append(p.v);
        }
        return;
    }
    if (!s.level(resolution)->enabled)
        return;
    const Ring<Bucket> &ring = s.level(resolution)->ring;
    for (qsizetype i = ring.upperBound(after); i < ring.size(); ++i) {
        const Bucket &b = ring.at(i);
        out.keys.append(b.t);
        out.values.append(b.mean);
        out.mins.append(b.min);
        out.maxs.append(b.max);
        out.lasts.append(b.last);
    }
}

bool TelemetryStore::openBucket(int index, Resolution resolution, double *key, double *mean, double *min,
                                double *max, double *last) const
{
    if (resolution == Resolution::Raw || !series(index).rings)
        return false;
    const Accumulator &open = series(index).level(resolution)->open;
    if (open.count == 0)
        return false;
    *key = open.key;
    *mean = open.sum / open.count;
    *min = open.min;
    *max = open.max;
    *last = open.last;
    return true;
}

size_t TelemetryStore::bytesPerSeries(const Config &config)
{
    return size_t(config.rawCapacity) * sizeof(RawPoint)
        + size_t(config.oneSecondCapacity + config.tenSecondCapacity) * sizeof(Bucket);
}

size_t TelemetryStore::memoryBytes() const
{
    size_t bytes = 0;
    for (const auto &s : m_series) {
        if (s->rings)
            bytes += s->rings->raw.bytes() + s->rings->oneSecond.ring.bytes() + s->rings->tenSeconds.ring.bytes();
    }
    return bytes;
}

size_t TelemetryStore::usedBytes() const
{
    size_t bytes = 0;
    for (const auto &s : m_series) {
        if (s->rings)
            bytes += s->rings->raw.usedBytes() + s->rings->oneSecond.ring.usedBytes()
                + s->rings->tenSeconds.ring.usedBytes();
    }
    return bytes;
}

} // namespace halolink
