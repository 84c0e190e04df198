// `halolink-engine api health|models|chat`: what the job launcher asks an
// OpenAI-compatible server (vLLM, llama-server) on the head node, over
// plain HTTP (docs/engine-commands.md, schema halolink.api/1). Each check
// prints one JSON line; exit 0 when it passed, 1 when it did not
// ("ok": false with an error code), 2 on bad usage.

#include <cmath>
#include <iostream>
#include <optional>
#include <set>

#include "api/http_client.h"
#include "api/sse.h"
#include "commands.h"
#include "halolink/protocol.h"
#include "sys/cli.h"
#include "sys/text.h"

namespace halolink {

namespace {

constexpr double kDefaultTimeoutS = 10;
constexpr double kDefaultChatTimeoutS = 120;
constexpr long long kDefaultMaxTokens = 64;
constexpr const char *kDefaultPrompt = "Say hello in five words.";
constexpr std::size_t kMaxErrorBody = 64 * 1024;
constexpr std::size_t kMaxModelList = 16 * 1024 * 1024;

// Milliseconds to the microsecond.
double toMs(std::int64_t ns)
{
    return std::round(double(ns) / 1e3) / 1e3;
}

// The first `max` bytes, not cutting a UTF-8 sequence, trimmed.
std::string head(std::string_view text, std::size_t max)
{
    if (text.size() > max) {
        std::size_t cut = max;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
            --cut;
        text = text.substr(0, cut);
    }
    return sys::trim(text);
}

// What the server says went wrong: the OpenAI error object
// {"error": {"message"}}, vLLM's older {"message"}, FastAPI's {"detail"},
// or else the first 500 bytes of the body.
std::string serverMessage(const std::string &body)
{
    const Json doc = Json::parse(body, nullptr, false);
    if (doc.is_object()) {
        if (auto e = doc.find("error"); e != doc.end()) {
            if (e->is_object()) {
                if (auto m = e->find("message"); m != e->end() && m->is_string())
                    return m->get<std::string>();
            } else if (e->is_string()) {
                return e->get<std::string>();
            }
        }
        for (const char *key : { "message", "detail" }) {
            if (auto m = doc.find(key); m != doc.end() && m->is_string())
                return m->get<std::string>();
        }
    }
    return head(body, 500);
}

// Anything but 200 fails the check with the server's own words.
void requireOk(api::HttpConnection &conn, const api::ResponseHead &response)
{
    if (response.status == 200)
        return;
    std::string message = "HTTP " + std::to_string(response.status);
    if (!response.reason.empty())
        message += " " + response.reason;
    // The status is the verdict; a body that stalls or breaks off only
    // costs the server's explanation.
    std::string body;
    try {
        body = conn.readBodyText(response, kMaxErrorBody);
    } catch (const sys::EngineError &) {
    }
    if (const std::string said = serverMessage(body); !said.empty())
        message += ": " + said;
    throw sys::EngineError { api::errors::kHttpStatus, message, 1 };
}

Json healthCheck(api::HttpConnection &conn, std::optional<int> &status)
{
    conn.connect();
    conn.sendRequest("GET", "/health", "*/*");
    const auto response = conn.readHead();
    status = response.status;
    requireOk(conn, response);
    return Json::object();
}

Json modelsCheck(api::HttpConnection &conn, std::optional<int> &status)
{
    conn.connect();
    conn.sendRequest("GET", "/v1/models", "application/json");
    const auto response = conn.readHead();
    status = response.status;
    requireOk(conn, response);
    bool truncated = false;
    const std::string body = conn.readBodyText(response, kMaxModelList, &truncated);
    if (truncated)
        throw sys::EngineError { api::errors::kBadResponse, "the model list is larger than 16 MiB", 1 };
    const Json doc = Json::parse(body, nullptr, false);
    if (!doc.is_object() || !doc.contains("data") || !doc["data"].is_array())
        throw sys::EngineError { api::errors::kBadResponse,
            "the answer is not a model list ({\"data\": [...]}): " + head(body, 200), 1 };
    Json ids = Json::array();
    for (const auto &m : doc["data"]) {
        if (m.is_object() && m.contains("id") && m["id"].is_string())
            ids.push_back(m["id"]);
    }
    Json out;
    out["models"] = std::move(ids);
    return out;
}

struct ChatOptions {
    std::string model;
    std::string prompt;
    long long maxTokens = kDefaultMaxTokens;
};

Json chatCheck(api::HttpConnection &conn, const ChatOptions &o, std::optional<int> &status)
{
    Json message;
    message["role"] = "user";
    message["content"] = o.prompt;
    Json request;
    request["model"] = o.model;
    request["messages"] = Json::array({ message });
    request["max_tokens"] = o.maxTokens;
    request["stream"] = true;
    request["stream_options"] = Json::object({ { "include_usage", true } });

    conn.connect();
    // Times run from the moment the request goes out.
    const std::int64_t t0 = bench::nowNs();
    conn.sendRequest("POST", "/v1/chat/completions", "text/event-stream",
        request.dump(-1, ' ', false, Json::error_handler_t::replace), "application/json");
    const auto response = conn.readHead();
    status = response.status;
    requireOk(conn, response);

    std::int64_t firstToken = 0, lastToken = 0;
    long long contentChunks = 0;
    std::optional<long long> usageTokens;
    std::optional<std::string> finishReason;
    std::optional<std::string> streamError;
    std::string text;
    bool done = false;

    // Events are timed by when the bytes that complete them arrived: events
    // that came in one read arrived together, whatever the parse took.
    std::int64_t arrival = 0;
    auto onEvent = [&](const std::string &data) {
        const std::int64_t now = arrival;
        if (data == "[DONE]") {
            done = true;
            return false;
        }
        const Json chunk = Json::parse(data, nullptr, false);
        if (!chunk.is_object())
            throw sys::EngineError { api::errors::kBadResponse,
                "a server-sent event is not a JSON object: " + head(data, 200), 1 };
        // {"error": {...}}, or an ErrorResponse object itself.
        const auto object = chunk.find("object");
        const auto e = chunk.find("error");
        if ((e != chunk.end() && !e->is_null()) || (object != chunk.end() && *object == "error")) {
            streamError = serverMessage(data);
            return false;
        }
        if (auto choices = chunk.find("choices");
            choices != chunk.end() && choices->is_array() && !choices->empty()) {
            const Json &choice = choices->front();
            if (choice.is_object()) {
                if (auto delta = choice.find("delta"); delta != choice.end() && delta->is_object()) {
                    if (auto c = delta->find("content"); c != delta->end() && c->is_string()) {
                        const auto &piece = c->get_ref<const std::string &>();
                        if (!piece.empty()) {
                            if (contentChunks == 0)
                                firstToken = now;
                            lastToken = now;
                            ++contentChunks;
                            text += piece;
                        }
                    }
                }
                if (auto f = choice.find("finish_reason"); f != choice.end() && f->is_string())
                    finishReason = f->get<std::string>();
            }
        }
        if (auto usage = chunk.find("usage"); usage != chunk.end() && usage->is_object()) {
            if (auto n = usage->find("completion_tokens"); n != usage->end() && n->is_number_integer())
                usageTokens = n->get<long long>();
        }
        return true;
    };

    api::SseParser sse;
    const bool ended = conn.readBody(response, [&](std::string_view piece) {
        arrival = conn.lastReceiveNs();
        return sse.feed(piece, onEvent);
    });
    if (ended && !done)
        sse.finish(onEvent);
    const std::int64_t end = bench::nowNs();

    if (streamError)
        throw sys::EngineError { api::errors::kStreamError,
            "the server reported an error in the stream: " + *streamError, 1 };
    if (contentChunks == 0) {
        std::string why = "the answer carried no content";
        if (sse.events() == 0)
            why += " (no server-sent events; Content-Type: "
                + response.header("content-type").value_or("none") + ")";
        else
            why += " (" + std::to_string(sse.events()) + " events"
                + (usageTokens ? ", usage says " + std::to_string(*usageTokens) + " completion tokens" : "")
                + ")";
        throw sys::EngineError { api::errors::kNoTokens, why, 1 };
    }

    const long long tokens = usageTokens.value_or(contentChunks);
    Json out;
    out["model"] = o.model;
    out["ttft_ms"] = toMs(firstToken - t0);
    out["total_ms"] = toMs(end - t0);
    out["completion_tokens"] = tokens;
    out["tokens_source"] = usageTokens ? "usage" : "chunks";
    if (tokens > 1 && lastToken > firstToken)
        out["tokens_per_s"]
            = std::round(double(tokens - 1) / (double(lastToken - firstToken) / 1e9) * 1000) / 1000;
    else
        out["tokens_per_s"] = nullptr;
    out["finish_reason"] = finishReason ? Json(*finishReason) : Json(nullptr);
    out["text"] = text;
    return out;
}

} // namespace

int apiCommand(const Args &args)
{
    sys::Options opts({ "--url", "--timeout", "--model", "--prompt", "--max-tokens" }, { "--api-key-stdin" });
    opts.parse(args);
    static const std::set<std::string> checks { "health", "models", "chat" };
    if (opts.positional().size() != 1 || !checks.count(opts.positional().front()))
        throw sys::usageError("api needs one of health, models or chat"
            + (opts.positional().empty() ? std::string() : ", not '" + opts.positional().front() + "'"));
    const std::string check = opts.positional().front();
    const bool chat = check == "chat";
    if (!chat) {
        for (const char *o : { "--model", "--prompt", "--max-tokens" }) {
            if (opts.has(o))
                throw sys::usageError(std::string(o) + " is for api chat only");
        }
    }
    const auto urlText = opts.value("--url");
    if (!urlText)
        throw sys::usageError("api " + check + " needs --url http://HOST[:PORT]");
    const api::Url url = api::parseUrl(*urlText);
    const double timeout
        = opts.number("--timeout", 0.001, 86400).value_or(chat ? kDefaultChatTimeoutS : kDefaultTimeoutS);
    ChatOptions chatOptions;
    if (chat) {
        const auto model = opts.value("--model");
        if (!model || model->empty())
            throw sys::usageError("api chat needs --model NAME (api models lists them)");
        chatOptions.model = *model;
        chatOptions.prompt = opts.value("--prompt", kDefaultPrompt);
        chatOptions.maxTokens = opts.integer("--max-tokens", 1, 1'000'000).value_or(kDefaultMaxTokens);
    }

    // The key never on a command line: the first line of standard input.
    std::string apiKey;
    if (opts.has("--api-key-stdin")) {
        if (!std::getline(std::cin, apiKey))
            throw sys::usageError("--api-key-stdin: no key on standard input");
        if (!apiKey.empty() && apiKey.back() == '\r')
            apiKey.pop_back();
        if (apiKey.empty() || apiKey.find_first_of(" \t\r\n") != std::string::npos)
            throw sys::usageError("--api-key-stdin: the key is empty or contains white space");
    }

    const std::int64_t start = bench::nowNs();
    api::HttpConnection conn(url, timeout);
    conn.setBearerToken(apiKey);
    std::optional<int> status;
    Json result;
    std::optional<sys::EngineError> failure;
    try {
        if (check == "health")
            result = healthCheck(conn, status);
        else if (check == "models")
            result = modelsCheck(conn, status);
        else
            result = chatCheck(conn, chatOptions, status);
    } catch (const sys::EngineError &e) {
        failure = e;
    }
    const std::int64_t elapsed = bench::nowNs() - start;

    Json doc;
    doc["schema"] = protocol::kApiSchema;
    doc["check"] = check;
    doc["ok"] = !failure;
    doc["status"] = status ? Json(*status) : Json(nullptr);
    doc["ms"] = toMs(elapsed);
    if (chat)
        doc["model"] = chatOptions.model;
    if (!failure) {
        for (auto it = result.begin(); it != result.end(); ++it)
            doc[it.key()] = it.value();
    } else {
        doc["error"] = { { "code", failure->code }, { "message", failure->message } };
        std::fprintf(stderr, "halolink-engine: api %s: %s: %s\n", check.c_str(), failure->code.c_str(),
            failure->message.c_str());
    }
    sys::printJson(doc, false);
    return failure ? protocol::kExitFailure : protocol::kExitOk;
}

} // namespace halolink
