#pragma once
// The exporter's tiny HTTP/1.1 server: one thread, poll(), non-blocking
// sockets. It reads one request per connection (the request line and
// headers; a body is never read), answers with Content-Length and
// `Connection: close`, and closes. Every connection has a deadline for the
// request to arrive and another for the answer to be taken, so a slow or
// silent client holds one slot for at most that long while others are
// served. A malformed request gets 400, never more of our attention.

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace halolink::exporter {

struct HttpRequest {
    std::string method; // "GET", "HEAD", ...
    std::string path; // the target's path, without its query ("/metrics")
};

struct HttpResponse {
    int status = 200;
    std::string contentType = "text/plain; charset=utf-8";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers; // extra ones
};

struct HttpServerOptions {
    int timeoutMs = 10000; // to receive the request; again to send the answer
    int maxConnections = 64; // open at once; more wait in the listen backlog
    std::size_t maxRequestBytes = 16384; // request line and headers
};

class HttpServer {
public:
    // Called for requests that parsed; `method` is any valid token (the
    // handler decides what it allows). HEAD answers leave the body out here.
    using Handler = std::function<HttpResponse(const HttpRequest &)>;
    // `log` gets one line per problem worth a person's attention.
    using Log = std::function<void(const std::string &)>;

    HttpServer(int listenFd, Handler handler, Log log, HttpServerOptions options = {});

    // Serves until `stopFd` is readable (a signalfd), then returns; open
    // connections are closed.
    void run(int stopFd);

    // Parses a request head (everything before the blank line, which the
    // caller found). On failure returns the status to answer (400, 505).
    static int parseRequest(const std::string &head, HttpRequest &out);
    // The whole answer: status line, headers, body (none for HEAD).
    static std::string render(const HttpResponse &r, bool headOnly);
    static const char *reason(int status);

private:
    int m_listen;
    Handler m_handler;
    Log m_log;
    HttpServerOptions m_options;
};

} // namespace halolink::exporter
