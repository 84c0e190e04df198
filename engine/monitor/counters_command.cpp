// `halolink-engine counters`: one reading of the node's traffic counters
// (schema halolink.counters/1, docs/engine-commands.md). The job launcher
// takes one before and one after a job's smoke prompt and compares them to
// tell whether RDMA carried the traffic. The files and fallbacks are the
// telemetry frames' (monitor::Monitor); each RDMA port's netdev is found
// exactly as `probe` finds it.

#include <ctime>
#include <filesystem>
#include <map>
#include <utility>

#include "commands.h"
#include "halolink/protocol.h"
#include "monitor/monitor.h"
#include "probe/probe.h"
#include "sys/cli.h"

namespace halolink {

namespace {

template<typename T> Json orNull(const std::optional<T> &v)
{
    return v ? Json(*v) : Json(nullptr);
}

std::int64_t realtimeNs()
{
    timespec ts {};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

} // namespace

int countersCommand(const Args &args)
{
    sys::Options opts({ "--root" }, {});
    opts.parse(args);
    if (!opts.positional().empty())
        throw sys::usageError("counters takes no arguments, got '" + opts.positional().front() + "'");
    std::string dir = "/";
    if (auto r = opts.value("--root")) {
        std::error_code ec;
        if (r->empty() || !std::filesystem::is_directory(*r, ec))
            throw sys::EngineError { "bad_root", "--root " + *r + ": no such folder" };
        if (!std::filesystem::equivalent(*r, "/", ec))
            dir = *r;
    }
    const sys::Root root(dir);

    monitor::Monitor monitor(root);
    monitor.setAllInterfaces(true); // a data plane may be a bond, a VLAN or a veth
    monitor.rescan(true);
    const std::int64_t timeNs = realtimeNs();
    const monitor::Monitor::Totals totals = monitor.totals();

    std::map<std::pair<std::string, int>, std::optional<std::string>> netdevs;
    for (const auto &p : probe::rdmaPorts(root))
        netdevs[{ p.device, p.port }] = p.netdev;

    Json doc;
    doc["schema"] = protocol::kCountersSchema;
    doc["time_ns"] = timeNs;
    Json rdma = Json::array();
    for (const auto &p : totals.rdma) {
        Json port;
        port["device"] = p.device;
        port["port"] = p.port;
        auto nd = netdevs.find({ p.device, p.port });
        port["netdev"] = nd != netdevs.end() ? orNull(nd->second) : Json(nullptr);
        port["rx_bytes"] = orNull(p.rxBytes);
        port["tx_bytes"] = orNull(p.txBytes);
        port["rx_packets"] = orNull(p.rxPackets);
        port["tx_packets"] = orNull(p.txPackets);
        for (auto group : { monitor::CounterGroup::Errors, monitor::CounterGroup::Congestion }) {
            Json g = Json::object();
            for (std::size_t k = 0; k < monitor::kNormalizedKeys.size(); ++k) {
                if (monitor::kNormalizedKeys[k].group == group)
                    g[std::string(monitor::kNormalizedKeys[k].key)] = orNull(p.normalized[k]);
            }
            port[group == monitor::CounterGroup::Errors ? "errors" : "congestion"] = std::move(g);
        }
        Json raw = Json::object();
        for (const auto &[name, value] : p.counters)
            raw[name] = orNull(value);
        port["counters"] = std::move(raw);
        rdma.push_back(std::move(port));
    }
    doc["rdma"] = std::move(rdma);
    Json nics = Json::array();
    for (const auto &n : totals.nics) {
        nics.push_back(
            { { "name", n.name }, { "rx_bytes", orNull(n.rxBytes) }, { "tx_bytes", orNull(n.txBytes) },
                { "rx_packets", orNull(n.rxPackets) }, { "tx_packets", orNull(n.txPackets) } });
    }
    doc["nics"] = std::move(nics);
    sys::printJson(doc, false);
    return protocol::kExitOk;
}

} // namespace halolink
