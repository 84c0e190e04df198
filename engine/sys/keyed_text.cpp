#include "sys/keyed_text.h"

#include <cstdio>
#include <set>
#include <stdexcept>

namespace halolink::sys {

namespace {

[[noreturn]] void misuse(std::string_view key, const std::string &what)
{
    throw std::invalid_argument("text " + std::string(key) + ": " + what);
}

} // namespace

std::string renderText(std::span<const KeyedText> table, std::string_view key, const Json &args)
{
    const KeyedText *found = nullptr;
    for (const KeyedText &t : table)
        if (t.key == key)
            found = &t;
    if (!found)
        misuse(key, "no such key");
    if (!args.is_object())
        misuse(key, "the values are not an object");

    std::string out;
    std::string_view text = found->text;
    std::set<std::string> used;
    while (!text.empty()) {
        const auto open = text.find('{');
        if (open == std::string_view::npos) {
            out += text;
            break;
        }
        const auto close = text.find('}', open);
        if (close == std::string_view::npos)
            misuse(key, "unclosed placeholder");
        out += text.substr(0, open);
        std::string_view spec = text.substr(open + 1, close - open - 1);
        std::string_view kind;
        if (auto colon = spec.find(':'); colon != std::string_view::npos) {
            kind = spec.substr(colon + 1);
            spec = spec.substr(0, colon);
        }
        const std::string name(spec);
        if (!args.contains(name))
            misuse(key, "no value for " + name);
        const Json &v = args.at(name);
        if (kind.empty() && v.is_string()) {
            out += v.get<std::string>();
        } else if (kind == "int" && v.is_number_integer()) {
            out += std::to_string(v.get<long long>());
        } else if (kind == "real" && v.is_number()) {
            char buf[48];
            std::snprintf(buf, sizeof buf, "%.1f", v.get<double>());
            out += buf;
        } else {
            misuse(key, "wrong type for " + name);
        }
        used.insert(name);
        text = text.substr(close + 1);
    }
    if (args.size() != used.size())
        misuse(key, "values the text does not name");
    return out;
}

} // namespace halolink::sys
