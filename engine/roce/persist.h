#pragma once
// persist: true - the boot-time configuration that keeps a node's RoCE data
// plane across reboots (docs/roce-config.md, "persist").

#include "roce/backend.h"

namespace halolink::roce {

void planPersistence(PlanBuilder &b, const Backend &backend);

} // namespace halolink::roce
