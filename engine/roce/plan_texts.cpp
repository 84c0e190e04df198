// Plan texts (plan_texts.h). As with the check findings, a key keeps its
// meaning for good; the app's translatable copy is core/protocol/enginetexts.cpp.

#include "roce/plan_texts.h"

#include <array>

namespace halolink::roce {

namespace {

constexpr std::array kTexts{
    // Why each step is there.
    sys::KeyedText{"step.nm_unmanaged",
                   "NetworkManager manages {interface} and would replace what the next steps set with the "
                   "connection it activates: it leaves {interface} alone until it restarts (with persist, it "
                   "takes HaloLink's connection at the next boot)"},
    sys::KeyedText{"step.mtu",
                   "RoCE needs the netdev MTU above its RDMA MTU (4096 needs 4200 or more); {mtu:int} on both ends"},
    sys::KeyedText{"step.link_up", "the data-plane link must be administratively up"},
    sys::KeyedText{"step.address",
                   "RoCE v2 carries traffic in UDP/IPv4: the RoCE v2 IPv4 GID comes from this address"},
    sys::KeyedText{"step.route", "peer {peer} is outside {address}: reach it over {interface}"},
    sys::KeyedText{"step.roce_tos_dir",
                   "rdma_cm's settings for {device} appear in configfs (with the rdma_cm module loaded) once its "
                   "folder exists"},
    sys::KeyedText{"step.roce_tos_dir_recreated",
                   "rdma_cm's settings for the RDMA device that the switch to RoCE v2 re-creates on {pci} appear "
                   "in configfs once its folder exists; the device is found by that PCI function, under the name "
                   "udev gives it, when the step runs"},
    sys::KeyedText{"step.roce_tos",
                   "connections made through rdma_cm without a ToS of their own (perftest --rdma_cm, MPI, "
                   "rping) take default_roce_tos: {tos:int} = DSCP {dscp:int}, the class with PFC. NCCL/RCCL do "
                   "not use rdma_cm: jobs give them the same value in NCCL_IB_TC"},
    sys::KeyedText{"step.roce_tos_ecn",
                   "connections made through rdma_cm without a ToS of their own (perftest --rdma_cm, MPI, "
                   "rping) take default_roce_tos: {tos:int} = DSCP {dscp:int} + ECT, the class with PFC. NCCL/RCCL "
                   "do not use rdma_cm: jobs give them the same value in NCCL_IB_TC"},
    sys::KeyedText{"step.ets",
                   "in DSCP mode the E810 gives traffic class 0 all the guaranteed bandwidth and RoCE's class "
                   "{tc:int} none: class {tc:int} gets {share:int} % and class 0 the rest, so that other traffic "
                   "cannot starve RoCE"},
    sys::KeyedText{"step.pfc",
                   "lossless priority {priority:int}: PFC pauses only RoCE's class instead of the whole link"},
    sys::KeyedText{"step.dscp_prio", "packets marked DSCP {dscp:int} go to priority {priority:int} (trust DSCP)"},
    sys::KeyedText{"step.rxe_modules", "Soft-RoCE is the rdma_rxe kernel module"},
    sys::KeyedText{"step.rxe_device", "create the Soft-RoCE device {device} on {interface}"},
    sys::KeyedText{"step.enable_roce",
                   "the E810 runs one RDMA protocol at a time: switch irdma from iWARP to RoCE v2 (the RDMA device "
                   "is re-created)"},
    sys::KeyedText{"step.fw_lldp_off",
                   "the E810 firmware's LLDP agent owns DCB while it runs: turn it off so that the host's PFC "
                   "settings apply"},
    sys::KeyedText{"step.lfc_off",
                   "link flow control (global pause) and PFC exclude each other: turn LFC off before enabling PFC"},
    sys::KeyedText{"step.ecn",
                   "DCQCN: mark (notification point) and react (reaction point) to ECN on priority {priority:int}"},
    sys::KeyedText{"step.persist_networkmanager", "NetworkManager keeps the address and MTU across reboots"},
    sys::KeyedText{"step.persist_networkd", "systemd-networkd keeps the address and MTU across reboots"},
    sys::KeyedText{"step.persist_netplan",
                   "netplan keeps the address, MTU and routes across reboots (it writes the configuration of the "
                   "network stack it renders to at boot)"},
    sys::KeyedText{"step.persist_network_unknown",
                   "the active network stack keeps the address and MTU across reboots (which one is read when the "
                   "step runs)"},
    sys::KeyedText{"step.persist_rxe_module", "load rdma_rxe at boot"},
    sys::KeyedText{"step.persist_irdma_roce", "keep irdma in RoCE mode across reboots"},
    sys::KeyedText{"step.persist_unit",
                   "at boot, after the NIC appears and before the network is configured, a unit runs a script "
                   "that re-applies what the kernel does not keep: the Soft-RoCE device, DCB and rdma_cm's ToS"},
    // Warnings.
    sys::KeyedText{"warning.hardware_roce",
                   "{interface} ({driver}) has hardware RoCE: Soft-RoCE on it is slower and uses the CPU"},
    sys::KeyedText{"warning.has_rdma_device", "{interface} already has RDMA device {device}"},
    sys::KeyedText{"warning.backend_driver", "backend {backend} was asked for but {interface}'s driver is {driver}"},
    sys::KeyedText{"warning.backend_no_driver",
                   "backend {backend} was asked for but {interface}'s driver is unknown"},
    sys::KeyedText{"warning.iwarp_now", "{device} runs iWARP now: the devlink switch re-creates it as a RoCE device"},
    sys::KeyedText{"warning.out_of_tree_irdma",
                   "the out-of-tree irdma driver (Intel's ice/irdma packages) ignores devlink enable_roce: there, "
                   "load it with the module option roce_ena=1 (options irdma roce_ena=1 in /etc/modprobe.d)"},
    sys::KeyedText{"warning.qos_off",
                   "qos.enabled is false: no PFC/DSCP/ToS changes; RoCE then relies on link flow control or nothing "
                   "(drops cost retransmissions)"},
    sys::KeyedText{"warning.fw_lldp_persists",
                   "turning the E810's firmware LLDP agent off on {interface} is kept by the NIC across reboots "
                   "(without persist, PFC and the DSCP map are not: after a reboot the port has no PFC until it is "
                   "configured again); rolling back turns the agent on again"},
    sys::KeyedText{"warning.ice_no_dscp_mode",
                   "kernel {kernel}: upstream ice has DSCP-based QoS from Linux 5.16 on; unless this kernel's ice "
                   "has it backported, the DSCP map is accepted and does nothing (a newer kernel, such as Ubuntu's "
                   "HWE kernel, has it)"},
    sys::KeyedText{"warning.mlx5_ecn_firmware",
                   "{interface}: this mlx5 driver has no per-priority ECN switch (only NVIDIA's MLNX_OFED driver "
                   "has /sys/class/net/IF/ecn): DCQCN runs as the NIC's firmware sets it"},
    sys::KeyedText{"warning.hardware_rdma_module",
                   "{interface} ({driver}) can do RDMA in hardware through the {module} module, which is not "
                   "loaded: Soft-RoCE is slower and uses the CPU"},
    sys::KeyedText{"warning.generic_backend",
                   "{interface} ({driver}) has the RDMA device {device}, for which HaloLink has no backend: only the "
                   "address, MTU and routes are configured, and its RDMA mode, PFC and DSCP stay as they are"},
    sys::KeyedText{"warning.no_persistence_stack",
                   "persist: {reason}, so nothing keeps {interface}'s address and MTU across reboots"},
    sys::KeyedText{"warning.nm_unmanaged",
                   "NetworkManager does not manage {interface} (nmcli: unmanaged): the connection file takes effect "
                   "only once NetworkManager manages it"},
    sys::KeyedText{"warning.networkd_shadowed",
                   "{file} matches {interface} and comes before HaloLink's file: systemd-networkd uses the first "
                   "file that matches, so {interface} keeps that file's configuration after a reboot"},
    sys::KeyedText{"warning.no_rdma_device",
                   "{interface} has no RDMA device now: is the RDMA driver (irdma / mlx5_ib) loaded?"},
    // apply's errors (step_failed, rollback_incomplete): message, message_key, message_args.
    sys::KeyedText{"apply.step_failed_exit",
                   "step '{step}' failed: `{command}` exited {exit_code:int}; the earlier steps were rolled back"},
    sys::KeyedText{"apply.step_failed_exit_rollback_problems",
                   "step '{step}' failed: `{command}` exited {exit_code:int}; rolling back reported problems"},
    sys::KeyedText{"apply.step_failed_exit_stderr",
                   "step '{step}' failed: `{command}` exited {exit_code:int}: {stderr}; the earlier steps were rolled "
                   "back"},
    sys::KeyedText{"apply.step_failed_exit_stderr_rollback_problems",
                   "step '{step}' failed: `{command}` exited {exit_code:int}: {stderr}; rolling back reported "
                   "problems"},
    sys::KeyedText{"apply.step_failed_no_effect",
                   "step '{step}' failed: its commands ran, but afterwards this is still not so: {check}; the "
                   "earlier steps were rolled back"},
    sys::KeyedText{"apply.step_failed_no_effect_rollback_problems",
                   "step '{step}' failed: its commands ran, but afterwards this is still not so: {check}; rolling "
                   "back reported problems"},
    sys::KeyedText{"apply.step_failed_unknown",
                   "step '{step}' did not run: {reason}; nothing it could not undo was changed, and the earlier "
                   "steps were rolled back"},
    sys::KeyedText{"apply.step_failed_unknown_rollback_problems",
                   "step '{step}' did not run: {reason}; rolling back the earlier steps reported problems"},
    sys::KeyedText{"apply.step_failed_not_found",
                   "step '{step}' failed: `{command}` was not found; the earlier steps were rolled back"},
    sys::KeyedText{"apply.step_failed_not_found_rollback_problems",
                   "step '{step}' failed: `{command}` was not found; rolling back reported problems"},
    sys::KeyedText{"apply.step_failed_timeout",
                   "step '{step}' failed: `{command}` timed out after {seconds:int} s; the earlier steps were rolled "
                   "back"},
    sys::KeyedText{"apply.step_failed_timeout_rollback_problems",
                   "step '{step}' failed: `{command}` timed out after {seconds:int} s; rolling back reported "
                   "problems"},
    sys::KeyedText{"apply.step_failed_write",
                   "step '{step}' failed: writing {file}: {error}; the earlier steps were rolled back"},
    sys::KeyedText{"apply.step_failed_write_rollback_problems",
                   "step '{step}' failed: writing {file}: {error}; rolling back reported problems"},
    sys::KeyedText{"apply.rollback_incomplete", "{count:int} undo action(s) failed: {first}"},
    sys::KeyedText{"warning.no_persistence",
                   "persist: neither NetworkManager nor systemd-networkd configuration found (etc/NetworkManager, "
                   "etc/systemd/network): the address and MTU are not kept across reboots"},
};

} // namespace

std::span<const sys::KeyedText> planTexts()
{
    return kTexts;
}

} // namespace halolink::roce
