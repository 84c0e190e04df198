#include "bench/stats.h"

#include <algorithm>
#include <cmath>

namespace halolink::bench {

double nearestRank(const std::vector<double> &sorted, double p)
{
    const std::size_t n = sorted.size();
    if (p <= 0)
        return sorted.front();
    // The small epsilon keeps ceil(99.9 / 100 * 1000) at 999: 0.999 * 1000 is
    // 999.0000000000001 in binary floating point, and rank 1000 would be wrong.
    double rank = std::ceil(p / 100.0 * static_cast<double>(n) - 1e-9);
    std::size_t r = rank < 1 ? 1 : static_cast<std::size_t>(rank);
    if (r > n)
        r = n;
    return sorted[r - 1];
}

std::optional<Summary> summarize(const std::vector<double> &samples)
{
    if (samples.empty())
        return std::nullopt;
    std::vector<double> sorted = samples;
    std::sort(sorted.begin(), sorted.end());

    Summary s;
    s.count = sorted.size();
    s.min = sorted.front();
    s.max = sorted.back();
    s.p50 = nearestRank(sorted, 50);
    s.p90 = nearestRank(sorted, 90);
    s.p99 = nearestRank(sorted, 99);
    s.p999 = nearestRank(sorted, 99.9);

    // Welford's update: one pass, no catastrophic cancellation even with
    // millions of nanosecond samples around a large mean.
    double mean = 0;
    double m2 = 0;
    std::size_t k = 0;
    for (double x : samples) {
        ++k;
        double delta = x - mean;
        mean += delta / static_cast<double>(k);
        m2 += delta * (x - mean);
    }
    s.mean = mean;
    s.stdev = k > 1 ? std::sqrt(m2 / static_cast<double>(k - 1)) : 0.0;
    return s;
}

std::optional<Summary> summarize(const std::vector<std::int64_t> &samples)
{
    std::vector<double> d(samples.begin(), samples.end());
    return summarize(d);
}

Summary scaled(const Summary &s, double factor)
{
    Summary r = s;
    r.min = s.min * factor;
    r.p50 = s.p50 * factor;
    r.p90 = s.p90 * factor;
    r.p99 = s.p99 * factor;
    r.p999 = s.p999 * factor;
    r.max = s.max * factor;
    r.mean = s.mean * factor;
    r.stdev = s.stdev * std::fabs(factor);
    return r;
}

Json summaryJson(const Summary &s)
{
    Json j;
    j["min"] = s.min;
    j["p50"] = s.p50;
    j["p90"] = s.p90;
    j["p99"] = s.p99;
    j["p999"] = s.p999;
    j["max"] = s.max;
    j["mean"] = s.mean;
    j["stdev"] = s.stdev;
    return j;
}

} // namespace halolink::bench
