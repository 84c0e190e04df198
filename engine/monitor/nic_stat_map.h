#pragma once
// The NIC port counters of `ethtool -S` that say whether a RoCE link is
// healthy, under a few normalised keys: pause frames per priority (PFC) and
// for the whole link (802.3x), CRC errors, and packets the port dropped for
// lack of buffer. Each driver names them its own way; a key a driver has no
// counter for stays null, never 0. docs/fabric-health.md has the table and
// tests/fixtures/tool-output/ethtool-stats/ real outputs of both drivers.
//
// Sources (the names as the drivers define them, kernels 6.1 to 7.1):
//   ice   drivers/net/ethernet/intel/ice/ice_ethtool.c: ice_gstrings_pf_stats
//         ("link_xon_rx.nic" ..., "rx_crc_errors.nic", "rx_dropped.nic" = the
//         port's receive packet buffer drops, PRTRPB_RDPC) and
//         __ice_get_strings ("tx_priority_%u_xon.nic" / "_xoff.nic", then
//         "rx_priority_%u_xon.nic" / "_xoff.nic" for the 8 priorities), on the
//         PF netdev only. A pause frame is an XON or an XOFF, as ice's own
//         standard pause statistics (get_pause_stats, 6.19) add them.
//   mlx5  drivers/net/ethernet/mellanox/mlx5/core/en_stats.c:
//         pport_per_prio_pfc_stats_desc ("rx_%s_pause", "tx_%s_pause" with
//         "prio%d" for a priority whose PFC is on, "global" while link pause
//         is on: the names come and go with the configuration),
//         pport_802_3_stats_desc ("rx_crc_errors_phy"),
//         pport_2863_stats_desc ("rx_discards_phy", the adapter's receive
//         buffers full).

#include <array>
#include <optional>
#include <string_view>

namespace halolink::monitor {

inline constexpr int kPriorities = 8;

// Every normalised key, in output order.
enum class NicStat {
    PauseRxPrio0, // + priority, up to PauseRxPrio0 + 7
    PauseTxPrio0 = PauseRxPrio0 + kPriorities,
    PauseRxLink = PauseTxPrio0 + kPriorities,
    PauseTxLink,
    CrcErrors,
    RxDiscards,
    Count
};
inline constexpr int kNicStatCount = static_cast<int>(NicStat::Count);

// The normalised key a raw `ethtool -S` name adds to, or nullopt. Several
// raw names may add to one key (ice's XON and XOFF of a priority).
std::optional<NicStat> nicStatOf(std::string_view rawName);

// "pause_rx_link", "crc_errors", ... (the per-priority keys go into arrays).
std::string_view nicStatKey(NicStat stat);

} // namespace halolink::monitor
