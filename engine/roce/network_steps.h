#pragma once
// What the data-plane netdev's steps read from iproute2's `ip` (its JSON,
// tests/fixtures/tool-output/ip/).

#include <optional>
#include <string>
#include <vector>

#include "sys/json_out.h"

namespace halolink::roce {

// `ip -j route show PREFIX`: its entries as printed ("[]", or nothing at all
// when no route matches); nullopt when the text is not that JSON.
std::optional<std::vector<Json>> parseRoutes(const std::string &text);
// `nmcli -t -f DEVICE,STATE[,CONNECTION] device`: one entry a device
// (tests/fixtures/tool-output/nmcli/); nullopt when the text is not that.
struct NmDevice {
    std::string device;
    std::string state; // "connected", "unmanaged", "connecting (getting IP configuration)", ...
    std::string connection;
};
std::optional<std::vector<NmDevice>> parseNmcliDevices(const std::string &text);
// `ip -j -d link show dev IF`: the device's max_mtu, when it says.
std::optional<int> parseLinkMaxMtu(const std::string &text);

} // namespace halolink::roce
