// The probe's checks (docs/probe.md, "checks"). Each id is a stable string;
// every id appears at least once so that a reader can tell "passed" from
// "not examined".

#include <algorithm>

#include "probe/check_messages.h"
#include "probe/probe_internal.h"

namespace halolink::probe {

namespace {

struct Check {
    std::string id;
    std::string status; // pass | warn | fail
    std::optional<std::string> subject;
    std::string messageKey; // check_messages.h
    Json messageArgs;
};

class CheckList {
public:
    void add(std::string id, std::string status, std::optional<std::string> subject, std::string messageKey,
             Json messageArgs = Json::object())
    {
        m_checks.push_back(
            {std::move(id), std::move(status), std::move(subject), std::move(messageKey), std::move(messageArgs)});
    }
    // `why` names a not_applicable.* message.
    void notApplicable(const std::string &id, const std::string &why)
    {
        add(id, "pass", std::nullopt, "not_applicable." + why);
    }
    Json json() const
    {
        // Ordered by id as listed (insertion order of the first of each id),
        // then by subject.
        std::vector<std::string> order;
        for (auto &c : m_checks)
            if (std::find(order.begin(), order.end(), c.id) == order.end())
                order.push_back(c.id);
        std::vector<Check> sorted = m_checks;
        std::stable_sort(sorted.begin(), sorted.end(), [&](const Check &a, const Check &b) {
            auto ia = std::find(order.begin(), order.end(), a.id) - order.begin();
            auto ib = std::find(order.begin(), order.end(), b.id) - order.begin();
            if (ia != ib)
                return ia < ib;
            return a.subject.value_or("") < b.subject.value_or("");
        });
        Json out = Json::array();
        for (auto &c : sorted)
            out.push_back({{"id", c.id},
                           {"status", c.status},
                           {"subject", c.subject ? Json(*c.subject) : Json(nullptr)},
                           {"message", sys::renderText(checkMessages(), c.messageKey, c.messageArgs)},
                           {"message_key", c.messageKey},
                           {"message_args", c.messageArgs}});
        return out;
    }

private:
    std::vector<Check> m_checks;
};

// Usable bandwidth of a PCIe link per direction, in Gbit/s.
double pcieGbps(double gts, long long width)
{
    double encoding = gts >= 8.0 ? 128.0 / 130.0 : 8.0 / 10.0;
    return gts * static_cast<double>(width) * encoding;
}

std::string portName(const RdmaPort &p)
{
    return p.device + "/" + std::to_string(p.port);
}

bool cmdlineHas(const Facts &f, const std::string &key, const std::string &value)
{
    for (auto &[k, v] : f.cmdline)
        if (k == key && v == value)
            return true;
    return false;
}

} // namespace

Json computeChecks(const Facts &f)
{
    CheckList checks;

    // rdma_core_missing
    if (f.libraries.ibverbs == false)
        checks.add("rdma_core_missing", "fail", std::nullopt, "rdma_core.libibverbs_missing");
    else if (f.libraries.ibverbs != true || f.libraries.rdmacm != true)
        checks.add("rdma_core_missing", "warn", std::nullopt,
                   f.libraries.rdmacm == false ? "rdma_core.librdmacm_missing" : "rdma_core.unknown");
    else
        checks.add("rdma_core_missing", "pass", std::nullopt, "rdma_core.installed");

    std::vector<std::string> devices;
    for (auto &p : f.rdma)
        if (std::find(devices.begin(), devices.end(), p.device) == devices.end())
            devices.push_back(p.device);

    // no_rdma_device
    if (!f.rdmaClassHasDevices) {
        checks.add("no_rdma_device", "fail", std::nullopt, "rdma_device.none");
    } else {
        std::string names;
        for (auto &d : devices)
            names += (names.empty() ? "" : ", ") + d;
        checks.add("no_rdma_device", "pass", std::nullopt, "rdma_device.present", {{"devices", names}});
    }

    // iwarp_mode (per device)
    if (devices.empty())
        checks.notApplicable("iwarp_mode", "no_rdma_device");
    for (auto &d : devices) {
        auto it = std::find_if(f.rdma.begin(), f.rdma.end(), [&](const RdmaPort &p) { return p.device == d; });
        if (it->transport == "iwarp")
            checks.add("iwarp_mode", "warn", d, "iwarp.iwarp", {{"device", d}});
        else
            checks.add("iwarp_mode", "pass", d, "iwarp.transport", {{"device", d}, {"transport", it->transport}});
    }

    // port_not_active, no_roce_v2_gid (per port)
    if (f.rdma.empty()) {
        checks.notApplicable("port_not_active", "no_rdma_port");
        checks.notApplicable("no_roce_v2_gid", "no_rdma_port");
    }
    for (auto &p : f.rdma) {
        if (p.state == "ACTIVE") {
            checks.add("port_not_active", "pass", portName(p), "port.active", {{"port", portName(p)}});
        } else {
            std::string key = p.transport == "infiniband" ? "port.inactive_ib" : "port.inactive";
            Json args = {{"port", portName(p)}};
            if (p.state)
                args["state"] = *p.state;
            else
                key += "_unknown";
            checks.add("port_not_active", "fail", portName(p), key, std::move(args));
        }
    }
    for (auto &p : f.rdma) {
        if (p.transport != "roce")
            checks.add("no_roce_v2_gid", "pass", portName(p), "not_applicable.transport",
                       {{"transport", p.transport}});
        else if (p.roceV2Ipv4GidIndex)
            checks.add("no_roce_v2_gid", "pass", portName(p), "gid.roce_v2",
                       {{"index", static_cast<long long>(*p.roceV2Ipv4GidIndex)}});
        else if (p.netdev)
            checks.add("no_roce_v2_gid", "fail", portName(p), "gid.missing", {{"netdev", *p.netdev}});
        else
            checks.add("no_roce_v2_gid", "fail", portName(p), "gid.missing_no_netdev");
    }

    // mtu_small (per RDMA netdev)
    std::vector<std::string> rdmaNetdevs;
    for (auto &p : f.rdma)
        if (p.netdev && std::find(rdmaNetdevs.begin(), rdmaNetdevs.end(), *p.netdev) == rdmaNetdevs.end())
            rdmaNetdevs.push_back(*p.netdev);
    if (rdmaNetdevs.empty())
        checks.notApplicable("mtu_small", "no_rdma_netdev");
    for (auto &nd : rdmaNetdevs) {
        auto nic = std::find_if(f.nics.begin(), f.nics.end(), [&](const NicFacts &n) { return n.netdev == nd; });
        if (nic == f.nics.end() || !nic->mtu)
            checks.add("mtu_small", "warn", nd, "mtu.unknown", {{"netdev", nd}});
        else
            checks.add("mtu_small", *nic->mtu < 4200 ? "warn" : "pass", nd,
                       *nic->mtu < 4200 ? "mtu.small" : "mtu.ok", {{"netdev", nd}, {"mtu", *nic->mtu}});
    }

    // link_speed_degraded (per NIC RDMA runs on): the negotiated speed below
    // the fastest mode both ends support; without the partner's modes only
    // said, not warned (a slower cable or partner is no fault).
    bool anyModes = false;
    for (auto &n : f.nics) {
        if (!n.rdmaDevice || !n.linkModes || !n.linkModes->speedMbps || !n.linkModes->supportedMaxMbps)
            continue;
        anyModes = true;
        const LinkModes &m = *n.linkModes;
        const long long speed = *m.speedMbps;
        if (m.commonMaxMbps && *m.commonMaxMbps > speed)
            checks.add("link_speed_degraded", "warn", n.netdev, "link_speed.degraded",
                       {{"netdev", n.netdev}, {"mbps", speed}, {"max_mbps", *m.commonMaxMbps}});
        else if (!m.partnerMaxMbps && *m.supportedMaxMbps > speed)
            checks.add("link_speed_degraded", "pass", n.netdev, "link_speed.below_supported",
                       {{"netdev", n.netdev}, {"mbps", speed}, {"max_mbps", *m.supportedMaxMbps}});
        else
            checks.add("link_speed_degraded", "pass", n.netdev, "link_speed.full", {{"netdev", n.netdev}, {"mbps", speed}});
    }
    if (!anyModes)
        checks.notApplicable("link_speed_degraded", "no_link_modes");

    // pcie_width_degraded, pcie_speed_degraded (per NIC with a PCIe link)
    bool anyPcie = false;
    for (auto &n : f.nics) {
        if (!n.pcie)
            continue;
        const PcieLink &l = *n.pcie;
        if (l.width && l.maxWidth) {
            anyPcie = true;
            if (*l.width < *l.maxWidth) {
                Json args = {{"netdev", n.netdev}, {"width", *l.width}, {"max_width", *l.maxWidth}};
                std::string key = "pcie_width.degraded";
                if (l.speedGts) {
                    args["gbps"] = pcieGbps(*l.speedGts, *l.width);
                    key = "pcie_width.degraded_bandwidth";
                    if (l.maxSpeedGts) {
                        args["max_gbps"] = pcieGbps(*l.maxSpeedGts, *l.maxWidth);
                        key = "pcie_width.degraded_bandwidth_of";
                    }
                }
                checks.add("pcie_width_degraded", "warn", n.netdev, key, std::move(args));
            } else {
                checks.add("pcie_width_degraded", "pass", n.netdev, "pcie_width.full",
                           {{"netdev", n.netdev}, {"width", *l.width}});
            }
        }
    }
    if (!anyPcie)
        checks.notApplicable("pcie_width_degraded", "no_pcie_width");
    anyPcie = false;
    for (auto &n : f.nics) {
        if (!n.pcie || !n.pcie->speedGts || !n.pcie->maxSpeedGts)
            continue;
        anyPcie = true;
        const PcieLink &l = *n.pcie;
        if (*l.speedGts < *l.maxSpeedGts)
            checks.add("pcie_speed_degraded", "warn", n.netdev, "pcie_speed.degraded",
                       {{"netdev", n.netdev}, {"gts", *l.speedGts}, {"max_gts", *l.maxSpeedGts}});
        else
            checks.add("pcie_speed_degraded", "pass", n.netdev, "pcie_speed.full",
                       {{"netdev", n.netdev}, {"gts", *l.speedGts}});
    }
    if (!anyPcie)
        checks.notApplicable("pcie_speed_degraded", "no_pcie_speed");

    // gtt_small (per GPU)
    for (auto &g : f.gpus) {
        if (!g.vramTotal || !g.gttTotal || !f.memoryTotal) {
            checks.add("gtt_small", "pass", g.card, "not_applicable.gpu_sizes_unknown", {{"card", g.card}});
            continue;
        }
        // An APU has a small firmware carve-out; most memory reaches it as GTT.
        if (*g.vramTotal * 8 > *f.memoryTotal) {
            checks.add("gtt_small", "pass", g.card, "not_applicable.own_vram", {{"card", g.card}});
            continue;
        }
        const double gib = 1024.0 * 1024.0 * 1024.0;
        const double gttGib = static_cast<double>(*g.gttTotal) / gib;
        if (*g.gttTotal * 4 < *f.memoryTotal * 3)
            checks.add("gtt_small", "warn", g.card, "gtt.small",
                       {{"card", g.card},
                        {"gtt_gib", gttGib},
                        {"memory_gib", static_cast<double>(*f.memoryTotal) / gib}});
        else
            checks.add("gtt_small", "pass", g.card, "gtt.ok", {{"card", g.card}, {"gtt_gib", gttGib}});
    }
    if (f.gpus.empty())
        checks.notApplicable("gtt_small", "no_gpu");

    // iommu_not_passthrough
    if (cmdlineHas(f, "iommu", "pt") || cmdlineHas(f, "amd_iommu", "off") || cmdlineHas(f, "intel_iommu", "off") ||
        cmdlineHas(f, "iommu", "off"))
        checks.add("iommu_not_passthrough", "pass", std::nullopt, "iommu.passthrough");
    else if (f.iommuClassPresent && f.iommuClassEmpty)
        checks.add("iommu_not_passthrough", "pass", std::nullopt, "iommu.none");
    else
        checks.add("iommu_not_passthrough", "warn", std::nullopt, "iommu.translating");

    // firewall_active
    if (f.firewalldState && *f.firewalldState == "active")
        checks.add("firewall_active", "warn", std::nullopt, "firewall.active");
    else if (f.firewalldState)
        checks.add("firewall_active", "pass", std::nullopt, "firewall.state", {{"state", *f.firewalldState}});
    else
        checks.add("firewall_active", "pass", std::nullopt, "firewall.unknown");

    // management_on_rdma_netdev
    bool anyRdmaNic = false;
    for (auto &n : f.nics) {
        if (!n.rdmaDevice)
            continue;
        anyRdmaNic = true;
        checks.add("management_on_rdma_netdev", n.carriesManagement ? "warn" : "pass", n.netdev,
                   n.carriesManagement ? "management.on_rdma" : "management.apart", {{"netdev", n.netdev}});
    }
    if (!anyRdmaNic)
        checks.notApplicable("management_on_rdma_netdev", "no_rdma_nic");

    return checks.json();
}

} // namespace halolink::probe
