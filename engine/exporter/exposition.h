#pragma once
// A writer of the Prometheus text exposition format, version 0.0.4
// (https://prometheus.io/docs/instrumenting/exposition_formats/): metric
// families with their HELP and TYPE lines, then their samples
// `name{label="value",...} value`. Label values are escaped (\\, \", \n)
// and made valid UTF-8; HELP text is escaped (\\, \n). A family that got
// no sample is left out entirely, so a value that cannot be read is absent
// rather than 0.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace halolink::exporter {

enum class MetricType { Counter, Gauge };

// One label: a name (a fixed identifier, [a-zA-Z_][a-zA-Z0-9_]*) and any text.
using Label = std::pair<std::string_view, std::string_view>;

class Exposition {
public:
    // Starts a family; the samples added next belong to it. `name` must be a
    // valid metric name and not used before (checked: std::logic_error).
    void family(std::string_view name, MetricType type, std::string_view help);
    void sample(std::initializer_list<Label> labels, std::uint64_t value);
    void sample(std::initializer_list<Label> labels, std::int64_t value);
    void sample(std::initializer_list<Label> labels, double value);

    // Every family with at least one sample, in the order they were started.
    std::string text() const;

    // "a\"b" -> "a\\\"b": a label value's escaping (backslash, double quote,
    // line feed), with invalid UTF-8 bytes replaced by U+FFFD.
    static std::string escapeLabelValue(std::string_view value);
    // HELP text: backslash and line feed escaped.
    static std::string escapeHelp(std::string_view help);
    // Shortest text that reads back as the same double; NaN, +Inf, -Inf.
    static std::string formatDouble(double value);
    static bool validMetricName(std::string_view name);
    static bool validLabelName(std::string_view name);

private:
    struct Family {
        std::string name;
        MetricType type;
        std::string help;
        std::string samples; // complete lines
    };
    void addSample(std::initializer_list<Label> labels, std::string_view value);
    std::vector<Family> m_families;
};

} // namespace halolink::exporter
