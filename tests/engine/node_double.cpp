#include "node_double.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "roce/step_kinds.h"
#include "sys/root.h"
#include "sys/text.h"

namespace halolink::test {

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string joined(const std::vector<std::string> &argv)
{
    std::string s;
    for (const auto &w : argv)
        s += (s.empty() ? "" : " ") + w;
    return s;
}

bool fail(std::string *error, const std::string &why)
{
    if (error)
        *error = why;
    return false;
}

// "3:on" -> {3, "on"}
std::pair<int, std::string> mapping(const std::string &word)
{
    auto colon = word.find(':');
    if (colon == std::string::npos)
        throw std::runtime_error("not a KEY:VALUE mapping: " + word);
    const std::string key = word.substr(0, colon);
    return {key == "all" ? -1 : std::stoi(key), word.substr(colon + 1)};
}

// The ice driver's DCB configurations, as dcb prints them (the printing of
// iproute2 6.5 and later: tests/fixtures/tool-output/dcb/, states
// ice-swdefault and ice-dscp26; the driver's code for each in that README).
const char *kIceSwDefaultPfc =
    R"({"pfc_cap":8,"macsec_bypass":false,"delay":0,"prio_pfc":[false,false,false,false,false,false,false,false]})";
const char *kIceSwDefaultEts =
    R"({"willing":true,"ets_cap":8,"cbs":false,"tc_bw":[100,0,0,0,0,0,0,0],"pg_bw":[100,0,0,0,0,0,0,0],)"
    R"("tc_tsa":["ets","strict","strict","strict","strict","strict","strict","strict"],"prio_tc":[0,0,0,0,0,0,0,0],)"
    R"("reco_tc_bw":[100,0,0,0,0,0,0,0],"reco_tc_tsa":["ets","strict","strict","strict","strict","strict","strict","strict"],)"
    R"("reco_prio_tc":[0,0,0,0,0,0,0,0]})";
const char *kIceDscpDefaultEts =
    R"({"willing":false,"ets_cap":0,"cbs":false,"tc_bw":[100,0,0,0,0,0,0,0],"pg_bw":[100,0,0,0,0,0,0,0],)"
    R"("tc_tsa":["ets","ets","ets","ets","ets","ets","ets","ets"],"prio_tc":[0,1,2,3,4,5,6,7],)"
    R"("reco_tc_bw":[100,0,0,0,0,0,0,0],"reco_tc_tsa":["ets","ets","ets","ets","ets","ets","ets","ets"],)"
    R"("reco_prio_tc":[0,1,2,3,4,5,6,7]})";

} // namespace

NodeDouble::NodeDouble(std::string root, std::string iface, std::string driver)
    : m_root(std::move(root)), m_iface(std::move(iface)), m_driver(std::move(driver))
{
    m_fwPfc = readJson({"dcb", "-j", "pfc", "show", "dev", m_iface});
    m_fwApp = readJson({"dcb", "-j", "app", "show", "dev", m_iface});
    m_fwEts = readJson({"dcb", "-j", "ets", "show", "dev", m_iface});
}

std::string NodeDouble::path(const std::string &abs) const
{
    return m_root + abs;
}

std::optional<std::string> NodeDouble::read(const std::string &absPath) const
{
    sys::Root r(m_root);
    return r.read(absPath.substr(1));
}

void NodeDouble::write(const std::string &absPath, const std::string &content)
{
    sys::Root r(m_root);
    // Through the snapshot's links (sys/class/net/X -> ../../devices/...).
    std::string target = path(absPath);
    if (auto host = r.hostPath(sys::dirName(absPath.substr(1))))
        target = *host + "/" + sys::baseName(absPath);
    else
        fs::create_directories(fs::path(target).parent_path());
    std::ofstream(target, std::ios::binary | std::ios::trunc) << content;
    unitFileChanged(absPath);
}

void NodeDouble::remove(const std::string &absPath)
{
    sys::Root r(m_root);
    if (auto host = r.hostPath(absPath.substr(1)))
        fs::remove_all(*host);
    fs::remove(path(absPath)); // a link itself
    unitFileChanged(absPath);
}

void NodeDouble::unitFileChanged(const std::string &absPath)
{
    const std::string dir = "/etc/systemd/system/";
    if (absPath.rfind(dir, 0) == 0 && absPath.find('/', dir.size()) == std::string::npos)
        refreshUnit(absPath.substr(dir.size()));
}

// `systemctl is-enabled UNIT`: "enabled"/"disabled" while the unit file
// exists; without it "Failed to get unit file state for UNIT: No such file
// or directory" on stderr and exit 1 (tests/fixtures/tool-output/systemctl/).
void NodeDouble::refreshUnit(const std::string &unit)
{
    const std::vector<std::string> show = {"systemctl", "is-enabled", unit};
    fs::create_directories(m_root + "/cmd");
    const std::string f = cmdFile(show);
    if (!read("/etc/systemd/system/" + unit)) {
        m_enabled.erase(unit);
        std::ofstream(f + ".out", std::ios::trunc) << "";
        std::ofstream(f + ".err", std::ios::trunc)
            << "Failed to get unit file state for " << unit << ": No such file or directory\n";
        setRc(show, 1);
        return;
    }
    const bool on = m_enabled.count(unit) > 0;
    std::ofstream(f + ".out", std::ios::trunc) << (on ? "enabled\n" : "disabled\n");
    fs::remove(f + ".err");
    setRc(show, on ? 0 : 1);
}

std::string NodeDouble::cmdFile(const std::vector<std::string> &argv) const
{
    return m_root + "/cmd/" + sys::commandKey(argv);
}

Json NodeDouble::readJson(const std::vector<std::string> &argv) const
{
    const std::string f = cmdFile(argv) + ".out";
    if (!fs::exists(f))
        return Json();
    return Json::parse(slurp(f), nullptr, false);
}

void NodeDouble::writeJson(const std::vector<std::string> &argv, const Json &doc)
{
    fs::create_directories(m_root + "/cmd");
    std::ofstream(cmdFile(argv) + ".out", std::ios::trunc) << doc.dump() << "\n";
}

void NodeDouble::setRc(const std::vector<std::string> &argv, int rc)
{
    const std::string f = cmdFile(argv) + ".rc";
    if (rc == 0)
        fs::remove(f);
    else
        std::ofstream(f, std::ios::trunc) << rc << "\n";
}

// ice: turning the firmware LLDP agent off installs the software default
// (ice_set_priv_flags -> ice_init_pf_dcb -> ice_dcb_sw_dflt_cfg); on again,
// the firmware's configuration is what the driver reports; it refuses to
// start the agent in DSCP mode ("QoS in L3 DSCP mode, FW Agent not allowed
// to start"). The flag line as ethtool prints it ("%-*s: %s").
bool NodeDouble::privFlag(const std::string &value, std::string *error)
{
    const std::vector<std::string> show = {"ethtool", "--show-priv-flags", m_iface};
    std::string text = slurp(cmdFile(show) + ".out");
    auto at = text.find("fw-lldp-agent");
    if (at == std::string::npos)
        return fail(error, "netlink error: bit name not found"); // ethtool, tool-output/ethtool
    auto colon = text.find(':', at);
    auto eol = text.find('\n', colon);
    const std::string old = sys::trim(text.substr(colon + 1, eol - colon - 1));
    if (value == "on" && old == "off") {
        auto app = readJson({"dcb", "-j", "app", "show", "dev", m_iface});
        if (app.contains("dscp_prio"))
            return fail(error, "Operation not supported");
        writeJson({"dcb", "-j", "pfc", "show", "dev", m_iface}, m_fwPfc);
        writeJson({"dcb", "-j", "app", "show", "dev", m_iface}, m_fwApp);
        writeJson({"dcb", "-j", "ets", "show", "dev", m_iface}, m_fwEts);
    } else if (value == "off" && old == "on") {
        iceSwDefault();
    }
    text.replace(colon + 2, eol - colon - 2, value);
    std::ofstream(cmdFile(show) + ".out", std::ios::trunc) << text;
    return true;
}

void NodeDouble::iceSwDefault()
{
    writeJson({"dcb", "-j", "pfc", "show", "dev", m_iface}, Json::parse(kIceSwDefaultPfc));
    writeJson({"dcb", "-j", "app", "show", "dev", m_iface}, Json::object());
    writeJson({"dcb", "-j", "ets", "show", "dev", m_iface}, Json::parse(kIceSwDefaultEts));
}

// `ethtool -A`: ice refuses link flow control while PFC is on
// (ice_set_pauseparam: "Priority flow control enabled. Cannot set link flow
// control."); the lines as ethtool's netlink printing writes them.
bool NodeDouble::pause(const std::string &rx, const std::string &tx, std::string *error)
{
    if (m_driver == "ice") {
        auto pfc = readJson({"dcb", "-j", "pfc", "show", "dev", m_iface});
        if (pfc.contains("prio_pfc"))
            for (const auto &on : pfc["prio_pfc"])
                if (on.get<bool>())
                    return fail(error, "netlink error: Operation not supported");
    }
    const std::vector<std::string> show = {"ethtool", "-a", m_iface};
    std::string text = slurp(cmdFile(show) + ".out");
    std::string out;
    for (const auto &line : sys::lines(text)) {
        auto words = sys::splitWhitespace(line);
        if (words.size() == 2 && words[0] == "RX:")
            out += "RX:\t\t" + rx + "\n";
        else if (words.size() == 2 && words[0] == "TX:")
            out += "TX:\t\t" + tx + "\n";
        else
            out += line + "\n";
    }
    std::ofstream(cmdFile(show) + ".out", std::ios::trunc) << out;
    return true;
}

// `dcb pfc set dev IF prio-pfc P:on ...` reads the configuration and sends it
// back with those priorities changed (dcb_cmd_pfc_set); ice refuses it while
// the firmware agent runs (ice_dcbnl_setpfc: -EINVAL when LLD_MANAGED).
bool NodeDouble::pfcSet(const std::vector<std::string> &argv, std::string *error)
{
    if (m_driver == "ice") {
        std::string flags = slurp(cmdFile({"ethtool", "--show-priv-flags", m_iface}) + ".out");
        auto at = flags.find("fw-lldp-agent");
        if (at != std::string::npos && flags.substr(flags.find(':', at) + 1, 4).find("on") != std::string::npos)
            return fail(error, "Error: Invalid argument");
    }
    const std::vector<std::string> show = {"dcb", "-j", "pfc", "show", "dev", m_iface};
    Json pfc = readJson(show);
    for (size_t i = 6; i < argv.size(); ++i) {
        auto [prio, value] = mapping(argv[i]);
        for (int p = 0; p < 8; ++p)
            if (prio == -1 || prio == p)
                pfc["prio_pfc"][size_t(p)] = value == "on";
    }
    writeJson(show, pfc);
    return true;
}

// The DSCP app table (ice_dcbnl_setapp / ice_dcbnl_delapp; mlx5e_dcbnl_ieee_setapp
// / _delapp): README of tool-output/dcb and the ice source.
bool NodeDouble::app(const std::string &verb, int dscp, int prio, std::string *error)
{
    const std::vector<std::string> show = {"dcb", "-j", "app", "show", "dev", m_iface};
    Json table = readJson(show);
    Json entries = table.contains("dscp_prio") ? table["dscp_prio"] : Json::array();
    auto find = [&](int d, int p) {
        for (size_t i = 0; i < entries.size(); ++i)
            if (entries[i][0] == d && (p < 0 || entries[i][1] == p))
                return int(i);
        return -1;
    };
    if (verb == "add") {
        if (find(dscp, prio) >= 0)
            return fail(error, "Error: File exists"); // dcb_ieee_setapp: -EEXIST
        int other = find(dscp, -1);
        if (other >= 0) {
            if (m_driver == "ice")
                return fail(error, "Error: Invalid argument"); // "DSCP value ... already user mapped"
            entries.erase(entries.begin() + other);           // mlx5 deletes the old entry itself
        }
        if (m_driver == "ice" && entries.empty())
            writeJson({"dcb", "-j", "ets", "show", "dev", m_iface}, Json::parse(kIceDscpDefaultEts));
        entries.push_back(Json::array({dscp, prio, " "}));
        std::sort(entries.begin(), entries.end()); // dcb sorts the table before printing
    } else {
        int at = find(dscp, prio);
        if (at < 0)
            return fail(error, "Error: No such file or directory"); // dcb_ieee_delapp: -ENOENT
        entries.erase(entries.begin() + at);
        if (m_driver == "ice" && entries.empty()) {
            // The last DSCP entry: back to VLAN mode and the software default
            // of the whole DCB configuration (ice_dcbnl_delapp).
            iceSwDefault();
            return true;
        }
    }
    Json out = Json::object();
    if (!entries.empty())
        out["dscp_prio"] = entries;
    writeJson(show, out);
    return true;
}

// `dcb ets set dev IF tc-tsa ... tc-bw ...`: read-modify-write of tc_tsa and
// tc_bw (dcb_cmd_ets_set); ice takes bandwidth and TSA and keeps prio_tc in
// DSCP mode (ice_dcbnl_setets).
bool NodeDouble::etsSet(const std::vector<std::string> &argv, std::string *error)
{
    const std::vector<std::string> show = {"dcb", "-j", "ets", "show", "dev", m_iface};
    Json ets = readJson(show);
    std::string field;
    for (size_t i = 5; i < argv.size(); ++i) {
        if (argv[i] == "tc-tsa" || argv[i] == "tc-bw") {
            field = argv[i] == "tc-tsa" ? "tc_tsa" : "tc_bw";
            continue;
        }
        auto [tc, value] = mapping(argv[i]);
        for (int t = 0; t < 8; ++t)
            if (tc == -1 || tc == t)
                ets[field][size_t(t)] = field == "tc_bw" ? Json(std::stoi(value)) : Json(value);
    }
    int sum = 0;
    for (const auto &bw : ets["tc_bw"])
        sum += bw.get<int>();
    if (sum != 100)
        return fail(error, "Bandwidth for TCs does not sum to 100"); // dcb_ets_validate_bw
    ets["pg_bw"] = ets["tc_bw"];
    ets["reco_tc_bw"] = ets["tc_bw"];
    ets["reco_tc_tsa"] = ets["tc_tsa"];
    writeJson(show, ets);
    return true;
}

// ice's RDMA devlink parameters (ice_devlink.c, devlink/ice.rst): each
// refused while the other mode is on; enable_iwarp false unplugs the RDMA
// device; enable_roce true plugs a new one, which rdma-core's udev rule names
// by PCI location (rdma_rename NAME_FALLBACK: roce + p<bus>s<slot>[f<fn>]).
bool NodeDouble::devlinkSet(const std::string &pci, const std::string &name, bool value, std::string *error)
{
    const std::vector<std::string> show = {"devlink", "-j", "dev", "param", "show"};
    Json doc = readJson(show);
    Json &params = doc["param"]["pci/" + pci];
    auto get = [&](const char *n) {
        for (auto &p : params)
            if (p["name"] == n)
                return p["values"][0]["value"].get<bool>();
        return false;
    };
    auto set = [&](const char *n, bool v) {
        for (auto &p : params)
            if (p["name"] == n)
                p["values"][0]["value"] = v;
    };
    if (name == "enable_iwarp" && get("enable_roce"))
        return fail(error, "Error: RoCEv2 is currently enabled. This device cannot enable iWARP and RoCEv2 "
                           "simultaneously");
    if (name == "enable_roce" && get("enable_iwarp"))
        return fail(error, "Error: iWARP is currently enabled. This device cannot enable iWARP and RoCEv2 "
                           "simultaneously");
    if (get(name.c_str()) == value && value)
        throw std::runtime_error("the plan sets " + name + " true while it is true: ice re-plugs the device (N1)");
    set(name.c_str(), value);
    writeJson(show, doc);
    if (!value)
        setIbDevice(pci, std::nullopt);
    else
        setIbDevice(pci, name == "enable_roce" ? "1: CA" : "4: RNIC");
    return true;
}

void NodeDouble::setIbDevice(const std::string &pci, const std::optional<std::string> &nodeType)
{
    sys::Root r(m_root);
    for (const auto &dev : r.list("sys/class/infiniband")) {
        auto target = r.linkTarget("sys/class/infiniband/" + dev);
        if (target && target->find(pci) != std::string::npos) {
            fs::remove_all(m_root + "/" + *target);
            fs::remove(m_root + "/sys/class/infiniband/" + dev);
        }
    }
    if (!nodeType)
        return;
    auto pciDir = r.linkTarget("sys/class/net/" + m_iface + "/device");
    unsigned dom = 0, bus = 0, slot = 0, fn = 0;
    std::sscanf(pci.c_str(), "%x:%x:%x.%x", &dom, &bus, &slot, &fn);
    const std::string name = std::string(*nodeType == "1: CA" ? "roce" : "iw") + "p" + std::to_string(bus) + "s" +
                             std::to_string(slot) + "f" + std::to_string(fn);
    const std::string dir = *pciDir + "/infiniband/" + name;
    fs::create_directories(m_root + "/" + dir + "/ports/1");
    std::ofstream(m_root + "/" + dir + "/node_type") << *nodeType << "\n";
    std::ofstream(m_root + "/" + dir + "/ports/1/state") << "4: ACTIVE\n";
    std::ofstream(m_root + "/" + dir + "/ports/1/link_layer") << "Ethernet\n";
    fs::create_directory_symlink(fs::relative(m_root + "/" + *pciDir, m_root + "/" + dir), m_root + "/" + dir + "/device");
    fs::create_directory_symlink(fs::relative(m_root + "/" + dir, m_root + "/sys/class/infiniband"),
                                 m_root + "/sys/class/infiniband/" + name);
}

bool NodeDouble::run(const std::vector<std::string> &a, std::string *error)
{
    const size_t n = a.size();
    auto is = [&](std::initializer_list<const char *> prefix) {
        size_t i = 0;
        for (const char *w : prefix)
            if (i >= n || a[i++] != w)
                return false;
        return true;
    };
    if (is({"ip", "link", "set", "dev"}) && n == 7 && a[5] == "mtu") {
        write("/sys/class/net/" + a[4] + "/mtu", a[6] + "\n"); // sysfs mtu is dev->mtu
        return true;
    }
    if (is({"ip", "link", "set", "dev"}) && n == 6 && (a[5] == "up" || a[5] == "down")) {
        // IFF_UP in sysfs flags (a hex number, "0x1003"); operstate follows
        // with the carrier, which the cable here has.
        const std::string dir = "/sys/class/net/" + a[4];
        long flags = std::stol(read(dir + "/flags").value_or("0x1002"), nullptr, 16);
        flags = a[5] == "up" ? (flags | 0x1) : (flags & ~0x1L);
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%lx\n", flags);
        write(dir + "/flags", hex);
        write(dir + "/operstate", a[5] + "\n");
        return true;
    }
    if (is({"ip", "addr"}) && n == 6 && (a[2] == "add" || a[2] == "del") && a[4] == "dev") {
        // The addr_info entry of `ip -j addr show` (tool-output/ip/addr-show).
        const std::vector<std::string> show = {"ip", "-j", "addr", "show"};
        Json links = readJson(show);
        const std::string local = a[3].substr(0, a[3].find('/'));
        const int len = std::stoi(a[3].substr(a[3].find('/') + 1));
        for (auto &l : links) {
            if (l["ifname"] != a[5])
                continue;
            Json &info = l["addr_info"];
            if (!info.is_array())
                info = Json::array();
            auto it = std::find_if(info.begin(), info.end(), [&](const Json &e) {
                return e["family"] == "inet" && e["local"] == local && e["prefixlen"] == len;
            });
            if (a[2] == "add") {
                if (it != info.end())
                    return fail(error, "RTNETLINK answers: File exists");
                info.push_back({{"family", "inet"}, {"local", local}, {"prefixlen", len}, {"scope", "global"},
                                {"label", a[5]}});
            } else {
                if (it == info.end())
                    return fail(error, "RTNETLINK answers: Cannot assign requested address");
                info.erase(it);
            }
        }
        writeJson(show, links);
        return true;
    }
    if (is({"ip", "route"}) && n >= 4 && (a[2] == "replace" || a[2] == "del")) {
        // One route per prefix here (the main table's metric 0), as
        // tool-output/ip/route-show-dev-32 and -via-32 print it.
        const std::vector<std::string> show = {"ip", "-j", "route", "show", a[3]};
        if (a[2] == "del") {
            writeJson(show, Json::array());
            return true;
        }
        Json r = {{"dst", a[3].substr(0, a[3].find('/'))}};
        for (size_t i = 4; i + 1 < n; i += 2) {
            if (a[i] == "via")
                r["gateway"] = a[i + 1];
            else if (a[i] == "dev")
                r["dev"] = a[i + 1];
        }
        if (!r.contains("gateway"))
            r["scope"] = "link";
        r["flags"] = Json::array();
        writeJson(show, Json::array({r}));
        return true;
    }
    if (is({"ethtool", "--set-priv-flags"}) && n == 5 && a[3] == "fw-lldp-agent")
        return privFlag(a[4], error);
    if (is({"ethtool", "-A"}) && n == 7 && a[3] == "rx" && a[5] == "tx")
        return pause(a[4], a[6], error);
    if (is({"dcb", "pfc", "set", "dev"}) && n > 6 && a[5] == "prio-pfc")
        return pfcSet(a, error);
    if (is({"dcb", "app"}) && n == 7 && (a[2] == "add" || a[2] == "del") && a[5] == "dscp-prio") {
        auto [d, p] = mapping(a[6]);
        return app(a[2], d, std::stoi(p), error);
    }
    if (is({"dcb", "ets", "set", "dev"}))
        return etsSet(a, error);
    if (is({"devlink", "dev", "param", "set"}) && n == 11 && a[5] == "name" && a[7] == "value")
        return devlinkSet(a[4].substr(4), a[6], a[8] == "true", error);
    if (is({"modprobe", "-r"}) && n == 3) {
        remove("/sys/module/" + a[2]);
        return true;
    }
    if (is({"modprobe"}) && n == 2) {
        fs::create_directories(path("/sys/module/" + a[1]));
        return true;
    }
    if (is({"rdma", "link", "add"}) && n == 8 && a[4] == "type" && a[5] == "rxe" && a[6] == "netdev") {
        // An rxe device names its netdev in `parent` and has no PCI device.
        const std::string dir = "/sys/class/infiniband/" + a[3];
        write(dir + "/node_type", "1: CA\n");
        write(dir + "/parent", a[7] + "\n");
        write(dir + "/ports/1/state", "4: ACTIVE\n");
        write(dir + "/ports/1/link_layer", "Ethernet\n");
        return true;
    }
    if (is({"rdma", "link", "delete"}) && n == 4) {
        remove("/sys/class/infiniband/" + a[3]);
        return true;
    }
    if (is({"mkdir"}) && n == 2 && sys::startsWith(a[1], "/sys/kernel/config/rdma_cm/")) {
        // make_cma_dev: the device's group with its ports, ToS 0.
        write(a[1] + "/ports/1/default_roce_tos", "0\n");
        return true;
    }
    if (is({"rmdir"}) && n == 2) {
        remove(a[1]);
        return true;
    }
    // Reading files again: what NetworkManager and systemd hold in memory is
    // not part of a snapshot.
    if (is({"systemctl", "daemon-reload"}) || is({"udevadm", "settle"}) || is({"nmcli", "connection", "reload"}))
        return true;
    if (is({"systemctl"}) && n == 3 && (a[1] == "enable" || a[1] == "disable")) {
        if (!read("/etc/systemd/system/" + a[2]))
            return fail(error, "Failed to " + a[1] + " unit: Unit file " + a[2] + " does not exist.");
        if (a[1] == "enable")
            m_enabled.insert(a[2]);
        else
            m_enabled.erase(a[2]);
        refreshUnit(a[2]);
        return true;
    }
    throw std::runtime_error("the node double does not know `" + joined(a) + "`");
}

std::vector<AppliedStep> applyToDouble(const roce::Plan &plan, NodeDouble &node, std::string *error)
{
    std::vector<AppliedStep> out;
    const sys::Root root(node.root());
    for (const auto &planned : plan.steps) {
        AppliedStep a;
        a.step = planned;
        roce::redescribeStep(a.step, root, roce::Moment::Apply);
        if (a.step.state == roce::StepState::Unknown) {
            if (error)
                *error = "step " + a.step.id + ": unknown: " + a.step.unknownReason;
            return out;
        }
        if (a.step.done()) {
            out.push_back(std::move(a));
            continue;
        }
        for (const auto &f : a.step.files)
            a.backups.emplace_back(f.path, node.read(f.path));
        for (const auto &f : a.step.undoFiles)
            if (std::none_of(a.backups.begin(), a.backups.end(), [&](auto &b) { return b.first == f; }))
                a.backups.emplace_back(f, node.read(f));
        a.ran = true;
        for (const auto &f : a.step.files)
            node.write(f.path, f.content);
        for (const auto &argv : a.step.commands) {
            std::string why;
            if (!node.run(argv, &why)) {
                if (error)
                    *error = "step " + a.step.id + ": `" + joined(argv) + "`: " + why;
                out.push_back(std::move(a));
                return out;
            }
        }
        out.push_back(std::move(a));
    }
    return out;
}

bool rollbackDouble(const std::vector<AppliedStep> &applied, NodeDouble &node, std::string *error)
{
    for (auto it = applied.rbegin(); it != applied.rend(); ++it) {
        if (!it->ran)
            continue;
        for (const auto &argv : it->step.undo) {
            std::string why;
            if (!node.run(argv, &why)) {
                if (error)
                    *error = "undo of " + it->step.id + ": `" + joined(argv) + "`: " + why;
                return false;
            }
        }
        for (const auto &[p, before] : it->backups) {
            if (before)
                node.write(p, *before);
            else
                node.remove(p);
        }
        for (const auto &argv : it->step.undoAfterFiles) {
            std::string why;
            if (!node.run(argv, &why)) {
                if (error)
                    *error = "undo of " + it->step.id + ": `" + joined(argv) + "`: " + why;
                return false;
            }
        }
    }
    return true;
}

std::vector<std::pair<std::string, std::string>> treeOf(const std::string &dir)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
        const std::string rel = fs::relative(it->path(), dir).string();
        if (it->is_symlink()) {
            out.emplace_back(rel, "-> " + fs::read_symlink(it->path()).string());
            it.disable_recursion_pending();
        } else if (it->is_regular_file()) {
            std::string content = slurp(it->path());
            // JSON written back by the double compares by value.
            auto doc = Json::parse(content, nullptr, false);
            out.emplace_back(rel, doc.is_discarded() ? content : doc.dump());
        } // folders: only through what they hold (git keeps no empty ones)
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace halolink::test
