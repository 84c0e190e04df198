#pragma once
// What every backend's planning shares: the node as the probe saw it, a way
// to add steps (their text, kind and arguments), and the steps that are the
// same on every backend (the data-plane netdev, rdma_cm's ToS).
// engine/roce/backend_*.cpp add their own steps through it.

#include <optional>
#include <string>
#include <vector>

#include "roce/plan.h"
#include "roce/step_kinds.h"
#include "sys/root.h"

namespace halolink::roce {

using Argv = std::vector<std::string>;

struct PlanBuilder {
    const Spec &spec;
    const sys::Root &root;
    Plan &plan;
    const Json &probe; // the node's halolink.probe/1 document
    const Json &nic;   // its entry for the data-plane netdev
    const Json *port;  // the RDMA port on that netdev, if any
    std::string iface;
    std::string driver; // the netdev's driver ("" when unknown)
    std::string pci;    // its PCI function ("" when unknown)
    std::string kernel; // the running kernel's release
    int mtu = 9000;     // the target MTU

    // A new step at the end of the plan, its `why` from plan_texts.cpp,
    // described by its kind through the root.
    Step &step(std::string id, const std::string &whyKey, Json whyArgs, std::string kind, Json kindArgs);
    // A command's stdout through the root, or nullopt when it failed.
    std::optional<std::string> cmdOut(const Argv &argv) const;

    // MTU, link up, address, routes to peers outside the subnet: the same on
    // every backend (network_steps.cpp).
    void network();
    // rdma_cm's default ToS (rdma_cm.cpp): the configfs folder, then the
    // value. `device` names the RDMA device as it will be when the steps
    // run; empty: found by the netdev's PCI function at apply time (a
    // device an earlier step re-creates).
    void roceTos(const std::string &device);
    // A step that writes one file; done when the file has exactly `content`.
    Step &fileStep(std::string id, const std::string &whyKey, const std::string &path, const std::string &content,
                   int mode);
};

// "6.18.5-200.fc43.x86_64" -> {6, 18}
std::pair<int, int> kernelVersion(const std::string &release);
std::string trimmed(std::optional<std::string> s);
void warnBackendDriver(Plan &plan, const std::string &backend, const std::string &iface, const std::string &driver);

} // namespace halolink::roce
