// What the probe reads from other programs' output: `ip -j addr show`,
// `devlink -j dev param show`, `ibv_devinfo -v`, `ethtool -i`, `ethtool IF` (probe.h;
// tested against tests/fixtures/tool-output/ by tst_tool_output).

#include "probe/probe.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>

#include "sys/text.h"

namespace halolink::probe {

std::optional<Json> parseDevlinkParams(const std::string &text)
{
    auto doc = Json::parse(text, nullptr, false);
    if (!doc.is_object() || !doc.contains("param") || !doc["param"].is_object())
        return std::nullopt;
    Json out = Json::object();
    for (auto it = doc["param"].begin(); it != doc["param"].end(); ++it) {
        if (!it.value().is_array())
            return std::nullopt;
        Json params = Json::object();
        for (const auto &param : it.value()) {
            if (!param.is_object() || !param.contains("name") || !param["name"].is_string())
                continue;
            Json values = Json::object();
            if (param.contains("values") && param["values"].is_array())
                for (const auto &v : param["values"])
                    if (v.is_object() && v.contains("cmode") && v["cmode"].is_string() && v.contains("value"))
                        values[v["cmode"].get<std::string>()] = v["value"];
            params[param["name"].get<std::string>()] = values;
        }
        out[it.key()] = params;
    }
    return out;
}

std::optional<Json> parseDevlinkRdmaParams(const std::string &text, const std::string &pci)
{
    auto all = parseDevlinkParams(text);
    if (!all)
        return std::nullopt;
    Json out = Json::object();
    const std::string key = "pci/" + pci;
    if (!all->contains(key))
        return out;
    for (const char *name : {"enable_roce", "enable_iwarp"}) {
        if (!(*all)[key].contains(name))
            continue;
        const Json &values = (*all)[key][name];
        // The runtime value is what the driver uses now.
        if (values.contains("runtime"))
            out[name] = values["runtime"];
        else if (!values.empty())
            out[name] = values.begin().value();
        else
            out[name] = nullptr;
    }
    return out;
}

std::optional<long long> activeMtuFromDevinfo(const std::string &text, int port)
{
    int current = -1;
    for (auto &line : sys::lines(text)) {
        std::string t = sys::trim(line);
        if (sys::startsWith(t, "port:")) {
            current = static_cast<int>(sys::parseInt(t.substr(5)).value_or(-1));
        } else if (current == port && sys::startsWith(t, "active_mtu:")) {
            auto tokens = sys::splitWhitespace(t.substr(11));
            if (!tokens.empty())
                return sys::parseInt(tokens[0]);
        }
    }
    return std::nullopt;
}

std::optional<std::string> firmwareFromEthtoolInfo(const std::string &text)
{
    auto firmware = sys::fieldValue(text, "firmware-version", ':');
    if (firmware && (firmware->empty() || *firmware == "N/A"))
        firmware.reset();
    return firmware;
}

std::optional<std::vector<std::pair<std::string, std::vector<std::string>>>> parseIpAddr(const std::string &text)
{
    auto doc = Json::parse(text, nullptr, false);
    if (!doc.is_array())
        return std::nullopt;
    std::vector<std::pair<std::string, std::vector<std::string>>> out;
    for (auto &link : doc) {
        if (!link.is_object() || !link.contains("ifname") || !link["ifname"].is_string())
            continue;
        std::vector<std::string> addrs;
        if (link.contains("addr_info") && link["addr_info"].is_array()) {
            for (auto &a : link["addr_info"]) {
                if (!a.is_object() || !a.contains("family") || a["family"] != "inet" || !a.contains("local") ||
                    !a["local"].is_string() || !a.contains("prefixlen") || !a["prefixlen"].is_number_integer())
                    continue;
                addrs.push_back(a["local"].get<std::string>() + "/" + std::to_string(a["prefixlen"].get<int>()));
            }
        }
        out.emplace_back(link["ifname"].get<std::string>(), std::move(addrs));
    }
    return out;
}

LinkModes parseEthtoolSettings(const std::string &text)
{
    // "\tSupported link modes:   10baseT/Half 10baseT/Full" and its
    // continuation lines (indented, no "Key:"), "\tSpeed: 1000Mb/s".
    std::vector<std::string> supported, partner;
    std::vector<std::string> *list = nullptr;
    LinkModes m;
    std::istringstream in(text);
    std::string line;
    auto words = [](const std::string &s, std::vector<std::string> &into) {
        std::istringstream w(s);
        std::string word;
        while (w >> word)
            into.push_back(word);
    };
    while (std::getline(in, line)) {
        const std::string trimmed = sys::trim(line);
        const auto colon = trimmed.find(':');
        const bool continuation = !line.empty() && (line[0] == ' ' || line[0] == '\t') && colon == std::string::npos;
        if (continuation && list) {
            words(trimmed, *list);
            continue;
        }
        list = nullptr;
        if (colon == std::string::npos)
            continue;
        const std::string key = trimmed.substr(0, colon);
        const std::string value = sys::trim(trimmed.substr(colon + 1));
        if (key == "Supported link modes") {
            list = &supported;
            words(value, supported);
        } else if (key == "Link partner advertised link modes") {
            list = &partner;
            words(value, partner);
        } else if (key == "Speed") {
            long long v = 0;
            if (std::sscanf(value.c_str(), "%lldMb/s", &v) == 1 && v > 0)
                m.speedMbps = v;
        }
    }
    auto speedOf = [](const std::string &mode) -> std::optional<long long> {
        long long v = 0;
        std::size_t i = 0;
        while (i < mode.size() && std::isdigit(static_cast<unsigned char>(mode[i])))
            v = v * 10 + (mode[i++] - '0');
        if (i == 0 || mode.compare(i, 4, "base") != 0)
            return std::nullopt;
        return v;
    };
    auto fastest = [&](const std::vector<std::string> &modes) {
        std::optional<long long> best;
        for (const auto &mode : modes)
            if (auto v = speedOf(mode); v && (!best || *v > *best))
                best = v;
        return best;
    };
    m.supportedMaxMbps = fastest(supported);
    m.partnerMaxMbps = fastest(partner);
    if (m.partnerMaxMbps) {
        std::vector<std::string> both;
        for (const auto &mode : supported)
            if (std::find(partner.begin(), partner.end(), mode) != partner.end())
                both.push_back(mode);
        m.commonMaxMbps = fastest(both);
    }
    return m;
}

} // namespace halolink::probe
