#pragma once
// iproute2's `dcb` (PFC, the DSCP app table, ETS): what `dcb -j ... show`
// prints and the step kinds that set them, shared by the backends whose
// drivers implement the kernel's dcbnl interface (ice, mlx5). The shapes are
// those of iproute2's printing code (dcb/dcb_pfc.c, dcb_app.c, dcb_ets.c),
// tested against tests/fixtures/tool-output/dcb/.

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "roce/persist.h"
#include "roce/plan_builder.h"

namespace halolink::roce {

// `dcb -j pfc show dev IF`: {"pfc_cap":8,"macsec_bypass":false,"delay":0,
// "prio_pfc":[false,false,false,true,...]} - one boolean per priority.
struct PfcState {
    std::array<bool, 8> enabled{};
    std::optional<int> cap;
};
std::optional<PfcState> parsePfc(const std::string &text);

// `dcb -j app show dev IF`: {"dscp_prio":[[26,3]]} (iproute2 5.12-6.4) or
// [[26,3," "]] (6.5 and later, commit a245bfe1); no "dscp_prio" when the
// table has no DSCP entry. The (dscp, priority) pairs.
std::optional<std::vector<std::pair<int, int>>> parseDscpApp(const std::string &text);

// `dcb -j ets show dev IF`: "tc_bw" (8 percentages), "tc_tsa" (8 of
// strict|cbs|ets|vendor), "prio_tc" (8 traffic classes).
struct EtsState {
    std::array<int, 8> bw{};
    std::array<std::string, 8> tsa;
    std::array<int, 8> prioTc{};
};
std::optional<EtsState> parseEts(const std::string &text);

// `dcb -V`: "dcb utility, iproute2-6.1.0" -> {6, 1}.
std::optional<std::pair<int, int>> parseDcbVersion(const std::string &text);

// The steps: PFC on the RoCE priority, DSCP -> that priority, ETS share of
// its traffic class. `flavor` says how the driver treats a DSCP already
// mapped to another priority and PFC on several priorities ("ice", "mlx5").
// `assume` names the driver's configuration that an earlier step puts in
// place ("ice_sw_default", "ice_dscp_default"): the plan is worked out from
// it; apply reads the real one just before the step.
Step &planPfc(PlanBuilder &b, const std::string &flavor, const std::string &assume = "");
Step &planDscpPrio(PlanBuilder &b, const std::string &flavor, const std::string &assume = "");
Step &planEts(PlanBuilder &b, int sharePercent, const std::string &assume = "");
// Refuses (sys::EngineError) when dcb is missing or older than dcb app (5.12).
void requireDcb(PlanBuilder &b);

// `dcb ets set dev IF tc-tsa all:ets tc-bw ...`: TC `tc` gets `share` %, TC 0
// the rest, every other class 0 %.
std::vector<std::string> etsCommand(const std::string &iface, int tc, int share);
// The boot script's DSCP map: `dcb app add`, which the kernel refuses for an
// entry that exists, counts as done when `dcb -j app show` then lists it.
void bootDscpPrio(PlanBuilder &b, BootScript &script);

} // namespace halolink::roce
