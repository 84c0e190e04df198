// The dashboard's nodes and which series each chart draws (dashboardpage.h):
// rebuilt when the store gains series, the nodes change or a choice (pairs,
// p99, transport) changes; the charts then append to those lines each frame.

#include "dashboard/dashboardpage.h"

#include "dashboard/latencyheatmap.h"
#include "dashboard/timeserieschart.h"
#include "inventory/nodelistmodel.h"
#include "telemetry/telemetrymodels.h"
#include "telemetry/telemetrystore.h"

#include <QCheckBox>
#include <QLabel>
#include <QHash>
#include <QSet>

namespace halolink::ui {

namespace {

// "gpu/card1/busy_percent" -> "card1" when the metric is prefix/<x>/suffix.
QString middle(const QString &metric, QLatin1StringView prefix, QLatin1StringView suffix)
{
    if (!metric.startsWith(prefix) || !metric.endsWith(suffix) || metric.size() <= prefix.size() + suffix.size())
        return {};
    return metric.mid(prefix.size(), metric.size() - prefix.size() - suffix.size());
}

} // namespace

QString DashboardPage::nodeName(const QString &id) const
{
    return m_nodeNames.value(id, id);
}

void DashboardPage::rebuildNodes()
{
    QStringList ids;
    m_nodeNames.clear();
    if (m_nodes) {
        for (int row = 0; row < m_nodes->rowCount(); ++row) {
            const Node node = m_nodes->node(row);
            ids.append(node.id);
            m_nodeNames.insert(node.id, node.name);
        }
    }
    // Nodes the telemetry knows that the inventory does not (yet): by their id.
    for (const QString &id : m_store->nodes()) {
        if (!ids.contains(id))
            ids.append(id);
    }
    m_nodeIds = ids;
    // The heatmap: every node, but This computer only where it measured or
    // was measured (a workstation takes no row and column of blanks).
    const QLatin1StringView local(Node::kLocalId);
    bool localMeshed = false;
    for (int s = 0; s < m_store->seriesCount() && !localMeshed; ++s) {
        const SeriesInfo &info = m_store->info(s);
        localMeshed = !info.peer.isEmpty() && (info.node == local || info.peer == local) && m_store->latest(s).valid();
    }
    QStringList heatmapIds, names;
    for (const QString &id : std::as_const(ids)) {
        if (id == local && !localMeshed)
            continue;
        heatmapIds.append(id);
        names.append(nodeName(id));
    }
    m_latencyModel->setNodes(heatmapIds, names);
    for (TimeSeriesChart *chart : charts())
        chart->setNodeNames(m_nodeNames);
}

void DashboardPage::rebuildLines()
{
    rebuildNodes();
    const QString transport = LatencyMatrixModel::transportName(m_latencyModel->transport());
    const bool oneWay = m_latencyModel->measure() == LatencyMatrixModel::Measure::OneWay;
    const QString p50 = transport + (oneWay ? QLatin1StringView("/one_way_p50_ns") : QLatin1StringView("/rtt_p50_ns"));
    const QString p99 = transport + (oneWay ? QLatin1StringView("/one_way_p99_ns") : QLatin1StringView("/rtt_p99_ns"));

    QList<TimeSeriesChart::Line> gpu, memory, nic, rdma, rdmaPackets, latency;
    // RDMA byte rates where the driver counts bytes; packet rates for a port
    // that counts only packets (rxe): ports without bytes, by "node/port".
    QSet<QString> portsWithBytes;
    for (int s = 0; s < m_store->seriesCount(); ++s) {
        const SeriesInfo &info = m_store->info(s);
        if (info.peer.isEmpty() && !middle(info.metric, QLatin1StringView("rdma/"), QLatin1StringView("/rx_bytes_per_s")).isEmpty()
            && m_store->latest(s).valid())
            portsWithBytes.insert(info.node + QLatin1Char('/')
                                  + middle(info.metric, QLatin1StringView("rdma/"), QLatin1StringView("/rx_bytes_per_s")));
    }
    m_rdmaSignature = rdmaSignature();
    QHash<QString, int> gpuCards; // cards per node, for labels
    for (int s = 0; s < m_store->seriesCount(); ++s) {
        const SeriesInfo &info = m_store->info(s);
        if (!info.peer.isEmpty() || !info.metric.startsWith(QLatin1StringView("gpu/")))
            continue;
        if (info.metric.endsWith(QLatin1StringView("/busy_percent")))
            ++gpuCards[info.node];
    }
    // A cluster of 64 has some 32,000 mesh series: one pass, a hash per
    // lookup, and labels only for the lines drawn.
    QHash<QString, int> nodeIndexOf;
    nodeIndexOf.reserve(m_nodeIds.size());
    for (int i = 0; i < m_nodeIds.size(); ++i)
        nodeIndexOf.insert(m_nodeIds.at(i), i);
    const bool withP99 = m_p99->isChecked();
    int hiddenNodes = 0;
    for (int s = 0; s < m_store->seriesCount(); ++s) {
        const SeriesInfo &info = m_store->info(s);
        const int nodeIndex = nodeIndexOf.value(info.node, -1);
        if (nodeIndex < 0)
            continue;
        if (nodeIndex >= kMaxChartNodes) {
            hiddenNodes = std::max(hiddenNodes, int(m_nodeIds.size()) - kMaxChartNodes);
            continue;
        }
        if (!info.peer.isEmpty()) {
            const bool isP50 = info.metric == p50;
            if (!isP50 && !(withP99 && info.metric == p99))
                continue;
            const int peerIndex = nodeIndexOf.value(info.peer, -1);
            if (peerIndex < 0 || peerIndex >= kMaxChartNodes)
                continue;
            const bool picked = m_pickedPairs.isEmpty() || m_pickedPairs.contains({info.node, info.peer});
            if (!picked)
                continue;
            const int pair = nodeIndex * kMaxChartNodes + peerIndex;
            const QString label = tr("%1 → %2").arg(nodeName(info.node), nodeName(info.peer));
            latency.append({s, label + (isP50 ? QStringLiteral(" p50") : QStringLiteral(" p99")), pair, !isP50});
            continue;
        }
        const QString node = nodeName(info.node);
        const QString &metric = info.metric;
        if (QString card = middle(metric, QLatin1StringView("gpu/"), QLatin1StringView("/busy_percent")); !card.isEmpty()) {
            gpu.append({s, gpuCards.value(info.node) > 1 ? node + QLatin1Char(' ') + card : node, nodeIndex, false});
        } else if (QString c = middle(metric, QLatin1StringView("gpu/"), QLatin1StringView("/unified_used_bytes")); !c.isEmpty()) {
            memory.append({s, gpuCards.value(info.node) > 1 ? node + QLatin1Char(' ') + c : node, nodeIndex, false});
        } else if (QString dev = middle(metric, QLatin1StringView("nic/"), QLatin1StringView("/rx_bytes_per_s")); !dev.isEmpty()) {
            nic.append({s, tr("%1 %2 rx").arg(node, nicLabel(info.node, dev)), nodeIndex, false});
        } else if (QString d = middle(metric, QLatin1StringView("nic/"), QLatin1StringView("/tx_bytes_per_s")); !d.isEmpty()) {
            nic.append({s, tr("%1 %2 tx").arg(node, nicLabel(info.node, d)), nodeIndex, true});
        } else if (QString port = middle(metric, QLatin1StringView("rdma/"), QLatin1StringView("/rx_bytes_per_s")); !port.isEmpty()) {
            if (portsWithBytes.contains(info.node + QLatin1Char('/') + port))
                rdma.append({s, tr("%1 %2 rx").arg(node, port), nodeIndex, false});
        } else if (QString p = middle(metric, QLatin1StringView("rdma/"), QLatin1StringView("/tx_bytes_per_s")); !p.isEmpty()) {
            if (portsWithBytes.contains(info.node + QLatin1Char('/') + p))
                rdma.append({s, tr("%1 %2 tx").arg(node, p), nodeIndex, true});
        } else if (QString pk = middle(metric, QLatin1StringView("rdma/"), QLatin1StringView("/rx_packets_per_s")); !pk.isEmpty()) {
            if (!portsWithBytes.contains(info.node + QLatin1Char('/') + pk) && m_store->latest(s).valid())
                rdmaPackets.append({s, tr("%1 %2 rx").arg(node, pk), nodeIndex, false});
        } else if (QString pt = middle(metric, QLatin1StringView("rdma/"), QLatin1StringView("/tx_packets_per_s")); !pt.isEmpty()) {
            if (!portsWithBytes.contains(info.node + QLatin1Char('/') + pt) && m_store->latest(s).valid())
                rdmaPackets.append({s, tr("%1 %2 tx").arg(node, pt), nodeIndex, true});
        }
    }
    // Pairs: keep the chart readable; the heatmap and its table have them all.
    if (latency.size() > kMaxLatencyPairs * (m_p99->isChecked() ? 2 : 1))
        latency.resize(kMaxLatencyPairs * (m_p99->isChecked() ? 2 : 1));
    // Colours of pairs: in order of appearance.
    QHash<int, int> pairColor;
    for (TimeSeriesChart::Line &line : latency) {
        if (!pairColor.contains(line.color))
            pairColor.insert(line.color, int(pairColor.size()));
        line.color = pairColor.value(line.color);
    }
    m_gpu->setLines(gpu);
    m_memory->setLines(memory);
    m_nic->setLines(nic);
    // Bytes where any port counts them (ports that count only packets are
    // said in the title); else packet rates; never an axis of nothing.
    if (!rdma.isEmpty()) {
        m_rdma->setUnit(telemetry::Unit::BytesPerSecond);
        m_rdma->setLines(rdma);
        m_rdma->setTitle(rdmaPackets.isEmpty()
                             ? tr("RDMA bandwidth (rx solid, tx dashed)")
                             : tr("RDMA bandwidth (rx solid, tx dashed); not shown: %n port(s) counting only packets", nullptr,
                                  int(rdmaPackets.size() / 2)));
    } else {
        m_rdma->setUnit(telemetry::Unit::PerSecond);
        m_rdma->setLines(rdmaPackets);
        m_rdma->setTitle(rdmaPackets.isEmpty() ? tr("RDMA bandwidth (rx solid, tx dashed)")
                                               : tr("RDMA packets per second (rx solid, tx dashed): Soft-RoCE counts "
                                                    "packets, not bytes"));
    }
    m_latency->setLines(latency);
    m_latency->setTitle(tr("Latency over time, %1%2")
                            .arg(QString(m_latencyModel->description()).replace(QLatin1StringView(" p50"), QString()),
                                 m_pickedPairs.isEmpty() ? QString() : tr(" (picked pairs)")));

    m_gpu->setEmptyText(gpu.isEmpty() ? tr("No GPU telemetry yet (no amdgpu GPU reported by the nodes).") : QString());
    m_memory->setEmptyText(memory.isEmpty() ? tr("No GPU memory telemetry yet.") : QString());
    m_nic->setEmptyText(nic.isEmpty() ? tr("No NIC telemetry yet.") : QString());
    m_rdma->setEmptyText(rdma.isEmpty() && rdmaPackets.isEmpty()
                             ? tr("No RDMA traffic counters yet: no RDMA device reported, or its counters have no "
                                  "second reading yet to make a rate from.")
                             : QString());
    m_latency->setEmptyText(latency.isEmpty() ? tr("No %1 latency measured yet: the mesh needs two or more nodes.")
                                                    .arg(m_latencyModel->description())
                                              : QString());
    m_chartNote->setText(hiddenNodes > 0 ? tr("Charts show the first %1 nodes; %2 more are in the heatmap and the "
                                              "tables.")
                                               .arg(kMaxChartNodes)
                                               .arg(hiddenNodes)
                                         : QString());
    m_chartNote->setVisible(hiddenNodes > 0);
    m_linesDirty = false;
    m_linesStale = false;
    m_linesBuiltAt = qint64(m_ticks);
    ++m_linesBuilt;
    m_reload = true;
}

QString DashboardPage::nicLabel(const QString &nodeId, const QString &netdev) const
{
    // The data plane and the management interface told apart in the legend.
    if (m_nodes) {
        const int row = m_nodes->rowOf(nodeId);
        if (row >= 0 && m_nodes->node(row).dataInterface == netdev)
            return tr("%1 (data plane)").arg(netdev);
    }
    if (m_probes) {
        if (const auto report = m_probes(nodeId)) {
            for (const Nic &n : report->nics)
                if (n.netdev == netdev && n.carriesManagement.value_or(false))
                    return tr("%1 (management)").arg(netdev);
        }
    }
    return netdev;
}

QString DashboardPage::rdmaSignature() const
{
    // Which RDMA traffic series have data: when it changes, the lines are rebuilt.
    QString sig;
    for (int s = 0; s < m_store->seriesCount(); ++s) {
        const SeriesInfo &info = m_store->info(s);
        if (info.peer.isEmpty() && info.metric.startsWith(QLatin1StringView("rdma/"))
            && (info.metric.endsWith(QLatin1StringView("_bytes_per_s")) || info.metric.endsWith(QLatin1StringView("_packets_per_s")))
            && m_store->latest(s).valid())
            sig += QString::number(s) + QLatin1Char(',');
    }
    return sig;
}

} // namespace halolink::ui
