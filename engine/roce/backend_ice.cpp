// Intel E810 (ice + irdma): RoCE v2 or iWARP by devlink, the firmware's LLDP
// agent, link flow control, and DCB through iproute2's dcb.

#include "roce/backend.h"
#include "roce/dcb.h"
#include "sys/text.h"

namespace halolink::roce {

namespace {

// `ethtool -a IF`: "RX:\t\ton" -> "on"
std::optional<std::string> pauseValue(const std::string &text, const std::string &key)
{
    for (auto &line : sys::lines(text)) {
        auto words = sys::splitWhitespace(line);
        if (words.size() == 2 && words[0] == key + ":")
            return words[1];
    }
    return std::nullopt;
}

// `ethtool --show-priv-flags IF`: "fw-lldp-agent   : on"
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

void planIce(PlanBuilder &b)
{
    const Spec &spec = b.spec;
    Plan &plan = b.plan;
    const Json *port = b.port;
    const QosSpec &q = spec.qos;
    if (b.driver != "ice")
        warnBackendDriver(plan, "ice", spec.interface, b.driver);
    if (spec.rdmaMode == "roce") {
        std::optional<bool> roce, iwarp;
        if (port && port->contains("devlink") && (*port)["devlink"].is_object()) {
            const Json &dl = (*port)["devlink"];
            if (dl.contains("enable_roce") && dl["enable_roce"].is_boolean())
                roce = dl["enable_roce"].get<bool>();
            if (dl.contains("enable_iwarp") && dl["enable_iwarp"].is_boolean())
                iwarp = dl["enable_iwarp"].get<bool>();
        }
        std::string dev = "pci/" + b.pci;
        Step &s = b.add("enable_roce", "step.enable_roce");
        s.commands = {
            {"devlink", "dev", "param", "set", dev, "name", "enable_iwarp", "value", "false", "cmode", "runtime"},
            {"devlink", "dev", "param", "set", dev, "name", "enable_roce", "value", "true", "cmode", "runtime"}};
        s.check = "devlink " + dev + " has enable_roce true and enable_iwarp false";
        s.alreadyDone = roce.value_or(false) && !iwarp.value_or(false);
        if (!s.alreadyDone)
            s.undo = {{"devlink", "dev", "param", "set", dev, "name", "enable_roce", "value",
                       roce.value_or(false) ? "true" : "false", "cmode", "runtime"},
                      {"devlink", "dev", "param", "set", dev, "name", "enable_iwarp", "value",
                       iwarp.value_or(true) ? "true" : "false", "cmode", "runtime"}};
        if (port && port->value("transport", "") == "iwarp")
            plan.warn("warning.iwarp_now", {{"device", port->value("device", "")}});
        plan.warn("warning.out_of_tree_irdma");
    }
    if (q.enabled) {
        auto flags = b.cmdOut({"ethtool", "--show-priv-flags", spec.interface});
        std::optional<std::string> lldp = flags ? privFlag(*flags, "fw-lldp-agent") : std::nullopt;
        Step &l = b.add("fw_lldp_off", "step.fw_lldp_off");
        l.commands = {{"ethtool", "--set-priv-flags", spec.interface, "fw-lldp-agent", "off"}};
        l.check = "`ethtool --show-priv-flags " + spec.interface + "` has fw-lldp-agent off (now " +
                  lldp.value_or("unknown") + ")";
        l.alreadyDone = lldp && *lldp == "off";
        if (!l.alreadyDone)
            l.undo = {{"ethtool", "--set-priv-flags", spec.interface, "fw-lldp-agent", "on"}};

        auto pause = b.cmdOut({"ethtool", "-a", spec.interface});
        std::optional<std::string> rx = pause ? pauseValue(*pause, "RX") : std::nullopt;
        std::optional<std::string> tx = pause ? pauseValue(*pause, "TX") : std::nullopt;
        Step &f = b.add("lfc_off", "step.lfc_off");
        f.commands = {{"ethtool", "-A", spec.interface, "rx", "off", "tx", "off"}};
        f.check = "`ethtool -a " + spec.interface + "` shows RX off and TX off (now RX " + rx.value_or("unknown") +
                  ", TX " + tx.value_or("unknown") + ")";
        f.alreadyDone = rx && tx && *rx == "off" && *tx == "off";
        if (!f.alreadyDone)
            f.undo = {{"ethtool", "-A", spec.interface, "rx", rx.value_or("on"), "tx", tx.value_or("on")}};

        planPfc(b);
        planDscpPrio(b);
        if (plan.device && !plan.device->empty())
            b.roceTos(*plan.device);
    } else {
        plan.warn("warning.qos_off");
    }
    b.network(b.mtu);
}

void persistIce(PlanBuilder &b)
{
    if (b.spec.rdmaMode != "roce")
        return;
    b.fileStep("persist_modules", "step.persist_irdma_roce", "/etc/modprobe.d/halolink-irdma.conf",
               "# Written by halolink-engine: RoCE v2 on the out-of-tree irdma driver\n"
               "# (the in-tree irdma ignores this option; devlink enable_roce is re-applied by\n"
               "# halolink-roce-" +
                   b.spec.interface + ".service)\noptions irdma roce_ena=1\n",
               0644);
}

} // namespace

const Backend &iceBackend()
{
    static const Backend b{"ice", "ice", planIce, persistIce};
    return b;
}

} // namespace halolink::roce
