// NVIDIA/Mellanox ConnectX (mlx5_core + mlx5_ib): DCB through iproute2's
// dcb (a DSCP app entry switches the port to trust DSCP), ECN.

#include "roce/backend.h"
#include "roce/dcb.h"

namespace halolink::roce {

namespace {

void planMlx5(PlanBuilder &b)
{
    const Spec &spec = b.spec;
    Plan &plan = b.plan;
    const QosSpec &q = spec.qos;
    if (b.driver != "mlx5_core")
        warnBackendDriver(plan, "mlx5", spec.interface, b.driver);
    if (q.enabled) {
        planPfc(b);
        planDscpPrio(b);
        if (q.ecn) {
            std::string prio = std::to_string(q.pfcPriority);
            Step &e = b.add("ecn", "step.ecn", {{"priority", q.pfcPriority}});
            std::vector<std::string> undoFiles;
            bool done = true;
            std::string now;
            for (const char *role : {"roce_np", "roce_rp"}) {
                std::string rel = "sys/class/net/" + spec.interface + "/ecn/" + role + "/enable/" + prio;
                auto v = b.root.read(rel);
                e.files.push_back(FileWrite{"/" + rel, "1\n", 0644});
                now += std::string(now.empty() ? "" : ", ") + role + " " + (v ? trimmed(v) : "unknown");
                if (!v || trimmed(v) != "1") {
                    done = false;
                    undoFiles.push_back("/" + rel);
                }
            }
            e.check = "/sys/class/net/" + spec.interface + "/ecn/{roce_np,roce_rp}/enable/" + prio + " read 1 (now " +
                      now + ")";
            e.alreadyDone = done;
            if (!done)
                e.undoFiles = undoFiles;
        }
        if (plan.device && !plan.device->empty())
            b.roceTos(*plan.device);
    } else {
        plan.warn("warning.qos_off");
    }
    b.network(b.mtu);
}

} // namespace

const Backend &mlx5Backend()
{
    static const Backend b{"mlx5", "mlx5_core", planMlx5, nullptr};
    return b;
}

} // namespace halolink::roce
