#include "dashboard/latencyheatmap.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QTableView>
#include <QToolButton>

#include "dashboard/dashboardplot.h"

#include <qcustomplot.h>

#include <cmath>

namespace halolink::ui {

namespace {

QToolButton *segment(const QString &text, const QString &tip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(tip);
    button->setCheckable(true);
    button->setAutoRaise(false);
    return button;
}

// Perceptually ordered, readable on light and dark: low latency is dark blue,
// high is yellow (viridis-like stops).
QCPColorGradient latencyGradient(const QColor &empty)
{
    QCPColorGradient gradient;
    gradient.clearColorStops();
    gradient.setColorStopAt(0.0, QColor(0x44, 0x01, 0x54));
    gradient.setColorStopAt(0.25, QColor(0x3b, 0x52, 0x8b));
    gradient.setColorStopAt(0.5, QColor(0x21, 0x91, 0x8c));
    gradient.setColorStopAt(0.75, QColor(0x5e, 0xc9, 0x62));
    gradient.setColorStopAt(1.0, QColor(0xfd, 0xe7, 0x25));
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    gradient.setNanHandling(QCPColorGradient::nhNanColor);
    gradient.setNanColor(empty);
    gradient.setLevelCount(256);
    return gradient;
}

} // namespace

double LatencyHeatmap::niceCeiling(double v)
{
    if (!(v > 0))
        return v == v ? 1.0 : v; // NaN stays NaN (nothing measured)
    const double decade = std::pow(10.0, std::floor(std::log10(v)));
    for (double step : {1.0, 2.0, 5.0, 10.0})
        if (v <= step * decade)
            return step * decade;
    return 10 * decade;
}

LatencyHeatmap::LatencyHeatmap(LatencyMatrixModel *model, QWidget *parent)
    : DashboardPanel(QString(), parent)
    , m_model(model)
    , m_plot(new DashboardPlot(this))
    , m_rdma(segment(tr("RDMA"), tr("Latency measured over RDMA"), this))
    , m_tcp(segment(tr("TCP"), tr("Latency measured over TCP"), this))
    , m_oneWay(segment(tr("One-way"), tr("One-way latency (round trip / 2, as perftest and sockperf report)"), this))
    , m_roundTrip(segment(tr("Round trip"), tr("Round-trip latency"), this))
    , m_statistic(new QComboBox(this))
{
    auto *transport = new QButtonGroup(this);
    transport->addButton(m_rdma);
    transport->addButton(m_tcp);
    auto *measure = new QButtonGroup(this);
    measure->addButton(m_oneWay);
    measure->addButton(m_roundTrip);
    m_rdma->setChecked(model->transport() == LatencyMatrixModel::Transport::Rdma);
    m_tcp->setChecked(!m_rdma->isChecked());
    m_oneWay->setChecked(model->measure() == LatencyMatrixModel::Measure::OneWay);
    m_roundTrip->setChecked(!m_oneWay->isChecked());
    m_statistic->addItem(QStringLiteral("p50"));
    m_statistic->addItem(QStringLiteral("p99"));
    m_statistic->setToolTip(tr("Percentile of each measurement burst"));
    m_statistic->setAccessibleName(tr("Latency percentile"));

    headerLayout()->addWidget(m_rdma);
    headerLayout()->addWidget(m_tcp);
    headerLayout()->addSpacing(6);
    headerLayout()->addWidget(m_oneWay);
    headerLayout()->addWidget(m_roundTrip);
    headerLayout()->addWidget(m_statistic);

    connect(m_rdma, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            m_model->setTransport(LatencyMatrixModel::Transport::Rdma);
        updateTitle();
        sync(true);
        Q_EMIT settingsChanged();
    });
    connect(m_tcp, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            m_model->setTransport(LatencyMatrixModel::Transport::Tcp);
        updateTitle();
        sync(true);
        Q_EMIT settingsChanged();
    });
    connect(m_oneWay, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            m_model->setMeasure(LatencyMatrixModel::Measure::OneWay);
        updateTitle();
        sync(true);
        Q_EMIT settingsChanged();
    });
    connect(m_roundTrip, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            m_model->setMeasure(LatencyMatrixModel::Measure::RoundTrip);
        updateTitle();
        sync(true);
        Q_EMIT settingsChanged();
    });
    connect(m_statistic, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_model->setStatistic(index == 1 ? LatencyMatrixModel::Statistic::P99 : LatencyMatrixModel::Statistic::P50);
        updateTitle();
        sync(true);
        Q_EMIT settingsChanged();
    });

    m_plot->setMinimumHeight(150);
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_scale = new QCPColorScale(m_plot);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setBarWidth(10);
    m_scale->axis()->setTicker(QSharedPointer<UnitTicker>::create(telemetry::Unit::Nanoseconds));
    m_scale->axis()->ticker()->setTickCount(4);
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_map->setColorScale(m_scale);
    auto *margins = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_plot->yAxis->setRangeReversed(true); // the first node on top, as in the table
    m_plot->xAxis->setLabel(tr("to"));
    m_plot->yAxis->setLabel(tr("from"));
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
        axis->setTickLength(0, 0);
    }

    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        const int to = int(std::lround(m_plot->xAxis->pixelToCoord(event->position().x())));
        const int from = int(std::lround(m_plot->yAxis->pixelToCoord(event->position().y())));
        const int n = m_model->rowCount();
        if (from >= 0 && from < n && to >= 0 && to < n && from != to)
            Q_EMIT pairClicked(from, to);
    });

    setChart(m_plot);
    setTableModel(m_model);
    // The keyboard's way to pick a pair: Enter on a cell of the table.
    connect(tableView(), &QAbstractItemView::activated, this, [this](const QModelIndex &index) {
        if (index.isValid() && index.row() != index.column())
            Q_EMIT pairClicked(index.row(), index.column());
    });
    setColors(PlotColors::fromPalette(palette()));
    updateTitle();
}

void LatencyHeatmap::updateTitle()
{
    setTitle(tr("Latency, %1").arg(m_model->description()));
}

void LatencyHeatmap::setColors(const PlotColors &colors)
{
    m_colors = colors;
    stylePlot(m_plot, colors);
    const QColor empty = PlotColors::mix(colors.background, colors.text, colors.dark ? 0.08 : 0.06);
    m_map->setGradient(latencyGradient(empty));
    m_scale->axis()->setBasePen(QPen(colors.axis));
    m_scale->axis()->setTickPen(QPen(colors.axis));
    m_scale->axis()->setSubTickPen(QPen(colors.axis));
    m_scale->axis()->setTickLabelColor(colors.text);
    m_scale->axis()->setLabelColor(colors.text);
    sync(true);
}

void LatencyHeatmap::rebuildAxes()
{
    const QStringList names = m_model->nodeNames();
    m_axisNames = names;
    auto xTicker = QSharedPointer<QCPAxisTickerText>::create();
    auto yTicker = QSharedPointer<QCPAxisTickerText>::create();
    const int n = int(names.size());
    // Past a dozen nodes, label every k-th so names do not overprint.
    const int step = n <= 16 ? 1 : int(std::ceil(n / 16.0));
    for (int i = 0; i < n; i += step) {
        xTicker->addTick(i, names.at(i));
        yTicker->addTick(i, names.at(i));
    }
    m_plot->xAxis->setTicker(xTicker);
    m_plot->yAxis->setTicker(yTicker);
    m_plot->xAxis->setRange(-0.5, std::max(0.5, n - 0.5));
    m_plot->yAxis->setRange(-0.5, std::max(0.5, n - 0.5));
    m_map->data()->setSize(std::max(n, 1), std::max(n, 1));
    m_map->data()->setRange(QCPRange(0, std::max(0, n - 1)), QCPRange(0, std::max(0, n - 1)));

    for (QCPItemText *label : std::as_const(m_labels))
        m_plot->removeItem(label);
    m_labels.clear();
    if (n <= kMaxLabelledNodes) {
        for (int i = 0; i < n * n; ++i) {
            auto *label = new QCPItemText(m_plot);
            label->position->setType(QCPItemPosition::ptPlotCoords);
            label->position->setCoords(i % n, i / n);
            label->setPositionAlignment(Qt::AlignCenter);
            label->setClipToAxisRect(true);
            m_labels.append(label);
        }
    }
}

void LatencyHeatmap::sync(bool force)
{
    if (m_model->nodeNames() != m_axisNames || m_map->data()->keySize() != std::max(1, m_model->rowCount()))
        rebuildAxes();
    const int n = m_model->rowCount();
    bool any = false;
    for (int from = 0; from < n; ++from) {
        for (int to = 0; to < n; ++to) {
            const double v = m_model->value(from, to);
            any = any || v == v;
            m_map->data()->setCell(to, from, v);
        }
    }
    if (n < 2)
        setEmptyText(tr("Latency needs two or more nodes: add nodes to see the mesh."));
    else if (!any)
        setEmptyText(tr("No %1 latency measured between these nodes yet.").arg(m_model->description()));
    else
        setEmptyText(QString());
    // What a screen reader says about the picture: the range and where it is.
    {
        QString summary;
        if (any) {
            int loFrom = -1, loTo = -1, hiFrom = -1, hiTo = -1;
            for (int from = 0; from < n; ++from) {
                for (int to = 0; to < n; ++to) {
                    const double v = m_model->value(from, to);
                    if (from == to || v != v)
                        continue;
                    if (loFrom < 0 || v < m_model->value(loFrom, loTo))
                        loFrom = from, loTo = to;
                    if (hiFrom < 0 || v > m_model->value(hiFrom, hiTo))
                        hiFrom = from, hiTo = to;
                }
            }
            const QStringList names = m_model->nodeNames();
            summary = tr("%1, %2 nodes. Lowest %3 → %4: %5; highest %6 → %7: %8. The table has every pair.")
                          .arg(m_model->description())
                          .arg(n)
                          .arg(names.value(loFrom), names.value(loTo), cellText(loFrom, loTo))
                          .arg(names.value(hiFrom), names.value(hiTo), cellText(hiFrom, hiTo));
        } else {
            summary = tr("%1: nothing measured yet.").arg(m_model->description());
        }
        setChartDescription(summary);
    }

    // The colours span zero to a round figure above the highest value, so
    // that 489 and 532 us look alike, as they are, rather than opposite ends
    // of a scale made from the two values on screen.
    const double lo = 0;
    const double hi = niceCeiling(m_model->maxValue());
    if (hi == hi)
        m_map->setDataRange(QCPRange(lo, hi));
    for (int i = 0; i < m_labels.size(); ++i) {
        const int from = i / n;
        const int to = i % n;
        QCPItemText *label = m_labels.at(i);
        const double v = m_model->value(from, to);
        if (from == to) {
            label->setText(QStringLiteral("—"));
            label->setColor(m_colors.subtleText);
            continue;
        }
        label->setText(v == v ? m_model->index(from, to).data().toString() : QString());
        // Dark text on the light end of the gradient, light text on the dark end.
        const double t = hi > lo ? (v - lo) / (hi - lo) : 0;
        label->setColor(t > 0.6 ? QColor(Qt::black) : QColor(Qt::white));
    }
    if (force || chartOnScreen())
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString LatencyHeatmap::cellText(int from, int to) const
{
    const double v = m_model->value(from, to);
    return v == v ? m_model->index(from, to).data().toString() : QString();
}

} // namespace halolink::ui
