#pragma once
// Small text helpers for parsing sysfs attributes and command output.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace halolink::sys {

std::string trim(std::string_view s);
std::vector<std::string> split(std::string_view s, char sep, bool skipEmpty = true);
std::vector<std::string> splitWhitespace(std::string_view s);
std::vector<std::string> lines(std::string_view s);
bool startsWith(std::string_view s, std::string_view prefix);
std::optional<long long> parseInt(std::string_view s);
std::optional<double> parseDouble(std::string_view s);
// "key: value" lines (ethtool -i, /etc/os-release uses '=').
std::optional<std::string> fieldValue(std::string_view text, std::string_view key, char sep);
// RFC 4648 base64 (the standard alphabet, '=' padding, no line breaks);
// nullopt for anything else.
std::optional<std::string> base64Decode(std::string_view s);

} // namespace halolink::sys
