#pragma once
// The statistics of `api bench` (docs/engine-commands.md, halolink.serve_bench/1):
// one request's measures from its timed stream, a level's summary from its
// requests, and the digests of the greedy outputs. Pure functions, so that
// the percentiles and the nulls can be tested without a server.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "api/chat_stream.h"
#include "sys/json_out.h"

namespace halolink::api {

// One request of a level, as measured.
struct RequestOutcome {
    std::size_t prompt = 0; // index into the prompt list
    bool ok = false;
    std::string errorCode; // when !ok
    std::string errorMessage;
    std::int64_t finishedNs = 0; // bench::nowNs() when it ended (ok or not)
    double ttftMs = 0; // request sent -> first content event
    std::vector<double> itlMs; // arrival gaps between consecutive content events
    long long outputTokens = 0; // usage.completion_tokens, else content events
    // (output_tokens - 1) / (last content - first content); nullopt with
    // fewer than two tokens or all content in one read.
    std::optional<double> tokensPerS;
    std::string text;
};

// The measures of a stream that completed.
RequestOutcome measureRequest(const ChatResult &result, std::size_t prompt, std::int64_t finishedNs);

// Nearest rank over `values` (any order): the value at 1-based rank
// ceil(p / 100 * n) of the sorted values; nullopt when there are none.
std::optional<double> percentile(std::vector<double> values, double p);
std::optional<double> mean(const std::vector<double> &values);

// Rounded to `decimals` places; null when absent (never 0).
Json roundedOrNull(std::optional<double> v, int decimals = 3);

// One entry of "levels": concurrency, requests, failed, first_error,
// duration_s, output_tokens, total_output_tokens_per_s, ttft_ms,
// itl_ms, request_output_tokens_per_s.
Json levelJson(int concurrency, const std::vector<RequestOutcome> &requests, std::int64_t durationNs);

// The greedy outputs of a run, prompt by prompt: the first text each prompt
// gave (levels in order, requests in order) and whether any later one
// differed.
class OutputDigests {
public:
    explicit OutputDigests(std::size_t prompts);
    void add(const RequestOutcome &request);
    bool deterministic() const;
    Json nondeterministicPrompts() const; // [indices], ascending
    Json promptSha256() const; // [hex or null per prompt]
    // SHA-256 of the per-prompt hex digests joined by "\n", prompt order;
    // null unless every prompt completed at least once.
    Json outputsSha256() const;

private:
    std::vector<std::optional<std::string>> m_first;
    std::vector<bool> m_differs;
};

} // namespace halolink::api
