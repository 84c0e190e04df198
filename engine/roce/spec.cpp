// The RoCE spec: parsing and validation (docs/roce-config.md, "The spec").

#include "roce/spec.h"

#include <algorithm>
#include <regex>

#include "roce/ipv4.h"

namespace halolink::roce {

namespace {

[[noreturn]] void invalid(const std::string &field, const std::string &what)
{
    throw sys::EngineError{"invalid_spec", field + ": " + what};
}

int intField(const Json &obj, const char *key, const std::string &field, int min, int max, int fallback)
{
    if (!obj.contains(key) || obj[key].is_null())
        return fallback;
    const Json &v = obj[key];
    if (!v.is_number_integer())
        invalid(field, "must be a whole number " + std::to_string(min) + ".." + std::to_string(max) + ", got " +
                           v.dump());
    long long n = v.get<long long>();
    if (n < min || n > max)
        invalid(field, "must be " + std::to_string(min) + ".." + std::to_string(max) + ", got " + std::to_string(n));
    return int(n);
}

bool boolField(const Json &obj, const char *key, const std::string &field, bool fallback)
{
    if (!obj.contains(key) || obj[key].is_null())
        return fallback;
    if (!obj[key].is_boolean())
        invalid(field, "must be true or false, got " + obj[key].dump());
    return obj[key].get<bool>();
}

std::optional<std::string> stringField(const Json &obj, const char *key, const std::string &field)
{
    if (!obj.contains(key) || obj[key].is_null())
        return std::nullopt;
    if (!obj[key].is_string())
        invalid(field, "must be a string, got " + obj[key].dump());
    return obj[key].get<std::string>();
}

} // namespace

Spec parseSpec(const Json &doc)
{
    if (!doc.is_object())
        invalid("spec", "must be a JSON object");
    if (auto f = stringField(doc, "format", "format"); f && *f != "halolink-roce-spec")
        invalid("format", "must be \"halolink-roce-spec\", got \"" + *f + "\"");
    if (doc.contains("version") && !doc["version"].is_null())
        intField(doc, "version", "version", 1, 1, 1);

    Spec s;
    auto iface = stringField(doc, "interface", "interface");
    if (!iface || iface->empty())
        invalid("interface", "required: the data-plane netdev");
    if (iface->size() > 15 || iface->find('/') != std::string::npos || *iface == "." || *iface == ".." ||
        std::any_of(iface->begin(), iface->end(), [](unsigned char c) { return c <= ' ' || c == ':' || c >= 127; }))
        invalid("interface", "\"" + *iface + "\" is not a valid netdev name");
    s.interface = *iface;

    auto address = stringField(doc, "address", "address");
    if (!address || address->empty())
        invalid("address", "required: IPv4/prefix such as 192.168.100.1/30");
    auto cidr = parseCidr(*address);
    if (!cidr)
        invalid("address", "\"" + *address + "\" is not IPv4/prefix (such as 192.168.100.1/30)");
    if (cidr->prefix < 8 || cidr->prefix > 32)
        invalid("address", "prefix /" + std::to_string(cidr->prefix) + " is outside 8..32");
    if (cidr->prefix <= 30) {
        if (cidr->addr == cidr->network())
            invalid("address", addressOnly(*address) + " is the network address of /" + std::to_string(cidr->prefix));
        if (cidr->addr == (cidr->network() | ~cidr->mask()))
            invalid("address", addressOnly(*address) + " is the broadcast address of /" +
                                   std::to_string(cidr->prefix));
    }
    s.address = *address;

    if (doc.contains("peers") && !doc["peers"].is_null()) {
        if (!doc["peers"].is_array())
            invalid("peers", "must be a list of IPv4 addresses");
        for (size_t i = 0; i < doc["peers"].size(); ++i) {
            const Json &p = doc["peers"][i];
            std::string field = "peers[" + std::to_string(i) + "]";
            if (!p.is_string() || !parseIpv4(p.get<std::string>()))
                invalid(field, p.dump() + " is not an IPv4 address");
            auto a = parseIpv4(p.get<std::string>());
            if (*a == cidr->addr)
                invalid(field, p.get<std::string>() + " is this node's own address");
            if (std::find(s.peers.begin(), s.peers.end(), p.get<std::string>()) != s.peers.end())
                invalid(field, p.get<std::string>() + " is listed twice");
            s.peers.push_back(p.get<std::string>());
        }
    }

    if (doc.contains("mtu") && !doc["mtu"].is_null())
        s.mtu = intField(doc, "mtu", "mtu", 1280, 9216, 9000);

    if (auto m = stringField(doc, "rdma_mode", "rdma_mode")) {
        if (*m != "roce" && *m != "keep")
            invalid("rdma_mode", "must be \"roce\" or \"keep\", got \"" + *m + "\"");
        s.rdmaMode = *m;
    }
    if (auto b = stringField(doc, "backend", "backend")) {
        if (*b != "ice" && *b != "mlx5" && *b != "rxe" && *b != "generic")
            invalid("backend", "must be \"ice\", \"mlx5\", \"rxe\", \"generic\" or null, got \"" + *b + "\"");
        s.backend = *b;
    }
    if (auto r = stringField(doc, "rxe_device", "rxe_device")) {
        static const std::regex name("[a-z0-9_]{1,20}");
        if (!std::regex_match(*r, name))
            invalid("rxe_device", "\"" + *r + "\" must match [a-z0-9_]{1,20}");
        s.rxeDevice = *r;
    }

    if (doc.contains("qos") && !doc["qos"].is_null()) {
        const Json &q = doc["qos"];
        if (!q.is_object())
            invalid("qos", "must be an object");
        s.qos.enabled = boolField(q, "enabled", "qos.enabled", true);
        s.qos.pfcPriority = intField(q, "pfc_priority", "qos.pfc_priority", 0, 7, 3);
        s.qos.dscp = intField(q, "dscp", "qos.dscp", 0, 63, 26);
        s.qos.ecn = boolField(q, "ecn", "qos.ecn", true);
        // ECN-capable (ECT(0), +2) when ECN is on, as the app and jobs use it.
        s.qos.tos = intField(q, "tos", "qos.tos", 0, 255, s.qos.dscp * 4 + (s.qos.ecn ? 2 : 0));
        if (s.qos.tos != s.qos.dscp * 4 && s.qos.tos != s.qos.dscp * 4 + 2)
            invalid("qos.tos", std::to_string(s.qos.tos) + " does not carry DSCP " + std::to_string(s.qos.dscp) +
                                   ": must be " + std::to_string(s.qos.dscp * 4) + " or " +
                                   std::to_string(s.qos.dscp * 4 + 2) + " (ECN-capable)");
    }
    s.persist = boolField(doc, "persist", "persist", false);
    return s;
}

Json specJson(const Spec &s)
{
    Json j;
    j["format"] = "halolink-roce-spec";
    j["version"] = 1;
    j["interface"] = s.interface;
    j["address"] = s.address;
    j["peers"] = s.peers;
    j["mtu"] = s.mtu.value_or(9000);
    j["rdma_mode"] = s.rdmaMode;
    j["backend"] = s.backend ? Json(*s.backend) : Json(nullptr);
    j["rxe_device"] = s.rxeDevice;
    j["qos"] = {{"enabled", s.qos.enabled},
                {"pfc_priority", s.qos.pfcPriority},
                {"dscp", s.qos.dscp},
                {"tos", s.qos.tos},
                {"ecn", s.qos.ecn}};
    j["persist"] = s.persist;
    return j;
}

} // namespace halolink::roce
