#include "monitor/monitor.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "gpu/rocm_smi.h"
#include "monitor/json_line.h"

namespace halolink::monitor {

namespace {

bool isCard(const std::string &name)
{
    if (name.size() <= 4 || name.compare(0, 4, "card") != 0)
        return false;
    return std::all_of(name.begin() + 4, name.end(), [](unsigned char c) { return std::isdigit(c); });
}

bool isNumber(const std::string &name)
{
    return !name.empty()
        && std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isdigit(c); });
}

// hw_counters names summed into a port's traffic when it has no PMA
// counters (ports/<p>/counters): irdma counts IP-level octets and packets
// of its RDMA traffic, rxe only packets.
constexpr std::string_view kRxBytesNames[] = { "ip4InOctets", "ip6InOctets" };
constexpr std::string_view kTxBytesNames[] = { "ip4OutOctets", "ip6OutOctets" };
constexpr std::string_view kRxPacketNames[] = { "ip4InPkts", "ip6InPkts", "rcvd_pkts" };
constexpr std::string_view kTxPacketNames[] = { "ip4OutPkts", "ip6OutPkts", "sent_pkts" };

template<std::size_t N>
std::vector<int> hwIndices(const std::vector<std::string> &names, const std::string_view (&wanted)[N])
{
    std::vector<int> out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (std::find(std::begin(wanted), std::end(wanted), names[i]) != std::end(wanted))
            out.push_back(static_cast<int>(i));
    }
    return out;
}

} // namespace

bool Monitor::wantNic(const std::string &name) const
{
    if (m_allInterfaces)
        return name != "lo";
    return m_root.readLink("sys/class/net/" + name + "/device").has_value();
}

Monitor::Monitor(sys::Root root)
    : m_root(std::move(root))
{
}

AttrFile Monitor::open(const std::string &rel) const
{
    auto path = m_root.hostPath(rel);
    return path ? AttrFile(*path) : AttrFile();
}

std::string Monitor::signature() const
{
    // Names only: what decides which files a frame reads.
    std::string sig = "drm:";
    for (const auto &card : m_root.list("sys/class/drm")) {
        if (isCard(card))
            sig += card + ",";
    }
    sig += "net:";
    for (const auto &nd : m_root.list("sys/class/net")) {
        if (wantNic(nd))
            sig += nd + ",";
    }
    sig += "ib:";
    for (const auto &dev : m_root.list("sys/class/infiniband")) {
        const std::string ports = "sys/class/infiniband/" + dev + "/ports";
        for (const auto &p : m_root.list(ports))
            sig += dev + "/" + p + "/" + std::to_string(m_root.list(ports + "/" + p + "/hw_counters").size())
                + ",";
    }
    return sig;
}

bool Monitor::rescan(bool force)
{
    std::string sig = signature();
    if (!force && !m_dirty && sig == m_signature)
        return false;
    m_signature = std::move(sig);
    build();
    m_dirty = false;
    return true;
}

void Monitor::build()
{
    // Previous counter values survive a rebuild, so a device appearing
    // elsewhere does not blank every rate for a frame.
    std::map<std::string, std::pair<std::optional<std::uint64_t>, std::optional<std::uint64_t>>> nicPrev;
    for (auto &n : m_nics)
        nicPrev[n.name] = { n.prevRx, n.prevTx };
    std::map<std::string, std::array<std::optional<std::uint64_t>, 4>> portPrev;
    for (auto &p : m_ports)
        portPrev[p.device + "/" + std::to_string(p.port)]
            = { p.rxBytes.prev, p.txBytes.prev, p.rxPackets.prev, p.txPackets.prev };

    m_gpus.clear();
    for (const auto &card : m_root.list("sys/class/drm")) {
        if (!isCard(card))
            continue;
        const std::string dev = "sys/class/drm/" + card + "/device";
        auto target = m_root.linkTarget(dev);
        if (!target)
            continue;
        Gpu g;
        g.card = card;
        g.pci = sys::baseName(*target);
        g.amdgpu = m_root.linkName(dev + "/driver").value_or("") == "amdgpu";
        g.busy = open(dev + "/gpu_busy_percent");
        g.vramUsed = open(dev + "/mem_info_vram_used");
        g.gttUsed = open(dev + "/mem_info_gtt_used");
        g.vramTotal = open(dev + "/mem_info_vram_total");
        g.gttTotal = open(dev + "/mem_info_gtt_total");
        for (const auto &hw : m_root.list(dev + "/hwmon")) {
            const std::string h = dev + "/hwmon/" + hw;
            if (!g.power.valid()) {
                g.power = open(h + "/power1_average");
                if (!g.power.valid())
                    g.power = open(h + "/power1_input");
            }
            if (!g.temperature.valid())
                g.temperature = open(h + "/temp1_input");
        }
        // ROCm SMI only on the live machine, and only for what sysfs lacks.
        if (m_root.live() && g.amdgpu && (!g.power.valid() || !g.temperature.valid())) {
            auto &smi = gpu::RocmSmi::get();
            g.smiPower = smi.usable() && !g.power.valid();
            g.smiTemperature = smi.usable() && !g.temperature.valid();
        }
        m_gpus.push_back(std::move(g));
    }

    m_nics.clear();
    for (const auto &nd : m_root.list("sys/class/net")) {
        const std::string n = "sys/class/net/" + nd;
        if (!wantNic(nd))
            continue; // lo, bridges, veths, bonds: as probe (unless every interface was asked for)
        Nic nic;
        nic.name = nd;
        nic.rx = open(n + "/statistics/rx_bytes");
        nic.tx = open(n + "/statistics/tx_bytes");
        nic.rxPackets = open(n + "/statistics/rx_packets");
        nic.txPackets = open(n + "/statistics/tx_packets");
        nic.operstate = open(n + "/operstate");
        nic.carrierChanges = open(n + "/carrier_changes");
        if (auto it = nicPrev.find(nd); it != nicPrev.end())
            std::tie(nic.prevRx, nic.prevTx) = it->second;
        m_nics.push_back(std::move(nic));
    }

    m_ports.clear();
    for (const auto &dev : m_root.list("sys/class/infiniband")) {
        const std::string portsDir = "sys/class/infiniband/" + dev + "/ports";
        std::vector<std::string> portNames = m_root.list(portsDir);
        std::erase_if(portNames, [](const std::string &n) { return !isNumber(n); });
        std::sort(portNames.begin(), portNames.end(),
            [](const std::string &a, const std::string &b) { return std::stoi(a) < std::stoi(b); });
        for (const auto &pn : portNames) {
            const std::string pd = portsDir + "/" + pn;
            RdmaPort p;
            p.device = dev;
            p.port = std::stoi(pn);
            p.normalized.fill(-1);
            std::vector<std::string> names;
            for (const auto &c : m_root.list(pd + "/hw_counters")) {
                if (isCounterSetting(c))
                    continue;
                HwCounter hc;
                hc.name = c;
                hc.file = open(pd + "/hw_counters/" + c);
                if (!hc.file.valid())
                    continue;
                if (auto k = normalizedIndex(c); k && p.normalized[*k] < 0)
                    p.normalized[*k] = static_cast<int>(p.hw.size());
                names.push_back(c);
                p.hw.push_back(std::move(hc));
            }
            // PMA counters: data in units of 4 bytes (IBA "octets divided by 4").
            p.rxBytes.file = open(pd + "/counters/port_rcv_data");
            p.rxBytes.scale = 4;
            p.txBytes.file = open(pd + "/counters/port_xmit_data");
            p.txBytes.scale = 4;
            p.rxPackets.file = open(pd + "/counters/port_rcv_packets");
            p.txPackets.file = open(pd + "/counters/port_xmit_packets");
            p.state = open(pd + "/state");
            if (!p.rxBytes.file.valid())
                p.rxBytes.hwSum = hwIndices(names, kRxBytesNames);
            if (!p.txBytes.file.valid())
                p.txBytes.hwSum = hwIndices(names, kTxBytesNames);
            if (!p.rxPackets.file.valid())
                p.rxPackets.hwSum = hwIndices(names, kRxPacketNames);
            if (!p.txPackets.file.valid())
                p.txPackets.hwSum = hwIndices(names, kTxPacketNames);
            if (auto it = portPrev.find(dev + "/" + pn); it != portPrev.end()) {
                p.rxBytes.prev = it->second[0];
                p.txBytes.prev = it->second[1];
                p.rxPackets.prev = it->second[2];
                p.txPackets.prev = it->second[3];
            }
            m_ports.push_back(std::move(p));
        }
    }
}

void Monitor::resetRates()
{
    m_prevMonoNs.reset();
    for (auto &n : m_nics)
        n.prevRx = n.prevTx = std::nullopt;
    for (auto &p : m_ports)
        p.rxBytes.prev = p.txBytes.prev = p.rxPackets.prev = p.txPackets.prev = std::nullopt;
}

std::optional<std::uint64_t> Monitor::readTraffic(RdmaPort &p, Traffic &t)
{
    if (t.file.valid()) {
        auto v = t.file.readCounter();
        if (!v) {
            m_dirty = true;
            return std::nullopt;
        }
        return *v * t.scale;
    }
    if (t.hwSum.empty())
        return std::nullopt;
    std::uint64_t sum = 0;
    for (int i : t.hwSum) {
        if (!p.hw[static_cast<std::size_t>(i)].value)
            return std::nullopt;
        sum += *p.hw[static_cast<std::size_t>(i)].value;
    }
    return sum;
}

std::optional<std::uint64_t> Monitor::readCounter(const AttrFile &f)
{
    if (!f.valid())
        return std::nullopt;
    auto v = f.readCounter();
    if (!v)
        m_dirty = true;
    return v;
}

std::array<std::optional<std::uint64_t>, 4> Monitor::readPort(RdmaPort &p)
{
    for (auto &c : p.hw) {
        c.value = c.file.readCounter();
        if (!c.value)
            m_dirty = true;
    }
    return { readTraffic(p, p.rxBytes), readTraffic(p, p.txBytes), readTraffic(p, p.rxPackets),
        readTraffic(p, p.txPackets) };
}

std::optional<std::int64_t> Monitor::readInt(const AttrFile &f)
{
    if (!f.valid())
        return std::nullopt;
    auto v = f.readInt();
    if (!v)
        m_dirty = true;
    return v;
}

std::pair<std::optional<double>, std::optional<double>> Monitor::readPowerAndTemperature(const Gpu &g)
{
    std::optional<double> power, temperature;
    if (auto uw = readInt(g.power))
        power = double(*uw) / 1e6;
    else if (g.smiPower)
        power = gpu::RocmSmi::get().powerWatts(g.pci);
    if (auto mc = readInt(g.temperature))
        temperature = double(*mc) / 1000.0;
    else if (g.smiTemperature)
        temperature = gpu::RocmSmi::get().temperatureCelsius(g.pci);
    return { power, temperature };
}

Monitor::Totals Monitor::totals()
{
    Totals t;
    t.gpus.reserve(m_gpus.size());
    for (auto &g : m_gpus) {
        GpuTotals gt;
        gt.card = g.card;
        gt.pci = g.pci;
        gt.busyPercent = readInt(g.busy);
        gt.vramUsedBytes = readInt(g.vramUsed);
        gt.vramTotalBytes = readInt(g.vramTotal);
        gt.gttUsedBytes = readInt(g.gttUsed);
        gt.gttTotalBytes = readInt(g.gttTotal);
        std::tie(gt.powerWatts, gt.temperatureCelsius) = readPowerAndTemperature(g);
        t.gpus.push_back(std::move(gt));
    }
    t.nics.reserve(m_nics.size());
    for (auto &n : m_nics) {
        NicTotals nt { n.name, readCounter(n.rx), readCounter(n.tx), readCounter(n.rxPackets), readCounter(n.txPackets),
            readText(n.operstate), readCounter(n.carrierChanges), {} };
        if (readPortStats(n))
            nt.portStats = n.portStats;
        t.nics.push_back(std::move(nt));
    }
    t.rdma.reserve(m_ports.size());
    for (auto &p : m_ports) {
        RdmaTotals r;
        r.device = p.device;
        r.port = p.port;
        const auto traffic = readPort(p);
        r.rxBytes = traffic[0];
        r.txBytes = traffic[1];
        r.rxPackets = traffic[2];
        r.txPackets = traffic[3];
        for (std::size_t k = 0; k < kNormalizedKeys.size(); ++k) {
            if (p.normalized[k] >= 0)
                r.normalized[k] = p.hw[static_cast<std::size_t>(p.normalized[k])].value;
        }
        r.counters.reserve(p.hw.size());
        for (const auto &c : p.hw)
            r.counters.emplace_back(c.name, c.value);
        r.state = portState(p.state);
        t.rdma.push_back(std::move(r));
    }
    return t;
}

std::optional<std::string> Monitor::readText(const AttrFile &f)
{
    if (!f.valid())
        return std::nullopt;
    char buf[64];
    const auto line = f.readLine(buf, sizeof buf);
    if (!line) {
        m_dirty = true;
        return std::nullopt;
    }
    return std::string(*line);
}

std::optional<std::string> Monitor::portState(const AttrFile &f)
{
    // "4: ACTIVE" (drivers/infiniband/core/sysfs.c state_show): the name after the number.
    if (!f.valid())
        return std::nullopt;
    char buf[64];
    const auto line = f.readLine(buf, sizeof buf);
    if (!line)
        return std::nullopt;
    const std::size_t colon = line->find(':');
    std::string_view name = colon == std::string_view::npos ? *line : line->substr(colon + 1);
    while (!name.empty() && name.front() == ' ')
        name.remove_prefix(1);
    return std::string(name);
}

bool Monitor::readPortStats(Nic &nic)
{
    nic.portStats.fill(std::nullopt);
    std::array<bool, kNicStatCount> present {};
    std::array<std::uint64_t, kNicStatCount> sum {};
    auto add = [&](NicStat stat, std::uint64_t v) {
        const auto i = static_cast<std::size_t>(stat);
        present[i] = true;
        sum[i] += v;
    };
    if (m_root.live()) {
        if (!nic.ethtool)
            nic.ethtool = std::make_unique<EthtoolReader>(nic.name);
        if (!nic.namesRead) {
            nic.namesRead = true;
            nic.statMap.clear();
            if (nic.ethtool->readNames()) {
                const auto &names = nic.ethtool->names();
                for (std::size_t i = 0; i < names.size(); ++i)
                    if (auto stat = nicStatOf(names[i]))
                        nic.statMap.emplace_back(static_cast<int>(i), *stat);
            }
            nic.hasPortStats = !nic.statMap.empty();
        }
        if (!nic.hasPortStats)
            return false;
        switch (nic.ethtool->readValues(nic.rawValues)) {
        case EthtoolReader::Result::Ok:
            break;
        case EthtoolReader::Result::Changed:
            nic.namesRead = false; // mlx5 after a PFC change: the names again next time
            return false;
        case EthtoolReader::Result::Failed:
            return false;
        }
        for (const auto &[index, stat] : nic.statMap)
            add(stat, nic.rawValues[static_cast<std::size_t>(index)]);
    } else {
        // Replay: what the snapshot's `ethtool -S IF` printed.
        const sys::CommandResult r = m_root.run({ "ethtool", "-S", nic.name });
        if (!r.found || r.exitCode != 0)
            return nic.hasPortStats = false;
        for (const auto &[name, value] : parseEthtoolStats(r.out))
            if (auto stat = nicStatOf(name))
                add(*stat, value);
        nic.hasPortStats = std::find(present.begin(), present.end(), true) != present.end();
    }
    for (std::size_t i = 0; i < present.size(); ++i)
        if (present[i])
            nic.portStats[i] = sum[i];
    return nic.hasPortStats;
}

std::optional<double> Monitor::rate(
    std::optional<std::uint64_t> now, std::optional<std::uint64_t> &prev, double scale, double dt)
{
    std::optional<double> r;
    // A counter that went backwards was reset (driver reload, `rdma
    // statistic` reset): no rate rather than a huge bogus one.
    if (now && prev && dt > 0 && *now >= *prev)
        r = double(*now - *prev) * scale / dt;
    prev = now;
    return r;
}

void Monitor::sample(
    std::uint64_t seq, std::int64_t realNs, std::int64_t monoNs, std::int64_t intervalNs, std::string &out)
{
    const double dt = m_prevMonoNs ? double(monoNs - *m_prevMonoNs) / 1e9 : 0.0;
    m_prevMonoNs = monoNs;

    JsonLine j(out);
    j.beginObject();
    j.field("event", "frame");
    j.field("seq", seq);
    j.field("time_ns", realNs);
    j.field("interval_ns", intervalNs);

    j.key("gpus");
    j.beginArray();
    for (auto &g : m_gpus) {
        j.beginObject();
        j.field("card", g.card);
        j.field("busy_percent", readInt(g.busy));
        j.field("vram_used_bytes", readInt(g.vramUsed));
        j.field("gtt_used_bytes", readInt(g.gttUsed));
        const auto [power, temperature] = readPowerAndTemperature(g);
        j.field("power_w", power);
        j.field("temperature_c", temperature);
        j.endObject();
    }
    j.endArray();

    // The NICs' port counters at most once a second: mlx5 queries its
    // firmware for them on every read (en_stats.c, mlx5e_stats_update).
    const bool portStats = !m_lastPortStatsNs || monoNs - *m_lastPortStatsNs >= m_portStatsEveryNs;
    if (portStats)
        m_lastPortStatsNs = monoNs;
    j.key("nics");
    j.beginArray();
    for (auto &n : m_nics) {
        const auto rx = readCounter(n.rx);
        const auto tx = readCounter(n.tx);
        j.beginObject();
        j.field("netdev", n.name);
        j.field("rx_bytes", rx);
        j.field("tx_bytes", tx);
        j.field("rx_bytes_per_s", rate(rx, n.prevRx, 1.0, dt));
        j.field("tx_bytes_per_s", rate(tx, n.prevTx, 1.0, dt));
        if (n.operstate.valid()) {
            char buf[32];
            if (const auto state = n.operstate.readLine(buf, sizeof buf))
                j.field("operstate", *state);
            else
                j.field("operstate", std::optional<std::uint64_t>());
        }
        if (n.carrierChanges.valid())
            j.field("carrier_changes", readCounter(n.carrierChanges));
        if (portStats && readPortStats(n)) {
            j.key("port_stats");
            j.beginObject();
            for (const NicStat first : { NicStat::PauseRxPrio0, NicStat::PauseTxPrio0 }) {
                j.key(nicStatKey(first));
                j.beginArray();
                for (int prio = 0; prio < kPriorities; ++prio) {
                    if (const auto &v = n.portStats[static_cast<std::size_t>(first) + std::size_t(prio)])
                        j.value(*v);
                    else
                        j.null();
                }
                j.endArray();
            }
            for (const NicStat stat : { NicStat::PauseRxLink, NicStat::PauseTxLink, NicStat::CrcErrors, NicStat::RxDiscards })
                j.field(nicStatKey(stat), n.portStats[static_cast<std::size_t>(stat)]);
            j.endObject();
        }
        j.endObject();
    }
    j.endArray();

    j.key("rdma");
    j.beginArray();
    for (auto &p : m_ports) {
        const auto [rxBytes, txBytes, rxPackets, txPackets] = readPort(p);
        j.beginObject();
        j.field("device", p.device);
        j.field("port", p.port);
        if (p.state.valid()) {
            char buf[64];
            const auto line = p.state.readLine(buf, sizeof buf);
            const std::size_t colon = line ? line->find(':') : std::string_view::npos;
            if (line && colon != std::string_view::npos && colon + 2 <= line->size())
                j.field("state", line->substr(colon + 2));
            else
                j.field("state", std::optional<std::uint64_t>());
        }
        j.field("rx_bytes", rxBytes);
        j.field("tx_bytes", txBytes);
        j.field("rx_bytes_per_s", rate(rxBytes, p.rxBytes.prev, 1.0, dt));
        j.field("tx_bytes_per_s", rate(txBytes, p.txBytes.prev, 1.0, dt));
        j.field("rx_packets_per_s", rate(rxPackets, p.rxPackets.prev, 1.0, dt));
        j.field("tx_packets_per_s", rate(txPackets, p.txPackets.prev, 1.0, dt));
        for (auto group : { CounterGroup::Errors, CounterGroup::Congestion }) {
            j.key(group == CounterGroup::Errors ? "errors" : "congestion");
            j.beginObject();
            for (std::size_t k = 0; k < kNormalizedKeys.size(); ++k) {
                if (kNormalizedKeys[k].group != group)
                    continue;
                const int i = p.normalized[k];
                j.key(kNormalizedKeys[k].key);
                if (i >= 0)
                    j.value(p.hw[static_cast<std::size_t>(i)].value);
                else
                    j.null();
            }
            j.endObject();
        }
        if (m_rawCounters) {
            j.key("counters");
            j.beginObject();
            for (auto &c : p.hw)
                j.field(c.name, c.value);
            j.endObject();
        }
        j.endObject();
    }
    j.endArray();
    j.endObject();
}

} // namespace halolink::monitor
