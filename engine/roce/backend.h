#pragma once
// A backend is what HaloLink knows of one NIC family: which driver it is for
// and the steps that configure RoCE v2 on it. One file per backend
// (backend_<name>.cpp), each with the parsers of the tools it reads; the
// list of backends is backend.cpp. Adding a NIC family is adding a file.

#include <span>
#include <string>
#include <vector>

#include "roce/plan_builder.h"
#include "roce/step_kinds.h"

namespace halolink::roce {

class BootScript;

struct Backend {
    const char *name;   // the spec's `backend`: "ice", "mlx5", "rxe", "generic"
    const char *driver; // the netdev driver it is chosen for ("" for none)
    // Adds every step of this backend, the data-plane netdev's included.
    void (*plan)(PlanBuilder &b);
    // Adds the boot-time module configuration (persist: true), if any.
    void (*persistModules)(PlanBuilder &b);
    // Appends what the boot script re-applies of this backend's settings
    // (persist: true): the target state, whatever the steps found.
    void (*bootScript)(PlanBuilder &b, BootScript &script);
    // The step kinds of its own steps (step_kinds.h).
    std::span<const StepKind> kinds;
};

const std::vector<const Backend *> &backends();
// nullptr for a name no backend has.
const Backend *findBackend(const std::string &name);

const Backend &iceBackend();
const Backend &mlx5Backend();
const Backend &rxeBackend();
// A hardware RDMA device of a family without a backend: the netdev only.
const Backend &genericBackend();

} // namespace halolink::roce
