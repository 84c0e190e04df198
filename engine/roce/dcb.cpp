// `dcb` state and steps (dcb.h).

#include "roce/dcb.h"

namespace halolink::roce {

// `dcb -j pfc show dev IF`: {"prio_pfc": {"3": true, ...}} (or a list of pairs).
std::optional<bool> pfcEnabled(const std::string &text, int prio)
{
    auto doc = Json::parse(text, nullptr, false);
    if (!doc.is_object() || !doc.contains("prio_pfc"))
        return std::nullopt;
    const Json &p = doc["prio_pfc"];
    std::string key = std::to_string(prio);
    if (p.is_object() && p.contains(key) && p[key].is_boolean())
        return p[key].get<bool>();
    if (p.is_array())
        for (auto &e : p)
            if (e.is_array() && e.size() == 2 && e[0].is_number_integer() && e[0].get<int>() == prio &&
                e[1].is_boolean())
                return e[1].get<bool>();
    return std::nullopt;
}

// `dcb -j app show dev IF`: {"dscp_prio": [[26, 3]]} or [{"dscp": 26, "prio": 3}].
std::optional<bool> dscpMapped(const std::string &text, int dscp, int prio)
{
    auto doc = Json::parse(text, nullptr, false);
    if (!doc.is_object())
        return std::nullopt;
    if (!doc.contains("dscp_prio"))
        return false;
    for (auto &e : doc["dscp_prio"]) {
        if (e.is_array() && e.size() == 2 && e[0].is_number_integer() && e[1].is_number_integer() &&
            e[0].get<int>() == dscp && e[1].get<int>() == prio)
            return true;
        if (e.is_object() && e.value("dscp", -1) == dscp && e.value("prio", -1) == prio)
            return true;
    }
    return false;
}

void planPfc(PlanBuilder &b)
{
    int p = b.spec.qos.pfcPriority;
    std::string prio = std::to_string(p);
    Step &s = b.add("pfc", "step.pfc", {{"priority", p}});
    s.commands = {{"dcb", "pfc", "set", "dev", b.iface, "prio-pfc", prio + ":on"}};
    s.check = "`dcb -j pfc show dev " + b.iface + "` has prio_pfc " + prio + " on";
    std::optional<bool> on;
    if (auto out = b.cmdOut({"dcb", "-j", "pfc", "show", "dev", b.iface}))
        on = pfcEnabled(*out, p);
    s.alreadyDone = on.value_or(false);
    if (!s.alreadyDone)
        s.undo = {{"dcb", "pfc", "set", "dev", b.iface, "prio-pfc", prio + ":off"}};
}

void planDscpPrio(PlanBuilder &b)
{
    std::string map = std::to_string(b.spec.qos.dscp) + ":" + std::to_string(b.spec.qos.pfcPriority);
    Step &s = b.add("dscp_prio", "step.dscp_prio", {{"dscp", b.spec.qos.dscp}, {"priority", b.spec.qos.pfcPriority}});
    s.commands = {{"dcb", "app", "add", "dev", b.iface, "dscp-prio", map}};
    s.check = "`dcb -j app show dev " + b.iface + "` maps DSCP " + map;
    std::optional<bool> mapped;
    if (auto out = b.cmdOut({"dcb", "-j", "app", "show", "dev", b.iface}))
        mapped = dscpMapped(*out, b.spec.qos.dscp, b.spec.qos.pfcPriority);
    s.alreadyDone = mapped.value_or(false);
    if (!s.alreadyDone)
        s.undo = {{"dcb", "app", "del", "dev", b.iface, "dscp-prio", map}};
}

} // namespace halolink::roce
