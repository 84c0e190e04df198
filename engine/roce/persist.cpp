// Boot-time configuration (persist.h).

#include "roce/persist.h"

#include <algorithm>
#include <array>
#include <fnmatch.h>

#include "roce/ipv4.h"
#include "roce/plan_texts.h"
#include "sys/text.h"

namespace halolink::roce {

namespace {

// ------------------------------------------------------------ which stack

enum class Stack { Netplan, NetworkManager, Networkd, None, Unknown };

const char *stackName(Stack s)
{
    switch (s) {
    case Stack::Netplan:
        return "netplan";
    case Stack::NetworkManager:
        return "networkmanager";
    case Stack::Networkd:
        return "networkd";
    case Stack::None:
        return "none";
    case Stack::Unknown:
        break;
    }
    return "unknown";
}

bool hasYaml(const sys::Root &root, const char *dir)
{
    for (const auto &f : root.list(dir))
        if (f.size() > 5 && f.compare(f.size() - 5, 5, ".yaml") == 0)
            return true;
    return false;
}

// `systemctl is-active UNIT`: its word on stdout (active, inactive,
// failed, activating, ...; tests/fixtures/tool-output/systemctl/), or
// nullopt when it printed none (systemd not running, not installed).
std::optional<std::string> unitState(const sys::Root &root, const std::string &unit)
{
    return parseIsActive(root.run({"systemctl", "is-active", unit}));
}

bool running(const std::optional<std::string> &state)
{
    return state && (*state == "active" || *state == "activating" || *state == "reloading");
}

// The stack that will configure the interface at the next boot. netplan
// first: where its YAML exists, it generates the NetworkManager or networkd
// configuration at boot, and a file of ours for either would lose to it.
Stack detectStack(const sys::Root &root, std::string &why)
{
    if (hasYaml(root, "etc/netplan") || hasYaml(root, "lib/netplan") || hasYaml(root, "run/netplan"))
        return Stack::Netplan;
    const auto nmRun = root.run({"systemctl", "is-active", "NetworkManager.service"});
    // systemctl on a machine whose PID 1 is not systemd (seen here, systemd
    // 252: tests/fixtures/tool-output/systemctl/): no boot-time unit or
    // networkd there; nothing HaloLink writes would take effect.
    if (nmRun.err.find("has not been booted with systemd") != std::string::npos) {
        why = "systemd is not this machine's init (PID 1)";
        return Stack::None;
    }
    auto nm = parseIsActive(nmRun);
    auto nd = unitState(root, "systemd-networkd.service");
    if (running(nm))
        return Stack::NetworkManager;
    if (running(nd))
        return Stack::Networkd;
    if (nm && nd) {
        why = "neither NetworkManager (" + *nm + ") nor systemd-networkd (" + *nd + ") runs";
        return Stack::None;
    }
    why = "`systemctl is-active NetworkManager.service systemd-networkd.service` gave no answer: which network "
          "stack runs cannot be told";
    return Stack::Unknown;
}

// ------------------------------------------------------------ the files

struct NetworkFile {
    std::string path;
    std::string content;
    int mode = 0644;
};

NetworkFile networkFile(Stack stack, const Json &args)
{
    const std::string iface = argString(args, "interface");
    const std::string address = argString(args, "address");
    const int mtu = argInt(args, "mtu", 9000);
    std::vector<std::string> routes;
    if (args.contains("routes") && args["routes"].is_array())
        for (const auto &r : args["routes"])
            if (r.is_string())
                routes.push_back(r.get<std::string>());
    const std::string head = "# Written by halolink-engine (RoCE data plane)\n";
    NetworkFile f;
    if (stack == Stack::Netplan) {
        // netplan warns about files others can read; link routes need
        // `scope: link` (a global unicast route must name a gateway).
        f.path = "/etc/netplan/90-halolink-" + iface + ".yaml";
        f.mode = 0600;
        f.content = head + "network:\n  version: 2\n  ethernets:\n    " + iface +
                    ":\n      dhcp4: false\n      dhcp6: false\n      link-local: []\n      optional: true\n"
                    "      mtu: " +
                    std::to_string(mtu) + "\n      addresses:\n        - " + address + "\n";
        if (!routes.empty()) {
            f.content += "      routes:\n";
            for (const auto &r : routes)
                f.content += "        - to: " + r + "\n          scope: link\n";
        }
    } else if (stack == Stack::NetworkManager) {
        // NM ignores keyfiles that others can read (nm-settings-keyfile(5)).
        f.path = "/etc/NetworkManager/system-connections/halolink-" + iface + ".nmconnection";
        f.mode = 0600;
        f.content = head + "[connection]\nid=halolink-" + iface + "\ntype=ethernet\ninterface-name=" + iface +
                    "\nautoconnect=true\nautoconnect-priority=100\n\n[ethernet]\nmtu=" + std::to_string(mtu) +
                    "\n\n[ipv4]\nmethod=manual\naddress1=" + address + "\nnever-default=true\n";
        for (size_t i = 0; i < routes.size(); ++i)
            f.content += "route" + std::to_string(i + 1) + "=" + routes[i] + "\n";
        f.content += "\n[ipv6]\nmethod=disabled\n";
    } else {
        // The first .network file in lexical order that matches a link is
        // the one networkd uses (systemd.network(5)): 09- comes before the
        // usual 10- to 99- names (netplan's, cloud-init's, the distro's).
        f.path = "/etc/systemd/network/09-halolink-" + iface + ".network";
        f.content = head + "[Match]\nName=" + iface + "\n\n[Link]\nMTUBytes=" + std::to_string(mtu) +
                    "\nRequiredForOnline=no\n\n[Network]\nAddress=" + address + "\nLinkLocalAddressing=no\n";
        for (const auto &r : routes)
            f.content += "\n[Route]\nDestination=" + r + "\n";
    }
    return f;
}

// ------------------------------------------------------------ step kinds

void describeFile(const sys::Root &root, const Json &args, Step &step, Moment)
{
    const std::string path = argString(args, "path");
    const std::string content = argString(args, "content");
    step.files = {FileWrite{path, content, argInt(args, "mode", 0644)}};
    step.check = path + " has this content";
    auto now = root.read(path.substr(1));
    if (now && *now == content) {
        step.state = StepState::Done;
        return;
    }
    step.undoFiles = {path};
}

void describeNetworkPersistence(const sys::Root &root, const Json &args, Step &step, Moment)
{
    std::string why;
    const Stack stack = detectStack(root, why);
    if (stack == Stack::Unknown || stack == Stack::None) {
        step.check = "the active network stack's file for " + argString(args, "interface");
        return setUnknown(step, why);
    }
    const NetworkFile f = networkFile(stack, args);
    step.files = {FileWrite{f.path, f.content, f.mode}};
    step.check = f.path + " has this content (" + stackName(stack) + " is the active network stack)";
    auto now = root.read(f.path.substr(1));
    if (now && *now == f.content) {
        step.state = StepState::Done;
        return;
    }
    step.undoFiles = {f.path};
    // NetworkManager keeps a connection it read (after a reboot: active on
    // the netdev) until it reads its files again.
    if (stack == Stack::NetworkManager)
        step.undoAfterFiles = {{"nmcli", "connection", "reload"}};
}

// `systemctl is-enabled UNIT`: true, false (disabled, or no such unit
// file), nullopt when it cannot tell.
std::optional<bool> unitEnabled(const sys::Root &root, const std::string &unit)
{
    auto state = parseUnitFileState(root.run({"systemctl", "is-enabled", unit}));
    if (!state)
        return std::nullopt;
    return *state == "enabled" || *state == "enabled-runtime";
}

void describeBootUnit(const sys::Root &root, const Json &args, Step &step, Moment)
{
    const std::string unit = argString(args, "unit");
    const std::string unitPath = argString(args, "unit_path");
    const std::string scriptPath = argString(args, "script_path");
    const std::string unitContent = argString(args, "unit_content");
    const std::string scriptContent = argString(args, "script_content");
    step.files = {FileWrite{scriptPath, scriptContent, 0755}, FileWrite{unitPath, unitContent, 0644}};
    step.commands = {{"systemctl", "daemon-reload"}, {"systemctl", "enable", unit}};
    step.check = scriptPath + " and " + unitPath + " have this content and " + unit + " is enabled";
    auto script = root.read(scriptPath.substr(1));
    auto unitNow = root.read(unitPath.substr(1));
    const bool same = script && *script == scriptContent && unitNow && *unitNow == unitContent;
    auto enabled = unitEnabled(root, unit);
    if (!enabled)
        return setUnknown(step, "`systemctl is-enabled " + unit + "` gave no answer");
    if (same && *enabled) {
        step.state = StepState::Done;
        return;
    }
    // Undo: disable while the unit file is still there (commands are undone
    // before files are restored), then the files go back to what they were.
    if (!*enabled)
        step.undo = {{"systemctl", "disable", unit}};
    step.undoFiles = {scriptPath, unitPath};
    step.undoAfterFiles = {{"systemctl", "daemon-reload"}}; // forget the unit file that is gone
}

constexpr std::array kKinds{
    StepKind{"file", describeFile},
    StepKind{"network_persistence", describeNetworkPersistence},
    StepKind{"boot_unit", describeBootUnit},
};

// A .network file that networkd would use for `iface` before ours.
std::optional<std::string> shadowingNetworkFile(const sys::Root &root, const std::string &iface,
                                                 const std::string &ours)
{
    std::vector<std::pair<std::string, std::string>> files; // name, path
    for (const char *dir : {"etc/systemd/network", "run/systemd/network", "usr/local/lib/systemd/network",
                            "usr/lib/systemd/network", "lib/systemd/network"})
        for (const auto &f : root.list(dir))
            if (f.size() > 8 && f.compare(f.size() - 8, 8, ".network") == 0 &&
                std::none_of(files.begin(), files.end(), [&](auto &e) { return e.first == f; }))
                files.emplace_back(f, std::string(dir) + "/" + f); // /etc hides the same name elsewhere
    std::sort(files.begin(), files.end());
    for (const auto &[name, path] : files) {
        if (name >= ours)
            break;
        auto text = root.read(path);
        if (!text)
            continue;
        bool inMatch = false, matchesName = false, otherKeys = false, anyName = false;
        for (const auto &raw : sys::lines(*text)) {
            const std::string line = sys::trim(raw);
            if (line.empty() || line[0] == '#' || line[0] == ';')
                continue;
            if (line[0] == '[') {
                inMatch = line == "[Match]";
                continue;
            }
            if (!inMatch)
                continue;
            auto eq = line.find('=');
            const std::string key = sys::trim(line.substr(0, eq));
            const std::string value = eq == std::string::npos ? "" : sys::trim(line.substr(eq + 1));
            if (key == "Name") {
                anyName = true;
                for (const auto &glob : sys::splitWhitespace(value))
                    matchesName |= ::fnmatch(glob.c_str(), iface.c_str(), 0) == 0;
            } else {
                otherKeys = true;
            }
        }
        if (matchesName || (!anyName && otherKeys) || (!anyName && !otherKeys))
            return "/" + path;
    }
    return std::nullopt;
}

std::string quoted(const std::string &word)
{
    return shellLine({word});
}

} // namespace

std::optional<std::string> parseIsActive(const sys::CommandResult &r)
{
    const std::string word = sys::trim(r.out);
    if (!r.found || r.timedOut || word.empty() || word.find_first_of(" \n\t") != std::string::npos)
        return std::nullopt;
    return word;
}

std::optional<std::string> parseUnitFileState(const sys::CommandResult &r)
{
    if (!r.found || r.timedOut)
        return std::nullopt;
    const std::string word = sys::trim(r.out);
    // systemd 252: nothing on stdout and "Failed to get unit file state for
    // X: No such file or directory"; 253 and later print "not-found".
    if (word.empty() && r.err.find("No such file or directory") != std::string::npos)
        return std::string("not-found");
    if (word.empty() || word.find_first_of(" \n\t") != std::string::npos)
        return std::nullopt;
    return word;
}

std::span<const StepKind> persistStepKinds()
{
    return kKinds;
}

std::string systemdEscape(const std::string &name)
{
    std::string out;
    for (size_t i = 0; i < name.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ':' ||
                          c == '_' || (c == '.' && i > 0);
        if (keep) {
            out += char(c);
        } else {
            char buf[5];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        }
    }
    return out;
}

void BootScript::run(const std::vector<std::string> &argv)
{
    m_lines.push_back("run " + shellLine(argv));
}

void BootScript::runUnless(const std::vector<std::string> &argv, const std::string &check)
{
    m_lines.push_back("if ! " + shellLine(argv) + "; then " + check + " || failed " + quoted(shellLine(argv)) +
                      "; fi");
}

void BootScript::line(const std::string &shell)
{
    m_lines.push_back(shell);
}

std::string BootScript::text(const std::string &interface) const
{
    std::string s = "#!/bin/sh\n"
                    "# Written by halolink-engine: run at boot by halolink-roce-" +
                    interface +
                    ".service, after the netdev appears and before the\n"
                    "# network is configured, to re-apply the RoCE settings of " +
                    interface +
                    " that the kernel does not keep.\n"
                    "# A command that fails is reported; the rest still run; the exit status says whether all "
                    "worked.\n"
                    "status=0\n"
                    "failed() { echo \"halolink-roce: failed: $*\" >&2; status=1; }\n"
                    "run() { \"$@\" || failed \"$*\"; }\n";
    for (const auto &l : m_lines)
        s += l + "\n";
    s += "exit $status\n";
    return s;
}

void planPersistence(PlanBuilder &b, const Backend &backend)
{
    const Spec &spec = b.spec;
    Plan &plan = b.plan;
    auto own = *parseCidr(spec.address);

    // ---- the address, MTU and routes
    Json routes = Json::array();
    for (auto &peer : spec.peers) {
        Cidr p{*parseIpv4(peer), 32};
        if (Cidr{p.addr, own.prefix}.network() != own.network())
            routes.push_back(peer + "/32");
    }
    std::string why;
    const Stack stack = detectStack(b.root, why);
    if (b.root.run({"systemctl", "is-active", "NetworkManager.service"}).err.find("has not been booted with systemd") !=
        std::string::npos) {
        // No init that reads unit files, modules-load.d or networkd's: nothing
        // to write that would take effect at the next boot.
        plan.warn("warning.no_persistence_stack", {{"interface", spec.interface}, {"reason", why}});
        return;
    }
    if (stack == Stack::None) {
        plan.warn("warning.no_persistence_stack", {{"interface", spec.interface}, {"reason", why}});
    } else {
        static const std::array<const char *, 5> keys = {"step.persist_netplan", "step.persist_networkmanager",
                                                          "step.persist_networkd", "", "step.persist_network_unknown"};
        b.step("persist_network", keys[size_t(stack)], Json::object(), "network_persistence",
               {{"interface", spec.interface}, {"address", spec.address}, {"mtu", b.mtu}, {"routes", routes}});
        if (stack == Stack::NetworkManager) {
            if (auto out = b.cmdOut({"nmcli", "-t", "-f", "DEVICE,STATE", "device"}))
                for (const auto &l : sys::lines(*out))
                    if (l == spec.interface + ":unmanaged")
                        plan.warn("warning.nm_unmanaged", {{"interface", spec.interface}});
        } else if (stack == Stack::Networkd) {
            const std::string ours = "09-halolink-" + spec.interface + ".network";
            if (auto other = shadowingNetworkFile(b.root, spec.interface, ours))
                plan.warn("warning.networkd_shadowed", {{"interface", spec.interface}, {"file", *other}});
        }
    }

    // ---- modules
    if (backend.persistModules)
        backend.persistModules(b);

    // ---- what the kernel does not keep
    BootScript script;
    if (backend.bootScript)
        backend.bootScript(b, script);
    const Step *tos = nullptr;
    for (const auto &s : plan.steps)
        if (s.id == "roce_tos")
            tos = &s;
    if (tos) {
        const int port = argInt(tos->kindArgs, "port", 1);
        const std::string fixed = argString(tos->kindArgs, "device");
        script.run({"modprobe", "rdma_cm"});
        if (!fixed.empty()) {
            script.line("dev=" + quoted(fixed));
        } else {
            // The RDMA device sits under the netdev's PCI function; udev may
            // rename it (rdma-core's rdma_rename) once it appears.
            const std::string dir = "/sys/class/net/" + spec.interface + "/device/infiniband";
            script.line("dev=");
            script.line("for i in $(seq 120); do for d in " + quoted(dir) +
                        "/*; do [ -e \"$d\" ] && dev=${d##*/}; done; [ -n \"$dev\" ] && break; sleep 0.5; done");
            script.line("udevadm settle --timeout=30 || true");
            script.line("for d in " + quoted(dir) + "/*; do [ -e \"$d\" ] && dev=${d##*/}; done");
            script.line("[ -n \"$dev\" ] || failed " + quoted("no RDMA device on " + spec.interface));
        }
        const std::string tosValue = std::to_string(spec.qos.tos);
        script.line("if [ -n \"$dev\" ]; then");
        script.line("  run mkdir -p \"/sys/kernel/config/rdma_cm/$dev\"");
        script.line("  echo " + tosValue + " >\"/sys/kernel/config/rdma_cm/$dev/ports/" + std::to_string(port) +
                    "/default_roce_tos\" || failed " + quoted("default_roce_tos " + tosValue));
        script.line("fi");
    }
    if (script.empty())
        return;

    const std::string unit = "halolink-roce-" + spec.interface + ".service";
    const std::string unitPath = "/etc/systemd/system/" + unit;
    const std::string scriptPath = "/usr/local/sbin/halolink-roce-" + spec.interface;
    const std::string netdevUnit = "sys-subsystem-net-devices-" + systemdEscape(spec.interface) + ".device";
    const std::string unitContent =
        "# Written by halolink-engine: re-applies at boot the RoCE settings of " + spec.interface +
        " that the kernel does not keep\n"
        "[Unit]\n"
        "Description=HaloLink RoCE settings for " +
        spec.interface +
        "\n"
        "# After the netdev appears, before the network stack sets its addresses and\n"
        "# routes: on some drivers (ice) a DCB change closes and reopens the netdev,\n"
        "# which drops its routes.\n"
        "BindsTo=" +
        netdevUnit + "\nAfter=" + netdevUnit +
        " systemd-modules-load.service sys-kernel-config.mount\n"
        "Before=network-pre.target\nWants=network-pre.target\n\n"
        "[Service]\nType=oneshot\nRemainAfterExit=yes\nExecStart=/bin/sh " +
        scriptPath + "\n\n[Install]\nWantedBy=multi-user.target\n";
    b.step("persist_unit", "step.persist_unit", Json::object(), "boot_unit",
           {{"unit", unit},
            {"unit_path", unitPath},
            {"unit_content", unitContent},
            {"script_path", scriptPath},
            {"script_content", script.text(spec.interface)}});
}

} // namespace halolink::roce
