// The steps every backend shares (plan_builder.h).

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

Step &PlanBuilder::add(std::string id, const std::string &whyKey, Json whyArgs)
{
    plan.steps.push_back(Step{});
    Step &s = plan.steps.back();
    s.id = std::move(id);
    s.why = sys::renderText(planTexts(), whyKey, whyArgs);
    s.whyKey = whyKey;
    s.whyArgs = std::move(whyArgs);
    return s;
}

std::optional<std::string> PlanBuilder::cmdOut(const Argv &argv) const
{
    auto r = root.run(argv);
    if (!r.ok())
        return std::nullopt;
    return r.out;
}

void PlanBuilder::mtuStep(int target)
{
    int now = nic.value("mtu", 0);
    Step &s = add("mtu", "step.mtu", {{"mtu", target}});
    s.commands = {{"ip", "link", "set", "dev", iface, "mtu", std::to_string(target)}};
    s.check = "the netdev's MTU is " + std::to_string(target) + " (now " + (now ? std::to_string(now) : "unknown") +
              ")";
    s.alreadyDone = now == target;
    if (!s.alreadyDone && now > 0)
        s.undo = {{"ip", "link", "set", "dev", iface, "mtu", std::to_string(now)}};
}

void PlanBuilder::linkUp()
{
    std::string state = nic.contains("operstate") && nic["operstate"].is_string()
                            ? nic["operstate"].get<std::string>()
                            : "";
    Step &s = add("link_up", "step.link_up");
    s.commands = {{"ip", "link", "set", "dev", iface, "up"}};
    s.check = "operstate is up (now " + (state.empty() ? std::string("unknown") : state) + ")";
    s.alreadyDone = state == "up";
    if (!s.alreadyDone)
        s.undo = {{"ip", "link", "set", "dev", iface, "down"}};
}

void PlanBuilder::address()
{
    bool has = false;
    if (nic.contains("ipv4") && nic["ipv4"].is_array())
        for (auto &a : nic["ipv4"])
            if (a.is_string() && a.get<std::string>() == spec.address)
                has = true;
    Step &s = add("address", "step.address");
    s.commands = {{"ip", "addr", "add", spec.address, "dev", iface}};
    s.check = iface + " has " + spec.address;
    s.alreadyDone = has;
    if (!has)
        s.undo = {{"ip", "addr", "del", spec.address, "dev", iface}};
}

void PlanBuilder::network(int targetMtu)
{
    mtuStep(targetMtu);
    linkUp();
    address();
    routes();
}

void PlanBuilder::routes()
{
    auto own = *parseCidr(spec.address);
    for (auto &peer : spec.peers) {
        Cidr p{*parseIpv4(peer), 32};
        if (Cidr{p.addr, own.prefix}.network() == own.network())
            continue; // on-link
        Step &s = add("route_" + peer, "step.route", {{"peer", peer}, {"address", spec.address}, {"interface", iface}});
        s.commands = {{"ip", "route", "replace", peer + "/32", "dev", iface}};
        s.check = "`ip -j route show " + peer + "/32` names " + iface;
        bool done = false;
        if (auto out = cmdOut({"ip", "-j", "route", "show", peer + "/32"})) {
            auto doc = Json::parse(*out, nullptr, false);
            if (doc.is_array())
                for (auto &r : doc)
                    if (r.is_object() && r.value("dev", "") == iface &&
                        (r.value("dst", "") == peer || r.value("dst", "") == peer + "/32"))
                        done = true;
        }
        s.alreadyDone = done;
        if (!done)
            s.undo = {{"ip", "route", "del", peer + "/32", "dev", iface}};
    }
}

void PlanBuilder::roceTos(const std::string &device)
{
    std::string dirRel = "sys/kernel/config/rdma_cm/" + device;
    std::string fileRel = dirRel + "/ports/1/default_roce_tos";
    std::string tos = std::to_string(spec.qos.tos);
    auto now = root.read(fileRel);
    bool dirExists = root.isDir(dirRel);
    // configfs shows a device's rdma_cm settings only once its folder is
    // made: a step of its own, so that the write below finds the file.
    if (!dirExists) {
        Step &d = add("roce_tos_dir", "step.roce_tos_dir", {{"device", device}});
        d.commands = {{"modprobe", "rdma_cm"}, {"mkdir", "/" + dirRel}};
        d.check = "/" + dirRel + " exists (now it does not)";
        d.undo = {{"rmdir", "/" + dirRel}};
    }
    Step &s = add("roce_tos", spec.qos.tos % 4 == 2 ? "step.roce_tos_ecn" : "step.roce_tos",
                  {{"tos", spec.qos.tos}, {"dscp", spec.qos.dscp}});
    s.files = {FileWrite{"/" + fileRel, tos + "\n", 0644}};
    s.check = "/" + fileRel + " reads " + tos + " (now " + (now ? trimmed(now) : std::string("unknown")) + ")";
    s.alreadyDone = now && trimmed(now) == tos;
    if (!s.alreadyDone)
        s.undoFiles = {"/" + fileRel}; // the old value, read just before the write
}

Step &PlanBuilder::fileStep(std::string id, const std::string &whyKey, const std::string &path,
                            const std::string &content, int mode)
{
    Step &s = add(std::move(id), whyKey);
    s.files = {FileWrite{path, content, mode}};
    s.check = path + " has this content";
    auto now = root.read(path.substr(1));
    s.alreadyDone = now && *now == content;
    if (!s.alreadyDone)
        s.undoFiles = {path};
    return s;
}

} // namespace halolink::roce
