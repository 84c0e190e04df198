// Verify texts (verify_texts.h). A key keeps its meaning for good; the app's
// translatable copy is core/protocol/enginetexts.cpp.

#include "roce/verify_texts.h"

#include <array>

namespace halolink::roce {

namespace {

constexpr std::array kTexts{
    // interface_up
    sys::KeyedText{"interface.up", "{interface} is up"},
    sys::KeyedText{"interface.down",
                   "{interface} is {state}: RDMA needs the link up (`ip link set dev {interface} up`, the plan's "
                   "link_up step)"},
    sys::KeyedText{"interface.unknown_state",
                   "{interface} is in an unknown state: RDMA needs the link up (`ip link set dev {interface} up`, "
                   "the plan's link_up step)"},
    // rdma_device
    sys::KeyedText{"device.rxe_bound_elsewhere", "{device} exists but is bound to {netdev}, not {interface}"},
    sys::KeyedText{"device.rxe_bound_nowhere", "{device} exists but is bound to no netdev, not {interface}"},
    sys::KeyedText{"device.other", "{interface} has RDMA device {actual}, not the spec's Soft-RoCE device {device}"},
    sys::KeyedText{"device.rxe_missing",
                   "no RDMA device is bound to {interface} (apply creates {device} with `rdma link add {device} type "
                   "rxe netdev {interface}`)"},
    sys::KeyedText{"device.missing",
                   "no RDMA device is bound to {interface} (backend {backend}: the driver makes it; is its RDMA "
                   "module loaded?)"},
    sys::KeyedText{"device.not_roce", "{device} runs {transport}, not RoCE"},
    sys::KeyedText{"device.iwarp", "{device} runs iwarp, not RoCE (the plan's enable_roce step switches it)"},
    sys::KeyedText{"device.unknown_transport", "{device} runs an unknown transport, not RoCE"},
    sys::KeyedText{"device.bound", "{device} port {port:int} is bound to {interface} (backend {backend})"},
    // port_active
    sys::KeyedText{"port.no_device", "no RDMA device on {interface}, so no port to be ACTIVE"},
    sys::KeyedText{"port.active", "{port} is ACTIVE"},
    sys::KeyedText{"port.state", "{port} is {state}: is {interface} up with a carrier?"},
    sys::KeyedText{"port.unknown_state", "{port} is in an unknown state: is {interface} up with a carrier?"},
    // roce_v2_gid
    sys::KeyedText{"gid.no_device", "no RDMA device on {interface}, so no GID for {ip}"},
    sys::KeyedText{"gid.found", "RoCE v2 GID {gid} at index {index:int} of {port}"},
    sys::KeyedText{"gid.other_type", "{port} has no RoCE v2 GID for {ip} (only one {type})"},
    sys::KeyedText{"gid.unknown_type", "{port} has no RoCE v2 GID for {ip} (only one of unknown type)"},
    sys::KeyedText{"gid.missing",
                   "{port} has no RoCE v2 GID for {ip}: the kernel adds it when {interface} has {ip} and the port's "
                   "netdev is up"},
    // mtu
    sys::KeyedText{"mtu.same", "{interface} MTU is {mtu:int}"},
    sys::KeyedText{"mtu.differs", "{interface} MTU is {mtu:int}, the spec asks for {want:int}"},
    sys::KeyedText{"mtu.unknown", "{interface} MTU is unknown, the spec asks for {want:int}"},
    // rdma_mtu
    sys::KeyedText{"rdma_mtu.no_device", "no RDMA device on {interface}: no active MTU to report"},
    sys::KeyedText{"rdma_mtu.unknown",
                   "the active MTU of {port} is unknown (no libibverbs, or no ibv_devinfo in the snapshot)"},
    sys::KeyedText{"rdma_mtu.netdev_unknown", "active MTU {active:int}; {interface}'s MTU is unknown"},
    sys::KeyedText{"rdma_mtu.low",
                   "active MTU {active:int} is below the {allowed:int} that {interface}'s MTU {mtu:int} allows: "
                   "larger messages take more packets (the port may need a link down/up, or the peer's MTU is "
                   "smaller)"},
    sys::KeyedText{"rdma_mtu.ok", "active MTU {active:int} (the most {interface}'s MTU {mtu:int} allows is {allowed:int})"},
    // address
    sys::KeyedText{"address.present", "{interface} has {address}"},
    sys::KeyedText{"address.missing", "{interface} does not have {address} (it has {addresses})"},
    sys::KeyedText{"address.none", "{interface} does not have {address} (it has no IPv4 address)"},
    // roce_tos
    sys::KeyedText{"tos.qos_off", "qos.enabled is false: the default ToS is not part of the spec"},
    sys::KeyedText{"tos.no_device", "no RDMA device on {interface}, so no rdma_cm ToS to read"},
    sys::KeyedText{"tos.no_folder",
                   "{folder} does not exist: rdma_cm connections use ToS 0 (apply makes that folder; is configfs "
                   "mounted and the rdma_cm module loaded?)"},
    sys::KeyedText{"tos.unreadable", "cannot read {file}"},
    sys::KeyedText{"tos.not_a_number", "{file} reads '{value}', not a number"},
    sys::KeyedText{"tos.same", "{file} reads {tos:int}"},
    sys::KeyedText{"tos.differs", "{file} reads {tos:int}, the spec's qos.tos is {want:int}"},
};

} // namespace

std::span<const sys::KeyedText> verifyTexts()
{
    return kTexts;
}

} // namespace halolink::roce
