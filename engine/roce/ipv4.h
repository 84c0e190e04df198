#pragma once
// IPv4 addresses and prefixes as the RoCE spec writes them ("10.0.0.1/24").

#include <cstdint>
#include <optional>
#include <string>

namespace halolink::roce {

// Dotted quad without leading zeros (no octal-looking parts).
std::optional<uint32_t> parseIpv4(const std::string &text);

struct Cidr {
    uint32_t addr = 0;
    int prefix = 32;
    uint32_t mask() const { return prefix == 0 ? 0 : ~uint32_t(0) << (32 - prefix); }
    uint32_t network() const { return addr & mask(); }
};

std::optional<Cidr> parseCidr(const std::string &text);
bool overlaps(const Cidr &a, const Cidr &b);
// "10.0.0.1/24" -> "10.0.0.1"
std::string addressOnly(const std::string &cidr);

} // namespace halolink::roce
