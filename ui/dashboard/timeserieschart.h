#pragma once
// A time chart over the TelemetryStore: one graph per series, on the shared
// time axis of the dashboard. It appends what is new since the last tick
// (addData(..., alreadySorted), removeBefore) instead of copying whole
// series, reads each series at the resolution that fits the window (raw,
// 1 s or 10 s buckets), and breaks lines at gaps (NaN). The dashboard's one
// timer calls sync(); the chart never replots by itself.

#include "dashboard/dashboardpanel.h"
#include "dashboard/plotstyle.h"
#include "telemetry/telemetryexport.h"
#include "telemetry/telemetrystore.h"

#include <QList>

class QCustomPlot;
class QCPGraph;

namespace halolink {
class SeriesTableModel;
}

namespace halolink::ui {

class TimeSeriesChart final : public DashboardPanel
{
    Q_OBJECT

public:
    struct Line {
        int series = -1;
        QString label;
        int color = 0;
        bool dashed = false;
        bool operator==(const Line &) const = default;
    };

    // At most this many points per graph and window (adaptive sampling draws them).
    static constexpr qsizetype kPointBudget = 4000;

    TimeSeriesChart(TelemetryStore *store, const QString &title, telemetry::Unit unit, QWidget *parent = nullptr);

    QCustomPlot *plot() const { return m_plot; }
    SeriesTableModel *tableModel() const { return m_model; }

    void setLines(const QList<Line> &lines);
    QList<Line> lines() const;
    // What the values are (the axis and the table say it); a change redraws.
    void setUnit(telemetry::Unit unit);
    telemetry::Unit unit() const { return m_unit; }
    // Percent charts: a fixed 0..100 axis.
    void setValueRange(double lower, double upper);
    void setColors(const PlotColors &colors);
    void setNodeNames(const QHash<QString, QString> &names);

    // Brings the plot to [t0, t1]; reload reads everything again (the window
    // moved by more than time passing: window change, zoom, resume).
    // Does nothing while the chart is not on screen, unless force.
    void sync(double t0, double t1, bool reload, bool force = false);
    void refreshTable(double t0, double t1);
    // The latest value of every line, in a sentence (the chart's accessible description).
    QString latestSummary() const;
    // What an export of this chart contains.
    QList<ExportSeries> exportSeries(double t0, double t1) const;

    int graphPointCount(int line) const;
    Resolution lineResolution(int line) const;

Q_SIGNALS:
    // The person dragged or zoomed the time axis.
    void userRangeChanged(double lower, double upper);

private:
    struct LineState {
        Line line;
        QCPGraph *graph = nullptr;
        Resolution resolution = Resolution::Raw;
        double lastClosedKey = 0;
        bool loaded = false;
    };

    void reload(LineState &state, Resolution resolution, double t0, double t1);
    void appendNew(LineState &state, double t0);
    void applyLineStyle(LineState &state);
    void updateValueAxis(double t0, double t1);
    void updateTimeTicker(double span);

    TelemetryStore *m_store;
    telemetry::Unit m_unit;
    QCustomPlot *m_plot;
    SeriesTableModel *m_model;
    QList<LineState> m_lines;
    PlotColors m_colors;
    SeriesSlice m_scratch;
    bool m_fixedRange = false;
    double m_fixedLower = 0;
    double m_fixedUpper = 0;
    bool m_settingRange = false;
    double m_tickerSpan = -1;
};

} // namespace halolink::ui
