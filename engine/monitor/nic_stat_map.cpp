#include "monitor/nic_stat_map.h"

#include <charconv>

namespace halolink::monitor {

namespace {

bool consume(std::string_view &s, std::string_view prefix)
{
    if (s.substr(0, prefix.size()) != prefix)
        return false;
    s.remove_prefix(prefix.size());
    return true;
}

// A single digit 0..7 followed by exactly `rest`.
std::optional<int> priorityThen(std::string_view s, std::string_view rest)
{
    if (s.size() != 1 + rest.size() || s.substr(1) != rest)
        return std::nullopt;
    int p = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + 1, p);
    if (ec != std::errc() || p < 0 || p >= kPriorities)
        return std::nullopt;
    return p;
}

NicStat prio(NicStat first, int p)
{
    return static_cast<NicStat>(static_cast<int>(first) + p);
}

} // namespace

std::optional<NicStat> nicStatOf(std::string_view name)
{
    // ice, port (PF) statistics.
    if (name == "link_xon_rx.nic" || name == "link_xoff_rx.nic")
        return NicStat::PauseRxLink;
    if (name == "link_xon_tx.nic" || name == "link_xoff_tx.nic")
        return NicStat::PauseTxLink;
    if (name == "rx_crc_errors.nic")
        return NicStat::CrcErrors;
    if (name == "rx_dropped.nic")
        return NicStat::RxDiscards;
    std::string_view s = name;
    if (consume(s, "rx_priority_")) {
        if (auto p = priorityThen(s, "_xon.nic"); p)
            return prio(NicStat::PauseRxPrio0, *p);
        if (auto p = priorityThen(s, "_xoff.nic"); p)
            return prio(NicStat::PauseRxPrio0, *p);
        return std::nullopt;
    }
    s = name;
    if (consume(s, "tx_priority_")) {
        if (auto p = priorityThen(s, "_xon.nic"); p)
            return prio(NicStat::PauseTxPrio0, *p);
        if (auto p = priorityThen(s, "_xoff.nic"); p)
            return prio(NicStat::PauseTxPrio0, *p);
        return std::nullopt;
    }
    // mlx5.
    if (name == "rx_global_pause")
        return NicStat::PauseRxLink;
    if (name == "tx_global_pause")
        return NicStat::PauseTxLink;
    if (name == "rx_crc_errors_phy")
        return NicStat::CrcErrors;
    if (name == "rx_discards_phy")
        return NicStat::RxDiscards;
    s = name;
    if (consume(s, "rx_prio")) {
        if (auto p = priorityThen(s, "_pause"); p)
            return prio(NicStat::PauseRxPrio0, *p);
        return std::nullopt;
    }
    s = name;
    if (consume(s, "tx_prio")) {
        if (auto p = priorityThen(s, "_pause"); p)
            return prio(NicStat::PauseTxPrio0, *p);
    }
    return std::nullopt;
}

std::string_view nicStatKey(NicStat stat)
{
    switch (stat) {
    case NicStat::PauseRxLink:
        return "pause_rx_link";
    case NicStat::PauseTxLink:
        return "pause_tx_link";
    case NicStat::CrcErrors:
        return "crc_errors";
    case NicStat::RxDiscards:
        return "rx_discards";
    default:
        break;
    }
    return static_cast<int>(stat) < static_cast<int>(NicStat::PauseTxPrio0) ? "pause_rx_prio" : "pause_tx_prio";
}

} // namespace halolink::monitor
