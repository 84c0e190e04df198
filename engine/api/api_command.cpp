// `halolink-engine api health|models|chat` (and the dispatch of `api bench`,
// engine/api/serve_bench.cpp): what the job launcher asks an
// OpenAI-compatible server (vLLM, llama-server) on the head node, over
// plain HTTP (docs/engine-commands.md, schema halolink.api/1). Each check
// prints one JSON line; exit 0 when it passed, 1 when it did not
// ("ok": false with an error code), 2 on bad usage.

#include <cmath>
#include <iostream>
#include <optional>
#include <set>

#include "api/http_client.h"
#include "api/chat_stream.h"
#include "api/serve_bench.h"
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
constexpr std::size_t kMaxModelList = 16 * 1024 * 1024;

// Milliseconds to the microsecond.
double toMs(std::int64_t ns)
{
    return std::round(double(ns) / 1e3) / 1e3;
}

Json healthCheck(api::HttpConnection &conn, std::optional<int> &status)
{
    conn.connect();
    conn.sendRequest("GET", "/health", "*/*");
    const auto response = conn.readHead();
    status = response.status;
    api::requireOk(conn, response);
    return Json::object();
}

Json modelsCheck(api::HttpConnection &conn, std::optional<int> &status)
{
    conn.connect();
    conn.sendRequest("GET", "/v1/models", "application/json");
    const auto response = conn.readHead();
    status = response.status;
    api::requireOk(conn, response);
    bool truncated = false;
    const std::string body = conn.readBodyText(response, kMaxModelList, &truncated);
    if (truncated)
        throw sys::EngineError { api::errors::kBadResponse, "the model list is larger than 16 MiB", 1 };
    const Json doc = Json::parse(body, nullptr, false);
    if (!doc.is_object() || !doc.contains("data") || !doc["data"].is_array())
        throw sys::EngineError { api::errors::kBadResponse,
            "the answer is not a model list ({\"data\": [...]}): " + api::textHead(body, 200), 1 };
    Json ids = Json::array();
    for (const auto &m : doc["data"]) {
        if (m.is_object() && m.contains("id") && m["id"].is_string())
            ids.push_back(m["id"]);
    }
    Json out;
    out["models"] = std::move(ids);
    return out;
}

using ChatOptions = api::ChatRequest;

Json chatCheck(api::HttpConnection &conn, const ChatOptions &o, std::optional<int> &status)
{
    api::ChatResult r;
    try {
        api::streamChat(conn, o, r);
    } catch (...) {
        status = r.status;
        throw;
    }
    status = r.status;

    const long long tokens = r.tokens();
    const std::int64_t firstToken = r.contentNs.front(), lastToken = r.contentNs.back();
    Json out;
    out["model"] = o.model;
    out["ttft_ms"] = toMs(firstToken - r.sentNs);
    out["total_ms"] = toMs(r.endNs - r.sentNs);
    out["completion_tokens"] = tokens;
    out["tokens_source"] = r.usageTokens ? "usage" : "chunks";
    if (tokens > 1 && lastToken > firstToken)
        out["tokens_per_s"]
            = std::round(double(tokens - 1) / (double(lastToken - firstToken) / 1e9) * 1000) / 1000;
    else
        out["tokens_per_s"] = nullptr;
    out["finish_reason"] = r.finishReason ? Json(*r.finishReason) : Json(nullptr);
    out["text"] = r.text;
    return out;
}

} // namespace

int apiCommand(const Args &args)
{
    // `api bench` has options of its own (engine/api/serve_bench.cpp): the
    // check's name is the first argument that is neither an option nor an
    // option's value.
    static const std::set<std::string> valued { "--url", "--timeout", "--model", "--prompt", "--max-tokens",
        "--concurrency", "--requests", "--seed", "--prompts" };
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i].rfind("--", 0) == 0) {
            if (args[i].find('=') == std::string::npos && valued.count(args[i]))
                ++i;
            continue;
        }
        if (args[i] == "bench") {
            Args rest(args.begin(), args.begin() + std::ptrdiff_t(i));
            rest.insert(rest.end(), args.begin() + std::ptrdiff_t(i) + 1, args.end());
            return api::serveBenchCommand(rest);
        }
        break;
    }
    sys::Options opts({ "--url", "--timeout", "--model", "--prompt", "--max-tokens" }, { "--api-key-stdin" });
    opts.parse(args);
    static const std::set<std::string> checks { "health", "models", "chat" };
    if (opts.positional().size() != 1 || !checks.count(opts.positional().front()))
        throw sys::usageError("api needs one of health, models, chat or bench"
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
    const std::string apiKey = opts.has("--api-key-stdin") ? api::apiKeyFromStdin() : std::string();

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
