#pragma once
// A small HTTP/1.1 client for `halolink-engine api`: plain TCP (no TLS), one
// request per connection ("Connection: close"), every wait bounded by one
// deadline that covers name lookup, connect, the request and the whole
// answer. Bodies are handed over as they arrive (chunked, Content-Length or
// up to the close), so a streamed answer can be timed token by token.
//
// Failures throw sys::EngineError with one of the codes below, so that a
// caller polling a server that is still starting can tell "nothing listens
// yet" (connection_refused) from "it hangs" (timeout).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench/net.h"
#include "sys/json_out.h"

namespace halolink::api {

namespace errors {
inline constexpr const char *kConnectionRefused = "connection_refused"; // nothing listens there
inline constexpr const char *kTimeout = "timeout"; // --timeout passed (connect included)
inline constexpr const char *kResolveFailed = "resolve_failed"; // the host name has no address
inline constexpr const char *kUnreachable = "unreachable"; // no route, network down, ...
inline constexpr const char *kConnectionClosed = "connection_closed"; // closed or reset before a whole answer
inline constexpr const char *kBadResponse = "bad_response"; // not HTTP, or not what the API answers
inline constexpr const char *kHttpStatus = "http_status"; // an answer other than 200
inline constexpr const char *kNoTokens = "no_tokens"; // a chat stream without any content
inline constexpr const char *kStreamError = "stream_error"; // an error event inside the stream
inline constexpr const char *kCancelled = "cancelled"; // the cancel descriptor became readable
} // namespace errors

// http://HOST[:PORT][/PREFIX]: HOST an IPv4 address, [IPv6] or a name.
struct Url {
    std::string host; // without brackets
    int port = 80;
    std::string prefix; // "" or "/a/b" (no trailing '/'), put before every path
    std::string hostHeader; // "host:port" as the Host header wants it
    std::string text; // "http://host:port/prefix" for messages
};

// Throws a usage error (exit 2) for anything else: https, user info, a
// query, a malformed address or port.
Url parseUrl(const std::string &text);

struct ResponseHead {
    int status = 0;
    std::string reason;
    std::vector<std::pair<std::string, std::string>> headers; // names in lower case
    std::optional<std::string> header(std::string_view lowerName) const;
};

class HttpConnection {
public:
    // Every step from connect() to the end of the body must be over within
    // `timeoutSeconds` of now.
    HttpConnection(Url url, double timeoutSeconds);

    // Tries every address of the host in turn.
    void connect();
    // Every request then carries "Authorization: Bearer <key>" (vLLM's
    // --api-key / VLLM_API_KEY, llama-server's --api-key / LLAMA_API_KEY).
    void setBearerToken(std::string key) { m_bearer = std::move(key); }
    // Every wait also watches `fd` (the read end of a pipe that a signal
    // handler or another thread writes to): once it is readable, the wait
    // throws EngineError "cancelled" at once and the connection is dropped
    // with this object. -1: no cancellation (the default).
    void setCancelFd(int fd) { m_cancelFd = fd; }
    void sendRequest(std::string_view method, std::string_view path, std::string_view accept,
        std::string_view body = {}, std::string_view contentType = {});
    // The status line and headers (1xx interim answers skipped).
    ResponseHead readHead();
    // The body in pieces as they arrive, de-chunked. `sink` returns false
    // to stop reading (the rest is left unread). Returns false when it
    // stopped so.
    bool readBody(const ResponseHead &head, const std::function<bool(std::string_view)> &sink);
    // The body up to `limit` bytes (the rest is left unread); `truncated`
    // tells whether there was more.
    std::string readBodyText(const ResponseHead &head, std::size_t limit, bool *truncated = nullptr);

    // When the latest bytes arrived (bench::nowNs()): a piece handed to a
    // readBody() sink arrived then, even when the sink is called later for
    // another chunk of the same read.
    std::int64_t lastReceiveNs() const { return m_lastReceiveNs; }

private:
    // Receives more into m_buf; false at the end of the stream.
    bool fill();
    // One line without its "\r\n" or "\n"; nullopt at the end of the stream.
    std::optional<std::string> readLine(std::size_t limit);
    // Polls `fd` until the deadline; false when it passed.
    bool waitReady(int fd, short events) const;
    sys::EngineError timeoutError() const;

    Url m_url;
    double m_timeoutSeconds;
    std::int64_t m_deadlineNs;
    bench::Fd m_fd;
    std::string m_buf;
    std::size_t m_pos = 0;
    std::int64_t m_lastReceiveNs = 0;
    const char *m_phase = "connecting to";
    std::string m_bearer;
    int m_cancelFd = -1;
};

} // namespace halolink::api
