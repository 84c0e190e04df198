#pragma once
// CSV of what a chart shows, written atomically (QSaveFile). One row per point,
// long format so series of different rates and resolutions fit one file:
//   series,node,metric,unit,resolution,time_utc,time_s,value,min,max,last
// `value` is the sample (raw) or the bucket mean; a gap is a row with empty
// numbers and resolution "gap", so a reader sees where nothing was known.

#include "telemetry/telemetrystore.h"

#include <QList>
#include <QString>

namespace halolink {

struct ExportSeries {
    int series = -1;
    double t0 = 0;
    double t1 = 0;
    bool operator==(const ExportSeries &) const = default;
};

// Reads each series over its window at the resolution a plot of maxPoints would use.
bool writeTelemetryCsv(const TelemetryStore &store, const QList<ExportSeries> &series, const QString &path,
                       QString *error, qsizetype maxPoints = 100000);
QByteArray telemetryCsv(const TelemetryStore &store, const QList<ExportSeries> &series,
                        qsizetype maxPoints = 100000);
QLatin1StringView resolutionName(Resolution resolution);

} // namespace halolink
