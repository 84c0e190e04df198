#include "protocol/enginetexts.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <cmath>
#include <span>

namespace halolink::enginetext {

namespace {

// Translators see the key as the disambiguation; %1..%n are the values named
// in `args`, in order.
struct Entry {
    struct {
        const char *source;
        const char *key;
    } text;
    const char *args; // "netdev mtu:int": names, with :int or :real for numbers
};

// Keep in step with engine/probe/check_messages.cpp (tst_enginetexts).
const Entry kCheckMessages[] = {
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "libibverbs is not installed: no RDMA is possible (install rdma-core and the ibverbs "
                         "providers)",
                         "rdma_core.libibverbs_missing"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "librdmacm is not installed: RDMA connections through rdma_cm will fail",
                         "rdma_core.librdmacm_missing"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "could not tell whether rdma-core is installed",
                         "rdma_core.unknown"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "libibverbs and librdmacm are installed",
                         "rdma_core.installed"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "no RDMA device: check that the NIC's RDMA driver (irdma, mlx5_ib) is loaded, or create a "
                         "Soft-RoCE device",
                         "rdma_device.none"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "RDMA devices: %1",
                         "rdma_device.present"),
     "devices"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 runs iWARP, not RoCE: NCCL/RCCL and llama.cpp RPC fall back to TCP or fail. Switch "
                         "the E810 to RoCE v2 (devlink param enable_roce true, enable_iwarp false)",
                         "iwarp.iwarp"),
     "device"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 transport is %2",
                         "iwarp.transport"),
     "device transport"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 is ACTIVE",
                         "port.active"),
     "port"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 is %2: check the cable, the link partner and that the netdev is up",
                         "port.inactive"),
     "port state"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 is in an unknown state: check the cable, the link partner and that the netdev is up",
                         "port.inactive_unknown"),
     "port"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 is %2: on InfiniBand a subnet manager (opensm) must run on one node",
                         "port.inactive_ib"),
     "port state"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 is in an unknown state: on InfiniBand a subnet manager (opensm) must run on one node",
                         "port.inactive_ib_unknown"),
     "port"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "RoCE v2 IPv4 GID at index %1",
                         "gid.roce_v2"),
     "index:int"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "no RoCE v2 GID for an IPv4 address of %1: give the data-plane interface an IPv4 address",
                         "gid.missing"),
     "netdev"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "no RoCE v2 GID for an IPv4 address of its netdev: give the data-plane interface an IPv4 "
                         "address",
                         "gid.missing_no_netdev"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "the MTU of %1 is unknown",
                         "mtu.unknown"),
     "netdev"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 has MTU %2: RoCE then uses 1024 or 2048-byte packets; set 9000 (active MTU 4096)",
                         "mtu.small"),
     "netdev mtu:int"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 has MTU %2",
                         "mtu.ok"),
     "netdev mtu:int"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 links at %2 Mb/s although both ends support %3 Mb/s (cable, transceiver, a speed set by "
                         "hand, or the mode not advertised)",
                         "link_speed.degraded"),
     "netdev mbps:int max_mbps:int"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 links at %2 Mb/s of the %3 Mb/s it supports; the link partner does not say what it offers",
                         "link_speed.below_supported"),
     "netdev mbps:int max_mbps:int"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 links at %2 Mb/s, the fastest both ends support",
                         "link_speed.full"),
     "netdev mbps:int"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 runs at PCIe x%2 of x%3 (slot or riser width)",
                         "pcie_width.degraded"),
     "netdev width:int max_width:int"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 runs at PCIe x%2 of x%3: at most %4 Gbit/s per direction (slot or riser width)",
                         "pcie_width.degraded_bandwidth"),
     "netdev width:int max_width:int gbps:real"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 runs at PCIe x%2 of x%3: at most %4 Gbit/s per direction instead of %5 (slot or riser "
                         "width)",
                         "pcie_width.degraded_bandwidth_of"),
     "netdev width:int max_width:int gbps:real max_gbps:real"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 runs at its full PCIe width x%2",
                         "pcie_width.full"),
     "netdev width:int"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 links at %2 GT/s of %3 GT/s (slot generation, BIOS setting or power saving)",
                         "pcie_speed.degraded"),
     "netdev gts:real max_gts:real"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 links at its full %2 GT/s",
                         "pcie_speed.full"),
     "netdev gts:real"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 can reach only %2 GiB as GTT of %3 GiB memory: raise it with kernel parameters "
                         "(amdgpu.gttsize, ttm.pages_limit)",
                         "gtt.small"),
     "card gtt_gib:real memory_gib:real"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 can reach %2 GiB as GTT",
                         "gtt.ok"),
     "card gtt_gib:real"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "the IOMMU is in pass-through mode or off",
                         "iommu.passthrough"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "no IOMMU is active",
                         "iommu.none"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "the IOMMU translates DMA (no iommu=pt or amd_iommu=off on the kernel command line): RDMA "
                         "and GPU transfers pay for it",
                         "iommu.translating"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "firewalld is active: put the data-plane interface in the trusted zone, or RoCE's UDP "
                         "port 4791 and the job ports are blocked",
                         "firewall.active"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "firewalld is %1",
                         "firewall.state"),
     "state"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "firewalld is not installed or its state is unknown",
                         "firewall.unknown"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "the SSH connection runs over %1, the RDMA interface: HaloLink will not reconfigure it; "
                         "keep management and data plane on separate interfaces",
                         "management.on_rdma"),
     "netdev"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "%1 does not carry the management connection",
                         "management.apart"),
     "netdev"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "not applicable: no RDMA device",
                         "not_applicable.no_rdma_device"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "not applicable: no RDMA port",
                         "not_applicable.no_rdma_port"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "not applicable: no RDMA netdev",
                         "not_applicable.no_rdma_netdev"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "not applicable: no RDMA NIC whose link modes ethtool reports",
                         "not_applicable.no_link_modes"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "not applicable: no NIC with a known PCIe link width",
                         "not_applicable.no_pcie_width"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "not applicable: no NIC with a known PCIe link speed",
                         "not_applicable.no_pcie_speed"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "not applicable: no GPU",
                         "not_applicable.no_gpu"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "not applicable: no NIC with an RDMA device",
                         "not_applicable.no_rdma_nic"),
     ""},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "not applicable: transport is %1",
                         "not_applicable.transport"),
     "transport"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "not applicable: memory sizes of %1 unknown",
                         "not_applicable.gpu_sizes_unknown"),
     "card"},
    {QT_TRANSLATE_NOOP3("CheckMessage",
                         "not applicable: %1 has its own VRAM",
                         "not_applicable.own_vram"),
     "card"},
};

// Keep in step with engine/roce/plan_texts.cpp (tst_enginetexts).
const Entry kPlanTexts[] = {
    {QT_TRANSLATE_NOOP3("PlanText",
                         "NetworkManager manages %1 and would replace what the next steps set with the connection it "
                         "activates: it leaves %1 alone until it restarts (with persist, it takes HaloLink's "
                         "connection at the next boot)",
                         "step.nm_unmanaged"),
     "interface"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "RoCE needs the netdev MTU above its RDMA MTU (4096 needs 4200 or more); %1 on both ends",
                         "step.mtu"),
     "mtu:int"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "the data-plane link must be administratively up",
                         "step.link_up"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "RoCE v2 carries traffic in UDP/IPv4: the RoCE v2 IPv4 GID comes from this address",
                         "step.address"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "peer %1 is outside %2: reach it over %3",
                         "step.route"),
     "peer address interface"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "rdma_cm's settings for %1 appear in configfs (with the rdma_cm module loaded) once its "
                         "folder exists",
                         "step.roce_tos_dir"),
     "device"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "rdma_cm's settings for the RDMA device that the switch to RoCE v2 re-creates on %1 appear "
                         "in configfs once its folder exists; the device is found by that PCI function, under the "
                         "name udev gives it, when the step runs",
                         "step.roce_tos_dir_recreated"),
     "pci"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "connections made through rdma_cm without a ToS of their own (perftest --rdma_cm, MPI, "
                         "rping) take default_roce_tos: %1 = DSCP %2, the class with PFC. NCCL/RCCL do not use "
                         "rdma_cm: jobs give them the same value in NCCL_IB_TC",
                         "step.roce_tos"),
     "tos:int dscp:int"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "connections made through rdma_cm without a ToS of their own (perftest --rdma_cm, MPI, "
                         "rping) take default_roce_tos: %1 = DSCP %2 + ECT, the class with PFC. NCCL/RCCL do not use "
                         "rdma_cm: jobs give them the same value in NCCL_IB_TC",
                         "step.roce_tos_ecn"),
     "tos:int dscp:int"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "in DSCP mode the E810 gives traffic class 0 all the guaranteed bandwidth and RoCE's class "
                         "%1 none: class %1 gets %2 % and class 0 the rest, so that other traffic cannot starve RoCE",
                         "step.ets"),
     "tc:int share:int"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "lossless priority %1: PFC pauses only RoCE's class instead of the whole link",
                         "step.pfc"),
     "priority:int"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "packets marked DSCP %1 go to priority %2 (trust DSCP)",
                         "step.dscp_prio"),
     "dscp:int priority:int"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "Soft-RoCE is the rdma_rxe kernel module",
                         "step.rxe_modules"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "create the Soft-RoCE device %1 on %2",
                         "step.rxe_device"),
     "device interface"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "the E810 runs one RDMA protocol at a time: switch irdma from iWARP to RoCE v2 (the RDMA "
                         "device is re-created)",
                         "step.enable_roce"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "the E810 firmware's LLDP agent owns DCB while it runs: turn it off so that the host's "
                         "PFC settings apply",
                         "step.fw_lldp_off"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "link flow control (global pause) and PFC exclude each other: turn LFC off before "
                         "enabling PFC",
                         "step.lfc_off"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "DCQCN: mark (notification point) and react (reaction point) to ECN on priority %1",
                         "step.ecn"),
     "priority:int"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "NetworkManager keeps the address and MTU across reboots",
                         "step.persist_networkmanager"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "systemd-networkd keeps the address and MTU across reboots",
                         "step.persist_networkd"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "netplan keeps the address, MTU and routes across reboots (it writes the configuration of "
                         "the network stack it renders to at boot)",
                         "step.persist_netplan"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "the active network stack keeps the address and MTU across reboots (which one is read when "
                         "the step runs)",
                         "step.persist_network_unknown"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "load rdma_rxe at boot",
                         "step.persist_rxe_module"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "keep irdma in RoCE mode across reboots",
                         "step.persist_irdma_roce"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "at boot, after the NIC appears and before the network is configured, a unit runs a script "
                         "that re-applies what the kernel does not keep: the Soft-RoCE device, DCB and rdma_cm's ToS",
                         "step.persist_unit"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "%1 (%2) has hardware RoCE: Soft-RoCE on it is slower and uses the CPU",
                         "warning.hardware_roce"),
     "interface driver"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "%1 already has RDMA device %2",
                         "warning.has_rdma_device"),
     "interface device"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "backend %1 was asked for but %2's driver is %3",
                         "warning.backend_driver"),
     "backend interface driver"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "backend %1 was asked for but %2's driver is unknown",
                         "warning.backend_no_driver"),
     "backend interface"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "%1 runs iWARP now: the devlink switch re-creates it as a RoCE device",
                         "warning.iwarp_now"),
     "device"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "the out-of-tree irdma driver (Intel's ice/irdma packages) ignores devlink enable_roce: "
                         "there, load it with the module option roce_ena=1 (options irdma roce_ena=1 in "
                         "/etc/modprobe.d)",
                         "warning.out_of_tree_irdma"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "qos.enabled is false: no PFC/DSCP/ToS changes; RoCE then relies on link flow control or "
                         "nothing (drops cost retransmissions)",
                         "warning.qos_off"),
     ""},
{QT_TRANSLATE_NOOP3("PlanText",
                         "turning the E810's firmware LLDP agent off on %1 is kept by the NIC across reboots (without "
                         "persist, PFC and the DSCP map are not: after a reboot the port has no PFC until it is "
                         "configured again); rolling back turns the agent on again",
                         "warning.fw_lldp_persists"),
     "interface"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "kernel %1: upstream ice has DSCP-based QoS from Linux 5.16 on; unless this kernel's ice has "
                         "it backported, the DSCP map is accepted and does nothing (a newer kernel, such as Ubuntu's "
                         "HWE kernel, has it)",
                         "warning.ice_no_dscp_mode"),
     "kernel"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "%1: this mlx5 driver has no per-priority ECN switch (only NVIDIA's MLNX_OFED driver has "
                         "/sys/class/net/IF/ecn): DCQCN runs as the NIC's firmware sets it",
                         "warning.mlx5_ecn_firmware"),
     "interface"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "%1 (%2) can do RDMA in hardware through the %3 module, which is not loaded: Soft-RoCE is "
                         "slower and uses the CPU",
                         "warning.hardware_rdma_module"),
     "interface driver module"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "%1 (%2) has the RDMA device %3, for which HaloLink has no backend: only the address, MTU "
                         "and routes are configured, and its RDMA mode, PFC and DSCP stay as they are",
                         "warning.generic_backend"),
     "interface driver device"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "persist: %1, so nothing keeps %2's address and MTU across reboots",
                         "warning.no_persistence_stack"),
     "reason interface"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "NetworkManager does not manage %1 (nmcli: unmanaged): the connection file takes effect only "
                         "once NetworkManager manages it",
                         "warning.nm_unmanaged"),
     "interface"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "%1 matches %2 and comes before HaloLink's file: systemd-networkd uses the first file that "
                         "matches, so %2 keeps that file's configuration after a reboot",
                         "warning.networkd_shadowed"),
     "file interface"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "%1 has no RDMA device now: is the RDMA driver (irdma / mlx5_ib) loaded?",
                         "warning.no_rdma_device"),
     "interface"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' failed: `%2` exited %3; the earlier steps were rolled back",
                         "apply.step_failed_exit"),
     "step command exit_code:int"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' failed: `%2` exited %3; rolling back reported problems",
                         "apply.step_failed_exit_rollback_problems"),
     "step command exit_code:int"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' failed: `%2` exited %3: %4; the earlier steps were rolled back",
                         "apply.step_failed_exit_stderr"),
     "step command exit_code:int stderr"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' failed: `%2` exited %3: %4; rolling back reported problems",
                         "apply.step_failed_exit_stderr_rollback_problems"),
     "step command exit_code:int stderr"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' failed: its commands ran, but afterwards this is still not so: %2; the earlier "
                         "steps were rolled back",
                         "apply.step_failed_no_effect"),
     "step check"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' failed: its commands ran, but afterwards this is still not so: %2; rolling back "
                         "reported problems",
                         "apply.step_failed_no_effect_rollback_problems"),
     "step check"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' did not run: %2; nothing it could not undo was changed, and the earlier steps "
                         "were rolled back",
                         "apply.step_failed_unknown"),
     "step reason"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' did not run: %2; rolling back the earlier steps reported problems",
                         "apply.step_failed_unknown_rollback_problems"),
     "step reason"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' failed: `%2` was not found; the earlier steps were rolled back",
                         "apply.step_failed_not_found"),
     "step command"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' failed: `%2` was not found; rolling back reported problems",
                         "apply.step_failed_not_found_rollback_problems"),
     "step command"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' failed: `%2` timed out after %3 s; the earlier steps were rolled back",
                         "apply.step_failed_timeout"),
     "step command seconds:int"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' failed: `%2` timed out after %3 s; rolling back reported problems",
                         "apply.step_failed_timeout_rollback_problems"),
     "step command seconds:int"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' failed: writing %2: %3; the earlier steps were rolled back",
                         "apply.step_failed_write"),
     "step file error"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "step '%1' failed: writing %2: %3; rolling back reported problems",
                         "apply.step_failed_write_rollback_problems"),
     "step file error"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "%1 undo action(s) failed: %2",
                         "apply.rollback_incomplete"),
     "count:int first"},
{QT_TRANSLATE_NOOP3("PlanText",
                         "persist: neither NetworkManager nor systemd-networkd configuration found "
                         "(etc/NetworkManager, etc/systemd/network): the address and MTU are not kept across "
                         "reboots",
                         "warning.no_persistence"),
     ""},
};

// Keep in step with engine/roce/verify_texts.cpp (tst_enginetexts).
const Entry kVerifyTexts[] = {
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 is up",
                         "interface.up"),
     "interface"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 is %2: RDMA needs the link up (`ip link set dev %1 up`, the plan's link_up step)",
                         "interface.down"),
     "interface state"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 is in an unknown state: RDMA needs the link up (`ip link set dev %1 up`, the plan's "
                         "link_up step)",
                         "interface.unknown_state"),
     "interface"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 exists but is bound to %2, not %3",
                         "device.rxe_bound_elsewhere"),
     "device netdev interface"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 exists but is bound to no netdev, not %2",
                         "device.rxe_bound_nowhere"),
     "device interface"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 has RDMA device %2, not the spec's Soft-RoCE device %3",
                         "device.other"),
     "interface actual device"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "no RDMA device is bound to %1 (apply creates %2 with `rdma link add %2 type rxe netdev "
                         "%1`)",
                         "device.rxe_missing"),
     "interface device"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "no RDMA device is bound to %1 (backend %2: the driver makes it; is its RDMA module "
                         "loaded?)",
                         "device.missing"),
     "interface backend"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 runs %2, not RoCE",
                         "device.not_roce"),
     "device transport"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 runs iwarp, not RoCE (the plan's enable_roce step switches it)",
                         "device.iwarp"),
     "device"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 runs an unknown transport, not RoCE",
                         "device.unknown_transport"),
     "device"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 port %2 is bound to %3 (backend %4)",
                         "device.bound"),
     "device port:int interface backend"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "no RDMA device on %1, so no port to be ACTIVE",
                         "port.no_device"),
     "interface"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 is ACTIVE",
                         "port.active"),
     "port"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 is %2: is %3 up with a carrier?",
                         "port.state"),
     "port state interface"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 is in an unknown state: is %2 up with a carrier?",
                         "port.unknown_state"),
     "port interface"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "no RDMA device on %1, so no GID for %2",
                         "gid.no_device"),
     "interface ip"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "RoCE v2 GID %1 at index %2 of %3",
                         "gid.found"),
     "gid index:int port"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 has no RoCE v2 GID for %2 (only one %3)",
                         "gid.other_type"),
     "port ip type"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 has no RoCE v2 GID for %2 (only one of unknown type)",
                         "gid.unknown_type"),
     "port ip"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 has no RoCE v2 GID for %2: the kernel adds it when %3 has %2 and the port's netdev is "
                         "up",
                         "gid.missing"),
     "port ip interface"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 MTU is %2",
                         "mtu.same"),
     "interface mtu:int"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 MTU is %2, the spec asks for %3",
                         "mtu.differs"),
     "interface mtu:int want:int"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 MTU is unknown, the spec asks for %2",
                         "mtu.unknown"),
     "interface want:int"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "no RDMA device on %1: no active MTU to report",
                         "rdma_mtu.no_device"),
     "interface"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "the active MTU of %1 is unknown (no libibverbs, or no ibv_devinfo in the snapshot)",
                         "rdma_mtu.unknown"),
     "port"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "active MTU %1; %2's MTU is unknown",
                         "rdma_mtu.netdev_unknown"),
     "active:int interface"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "active MTU %1 is below the %2 that %3's MTU %4 allows: larger messages take more packets "
                         "(the port may need a link down/up, or the peer's MTU is smaller)",
                         "rdma_mtu.low"),
     "active:int allowed:int interface mtu:int"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "active MTU %1 (the most %2's MTU %3 allows is %4)",
                         "rdma_mtu.ok"),
     "active:int interface mtu:int allowed:int"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 has %2",
                         "address.present"),
     "interface address"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 does not have %2 (it has %3)",
                         "address.missing"),
     "interface address addresses"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 does not have %2 (it has no IPv4 address)",
                         "address.none"),
     "interface address"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "qos.enabled is false: the default ToS is not part of the spec",
                         "tos.qos_off"),
     ""},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "no RDMA device on %1, so no rdma_cm ToS to read",
                         "tos.no_device"),
     "interface"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 does not exist: rdma_cm connections use ToS 0 (apply makes that folder; is configfs "
                         "mounted and the rdma_cm module loaded?)",
                         "tos.no_folder"),
     "folder"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "cannot read %1",
                         "tos.unreadable"),
     "file"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 reads '%2', not a number",
                         "tos.not_a_number"),
     "file value"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 reads %2",
                         "tos.same"),
     "file tos:int"},
    {QT_TRANSLATE_NOOP3("VerifyText",
                         "%1 reads %2, the spec's qos.tos is %3",
                         "tos.differs"),
     "file tos:int want:int"},
};

std::span<const Entry> entries(Table table)
{
    switch (table) {
    case Table::CheckMessage: return kCheckMessages;
    case Table::PlanText: return kPlanTexts;
    case Table::VerifyText: return kVerifyTexts;
    }
    return {};
}

const char *context(Table table)
{
    switch (table) {
    case Table::CheckMessage: return "CheckMessage";
    case Table::PlanText: return "PlanText";
    case Table::VerifyText: return "VerifyText";
    }
    return "";
}

QStringList specsOf(const Entry &e)
{
    return QString::fromLatin1(e.args).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

// One value, written for `locale`; nullopt when the JSON value has not the
// type the text expects.
std::optional<QString> value(const QJsonObject &args, const QString &spec, const QLocale &locale)
{
    const qsizetype colon = spec.indexOf(QLatin1Char(':'));
    const QString name = colon < 0 ? spec : spec.left(colon);
    const QString kind = colon < 0 ? QString() : spec.mid(colon + 1);
    const QJsonValue v = args.value(name);
    if (kind.isEmpty())
        return v.isString() ? std::optional<QString>(v.toString()) : std::nullopt;
    if (!v.isDouble())
        return std::nullopt;
    if (kind == QLatin1String("int")) {
        const double d = v.toDouble();
        if (std::trunc(d) != d)
            return std::nullopt;
        return QString::number(v.toInteger()); // an MTU, a lane count, a DSCP: no digit grouping
    }
    if (kind == QLatin1String("real"))
        return locale.toString(v.toDouble(), 'f', 1);
    return std::nullopt;
}

// %1..%9 replaced in one pass, so that a value holding "%2" stays as it is; a
// value may be named more than once.
QString fill(const QString &text, const QStringList &values)
{
    QString out;
    out.reserve(text.size() + 32);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('%') && i + 1 < text.size() && text.at(i + 1).isDigit()) {
            const int n = text.at(i + 1).digitValue();
            if (n >= 1 && n <= values.size()) {
                out += values.at(n - 1);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace

QList<Text> texts(Table table)
{
    QList<Text> out;
    for (const Entry &e : entries(table))
        out.append({QLatin1String(e.text.key), QString::fromUtf8(e.text.source), specsOf(e)});
    return out;
}

std::optional<QString> render(Table table, const QString &key, const QJsonObject &args, const QLocale &locale,
                              bool translate)
{
    const Entry *found = nullptr;
    for (const Entry &e : entries(table))
        if (key == QLatin1String(e.text.key))
            found = &e;
    if (!found)
        return std::nullopt;
    const QStringList specs = specsOf(*found);
    if (args.size() != specs.size())
        return std::nullopt;
    QStringList values;
    for (const QString &spec : specs) {
        const std::optional<QString> v = value(args, spec, locale);
        if (!v)
            return std::nullopt;
        values.append(*v);
    }
    const QString text = translate ? QCoreApplication::translate(context(table), found->text.source, found->text.key)
                                   : QString::fromUtf8(found->text.source);
    return fill(text, values);
}

QString translated(Table table, const QString &key, const QJsonObject &args, const QString &english)
{
    if (key.isEmpty())
        return english;
    return render(table, key, args, QLocale()).value_or(english);
}

QString planStepWhy(const QJsonObject &step)
{
    return translated(Table::PlanText, step.value(QStringLiteral("why_key")).toString(),
                      step.value(QStringLiteral("why_args")).toObject(), step.value(QStringLiteral("why")).toString());
}

QString verifyDetail(const QJsonObject &check)
{
    return translated(Table::VerifyText, check.value(QStringLiteral("detail_key")).toString(),
                      check.value(QStringLiteral("detail_args")).toObject(),
                      check.value(QStringLiteral("detail")).toString());
}

QStringList planWarnings(const QJsonObject &plan)
{
    const QJsonArray english = plan.value(QStringLiteral("warnings")).toArray();
    const QJsonArray keys = plan.value(QStringLiteral("warning_keys")).toArray();
    QStringList out;
    for (qsizetype i = 0; i < english.size(); ++i) {
        const QJsonObject k = keys.size() == english.size() ? keys.at(i).toObject() : QJsonObject();
        out << translated(Table::PlanText, k.value(QStringLiteral("key")).toString(),
                          k.value(QStringLiteral("args")).toObject(), english.at(i).toString());
    }
    return out;
}

} // namespace halolink::enginetext
