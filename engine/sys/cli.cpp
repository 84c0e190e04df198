#include "sys/cli.h"

#include "sys/text.h"

namespace halolink::sys {

EngineError usageError(const std::string &message)
{
    return EngineError{"usage", message, 2};
}

Options::Options(std::set<std::string> withValue, std::set<std::string> flags)
    : m_withValue(std::move(withValue))
    , m_flags(std::move(flags))
{
}

void Options::parse(const std::vector<std::string> &args)
{
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a.size() > 2 && a.compare(0, 2, "--") == 0) {
            std::string name = a;
            std::optional<std::string> inlineValue;
            if (auto eq = a.find('='); eq != std::string::npos) {
                name = a.substr(0, eq);
                inlineValue = a.substr(eq + 1);
            }
            if (m_flags.count(name)) {
                if (inlineValue)
                    throw usageError(name + " takes no value");
                m_values[name] = "";
            } else if (m_withValue.count(name)) {
                if (inlineValue) {
                    m_values[name] = *inlineValue;
                } else {
                    if (i + 1 >= args.size())
                        throw usageError(name + " needs a value");
                    m_values[name] = args[++i];
                }
            } else {
                throw usageError("unknown option " + name);
            }
        } else {
            m_positional.push_back(a);
        }
    }
}

bool Options::has(const std::string &name) const
{
    return m_values.count(name) != 0;
}

std::optional<std::string> Options::value(const std::string &name) const
{
    auto it = m_values.find(name);
    if (it == m_values.end())
        return std::nullopt;
    return it->second;
}

std::string Options::value(const std::string &name, const std::string &fallback) const
{
    auto v = value(name);
    return v ? *v : fallback;
}

std::optional<long long> Options::integer(const std::string &name, long long min, long long max) const
{
    auto v = value(name);
    if (!v)
        return std::nullopt;
    auto n = parseInt(*v);
    if (!n || *n < min || *n > max)
        throw usageError(name + " must be a whole number from " + std::to_string(min) + " to " +
                         std::to_string(max) + ", not '" + *v + "'");
    return n;
}

std::optional<double> Options::number(const std::string &name, double min, double max) const
{
    auto v = value(name);
    if (!v)
        return std::nullopt;
    auto n = parseDouble(*v);
    if (!n || *n < min || *n > max)
        throw usageError(name + " must be a number from " + std::to_string(min) + " to " +
                         std::to_string(max) + ", not '" + *v + "'");
    return n;
}

} // namespace halolink::sys
