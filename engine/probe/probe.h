#pragma once
// What a node is: host, GPUs, NICs, RDMA devices, libraries and checks
// (schema halolink.probe/1). Every fact is read through a sys::Root, so the
// same code describes the live machine and a replayed snapshot. docs/probe.md
// says where each fact comes from.

#include <optional>
#include <string>
#include <vector>

#include "sys/json_out.h"
#include "sys/root.h"

namespace halolink::probe {

struct GidEntry {
    int index = 0;
    std::string gid; // RFC 5952 text: "::ffff:192.168.100.1", "fe80::..."
    std::optional<std::string> type; // "RoCE v2", "IB/RoCE v1"
    std::optional<std::string> netdev;
};

struct RdmaPort {
    std::string device;
    int port = 1;
    std::optional<std::string> netdev;
    std::string transport; // roce | iwarp | infiniband
    std::optional<std::string> linkLayer;
    std::optional<std::string> state; // ACTIVE, DOWN, INIT...
    std::optional<std::string> physState;
    std::optional<std::string> rate;
    std::vector<GidEntry> gids;
    std::optional<int> roceV2Ipv4GidIndex;
    std::optional<std::string> pci; // the device's PCI function, when it has one
};

struct Libraries {
    std::optional<bool> ibverbs;
    std::optional<bool> rdmacm;
    std::optional<bool> rocmSmi;
};

// `ip -j addr show` -> each netdev and its IPv4 "a.b.c.d/len" addresses;
// nullopt when the text is not the JSON iproute2 prints.
std::optional<std::vector<std::pair<std::string, std::vector<std::string>>>> parseIpAddr(const std::string &text);
// `devlink -j dev param show`: {"<handle>": {"<param>": {"<cmode>": value}}}
// for every device and parameter listed; nullopt when the text is not the
// JSON devlink prints (tests/fixtures/tool-output/devlink/).
std::optional<Json> parseDevlinkParams(const std::string &text);
// `devlink -j dev param show`: {"enable_roce": bool|null, "enable_iwarp":
// bool|null} of one PCI function (its runtime values; only the parameters
// it lists, so {} when it has neither or is not listed); nullopt when the
// text is not the JSON devlink prints.
std::optional<Json> parseDevlinkRdmaParams(const std::string &text, const std::string &pci);

// `ibv_devinfo -v -d DEV`: the active_mtu (bytes) of one port.
std::optional<long long> activeMtuFromDevinfo(const std::string &text, int port);
// `ethtool -i IF`: the firmware-version, nullopt when empty or "N/A".
std::optional<std::string> firmwareFromEthtoolInfo(const std::string &text);

// `ethtool IF` (the settings report): the negotiated speed and the fastest
// link mode each side offers, in Mb/s. A mode's speed is the number it
// starts with ("100000baseCR4/Full"); "Not reported" and modes without a
// number count as none.
struct LinkModes {
    std::optional<long long> speedMbps;          // "Speed: 25000Mb/s"; none when "Unknown!"
    std::optional<long long> supportedMaxMbps;   // "Supported link modes:"
    std::optional<long long> partnerMaxMbps;     // "Link partner advertised link modes:"
    std::optional<long long> commonMaxMbps;      // the fastest mode both list
};
LinkModes parseEthtoolSettings(const std::string &text);

// IPv4 addresses ("a.b.c.d/len") per netdev, from `ip -j addr show` (none
// when it fails).
std::vector<std::pair<std::string, std::vector<std::string>>> ipv4Addresses(const sys::Root &root);

// Every RDMA device port with its GID table and the RoCE v2 IPv4 GID index
// chosen exactly as `probe` chooses it.
std::vector<RdmaPort> rdmaPorts(const sys::Root &root);

// The whole probe document.
Json probe(const sys::Root &root);

// "0000:0000:0000:0000:0000:ffff:c0a8:6401" -> "::ffff:192.168.100.1";
// nullopt for text that is not a GID.
std::optional<std::string> gidText(const std::string &sysfsGid);
// "gfx1151" from KFD's gfx_target_version 110501.
std::string gfxTargetName(long long version);

} // namespace halolink::probe
