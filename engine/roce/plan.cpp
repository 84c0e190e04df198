// RoCE v2 configuration: compare the spec with the node and list the steps
// (docs/roce-config.md). Nothing here changes the machine: state is read
// through sys::Root (live, or a snapshot's files and cmd/ outputs). The
// backend's steps live in backend_<name>.cpp, the shared ones in
// plan_builder.cpp and dcb.cpp, persistence in persist.cpp.

#include "roce/plan.h"

#include "probe/probe.h"
#include "roce/backend.h"
#include "roce/ipv4.h"
#include "roce/network_steps.h"
#include "roce/persist.h"
#include "roce/plan_texts.h"

namespace halolink::roce {

namespace {

[[noreturn]] void invalid(const std::string &field, const std::string &what)
{
    throw sys::EngineError{"invalid_spec", field + ": " + what};
}

} // namespace

void Plan::warn(const std::string &key, Json args)
{
    warnings.push_back(sys::renderText(planTexts(), key, args));
    warningKeys.push_back({{"key", key}, {"args", std::move(args)}});
}

std::string backendFor(const Spec &spec, const std::string &driver, bool hardwareRdma)
{
    if (spec.backend)
        return *spec.backend;
    for (const Backend *b : backends())
        if (*b->driver && driver == b->driver)
            return b->name;
    return hardwareRdma ? genericBackend().name : rxeBackend().name;
}

bool isHardwareRdmaDevice(const sys::Root &root, const std::string &device)
{
    // Soft-RoCE and soft-iWARP devices name their netdev in `parent`.
    return !device.empty() && root.isDir("sys/class/infiniband/" + device) &&
           !root.exists("sys/class/infiniband/" + device + "/parent");
}

Plan makePlan(const Spec &spec, const sys::Root &root)
{
    Plan plan;
    plan.spec = spec;
    const Json doc = probe::probe(root);

    const Json *nic = nullptr;
    std::vector<std::string> names;
    for (auto &n : doc["nics"]) {
        names.push_back(n.value("netdev", ""));
        if (n.value("netdev", "") == spec.interface)
            nic = &n;
    }
    if (!nic) {
        std::string have;
        for (auto &n : names)
            have += (have.empty() ? "" : ", ") + n;
        invalid("interface", "no netdev \"" + spec.interface + "\" on this node (NICs: " +
                                 (have.empty() ? std::string("none") : have) + ")");
    }
    if (nic->value("carries_management", false))
        invalid("interface", spec.interface +
                                 " carries the management SSH connection: configuring it could cut this node off; "
                                 "choose the data-plane NIC");

    auto own = *parseCidr(spec.address);
    for (auto &[netdev, addrs] : probe::ipv4Addresses(root)) {
        if (netdev == spec.interface)
            continue;
        for (auto &a : addrs) {
            auto other = parseCidr(a);
            if (other && overlaps(own, *other))
                invalid("address",
                        spec.address + " overlaps " + a + " on " + netdev + ": the data-plane subnet must be its own");
        }
    }

    // The largest MTU the device takes, when `ip -d` says.
    int mtu = spec.mtu.value_or(9000);
    if (auto r = root.run({"ip", "-j", "-d", "link", "show", "dev", spec.interface}); r.ok())
        if (auto max = parseLinkMaxMtu(r.out); max && mtu > *max)
            invalid("mtu", std::to_string(mtu) + " is above " + spec.interface + "'s max_mtu " + std::to_string(*max));

    std::string driver = nic->contains("driver") && (*nic)["driver"].is_string() ? (*nic)["driver"].get<std::string>()
                                                                                 : "";
    // The RDMA port on this netdev, if any.
    const Json *port = nullptr;
    for (auto &p : doc["rdma"])
        if (p.value("netdev", "") == spec.interface) {
            port = &p;
            break;
        }
    if (port)
        plan.device = port->value("device", "");
    const std::string device = plan.device.value_or("");
    const bool hardware = isHardwareRdmaDevice(root, device);

    plan.backend = backendFor(spec, driver, hardware);
    if (hardware && plan.backend == rxeBackend().name)
        invalid("backend", "rxe was asked for, but " + spec.interface + " has the hardware RDMA device " + device +
                               " (driver " + (driver.empty() ? std::string("unknown") : driver) +
                               "): Soft-RoCE is never put on a port with a hardware RDMA device; leave backend "
                               "null to use that device");
    if (plan.backend == genericBackend().name && !spec.backend && spec.qos.enabled)
        throw sys::EngineError{
            "no_backend",
            spec.interface + " has the hardware RDMA device " + device + " (driver " +
                (driver.empty() ? std::string("unknown") : driver) +
                "), for which HaloLink has no configuration backend, and it will not put Soft-RoCE on it. Set its "
                "RDMA mode, PFC and DSCP with the vendor's tools, then set qos off (\"qos\": {\"enabled\": false}) "
                "for HaloLink to configure the address, MTU and routes and use " +
                device + " as it is; or choose a data-plane port without an RDMA device"};
    const Backend *backend = findBackend(plan.backend);
    if (!backend)
        invalid("backend", "no backend \"" + plan.backend + "\"");

    PlanBuilder b{spec, root, plan, doc, *nic, port, spec.interface, driver, "", doc["host"].value("kernel", ""), mtu};
    b.pci = nic->contains("pci") && (*nic)["pci"].is_string() ? (*nic)["pci"].get<std::string>() : "";
    backend->plan(b);
    if (plan.backend != rxeBackend().name && plan.backend != genericBackend().name &&
        (!plan.device || plan.device->empty())) {
        plan.device.reset();
        plan.warn("warning.no_rdma_device", {{"interface", spec.interface}});
    }
    if (spec.persist)
        planPersistence(b, *backend);
    return plan;
}

} // namespace halolink::roce
