// RoCE v2 configuration: parse the spec, compare it with the node, list the
// steps (docs/roce-config.md). Nothing here changes the machine: state is read
// through sys::Root (live, or a snapshot's files and cmd/ outputs).

#include "roce/plan.h"

#include <algorithm>
#include <cstdint>
#include <regex>

#include "probe/probe.h"
#include "roce/plan_texts.h"
#include "sys/text.h"

namespace halolink::roce {

namespace {

using Argv = std::vector<std::string>;

[[noreturn]] void invalid(const std::string &field, const std::string &what)
{
    throw sys::EngineError{"invalid_spec", field + ": " + what};
}

std::optional<uint32_t> parseIpv4(const std::string &text)
{
    auto parts = sys::split(text, '.', false);
    if (parts.size() != 4)
        return std::nullopt;
    uint32_t v = 0;
    for (auto &p : parts) {
        if (p.empty() || p.size() > 3 || !std::all_of(p.begin(), p.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::nullopt;
        if (p.size() > 1 && p[0] == '0')
            return std::nullopt; // no octal-looking parts
        int n = std::stoi(p);
        if (n > 255)
            return std::nullopt;
        v = (v << 8) | uint32_t(n);
    }
    return v;
}

struct Cidr {
    uint32_t addr = 0;
    int prefix = 32;
    uint32_t mask() const { return prefix == 0 ? 0 : ~uint32_t(0) << (32 - prefix); }
    uint32_t network() const { return addr & mask(); }
};

std::optional<Cidr> parseCidr(const std::string &text)
{
    auto slash = text.find('/');
    if (slash == std::string::npos)
        return std::nullopt;
    auto a = parseIpv4(text.substr(0, slash));
    auto p = sys::parseInt(text.substr(slash + 1));
    if (!a || !p || *p < 0 || *p > 32 || text.substr(slash + 1).empty())
        return std::nullopt;
    return Cidr{*a, int(*p)};
}

bool overlaps(const Cidr &a, const Cidr &b)
{
    int p = std::min(a.prefix, b.prefix);
    Cidr x{a.addr, p}, y{b.addr, p};
    return x.network() == y.network();
}

int intField(const Json &obj, const char *key, const std::string &field, int min, int max, int fallback)
{
    if (!obj.contains(key) || obj[key].is_null())
        return fallback;
    const Json &v = obj[key];
    if (!v.is_number_integer())
        invalid(field, "must be a whole number " + std::to_string(min) + ".." + std::to_string(max) + ", got " +
                           v.dump());
    long long n = v.get<long long>();
    if (n < min || n > max)
        invalid(field, "must be " + std::to_string(min) + ".." + std::to_string(max) + ", got " + std::to_string(n));
    return int(n);
}

bool boolField(const Json &obj, const char *key, const std::string &field, bool fallback)
{
    if (!obj.contains(key) || obj[key].is_null())
        return fallback;
    if (!obj[key].is_boolean())
        invalid(field, "must be true or false, got " + obj[key].dump());
    return obj[key].get<bool>();
}

std::optional<std::string> stringField(const Json &obj, const char *key, const std::string &field)
{
    if (!obj.contains(key) || obj[key].is_null())
        return std::nullopt;
    if (!obj[key].is_string())
        invalid(field, "must be a string, got " + obj[key].dump());
    return obj[key].get<std::string>();
}

std::string addressOnly(const std::string &cidr)
{
    return cidr.substr(0, cidr.find('/'));
}

std::string trimmed(std::optional<std::string> s)
{
    return s ? sys::trim(*s) : std::string();
}

// "6.18.5-200.fc43.x86_64" -> {6, 18}
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

std::string modeText(int mode)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "%04o", mode & 07777);
    return buf;
}

// A file step's "already done": the file on the node has exactly this content.
bool fileHas(const sys::Root &root, const std::string &path, const std::string &content)
{
    auto now = root.read(path.substr(1));
    return now && *now == content;
}

} // namespace

// ---------------------------------------------------------------- spec

Spec parseSpec(const Json &doc)
{
    if (!doc.is_object())
        invalid("spec", "must be a JSON object");
    if (auto f = stringField(doc, "format", "format"); f && *f != "halolink-roce-spec")
        invalid("format", "must be \"halolink-roce-spec\", got \"" + *f + "\"");
    if (doc.contains("version") && !doc["version"].is_null())
        intField(doc, "version", "version", 1, 1, 1);

    Spec s;
    auto iface = stringField(doc, "interface", "interface");
    if (!iface || iface->empty())
        invalid("interface", "required: the data-plane netdev");
    if (iface->size() > 15 || iface->find('/') != std::string::npos || *iface == "." || *iface == ".." ||
        std::any_of(iface->begin(), iface->end(), [](unsigned char c) { return c <= ' ' || c == ':' || c >= 127; }))
        invalid("interface", "\"" + *iface + "\" is not a valid netdev name");
    s.interface = *iface;

    auto address = stringField(doc, "address", "address");
    if (!address || address->empty())
        invalid("address", "required: IPv4/prefix such as 192.168.100.1/30");
    auto cidr = parseCidr(*address);
    if (!cidr)
        invalid("address", "\"" + *address + "\" is not IPv4/prefix (such as 192.168.100.1/30)");
    if (cidr->prefix < 8 || cidr->prefix > 32)
        invalid("address", "prefix /" + std::to_string(cidr->prefix) + " is outside 8..32");
    if (cidr->prefix <= 30) {
        if (cidr->addr == cidr->network())
            invalid("address", addressOnly(*address) + " is the network address of /" + std::to_string(cidr->prefix));
        if (cidr->addr == (cidr->network() | ~cidr->mask()))
            invalid("address", addressOnly(*address) + " is the broadcast address of /" +
                                   std::to_string(cidr->prefix));
    }
    s.address = *address;

    if (doc.contains("peers") && !doc["peers"].is_null()) {
        if (!doc["peers"].is_array())
            invalid("peers", "must be a list of IPv4 addresses");
        for (size_t i = 0; i < doc["peers"].size(); ++i) {
            const Json &p = doc["peers"][i];
            std::string field = "peers[" + std::to_string(i) + "]";
            if (!p.is_string() || !parseIpv4(p.get<std::string>()))
                invalid(field, p.dump() + " is not an IPv4 address");
            auto a = parseIpv4(p.get<std::string>());
            if (*a == cidr->addr)
                invalid(field, p.get<std::string>() + " is this node's own address");
            if (std::find(s.peers.begin(), s.peers.end(), p.get<std::string>()) != s.peers.end())
                invalid(field, p.get<std::string>() + " is listed twice");
            s.peers.push_back(p.get<std::string>());
        }
    }

    if (doc.contains("mtu") && !doc["mtu"].is_null())
        s.mtu = intField(doc, "mtu", "mtu", 1280, 9216, 9000);

    if (auto m = stringField(doc, "rdma_mode", "rdma_mode")) {
        if (*m != "roce" && *m != "keep")
            invalid("rdma_mode", "must be \"roce\" or \"keep\", got \"" + *m + "\"");
        s.rdmaMode = *m;
    }
    if (auto b = stringField(doc, "backend", "backend")) {
        if (*b != "ice" && *b != "mlx5" && *b != "rxe")
            invalid("backend", "must be \"ice\", \"mlx5\", \"rxe\" or null, got \"" + *b + "\"");
        s.backend = *b;
    }
    if (auto r = stringField(doc, "rxe_device", "rxe_device")) {
        static const std::regex name("[a-z0-9_]{1,20}");
        if (!std::regex_match(*r, name))
            invalid("rxe_device", "\"" + *r + "\" must match [a-z0-9_]{1,20}");
        s.rxeDevice = *r;
    }

    if (doc.contains("qos") && !doc["qos"].is_null()) {
        const Json &q = doc["qos"];
        if (!q.is_object())
            invalid("qos", "must be an object");
        s.qos.enabled = boolField(q, "enabled", "qos.enabled", true);
        s.qos.pfcPriority = intField(q, "pfc_priority", "qos.pfc_priority", 0, 7, 3);
        s.qos.dscp = intField(q, "dscp", "qos.dscp", 0, 63, 26);
        s.qos.ecn = boolField(q, "ecn", "qos.ecn", true);
        s.qos.tos = intField(q, "tos", "qos.tos", 0, 255, s.qos.dscp * 4);
        if (s.qos.tos != s.qos.dscp * 4 && s.qos.tos != s.qos.dscp * 4 + 2)
            invalid("qos.tos", std::to_string(s.qos.tos) + " does not carry DSCP " + std::to_string(s.qos.dscp) +
                                   ": must be " + std::to_string(s.qos.dscp * 4) + " or " +
                                   std::to_string(s.qos.dscp * 4 + 2) + " (ECN-capable)");
    }
    s.persist = boolField(doc, "persist", "persist", false);
    return s;
}

static Json specJson(const Spec &s)
{
    Json j;
    j["format"] = "halolink-roce-spec";
    j["version"] = 1;
    j["interface"] = s.interface;
    j["address"] = s.address;
    j["peers"] = s.peers;
    j["mtu"] = s.mtu.value_or(9000);
    j["rdma_mode"] = s.rdmaMode;
    j["backend"] = s.backend ? Json(*s.backend) : Json(nullptr);
    j["rxe_device"] = s.rxeDevice;
    j["qos"] = {{"enabled", s.qos.enabled},
                {"pfc_priority", s.qos.pfcPriority},
                {"dscp", s.qos.dscp},
                {"tos", s.qos.tos},
                {"ecn", s.qos.ecn}};
    j["persist"] = s.persist;
    return j;
}

// ---------------------------------------------------------------- plan

void readWhyKey(const Json &stepJson, Step &step)
{
    if (stepJson.contains("why_key") && stepJson["why_key"].is_string() && stepJson.contains("why_args") &&
        stepJson["why_args"].is_object()) {
        step.whyKey = stepJson["why_key"].get<std::string>();
        step.whyArgs = stepJson["why_args"];
    }
}

void readWarnings(const Json &planJson, Plan &plan)
{
    plan.warnings.clear();
    plan.warningKeys.clear();
    if (!planJson.contains("warnings") || !planJson["warnings"].is_array())
        return;
    for (const auto &w : planJson["warnings"])
        if (w.is_string())
            plan.warnings.push_back(w.get<std::string>());
    if (!planJson.contains("warning_keys") || !planJson["warning_keys"].is_array())
        return;
    for (const auto &k : planJson["warning_keys"]) {
        if (!k.is_object() || !k.contains("key") || !k["key"].is_string() || !k.contains("args") ||
            !k["args"].is_object()) {
            plan.warningKeys.clear();
            return;
        }
        plan.warningKeys.push_back(k);
    }
    if (plan.warningKeys.size() != plan.warnings.size())
        plan.warningKeys.clear();
}

void Plan::warn(const std::string &key, Json args)
{
    warnings.push_back(sys::renderText(planTexts(), key, args));
    warningKeys.push_back({{"key", key}, {"args", std::move(args)}});
}

namespace {

void warnBackendDriver(Plan &plan, const std::string &backend, const std::string &iface, const std::string &driver)
{
    if (driver.empty())
        plan.warn("warning.backend_no_driver", {{"backend", backend}, {"interface", iface}});
    else
        plan.warn("warning.backend_driver", {{"backend", backend}, {"interface", iface}, {"driver", driver}});
}

struct Builder {
    const Spec &spec;
    const sys::Root &root;
    Plan &plan;
    const Json &nic; // the probe's NIC object
    std::string iface;

    Step &add(std::string id, const std::string &whyKey, Json whyArgs = Json::object())
    {
        plan.steps.push_back(Step{});
        Step &s = plan.steps.back();
        s.id = std::move(id);
        s.why = sys::renderText(planTexts(), whyKey, whyArgs);
        s.whyKey = whyKey;
        s.whyArgs = std::move(whyArgs);
        return s;
    }

    std::optional<std::string> cmdOut(const Argv &argv) const
    {
        auto r = root.run(argv);
        if (!r.ok())
            return std::nullopt;
        return r.out;
    }

    void mtu(int target)
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

    void linkUp()
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

    void address()
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

    // The data-plane netdev itself: MTU, link up, address, routes to peers
    // outside the subnet - the same on every backend.
    void network(int targetMtu)
    {
        mtu(targetMtu);
        linkUp();
        address();
        routes();
    }

    void routes()
    {
        auto own = *parseCidr(spec.address);
        for (auto &peer : spec.peers) {
            Cidr p{*parseIpv4(peer), 32};
            if (Cidr{p.addr, own.prefix}.network() == own.network())
                continue; // on-link
            Step &s = add("route_" + peer, "step.route",
                            {{"peer", peer}, {"address", spec.address}, {"interface", iface}});
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

    void rocTos(const std::string &device)
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

    void pfc()
    {
        int p = spec.qos.pfcPriority;
        std::string prio = std::to_string(p);
        Step &s = add("pfc", "step.pfc", {{"priority", p}});
        s.commands = {{"dcb", "pfc", "set", "dev", iface, "prio-pfc", prio + ":on"}};
        s.check = "`dcb -j pfc show dev " + iface + "` has prio_pfc " + prio + " on";
        std::optional<bool> on;
        if (auto out = cmdOut({"dcb", "-j", "pfc", "show", "dev", iface}))
            on = pfcEnabled(*out, p);
        s.alreadyDone = on.value_or(false);
        if (!s.alreadyDone)
            s.undo = {{"dcb", "pfc", "set", "dev", iface, "prio-pfc", prio + ":off"}};
    }

    void dscpPrio()
    {
        std::string map = std::to_string(spec.qos.dscp) + ":" + std::to_string(spec.qos.pfcPriority);
        Step &s = add("dscp_prio", "step.dscp_prio", {{"dscp", spec.qos.dscp}, {"priority", spec.qos.pfcPriority}});
        s.commands = {{"dcb", "app", "add", "dev", iface, "dscp-prio", map}};
        s.check = "`dcb -j app show dev " + iface + "` maps DSCP " + map;
        std::optional<bool> mapped;
        if (auto out = cmdOut({"dcb", "-j", "app", "show", "dev", iface}))
            mapped = dscpMapped(*out, spec.qos.dscp, spec.qos.pfcPriority);
        s.alreadyDone = mapped.value_or(false);
        if (!s.alreadyDone)
            s.undo = {{"dcb", "app", "del", "dev", iface, "dscp-prio", map}};
    }
};

} // namespace

std::string backendFor(const Spec &spec, const std::string &driver)
{
    if (spec.backend)
        return *spec.backend;
    return driver == "ice" ? "ice" : driver == "mlx5_core" ? "mlx5" : "rxe";
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
                invalid("address", spec.address + " overlaps " + a + " on " + netdev +
                                       ": the data-plane subnet must be its own");
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

    // The RDMA port on this netdev, if any.
    const Json *port = nullptr;
    for (auto &p : doc["rdma"])
        if (p.value("netdev", "") == spec.interface) {
            port = &p;
            break;
        }
    if (port)
        plan.device = port->value("device", "");

    Builder b{spec, root, plan, *nic, spec.interface};
    const QosSpec &q = spec.qos;
    std::string kernel = doc["host"].value("kernel", "");
    std::string pci = nic->contains("pci") && (*nic)["pci"].is_string() ? (*nic)["pci"].get<std::string>() : "";

    if (plan.backend == "rxe") {
        if (driver == "ice" || driver == "mlx5_core")
            plan.warn("warning.hardware_roce", {{"interface", spec.interface}, {"driver", driver}});
        if (port && port->value("device", "").rfind("rxe", 0) != 0 && port->value("transport", "") != "")
            plan.warn("warning.has_rdma_device", {{"interface", spec.interface}, {"device", port->value("device", "")}});
        if (!plan.device)
            plan.device = spec.rxeDevice;

        auto [major, minor] = kernelVersion(kernel);
        Step &m = b.add("rxe_modules", "step.rxe_modules");
        bool needCrc = major > 0 && (major < 6 || (major == 6 && minor < 14));
        if (needCrc)
            m.commands.push_back({"modprobe", "crc32_generic"}); // rdma_rxe's ICRC on kernels before 6.14
        m.commands.push_back({"modprobe", "rdma_rxe"});
        bool loaded = root.isDir("sys/module/rdma_rxe");
        m.check = "/sys/module/rdma_rxe exists";
        m.alreadyDone = loaded || port;
        if (!m.alreadyDone)
            m.undo = {{"modprobe", "-r", "rdma_rxe"}};

        Step &d = b.add("rxe_device", "step.rxe_device", {{"device", *plan.device}, {"interface", spec.interface}});
        d.commands = {{"rdma", "link", "add", spec.rxeDevice, "type", "rxe", "netdev", spec.interface}};
        d.check = "an RDMA device has " + spec.interface + " as its netdev";
        d.alreadyDone = port != nullptr;
        if (!d.alreadyDone)
            d.undo = {{"rdma", "link", "delete", spec.rxeDevice}};

        b.network(mtu);
        if (q.enabled)
            b.rocTos(*plan.device);
    } else if (plan.backend == "ice") {
        if (driver != "ice")
            warnBackendDriver(plan, "ice", spec.interface, driver);
        if (spec.rdmaMode == "roce") {
            std::optional<bool> roce, iwarp;
            if (port && port->contains("devlink") && (*port)["devlink"].is_object()) {
                const Json &dl = (*port)["devlink"];
                if (dl.contains("enable_roce") && dl["enable_roce"].is_boolean())
                    roce = dl["enable_roce"].get<bool>();
                if (dl.contains("enable_iwarp") && dl["enable_iwarp"].is_boolean())
                    iwarp = dl["enable_iwarp"].get<bool>();
            }
            std::string dev = "pci/" + pci;
            Step &s = b.add("enable_roce", "step.enable_roce");
            s.commands = {{"devlink", "dev", "param", "set", dev, "name", "enable_iwarp", "value", "false", "cmode",
                           "runtime"},
                          {"devlink", "dev", "param", "set", dev, "name", "enable_roce", "value", "true", "cmode",
                           "runtime"}};
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

            b.pfc();
            b.dscpPrio();
            if (plan.device && !plan.device->empty())
                b.rocTos(*plan.device);
        } else {
            plan.warn("warning.qos_off");
        }
        b.network(mtu);
    } else { // mlx5
        if (driver != "mlx5_core")
            warnBackendDriver(plan, "mlx5", spec.interface, driver);
        if (q.enabled) {
            b.pfc();
            b.dscpPrio();
            if (q.ecn) {
                std::string prio = std::to_string(q.pfcPriority);
                Step &e = b.add("ecn", "step.ecn", {{"priority", q.pfcPriority}});
                std::vector<std::string> undoFiles;
                bool done = true;
                std::string now;
                for (const char *role : {"roce_np", "roce_rp"}) {
                    std::string rel = "sys/class/net/" + spec.interface + "/ecn/" + role + "/enable/" + prio;
                    auto v = root.read(rel);
                    e.files.push_back(FileWrite{"/" + rel, "1\n", 0644});
                    now += std::string(now.empty() ? "" : ", ") + role + " " + (v ? trimmed(v) : "unknown");
                    if (!v || trimmed(v) != "1") {
                        done = false;
                        undoFiles.push_back("/" + rel);
                    }
                }
                e.check = "/sys/class/net/" + spec.interface + "/ecn/{roce_np,roce_rp}/enable/" + prio +
                          " read 1 (now " + now + ")";
                e.alreadyDone = done;
                if (!done)
                    e.undoFiles = undoFiles;
            }
            if (plan.device && !plan.device->empty())
                b.rocTos(*plan.device);
        } else {
            plan.warn("warning.qos_off");
        }
        b.network(mtu);
    }
    if (plan.backend != "rxe" && (!plan.device || plan.device->empty())) {
        plan.device.reset();
        plan.warn("warning.no_rdma_device", {{"interface", spec.interface}});
    }

    // ---- persistence
    if (spec.persist) {
        bool nm = !root.list("etc/NetworkManager").empty();
        bool networkd = root.isDir("etc/systemd/network");
        std::string cidrAddr = spec.address;
        if (nm) {
            std::string path = "/etc/NetworkManager/system-connections/halolink-" + spec.interface + ".nmconnection";
            std::string content = "# Written by halolink-engine (RoCE data plane)\n[connection]\nid=halolink-" +
                                  spec.interface + "\ntype=ethernet\ninterface-name=" + spec.interface +
                                  "\nautoconnect=true\n\n[ethernet]\nmtu=" + std::to_string(mtu) +
                                  "\n\n[ipv4]\nmethod=manual\naddress1=" + cidrAddr + "\nnever-default=true\n";
            for (auto &peer : spec.peers) {
                Cidr p{*parseIpv4(peer), 32};
                if (Cidr{p.addr, own.prefix}.network() != own.network())
                    content += "route" + std::to_string(&peer - &spec.peers[0] + 1) + "=" + peer + "/32\n";
            }
            content += "\n[ipv6]\nmethod=disabled\n";
            Step &s = b.add("persist_network", "step.persist_networkmanager");
            s.files = {FileWrite{path, content, 0600}};
            s.check = path + " has this content";
            s.alreadyDone = fileHas(root, path, content);
            if (!s.alreadyDone)
                s.undoFiles = {path};
        } else if (networkd) {
            std::string path = "/etc/systemd/network/50-halolink-" + spec.interface + ".network";
            std::string content = "# Written by halolink-engine (RoCE data plane)\n[Match]\nName=" + spec.interface +
                                  "\n\n[Link]\nMTUBytes=" + std::to_string(mtu) + "\n\n[Network]\nAddress=" + cidrAddr +
                                  "\nLinkLocalAddressing=no\n";
            for (auto &peer : spec.peers) {
                Cidr p{*parseIpv4(peer), 32};
                if (Cidr{p.addr, own.prefix}.network() != own.network())
                    content += "\n[Route]\nDestination=" + peer + "/32\n";
            }
            Step &s = b.add("persist_network", "step.persist_networkd");
            s.files = {FileWrite{path, content, 0644}};
            s.check = path + " has this content";
            s.alreadyDone = fileHas(root, path, content);
            if (!s.alreadyDone)
                s.undoFiles = {path};
        } else {
            plan.warn("warning.no_persistence");
        }

        if (plan.backend == "rxe") {
            std::string path = "/etc/modules-load.d/halolink-rxe.conf";
            std::string content = "# Written by halolink-engine: Soft-RoCE\nrdma_rxe\n";
            Step &s = b.add("persist_modules", "step.persist_rxe_module");
            s.files = {FileWrite{path, content, 0644}};
            s.check = path + " has this content";
            s.alreadyDone = fileHas(root, path, content);
            if (!s.alreadyDone)
                s.undoFiles = {path};
        } else if (plan.backend == "ice" && spec.rdmaMode == "roce") {
            std::string path = "/etc/modprobe.d/halolink-irdma.conf";
            std::string content = "# Written by halolink-engine: RoCE v2 on the out-of-tree irdma driver\n"
                                  "# (the in-tree irdma ignores this option; devlink enable_roce is re-applied by\n"
                                  "# halolink-roce-" + spec.interface + ".service)\noptions irdma roce_ena=1\n";
            Step &s = b.add("persist_modules", "step.persist_irdma_roce");
            s.files = {FileWrite{path, content, 0644}};
            s.check = path + " has this content";
            s.alreadyDone = fileHas(root, path, content);
            if (!s.alreadyDone)
                s.undoFiles = {path};
        }

        // A unit re-applying what does not persist by itself (device, devlink, DCB, ToS).
        std::vector<std::string> exec;
        for (auto &st : plan.steps) {
            static const std::vector<std::string> boot = {"rxe_modules", "rxe_device", "enable_roce", "fw_lldp_off",
                                                          "lfc_off",     "pfc",        "dscp_prio"};
            if (std::find(boot.begin(), boot.end(), st.id) != boot.end())
                for (auto &c : st.commands)
                    exec.push_back("ExecStart=-" + shellLine(c));
            if (st.id == "ecn" || st.id == "roce_tos") {
                for (auto &c : st.commands)
                    exec.push_back("ExecStart=-" + shellLine(std::vector<std::string>{c[0], "-p", c[1]}));
                for (auto &f : st.files)
                    exec.push_back("ExecStart=-/bin/sh -c " +
                                   shellLine({"echo " + sys::trim(f.content) + " > " + f.path}));
            }
        }
        if (!exec.empty()) {
            std::string unit = "halolink-roce-" + spec.interface + ".service";
            std::string path = "/etc/systemd/system/" + unit;
            std::string content = "# Written by halolink-engine: re-applies RoCE settings that do not persist\n"
                                  "[Unit]\nDescription=HaloLink RoCE settings for " +
                                  spec.interface + "\nAfter=network-online.target\nWants=network-online.target\n\n"
                                                   "[Service]\nType=oneshot\nRemainAfterExit=yes\n";
            for (auto &e : exec)
                content += e + "\n";
            content += "\n[Install]\nWantedBy=multi-user.target\n";
            Step &s = b.add("persist_unit", "step.persist_unit");
            s.files = {FileWrite{path, content, 0644}};
            s.commands = {{"systemctl", "daemon-reload"}, {"systemctl", "enable", unit}};
            s.check = path + " has this content";
            s.alreadyDone = fileHas(root, path, content);
            if (!s.alreadyDone) {
                s.undo = {{"systemctl", "disable", unit}};
                s.undoFiles = {path};
            }
        }
    }
    return plan;
}

// ---------------------------------------------------------------- JSON

std::string shellLine(const std::vector<std::string> &argv)
{
    std::string out;
    for (auto &w : argv) {
        if (!out.empty())
            out += ' ';
        bool safe = !w.empty() && std::all_of(w.begin(), w.end(), [](unsigned char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   std::string_view("_@%+=:,./-").find(char(c)) != std::string_view::npos;
        });
        if (safe) {
            out += w;
            continue;
        }
        out += '\'';
        for (char c : w) {
            if (c == '\'')
                out += "'\\''";
            else
                out += c;
        }
        out += '\'';
    }
    return out;
}

Json planJson(const Plan &plan)
{
    Json j;
    j["schema"] = "halolink.roce-plan/1";
    j["interface"] = plan.spec.interface;
    j["backend"] = plan.backend;
    j["device"] = plan.device ? Json(*plan.device) : Json(nullptr);
    Json steps = Json::array();
    for (auto &s : plan.steps) {
        Json o;
        o["id"] = s.id;
        o["why"] = s.why;
        if (!s.whyKey.empty()) {
            o["why_key"] = s.whyKey;
            o["why_args"] = s.whyArgs;
        }
        o["commands"] = s.commands;
        Json shell = Json::array();
        for (auto &c : s.commands)
            shell.push_back(shellLine(c));
        o["shell"] = shell;
        Json files = Json::array();
        for (auto &f : s.files)
            files.push_back({{"path", f.path}, {"content", f.content}, {"mode", modeText(f.mode)}});
        o["files"] = files;
        o["check"] = s.check;
        o["already_done"] = s.alreadyDone;
        o["undo"] = s.undo;
        Json undoShell = Json::array();
        for (auto &c : s.undo)
            undoShell.push_back(shellLine(c));
        o["undo_shell"] = undoShell;
        o["undo_files"] = s.undoFiles;
        steps.push_back(std::move(o));
    }
    j["steps"] = steps;
    j["warnings"] = plan.warnings;
    if (plan.warningKeys.size() == plan.warnings.size())
        j["warning_keys"] = plan.warningKeys;
    j["spec"] = specJson(plan.spec);
    return j;
}

Plan planFromJson(const Json &doc)
{
    if (!doc.is_object() || doc.value("schema", "") != "halolink.roce-plan/1")
        throw sys::EngineError{"invalid_plan", "not a halolink.roce-plan/1 document"};
    try {
        Plan p;
        if (doc.contains("spec"))
            p.spec = parseSpec(doc["spec"]);
        else
            p.spec.interface = doc.value("interface", "");
        p.backend = doc.value("backend", "");
        if (doc.contains("device") && doc["device"].is_string())
            p.device = doc["device"].get<std::string>();
        for (auto &o : doc.at("steps")) {
            Step s;
            s.id = o.at("id").get<std::string>();
            s.why = o.value("why", "");
            readWhyKey(o, s);
            s.commands = o.value("commands", std::vector<std::vector<std::string>>{});
            for (auto &f : o.value("files", Json::array())) {
                FileWrite w;
                w.path = f.at("path").get<std::string>();
                w.content = f.at("content").get<std::string>();
                if (f.contains("mode") && f["mode"].is_string())
                    w.mode = int(std::stol(f["mode"].get<std::string>(), nullptr, 8));
                else if (f.contains("mode") && f["mode"].is_number_integer())
                    w.mode = f["mode"].get<int>();
                s.files.push_back(std::move(w));
            }
            s.check = o.value("check", "");
            s.alreadyDone = o.value("already_done", false);
            s.undo = o.value("undo", std::vector<std::vector<std::string>>{});
            s.undoFiles = o.value("undo_files", std::vector<std::string>{});
            p.steps.push_back(std::move(s));
        }
        readWarnings(doc, p);
        return p;
    } catch (const Json::exception &e) {
        throw sys::EngineError{"invalid_plan", std::string("malformed plan: ") + e.what()};
    }
}

} // namespace halolink::roce
