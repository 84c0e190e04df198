// The probe's checks (docs/probe.md, "checks"). Each id is a stable string;
// every id appears at least once so that a reader can tell "passed" from
// "not examined".

#include <algorithm>
#include <cstdio>

#include "probe/probe_internal.h"

namespace halolink::probe {

namespace {

struct Check {
    std::string id;
    std::string status; // pass | warn | fail
    std::optional<std::string> subject;
    std::string message;
};

class CheckList {
public:
    void add(std::string id, std::string status, std::optional<std::string> subject, std::string message)
    {
        m_checks.push_back({std::move(id), std::move(status), std::move(subject), std::move(message)});
    }
    void notApplicable(const std::string &id, const std::string &why)
    {
        add(id, "pass", std::nullopt, "not applicable: " + why);
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
                           {"message", c.message}});
        return out;
    }

private:
    std::vector<Check> m_checks;
};

std::string fmt(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

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
        checks.add("rdma_core_missing", "fail", std::nullopt,
                   "libibverbs is not installed: no RDMA is possible (install rdma-core and the "
                   "ibverbs providers)");
    else if (f.libraries.ibverbs != true || f.libraries.rdmacm != true)
        checks.add("rdma_core_missing", "warn", std::nullopt,
                   f.libraries.rdmacm == false
                       ? "librdmacm is not installed: RDMA connections through rdma_cm will fail"
                       : "could not tell whether rdma-core is installed");
    else
        checks.add("rdma_core_missing", "pass", std::nullopt, "libibverbs and librdmacm are installed");

    // no_rdma_device
    if (!f.rdmaClassHasDevices) {
        checks.add("no_rdma_device", "fail", std::nullopt,
                   "no RDMA device: check that the NIC's RDMA driver (irdma, mlx5_ib) is loaded, "
                   "or create a Soft-RoCE device");
    } else {
        std::string names;
        for (auto &p : f.rdma)
            if (names.find(p.device) == std::string::npos)
                names += (names.empty() ? "" : ", ") + p.device;
        checks.add("no_rdma_device", "pass", std::nullopt, "RDMA devices: " + names);
    }

    std::vector<std::string> devices;
    for (auto &p : f.rdma)
        if (std::find(devices.begin(), devices.end(), p.device) == devices.end())
            devices.push_back(p.device);

    // iwarp_mode (per device)
    if (devices.empty())
        checks.notApplicable("iwarp_mode", "no RDMA device");
    for (auto &d : devices) {
        auto it = std::find_if(f.rdma.begin(), f.rdma.end(), [&](const RdmaPort &p) { return p.device == d; });
        if (it->transport == "iwarp")
            checks.add("iwarp_mode", "warn", d,
                       d + " runs iWARP, not RoCE: NCCL/RCCL and llama.cpp RPC fall back to TCP or fail. "
                           "Switch the E810 to RoCE v2 (devlink param enable_roce true, enable_iwarp false)");
        else
            checks.add("iwarp_mode", "pass", d, d + " transport is " + it->transport);
    }

    // port_not_active, no_roce_v2_gid (per port)
    if (f.rdma.empty()) {
        checks.notApplicable("port_not_active", "no RDMA port");
        checks.notApplicable("no_roce_v2_gid", "no RDMA port");
    }
    for (auto &p : f.rdma) {
        if (p.state == "ACTIVE")
            checks.add("port_not_active", "pass", portName(p), portName(p) + " is ACTIVE");
        else
            checks.add("port_not_active", "fail", portName(p),
                       portName(p) + " is " + p.state.value_or("in an unknown state") +
                           (p.transport == "infiniband"
                                ? ": on InfiniBand a subnet manager (opensm) must run on one node"
                                : ": check the cable, the link partner and that the netdev is up"));
    }
    for (auto &p : f.rdma) {
        if (p.transport != "roce") {
            checks.add("no_roce_v2_gid", "pass", portName(p), "not applicable: transport is " + p.transport);
        } else if (p.roceV2Ipv4GidIndex) {
            checks.add("no_roce_v2_gid", "pass", portName(p),
                       "RoCE v2 IPv4 GID at index " + std::to_string(*p.roceV2Ipv4GidIndex));
        } else {
            checks.add("no_roce_v2_gid", "fail", portName(p),
                       "no RoCE v2 GID for an IPv4 address of " + p.netdev.value_or("its netdev") +
                           ": give the data-plane interface an IPv4 address");
        }
    }

    // mtu_small (per RDMA netdev)
    std::vector<std::string> rdmaNetdevs;
    for (auto &p : f.rdma)
        if (p.netdev && std::find(rdmaNetdevs.begin(), rdmaNetdevs.end(), *p.netdev) == rdmaNetdevs.end())
            rdmaNetdevs.push_back(*p.netdev);
    if (rdmaNetdevs.empty())
        checks.notApplicable("mtu_small", "no RDMA netdev");
    for (auto &nd : rdmaNetdevs) {
        auto nic = std::find_if(f.nics.begin(), f.nics.end(), [&](const NicFacts &n) { return n.netdev == nd; });
        if (nic == f.nics.end() || !nic->mtu)
            checks.add("mtu_small", "warn", nd, "the MTU of " + nd + " is unknown");
        else if (*nic->mtu < 4200)
            checks.add("mtu_small", "warn", nd,
                       nd + " has MTU " + std::to_string(*nic->mtu) +
                           ": RoCE then uses 1024 or 2048-byte packets; set 9000 (active MTU 4096)");
        else
            checks.add("mtu_small", "pass", nd, nd + " has MTU " + std::to_string(*nic->mtu));
    }

    // pcie_width_degraded, pcie_speed_degraded (per NIC with a PCIe link)
    bool anyPcie = false;
    for (auto &n : f.nics) {
        if (!n.pcie)
            continue;
        const PcieLink &l = *n.pcie;
        if (l.width && l.maxWidth) {
            anyPcie = true;
            if (*l.width < *l.maxWidth) {
                std::string bw;
                if (l.speedGts)
                    bw = ": at most " + fmt(pcieGbps(*l.speedGts, *l.width)) + " Gbit/s per direction" +
                         (l.maxSpeedGts ? " instead of " + fmt(pcieGbps(*l.maxSpeedGts, *l.maxWidth)) : "");
                checks.add("pcie_width_degraded", "warn", n.netdev,
                           n.netdev + " runs at PCIe x" + std::to_string(*l.width) + " of x" +
                               std::to_string(*l.maxWidth) + bw + " (slot or riser width)");
            } else {
                checks.add("pcie_width_degraded", "pass", n.netdev,
                           n.netdev + " runs at its full PCIe width x" + std::to_string(*l.width));
            }
        }
    }
    if (!anyPcie)
        checks.notApplicable("pcie_width_degraded", "no NIC with a known PCIe link width");
    anyPcie = false;
    for (auto &n : f.nics) {
        if (!n.pcie || !n.pcie->speedGts || !n.pcie->maxSpeedGts)
            continue;
        anyPcie = true;
        const PcieLink &l = *n.pcie;
        if (*l.speedGts < *l.maxSpeedGts)
            checks.add("pcie_speed_degraded", "warn", n.netdev,
                       n.netdev + " links at " + fmt(*l.speedGts) + " GT/s of " + fmt(*l.maxSpeedGts) +
                           " GT/s (slot generation, BIOS setting or power saving)");
        else
            checks.add("pcie_speed_degraded", "pass", n.netdev,
                       n.netdev + " links at its full " + fmt(*l.speedGts) + " GT/s");
    }
    if (!anyPcie)
        checks.notApplicable("pcie_speed_degraded", "no NIC with a known PCIe link speed");

    // gtt_small (per GPU)
    for (auto &g : f.gpus) {
        if (!g.vramTotal || !g.gttTotal || !f.memoryTotal) {
            checks.add("gtt_small", "pass", g.card, "not applicable: memory sizes of " + g.card + " unknown");
            continue;
        }
        // An APU has a small firmware carve-out; most memory reaches it as GTT.
        if (*g.vramTotal * 8 > *f.memoryTotal) {
            checks.add("gtt_small", "pass", g.card, "not applicable: " + g.card + " has its own VRAM");
            continue;
        }
        const double gib = 1024.0 * 1024.0 * 1024.0;
        if (*g.gttTotal * 4 < *f.memoryTotal * 3)
            checks.add("gtt_small", "warn", g.card,
                       g.card + " can reach only " + fmt(*g.gttTotal / gib) + " GiB as GTT of " +
                           fmt(*f.memoryTotal / gib) +
                           " GiB memory: raise it with kernel parameters (amdgpu.gttsize, ttm.pages_limit)");
        else
            checks.add("gtt_small", "pass", g.card,
                       g.card + " can reach " + fmt(*g.gttTotal / gib) + " GiB as GTT");
    }
    if (f.gpus.empty())
        checks.notApplicable("gtt_small", "no GPU");

    // iommu_not_passthrough
    if (cmdlineHas(f, "iommu", "pt") || cmdlineHas(f, "amd_iommu", "off") || cmdlineHas(f, "intel_iommu", "off") ||
        cmdlineHas(f, "iommu", "off"))
        checks.add("iommu_not_passthrough", "pass", std::nullopt, "the IOMMU is in pass-through mode or off");
    else if (f.iommuClassPresent && f.iommuClassEmpty)
        checks.add("iommu_not_passthrough", "pass", std::nullopt, "no IOMMU is active");
    else
        checks.add("iommu_not_passthrough", "warn", std::nullopt,
                   "the IOMMU translates DMA (no iommu=pt or amd_iommu=off on the kernel command line): "
                   "RDMA and GPU transfers pay for it");

    // firewall_active
    if (f.firewalldState && *f.firewalldState == "active")
        checks.add("firewall_active", "warn", std::nullopt,
                   "firewalld is active: put the data-plane interface in the trusted zone, or RoCE's UDP "
                   "port 4791 and the job ports are blocked");
    else
        checks.add("firewall_active", "pass", std::nullopt,
                   f.firewalldState ? "firewalld is " + *f.firewalldState
                                    : "firewalld is not installed or its state is unknown");

    // management_on_rdma_netdev
    bool anyRdmaNic = false;
    for (auto &n : f.nics) {
        if (!n.rdmaDevice)
            continue;
        anyRdmaNic = true;
        if (n.carriesManagement)
            checks.add("management_on_rdma_netdev", "warn", n.netdev,
                       "the SSH connection runs over " + n.netdev +
                           ", the RDMA interface: HaloLink will not reconfigure it; keep management and "
                           "data plane on separate interfaces");
        else
            checks.add("management_on_rdma_netdev", "pass", n.netdev,
                       n.netdev + " does not carry the management connection");
    }
    if (!anyRdmaNic)
        checks.notApplicable("management_on_rdma_netdev", "no NIC with an RDMA device");

    return checks.json();
}

} // namespace halolink::probe
