#include "sys/text.h"

#include <cstdint>

#include <cerrno>
#include <cstdlib>

namespace halolink::sys {

namespace {
bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
} // namespace

std::string trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return std::string(s);
}

std::vector<std::string> split(std::string_view s, char sep, bool skipEmpty)
{
    std::vector<std::string> out;
    size_t i = 0;
    for (;;) {
        size_t j = s.find(sep, i);
        std::string_view part = s.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i);
        if (!(skipEmpty && part.empty()))
            out.emplace_back(part);
        if (j == std::string_view::npos)
            break;
        i = j + 1;
    }
    return out;
}

std::vector<std::string> splitWhitespace(std::string_view s)
{
    std::vector<std::string> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && isSpace(s[i]))
            ++i;
        size_t j = i;
        while (j < s.size() && !isSpace(s[j]))
            ++j;
        if (j > i)
            out.emplace_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

std::vector<std::string> lines(std::string_view s)
{
    auto out = split(s, '\n', false);
    if (!out.empty() && out.back().empty())
        out.pop_back();
    for (auto &l : out)
        if (!l.empty() && l.back() == '\r')
            l.pop_back();
    return out;
}

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

std::optional<long long> parseInt(std::string_view s)
{
    std::string t = trim(s);
    if (t.empty())
        return std::nullopt;
    errno = 0;
    char *end = nullptr;
    long long v = std::strtoll(t.c_str(), &end, 0);
    if (errno != 0 || *end != '\0')
        return std::nullopt;
    return v;
}

std::optional<double> parseDouble(std::string_view s)
{
    std::string t = trim(s);
    if (t.empty())
        return std::nullopt;
    errno = 0;
    char *end = nullptr;
    double v = std::strtod(t.c_str(), &end);
    if (errno != 0 || end == t.c_str())
        return std::nullopt;
    return v;
}

std::optional<std::string> fieldValue(std::string_view text, std::string_view key, char sep)
{
    for (auto &line : lines(text)) {
        auto pos = line.find(sep);
        if (pos == std::string::npos)
            continue;
        if (trim(std::string_view(line).substr(0, pos)) == key)
            return trim(std::string_view(line).substr(pos + 1));
    }
    return std::nullopt;
}

std::optional<std::string> base64Decode(std::string_view s)
{
    if (s.size() % 4 != 0)
        return std::nullopt;
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z')
            return c - 'A';
        if (c >= 'a' && c <= 'z')
            return c - 'a' + 26;
        if (c >= '0' && c <= '9')
            return c - '0' + 52;
        if (c == '+')
            return 62;
        if (c == '/')
            return 63;
        return -1;
    };
    std::string out;
    out.reserve(s.size() / 4 * 3);
    for (std::size_t i = 0; i < s.size(); i += 4) {
        const bool last = i + 4 == s.size();
        const int pad = last ? (s[i + 3] == '=') + (s[i + 2] == '=' && s[i + 3] == '=') : 0;
        std::uint32_t group = 0;
        for (std::size_t k = 0; k < 4; ++k) {
            const int v = k >= 4 - std::size_t(pad) ? 0 : value(s[i + k]);
            if (v < 0)
                return std::nullopt;
            group = group << 6 | std::uint32_t(v);
        }
        out.push_back(char(group >> 16 & 0xff));
        if (pad < 2)
            out.push_back(char(group >> 8 & 0xff));
        if (pad < 1)
            out.push_back(char(group & 0xff));
    }
    return out;
}

} // namespace halolink::sys
