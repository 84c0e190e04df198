// rdma_cm's default ToS for the data-plane RDMA device (step kinds,
// step_kinds.h): /sys/kernel/config/rdma_cm/<device>/ports/<port>/default_roce_tos.
// configfs shows a device's group only once it is made with mkdir (with the
// rdma_cm module loaded), and the group is named by the device's name: a
// device that an earlier step re-creates (the E810's switch to RoCE v2) is
// found again by its PCI function, under the name udev gave it, before the
// group is made.

#include <array>
#include <chrono>
#include <thread>

#include "probe/probe.h"
#include "roce/plan_builder.h"
#include "roce/plan_texts.h"
#include "roce/step_kinds.h"

namespace halolink::roce {

namespace {

constexpr int kDefaultWaitS = 60;

// The RoCE (not iWARP) device on PCI function `pci`, as the probe sees it.
std::optional<std::string> roceDeviceOn(const sys::Root &root, const std::string &pci)
{
    for (const auto &p : probe::rdmaPorts(root))
        if (p.pci && *p.pci == pci && p.transport == "roce")
            return p.device;
    return std::nullopt;
}

// The device the step is for: named in its arguments, or found by the PCI
// function ("pci"). At apply time it waits for the device (an earlier step
// re-created it) and for udev to have renamed it.
std::optional<std::string> resolveDevice(const sys::Root &root, const Json &args, Moment moment, std::string &why)
{
    if (auto d = argString(args, "device"); !d.empty())
        return d;
    const std::string pci = argString(args, "pci");
    if (pci.empty()) {
        why = "the step names no RDMA device and no PCI function";
        return std::nullopt;
    }
    auto found = roceDeviceOn(root, pci);
    if (!found && moment == Moment::Apply && root.live()) {
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::seconds(argInt(args, "wait_s", kDefaultWaitS));
        while (!found && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            found = roceDeviceOn(root, pci);
        }
    }
    if (found && moment == Moment::Apply && root.live()) {
        // rdma-core's udev rule renames new RDMA devices (rdma_rename):
        // wait for the event queue, then take the name it left.
        root.run({"udevadm", "settle", "--timeout=30"}, 35000);
        found = roceDeviceOn(root, pci);
    }
    if (!found)
        why = "no RoCE RDMA device on PCI function " + pci +
              (moment == Moment::Plan ? " yet: the switch to RoCE v2 re-creates it, and it is found by that "
                                        "function when the step runs"
                                      : " after " + std::to_string(argInt(args, "wait_s", kDefaultWaitS)) + " s");
    return found;
}

std::string groupOf(const std::string &device)
{
    return "sys/kernel/config/rdma_cm/" + device;
}

void describeTosDir(const sys::Root &root, const Json &args, Step &step, Moment moment)
{
    std::string why;
    auto device = resolveDevice(root, args, moment, why);
    if (!device) {
        step.check = "/sys/kernel/config/rdma_cm/<device> exists";
        return setUnknown(step, why);
    }
    const std::string dir = groupOf(*device);
    step.commands = {{"modprobe", "rdma_cm"}, {"mkdir", "/" + dir}};
    const bool exists = root.isDir(dir);
    step.check = "/" + dir + " exists (now it " + (exists ? "does" : "does not") + ")";
    if (exists) {
        step.state = StepState::Done;
        return;
    }
    step.undo = {{"rmdir", "/" + dir}};
}

void describeTos(const sys::Root &root, const Json &args, Step &step, Moment moment)
{
    const int tos = argInt(args, "tos", 0);
    const int port = argInt(args, "port", 1);
    std::string why;
    auto device = resolveDevice(root, args, moment, why);
    if (!device) {
        step.check = "/sys/kernel/config/rdma_cm/<device>/ports/" + std::to_string(port) + "/default_roce_tos reads " +
                     std::to_string(tos);
        return setUnknown(step, why);
    }
    const std::string file = groupOf(*device) + "/ports/" + std::to_string(port) + "/default_roce_tos";
    step.files = {FileWrite{"/" + file, std::to_string(tos) + "\n", 0644}};
    auto now = root.read(file);
    step.check = "/" + file + " reads " + std::to_string(tos) + " (now " +
                 (now ? trimmed(now) : std::string(root.isDir(groupOf(*device)) ? "unreadable" : "not made yet")) +
                 ")";
    if (now && trimmed(now) == std::to_string(tos)) {
        step.state = StepState::Done;
        return;
    }
    step.undoFiles = {"/" + file}; // the value read just before the write
}

constexpr std::array kKinds{
    StepKind{"roce_tos_dir", describeTosDir},
    StepKind{"roce_tos", describeTos},
};

} // namespace

std::span<const StepKind> rdmaCmStepKinds()
{
    return kKinds;
}

void PlanBuilder::roceTos(const std::string &device)
{
    const int portNum = port && !device.empty() ? port->value("port", 1) : 1;
    Json target = device.empty() ? Json{{"pci", pci}, {"interface", iface}} : Json{{"device", device}};
    Json dirArgs = target;
    if (device.empty())
        step("roce_tos_dir", "step.roce_tos_dir_recreated", {{"pci", pci}}, "roce_tos_dir", dirArgs);
    else
        step("roce_tos_dir", "step.roce_tos_dir", {{"device", device}}, "roce_tos_dir", dirArgs);
    Json tosArgs = target;
    tosArgs["port"] = portNum;
    tosArgs["tos"] = spec.qos.tos;
    step("roce_tos", spec.qos.tos % 4 == 2 ? "step.roce_tos_ecn" : "step.roce_tos",
         {{"tos", spec.qos.tos}, {"dscp", spec.qos.dscp}}, "roce_tos", tosArgs);
}

} // namespace halolink::roce
