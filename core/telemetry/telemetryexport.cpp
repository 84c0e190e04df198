#include "telemetry/telemetryexport.h"

#include <QDateTime>
#include <QSaveFile>

namespace halolink {

namespace {

QByteArray csvField(const QString &text)
{
    QByteArray bytes = text.toUtf8();
    if (bytes.contains(',') || bytes.contains('"') || bytes.contains('\n')) {
        bytes.replace("\"", "\"\"");
        bytes = '"' + bytes + '"';
    }
    return bytes;
}

QByteArray number(double v)
{
    return v == v ? QByteArray::number(v, 'g', 12) : QByteArray();
}

} // namespace

QLatin1StringView resolutionName(Resolution resolution)
{
    switch (resolution) {
    case Resolution::OneSecond: return QLatin1StringView("1s");
    case Resolution::TenSeconds: return QLatin1StringView("10s");
    case Resolution::Raw: break;
    }
    return QLatin1StringView("raw");
}

QByteArray telemetryCsv(const TelemetryStore &store, const QList<ExportSeries> &series, qsizetype maxPoints)
{
    QByteArray out = "series,node,metric,unit,resolution,time_utc,time_s,value,min,max,last\n";
    SeriesSlice slice;
    for (const ExportSeries &wanted : series) {
        if (wanted.series < 0 || wanted.series >= store.seriesCount())
            continue;
        const SeriesInfo &info = store.info(wanted.series);
        slice.clear();
        const Resolution resolution = store.pickResolution(wanted.series, wanted.t0, wanted.t1, maxPoints);
        store.read(wanted.series, resolution, wanted.t0, wanted.t1, slice);
        const QByteArray prefix = csvField(info.key) + ',' + csvField(info.node) + ',' + csvField(info.metric) + ','
            + csvField(telemetry::unitSymbol(info.unit)) + ',';
        for (qsizetype i = 0; i < slice.size(); ++i) {
            const double t = slice.keys.at(i);
            if (t < wanted.t0 - TelemetryStore::bucketWidth(resolution) || t > wanted.t1)
                continue; // read() adds a point beyond each edge for plotting
            const bool gap = slice.values.at(i) != slice.values.at(i);
            out += prefix;
            out += gap ? QByteArray("gap") : QByteArray(resolutionName(resolution).data());
            out += ',';
            out += QDateTime::fromMSecsSinceEpoch(qint64(t * 1000), Qt::UTC)
                       .toString(Qt::ISODateWithMs)
                       .toLatin1();
            out += ',' + QByteArray::number(t, 'f', 3);
            out += ',' + number(slice.values.at(i)) + ',' + number(slice.mins.at(i)) + ','
                + number(slice.maxs.at(i)) + ',' + number(slice.lasts.at(i)) + '\n';
        }
    }
    return out;
}

bool writeTelemetryCsv(const TelemetryStore &store, const QList<ExportSeries> &series, const QString &path,
                       QString *error, qsizetype maxPoints)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    file.write(telemetryCsv(store, series, maxPoints));
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace halolink
