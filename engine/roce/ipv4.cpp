#include "roce/ipv4.h"

#include <algorithm>

#include "sys/text.h"

namespace halolink::roce {

std::optional<uint32_t> parseIpv4(const std::string &text)
{
    auto parts = sys::split(text, '.', false);
    if (parts.size() != 4)
        return std::nullopt;
    uint32_t v = 0;
    for (auto &p : parts) {
        if (p.empty() || p.size() > 3 || !std::all_of(p.begin(), p.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::nullopt;
        if (p.size() > 1 && p[0] == '0')
            return std::nullopt; // no octal-looking parts
        int n = std::stoi(p);
        if (n > 255)
            return std::nullopt;
        v = (v << 8) | uint32_t(n);
    }
    return v;
}

std::optional<Cidr> parseCidr(const std::string &text)
{
    auto slash = text.find('/');
    if (slash == std::string::npos)
        return std::nullopt;
    auto a = parseIpv4(text.substr(0, slash));
    auto p = sys::parseInt(text.substr(slash + 1));
    if (!a || !p || *p < 0 || *p > 32 || text.substr(slash + 1).empty())
        return std::nullopt;
    return Cidr{*a, int(*p)};
}

bool overlaps(const Cidr &a, const Cidr &b)
{
    int p = std::min(a.prefix, b.prefix);
    Cidr x{a.addr, p}, y{b.addr, p};
    return x.network() == y.network();
}

std::string addressOnly(const std::string &cidr)
{
    return cidr.substr(0, cidr.find('/'));
}

} // namespace halolink::roce
