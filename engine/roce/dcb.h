#pragma once
// iproute2's `dcb` (PFC and the DSCP app table): what it prints, and the
// steps that set it. Shared by the backends whose drivers implement the
// kernel's dcbnl interface (ice, mlx5).

#include <optional>
#include <string>

#include "roce/plan_builder.h"

namespace halolink::roce {

// `dcb -j pfc show dev IF`: whether PFC is on for `prio`.
std::optional<bool> pfcEnabled(const std::string &text, int prio);
// `dcb -j app show dev IF`: whether DSCP `dscp` is mapped to `prio`.
std::optional<bool> dscpMapped(const std::string &text, int dscp, int prio);

void planPfc(PlanBuilder &b);
void planDscpPrio(PlanBuilder &b);

} // namespace halolink::roce
