#pragma once
// The node x node latency heatmap: row = from, column = to, colour = latency
// (one-way or round trip, RDMA or TCP, p50 or p99 — the title says which).
// A pair never measured, failing, or stale is an empty cell, never 0.
// Clicking a cell asks for that pair on the latency chart.

#include "dashboard/dashboardpanel.h"
#include "dashboard/plotstyle.h"
#include "telemetry/telemetrymodels.h"

class QComboBox;
class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPItemText;
class QToolButton;

namespace halolink::ui {

class LatencyHeatmap final : public DashboardPanel
{
    Q_OBJECT

public:
    // The colour scale's top: 1, 2 or 5 times a power of ten at or above v.
    static double niceCeiling(double v);
    // Numbers are written in the cells up to this many nodes.
    static constexpr int kMaxLabelledNodes = 12;

    LatencyHeatmap(LatencyMatrixModel *model, QWidget *parent = nullptr);

    LatencyMatrixModel *model() const { return m_model; }
    QCustomPlot *plot() const { return m_plot; }
    QCPColorMap *colorMap() const { return m_map; }
    QToolButton *rdmaButton() const { return m_rdma; }
    QToolButton *tcpButton() const { return m_tcp; }
    QToolButton *oneWayButton() const { return m_oneWay; }
    QToolButton *roundTripButton() const { return m_roundTrip; }
    QComboBox *statisticBox() const { return m_statistic; }

    void setColors(const PlotColors &colors);
    // Re-reads the model into the colour map; replots (queued) when on screen or forced.
    void sync(bool force = false);
    // The text in a cell, "" when empty (for tests and the accessible table).
    QString cellText(int from, int to) const;

Q_SIGNALS:
    void pairClicked(int from, int to);
    void settingsChanged();

private:
    void rebuildAxes();
    void updateTitle();

    LatencyMatrixModel *m_model;
    QCustomPlot *m_plot;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    QList<QCPItemText *> m_labels;
    QToolButton *m_rdma;
    QToolButton *m_tcp;
    QToolButton *m_oneWay;
    QToolButton *m_roundTrip;
    QComboBox *m_statistic;
    PlotColors m_colors;
    QStringList m_axisNames;
};

} // namespace halolink::ui
