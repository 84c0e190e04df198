#pragma once
// The cluster dashboard: latency heatmap (node x node) and latency over time,
// NIC and RDMA bandwidth per link, GPU utilization and unified memory per node.
// One timer (30 Hz) drives every chart with queued replots; it runs only
// while the page is shown. Pause freezes the view while data keeps arriving;
// dragging or zooming the time axis pauses too. Every chart has a table of
// the same numbers (Tables), and the visible series export as CSV and PNG.

#include "dashboard/plotstyle.h"
#include "protocol/probereport.h"

#include <QHash>
#include <QList>
#include <QWidget>

#include <functional>
#include <optional>

class QComboBox;
class QLabel;
class QScrollArea;
class QTimer;
class QToolButton;
class QCheckBox;

namespace halolink {
class LatencyMatrixModel;
class NodeListModel;
class TelemetryIngest;
class TelemetryStore;
} // namespace halolink

namespace halolink::ui {

class DashboardPanel;
class FabricHealthPanel;
class LatencyHeatmap;
class TimeSeriesChart;

class DashboardPage final : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kFrameIntervalMs = 33; // 30 Hz
    // New series and node changes rebuild the lines at the next tick while
    // the store has fewer than kManySeries series, else at most once a
    // second (a rebuild reads every series: 64 nodes have some 32,000).
    static constexpr int kStaleLinesTicks = 1000 / kFrameIntervalMs;
    static constexpr int kManySeries = 4096;
    // Charts draw at most this many nodes (the tables and the heatmap show all).
    static constexpr int kMaxChartNodes = 8;
    static constexpr int kMaxLatencyPairs = 12;

    DashboardPage(TelemetryStore *store, TelemetryIngest *ingest, NodeListModel *nodes, QWidget *parent = nullptr);
    ~DashboardPage() override;

    // 1 min, 5 min, 15 min, 1 h, 6 h, 24 h.
    static QList<int> windowChoicesSeconds();
    void setWindowSeconds(int seconds);
    int windowSeconds() const;
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }
    void setShowTables(bool tables);
    // The time range on screen (seconds since the epoch).
    double viewStart() const { return m_viewStart; }
    double viewEnd() const { return m_viewEnd; }
    // A sentence about where "This computer"'s data comes from (or why not).
    void setSourceStatus(const QString &text, bool problem = false);
    // The kept cluster in one line, with a link to its page (empty: none kept).
    void setClusterLine(const QString &text);
    QLabel *clusterLine() const { return m_cluster; }
    // Where the legend learns which interface carries the management network
    // (the nodes' probes); the data plane comes from the inventory.
    void setProbeSource(std::function<std::optional<ProbeReport>(const QString &nodeId)> probes)
    {
        m_probes = std::move(probes);
        m_linesDirty = true;
    }
    // Marks the page as showing synthetic demo data.
    void setDemoBanner(const QString &text);

    bool exportCsv(const QString &path, QString *error = nullptr);
    bool exportPng(const QString &path, QString *error = nullptr);

    // What the timer does; public for tests and the benchmark.
    void tick();
    QTimer *frameTimer() const { return m_timer; }

    LatencyHeatmap *heatmap() const { return m_heatmap; }
    FabricHealthPanel *fabricHealth() const { return m_fabric; }
    LatencyMatrixModel *latencyModel() const { return m_latencyModel; }
    TimeSeriesChart *latencyChart() const { return m_latency; }
    TimeSeriesChart *nicChart() const { return m_nic; }
    TimeSeriesChart *rdmaChart() const { return m_rdma; }
    TimeSeriesChart *gpuChart() const { return m_gpu; }
    // How many times the charts' lines were rebuilt (rebuildLines()).
    quint64 linesBuilt() const { return m_linesBuilt; }
    TimeSeriesChart *memoryChart() const { return m_memory; }
    QList<TimeSeriesChart *> charts() const;
    // Every panel, in reading order (the heatmap first).
    QList<DashboardPanel *> panels() const;
    // Moves the focus to the next (+1) or previous (-1) panel: Ctrl+Tab, Ctrl+Shift+Tab.
    void focusPanel(int step);
    QComboBox *windowBox() const { return m_window; }
    QToolButton *pauseButton() const { return m_pause; }
    QCheckBox *p99Box() const { return m_p99; }
    QToolButton *tablesButton() const { return m_tables; }

Q_SIGNALS:
    // The cluster line's link: the Cluster page.
    void clusterPageRequested();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // Two columns of panels where they fit, one on narrow windows.
    void layoutPanels(int columns);
    void rebuild();
    void rebuildNodes();
    void rebuildLines();
    void onUserRange(double lower, double upper);
    // The window box's "8 h 12 min (zoomed)" entry, and back to the chosen window.
    void setZoomedSpan(double seconds);
    void clearZoomedSpan();
    static constexpr int kZoomedData = -1;
    void onPairClicked(int from, int to);
    void updateStatus();
    void chooseCsv();
    void choosePng();
    double now() const;
    QString nodeName(const QString &id) const;
    QString nicLabel(const QString &nodeId, const QString &netdev) const;
    QString rdmaSignature() const;

    TelemetryStore *m_store;
    TelemetryIngest *m_ingest;
    NodeListModel *m_nodes;
    LatencyMatrixModel *m_latencyModel;
    QTimer *m_timer;

    QComboBox *m_window;
    QToolButton *m_pause;
    QToolButton *m_tables;
    QToolButton *m_csv;
    QToolButton *m_png;
    QCheckBox *m_p99;
    QLabel *m_status;
    QLabel *m_source;
    QLabel *m_cluster;
    QLabel *m_demo;
    QLabel *m_chartNote;
    QScrollArea *m_scroll;
    QWidget *m_content;
    LatencyHeatmap *m_heatmap;
    FabricHealthPanel *m_fabric;
    TimeSeriesChart *m_latency;
    TimeSeriesChart *m_nic;
    TimeSeriesChart *m_rdma;
    TimeSeriesChart *m_gpu;
    TimeSeriesChart *m_memory;

    QStringList m_nodeIds;
    std::function<std::optional<ProbeReport>(const QString &)> m_probes;
    QString m_rdmaSignature;
    QHash<QString, QString> m_nodeNames;
    QList<QPair<QString, QString>> m_pickedPairs;
    bool m_paused = false;
    bool m_reload = true;
    bool m_linesDirty = true;  // rebuild at the next tick (a choice changed)
    bool m_linesStale = false; // rebuild within kStaleLinesTicks (series or nodes came)
    qint64 m_linesBuiltAt = -1'000'000; // m_ticks then
    quint64 m_linesBuilt = 0;
    double m_viewStart = 0;
    double m_viewEnd = 0;
    int m_windowSeconds = 300;
    quint64 m_ticks = 0;
    class QGridLayout *m_grid = nullptr;
    int m_columns = 0;
};

} // namespace halolink::ui
