#pragma once
// What `halolink-engine exporter` serves on /metrics: the Monitor's values
// (GPU gauges, NIC and RDMA port counters, normalised error/congestion
// counters, raw hw_counters) in the Prometheus text format. Each scrape
// reads every value fresh; the device list is looked for again on each
// scrape (Monitor::rescan() rebuilds only when it changed). The metric
// names are listed in docs/engine-commands.md.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "monitor/monitor.h"
#include "sys/root.h"

namespace halolink::exporter {

class Collector {
public:
    explicit Collector(sys::Root root);

    // The whole /metrics body.
    std::string scrape();

private:
    void refreshNetdevs(std::int64_t nowNs, bool devicesChanged);

    sys::Root m_root;
    monitor::Monitor m_monitor;
    // Each RDMA port's netdev, found as `probe` finds it. Finding it may run
    // `ip -j addr show`, so it is looked up again only when the devices
    // changed or every kNetdevRefreshNs, not on every scrape.
    std::map<std::pair<std::string, int>, std::string> m_netdevs;
    std::optional<std::int64_t> m_netdevsAtNs;
};

} // namespace halolink::exporter
