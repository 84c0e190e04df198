#include "dashboard/timeserieschart.h"

#include "dashboard/legenditem.h"
#include "telemetry/telemetrymodels.h"

#include "dashboard/dashboardplot.h"

#include <qcustomplot.h>

#include <cmath>
#include <limits>

namespace halolink::ui {

TimeSeriesChart::TimeSeriesChart(TelemetryStore *store, const QString &title, telemetry::Unit unit,
                                 QWidget *parent)
    : DashboardPanel(title, parent)
    , m_store(store)
    , m_unit(unit)
    , m_plot(new DashboardPlot(this))
    , m_model(new SeriesTableModel(store, this))
{
    m_plot->setMinimumHeight(150);
    m_plot->setAntialiasedElements(QCP::aeNone);
    m_plot->setNotAntialiasedElements(QCP::aeAll);
    m_plot->setPlottingHints(QCP::phCacheLabels | QCP::phFastPolylines);
    m_plot->setNoAntialiasingOnDrag(true);
    // Drag pans the time axis; Ctrl+wheel zooms it (the wheel alone scrolls the page).
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->axisRect()->setAutoMargins(QCP::msLeft | QCP::msBottom | QCP::msRight | QCP::msTop);

    auto dateTicker = QSharedPointer<QCPAxisTickerDateTime>::create();
    dateTicker->setDateTimeSpec(Qt::LocalTime);
    dateTicker->setTickCount(6);
    m_plot->xAxis->setTicker(dateTicker);
    auto valueTicker = QSharedPointer<UnitTicker>::create(unit);
    valueTicker->setTickCount(4);
    m_plot->yAxis->setTicker(valueTicker);
    m_plot->yAxis->setRange(0, 1);

    // The legend is a row under the plot, so it never hides a line.
    m_plot->legend->setVisible(true);
    m_plot->setAutoAddPlottableToLegend(false); // setLines() adds CachedLegendItems
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setWrap(4);
    m_plot->legend->setIconSize(18, 8);
    m_plot->legend->setRowSpacing(0);
    m_plot->legend->setColumnSpacing(10);
    m_plot->legend->setBorderPen(Qt::NoPen);
    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.9);
    m_plot->legend->setFont(legendFont);
    auto *legendRow = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 0, legendRow);
    legendRow->addElement(0, 0, m_plot->legend);
    legendRow->setMargins(QMargins(0, 0, 0, 2));
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);

    connect(m_plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange &range) {
                if (!m_settingRange)
                    Q_EMIT userRangeChanged(range.lower, range.upper);
            });

    m_model->setUnit(unit);
    setChart(m_plot);
    setTableModel(m_model);
    setColors(PlotColors::fromPalette(palette()));
}

void TimeSeriesChart::setUnit(telemetry::Unit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    auto valueTicker = QSharedPointer<UnitTicker>::create(unit);
    valueTicker->setTickCount(4);
    m_plot->yAxis->setTicker(valueTicker);
    m_model->setUnit(unit);
}

QString TimeSeriesChart::latestSummary() const
{
    // From the table's model: the chart and its description say the same numbers.
    QStringList parts;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QString value = m_model->index(row, SeriesTableModel::LatestColumn).data().toString();
        const QString label = m_model->index(row, SeriesTableModel::SeriesColumn).data().toString();
        const QString node = m_model->index(row, SeriesTableModel::NodeColumn).data().toString();
        parts.append(tr("%1: %2").arg(label.isEmpty() ? node : label, value.isEmpty() ? tr("no data") : value));
    }
    if (parts.isEmpty())
        return tr("No data.");
    return tr("Latest values: %1.").arg(parts.join(QStringLiteral("; ")));
}

void TimeSeriesChart::setColors(const PlotColors &colors)
{
    m_colors = colors;
    stylePlot(m_plot, colors);
    for (LineState &state : m_lines)
        applyLineStyle(state);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TimeSeriesChart::setNodeNames(const QHash<QString, QString> &names)
{
    m_model->setNodeNames(names);
}

void TimeSeriesChart::applyLineStyle(LineState &state)
{
    QPen pen(m_colors.series(state.line.color), 1.5);
    pen.setStyle(state.line.dashed ? Qt::DashLine : Qt::SolidLine);
    state.graph->setPen(pen);
    state.graph->setName(state.line.label);
}

void TimeSeriesChart::setValueRange(double lower, double upper)
{
    m_fixedRange = true;
    m_fixedLower = lower;
    m_fixedUpper = upper;
    m_plot->yAxis->setRange(lower, upper);
}

QList<TimeSeriesChart::Line> TimeSeriesChart::lines() const
{
    QList<Line> lines;
    for (const LineState &state : m_lines)
        lines.append(state.line);
    return lines;
}

void TimeSeriesChart::setLines(const QList<Line> &lines)
{
    if (lines == this->lines())
        return;
    m_plot->clearGraphs();
    m_lines.clear();
    QList<int> series;
    QStringList labels;
    for (const Line &line : lines) {
        LineState state;
        state.line = line;
        state.graph = m_plot->addGraph();
        m_plot->legend->addItem(new CachedLegendItem(m_plot->legend, state.graph));
        state.graph->setAdaptiveSampling(true);
        state.graph->setLineStyle(QCPGraph::lsLine);
        applyLineStyle(state);
        m_lines.append(state);
        series.append(line.series);
        labels.append(line.label);
    }
    m_plot->legend->setVisible(!lines.isEmpty() && lines.size() <= 16);
    m_model->setSeries(series, labels);
}

void TimeSeriesChart::reload(LineState &state, Resolution resolution, double t0, double t1)
{
    m_scratch.clear();
    m_store->read(state.line.series, resolution, t0, t1, m_scratch);
    state.resolution = resolution;
    state.loaded = true;
    double key, mean, min, max, last;
    const bool open = m_store->openBucket(state.line.series, resolution, &key, &mean, &min, &max, &last);
    const qsizetype n = m_scratch.size();
    if (open && n > 0 && m_scratch.keys.last() == key) {
        // The open bucket goes in again on every tick: keep it apart.
        state.lastClosedKey = n >= 2 ? m_scratch.keys.at(n - 2) : -std::numeric_limits<double>::infinity();
        m_scratch.keys.last() = std::max(key, state.lastClosedKey + 1e-6);
    } else {
        state.lastClosedKey = n > 0 ? m_scratch.keys.last() : -std::numeric_limits<double>::infinity();
    }
    state.graph->setData(m_scratch.keys, m_scratch.values, true);
}

void TimeSeriesChart::appendNew(LineState &state, double t0)
{
    QCPGraphDataContainer *data = state.graph->data().data();
    data->removeAfter(state.lastClosedKey); // the open bucket of the last tick
    m_scratch.clear();
    m_store->readClosedAfter(state.line.series, state.resolution, state.lastClosedKey, m_scratch);
    if (m_scratch.size() > 0) {
        state.graph->addData(m_scratch.keys, m_scratch.values, true);
        state.lastClosedKey = m_scratch.keys.last();
    }
    double key, mean, min, max, last;
    if (m_store->openBucket(state.line.series, state.resolution, &key, &mean, &min, &max, &last))
        state.graph->addData(std::max(key, state.lastClosedKey + 1e-6), mean);
    // Keep one point left of the window so the line runs in from the edge.
    const double width = std::max(1.0, TelemetryStore::bucketWidth(state.resolution));
    data->removeBefore(t0 - 2 * width);
}

void TimeSeriesChart::sync(double t0, double t1, bool reloadAll, bool force)
{
    if (!force && !chartOnScreen())
        return;
    for (LineState &state : m_lines) {
        const Resolution wanted = m_store->pickResolution(state.line.series, t0, t1, kPointBudget);
        if (reloadAll || !state.loaded || wanted != state.resolution)
            reload(state, wanted, t0, t1);
        else
            appendNew(state, t0);
    }
    m_settingRange = true;
    m_plot->xAxis->setRange(t0, t1);
    m_settingRange = false;
    updateTimeTicker(t1 - t0);
    updateValueAxis(t0, t1);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TimeSeriesChart::updateTimeTicker(double span)
{
    if (span == m_tickerSpan)
        return;
    m_tickerSpan = span;
    auto ticker = qSharedPointerCast<QCPAxisTickerDateTime>(m_plot->xAxis->ticker());
    if (!ticker)
        return;
    if (span <= 20 * 60)
        ticker->setDateTimeFormat(QStringLiteral("HH:mm:ss"));
    else if (span <= 12 * 3600)
        ticker->setDateTimeFormat(QStringLiteral("HH:mm"));
    else
        ticker->setDateTimeFormat(QStringLiteral("ddd HH:mm"));
}

void TimeSeriesChart::updateValueAxis(double t0, double t1)
{
    if (m_fixedRange) {
        m_plot->yAxis->setRange(m_fixedLower, m_fixedUpper);
        return;
    }
    double hi = 0;
    bool found = false;
    for (const LineState &state : m_lines) {
        const QCPGraphDataContainer *data = state.graph->data().data();
        for (auto it = data->findBegin(t0), end = data->findEnd(t1); it != end; ++it) {
            if (it->value == it->value) {
                hi = found ? std::max(hi, it->value) : it->value;
                found = true;
            }
        }
    }
    if (!found || hi <= 0)
        hi = 1;
    // Headroom, and a range that only grows quickly and shrinks slowly, so the
    // axis does not jump with every sample.
    const double upper = hi * 1.15;
    const double current = m_plot->yAxis->range().upper;
    if (upper > current || upper < current * 0.6)
        m_plot->yAxis->setRange(0, upper);
}

void TimeSeriesChart::refreshTable(double t0, double t1)
{
    m_model->setWindow(t0, t1);
    m_model->refresh();
}

QList<ExportSeries> TimeSeriesChart::exportSeries(double t0, double t1) const
{
    QList<ExportSeries> out;
    for (const LineState &state : m_lines)
        out.append(ExportSeries{state.line.series, t0, t1});
    return out;
}

int TimeSeriesChart::graphPointCount(int line) const
{
    return line >= 0 && line < m_lines.size() ? m_lines.at(line).graph->dataCount() : -1;
}

Resolution TimeSeriesChart::lineResolution(int line) const
{
    return m_lines.value(line).resolution;
}

} // namespace halolink::ui
