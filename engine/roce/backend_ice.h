#pragma once
// What the E810 backend reads from ethtool (tests/fixtures/tool-output/ethtool/).

#include <optional>
#include <string>

namespace halolink::roce::ice {

// `ethtool -a IF`: the value of the "RX:" or "TX:" line ("on"/"off"); the
// netlink interface's "RX negotiated:" lines are not those.
std::optional<std::string> pauseValue(const std::string &text, const std::string &key);
// `ethtool --show-priv-flags IF`: the value of one flag ("fw-lldp-agent   : on").
std::optional<std::string> privFlag(const std::string &text, const std::string &flag);

} // namespace halolink::roce::ice
