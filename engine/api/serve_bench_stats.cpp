#include "api/serve_bench_stats.h"

#include <algorithm>
#include <cmath>

#include "bench/stats.h"
#include "sys/sha256.h"

namespace halolink::api {

RequestOutcome measureRequest(const ChatResult &r, std::size_t prompt, std::int64_t finishedNs)
{
    RequestOutcome o;
    o.prompt = prompt;
    o.ok = true;
    o.finishedNs = finishedNs;
    o.text = r.text;
    o.outputTokens = r.tokens();
    if (!r.contentNs.empty()) {
        o.ttftMs = double(r.contentNs.front() - r.sentNs) / 1e6;
        for (std::size_t i = 1; i < r.contentNs.size(); ++i)
            o.itlMs.push_back(double(r.contentNs[i] - r.contentNs[i - 1]) / 1e6);
        const std::int64_t span = r.contentNs.back() - r.contentNs.front();
        if (o.outputTokens > 1 && span > 0)
            o.tokensPerS = double(o.outputTokens - 1) / (double(span) / 1e9);
    }
    return o;
}

std::optional<double> percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return std::nullopt;
    std::sort(values.begin(), values.end());
    return bench::nearestRank(values, p);
}

std::optional<double> mean(const std::vector<double> &values)
{
    if (values.empty())
        return std::nullopt;
    double sum = 0;
    for (double v : values)
        sum += v;
    return sum / double(values.size());
}

Json roundedOrNull(std::optional<double> v, int decimals)
{
    if (!v || !std::isfinite(*v))
        return nullptr;
    const double scale = std::pow(10.0, decimals);
    return std::round(*v * scale) / scale;
}

Json levelJson(int concurrency, const std::vector<RequestOutcome> &requests, std::int64_t durationNs)
{
    std::vector<double> ttft, itl, tps;
    long long tokens = 0;
    std::size_t failed = 0;
    const RequestOutcome *firstError = nullptr;
    for (const RequestOutcome &r : requests) {
        if (!r.ok) {
            ++failed;
            if (!firstError || r.finishedNs < firstError->finishedNs)
                firstError = &r;
            continue;
        }
        ttft.push_back(r.ttftMs);
        itl.insert(itl.end(), r.itlMs.begin(), r.itlMs.end());
        if (r.tokensPerS)
            tps.push_back(*r.tokensPerS);
        tokens += r.outputTokens;
    }
    const double seconds = double(durationNs) / 1e9;
    const bool any = failed < requests.size();

    Json j;
    j["concurrency"] = concurrency;
    j["requests"] = requests.size();
    j["failed"] = failed;
    j["first_error"] = firstError
        ? Json({ { "code", firstError->errorCode }, { "message", firstError->errorMessage } })
        : Json(nullptr);
    j["duration_s"] = roundedOrNull(seconds);
    j["output_tokens"] = tokens;
    j["total_output_tokens_per_s"]
        = roundedOrNull(any && seconds > 0 ? std::optional<double>(double(tokens) / seconds) : std::nullopt);
    j["ttft_ms"] = { { "p50", roundedOrNull(percentile(ttft, 50)) },
        { "p99", roundedOrNull(percentile(ttft, 99)) }, { "mean", roundedOrNull(mean(ttft)) } };
    j["itl_ms"] = { { "p50", roundedOrNull(percentile(itl, 50)) }, { "p99", roundedOrNull(percentile(itl, 99)) } };
    j["request_output_tokens_per_s"]
        = { { "mean", roundedOrNull(mean(tps)) }, { "p50", roundedOrNull(percentile(tps, 50)) } };
    return j;
}

OutputDigests::OutputDigests(std::size_t prompts)
    : m_first(prompts)
    , m_differs(prompts, false)
{
}

void OutputDigests::add(const RequestOutcome &r)
{
    if (!r.ok || r.prompt >= m_first.size())
        return;
    if (!m_first[r.prompt])
        m_first[r.prompt] = r.text;
    else if (*m_first[r.prompt] != r.text)
        m_differs[r.prompt] = true;
}

bool OutputDigests::deterministic() const
{
    return std::none_of(m_differs.begin(), m_differs.end(), [](bool d) { return d; });
}

Json OutputDigests::nondeterministicPrompts() const
{
    Json list = Json::array();
    for (std::size_t i = 0; i < m_differs.size(); ++i) {
        if (m_differs[i])
            list.push_back(i);
    }
    return list;
}

Json OutputDigests::promptSha256() const
{
    Json list = Json::array();
    for (const auto &text : m_first)
        list.push_back(text ? Json(sys::sha256Hex(*text)) : Json(nullptr));
    return list;
}

Json OutputDigests::outputsSha256() const
{
    std::string joined;
    for (std::size_t i = 0; i < m_first.size(); ++i) {
        if (!m_first[i])
            return nullptr;
        if (i > 0)
            joined += '\n';
        joined += sys::sha256Hex(*m_first[i]);
    }
    return sys::sha256Hex(joined);
}

} // namespace halolink::api
