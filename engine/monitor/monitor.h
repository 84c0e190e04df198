#pragma once
// Telemetry sampling for the agent's `frame` events (docs/agent-protocol.md):
// GPU busy, memory, power and temperature (amdgpu sysfs and hwmon, ROCm SMI
// as a live fallback), NIC byte counters, and RDMA port traffic and
// hw_counters with normalised error/congestion keys.
//
// Cheap by construction: paths are resolved and files opened once by
// rescan(), a sample is one pread() per value into a stack buffer, and the
// frame is written into a reused string. rescan() runs every few seconds
// and rebuilds only when the set of devices changed (a created rxe device,
// a hot-plugged NIC) or a device's files stopped answering. Everything goes
// through sys::Root, so tests run it against a fake sysfs tree.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "monitor/attr_file.h"
#include "monitor/counter_map.h"
#include "monitor/ethtool_stats.h"
#include "monitor/nic_stat_map.h"
#include "sys/root.h"

namespace halolink::monitor {

class Monitor {
public:
    explicit Monitor(sys::Root root);

    // Finds devices and opens their files; rebuilds only when something
    // changed since the last call (or `force`). Returns true when it rebuilt.
    bool rescan(bool force = false);

    // Reads every value and appends one `frame` object (no newline) to
    // `out`. `monoNs` (CLOCK_MONOTONIC) gives the rates, `realNs`
    // (CLOCK_REALTIME) the frame's time.
    void sample(std::uint64_t seq, std::int64_t realNs, std::int64_t monoNs, std::int64_t intervalNs,
        std::string &out);

    // Absolute counter values now, for one-shot readers (`halolink-engine
    // counters`, the `exporter`'s scrapes): the same files and fallbacks as
    // the frames, totals only, and the GPUs' gauges with memory totals.
    // Reading them leaves the frames' rate state alone.
    struct NicTotals {
        std::string name;
        std::optional<std::uint64_t> rxBytes, txBytes, rxPackets, txPackets;
        std::optional<std::string> operstate;
        std::optional<std::uint64_t> carrierChanges;
        // The port counters of `ethtool -S` by NicStat; all null when the
        // driver reports none of them.
        std::array<std::optional<std::uint64_t>, kNicStatCount> portStats {};
    };
    struct RdmaTotals {
        std::string device;
        int port = 1;
        std::optional<std::uint64_t> rxBytes, txBytes, rxPackets, txPackets;
        // By kNormalizedKeys index; null where the driver has no counter.
        std::array<std::optional<std::uint64_t>, kNormalizedKeys.size()> normalized {};
        // Every hw_counters file but settings, by raw name, in directory order.
        std::vector<std::pair<std::string, std::optional<std::uint64_t>>> counters;
        std::optional<std::string> state; // "ACTIVE", "DOWN", ... (ports/<p>/state without its number)
    };
    struct GpuTotals {
        std::string card;
        std::string pci;
        std::optional<std::int64_t> busyPercent;
        std::optional<std::int64_t> vramUsedBytes, vramTotalBytes, gttUsedBytes, gttTotalBytes;
        std::optional<double> powerWatts, temperatureCelsius;
    };
    struct Totals {
        std::vector<GpuTotals> gpus;
        std::vector<NicTotals> nics;
        std::vector<RdmaTotals> rdma;
    };
    Totals totals();

    // The next frame has null rates (telemetry was stopped and restarted).
    void resetRates();
    // Whether frames carry every raw hw_counters value ("counters").
    void setRawCounters(bool on) { m_rawCounters = on; }
    // Every network interface but lo (bonds, VLANs, bridges, veths: a data
    // plane may be one), not only those with a device; before rescan().
    void setAllInterfaces(bool on) { m_allInterfaces = on; }

    std::size_t gpuCount() const { return m_gpus.size(); }
    std::size_t nicCount() const { return m_nics.size(); }
    std::size_t rdmaPortCount() const { return m_ports.size(); }
    // How often frames carry the NICs' port counters (`ethtool -S`; mlx5
    // asks its firmware for them on every read): at most once per this.
    void setPortStatsEveryNs(std::int64_t ns) { m_portStatsEveryNs = ns; }

private:
    struct Gpu {
        std::string card;
        std::string pci;
        bool amdgpu = false;
        AttrFile busy, vramUsed, gttUsed;
        AttrFile vramTotal, gttTotal; // for totals() only
        AttrFile power; // microwatts
        AttrFile temperature; // millidegrees Celsius
        bool smiPower = false, smiTemperature = false;
    };
    struct Nic {
        std::string name;
        AttrFile rx, tx;
        AttrFile rxPackets, txPackets; // for totals() only
        AttrFile operstate, carrierChanges;
        std::optional<std::uint64_t> prevRx, prevTx;
        // ethtool statistics: the live reader (none in replay), which of its
        // names add to which NicStat, and the last values read.
        std::unique_ptr<EthtoolReader> ethtool;
        std::vector<std::pair<int, NicStat>> statMap;
        bool namesRead = false;
        bool hasPortStats = false; // the driver reports at least one NicStat
        std::vector<std::uint64_t> rawValues;
        std::array<std::optional<std::uint64_t>, kNicStatCount> portStats {};
    };
    struct HwCounter {
        std::string name;
        AttrFile file;
        std::optional<std::uint64_t> value;
    };
    // A traffic figure from one file (scaled) or the sum of hw_counters.
    struct Traffic {
        AttrFile file;
        std::uint64_t scale = 1;
        std::vector<int> hwSum; // indices into RdmaPort::hw, used when !file.valid()
        std::optional<std::uint64_t> prev;
        bool available() const { return file.valid() || !hwSum.empty(); }
    };
    struct RdmaPort {
        std::string device;
        int port = 1;
        Traffic rxBytes, txBytes, rxPackets, txPackets;
        std::vector<HwCounter> hw;
        std::array<int, kNormalizedKeys.size()> normalized {}; // index into hw, or -1
        AttrFile state;
    };

    void build();
    std::string signature() const;
    bool wantNic(const std::string &name) const;
    std::optional<std::uint64_t> readTraffic(RdmaPort &p, Traffic &t);
    // Re-reads a port's hw_counters, then its four traffic figures
    // (rx/tx bytes, rx/tx packets).
    std::array<std::optional<std::uint64_t>, 4> readPort(RdmaPort &p);
    std::optional<std::uint64_t> readCounter(const AttrFile &f);
    std::optional<std::int64_t> readInt(const AttrFile &f);
    // Watts and degrees Celsius: hwmon, else ROCm SMI where build() chose it.
    std::pair<std::optional<double>, std::optional<double>> readPowerAndTemperature(const Gpu &g);
    // Reads the NIC's port counters (ethtool ioctls live, the snapshot's
    // `ethtool -S` in replay) into nic.portStats; false when it has none.
    bool readPortStats(Nic &nic);
    static std::optional<std::string> portState(const AttrFile &f);
    std::optional<std::string> readText(const AttrFile &f);
    std::optional<double> rate(
        std::optional<std::uint64_t> now, std::optional<std::uint64_t> &prev, double scale, double dt);
    AttrFile open(const std::string &rel) const;

    sys::Root m_root;
    std::string m_signature;
    bool m_dirty = true; // a file stopped answering: rebuild at the next rescan
    bool m_rawCounters = true;
    bool m_allInterfaces = false;
    std::optional<std::int64_t> m_prevMonoNs;
    std::optional<std::int64_t> m_lastPortStatsNs;
    std::int64_t m_portStatsEveryNs = 1'000'000'000;
    std::vector<Gpu> m_gpus;
    std::vector<Nic> m_nics;
    std::vector<RdmaPort> m_ports;
};

} // namespace halolink::monitor
