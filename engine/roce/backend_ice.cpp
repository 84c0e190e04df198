// Intel E810 (ice + irdma): RoCE v2 or iWARP by devlink, the firmware's LLDP
// agent, link flow control, and DCB through iproute2's dcb in DSCP mode.
//
// What the driver does, from its source (drivers/net/ethernet/intel/ice,
// Documentation/networking/device_drivers/ethernet/intel/ice.rst and
// networking/devlink/ice.rst; details and versions in docs/roce-config.md,
// "Compatibility"):
// - RoCE v2 is the default RDMA mode (ice_init_rdma), and the devlink
//   runtime parameters enable_roce/enable_iwarp (kernel 5.17) switch it; each
//   is refused while the other mode is on, and setting enable_roce true when
//   it is on already re-plugs the RDMA device (it fails and devlink then
//   reads false), so a command is emitted only for a parameter that must
//   change. The switch re-creates the RDMA device, which udev may rename.
// - DCB from the host needs the firmware LLDP agent off; that setting is
//   kept by the NIC across boots. Link flow control and PFC exclude each
//   other (ice_set_pauseparam refuses LFC while PFC is on).
// - The first DSCP app entry switches the port to DSCP mode (kernel 5.16),
//   where ETS gives TC0 100 % and every other class 0 %, priority i maps to
//   class i; a DSCP mapped already is refused; deleting the last DSCP entry
//   resets the whole DCB configuration to the driver's default.

#include "roce/backend_ice.h"

#include <array>

#include "probe/probe.h"
#include "roce/backend.h"
#include "roce/dcb.h"
#include "roce/persist.h"
#include "sys/text.h"

namespace halolink::roce {

namespace ice {

// `ethtool -a IF`: "RX:\t\ton" -> "on" (the "RX negotiated:" line of the
// netlink interface has two words before the value and is not this).
std::optional<std::string> pauseValue(const std::string &text, const std::string &key)
{
    for (auto &line : sys::lines(text)) {
        auto words = sys::splitWhitespace(line);
        if (words.size() == 2 && words[0] == key + ":")
            return words[1];
    }
    return std::nullopt;
}

// `ethtool --show-priv-flags IF`: "fw-lldp-agent   : on" under "Private flags for IF:".
std::optional<std::string> privFlag(const std::string &text, const std::string &flag)
{
    for (auto &line : sys::lines(text)) {
        auto colon = line.find(':');
        if (colon == std::string::npos)
            continue;
        if (sys::trim(line.substr(0, colon)) == flag)
            return sys::trim(line.substr(colon + 1));
    }
    return std::nullopt;
}

} // namespace ice

namespace {

using ice::pauseValue;
using ice::privFlag;


// The in-tree ice's PFC/DSCP-based QoS: RoCE's traffic class's ETS share.
constexpr int kRoceEtsShare = 50;

std::vector<std::string> devlinkSet(const std::string &pci, const char *name, bool value)
{
    return {"devlink", "dev", "param", "set", "pci/" + pci, "name", name, "value", value ? "true" : "false",
            "cmode", "runtime"};
}

// enable_roce: nothing when the function has a RoCE device; from iWARP
// (known from the device, node_type RNIC) iwarp off then roce on; without a
// device, what devlink reads decides, and a state it cannot read is unknown.
void describeRdmaMode(const sys::Root &root, const Json &args, Step &step, Moment)
{
    const std::string pci = argString(args, "pci");
    step.check = "PCI function " + pci + " runs RoCE v2 (its RDMA device is a RoCE device, or devlink has "
                 "enable_roce true)";
    std::optional<probe::RdmaPort> port;
    for (auto &p : probe::rdmaPorts(root))
        if (p.pci && *p.pci == pci && (!port || p.transport == "roce"))
            port = p;
    if (port && port->transport == "roce") {
        step.state = StepState::Done;
        step.check += " (now: " + port->device + " is RoCE)";
        return;
    }
    std::optional<bool> roce, iwarp;
    if (port && port->transport == "iwarp") {
        roce = false;
        iwarp = true;
    } else {
        const std::vector<std::string> argv = {"devlink", "-j", "dev", "param", "show"};
        auto r = root.run(argv);
        auto params = r.ok() ? probe::parseDevlinkRdmaParams(r.out, pci) : std::nullopt;
        if (!params)
            return setUnknown(step, "no RDMA device on " + pci + " and its mode cannot be read: " +
                                        readFailure(argv, r));
        if (params->contains("enable_roce") && (*params)["enable_roce"].is_boolean())
            roce = (*params)["enable_roce"].get<bool>();
        if (params->contains("enable_iwarp") && (*params)["enable_iwarp"].is_boolean())
            iwarp = (*params)["enable_iwarp"].get<bool>();
        if (!roce)
            return setUnknown(step, "no RDMA device on " + pci + ", and devlink lists no enable_roce for pci/" + pci +
                                        " (the parameter came with kernel 5.17)");
        if (*roce) {
            step.state = StepState::Done;
            step.check += " (now: devlink enable_roce true, no RDMA device: is irdma loaded?)";
            return;
        }
    }
    if (iwarp.value_or(false)) {
        step.commands.push_back(devlinkSet(pci, "enable_iwarp", false));
        step.undo.insert(step.undo.begin(), devlinkSet(pci, "enable_iwarp", true));
    }
    step.commands.push_back(devlinkSet(pci, "enable_roce", true));
    step.undo.insert(step.undo.begin(), devlinkSet(pci, "enable_roce", false));
}

void describeFwLldp(const sys::Root &root, const Json &args, Step &step, Moment)
{
    const std::string iface = argString(args, "interface");
    const std::vector<std::string> argv = {"ethtool", "--show-priv-flags", iface};
    step.check = "`ethtool --show-priv-flags " + iface + "` has fw-lldp-agent off";
    auto r = root.run(argv);
    if (!r.ok())
        return setUnknown(step, readFailure(argv, r));
    // "fw-lldp-agent" (on = the agent runs); older ice drivers named it
    // "disable-fw-lldp" (on = the agent is stopped).
    if (auto v = privFlag(r.out, "fw-lldp-agent"); v && (*v == "on" || *v == "off")) {
        step.check += " (now " + *v + ")";
        if (*v == "off") {
            step.state = StepState::Done;
            return;
        }
        step.commands = {{"ethtool", "--set-priv-flags", iface, "fw-lldp-agent", "off"}};
        step.undo = {{"ethtool", "--set-priv-flags", iface, "fw-lldp-agent", "on"}};
        return;
    }
    if (auto v = privFlag(r.out, "disable-fw-lldp"); v && (*v == "on" || *v == "off")) {
        step.check = "`ethtool --show-priv-flags " + iface + "` has disable-fw-lldp on (now " + *v + ")";
        if (*v == "on") {
            step.state = StepState::Done;
            return;
        }
        step.commands = {{"ethtool", "--set-priv-flags", iface, "disable-fw-lldp", "on"}};
        step.undo = {{"ethtool", "--set-priv-flags", iface, "disable-fw-lldp", "off"}};
        return;
    }
    setUnknown(step, "`ethtool --show-priv-flags " + iface + "` lists no fw-lldp-agent flag (is it an E810 port?)");
}

void describeLfcOff(const sys::Root &root, const Json &args, Step &step, Moment)
{
    const std::string iface = argString(args, "interface");
    const std::vector<std::string> argv = {"ethtool", "-a", iface};
    step.commands = {{"ethtool", "-A", iface, "rx", "off", "tx", "off"}};
    auto r = root.run(argv);
    auto rx = r.ok() ? pauseValue(r.out, "RX") : std::nullopt;
    auto tx = r.ok() ? pauseValue(r.out, "TX") : std::nullopt;
    step.check = "`ethtool -a " + iface + "` shows RX off and TX off (now RX " + rx.value_or("unknown") + ", TX " +
                 tx.value_or("unknown") + ")";
    if (!r.ok())
        return setUnknown(step, readFailure(argv, r));
    if (!rx || !tx || (*rx != "on" && *rx != "off") || (*tx != "on" && *tx != "off"))
        return setUnknown(step, "`ethtool -a " + iface + "` shows no RX and TX pause lines");
    if (*rx == "off" && *tx == "off") {
        step.state = StepState::Done;
        return;
    }
    step.undo = {{"ethtool", "-A", iface, "rx", *rx, "tx", *tx}};
}

constexpr std::array kKinds{
    StepKind{"ice_rdma_mode", describeRdmaMode},
    StepKind{"ice_fw_lldp_off", describeFwLldp},
    StepKind{"ethtool_lfc_off", describeLfcOff},
};

// Intel's out-of-tree irdma takes the protocol from its module option
// roce_ena, not from devlink: it has that parameter, the in-tree one has not.
enum class Irdma { InTree, OutOfTree, NotLoaded };

Irdma irdmaDriver(const sys::Root &root)
{
    if (root.exists("sys/module/irdma/parameters/roce_ena"))
        return Irdma::OutOfTree;
    return root.isDir("sys/module/irdma") ? Irdma::InTree : Irdma::NotLoaded;
}

void requireEthtool(PlanBuilder &b)
{
    if (!b.root.run({"ethtool", "--version"}).found)
        throw sys::EngineError{"tool_missing", "ethtool is not installed on this node: it turns off the E810's "
                                               "firmware LLDP agent and link flow control of " +
                                                   b.iface + "; install ethtool or set qos off"};
}

void planIce(PlanBuilder &b)
{
    const Spec &spec = b.spec;
    Plan &plan = b.plan;
    const QosSpec &q = spec.qos;
    if (b.driver != "ice")
        warnBackendDriver(plan, "ice", spec.interface, b.driver);
    const Irdma irdma = irdmaDriver(b.root);
    bool recreated = false;
    if (spec.rdmaMode == "roce") {
        const Step &s = b.step("enable_roce", "step.enable_roce", Json::object(), "ice_rdma_mode",
                               {{"pci", b.pci}, {"interface", b.iface}});
        if (!s.done() && b.port && b.port->value("transport", "") == "iwarp") {
            if (irdma == Irdma::OutOfTree)
                throw sys::EngineError{
                    "rdma_mode_oot_irdma",
                    b.port->value("device", "") + " on " + spec.interface +
                        " runs iWARP under Intel's out-of-tree irdma driver, which takes its protocol from its module "
                        "option roce_ena, not from devlink: reload it in RoCE mode (modprobe -r irdma; modprobe irdma "
                        "roce_ena=1, and `options irdma roce_ena=1` in /etc/modprobe.d for the next boots), then plan "
                        "again; or set rdma_mode keep"};
            plan.warn("warning.iwarp_now", {{"device", b.port->value("device", "")}});
        }
        recreated = !s.done();
        if (irdma == Irdma::NotLoaded)
            plan.warn("warning.out_of_tree_irdma");
    }
    plan.deviceRecreated = recreated;
    if (q.enabled) {
        requireDcb(b);
        requireEthtool(b);
        auto [major, minor] = kernelVersion(b.kernel);
        if (major > 0 && (major < 5 || (major == 5 && minor < 16)))
            plan.warn("warning.ice_no_dscp_mode", {{"kernel", b.kernel}});
        // (A step's reference lasts only until the next step is added.)
        const bool lldpOff = b.step("fw_lldp_off", "step.fw_lldp_off", Json::object(), "ice_fw_lldp_off",
                                    {{"interface", b.iface}})
                                 .done();
        if (!lldpOff)
            plan.warn("warning.fw_lldp_persists", {{"interface", spec.interface}});
        b.step("lfc_off", "step.lfc_off", Json::object(), "ethtool_lfc_off", {{"interface", b.iface}});
        // Turning the agent off puts the driver's default DCB configuration
        // in place, and the first DSCP entry its DSCP defaults: what the
        // steps after them will find.
        const std::string reset = lldpOff ? "" : "ice_sw_default";
        planPfc(b, "ice", reset);
        const bool dscpDone = planDscpPrio(b, "ice", reset).done();
        planEts(b, kRoceEtsShare, dscpDone ? "" : "ice_dscp_default");
        if (recreated)
            b.roceTos("");
        else if (plan.device && !plan.device->empty())
            b.roceTos(*plan.device);
    } else {
        plan.warn("warning.qos_off");
    }
    b.network();
}

void persistIce(PlanBuilder &b)
{
    // The in-tree driver starts in RoCE v2 at every boot; only the
    // out-of-tree irdma needs its module option.
    if (b.spec.rdmaMode != "roce" || irdmaDriver(b.root) != Irdma::OutOfTree)
        return;
    b.fileStep("persist_modules", "step.persist_irdma_roce", "/etc/modprobe.d/halolink-irdma.conf",
               "# Written by halolink-engine: RoCE v2 on Intel's out-of-tree irdma driver\noptions irdma roce_ena=1\n",
               0644);
}

// At boot: the firmware LLDP agent stays off by itself (the NIC keeps it),
// the DCB configuration is the driver's default again (VLAN mode, PFC off),
// and the in-tree driver is in RoCE v2 mode (its default): set the rest again,
// in the order the steps set it.
void bootIce(PlanBuilder &b, BootScript &script)
{
    const QosSpec &q = b.spec.qos;
    if (!q.enabled)
        return;
    auto flags = b.cmdOut({"ethtool", "--show-priv-flags", b.iface});
    if (flags && privFlag(*flags, "disable-fw-lldp") && !privFlag(*flags, "fw-lldp-agent"))
        script.run({"ethtool", "--set-priv-flags", b.iface, "disable-fw-lldp", "on"});
    else
        script.run({"ethtool", "--set-priv-flags", b.iface, "fw-lldp-agent", "off"});
    script.run({"ethtool", "-A", b.iface, "rx", "off", "tx", "off"});
    std::vector<std::string> pfc = {"dcb", "pfc", "set", "dev", b.iface, "prio-pfc"};
    for (int i = 0; i < 8; ++i)
        pfc.push_back(std::to_string(i) + (i == q.pfcPriority ? ":on" : ":off"));
    script.run(pfc);
    bootDscpPrio(b, script);
    script.run(etsCommand(b.iface, q.pfcPriority, kRoceEtsShare));
}

} // namespace

const Backend &iceBackend()
{
    static const Backend b{"ice", "ice", planIce, persistIce, bootIce, kKinds};
    return b;
}

} // namespace halolink::roce
