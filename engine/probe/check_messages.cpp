// The check message table (check_messages.h). Keys are stable: a front end
// translates by key and falls back to the English `message` for a key it does
// not know, so a text may be reworded here (and in the app's copy) but a key
// is never reused for a different meaning.

#include "probe/check_messages.h"

#include <array>
#include <cstdio>
#include <stdexcept>

namespace halolink::probe {

namespace {

constexpr std::array kMessages{
    // rdma_core_missing
    CheckMessage{"rdma_core.libibverbs_missing",
                 "libibverbs is not installed: no RDMA is possible (install rdma-core and the ibverbs providers)"},
    CheckMessage{"rdma_core.librdmacm_missing",
                 "librdmacm is not installed: RDMA connections through rdma_cm will fail"},
    CheckMessage{"rdma_core.unknown", "could not tell whether rdma-core is installed"},
    CheckMessage{"rdma_core.installed", "libibverbs and librdmacm are installed"},
    // no_rdma_device
    CheckMessage{"rdma_device.none",
                 "no RDMA device: check that the NIC's RDMA driver (irdma, mlx5_ib) is loaded, or create a "
                 "Soft-RoCE device"},
    CheckMessage{"rdma_device.present", "RDMA devices: {devices}"},
    // iwarp_mode
    CheckMessage{"iwarp.iwarp",
                 "{device} runs iWARP, not RoCE: NCCL/RCCL and llama.cpp RPC fall back to TCP or fail. Switch "
                 "the E810 to RoCE v2 (devlink param enable_roce true, enable_iwarp false)"},
    CheckMessage{"iwarp.transport", "{device} transport is {transport}"},
    // port_not_active
    CheckMessage{"port.active", "{port} is ACTIVE"},
    CheckMessage{"port.inactive", "{port} is {state}: check the cable, the link partner and that the netdev is up"},
    CheckMessage{"port.inactive_unknown",
                 "{port} is in an unknown state: check the cable, the link partner and that the netdev is up"},
    CheckMessage{"port.inactive_ib", "{port} is {state}: on InfiniBand a subnet manager (opensm) must run on one node"},
    CheckMessage{"port.inactive_ib_unknown",
                 "{port} is in an unknown state: on InfiniBand a subnet manager (opensm) must run on one node"},
    // no_roce_v2_gid
    CheckMessage{"gid.roce_v2", "RoCE v2 IPv4 GID at index {index:int}"},
    CheckMessage{"gid.missing", "no RoCE v2 GID for an IPv4 address of {netdev}: give the data-plane interface an "
                                "IPv4 address"},
    CheckMessage{"gid.missing_no_netdev",
                 "no RoCE v2 GID for an IPv4 address of its netdev: give the data-plane interface an IPv4 address"},
    // mtu_small
    CheckMessage{"mtu.unknown", "the MTU of {netdev} is unknown"},
    CheckMessage{"mtu.small",
                 "{netdev} has MTU {mtu:int}: RoCE then uses 1024 or 2048-byte packets; set 9000 (active MTU 4096)"},
    CheckMessage{"mtu.ok", "{netdev} has MTU {mtu:int}"},
    // pcie_width_degraded
    CheckMessage{"pcie_width.degraded", "{netdev} runs at PCIe x{width:int} of x{max_width:int} (slot or riser width)"},
    CheckMessage{"pcie_width.degraded_bandwidth",
                 "{netdev} runs at PCIe x{width:int} of x{max_width:int}: at most {gbps:real} Gbit/s per direction "
                 "(slot or riser width)"},
    CheckMessage{"pcie_width.degraded_bandwidth_of",
                 "{netdev} runs at PCIe x{width:int} of x{max_width:int}: at most {gbps:real} Gbit/s per direction "
                 "instead of {max_gbps:real} (slot or riser width)"},
    CheckMessage{"pcie_width.full", "{netdev} runs at its full PCIe width x{width:int}"},
    // pcie_speed_degraded
    CheckMessage{"pcie_speed.degraded",
                 "{netdev} links at {gts:real} GT/s of {max_gts:real} GT/s (slot generation, BIOS setting or power "
                 "saving)"},
    CheckMessage{"pcie_speed.full", "{netdev} links at its full {gts:real} GT/s"},
    // gtt_small
    CheckMessage{"gtt.small",
                 "{card} can reach only {gtt_gib:real} GiB as GTT of {memory_gib:real} GiB memory: raise it with "
                 "kernel parameters (amdgpu.gttsize, ttm.pages_limit)"},
    CheckMessage{"gtt.ok", "{card} can reach {gtt_gib:real} GiB as GTT"},
    // iommu_not_passthrough
    CheckMessage{"iommu.passthrough", "the IOMMU is in pass-through mode or off"},
    CheckMessage{"iommu.none", "no IOMMU is active"},
    CheckMessage{"iommu.translating",
                 "the IOMMU translates DMA (no iommu=pt or amd_iommu=off on the kernel command line): RDMA and GPU "
                 "transfers pay for it"},
    // firewall_active
    CheckMessage{"firewall.active",
                 "firewalld is active: put the data-plane interface in the trusted zone, or RoCE's UDP port 4791 and "
                 "the job ports are blocked"},
    CheckMessage{"firewall.state", "firewalld is {state}"},
    CheckMessage{"firewall.unknown", "firewalld is not installed or its state is unknown"},
    // management_on_rdma_netdev
    CheckMessage{"management.on_rdma",
                 "the SSH connection runs over {netdev}, the RDMA interface: HaloLink will not reconfigure it; keep "
                 "management and data plane on separate interfaces"},
    CheckMessage{"management.apart", "{netdev} does not carry the management connection"},
    // Checks about things the node does not have (status pass, subject null
    // unless named).
    CheckMessage{"not_applicable.no_rdma_device", "not applicable: no RDMA device"},
    CheckMessage{"not_applicable.no_rdma_port", "not applicable: no RDMA port"},
    CheckMessage{"not_applicable.no_rdma_netdev", "not applicable: no RDMA netdev"},
    CheckMessage{"not_applicable.no_pcie_width", "not applicable: no NIC with a known PCIe link width"},
    CheckMessage{"not_applicable.no_pcie_speed", "not applicable: no NIC with a known PCIe link speed"},
    CheckMessage{"not_applicable.no_gpu", "not applicable: no GPU"},
    CheckMessage{"not_applicable.no_rdma_nic", "not applicable: no NIC with an RDMA device"},
    CheckMessage{"not_applicable.transport", "not applicable: transport is {transport}"},
    CheckMessage{"not_applicable.gpu_sizes_unknown", "not applicable: memory sizes of {card} unknown"},
    CheckMessage{"not_applicable.own_vram", "not applicable: {card} has its own VRAM"},
};

[[noreturn]] void misuse(std::string_view key, const std::string &what)
{
    throw std::invalid_argument("check message " + std::string(key) + ": " + what);
}

} // namespace

std::span<const CheckMessage> checkMessages()
{
    return kMessages;
}

std::string renderCheckMessage(std::string_view key, const Json &args)
{
    const CheckMessage *found = nullptr;
    for (const CheckMessage &m : kMessages)
        if (m.key == key)
            found = &m;
    if (!found)
        misuse(key, "no such key");

    std::string out;
    std::string_view text = found->text;
    std::size_t used = 0;
    while (!text.empty()) {
        const auto open = text.find('{');
        if (open == std::string_view::npos) {
            out += text;
            break;
        }
        const auto close = text.find('}', open);
        if (close == std::string_view::npos)
            misuse(key, "unclosed placeholder");
        out += text.substr(0, open);
        std::string_view spec = text.substr(open + 1, close - open - 1);
        std::string_view kind;
        if (auto colon = spec.find(':'); colon != std::string_view::npos) {
            kind = spec.substr(colon + 1);
            spec = spec.substr(0, colon);
        }
        const std::string name(spec);
        if (!args.is_object() || !args.contains(name))
            misuse(key, "no value for " + name);
        const Json &v = args.at(name);
        if (kind.empty() && v.is_string()) {
            out += v.get<std::string>();
        } else if (kind == "int" && v.is_number_integer()) {
            out += std::to_string(v.get<long long>());
        } else if (kind == "real" && v.is_number()) {
            char buf[48];
            std::snprintf(buf, sizeof buf, "%.1f", v.get<double>());
            out += buf;
        } else {
            misuse(key, "wrong type for " + name);
        }
        ++used;
        text = text.substr(close + 1);
    }
    if (args.is_object() && args.size() != used)
        misuse(key, "values the text does not name");
    return out;
}

} // namespace halolink::probe
