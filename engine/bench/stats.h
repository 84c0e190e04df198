#pragma once
// Latency statistics of a benchmark run (INTERFACES.md, halolink.bench/1):
// nearest-rank percentiles over every timed sample after warm-up, computed in
// floating point, and mean and *sample* standard deviation in double (perftest
// truncates its stdev to whole units; we do not).

#include <cstdint>
#include <optional>
#include <vector>

#include "sys/json_out.h"

namespace halolink::bench {

struct Summary {
    double min = 0;
    double p50 = 0;
    double p90 = 0;
    double p99 = 0;
    double p999 = 0;
    double max = 0;
    double mean = 0;
    double stdev = 0; // sample standard deviation (n - 1); 0 for a single sample
    std::size_t count = 0;
};

// The nearest-rank percentile `p` (0 < p <= 100) of ascending `sorted`:
// the value at 1-based rank ceil(p / 100 * n). p = 0 gives the minimum.
// `sorted` must not be empty.
double nearestRank(const std::vector<double> &sorted, double p);

// Sorts a copy of `samples`; nullopt when there are none.
std::optional<Summary> summarize(const std::vector<double> &samples);
std::optional<Summary> summarize(const std::vector<std::int64_t> &samples);

// Every value multiplied by `factor` > 0 (one way = round trip x 0.5). The stdev
// scales by |factor| too, so this is exact, not an approximation.
Summary scaled(const Summary &s, double factor);

// {"min", "p50", "p90", "p99", "p999", "max", "mean", "stdev"}.
Json summaryJson(const Summary &s);

} // namespace halolink::bench
