#include "exporter/exposition.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace halolink::exporter {

namespace {

bool nameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool nameChar(char c)
{
    return nameStart(c) || (c >= '0' && c <= '9');
}

// Length of the valid UTF-8 sequence at s[i], or 0 when it is not one
// (overlong forms, surrogates and code points above U+10FFFF are invalid).
std::size_t utf8Length(std::string_view s, std::size_t i)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80)
        return 1;
    std::size_t n;
    unsigned char lo = 0x80, hi = 0xBF; // the allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    if (i + n > s.size())
        return 0;
    if (b(i + 1) < lo || b(i + 1) > hi)
        return 0;
    for (std::size_t k = 2; k < n; ++k) {
        if (b(i + k) < 0x80 || b(i + k) > 0xBF)
            return 0;
    }
    return n;
}

const char *typeName(MetricType t)
{
    return t == MetricType::Counter ? "counter" : "gauge";
}

} // namespace

bool Exposition::validMetricName(std::string_view name)
{
    if (name.empty() || !(nameStart(name[0]) || name[0] == ':'))
        return false;
    for (char c : name) {
        if (!nameChar(c) && c != ':')
            return false;
    }
    return true;
}

bool Exposition::validLabelName(std::string_view name)
{
    if (name.empty() || !nameStart(name[0]) || name.substr(0, 2) == "__")
        return false;
    for (char c : name) {
        if (!nameChar(c))
            return false;
    }
    return true;
}

std::string Exposition::escapeLabelValue(std::string_view value)
{
    std::string out;
    out.reserve(value.size());
    for (std::size_t i = 0; i < value.size();) {
        const char c = value[i];
        if (c == '\\') {
            out += "\\\\";
            ++i;
        } else if (c == '"') {
            out += "\\\"";
            ++i;
        } else if (c == '\n') {
            out += "\\n";
            ++i;
        } else if (const std::size_t n = utf8Length(value, i)) {
            out.append(value, i, n);
            i += n;
        } else {
            out += "\xEF\xBF\xBD"; // U+FFFD for one invalid byte
            ++i;
        }
    }
    return out;
}

std::string Exposition::escapeHelp(std::string_view help)
{
    std::string out;
    out.reserve(help.size());
    for (char c : help) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

std::string Exposition::formatDouble(double value)
{
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value > 0 ? "+Inf" : "-Inf";
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, r.ptr);
}

void Exposition::family(std::string_view name, MetricType type, std::string_view help)
{
    if (!validMetricName(name))
        throw std::logic_error("invalid metric name " + std::string(name));
    for (const auto &f : m_families) {
        if (f.name == name)
            throw std::logic_error("metric family " + std::string(name) + " started twice");
    }
    m_families.push_back({ std::string(name), type, escapeHelp(help), {} });
}

void Exposition::addSample(std::initializer_list<Label> labels, std::string_view value)
{
    if (m_families.empty())
        throw std::logic_error("a sample before any metric family");
    Family &f = m_families.back();
    std::string &s = f.samples;
    s += f.name;
    if (labels.size() > 0) {
        s += '{';
        bool first = true;
        for (const auto &[name, text] : labels) {
            if (!validLabelName(name))
                throw std::logic_error("invalid label name " + std::string(name));
            if (!first)
                s += ',';
            first = false;
            s += name;
            s += "=\"";
            s += escapeLabelValue(text);
            s += '"';
        }
        s += '}';
    }
    s += ' ';
    s += value;
    s += '\n';
}

void Exposition::sample(std::initializer_list<Label> labels, std::uint64_t value)
{
    addSample(labels, std::to_string(value));
}

void Exposition::sample(std::initializer_list<Label> labels, std::int64_t value)
{
    addSample(labels, std::to_string(value));
}

void Exposition::sample(std::initializer_list<Label> labels, double value)
{
    addSample(labels, formatDouble(value));
}

std::string Exposition::text() const
{
    std::string out;
    for (const auto &f : m_families) {
        if (f.samples.empty())
            continue;
        out += "# HELP ";
        out += f.name;
        out += ' ';
        out += f.help;
        out += "\n# TYPE ";
        out += f.name;
        out += ' ';
        out += typeName(f.type);
        out += '\n';
        out += f.samples;
    }
    return out;
}

} // namespace halolink::exporter
