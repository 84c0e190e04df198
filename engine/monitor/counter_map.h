#pragma once
// RDMA hw_counters names of the drivers HaloLink meets (rxe, irdma, mlx5),
// mapped to a few normalised keys the app can plot side by side. Each
// driver spells a fact its own way (mlx5 `np_cnp_sent`, irdma `cnpSent`);
// a key a driver has no counter for stays null, never 0.
//
// Sources (names as the kernel defines them; docs/agent-protocol.md has the
// table):
//   rxe   drivers/infiniband/sw/rxe/rxe_hw_counters.c (rxe_counter_name / descs)
//   irdma drivers/infiniband/hw/irdma/verbs.c (irdma_hw_stat_names / descs;
//         gen3 names and the tcpRetransSegs -> RetransSegs rename from the
//         2025 "Add GEN3 HW statistics support" series)
//   mlx5  drivers/infiniband/hw/mlx5/counters.c (q counters: basic_q_cnts,
//         out_of_seq_q_cnts, retrans_q_cnts; cong_cnts)

#include <array>
#include <optional>
#include <string_view>

namespace halolink::monitor {

enum class CounterGroup { Errors, Congestion };

struct NormalizedKey {
    std::string_view key;
    CounterGroup group;
};

// Every normalised key, in output order: errors first, then congestion.
inline constexpr std::array<NormalizedKey, 10> kNormalizedKeys { {
    { "retransmits", CounterGroup::Errors },
    { "out_of_sequence", CounterGroup::Errors },
    { "local_ack_timeouts", CounterGroup::Errors },
    { "seq_naks", CounterGroup::Errors },
    { "rnr_naks", CounterGroup::Errors },
    { "out_of_buffer", CounterGroup::Errors },
    { "cnp_sent", CounterGroup::Congestion },
    { "cnp_handled", CounterGroup::Congestion },
    { "cnp_ignored", CounterGroup::Congestion },
    { "ecn_marked", CounterGroup::Congestion },
} };

struct CounterAlias {
    std::string_view driver; // for the documentation and tests only
    std::string_view rawName;
    std::string_view key;
};

// The mapping table. Names do not collide across drivers, so a raw name
// alone decides its key.
inline constexpr std::array<CounterAlias, 23> kCounterAliases { {
    // rxe: the completer counts each retry it starts; NAKs it receives.
    { "rxe", "completer_retry_err", "retransmits" },
    { "rxe", "out_of_seq_request", "out_of_sequence" },
    { "rxe", "rcvd_seq_err", "seq_naks" },
    { "rxe", "rcvd_rnr_err", "rnr_naks" },
    // irdma (E810 gen2; gen3 adds the RNR/NAK/RTO ones)
    { "irdma", "RetransSegs", "retransmits" },
    { "irdma", "tcpRetransSegs", "retransmits" }, // its name before the GEN3 series
    { "irdma", "Rcvd Out of order packets", "out_of_sequence" },
    { "irdma", "RTO", "local_ack_timeouts" },
    { "irdma", "Nak Sequence Error", "seq_naks" },
    { "irdma", "RNR received", "rnr_naks" },
    { "irdma", "cnpSent", "cnp_sent" },
    { "irdma", "cnpHandled", "cnp_handled" },
    { "irdma", "cnpIgnored", "cnp_ignored" },
    { "irdma", "RxECNMrkd", "ecn_marked" },
    // mlx5: no counter of retransmitted packets (roce_adp_retrans counts
    // only adaptive retransmission); its causes are seq_naks and timeouts.
    { "mlx5", "out_of_sequence", "out_of_sequence" },
    { "mlx5", "local_ack_timeout_err", "local_ack_timeouts" },
    { "mlx5", "packet_seq_err", "seq_naks" },
    { "mlx5", "rnr_nak_retry_err", "rnr_naks" },
    // basic_q_cnts: the RDMA receive queue had no buffer for an incoming
    // message (rxe and E810's irdma have no such counter).
    { "mlx5", "out_of_buffer", "out_of_buffer" },
    { "mlx5", "np_cnp_sent", "cnp_sent" },
    { "mlx5", "rp_cnp_handled", "cnp_handled" },
    { "mlx5", "rp_cnp_ignored", "cnp_ignored" },
    { "mlx5", "np_ecn_marked_roce_packets", "ecn_marked" },
} };

// Index into kNormalizedKeys for a raw hw_counters name, or nullopt.
std::optional<int> normalizedIndex(std::string_view rawName);

// hw_counters entries that are settings, not counters ("lifespan" is the
// cache time of the values in ms).
bool isCounterSetting(std::string_view rawName);

} // namespace halolink::monitor
