// The data-plane netdev's steps, the same on every backend: MTU, link up,
// address, routes to peers outside the subnet (step kinds, step_kinds.h).
// Each reads the state it changes just as the kernel shows it: sysfs for
// the MTU and the administrative state, `ip -j addr show` and
// `ip -j route show PREFIX` (iproute2's JSON, tests/fixtures/tool-output/ip/).

#include "roce/network_steps.h"

#include <algorithm>
#include <array>

#include "probe/probe.h"
#include "roce/step_kinds.h"
#include "sys/text.h"

namespace halolink::roce {

namespace {

void describeMtu(const sys::Root &root, const Json &args, Step &step, Moment)
{
    const std::string iface = argString(args, "interface");
    const int target = argInt(args, "mtu", 9000);
    const std::string file = "sys/class/net/" + iface + "/mtu";
    auto now = root.readInt(file);
    step.commands = {{"ip", "link", "set", "dev", iface, "mtu", std::to_string(target)}};
    step.check = "/" + file + " reads " + std::to_string(target) + " (now " +
                 (now ? std::to_string(*now) : std::string("unknown")) + ")";
    if (!now || *now <= 0)
        return setUnknown(step, "/" + file + " cannot be read");
    if (*now == target) {
        step.state = StepState::Done;
        return;
    }
    step.undo = {{"ip", "link", "set", "dev", iface, "mtu", std::to_string(*now)}};
}

// The administrative state (IFF_UP in sysfs `flags`); operstate "up" says
// the same when `flags` is missing (a snapshot that did not copy it).
void describeLinkUp(const sys::Root &root, const Json &args, Step &step, Moment)
{
    const std::string iface = argString(args, "interface");
    const std::string dir = "sys/class/net/" + iface;
    step.commands = {{"ip", "link", "set", "dev", iface, "up"}};
    std::optional<bool> up;
    if (auto flags = root.readLine(dir + "/flags")) {
        if (auto v = sys::parseInt(*flags))
            up = (*v & 0x1) != 0; // IFF_UP
    }
    auto operstate = root.readLine(dir + "/operstate");
    if (!up && operstate == "up")
        up = true;
    step.check = iface + " is administratively up (flags IFF_UP; operstate now " + operstate.value_or("unknown") + ")";
    if (!up)
        return setUnknown(step, "/" + dir + "/flags cannot be read and operstate is " + operstate.value_or("unknown"));
    if (*up) {
        step.state = StepState::Done;
        return;
    }
    step.undo = {{"ip", "link", "set", "dev", iface, "down"}};
}

void describeAddress(const sys::Root &root, const Json &args, Step &step, Moment)
{
    const std::string iface = argString(args, "interface");
    const std::string address = argString(args, "address");
    step.commands = {{"ip", "addr", "add", address, "dev", iface}};
    step.check = "`ip -j addr show` lists " + address + " on " + iface;
    const std::vector<std::string> argv = {"ip", "-j", "addr", "show"};
    auto r = root.run(argv);
    auto links = r.ok() ? probe::parseIpAddr(r.out) : std::nullopt;
    if (!links)
        return setUnknown(step, readFailure(argv, r));
    for (const auto &[name, addrs] : *links) {
        if (name != iface)
            continue;
        for (const auto &a : addrs)
            if (a == address) {
                step.state = StepState::Done;
                return;
            }
        step.undo = {{"ip", "addr", "del", address, "dev", iface}};
        return;
    }
    setUnknown(step, "`ip -j addr show` does not list " + iface);
}

// One entry of `ip -j route show PREFIX` as `ip route replace` takes it back.
std::vector<std::string> routeArgv(const std::string &verb, const std::string &prefix, const Json &r)
{
    std::vector<std::string> argv = {"ip", "route", verb, prefix};
    auto add = [&](const char *word, const char *key) {
        if (r.contains(key) && r[key].is_string() && !r[key].get<std::string>().empty()) {
            argv.push_back(word);
            argv.push_back(r[key].get<std::string>());
        }
    };
    add("via", "gateway");
    add("dev", "dev");
    add("proto", "protocol");
    add("scope", "scope");
    add("src", "prefsrc");
    if (r.contains("metric") && r["metric"].is_number_integer()) {
        argv.push_back("metric");
        argv.push_back(std::to_string(r["metric"].get<long long>()));
    }
    if (r.contains("flags") && r["flags"].is_array())
        for (const auto &f : r["flags"])
            if (f == "onlink")
                argv.push_back("onlink");
    return argv;
}

void describeRoute(const sys::Root &root, const Json &args, Step &step, Moment)
{
    const std::string iface = argString(args, "interface");
    const std::string peer = argString(args, "peer");
    const std::string prefix = peer + "/32";
    step.commands = {{"ip", "route", "replace", prefix, "dev", iface}};
    step.check = "`ip -j route show " + prefix + "` has a route to " + peer + " on " + iface + " without a gateway";
    const std::vector<std::string> argv = {"ip", "-j", "route", "show", prefix};
    auto r = root.run(argv);
    auto routes = r.ok() ? parseRoutes(r.out) : std::nullopt;
    if (!routes)
        return setUnknown(step, readFailure(argv, r));
    // `replace` acts on the route with the same destination, metric and
    // table: the main table's metric-0 route, which is the one it may change.
    const Json *same = nullptr;
    for (const auto &e : *routes) {
        const std::string dst = e.value("dst", "");
        if (dst != peer && dst != prefix)
            continue;
        if (e.contains("table") || e.value("metric", 0) != 0)
            continue;
        same = &e;
    }
    // A device route on the interface in the main table, whatever its
    // metric: NetworkManager adds the keyfile's routes with metric 100
    // (tests/fixtures/tool-output/ip/route-show-nm-metric100).
    for (const auto &e : *routes)
        if ((e.value("dst", "") == peer || e.value("dst", "") == prefix) && !e.contains("table") &&
            e.value("dev", "") == iface && !e.contains("gateway")) {
            step.state = StepState::Done;
            return;
        }
    if (same)
        step.undo = {routeArgv("replace", prefix, *same)}; // put the route it replaces back
    else
        step.undo = {{"ip", "route", "del", prefix, "dev", iface}};
}

// NetworkManager managing the netdev replaces what `ip` sets with the
// connection it activates (seen in the lab with NM 1.42: its automatic
// "Wired connection 1" took the address and route away;
// tests/fixtures/tool-output/nmcli/README.md). Unmanaged, it leaves the
// netdev alone until it restarts; connected with HaloLink's own connection
// (persist), or to what was set outside it, it keeps what is there.
void describeNmUnmanaged(const sys::Root &root, const Json &args, Step &step, Moment)
{
    const std::string iface = argString(args, "interface");
    const std::vector<std::string> argv = {"nmcli", "-t", "-f", "DEVICE,STATE,CONNECTION", "device"};
    step.commands = {{"nmcli", "device", "set", iface, "managed", "no"}};
    step.check = "NetworkManager does not manage " + iface + ", or runs halolink-" + iface + " on it";
    auto r = root.run(argv);
    if (!r.found) {
        step.state = StepState::Done; // NetworkManager is not installed
        step.check += " (nmcli is not installed)";
        return;
    }
    if (r.exitCode == 8) {
        step.state = StepState::Done; // "Error: NetworkManager is not running."
        step.check += " (NetworkManager is not running)";
        return;
    }
    auto devices = r.ok() ? parseNmcliDevices(r.out) : std::nullopt;
    if (!devices)
        return setUnknown(step, readFailure(argv, r));
    auto it = std::find_if(devices->begin(), devices->end(), [&](const NmDevice &d) { return d.device == iface; });
    if (it == devices->end() || it->state == "unmanaged" || it->state == "connected (externally)" ||
        (it->state == "connected" && it->connection == "halolink-" + iface)) {
        step.state = StepState::Done;
        step.check += " (now " + (it == devices->end() ? std::string("not listed") : it->state) + ")";
        return;
    }
    step.check += " (now " + it->state + (it->connection.empty() ? "" : ", " + it->connection) + ")";
    step.undo = {{"nmcli", "device", "set", iface, "managed", "yes"}};
}

constexpr std::array kKinds{
    StepKind{"nm_unmanaged", describeNmUnmanaged},
    StepKind{"mtu", describeMtu},
    StepKind{"link_up", describeLinkUp},
    StepKind{"address", describeAddress},
    StepKind{"route", describeRoute},
};

} // namespace

std::optional<std::vector<Json>> parseRoutes(const std::string &text)
{
    if (sys::trim(text).empty())
        return std::vector<Json>{};
    auto doc = Json::parse(text, nullptr, false);
    if (!doc.is_array())
        return std::nullopt;
    std::vector<Json> out;
    for (const auto &e : doc) {
        if (!e.is_object() || !e.contains("dst") || !e["dst"].is_string())
            return std::nullopt;
        out.push_back(e);
    }
    return out;
}

std::optional<std::vector<NmDevice>> parseNmcliDevices(const std::string &text)
{
    std::vector<NmDevice> out;
    for (const auto &line : sys::lines(text)) {
        if (line.empty())
            continue;
        // Terse mode: fields split by ':', a ':' in a value written "\:".
        std::vector<std::string> fields(1);
        for (size_t i = 0; i < line.size(); ++i) {
            if (line[i] == '\\' && i + 1 < line.size()) {
                fields.back() += line[++i];
            } else if (line[i] == ':') {
                fields.emplace_back();
            } else {
                fields.back() += line[i];
            }
        }
        if (fields.size() < 2 || fields[0].empty())
            return std::nullopt;
        out.push_back({fields[0], fields[1], fields.size() > 2 ? fields[2] : std::string()});
    }
    return out;
}

std::optional<int> parseLinkMaxMtu(const std::string &text)
{
    auto j = Json::parse(text, nullptr, false);
    if (j.is_array() && !j.empty() && j[0].is_object() && j[0].contains("max_mtu") &&
        j[0]["max_mtu"].is_number_integer())
        return j[0]["max_mtu"].get<int>();
    return std::nullopt;
}

std::span<const StepKind> networkStepKinds()
{
    return kKinds;
}

} // namespace halolink::roce
