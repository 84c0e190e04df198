#include "jobs/livetrafficview.h"

#include "telemetry/telemetrykeys.h"
#include "telemetry/telemetrystore.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace halolink::ui {

using telemetry::Unit;

namespace {
constexpr double kStaleSeconds = 5.0;
}

LiveTrafficView::LiveTrafficView(TelemetryStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("liveTrafficView"));
    auto *layout = new QVBoxLayout(this);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("liveTrafficNote"));
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    m_table = new QTableWidget(0, 7, this);
    m_table->setObjectName(QStringLiteral("liveTrafficTable"));
    m_table->setAccessibleName(tr("Live data-plane traffic per node"));
    m_table->setHorizontalHeaderLabels({ tr("Node"), tr("RDMA device:port"), tr("RDMA tx"), tr("RDMA rx"),
        tr("NIC"), tr("NIC tx"), tr("NIC rx") });
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setTabKeyNavigation(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (int c : { 2, 3, 5, 6 })
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Stretch);
    layout->addWidget(m_table, 1);
    m_timer->setInterval(1000);
    connect(m_timer, &QTimer::timeout, this, &LiveTrafficView::refresh);
    setActive(false);
}

void LiveTrafficView::setNodes(const QList<NodePort> &nodes)
{
    m_nodes = nodes;
    m_table->setRowCount(int(nodes.size()));
    for (int i = 0; i < nodes.size(); ++i) {
        const NodePort &n = nodes.at(i);
        const QStringList fixed { n.name,
            n.rdmaDevice.isEmpty() ? tr("none") : QStringLiteral("%1:%2").arg(n.rdmaDevice).arg(n.rdmaPort),
            QString(), QString(), n.dataInterface, QString(), QString() };
        for (int c = 0; c < fixed.size(); ++c) {
            auto *item = new QTableWidgetItem(fixed.at(c));
            if (c == 2 || c == 3 || c == 5 || c == 6)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(i, c, item);
        }
    }
    refresh();
}

void LiveTrafficView::setActive(bool active, const QString &why)
{
    m_active = active;
    m_note->setText(active
            ? tr("The data plane of each node of the job, averaged over the last second and refreshed "
                 "every second from the nodes' telemetry (the dashboard's series). While the job works "
                 "(a prompt, the smoke test), RDMA tx/rx move when RDMA carries the tensor-parallel "
                 "traffic; NIC traffic with the RDMA port quiet means TCP.")
            : (why.isEmpty() ? tr("Live rates are shown while the job runs.") : why));
    m_table->setEnabled(active);
    updateTimer();
    refresh();
}

void LiveTrafficView::updateTimer()
{
    if (m_active && isVisible())
        m_timer->start();
    else
        m_timer->stop();
}

void LiveTrafficView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateTimer();
    refresh();
}

void LiveTrafficView::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    updateTimer();
}

double LiveTrafficView::recentRate(const TelemetryStore *store, const QString &key)
{
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    if (!store)
        return nan;
    const int s = store->findSeries(key);
    if (s < 0)
        return nan;
    const TelemetryStore::Latest last = store->latest(s);
    if (!last.valid() || last.gap)
        return nan;
    const double newest = store->lastTime();
    if (std::isfinite(newest) && last.t < newest - kStaleSeconds)
        return nan; // the node stopped reporting while others go on
    SeriesSlice slice;
    store->read(s, Resolution::Raw, last.t - 1.0, last.t, slice);
    double sum = 0;
    int n = 0;
    for (qsizetype i = 0; i < slice.size(); ++i) {
        const double k = slice.keys.at(i);
        const double v = slice.values.at(i);
        if (k <= last.t - 1.0 + 1e-3 || k > last.t || !std::isfinite(v)) // (t - 1 s, t]
            continue;
        sum += v;
        ++n;
    }
    return n > 0 ? sum / n : last.value;
}

void LiveTrafficView::refresh()
{
    for (int i = 0; i < m_nodes.size() && i < m_table->rowCount(); ++i) {
        const NodePort &n = m_nodes.at(i);
        auto rate = [&](const QString &key) {
            return m_active ? telemetry::formatValue(recentRate(m_store, key), Unit::BytesPerSecond)
                            : QStringLiteral("—");
        };
        const bool port = !n.rdmaDevice.isEmpty();
        const QString rdmaTx = port
            ? rate(telemetry::rdmaKey(n.nodeId, n.rdmaDevice, n.rdmaPort, QStringLiteral("tx_bytes_per_s")))
            : QStringLiteral("—");
        const QString rdmaRx = port
            ? rate(telemetry::rdmaKey(n.nodeId, n.rdmaDevice, n.rdmaPort, QStringLiteral("rx_bytes_per_s")))
            : QStringLiteral("—");
        const QString nicTx
            = rate(telemetry::nicKey(n.nodeId, n.dataInterface, QLatin1StringView("tx_bytes_per_s")));
        const QString nicRx
            = rate(telemetry::nicKey(n.nodeId, n.dataInterface, QLatin1StringView("rx_bytes_per_s")));
        const QStringList cells { rdmaTx, rdmaRx, nicTx, nicRx };
        const int columns[] = { 2, 3, 5, 6 };
        for (int c = 0; c < 4; ++c) {
            if (QTableWidgetItem *item = m_table->item(i, columns[c])) {
                item->setText(cells.at(c));
                item->setToolTip(cells.at(c) == QStringLiteral("—") ? tr("No recent sample") : QString());
            }
        }
    }
}

} // namespace halolink::ui
