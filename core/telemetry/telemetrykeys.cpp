#include "telemetry/telemetrykeys.h"

#include <QLocale>

#include <cmath>

namespace halolink::telemetry {

namespace {
const QLatin1StringView kMeshPrefix("mesh/");
const QLatin1StringView kArrow("->");
} // namespace

SeriesKey parseSeriesKey(const QString &key)
{
    SeriesKey parsed;
    if (key.startsWith(kMeshPrefix)) {
        const qsizetype pairEnd = key.indexOf(QLatin1Char('/'), kMeshPrefix.size());
        const QStringView pair = QStringView(key).mid(kMeshPrefix.size(),
                                                      pairEnd < 0 ? -1 : pairEnd - kMeshPrefix.size());
        const qsizetype arrow = pair.indexOf(kArrow);
        if (arrow > 0) {
            parsed.node = pair.left(arrow).toString();
            parsed.peer = pair.mid(arrow + kArrow.size()).toString();
            parsed.metric = pairEnd < 0 ? QString() : key.mid(pairEnd + 1);
            return parsed;
        }
    }
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    parsed.node = slash < 0 ? key : key.left(slash);
    parsed.metric = slash < 0 ? QString() : key.mid(slash + 1);
    return parsed;
}

QString gpuKey(const QString &node, const QString &card, QLatin1StringView metric)
{
    return node + QLatin1StringView("/gpu/") + card + QLatin1Char('/') + metric;
}

QString nicKey(const QString &node, const QString &netdev, QLatin1StringView metric)
{
    return node + QLatin1StringView("/nic/") + netdev + QLatin1Char('/') + metric;
}

QString rdmaKey(const QString &node, const QString &device, int port, const QString &metric)
{
    return node + QLatin1StringView("/rdma/") + device + QLatin1Char('/') + QString::number(port)
        + QLatin1Char('/') + metric;
}

QString meshKey(const QString &from, const QString &peer, const QString &transport, QLatin1StringView metric)
{
    return kMeshPrefix + from + kArrow + peer + QLatin1Char('/') + transport + QLatin1Char('/') + metric;
}

Unit unitForMetric(QStringView metric)
{
    if (metric.endsWith(QLatin1StringView("_percent")))
        return Unit::Percent;
    if (metric.endsWith(QLatin1StringView("_bytes_per_s")))
        return Unit::BytesPerSecond;
    if (metric.endsWith(QLatin1StringView("_per_s")))
        return Unit::PerSecond;
    if (metric.endsWith(QLatin1StringView("_bytes")))
        return Unit::Bytes;
    if (metric.endsWith(QLatin1StringView("_ns")))
        return Unit::Nanoseconds;
    if (metric.endsWith(QLatin1StringView("_w")))
        return Unit::Watts;
    if (metric.endsWith(QLatin1StringView("_c")))
        return Unit::Celsius;
    if (metric.contains(QLatin1StringView("errors/")) || metric.contains(QLatin1StringView("congestion/")))
        return Unit::Count;
    return Unit::None;
}

QString unitSymbol(Unit unit)
{
    switch (unit) {
    case Unit::Percent: return QStringLiteral("%");
    case Unit::Bytes: return QStringLiteral("B");
    case Unit::BytesPerSecond: return QStringLiteral("B/s");
    case Unit::PerSecond: return QStringLiteral("/s");
    case Unit::Nanoseconds: return QStringLiteral("ns");
    case Unit::Watts: return QStringLiteral("W");
    case Unit::Celsius: return QStringLiteral("°C");
    case Unit::Count:
    case Unit::None: break;
    }
    return {};
}

namespace {

// 3 significant digits, SI prefixes (1000-based) for rates, IEC (1024) for sizes.
QString scaled(double value, const char *const *prefixes, int count, double base, const QString &symbol)
{
    int i = 0;
    double v = value;
    while (std::abs(v) >= base && i < count - 1) {
        v /= base;
        ++i;
    }
    const int decimals = std::abs(v) >= 100 || i == 0 ? 0 : (std::abs(v) >= 10 ? 1 : 2);
    return QLocale().toString(v, 'f', decimals) + QLatin1Char(' ') + QLatin1StringView(prefixes[i]) + symbol;
}

} // namespace

QString formatValue(double value, Unit unit)
{
    if (!std::isfinite(value))
        return QStringLiteral("—");
    static const char *const si[] = {"", "k", "M", "G", "T", "P"};
    static const char *const iec[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi"};
    const QLocale locale;
    switch (unit) {
    case Unit::Percent: return locale.toString(value, 'f', 0) + QStringLiteral(" %");
    case Unit::Bytes: return scaled(value, iec, 6, 1024, QStringLiteral("B"));
    case Unit::BytesPerSecond: return scaled(value, si, 6, 1000, QStringLiteral("B/s"));
    case Unit::PerSecond: return scaled(value, si, 6, 1000, QStringLiteral("/s"));
    case Unit::Nanoseconds:
        if (std::abs(value) < 1000)
            return locale.toString(value, 'f', 0) + QStringLiteral(" ns");
        if (std::abs(value) < 1e6)
            return locale.toString(value / 1e3, 'f', std::abs(value) < 1e4 ? 2 : 1) + QStringLiteral(" µs");
        if (std::abs(value) < 1e9)
            return locale.toString(value / 1e6, 'f', 2) + QStringLiteral(" ms");
        return locale.toString(value / 1e9, 'f', 2) + QStringLiteral(" s");
    case Unit::Watts: return locale.toString(value, 'f', 1) + QStringLiteral(" W");
    case Unit::Celsius: return locale.toString(value, 'f', 0) + QStringLiteral(" °C");
    case Unit::Count:
    case Unit::None: break;
    }
    return locale.toString(value, 'g', 6);
}

} // namespace halolink::telemetry
