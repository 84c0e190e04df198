// The check findings' texts (check_messages.h). Keys are stable: a front end
// translates by key and falls back to the English `message` for a key it does
// not know, so a text may be reworded here (and in the app's copy) but a key
// is never reused for a different meaning.

#include "probe/check_messages.h"

#include <array>

namespace halolink::probe {

namespace {

constexpr std::array kMessages{
    // rdma_core_missing
    sys::KeyedText{"rdma_core.libibverbs_missing",
                      "libibverbs is not installed: no RDMA is possible (install rdma-core and the ibverbs providers)"},
    sys::KeyedText{"rdma_core.librdmacm_missing",
                      "librdmacm is not installed: RDMA connections through rdma_cm will fail"},
    sys::KeyedText{"rdma_core.unknown", "could not tell whether rdma-core is installed"},
    sys::KeyedText{"rdma_core.installed", "libibverbs and librdmacm are installed"},
    // no_rdma_device
    sys::KeyedText{"rdma_device.none",
                      "no RDMA device: check that the NIC's RDMA driver (irdma, mlx5_ib) is loaded, or create a "
                      "Soft-RoCE device"},
    sys::KeyedText{"rdma_device.present", "RDMA devices: {devices}"},
    // iwarp_mode
    sys::KeyedText{"iwarp.iwarp",
                      "{device} runs iWARP, not RoCE: NCCL/RCCL and llama.cpp RPC fall back to TCP or fail. Switch "
                      "the E810 to RoCE v2 (devlink param enable_roce true, enable_iwarp false)"},
    sys::KeyedText{"iwarp.transport", "{device} transport is {transport}"},
    // port_not_active
    sys::KeyedText{"port.active", "{port} is ACTIVE"},
    sys::KeyedText{"port.inactive", "{port} is {state}: check the cable, the link partner and that the netdev is up"},
    sys::KeyedText{"port.inactive_unknown",
                      "{port} is in an unknown state: check the cable, the link partner and that the netdev is up"},
    sys::KeyedText{"port.inactive_ib", "{port} is {state}: on InfiniBand a subnet manager (opensm) must run on one node"},
    sys::KeyedText{"port.inactive_ib_unknown",
                      "{port} is in an unknown state: on InfiniBand a subnet manager (opensm) must run on one node"},
    // no_roce_v2_gid
    sys::KeyedText{"gid.roce_v2", "RoCE v2 IPv4 GID at index {index:int}"},
    sys::KeyedText{"gid.missing", "no RoCE v2 GID for an IPv4 address of {netdev}: give the data-plane interface an "
                                "IPv4 address"},
    sys::KeyedText{"gid.missing_no_netdev",
                      "no RoCE v2 GID for an IPv4 address of its netdev: give the data-plane interface an IPv4 address"},
    // mtu_small
    sys::KeyedText{"mtu.unknown", "the MTU of {netdev} is unknown"},
    sys::KeyedText{"mtu.small",
                      "{netdev} has MTU {mtu:int}: RoCE then uses 1024 or 2048-byte packets; set 9000 (active MTU 4096)"},
    sys::KeyedText{"mtu.ok", "{netdev} has MTU {mtu:int}"},
    // link_speed_degraded
    sys::KeyedText{"link_speed.degraded",
                      "{netdev} links at {mbps:int} Mb/s although both ends support {max_mbps:int} Mb/s "
                      "(cable, transceiver, a speed set by hand, or the mode not advertised)"},
    sys::KeyedText{"link_speed.below_supported",
                      "{netdev} links at {mbps:int} Mb/s of the {max_mbps:int} Mb/s it supports; the link partner does "
                      "not say what it offers"},
    sys::KeyedText{"link_speed.full", "{netdev} links at {mbps:int} Mb/s, the fastest both ends support"},
    // pcie_width_degraded
    sys::KeyedText{"pcie_width.degraded", "{netdev} runs at PCIe x{width:int} of x{max_width:int} (slot or riser width)"},
    sys::KeyedText{"pcie_width.degraded_bandwidth",
                      "{netdev} runs at PCIe x{width:int} of x{max_width:int}: at most {gbps:real} Gbit/s per direction "
                      "(slot or riser width)"},
    sys::KeyedText{"pcie_width.degraded_bandwidth_of",
                      "{netdev} runs at PCIe x{width:int} of x{max_width:int}: at most {gbps:real} Gbit/s per direction "
                      "instead of {max_gbps:real} (slot or riser width)"},
    sys::KeyedText{"pcie_width.full", "{netdev} runs at its full PCIe width x{width:int}"},
    // pcie_speed_degraded
    sys::KeyedText{"pcie_speed.degraded",
                      "{netdev} links at {gts:real} GT/s of {max_gts:real} GT/s (slot generation, BIOS setting or power "
                      "saving)"},
    sys::KeyedText{"pcie_speed.full", "{netdev} links at its full {gts:real} GT/s"},
    // gtt_small
    sys::KeyedText{"gtt.small",
                      "{card} can reach only {gtt_gib:real} GiB as GTT of {memory_gib:real} GiB memory: raise it with "
                      "kernel parameters (amdgpu.gttsize, ttm.pages_limit)"},
    sys::KeyedText{"gtt.ok", "{card} can reach {gtt_gib:real} GiB as GTT"},
    // iommu_not_passthrough
    sys::KeyedText{"iommu.passthrough", "the IOMMU is in pass-through mode or off"},
    sys::KeyedText{"iommu.none", "no IOMMU is active"},
    sys::KeyedText{"iommu.translating",
                      "the IOMMU translates DMA (no iommu=pt or amd_iommu=off on the kernel command line): RDMA and GPU "
                      "transfers pay for it"},
    // firewall_active
    sys::KeyedText{"firewall.active",
                      "firewalld is active: put the data-plane interface in the trusted zone, or RoCE's UDP port 4791 and "
                      "the job ports are blocked"},
    sys::KeyedText{"firewall.state", "firewalld is {state}"},
    sys::KeyedText{"firewall.unknown", "firewalld is not installed or its state is unknown"},
    // management_on_rdma_netdev
    sys::KeyedText{"management.on_rdma",
                      "the SSH connection runs over {netdev}, the RDMA interface: HaloLink will not reconfigure it; keep "
                      "management and data plane on separate interfaces"},
    sys::KeyedText{"management.apart", "{netdev} does not carry the management connection"},
    // Checks about things the node does not have (status pass, subject null
    // unless named).
    sys::KeyedText{"not_applicable.no_rdma_device", "not applicable: no RDMA device"},
    sys::KeyedText{"not_applicable.no_rdma_port", "not applicable: no RDMA port"},
    sys::KeyedText{"not_applicable.no_rdma_netdev", "not applicable: no RDMA netdev"},
    sys::KeyedText{"not_applicable.no_link_modes", "not applicable: no RDMA NIC whose link modes ethtool reports"},
    sys::KeyedText{"not_applicable.no_pcie_width", "not applicable: no NIC with a known PCIe link width"},
    sys::KeyedText{"not_applicable.no_pcie_speed", "not applicable: no NIC with a known PCIe link speed"},
    sys::KeyedText{"not_applicable.no_gpu", "not applicable: no GPU"},
    sys::KeyedText{"not_applicable.no_rdma_nic", "not applicable: no NIC with an RDMA device"},
    sys::KeyedText{"not_applicable.transport", "not applicable: transport is {transport}"},
    sys::KeyedText{"not_applicable.gpu_sizes_unknown", "not applicable: memory sizes of {card} unknown"},
    sys::KeyedText{"not_applicable.own_vram", "not applicable: {card} has its own VRAM"},
};

} // namespace

std::span<const sys::KeyedText> checkMessages()
{
    return kMessages;
}

} // namespace halolink::probe
