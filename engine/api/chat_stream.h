#pragma once
// A streamed chat completion (POST /v1/chat/completions with "stream": true)
// read event by event and timed by arrival: what `api chat` checks once and
// `api bench` runs many times at once, one thread and one connection each.
// Also the reading of a server's error answers, shared by every api check.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/http_client.h"

namespace halolink::api {

struct ChatRequest {
    std::string model;
    std::string prompt;
    long long maxTokens = 64;
    // Sent only when set ("temperature": 0 and a "seed" for greedy runs).
    std::optional<double> temperature;
    std::optional<long long> seed;
};

struct ChatResult {
    std::optional<int> status; // the HTTP status, once the head came
    std::int64_t sentNs = 0; // bench::nowNs() when the request went out
    std::int64_t endNs = 0; // after [DONE] (or the end of the body)
    // The arrival time of every event that carried content, in order.
    std::vector<std::int64_t> contentNs;
    std::optional<long long> usageTokens; // usage.completion_tokens
    std::optional<std::string> finishReason;
    std::string text;

    long long tokens() const { return usageTokens.value_or(static_cast<long long>(contentNs.size())); }
};

// The JSON body of the request.
std::string chatRequestBody(const ChatRequest &request);

// Connects, sends, reads the whole stream. Throws sys::EngineError (the
// errors:: codes) for anything but a 200 with some content; `result` keeps
// what was learnt up to then (the status). `cancel`, when given, is checked
// between reads: once true, "cancelled" is thrown.
void streamChat(HttpConnection &conn, const ChatRequest &request, ChatResult &result,
    const std::atomic<bool> *cancel = nullptr);

// The first `max` bytes, not cutting a UTF-8 sequence, trimmed.
std::string textHead(std::string_view text, std::size_t max);

// What the server says went wrong: the OpenAI error object
// {"error": {"message"}}, vLLM's older {"message"}, FastAPI's {"detail"},
// or else the first 500 bytes of the body.
std::string serverMessage(const std::string &body);

// The API key from the first line of standard input (--api-key-stdin): the
// key never goes on a command line. Usage errors for none, an empty key or
// one with white space.
std::string apiKeyFromStdin();

// Anything but 200 throws "http_status" with the server's own words.
void requireOk(HttpConnection &conn, const ResponseHead &response);

} // namespace halolink::api
