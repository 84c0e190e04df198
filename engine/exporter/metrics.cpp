#include "exporter/metrics.h"

#include <ctime>

#include "exporter/exposition.h"
#include "halolink/protocol.h"
#include "probe/probe.h"

namespace halolink::exporter {

namespace {

constexpr std::int64_t kNetdevRefreshNs = 60'000'000'000;

std::int64_t monotonicNs()
{
    timespec ts {};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// HELP text of the normalised error/congestion counters, by key
// (monitor::kNormalizedKeys; docs/agent-protocol.md has the driver table).
std::string normalizedHelp(std::string_view key)
{
    if (key == "retransmits")
        return "Packets the RDMA port retransmitted (rxe completer_retry_err, irdma RetransSegs).";
    if (key == "out_of_sequence")
        return "Out-of-sequence packets the RDMA port received.";
    if (key == "local_ack_timeouts")
        return "Local ACK timeouts of the RDMA port (irdma RTO, mlx5 local_ack_timeout_err).";
    if (key == "seq_naks")
        return "Sequence-error NAKs the RDMA port received.";
    if (key == "rnr_naks")
        return "Receiver-not-ready NAKs the RDMA port received.";
    if (key == "out_of_buffer")
        return "Messages the RDMA port dropped because its receive queue had no buffer (mlx5 out_of_buffer).";
    if (key == "cnp_sent")
        return "Congestion notification packets (RoCE CNPs) the RDMA port sent.";
    if (key == "cnp_handled")
        return "Congestion notification packets the RDMA port received and acted on.";
    if (key == "cnp_ignored")
        return "Congestion notification packets the RDMA port received and ignored.";
    if (key == "ecn_marked")
        return "ECN-marked RoCE packets the RDMA port received.";
    return "RDMA port counter normalised as " + std::string(key) + ".";
}

template<typename T>
void gauge(Exposition &x, const std::optional<T> &v, const std::string &card, const std::string &pci)
{
    if (v)
        x.sample({ { "card", card }, { "pci", pci } }, *v);
}

} // namespace

Collector::Collector(sys::Root root)
    : m_root(std::move(root))
    , m_monitor(m_root)
{
    // A data plane may be a bond, a VLAN or a veth: every interface but lo,
    // as `counters` lists them.
    m_monitor.setAllInterfaces(true);
}

void Collector::refreshNetdevs(std::int64_t nowNs, bool devicesChanged)
{
    if (!devicesChanged && m_netdevsAtNs && nowNs - *m_netdevsAtNs < kNetdevRefreshNs)
        return;
    m_netdevs.clear();
    for (const auto &p : probe::rdmaPorts(m_root)) {
        if (p.netdev)
            m_netdevs[{ p.device, p.port }] = *p.netdev;
    }
    m_netdevsAtNs = nowNs;
}

std::string Collector::scrape()
{
    const std::int64_t startNs = monotonicNs();
    const bool rebuilt = m_monitor.rescan();
    refreshNetdevs(startNs, rebuilt);
    const monitor::Monitor::Totals t = m_monitor.totals();

    Exposition x;
    x.family("halolink_engine_info", MetricType::Gauge,
        "The halolink-engine serving these metrics: its version and agent protocol; always 1.");
    x.sample({ { "version", protocol::kEngineVersion },
                 { "protocol", std::to_string(protocol::kProtocolVersion) } },
        std::int64_t(1));

    // GPUs: sys/class/drm/card*/device (amdgpu), hwmon; ROCm SMI live for
    // what sysfs lacks.
    x.family("halolink_gpu_busy_ratio", MetricType::Gauge,
        "How busy the GPU is, 0 to 1 (amdgpu gpu_busy_percent / 100).");
    for (const auto &g : t.gpus) {
        if (g.busyPercent)
            x.sample({ { "card", g.card }, { "pci", g.pci } }, double(*g.busyPercent) / 100.0);
    }
    x.family("halolink_gpu_vram_used_bytes", MetricType::Gauge, "VRAM in use (amdgpu mem_info_vram_used).");
    for (const auto &g : t.gpus)
        gauge(x, g.vramUsedBytes, g.card, g.pci);
    x.family("halolink_gpu_vram_total_bytes", MetricType::Gauge, "VRAM size (amdgpu mem_info_vram_total).");
    for (const auto &g : t.gpus)
        gauge(x, g.vramTotalBytes, g.card, g.pci);
    x.family("halolink_gpu_gtt_used_bytes", MetricType::Gauge,
        "GTT (system memory mapped for the GPU) in use (amdgpu mem_info_gtt_used).");
    for (const auto &g : t.gpus)
        gauge(x, g.gttUsedBytes, g.card, g.pci);
    x.family("halolink_gpu_gtt_total_bytes", MetricType::Gauge,
        "GTT (system memory mapped for the GPU) size (amdgpu mem_info_gtt_total).");
    for (const auto &g : t.gpus)
        gauge(x, g.gttTotalBytes, g.card, g.pci);
    x.family("halolink_gpu_power_watts", MetricType::Gauge,
        "GPU power draw (hwmon power1_average or power1_input).");
    for (const auto &g : t.gpus)
        gauge(x, g.powerWatts, g.card, g.pci);
    x.family("halolink_gpu_temperature_celsius", MetricType::Gauge, "GPU temperature (hwmon temp1_input).");
    for (const auto &g : t.gpus)
        gauge(x, g.temperatureCelsius, g.card, g.pci);

    // NICs: sys/class/net/<if>/statistics, every interface but lo.
    using NicField = std::optional<std::uint64_t> monitor::Monitor::NicTotals::*;
    const struct {
        const char *name;
        NicField field;
        const char *help;
    } nicMetrics[] = {
        { "halolink_nic_receive_bytes_total", &monitor::Monitor::NicTotals::rxBytes,
            "Bytes the network interface received (statistics/rx_bytes)." },
        { "halolink_nic_transmit_bytes_total", &monitor::Monitor::NicTotals::txBytes,
            "Bytes the network interface sent (statistics/tx_bytes)." },
        { "halolink_nic_receive_packets_total", &monitor::Monitor::NicTotals::rxPackets,
            "Packets the network interface received (statistics/rx_packets)." },
        { "halolink_nic_transmit_packets_total", &monitor::Monitor::NicTotals::txPackets,
            "Packets the network interface sent (statistics/tx_packets)." },
    };
    for (const auto &m : nicMetrics) {
        x.family(m.name, MetricType::Counter, m.help);
        for (const auto &n : t.nics) {
            if (const auto &v = n.*m.field)
                x.sample({ { "interface", n.name } }, *v);
        }
    }

    // NIC state and port counters (docs/fabric-health.md): what the app's
    // fabric health and its alerts are computed from.
    x.family("halolink_nic_up", MetricType::Gauge,
        "1 when the network interface's operstate is up, else 0 (sys/class/net/<if>/operstate).");
    for (const auto &n : t.nics) {
        if (n.operstate)
            x.sample({ { "interface", n.name } }, std::int64_t(*n.operstate == "up" ? 1 : 0));
    }
    x.family("halolink_nic_carrier_changes_total", MetricType::Counter,
        "How often the network interface's link went up or down (sys/class/net/<if>/carrier_changes).");
    for (const auto &n : t.nics) {
        if (n.carrierChanges)
            x.sample({ { "interface", n.name } }, *n.carrierChanges);
    }
    x.family("halolink_nic_pause_frames_total", MetricType::Counter,
        "Pause frames the port received (direction rx) or sent (tx), per PFC priority or for the whole link "
        "(priority \"link\"): ice rx/tx_priority_N_xon/xoff.nic and link_xon/xoff_rx/tx.nic, mlx5 "
        "rx/tx_prioN_pause and rx/tx_global_pause (ethtool -S).");
    for (const auto &n : t.nics) {
        for (int dir = 0; dir < 2; ++dir) {
            const auto first = dir == 0 ? monitor::NicStat::PauseRxPrio0 : monitor::NicStat::PauseTxPrio0;
            const char *direction = dir == 0 ? "rx" : "tx";
            for (int p = 0; p < monitor::kPriorities; ++p) {
                if (const auto &v = n.portStats[static_cast<std::size_t>(first) + std::size_t(p)])
                    x.sample({ { "interface", n.name }, { "direction", direction }, { "priority", std::to_string(p) } },
                        *v);
            }
            const auto link = dir == 0 ? monitor::NicStat::PauseRxLink : monitor::NicStat::PauseTxLink;
            if (const auto &v = n.portStats[static_cast<std::size_t>(link)])
                x.sample({ { "interface", n.name }, { "direction", direction }, { "priority", "link" } }, *v);
        }
    }
    x.family("halolink_nic_crc_errors_total", MetricType::Counter,
        "Frames the port received with a bad CRC (ice rx_crc_errors.nic, mlx5 rx_crc_errors_phy).");
    for (const auto &n : t.nics) {
        if (const auto &v = n.portStats[static_cast<std::size_t>(monitor::NicStat::CrcErrors)])
            x.sample({ { "interface", n.name } }, *v);
    }
    x.family("halolink_nic_rx_discards_total", MetricType::Counter,
        "Packets the port dropped because its receive buffer was full (ice rx_dropped.nic, mlx5 "
        "rx_discards_phy).");
    for (const auto &n : t.nics) {
        if (const auto &v = n.portStats[static_cast<std::size_t>(monitor::NicStat::RxDiscards)])
            x.sample({ { "interface", n.name } }, *v);
    }

    // RDMA ports: PMA counters (data x 4), else sums of hw_counters.
    struct PortLabels {
        std::string device, port, netdev;
    };
    std::vector<PortLabels> labels;
    labels.reserve(t.rdma.size());
    for (const auto &p : t.rdma) {
        auto nd = m_netdevs.find({ p.device, p.port });
        labels.push_back({ p.device, std::to_string(p.port), nd != m_netdevs.end() ? nd->second : "" });
    }
    using PortField = std::optional<std::uint64_t> monitor::Monitor::RdmaTotals::*;
    const struct {
        const char *name;
        PortField field;
        const char *help;
    } portMetrics[] = {
        { "halolink_rdma_port_receive_bytes_total", &monitor::Monitor::RdmaTotals::rxBytes,
            "Bytes the RDMA port received (counters/port_rcv_data x 4, or irdma ip4InOctets + "
            "ip6InOctets)." },
        { "halolink_rdma_port_transmit_bytes_total", &monitor::Monitor::RdmaTotals::txBytes,
            "Bytes the RDMA port sent (counters/port_xmit_data x 4, or irdma ip4OutOctets + ip6OutOctets)." },
        { "halolink_rdma_port_receive_packets_total", &monitor::Monitor::RdmaTotals::rxPackets,
            "Packets the RDMA port received (counters/port_rcv_packets, or hw_counters: irdma ip4InPkts + "
            "ip6InPkts, rxe rcvd_pkts)." },
        { "halolink_rdma_port_transmit_packets_total", &monitor::Monitor::RdmaTotals::txPackets,
            "Packets the RDMA port sent (counters/port_xmit_packets, or hw_counters: irdma ip4OutPkts + "
            "ip6OutPkts, rxe sent_pkts)." },
    };
    for (const auto &m : portMetrics) {
        x.family(m.name, MetricType::Counter, m.help);
        for (std::size_t i = 0; i < t.rdma.size(); ++i) {
            if (const auto &v = t.rdma[i].*m.field)
                x.sample({ { "device", labels[i].device }, { "port", labels[i].port },
                             { "netdev", labels[i].netdev } },
                    *v);
        }
    }
    x.family("halolink_rdma_port_active", MetricType::Gauge,
        "1 when the RDMA port's state is ACTIVE, else 0 (sys/class/infiniband/<device>/ports/<port>/state).");
    for (std::size_t i = 0; i < t.rdma.size(); ++i) {
        if (t.rdma[i].state)
            x.sample({ { "device", labels[i].device }, { "port", labels[i].port }, { "netdev", labels[i].netdev } },
                std::int64_t(*t.rdma[i].state == "ACTIVE" ? 1 : 0));
    }
    // One metric per normalised key: the kinds overlap (a sequence NAK
    // causes retransmissions), so a sum over a `name` label would mean
    // nothing.
    for (std::size_t k = 0; k < monitor::kNormalizedKeys.size(); ++k) {
        const std::string_view key = monitor::kNormalizedKeys[k].key;
        x.family(
            "halolink_rdma_port_" + std::string(key) + "_total", MetricType::Counter, normalizedHelp(key));
        for (std::size_t i = 0; i < t.rdma.size(); ++i) {
            if (const auto &v = t.rdma[i].normalized[k])
                x.sample({ { "device", labels[i].device }, { "port", labels[i].port },
                             { "netdev", labels[i].netdev } },
                    *v);
        }
    }
    x.family("halolink_rdma_hw_counters_total", MetricType::Counter,
        "Every raw value in sys/class/infiniband/<device>/ports/<port>/hw_counters but lifespan, by the "
        "driver's name.");
    for (std::size_t i = 0; i < t.rdma.size(); ++i) {
        for (const auto &[name, v] : t.rdma[i].counters) {
            if (v)
                x.sample({ { "device", labels[i].device }, { "port", labels[i].port },
                             { "netdev", labels[i].netdev }, { "name", name } },
                    *v);
        }
    }

    x.family("halolink_scrape_duration_seconds", MetricType::Gauge,
        "How long reading the values of this scrape took.");
    x.sample({}, double(monotonicNs() - startNs) / 1e9);
    return x.text();
}

} // namespace halolink::exporter
