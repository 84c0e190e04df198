#include "health/healthmonitor.h"

#include "cluster/clustercontroller.h"
#include "inventory/inventory.h"
#include "logging.h"
#include "probe/probefacts.h"
#include "telemetry/telemetrykeys.h"
#include "telemetry/telemetrystore.h"

#include <QLoggingCategory>
#include <QTimer>

#include <cmath>

namespace halolink::health {

Q_LOGGING_CATEGORY(lcHealth, "halolink.health")

HealthMonitor::HealthMonitor(TelemetryStore *store, ClusterController *cluster, Inventory *inventory, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_cluster(cluster)
    , m_inventory(inventory)
    , m_log(new AlertLog(this))
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(1000);
    connect(m_timer, &QTimer::timeout, this, &HealthMonitor::evaluate);
    connect(m_log, &AlertLog::raised, this, [](const Alert &a) {
        qCInfo(lcHealth).noquote() << "raised:" << a.title << "-" << a.message;
    });
    connect(m_log, &AlertLog::cleared, this, [](const Alert &a) { qCInfo(lcHealth).noquote() << "cleared:" << a.title; });
}

void HealthMonitor::setInterval(int ms)
{
    m_timer->setInterval(ms);
}

void HealthMonitor::start()
{
    m_timer->start();
}

void HealthMonitor::stop()
{
    m_timer->stop();
}

QList<NodeLinks> HealthMonitor::defaultNodeLinks() const
{
    QList<NodeLinks> out;
    if (!m_inventory)
        return out;
    for (const Node &n : m_inventory->nodes()) {
        NodeLinks l;
        l.nodeId = n.id;
        l.name = n.name;
        l.dataInterface = n.dataInterface;
        if (m_cluster) {
            if (const auto report = m_cluster->probeReport(n.id)) {
                for (const RdmaPort &p : report->rdma)
                    l.rdmaPorts << NodeLinks::Port{p.device, p.port, p.netdev.value_or(QString())};
                for (const Check &c : report->checks) {
                    if ((c.id == QLatin1String("pcie_width_degraded") || c.id == QLatin1String("pcie_speed_degraded")
                         || c.id == QLatin1String("link_speed_degraded"))
                        && c.status != Check::Status::Pass && c.status != Check::Status::NotApplicable && c.subject)
                        l.linkProblems << qMakePair(*c.subject, facts::checkMessage(c));
                }
            }
        }
        out << l;
    }
    return out;
}

QList<NodeStatus> HealthMonitor::defaultNodeStatus()
{
    QList<NodeStatus> out;
    if (!m_inventory || !m_cluster)
        return out;
    for (const Node &n : m_inventory->nodes()) {
        const NodeState state = m_cluster->state(n.id);
        if (state == NodeState::Ready)
            m_everReady.insert(n.id);
        NodeStatus s;
        s.nodeId = n.id;
        s.name = n.name;
        s.lost = m_everReady.contains(n.id) && (state == NodeState::Lost || state == NodeState::Unreachable);
        s.why = s.lost ? m_cluster->errorString(n.id) : QString();
        out << s;
    }
    return out;
}

QList<GpuReading> HealthMonitor::gpuReadings(const QList<NodeLinks> &nodes, double now) const
{
    QList<GpuReading> out;
    const double t0 = now - m_thresholds.windowSeconds;
    auto recent = [&](const QString &key) -> std::optional<double> {
        const int s = m_store->findSeries(key);
        if (s < 0)
            return std::nullopt;
        const TelemetryStore::Latest l = m_store->latest(s);
        if (!l.valid() || l.gap || l.t < t0)
            return std::nullopt;
        return l.value;
    };
    for (const NodeLinks &n : nodes) {
        const auto report = m_cluster ? m_cluster->probeReport(n.nodeId) : std::nullopt;
        QStringList cards;
        for (int s : m_store->seriesOfNode(n.nodeId)) {
            const QStringList parts = m_store->info(s).metric.split(QLatin1Char('/'));
            if (parts.size() == 3 && parts.at(0) == QLatin1String("gpu") && !cards.contains(parts.at(1)))
                cards << parts.at(1);
        }
        for (const QString &card : std::as_const(cards)) {
            GpuReading g;
            g.nodeId = n.nodeId;
            g.nodeName = n.name;
            g.card = card;
            g.temperatureC = recent(telemetry::gpuKey(n.nodeId, card, QLatin1StringView("temperature_c")));
            g.gttUsedBytes = recent(telemetry::gpuKey(n.nodeId, card, QLatin1StringView("gtt_used_bytes")));
            if (report)
                for (const Gpu &gpu : report->gpus)
                    if (gpu.card == card && gpu.gttTotalBytes)
                        g.gttTotalBytes = double(*gpu.gttTotalBytes);
            out << g;
        }
    }
    return out;
}

void HealthMonitor::evaluate()
{
    // The nodes' clocks make the store's time axis: its newest time is "now"
    // while data flows; when nothing came for a while, the wall clock (what
    // stopped is then older than the window: unknown, not healthy).
    double now = 0;
    if (clock) {
        now = clock();
    } else {
        const double wall = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
        const double last = m_store->lastTime();
        now = last == last && std::abs(wall - last) < 30.0 ? last : wall;
    }
    const QList<NodeLinks> nodes = nodeLinks ? nodeLinks() : defaultNodeLinks();
    const QList<NodeStatus> status = nodeStatus ? nodeStatus() : defaultNodeStatus();
    m_links = now == now ? evaluateFabric(*m_store, nodes, m_thresholds, now) : QList<LinkHealth>{};
    const QList<GpuReading> gpus = now == now ? gpuReadings(nodes, now) : QList<GpuReading>{};
    m_log->apply(AlertRules::holding(m_links, status, gpus, m_limits, m_log->activeByKey()),
                 QDateTime::currentDateTimeUtc());
    Q_EMIT evaluated();
}

} // namespace halolink::health
