// NVIDIA/Mellanox ConnectX (mlx5_core + mlx5_ib): DCB through iproute2's dcb
// (mlx5e_dcbnl_ieee_setapp switches the port to trust DSCP with the first
// DSCP app entry and back to PCP with the last, and replaces a DSCP's
// priority itself), PFC (mlx5_set_port_pfc, which also clears global pause),
// and ECN where the driver offers a switch for it: only NVIDIA's MLNX_OFED /
// mlnx-en driver has /sys/class/net/IF/ecn/roce_{np,rp}/enable/<prio>; the
// upstream driver has none (its DCQCN parameters are in debugfs, without a
// per-priority switch), and the firmware's default then applies.

#include <array>

#include "roce/backend.h"
#include "roce/dcb.h"
#include "roce/persist.h"

namespace halolink::roce {

namespace {

std::string ecnFile(const std::string &iface, const char *role, int prio)
{
    return "sys/class/net/" + iface + "/ecn/" + role + "/enable/" + std::to_string(prio);
}

bool hasOfedEcn(const sys::Root &root, const std::string &iface, int prio)
{
    return root.exists(ecnFile(iface, "roce_np", prio)) && root.exists(ecnFile(iface, "roce_rp", prio));
}

void describeOfedEcn(const sys::Root &root, const Json &args, Step &step, Moment)
{
    const std::string iface = argString(args, "interface");
    const int prio = argInt(args, "priority", 3);
    step.check = "/sys/class/net/" + iface + "/ecn/{roce_np,roce_rp}/enable/" + std::to_string(prio) + " read 1";
    if (!hasOfedEcn(root, iface, prio))
        return setUnknown(step, "/sys/class/net/" + iface + "/ecn/ has no roce_np/roce_rp switch for priority " +
                                    std::to_string(prio) + " (only MLNX_OFED's mlx5 driver has it)");
    bool done = true;
    std::string now;
    for (const char *role : {"roce_np", "roce_rp"}) {
        const std::string rel = ecnFile(iface, role, prio);
        auto v = root.read(rel);
        step.files.push_back(FileWrite{"/" + rel, "1\n", 0644});
        now += std::string(now.empty() ? "" : ", ") + role + " " + (v ? trimmed(v) : "unreadable");
        if (!v || trimmed(v) != "1") {
            done = false;
            step.undoFiles.push_back("/" + rel);
        }
    }
    step.check += " (now " + now + ")";
    if (done)
        step.state = StepState::Done;
}

constexpr std::array kKinds{
    StepKind{"mlx5_ofed_ecn", describeOfedEcn},
};

void planMlx5(PlanBuilder &b)
{
    const Spec &spec = b.spec;
    Plan &plan = b.plan;
    const QosSpec &q = spec.qos;
    if (b.driver != "mlx5_core")
        warnBackendDriver(plan, "mlx5", spec.interface, b.driver);
    if (q.enabled) {
        requireDcb(b);
        planPfc(b, "mlx5");
        planDscpPrio(b, "mlx5");
        if (q.ecn) {
            if (hasOfedEcn(b.root, b.iface, q.pfcPriority))
                b.step("ecn", "step.ecn", {{"priority", q.pfcPriority}}, "mlx5_ofed_ecn",
                       {{"interface", b.iface}, {"priority", q.pfcPriority}});
            else
                plan.warn("warning.mlx5_ecn_firmware", {{"interface", spec.interface}});
        }
        if (plan.device && !plan.device->empty())
            b.roceTos(*plan.device);
    } else {
        plan.warn("warning.qos_off");
    }
    b.network();
}

void bootMlx5(PlanBuilder &b, BootScript &script)
{
    const QosSpec &q = b.spec.qos;
    if (!q.enabled)
        return;
    script.run({"dcb", "pfc", "set", "dev", b.iface, "prio-pfc", std::to_string(q.pfcPriority) + ":on"});
    bootDscpPrio(b, script);
    for (const auto &s : b.plan.steps)
        if (s.id == "ecn")
            for (const char *role : {"roce_np", "roce_rp"})
                script.line("echo 1 >" + shellLine({"/" + ecnFile(b.iface, role, q.pfcPriority)}) + " || failed " +
                            shellLine({std::string("ECN ") + role}));
}

} // namespace

const Backend &mlx5Backend()
{
    static const Backend b{"mlx5", "mlx5_core", planMlx5, nullptr, bootMlx5, kKinds};
    return b;
}

} // namespace halolink::roce
