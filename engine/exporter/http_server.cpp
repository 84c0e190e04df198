#include "exporter/http_server.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <exception>
#include <list>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace halolink::exporter {

namespace {

// After the answer went out, unread request bytes are drained this long
// before the close (closing with unread data sends a reset, which can
// destroy the answer before the client read it).
constexpr int kLingerMs = 2000;
// accept() failing for lack of file descriptors: wait before trying again.
constexpr int kAcceptPauseMs = 100;

std::int64_t nowMs()
{
    timespec ts {};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1'000'000;
}

bool isTchar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return std::strchr("!#$%&'*+-.^_`|~", c) != nullptr && c != '\0';
}

bool isToken(const std::string &s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), isTchar);
}

// The end of the request head (the blank line), or npos; `skip` is the
// length of the blank line's terminator sequence.
std::size_t headEnd(const std::string &in, std::size_t &skip)
{
    const std::size_t crlf = in.find("\r\n\r\n");
    const std::size_t lf = in.find("\n\n");
    if (crlf != std::string::npos && (lf == std::string::npos || crlf < lf)) {
        skip = 4;
        return crlf;
    }
    if (lf != std::string::npos) {
        skip = 2;
        return lf;
    }
    return std::string::npos;
}

struct Connection {
    enum class State { Reading, Writing, Draining };
    int fd = -1;
    State state = State::Reading;
    std::string in;
    std::string out;
    std::size_t sent = 0;
    std::int64_t deadlineMs = 0;
};

void closeConnection(Connection &c)
{
    if (c.fd >= 0)
        ::close(c.fd);
    c.fd = -1;
}

} // namespace

HttpServer::HttpServer(int listenFd, Handler handler, Log log, HttpServerOptions options)
    : m_listen(listenFd)
    , m_handler(std::move(handler))
    , m_log(std::move(log))
    , m_options(options)
{
}

const char *HttpServer::reason(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 505:
        return "HTTP Version Not Supported";
    default:
        return "Unknown";
    }
}

int HttpServer::parseRequest(const std::string &head, HttpRequest &out)
{
    std::vector<std::string> lines;
    std::size_t pos = 0;
    while (pos <= head.size()) {
        std::size_t nl = head.find('\n', pos);
        if (nl == std::string::npos)
            nl = head.size();
        std::string line = head.substr(pos, nl - pos);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        lines.push_back(std::move(line));
        pos = nl + 1;
    }
    // Empty lines before the request line are ignored (RFC 9112 2.2).
    std::size_t first = 0;
    while (first < lines.size() && lines[first].empty())
        ++first;
    if (first == lines.size())
        return 400;

    // method SP request-target SP HTTP-version, single spaces.
    const std::string &requestLine = lines[first];
    const std::size_t sp1 = requestLine.find(' ');
    if (sp1 == std::string::npos)
        return 400;
    const std::size_t sp2 = requestLine.find(' ', sp1 + 1);
    if (sp2 == std::string::npos || requestLine.find(' ', sp2 + 1) != std::string::npos)
        return 400;
    const std::string method = requestLine.substr(0, sp1);
    const std::string target = requestLine.substr(sp1 + 1, sp2 - sp1 - 1);
    const std::string version = requestLine.substr(sp2 + 1);
    if (!isToken(method) || target.empty())
        return 400;
    for (char c : target) {
        if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7F)
            return 400;
    }
    if (version.size() != 8 || version.compare(0, 5, "HTTP/") != 0 || version[6] != '.'
        || !std::isdigit(static_cast<unsigned char>(version[5]))
        || !std::isdigit(static_cast<unsigned char>(version[7])))
        return 400;
    if (version[5] != '1')
        return 505;

    std::string path;
    if (target[0] == '/') {
        path = target;
    } else if (target.compare(0, 7, "http://") == 0 || target.compare(0, 8, "https://") == 0) {
        // absolute-form (what a proxy is sent): the path after the authority.
        const std::size_t authority = target.find("//") + 2;
        const std::size_t slash = target.find_first_of("/?#", authority);
        path = slash == std::string::npos || target[slash] != '/' ? "/" : target.substr(slash);
    } else if (target == "*") {
        path = target; // asterisk-form (OPTIONS *): not found, or not allowed
    } else {
        return 400;
    }
    path = path.substr(0, path.find_first_of("?#"));

    for (std::size_t i = first + 1; i < lines.size(); ++i) {
        const std::string &h = lines[i];
        if (h.empty())
            return 400; // the caller cut at the first blank line
        const std::size_t colon = h.find(':');
        if (colon == std::string::npos || !isToken(h.substr(0, colon)))
            return 400; // also obsolete line folding (a line starting with white space)
        for (std::size_t k = colon + 1; k < h.size(); ++k) {
            const unsigned char c = static_cast<unsigned char>(h[k]);
            if ((c < 0x20 && c != '\t') || c == 0x7F)
                return 400;
        }
    }
    out.method = method;
    out.path = path;
    return 0;
}

std::string HttpServer::render(const HttpResponse &r, bool headOnly)
{
    std::string s = "HTTP/1.1 " + std::to_string(r.status) + " " + reason(r.status) + "\r\n";
    s += "Content-Type: " + r.contentType + "\r\n";
    s += "Content-Length: " + std::to_string(r.body.size()) + "\r\n";
    s += "Cache-Control: no-store\r\n";
    for (const auto &[name, value] : r.headers)
        s += name + ": " + value + "\r\n";
    s += "Connection: close\r\n\r\n";
    if (!headOnly)
        s += r.body;
    return s;
}

void HttpServer::run(int stopFd)
{
    std::list<Connection> connections;
    std::int64_t acceptPausedUntilMs = 0;
    std::vector<pollfd> fds;
    std::vector<Connection *> polled;
    const std::size_t maxConnections = static_cast<std::size_t>(std::max(1, m_options.maxConnections));

    auto answer = [&](Connection &c, const HttpResponse &r, bool headOnly) {
        c.out = render(r, headOnly);
        c.sent = 0;
        c.state = Connection::State::Writing;
        c.deadlineMs = nowMs() + m_options.timeoutMs;
    };
    auto plain = [](int status, std::string text) {
        HttpResponse r;
        r.status = status;
        r.body = std::move(text) + "\n";
        return r;
    };

    // Reads what arrived; answers once the head is complete. Returns false
    // when the connection is to be closed.
    auto onReadable = [&](Connection &c) -> bool {
        char buf[4096];
        for (;;) {
            const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
            if (n > 0) {
                if (c.state == Connection::State::Draining)
                    continue; // the answer went out: discard the rest
                c.in.append(buf, static_cast<std::size_t>(n));
                std::size_t skip = 0;
                const std::size_t end = headEnd(c.in, skip);
                if (end == std::string::npos) {
                    if (c.in.size() > m_options.maxRequestBytes) {
                        answer(c, plain(431, "request head too large"), false);
                        return true;
                    }
                    continue;
                }
                if (end > m_options.maxRequestBytes) {
                    answer(c, plain(431, "request head too large"), false);
                    return true;
                }
                HttpRequest request;
                const int bad = parseRequest(c.in.substr(0, end), request);
                c.in.clear();
                if (bad) {
                    answer(c, plain(bad, bad == 505 ? "only HTTP/1.x is spoken here" : "malformed request"),
                        false);
                    return true;
                }
                HttpResponse r;
                try {
                    r = m_handler(request);
                } catch (const std::exception &e) {
                    m_log(std::string("answering ") + request.method + " " + request.path
                        + " failed: " + e.what());
                    r = plain(500, std::string("internal error: ") + e.what());
                }
                answer(c, r, request.method == "HEAD");
                return true;
            }
            if (n == 0)
                return false; // the client closed (before a whole request, or after our answer)
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return true;
            return false; // reset
        }
    };

    auto onWritable = [&](Connection &c) -> bool {
        while (c.sent < c.out.size()) {
            const ssize_t n = ::send(c.fd, c.out.data() + c.sent, c.out.size() - c.sent, MSG_NOSIGNAL);
            if (n > 0) {
                c.sent += static_cast<std::size_t>(n);
                continue;
            }
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                return true;
            return false; // the client went away
        }
        ::shutdown(c.fd, SHUT_WR);
        c.out.clear();
        c.out.shrink_to_fit();
        c.state = Connection::State::Draining;
        c.deadlineMs = nowMs() + std::min(m_options.timeoutMs, kLingerMs);
        return true;
    };

    for (;;) {
        const std::int64_t now = nowMs();
        // Deadlines first: whoever missed theirs is closed.
        for (auto it = connections.begin(); it != connections.end();) {
            if (now >= it->deadlineMs) {
                closeConnection(*it);
                it = connections.erase(it);
            } else {
                ++it;
            }
        }

        fds.clear();
        polled.clear();
        fds.push_back({ stopFd, POLLIN, 0 });
        const bool accepting = connections.size() < maxConnections && now >= acceptPausedUntilMs;
        fds.push_back({ accepting ? m_listen : -1, POLLIN, 0 });
        std::int64_t wakeAt = now + 60'000;
        if (!accepting && connections.size() < maxConnections)
            wakeAt = std::min(wakeAt, acceptPausedUntilMs);
        for (auto &c : connections) {
            const short events = c.state == Connection::State::Writing ? POLLOUT : POLLIN;
            fds.push_back({ c.fd, events, 0 });
            polled.push_back(&c);
            wakeAt = std::min(wakeAt, c.deadlineMs);
        }
        const int timeout = static_cast<int>(std::clamp<std::int64_t>(wakeAt - now, 0, 60'000));
        const int ready = ::poll(fds.data(), fds.size(), timeout);
        if (ready < 0) {
            if (errno == EINTR)
                continue;
            m_log(std::string("poll: ") + std::strerror(errno));
            break;
        }
        if (fds[0].revents)
            break;

        for (std::size_t i = 0; i < polled.size(); ++i) {
            Connection &c = *polled[i];
            const short re = fds[i + 2].revents;
            if (!re)
                continue;
            bool keep;
            if (c.state == Connection::State::Writing)
                keep = (re & (POLLOUT | POLLERR | POLLHUP)) ? onWritable(c) : true;
            else
                keep = onReadable(c);
            // An answer ready to go: try to send it at once.
            if (keep && c.state == Connection::State::Writing)
                keep = onWritable(c);
            if (!keep)
                closeConnection(c);
        }
        connections.remove_if([](const Connection &c) { return c.fd < 0; });

        if (fds[1].fd >= 0 && (fds[1].revents & POLLIN)) {
            while (connections.size() < maxConnections) {
                const int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
                if (fd < 0) {
                    if (errno == EINTR || errno == ECONNABORTED)
                        continue;
                    if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
                        m_log(std::string("cannot accept a connection: ") + std::strerror(errno));
                        acceptPausedUntilMs = nowMs() + kAcceptPauseMs;
                    }
                    break; // EAGAIN: none left
                }
                Connection c;
                c.fd = fd;
                c.deadlineMs = nowMs() + m_options.timeoutMs;
                connections.push_back(std::move(c));
            }
        }
    }

    for (auto &c : connections)
        closeConnection(c);
}

} // namespace halolink::exporter
