#include "dashboard/dashboardpage.h"

#include "dashboard/fabrichealthpanel.h"
#include "dashboard/latencyheatmap.h"
#include "dashboard/timeserieschart.h"
#include "inventory/nodelistmodel.h"
#include "telemetry/telemetryexport.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrymodels.h"
#include "telemetry/telemetrystore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QImageWriter>
#include <QLabel>
#include <QMessageBox>
#include <QPixmap>
#include <QSaveFile>
#include <QScrollArea>
#include <QShortcut>
#include <QStandardPaths>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <cmath>

namespace halolink::ui {

namespace {

QString windowLabel(int seconds)
{
    if (seconds < 3600)
        return DashboardPage::tr("%n min", nullptr, seconds / 60);
    return DashboardPage::tr("%n h", nullptr, seconds / 3600);
}

} // namespace

DashboardPage::DashboardPage(TelemetryStore *store, TelemetryIngest *ingest, NodeListModel *nodes, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_ingest(ingest)
    , m_nodes(nodes)
    , m_latencyModel(new LatencyMatrixModel(store, ingest, this))
    , m_timer(new QTimer(this))
    , m_window(new QComboBox(this))
    , m_pause(new QToolButton(this))
    , m_tables(new QToolButton(this))
    , m_csv(new QToolButton(this))
    , m_png(new QToolButton(this))
    , m_p99(new QCheckBox(tr("p99"), this))
    , m_status(new QLabel(this))
    , m_source(new QLabel(this))
    , m_cluster(new QLabel(this))
    , m_demo(new QLabel(this))
    , m_chartNote(new QLabel(this))
    , m_scroll(new QScrollArea(this))
    , m_content(new QWidget)
{
    using telemetry::Unit;
    setAccessibleName(tr("Cluster dashboard"));

    // Toolbar: window, pause, tables, export; what is shown and where it comes from.
    for (int seconds : windowChoicesSeconds())
        m_window->addItem(windowLabel(seconds), seconds);
    m_window->setCurrentIndex(int(windowChoicesSeconds().indexOf(m_windowSeconds)));
    m_window->setAccessibleName(tr("Time window"));
    m_window->setToolTip(tr("How much history the charts show"));
    connect(m_window, &QComboBox::currentIndexChanged, this,
            [this](int index) { setWindowSeconds(m_window->itemData(index).toInt()); });

    m_pause->setCheckable(true);
    m_pause->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
    m_pause->setText(tr("Pause"));
    m_pause->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_pause->setToolTip(tr("Freeze the charts; data keeps arriving. Dragging or zooming a time axis pauses too (Ctrl+P)."));
    // Not Space: Space presses the focused button, and must keep doing so.
    m_pause->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    connect(m_pause, &QToolButton::toggled, this, &DashboardPage::setPaused);

    m_tables->setCheckable(true);
    m_tables->setText(tr("Tables"));
    m_tables->setToolTip(tr("Show every chart as a table of the same numbers (Ctrl+T)"));
    m_tables->setAccessibleName(tr("Show all charts as tables"));
    m_tables->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    connect(m_tables, &QToolButton::toggled, this, &DashboardPage::setShowTables);

    m_csv->setText(tr("Export CSV…"));
    m_pause->setAccessibleName(tr("Pause the charts"));
    m_csv->setAccessibleName(tr("Export the charts' data as CSV"));
    m_png->setAccessibleName(tr("Export the charts as a PNG image"));
    m_csv->setToolTip(tr("Save the series of the charts, over the time shown, as CSV"));
    connect(m_csv, &QToolButton::clicked, this, &DashboardPage::chooseCsv);
    m_png->setText(tr("Export PNG…"));
    m_png->setToolTip(tr("Save the charts as an image"));
    connect(m_png, &QToolButton::clicked, this, &DashboardPage::choosePng);

    auto *windowLabelWidget = new QLabel(tr("&Window:"), this);
    windowLabelWidget->setBuddy(m_window);
    auto *toolbar = new QHBoxLayout;
    toolbar->setSpacing(6);
    toolbar->addWidget(windowLabelWidget);
    toolbar->addWidget(m_window);
    toolbar->addWidget(m_pause);
    toolbar->addSpacing(8);
    toolbar->addWidget(m_status, 1);
    toolbar->addWidget(m_tables);
    toolbar->addWidget(m_csv);
    toolbar->addWidget(m_png);

    m_source->setWordWrap(true);
    m_source->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_source->setVisible(false);
    m_cluster->setObjectName(QStringLiteral("dashboardClusterLine"));
    m_cluster->setWordWrap(true);
    m_cluster->setTextFormat(Qt::RichText);
    m_cluster->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_cluster->setVisible(false);
    m_cluster->setAccessibleName(tr("The cluster"));
    connect(m_cluster, &QLabel::linkActivated, this, &DashboardPage::clusterPageRequested);
    m_demo->setVisible(false);
    m_demo->setWordWrap(true);
    m_demo->setAutoFillBackground(true);
    m_demo->setMargin(6);
    m_chartNote->setVisible(false);
    m_chartNote->setWordWrap(true);
    m_chartNote->setForegroundRole(QPalette::PlaceholderText);

    // Panels.
    m_heatmap = new LatencyHeatmap(m_latencyModel, m_content);
    m_fabric = new FabricHealthPanel(m_content);
    m_latency = new TimeSeriesChart(store, tr("Latency over time"), Unit::Nanoseconds, m_content);
    m_latency->addHeaderWidget(m_p99);
    m_p99->setToolTip(tr("Also draw the 99th percentile (dashed)"));
    m_p99->setAccessibleName(tr("Also show the 99th percentile latency"));
    m_nic = new TimeSeriesChart(store, tr("NIC bandwidth (rx solid, tx dashed)"), Unit::BytesPerSecond, m_content);
    m_rdma = new TimeSeriesChart(store, tr("RDMA bandwidth (rx solid, tx dashed)"), Unit::BytesPerSecond, m_content);
    m_gpu = new TimeSeriesChart(store, tr("GPU utilization"), Unit::Percent, m_content);
    m_gpu->setValueRange(0, 100);
    m_memory = new TimeSeriesChart(store, tr("Unified memory used (VRAM + GTT)"), Unit::Bytes, m_content);

    m_grid = new QGridLayout(m_content);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(6);
    layoutPanels(2);
    m_scroll->setWidget(m_content);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setAccessibleName(tr("Dashboard panels"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addLayout(toolbar);
    layout->addWidget(m_demo);
    layout->addWidget(m_cluster);
    layout->addWidget(m_source);
    layout->addWidget(m_chartNote);
    layout->addWidget(m_scroll, 1);

    for (TimeSeriesChart *chart : charts())
        connect(chart, &TimeSeriesChart::userRangeChanged, this, &DashboardPage::onUserRange);
    for (DashboardPanel *panel : panels()) {
        connect(panel, &DashboardPanel::showTableToggled, this, [this] {
            m_reload = true;
            tick();
        });
    }
    // Ctrl+Tab / Ctrl+Shift+Tab: from panel to panel (to its first control),
    // also from outside the page (the node list) while the page is shown.
    auto *nextPanel = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Tab), this);
    nextPanel->setContext(Qt::WindowShortcut);
    connect(nextPanel, &QShortcut::activated, this, [this] { focusPanel(+1); });
    auto *previousPanel = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab), this);
    previousPanel->setContext(Qt::WindowShortcut);
    connect(previousPanel, &QShortcut::activated, this, [this] { focusPanel(-1); });
    auto *previousPanel2 = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab), this);
    previousPanel2->setContext(Qt::WindowShortcut);
    connect(previousPanel2, &QShortcut::activated, this, [this] { focusPanel(-1); });
    connect(m_heatmap, &LatencyHeatmap::pairClicked, this, &DashboardPage::onPairClicked);
    connect(m_heatmap, &LatencyHeatmap::settingsChanged, this, [this] {
        m_linesDirty = true;
        m_reload = true;
    });
    connect(m_p99, &QCheckBox::toggled, this, [this] {
        m_linesDirty = true;
        m_reload = true;
    });
    // New series and node changes come in streams (a cluster's mesh pairs
    // appear over its first intervals, nodes come and go): where a rebuild is
    // not cheap (a cluster of 64 has some 32,000 series), the lines follow
    // them at most once a second.
    connect(m_store, &TelemetryStore::seriesAdded, this, [this] { m_linesStale = true; });
    if (m_nodes) {
        for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
            connect(m_nodes, signal, this, [this] { m_linesStale = true; });
        // A row changes every second while its node waits to reconnect (the
        // countdown): the lines care only for a node's id and name.
        connect(m_nodes, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &from, const QModelIndex &to) {
            for (int row = from.row(); row <= to.row() && !m_linesStale; ++row) {
                const Node node = m_nodes->node(row);
                if (row >= m_nodeIds.size() || m_nodeIds.at(row) != node.id || m_nodeNames.value(node.id) != node.name)
                    m_linesStale = true;
            }
        });
    }

    m_timer->setInterval(kFrameIntervalMs);
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &DashboardPage::tick);

    const double t = now();
    m_viewEnd = t;
    m_viewStart = t - m_windowSeconds;
    updateStatus();
}

DashboardPage::~DashboardPage() = default;

QList<int> DashboardPage::windowChoicesSeconds()
{
    return {60, 5 * 60, 15 * 60, 3600, 6 * 3600, 24 * 3600};
}

QList<TimeSeriesChart *> DashboardPage::charts() const
{
    return {m_latency, m_gpu, m_memory, m_nic, m_rdma};
}

QList<DashboardPanel *> DashboardPage::panels() const
{
    return {m_heatmap, m_fabric, m_latency, m_gpu, m_memory, m_nic, m_rdma};
}

void DashboardPage::focusPanel(int step)
{
    const QList<DashboardPanel *> all = panels();
    int current = -1;
    for (int i = 0; i < all.size(); ++i) {
        if (all.at(i)->isAncestorOf(focusWidget()))
            current = i;
    }
    const int n = int(all.size());
    const int next = current < 0 ? (step > 0 ? 0 : n - 1) : ((current + step) % n + n) % n;
    DashboardPanel *panel = all.at(next);
    QWidget *target = panel->tableButton();
    for (int i = 0; i < panel->headerLayout()->count(); ++i) {
        QWidget *w = panel->headerLayout()->itemAt(i)->widget();
        if (w && w->isEnabled() && w->isVisible() && (w->focusPolicy() & Qt::TabFocus)) {
            target = w;
            break;
        }
    }
    target->setFocus(Qt::TabFocusReason);
    // The whole panel where it fits, its header (title, controls) at least.
    m_scroll->ensureWidgetVisible(panel, 0, 0);
    m_scroll->ensureVisible(panel->x(), panel->y(), 0, 0);
}

int DashboardPage::windowSeconds() const
{
    return m_windowSeconds;
}

void DashboardPage::setZoomedSpan(double seconds)
{
    // The window box says what is on screen: a zoom is not "5 min".
    QString span;
    if (seconds < 120)
        span = tr("%n s", nullptr, int(std::lround(seconds)));
    else if (seconds < 2 * 3600)
        span = tr("%n min", nullptr, int(std::lround(seconds / 60)));
    else {
        const int minutes = int(std::lround(seconds / 60));
        span = tr("%1 h %2 min").arg(minutes / 60).arg(minutes % 60);
    }
    QSignalBlocker block(m_window);
    int index = m_window->findData(kZoomedData);
    if (index < 0) {
        m_window->addItem(QString(), kZoomedData);
        index = m_window->count() - 1;
    }
    //: the time span shown after zooming or dragging a chart
    m_window->setItemText(index, tr("%1 (zoomed)").arg(span));
    m_window->setCurrentIndex(index);
}

void DashboardPage::clearZoomedSpan()
{
    QSignalBlocker block(m_window);
    const int index = m_window->findData(kZoomedData);
    if (index >= 0)
        m_window->removeItem(index);
    m_window->setCurrentIndex(m_window->findData(m_windowSeconds));
}

void DashboardPage::setWindowSeconds(int seconds)
{
    if (seconds <= 0)
        return;
    m_windowSeconds = seconds;
    clearZoomedSpan();
    const int index = m_window->findData(seconds);
    if (index >= 0 && index != m_window->currentIndex()) {
        QSignalBlocker block(m_window);
        m_window->setCurrentIndex(index);
    }
    // Paused: the same end, the new length. Live: follows now.
    m_viewEnd = m_paused ? m_viewEnd : now();
    m_viewStart = m_viewEnd - seconds;
    m_reload = true;
    updateStatus();
}

void DashboardPage::setPaused(bool paused)
{
    if (paused == m_paused)
        return;
    m_paused = paused;
    {
        QSignalBlocker block(m_pause);
        m_pause->setChecked(paused);
    }
    m_pause->setIcon(style()->standardIcon(paused ? QStyle::SP_MediaPlay : QStyle::SP_MediaPause));
    m_pause->setText(paused ? tr("Resume") : tr("Pause"));
    if (!paused) {
        m_reload = true; // back to now, whatever was zoomed
        clearZoomedSpan();
    }
    updateStatus();
}

void DashboardPage::setShowTables(bool tables)
{
    {
        QSignalBlocker block(m_tables);
        m_tables->setChecked(tables);
    }
    m_heatmap->setShowTable(tables);
    for (TimeSeriesChart *chart : charts())
        chart->setShowTable(tables);
    m_reload = true;
    tick();
}

void DashboardPage::setSourceStatus(const QString &text, bool problem)
{
    m_source->setText(text);
    m_source->setVisible(!text.isEmpty());
    m_source->setForegroundRole(problem ? QPalette::WindowText : QPalette::PlaceholderText);
}

void DashboardPage::setClusterLine(const QString &text)
{
    //: %1 the cluster in one line; the link opens the Cluster page
    m_cluster->setText(text.isEmpty() ? QString()
                                      : tr("The cluster: %1. <a href=\"cluster\">The Cluster…</a>").arg(text.toHtmlEscaped()));
    m_cluster->setAccessibleDescription(text);
    m_cluster->setVisible(!text.isEmpty());
}

void DashboardPage::setDemoBanner(const QString &text)
{
    m_demo->setText(text);
    m_demo->setVisible(!text.isEmpty());
    QPalette p = m_demo->palette();
    p.setColor(QPalette::Window, QColor(0xf5, 0xc2, 0x42));
    p.setColor(QPalette::WindowText, Qt::black);
    m_demo->setPalette(p);
}

double DashboardPage::now() const
{
    const double wall = QDateTime::currentMSecsSinceEpoch() / 1000.0;
    const double newest = m_store->lastTime();
    // A node whose clock runs a little ahead still shows its newest samples.
    return newest == newest && newest > wall && newest - wall < 60 ? newest : wall;
}

void DashboardPage::tick()
{
    ++m_ticks;
    // Once a second: a port's first byte or packet rate changes what the RDMA chart shows.
    if (!m_linesDirty && m_ticks % 30 == 0 && rdmaSignature() != m_rdmaSignature)
        m_linesDirty = true;
    if (m_linesDirty
        || (m_linesStale && (m_store->seriesCount() < kManySeries || qint64(m_ticks) - m_linesBuiltAt >= kStaleLinesTicks)))
        rebuildLines();
    if (!m_paused) {
        m_viewEnd = now();
        m_viewStart = m_viewEnd - m_windowSeconds;
    } else if (!m_reload) {
        return; // frozen: nothing moves until the person does something
    }
    const bool reload = m_reload;
    m_reload = false;
    const QList<TimeSeriesChart *> all = charts();
    for (int i = 0; i < all.size(); ++i) {
        TimeSeriesChart *chart = all.at(i);
        if (!reload) {
            // Replot a chart when its picture moved by about a pixel: every tick
            // for a 1 min window, every dozen for 5 min. Charts take turns (the
            // phase i), so one tick rarely replots them all.
            const double pixels = std::max(100, chart->plot()->axisRect()->width());
            const double msPerPixel = 1000.0 * m_windowSeconds / pixels;
            const int every = std::clamp(int(msPerPixel / kFrameIntervalMs), 1, 30);
            if ((m_ticks + quint64(i) * 7) % quint64(every) != 0)
                continue;
        }
        chart->sync(m_viewStart, m_viewEnd, reload);
    }
    // Numbers people read (tables, heatmap) at 2 Hz is plenty. The heatmap and
    // each chart's table take their turns on different ticks, so no tick does
    // all of them (that tick was the slowest frame).
    if (reload || m_ticks % 15 == 4) {
        m_latencyModel->refresh();
        m_heatmap->sync();
        updateStatus();
    }
    for (int i = 0; i < all.size(); ++i) {
        if (reload || m_ticks % 15 == quint64(5 + i) % 15) {
            // The table also feeds the chart's accessible description (the latest values).
            TimeSeriesChart *chart = all.at(i);
            chart->refreshTable(m_viewStart, m_viewEnd);
            chart->setChartDescription(chart->latestSummary());
        }
    }
}

void DashboardPage::onUserRange(double lower, double upper)
{
    if (upper - lower < 1)
        return;
    setPaused(true);
    m_viewStart = lower;
    m_viewEnd = upper;
    setZoomedSpan(upper - lower);
    m_reload = true;
    updateStatus();
}

void DashboardPage::onPairClicked(int from, int to)
{
    const QPair<QString, QString> pair(m_latencyModel->nodeIds().value(from), m_latencyModel->nodeIds().value(to));
    if (m_pickedPairs.contains(pair))
        m_pickedPairs.removeAll(pair);
    else
        m_pickedPairs.append(pair);
    m_linesDirty = true;
    tick();
}

void DashboardPage::updateStatus()
{
    const QString range = QStringLiteral("%1 – %2")
                              .arg(QDateTime::fromMSecsSinceEpoch(qint64(m_viewStart * 1000)).toString(QStringLiteral("HH:mm:ss")),
                                   QDateTime::fromMSecsSinceEpoch(qint64(m_viewEnd * 1000)).toString(QStringLiteral("HH:mm:ss")));
    const int nodes = int(m_store->nodes().size());
    if (m_paused)
        m_status->setText(tr("Paused at %1 — data keeps arriving. Resume to follow it.").arg(range));
    else
        m_status->setText(tr("Live, %n node(s) reporting", nullptr, nodes));
}

void DashboardPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_reload = true;
    m_timer->start();
    tick();
}

void DashboardPage::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_timer->stop(); // nothing to draw for nobody
}

void DashboardPage::layoutPanels(int columns)
{
    if (columns == m_columns)
        return;
    m_columns = columns;
    const QList<DashboardPanel *> panels = this->panels();
    for (QWidget *panel : panels)
        m_grid->removeWidget(panel);
    for (int row = 0; row < m_grid->rowCount(); ++row) {
        m_grid->setRowMinimumHeight(row, 0);
        m_grid->setRowStretch(row, 0);
    }
    for (int i = 0; i < panels.size(); ++i)
        m_grid->addWidget(panels.at(i), i / columns, i % columns);
    const int rows = int((panels.size() + columns - 1) / columns);
    for (int row = 0; row < rows; ++row) {
        m_grid->setRowMinimumHeight(row, 230);
        m_grid->setRowStretch(row, 1);
    }
    m_grid->setColumnStretch(0, 1);
    m_grid->setColumnStretch(1, columns > 1 ? 1 : 0);
    m_reload = true;
}

void DashboardPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    layoutPanels(width() >= 1000 ? 2 : 1);
}

void DashboardPage::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        const PlotColors colors = PlotColors::fromPalette(palette());
        m_heatmap->setColors(colors);
        for (TimeSeriesChart *chart : charts())
            chart->setColors(colors);
    }
}

} // namespace halolink::ui
