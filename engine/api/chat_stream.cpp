#include "api/chat_stream.h"

#include <iostream>

#include "api/sse.h"
#include "sys/cli.h"
#include "sys/text.h"

namespace halolink::api {

namespace {
constexpr std::size_t kMaxErrorBody = 64 * 1024;
}

std::string textHead(std::string_view text, std::size_t max)
{
    if (text.size() > max) {
        std::size_t cut = max;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
            --cut;
        text = text.substr(0, cut);
    }
    return sys::trim(text);
}

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
    return textHead(body, 500);
}

std::string apiKeyFromStdin()
{
    std::string apiKey;
    if (!std::getline(std::cin, apiKey))
        throw sys::usageError("--api-key-stdin: no key on standard input");
    if (!apiKey.empty() && apiKey.back() == '\r')
        apiKey.pop_back();
    if (apiKey.empty() || apiKey.find_first_of(" \t\r\n") != std::string::npos)
        throw sys::usageError("--api-key-stdin: the key is empty or contains white space");
    return apiKey;
}

void requireOk(HttpConnection &conn, const ResponseHead &response)
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
    throw sys::EngineError { errors::kHttpStatus, message, 1 };
}

std::string chatRequestBody(const ChatRequest &o)
{
    Json message;
    message["role"] = "user";
    message["content"] = o.prompt;
    Json request;
    request["model"] = o.model;
    request["messages"] = Json::array({ message });
    request["max_tokens"] = o.maxTokens;
    if (o.temperature)
        request["temperature"] = *o.temperature;
    if (o.seed)
        request["seed"] = *o.seed;
    request["stream"] = true;
    request["stream_options"] = Json::object({ { "include_usage", true } });
    return request.dump(-1, ' ', false, Json::error_handler_t::replace);
}

void streamChat(HttpConnection &conn, const ChatRequest &o, ChatResult &r, const std::atomic<bool> *cancel)
{
    conn.connect();
    // Times run from the moment the request goes out.
    r.sentNs = bench::nowNs();
    conn.sendRequest("POST", "/v1/chat/completions", "text/event-stream", chatRequestBody(o), "application/json");
    const auto response = conn.readHead();
    r.status = response.status;
    requireOk(conn, response);

    std::optional<std::string> streamError;
    bool done = false;

    // Events are timed by when the bytes that complete them arrived: events
    // that came in one read arrived together, whatever the parse took.
    std::int64_t arrival = 0;
    auto onEvent = [&](const std::string &data) {
        if (data == "[DONE]") {
            done = true;
            return false;
        }
        const Json chunk = Json::parse(data, nullptr, false);
        if (!chunk.is_object())
            throw sys::EngineError { errors::kBadResponse,
                "a server-sent event is not a JSON object: " + textHead(data, 200), 1 };
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
                            r.contentNs.push_back(arrival);
                            r.text += piece;
                        }
                    }
                }
                if (auto f = choice.find("finish_reason"); f != choice.end() && f->is_string())
                    r.finishReason = f->get<std::string>();
            }
        }
        if (auto usage = chunk.find("usage"); usage != chunk.end() && usage->is_object()) {
            if (auto n = usage->find("completion_tokens"); n != usage->end() && n->is_number_integer())
                r.usageTokens = n->get<long long>();
        }
        return true;
    };

    SseParser sse;
    const bool ended = conn.readBody(response, [&](std::string_view piece) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            throw sys::EngineError { errors::kCancelled, "cancelled while reading the answer", 1 };
        arrival = conn.lastReceiveNs();
        return sse.feed(piece, onEvent);
    });
    if (ended && !done)
        sse.finish(onEvent);
    r.endNs = bench::nowNs();

    if (streamError)
        throw sys::EngineError { errors::kStreamError,
            "the server reported an error in the stream: " + *streamError, 1 };
    if (r.contentNs.empty()) {
        std::string why = "the answer carried no content";
        if (sse.events() == 0)
            why += " (no server-sent events; Content-Type: " + response.header("content-type").value_or("none")
                + ")";
        else
            why += " (" + std::to_string(sse.events()) + " events"
                + (r.usageTokens ? ", usage says " + std::to_string(*r.usageTokens) + " completion tokens" : "")
                + ")";
        throw sys::EngineError { errors::kNoTokens, why, 1 };
    }
}

} // namespace halolink::api
