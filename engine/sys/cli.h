#pragma once
// A small, strict option parser for the engine's subcommands: unknown options,
// missing values and malformed numbers are usage errors (exit 2).

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sys/json_out.h"

namespace halolink::sys {

class Options {
public:
    // `withValue`: options that take a value ("--port"); `flags`: those that don't.
    Options(std::set<std::string> withValue, std::set<std::string> flags);

    // Throws EngineError{"usage", ..., 2}.
    void parse(const std::vector<std::string> &args);

    bool has(const std::string &name) const;
    std::optional<std::string> value(const std::string &name) const;
    std::string value(const std::string &name, const std::string &fallback) const;
    // Whole numbers within [min, max]; throws a usage error otherwise.
    std::optional<long long> integer(const std::string &name, long long min, long long max) const;
    std::optional<double> number(const std::string &name, double min, double max) const;
    const std::vector<std::string> &positional() const { return m_positional; }

private:
    std::set<std::string> m_withValue;
    std::set<std::string> m_flags;
    std::map<std::string, std::string> m_values;
    std::vector<std::string> m_positional;
};

EngineError usageError(const std::string &message);

} // namespace halolink::sys
