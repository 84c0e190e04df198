// Soft-RoCE (rdma_rxe): the kernel's software RoCE v2 over any netdev. Used by
// the lab and by people without RDMA hardware; never on a port that has a
// hardware RDMA device (plan.cpp refuses that).

#include <array>

#include "probe/probe.h"
#include "roce/backend.h"
#include "roce/persist.h"

namespace halolink::roce {

namespace {

// NIC drivers whose hardware does RDMA through another module: Soft-RoCE
// there is a step down, said in a warning.
constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kRdmaModules{{
    {"bnxt_en", "bnxt_re"},
    {"qede", "qedr"},
    {"hns3", "hns_roce_hw_v2"},
    {"cxgb4", "iw_cxgb4"},
    {"mlx4_en", "mlx4_ib"},
    {"i40e", "irdma"},
    {"ionic", "ionic_rdma"},
}};

void describeModules(const sys::Root &root, const Json &, Step &step, Moment)
{
    auto [major, minor] = kernelVersion(trimmed(root.readLine("proc/sys/kernel/osrelease")));
    // rdma_rxe's ICRC used crc32 through the crypto API before 6.14; without
    // crc32_generic loaded, `rdma link add` failed (seen in the lab, LAB.md).
    if (major == 0 || major < 6 || (major == 6 && minor < 14))
        step.commands.push_back({"modprobe", "crc32_generic"});
    step.commands.push_back({"modprobe", "rdma_rxe"});
    step.check = "/sys/module/rdma_rxe exists";
    if (root.isDir("sys/module/rdma_rxe")) {
        step.state = StepState::Done;
        return;
    }
    step.undo = {{"modprobe", "-r", "rdma_rxe"}};
}

void describeDevice(const sys::Root &root, const Json &args, Step &step, Moment)
{
    const std::string device = argString(args, "device");
    const std::string iface = argString(args, "interface");
    step.commands = {{"rdma", "link", "add", device, "type", "rxe", "netdev", iface}};
    step.check = "an RDMA device has " + iface + " as its netdev";
    for (const auto &p : probe::rdmaPorts(root)) {
        if (p.netdev && *p.netdev == iface) {
            step.state = StepState::Done;
            step.check += " (now " + p.device + ")";
            return;
        }
        if (p.device == device)
            return setUnknown(step, device + " exists already, on " + p.netdev.value_or("no netdev"));
    }
    step.undo = {{"rdma", "link", "delete", device}};
}

constexpr std::array kKinds{
    StepKind{"rxe_modules", describeModules},
    StepKind{"rxe_device", describeDevice},
};

void planRxe(PlanBuilder &b)
{
    const Spec &spec = b.spec;
    Plan &plan = b.plan;
    if (b.driver == "ice" || b.driver == "mlx5_core")
        plan.warn("warning.hardware_roce", {{"interface", spec.interface}, {"driver", b.driver}});
    for (auto &[driver, module] : kRdmaModules)
        if (b.driver == driver)
            plan.warn("warning.hardware_rdma_module",
                      {{"interface", spec.interface}, {"driver", b.driver}, {"module", std::string(module)}});
    if (!plan.device)
        plan.device = spec.rxeDevice;
    for (const auto &p : probe::rdmaPorts(b.root))
        if (p.device == spec.rxeDevice && p.netdev != spec.interface)
            throw sys::EngineError{"invalid_spec", "rxe_device: " + spec.rxeDevice + " exists already, on " +
                                                       p.netdev.value_or("no netdev") + ": choose another name"};

    b.step("rxe_modules", "step.rxe_modules", Json::object(), "rxe_modules", Json::object());
    b.step("rxe_device", "step.rxe_device", {{"device", *plan.device}, {"interface", spec.interface}}, "rxe_device",
           {{"device", spec.rxeDevice}, {"interface", spec.interface}});
    b.network();
    if (spec.qos.enabled)
        b.roceTos(*plan.device);
}

void persistRxe(PlanBuilder &b)
{
    b.fileStep("persist_modules", "step.persist_rxe_module", "/etc/modules-load.d/halolink-rxe.conf",
               "# Written by halolink-engine: Soft-RoCE\nrdma_rxe\n", 0644);
}

void bootRxe(PlanBuilder &b, BootScript &script)
{
    auto [major, minor] = kernelVersion(b.kernel);
    if (major == 0 || major < 6 || (major == 6 && minor < 14))
        script.run({"modprobe", "crc32_generic"});
    script.run({"modprobe", "rdma_rxe"});
    const std::string device = b.plan.device.value_or(b.spec.rxeDevice);
    script.line("[ -e " + shellLine({"/sys/class/infiniband/" + device}) + " ] || run " +
                shellLine({"rdma", "link", "add", device, "type", "rxe", "netdev", b.iface}));
}

} // namespace

const Backend &rxeBackend()
{
    static const Backend b{"rxe", "", planRxe, persistRxe, bootRxe, kKinds};
    return b;
}

} // namespace halolink::roce
