// The planning context every backend shares (plan_builder.h).

#include "roce/plan_builder.h"

#include "roce/ipv4.h"
#include "roce/plan_texts.h"
#include "sys/text.h"

namespace halolink::roce {

std::pair<int, int> kernelVersion(const std::string &release)
{
    auto parts = sys::split(release, '.', false);
    int major = 0, minor = 0;
    if (!parts.empty())
        major = int(sys::parseInt(parts[0]).value_or(0));
    if (parts.size() > 1) {
        std::string m;
        for (char c : parts[1]) {
            if (c < '0' || c > '9')
                break;
            m += c;
        }
        minor = int(sys::parseInt(m).value_or(0));
    }
    return {major, minor};
}

std::string trimmed(std::optional<std::string> s)
{
    return s ? sys::trim(*s) : std::string();
}

void warnBackendDriver(Plan &plan, const std::string &backend, const std::string &iface, const std::string &driver)
{
    if (driver.empty())
        plan.warn("warning.backend_no_driver", {{"backend", backend}, {"interface", iface}});
    else
        plan.warn("warning.backend_driver", {{"backend", backend}, {"interface", iface}, {"driver", driver}});
}

Step &PlanBuilder::step(std::string id, const std::string &whyKey, Json whyArgs, std::string kind, Json kindArgs)
{
    plan.steps.push_back(Step{});
    Step &s = plan.steps.back();
    s.id = std::move(id);
    s.why = sys::renderText(planTexts(), whyKey, whyArgs);
    s.whyKey = whyKey;
    s.whyArgs = std::move(whyArgs);
    describeStep(s, std::move(kind), std::move(kindArgs), root, Moment::Plan);
    return s;
}

std::optional<std::string> PlanBuilder::cmdOut(const Argv &argv) const
{
    auto r = root.run(argv);
    if (!r.ok())
        return std::nullopt;
    return r.out;
}

void PlanBuilder::network()
{
    // Only where NetworkManager would take over what the steps set.
    Step nm;
    nm.id = "nm_unmanaged";
    describeStep(nm, "nm_unmanaged", {{"interface", iface}}, root, Moment::Plan);
    if (!nm.done())
        step("nm_unmanaged", "step.nm_unmanaged", {{"interface", iface}}, "nm_unmanaged", {{"interface", iface}});
    step("mtu", "step.mtu", {{"mtu", mtu}}, "mtu", {{"interface", iface}, {"mtu", mtu}});
    step("link_up", "step.link_up", Json::object(), "link_up", {{"interface", iface}});
    step("address", "step.address", Json::object(), "address", {{"interface", iface}, {"address", spec.address}});
    auto own = *parseCidr(spec.address);
    for (auto &peer : spec.peers) {
        Cidr p{*parseIpv4(peer), 32};
        if (Cidr{p.addr, own.prefix}.network() == own.network())
            continue; // on-link
        step("route_" + peer, "step.route", {{"peer", peer}, {"address", spec.address}, {"interface", iface}},
             "route", {{"interface", iface}, {"peer", peer}});
    }
}

Step &PlanBuilder::fileStep(std::string id, const std::string &whyKey, const std::string &path,
                            const std::string &content, int mode)
{
    return step(std::move(id), whyKey, Json::object(), "file", {{"path", path}, {"content", content}, {"mode", mode}});
}

} // namespace halolink::roce
