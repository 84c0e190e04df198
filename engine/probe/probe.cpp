#include "probe/probe.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cstdlib>
#include <map>
#include <regex>
#include <set>

#include "halolink/protocol.h"
#include "gpu/rocm_smi.h"
#include "probe/probe_internal.h"
#include "rdma/verbs.h"
#include "sys/text.h"

namespace halolink::probe {

using sys::Root;

namespace {

bool isPciAddress(const std::string &s)
{
    static const std::regex bdf("^[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]$");
    return std::regex_match(s, bdf);
}

// The nearest PCI function on a device path ("…/0000:c2:00.0/ice.roce.0" ->
// that function's path), as a root-relative path.
std::optional<std::string> nearestPciPath(const std::string &devicePath)
{
    std::string p = devicePath;
    while (!p.empty()) {
        if (isPciAddress(sys::baseName(p)))
            return p;
        p = sys::dirName(p);
    }
    return std::nullopt;
}

// "4: ACTIVE" -> "ACTIVE"
std::optional<std::string> afterColon(const std::optional<std::string> &s)
{
    if (!s)
        return std::nullopt;
    auto pos = s->find(':');
    return sys::trim(pos == std::string::npos ? *s : s->substr(pos + 1));
}

// "16.0 GT/s PCIe" -> 16.0; "Unknown" -> nullopt
std::optional<double> linkSpeed(const std::optional<std::string> &s)
{
    if (!s)
        return std::nullopt;
    auto v = sys::parseDouble(s->substr(0, s->find(' ')));
    if (!v || *v <= 0)
        return std::nullopt;
    return v;
}

struct OsRelease {
    std::optional<std::string> id, versionId, prettyName;
};

std::optional<std::string> osField(const std::string &text, const std::string &key)
{
    auto v = sys::fieldValue(text, key, '=');
    if (!v)
        return std::nullopt;
    std::string s = *v;
    if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front())
        s = s.substr(1, s.size() - 2);
    return s;
}

Json hostJson(const Root &root, Facts &facts, Notes &notes)
{
    Json host;
    auto hostname = root.readLine("proc/sys/kernel/hostname");
    host["hostname"] = orNull(hostname);
    host["kernel"] = orNull(root.readLine("proc/sys/kernel/osrelease"));

    if (auto text = root.read("etc/os-release")) {
        host["os"] = {{"id", orNull(osField(*text, "ID"))},
                      {"version_id", orNull(osField(*text, "VERSION_ID"))},
                      {"pretty_name", orNull(osField(*text, "PRETTY_NAME"))}};
    } else {
        host["os"] = nullptr;
    }

    if (auto cmdline = root.read("proc/cmdline")) {
        Json map = Json::object();
        for (auto &token : sys::splitWhitespace(*cmdline)) {
            auto eq = token.find('=');
            std::string key = eq == std::string::npos ? token : token.substr(0, eq);
            std::string value = eq == std::string::npos ? "" : token.substr(eq + 1);
            map[key] = value; // a repeated key keeps its last value, as the kernel does
            facts.cmdline.emplace_back(key, value);
        }
        host["cmdline"] = map;
    } else {
        host["cmdline"] = nullptr;
    }

    if (auto meminfo = root.read("proc/meminfo")) {
        if (auto kb = sys::fieldValue(*meminfo, "MemTotal", ':')) {
            if (auto n = sys::parseInt(kb->substr(0, kb->find(' '))))
                facts.memoryTotal = *n * 1024;
        }
        if (!facts.memoryTotal)
            notes.add("proc/meminfo", "no readable MemTotal line");
    }
    host["memory_total_bytes"] = orNull(facts.memoryTotal);
    return host;
}

std::optional<std::string> serverAddressOfSsh(const Root &root)
{
    std::optional<std::string> conn;
    if (root.live()) {
        if (const char *env = std::getenv("SSH_CONNECTION"))
            conn = env;
    } else if (auto manifest = root.read("manifest.json")) {
        auto doc = Json::parse(*manifest, nullptr, false);
        if (doc.is_object() && doc.contains("ssh_connection") && doc["ssh_connection"].is_string())
            conn = doc["ssh_connection"].get<std::string>();
    }
    if (!conn)
        return std::nullopt;
    auto parts = sys::splitWhitespace(*conn);
    if (parts.size() < 4)
        return std::nullopt;
    return parts[2];
}

std::string addressOnly(const std::string &cidr)
{
    return cidr.substr(0, cidr.find('/'));
}

std::optional<long long> activeMtuLive(const std::string &device, int port)
{
    const auto &verbs = rdma::Verbs::get();
    if (!verbs.usable())
        return std::nullopt;
    int count = 0;
    ibv_device **list = verbs.get_device_list(&count);
    if (!list)
        return std::nullopt;
    std::optional<long long> mtu;
    for (int i = 0; i < count; ++i) {
        if (device != verbs.get_device_name(list[i]))
            continue;
        if (ibv_context *ctx = verbs.open_device(list[i])) {
            ibv_port_attr attr{};
            if (verbs.query_port(ctx, static_cast<uint8_t>(port), &attr) == 0 && attr.active_mtu >= 1 &&
                attr.active_mtu <= 5)
                mtu = 128LL << attr.active_mtu;
            verbs.close_device(ctx);
        }
        break;
    }
    verbs.free_device_list(list);
    return mtu;
}

// devlink -j dev param show: enable_roce / enable_iwarp of one PCI function.
Json devlinkParams(const Root &root, const std::string &pci, Notes &notes)
{
    auto res = root.run({"devlink", "-j", "dev", "param", "show"});
    if (!res.found)
        return nullptr;
    if (!res.ok()) {
        notes.add("cmd:devlink -j dev param show",
                  res.timedOut ? "timed out" : "exit code " + std::to_string(res.exitCode));
        return nullptr;
    }
    auto params = parseDevlinkRdmaParams(res.out, pci);
    if (!params) {
        notes.add("cmd:devlink -j dev param show", "output is not the expected JSON");
        return nullptr;
    }
    return params->empty() ? Json(nullptr) : *params;
}

std::vector<int> numericNames(const std::vector<std::string> &names)
{
    std::vector<int> out;
    for (auto &n : names)
        if (auto v = sys::parseInt(n); v && *v >= 0 && n.find_first_not_of("0123456789") == std::string::npos)
            out.push_back(static_cast<int>(*v));
    std::sort(out.begin(), out.end());
    return out;
}

bool isIpv4Mapped(const std::string &gid)
{
    return sys::startsWith(gid, "::ffff:") && gid.find('.') != std::string::npos;
}

} // namespace

std::string gfxTargetName(long long version)
{
    long long major = version / 10000;
    long long minor = (version / 100) % 100;
    long long step = version % 100;
    char buf[64];
    std::snprintf(buf, sizeof buf, "gfx%lld%llx%llx", major, minor, step);
    return buf;
}

std::optional<std::string> gidText(const std::string &sysfsGid)
{
    std::string hex;
    for (char c : sys::trim(sysfsGid))
        if (c != ':')
            hex += c;
    if (hex.size() != 32 || hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
        return std::nullopt;
    unsigned char bytes[16];
    for (int i = 0; i < 16; ++i)
        bytes[i] = static_cast<unsigned char>(std::strtoul(hex.substr(static_cast<size_t>(i) * 2, 2).c_str(), nullptr, 16));
    char text[INET6_ADDRSTRLEN];
    if (!::inet_ntop(AF_INET6, bytes, text, sizeof text))
        return std::nullopt;
    return std::string(text);
}

std::vector<std::pair<std::string, std::vector<std::string>>> ipv4Addresses(const Root &root)
{
    auto res = root.run({"ip", "-j", "addr", "show"});
    if (!res.ok())
        return {};
    return parseIpAddr(res.out).value_or(std::vector<std::pair<std::string, std::vector<std::string>>>{});
}

namespace {

struct RdmaCollect {
    std::vector<RdmaPort> ports;
    std::map<std::string, std::string> nodeType; // device -> node_type text
};

RdmaCollect collectRdma(const Root &root,
                        const std::vector<std::pair<std::string, std::optional<std::string>>> &nicPci,
                        const std::map<std::string, std::vector<std::string>> *addresses)
{
    RdmaCollect rc;
    const std::string base = "sys/class/infiniband";
    for (auto &dev : root.list(base)) {
        const std::string d = base + "/" + dev;
        auto nodeType = root.readLine(d + "/node_type");
        rc.nodeType[dev] = nodeType.value_or("");

        std::optional<std::string> pci;
        if (auto target = root.linkTarget(d + "/device"))
            if (auto p = nearestPciPath(*target))
                pci = sys::baseName(*p);

        std::optional<std::string> parent = root.readLine(d + "/parent");
        if (parent && parent->empty())
            parent.reset();

        for (int p : numericNames(root.list(d + "/ports"))) {
            const std::string pd = d + "/ports/" + std::to_string(p);
            RdmaPort port;
            port.device = dev;
            port.port = p;
            port.pci = pci;
            port.linkLayer = root.readLine(pd + "/link_layer");
            port.state = afterColon(root.readLine(pd + "/state"));
            port.physState = afterColon(root.readLine(pd + "/phys_state"));
            port.rate = root.readLine(pd + "/rate");

            bool rnic = nodeType && sys::startsWith(sys::trim(*nodeType), "4");
            if (rnic)
                port.transport = "iwarp";
            else if (port.linkLayer == "InfiniBand")
                port.transport = "infiniband";
            else
                port.transport = "roce";

            for (int n : numericNames(root.list(pd + "/gids"))) {
                auto raw = root.readLine(pd + "/gids/" + std::to_string(n));
                if (!raw)
                    continue;
                auto text = gidText(*raw);
                if (!text || *text == "::")
                    continue;
                GidEntry e;
                e.index = n;
                e.gid = *text;
                e.type = root.readLine(pd + "/gid_attrs/types/" + std::to_string(n));
                if (e.type && e.type->empty())
                    e.type.reset();
                e.netdev = root.readLine(pd + "/gid_attrs/ndevs/" + std::to_string(n));
                if (e.netdev && e.netdev->empty())
                    e.netdev.reset();
                port.gids.push_back(std::move(e));
            }

            // The port's netdev: rxe/siw name it; otherwise the NIC on the
            // same PCI function; otherwise what the GID table says.
            if (parent) {
                port.netdev = parent;
            } else if (pci) {
                for (auto &[nd, npci] : nicPci)
                    if (npci && *npci == *pci) {
                        port.netdev = nd;
                        break;
                    }
            }
            if (!port.netdev)
                for (auto &g : port.gids)
                    if (g.netdev) {
                        port.netdev = g.netdev;
                        break;
                    }

            if (port.transport == "roce") {
                const std::vector<std::string> *own = nullptr;
                if (addresses && port.netdev) {
                    auto it = addresses->find(*port.netdev);
                    if (it != addresses->end())
                        own = &it->second;
                }
                for (auto &g : port.gids) {
                    if (g.type != "RoCE v2" || !isIpv4Mapped(g.gid))
                        continue;
                    std::string v4 = g.gid.substr(7);
                    bool match;
                    if (own) {
                        match = std::any_of(own->begin(), own->end(),
                                            [&](const std::string &a) { return addressOnly(a) == v4; });
                    } else {
                        // Addresses unknown: any IPv4 GID of this port's netdev.
                        match = !g.netdev || !port.netdev || *g.netdev == *port.netdev;
                    }
                    if (match) {
                        port.roceV2Ipv4GidIndex = g.index;
                        break;
                    }
                }
            }
            rc.ports.push_back(std::move(port));
        }
    }
    return rc;
}

std::vector<std::pair<std::string, std::optional<std::string>>> nicPciList(const Root &root)
{
    std::vector<std::pair<std::string, std::optional<std::string>>> out;
    for (auto &nd : root.list("sys/class/net")) {
        auto target = root.linkTarget("sys/class/net/" + nd + "/device");
        if (!target)
            continue;
        auto pciPath = nearestPciPath(*target);
        out.emplace_back(nd, pciPath ? std::optional<std::string>(sys::baseName(*pciPath)) : std::nullopt);
    }
    return out;
}

} // namespace

std::vector<RdmaPort> rdmaPorts(const Root &root)
{
    std::map<std::string, std::vector<std::string>> addrs;
    bool known = false;
    for (auto &[nd, a] : ipv4Addresses(root)) {
        addrs[nd] = a;
        known = true;
    }
    return collectRdma(root, nicPciList(root), known ? &addrs : nullptr).ports;
}

Json probe(const Root &root)
{
    Facts facts;
    Notes notes;
    Json doc;
    doc["schema"] = protocol::kProbeSchema;
    doc["engine_version"] = protocol::kEngineVersion;
    doc["host"] = hostJson(root, facts, notes);
    doc["gpus"] = gpusJson(root, facts, notes);

    // Addresses first: NICs, RDMA GID selection and management all use them.
    std::map<std::string, std::vector<std::string>> addrs;
    bool addressesKnown = false;
    {
        auto res = root.run({"ip", "-j", "addr", "show"});
        if (!res.found) {
            notes.add("cmd:ip -j addr show", "iproute2 is not installed: IPv4 addresses unknown");
        } else if (!res.ok()) {
            notes.add("cmd:ip -j addr show",
                      res.timedOut ? "timed out" : "exit code " + std::to_string(res.exitCode));
        } else if (auto parsed = parseIpAddr(res.out)) {
            for (auto &[nd, a] : *parsed)
                addrs[nd] = a;
            addressesKnown = true;
        } else {
            notes.add("cmd:ip -j addr show", "output is not the expected JSON");
        }
    }
    const auto sshServer = serverAddressOfSsh(root);

    const auto nicPci = nicPciList(root);
    auto rdma = collectRdma(root, nicPci, addressesKnown ? &addrs : nullptr);
    facts.rdmaClassHasDevices = !root.list("sys/class/infiniband").empty();

    Json nics = Json::array();
    for (auto &[nd, pci] : nicPci) {
        const std::string n = "sys/class/net/" + nd;
        NicFacts nf;
        nf.netdev = nd;
        nf.pci = pci;
        nf.driver = root.linkName(n + "/device/driver");
        Json j;
        j["netdev"] = nd;
        j["driver"] = orNull(nf.driver);
        j["pci"] = orNull(pci);
        j["mac"] = orNull(root.readLine(n + "/address"));
        nf.mtu = root.readInt(n + "/mtu");
        if (!nf.mtu)
            notes.add(n + "/mtu", "missing or not a number");
        j["mtu"] = orNull(nf.mtu);
        j["operstate"] = orNull(root.readLine(n + "/operstate"));
        auto speed = root.readInt(n + "/speed");
        if (speed && *speed < 0)
            speed.reset(); // -1: no link, or the driver cannot tell
        j["speed_mbps"] = orNull(speed);
        if (auto it = addrs.find(nd); it != addrs.end())
            nf.ipv4 = it->second;
        j["ipv4"] = nf.ipv4;

        std::optional<std::string> firmware;
        auto eth = root.run({"ethtool", "-i", nd});
        if (eth.ok()) {
            firmware = firmwareFromEthtoolInfo(eth.out);
        } else if (eth.found) {
            notes.add("cmd:ethtool -i " + nd, eth.timedOut ? "timed out" : "exit code " + std::to_string(eth.exitCode));
        }
        j["firmware"] = orNull(firmware);

        Json pcie = nullptr;
        if (auto target = root.linkTarget(n + "/device")) {
            if (auto pciPath = nearestPciPath(*target)) {
                PcieLink link;
                link.speedGts = linkSpeed(root.readLine(*pciPath + "/current_link_speed"));
                link.width = root.readInt(*pciPath + "/current_link_width");
                link.maxSpeedGts = linkSpeed(root.readLine(*pciPath + "/max_link_speed"));
                link.maxWidth = root.readInt(*pciPath + "/max_link_width");
                if (link.speedGts || link.width || link.maxSpeedGts || link.maxWidth) {
                    if (link.width && *link.width <= 0)
                        link.width.reset();
                    pcie = {{"link_speed_gts", orNull(link.speedGts)},
                            {"link_width", orNull(link.width)},
                            {"max_link_speed_gts", orNull(link.maxSpeedGts)},
                            {"max_link_width", orNull(link.maxWidth)}};
                    nf.pcie = link;
                }
            }
        }
        j["pcie"] = pcie;

        for (auto &p : rdma.ports)
            if (p.netdev && *p.netdev == nd) {
                nf.rdmaDevice = p.device;
                break;
            }
        j["rdma_device"] = orNull(nf.rdmaDevice);
        // The negotiated Ethernet speed against what both ends support, for
        // the NICs RDMA runs on (ethtool's settings report: a process, once
        // per probe, recorded in snapshots).
        Json linkModes = nullptr;
        if (nf.rdmaDevice) {
            auto settings = root.run({"ethtool", nd});
            if (settings.ok()) {
                const LinkModes m = parseEthtoolSettings(settings.out);
                nf.linkModes = m;
                linkModes = {{"speed_mbps", orNull(m.speedMbps)},
                             {"supported_max_mbps", orNull(m.supportedMaxMbps)},
                             {"partner_max_mbps", orNull(m.partnerMaxMbps)},
                             {"common_max_mbps", orNull(m.commonMaxMbps)}};
            } else if (settings.found) {
                notes.add("cmd:ethtool " + nd, settings.timedOut ? "timed out" : "exit code " + std::to_string(settings.exitCode));
            }
        }
        j["link_modes"] = linkModes;
        if (sshServer)
            nf.carriesManagement = std::any_of(nf.ipv4.begin(), nf.ipv4.end(), [&](const std::string &a) {
                return addressOnly(a) == *sshServer;
            });
        j["carries_management"] = nf.carriesManagement;
        facts.nics.push_back(std::move(nf));
        nics.push_back(std::move(j));
    }
    doc["nics"] = nics;

    Json ports = Json::array();
    std::map<std::string, std::optional<std::string>> devinfo; // device -> output
    for (auto &p : rdma.ports) {
        Json j;
        j["device"] = p.device;
        j["port"] = p.port;
        j["netdev"] = orNull(p.netdev);
        j["transport"] = p.transport;
        j["link_layer"] = orNull(p.linkLayer);
        j["state"] = orNull(p.state);
        j["phys_state"] = orNull(p.physState);
        j["rate"] = orNull(p.rate);

        std::optional<long long> mtu;
        if (root.live()) {
            mtu = activeMtuLive(p.device, p.port);
        } else {
            if (!devinfo.count(p.device)) {
                auto res = root.run({"ibv_devinfo", "-v", "-d", p.device});
                devinfo[p.device] = res.ok() ? std::optional<std::string>(res.out) : std::nullopt;
            }
            if (auto &text = devinfo[p.device])
                mtu = activeMtuFromDevinfo(*text, p.port);
        }
        j["active_mtu"] = orNull(mtu);

        Json gids = Json::array();
        for (auto &g : p.gids)
            gids.push_back({{"index", g.index}, {"gid", g.gid}, {"type", orNull(g.type)}, {"netdev", orNull(g.netdev)}});
        j["gids"] = gids;
        j["roce_v2_ipv4_gid_index"] = orNull(p.roceV2Ipv4GidIndex);

        Json devlink = nullptr;
        if (p.pci) {
            auto driver = root.linkName("sys/bus/pci/devices/" + *p.pci + "/driver");
            if (!driver) // snapshots may lack sys/bus: use the NIC's driver
                for (auto &nf : facts.nics)
                    if (nf.pci == p.pci)
                        driver = nf.driver;
            if (driver == "ice")
                devlink = devlinkParams(root, *p.pci, notes);
        }
        j["devlink"] = devlink;
        ports.push_back(std::move(j));
    }
    facts.rdma = rdma.ports;
    doc["rdma"] = ports;

    // Libraries
    Json libs;
    if (root.live()) {
        facts.libraries.ibverbs = sys::Library::open(sys::ibverbsNames()).loaded();
        facts.libraries.rdmacm = sys::Library::open(sys::rdmacmNames()).loaded();
        facts.libraries.rocmSmi = sys::Library::open(sys::rocmSmiNames()).loaded();
    } else if (auto manifest = root.read("manifest.json")) {
        auto m = Json::parse(*manifest, nullptr, false);
        if (m.is_object() && m.contains("libraries") && m["libraries"].is_object()) {
            auto &l = m["libraries"];
            auto get = [&](const char *k) -> std::optional<bool> {
                if (l.contains(k) && l[k].is_boolean())
                    return l[k].get<bool>();
                return std::nullopt;
            };
            facts.libraries.ibverbs = get("libibverbs");
            facts.libraries.rdmacm = get("librdmacm");
            facts.libraries.rocmSmi = get("rocm_smi");
        } else if (!m.is_object()) {
            notes.add("manifest.json", "not valid JSON");
        }
    }
    libs["libibverbs"] = orNull(facts.libraries.ibverbs);
    libs["librdmacm"] = orNull(facts.libraries.rdmacm);
    libs["rocm_smi"] = orNull(facts.libraries.rocmSmi);
    doc["libraries"] = libs;

    // IOMMU and firewall, for the checks.
    facts.iommuClassPresent = root.isDir("sys/class/iommu");
    facts.iommuClassEmpty = facts.iommuClassPresent && root.list("sys/class/iommu").empty();
    auto fw = root.run({"systemctl", "is-active", "firewalld"});
    // Without a running systemd, systemctl prints nothing on stdout: unknown.
    if (fw.found && !fw.timedOut && !sys::trim(fw.out).empty())
        facts.firewalldState = sys::trim(fw.out);

    doc["checks"] = computeChecks(facts);
    doc["notes"] = notes.json();
    return doc;
}

} // namespace halolink::probe
