// RoCE v2 configuration: compare the spec with the node and list the steps
// (docs/roce-config.md). Nothing here changes the machine: state is read
// through sys::Root (live, or a snapshot's files and cmd/ outputs). The
// backend's steps live in backend_<name>.cpp, the shared ones in
// plan_builder.cpp and dcb.cpp, persistence in persist.cpp.

#include "roce/plan.h"

#include "probe/probe.h"
#include "roce/backend.h"
#include "roce/ipv4.h"
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

std::string backendFor(const Spec &spec, const std::string &driver)
{
    if (spec.backend)
        return *spec.backend;
    for (const Backend *b : backends())
        if (*b->driver && driver == b->driver)
            return b->name;
    return rxeBackend().name;
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
    if (auto r = root.run({"ip", "-j", "-d", "link", "show", "dev", spec.interface}); r.ok()) {
        auto j = Json::parse(r.out, nullptr, false);
        if (j.is_array() && !j.empty() && j[0].is_object() && j[0].contains("max_mtu") &&
            j[0]["max_mtu"].is_number_integer() && mtu > j[0]["max_mtu"].get<int>())
            invalid("mtu", std::to_string(mtu) + " is above " + spec.interface + "'s max_mtu " +
                               std::to_string(j[0]["max_mtu"].get<int>()));
    }

    std::string driver = nic->contains("driver") && (*nic)["driver"].is_string() ? (*nic)["driver"].get<std::string>()
                                                                                 : "";
    plan.backend = backendFor(spec, driver);
    const Backend *backend = findBackend(plan.backend);
    if (!backend)
        invalid("backend", "no backend \"" + plan.backend + "\"");

    // The RDMA port on this netdev, if any.
    const Json *port = nullptr;
    for (auto &p : doc["rdma"])
        if (p.value("netdev", "") == spec.interface) {
            port = &p;
            break;
        }
    if (port)
        plan.device = port->value("device", "");

    PlanBuilder b{spec, root, plan, doc, *nic, port, spec.interface, driver, "", doc["host"].value("kernel", ""), mtu};
    b.pci = nic->contains("pci") && (*nic)["pci"].is_string() ? (*nic)["pci"].get<std::string>() : "";
    backend->plan(b);
    if (plan.backend != rxeBackend().name && (!plan.device || plan.device->empty())) {
        plan.device.reset();
        plan.warn("warning.no_rdma_device", {{"interface", spec.interface}});
    }
    if (spec.persist)
        planPersistence(b, *backend);
    return plan;
}

} // namespace halolink::roce
