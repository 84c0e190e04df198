// Soft-RoCE (rdma_rxe): the kernel's software RoCE v2 over any netdev. Used by
// the lab and by people without RDMA hardware.

#include "roce/backend.h"

namespace halolink::roce {

namespace {

void planRxe(PlanBuilder &b)
{
    const Spec &spec = b.spec;
    Plan &plan = b.plan;
    const Json *port = b.port;
    if (b.driver == "ice" || b.driver == "mlx5_core")
        plan.warn("warning.hardware_roce", {{"interface", spec.interface}, {"driver", b.driver}});
    if (port && port->value("device", "").rfind("rxe", 0) != 0 && port->value("transport", "") != "")
        plan.warn("warning.has_rdma_device", {{"interface", spec.interface}, {"device", port->value("device", "")}});
    if (!plan.device)
        plan.device = spec.rxeDevice;

    auto [major, minor] = kernelVersion(b.kernel);
    Step &m = b.add("rxe_modules", "step.rxe_modules");
    bool needCrc = major > 0 && (major < 6 || (major == 6 && minor < 14));
    if (needCrc)
        m.commands.push_back({"modprobe", "crc32_generic"}); // rdma_rxe's ICRC on kernels before 6.14
    m.commands.push_back({"modprobe", "rdma_rxe"});
    bool loaded = b.root.isDir("sys/module/rdma_rxe");
    m.check = "/sys/module/rdma_rxe exists";
    m.alreadyDone = loaded || port;
    if (!m.alreadyDone)
        m.undo = {{"modprobe", "-r", "rdma_rxe"}};

    Step &d = b.add("rxe_device", "step.rxe_device", {{"device", *plan.device}, {"interface", spec.interface}});
    d.commands = {{"rdma", "link", "add", spec.rxeDevice, "type", "rxe", "netdev", spec.interface}};
    d.check = "an RDMA device has " + spec.interface + " as its netdev";
    d.alreadyDone = port != nullptr;
    if (!d.alreadyDone)
        d.undo = {{"rdma", "link", "delete", spec.rxeDevice}};

    b.network(b.mtu);
    if (spec.qos.enabled)
        b.roceTos(*plan.device);
}

void persistRxe(PlanBuilder &b)
{
    b.fileStep("persist_modules", "step.persist_rxe_module", "/etc/modules-load.d/halolink-rxe.conf",
               "# Written by halolink-engine: Soft-RoCE\nrdma_rxe\n", 0644);
}

} // namespace

const Backend &rxeBackend()
{
    static const Backend b{"rxe", "", planRxe, persistRxe};
    return b;
}

} // namespace halolink::roce
