#include "api/http_client.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <memory>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "halolink/protocol.h"
#include "sys/cli.h"
#include "sys/text.h"

namespace halolink::api {

namespace {

constexpr std::size_t kMaxHead = 64 * 1024;
constexpr std::size_t kMaxChunkLine = 4096;

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

bool allOf(std::string_view s, bool (*pred)(unsigned char))
{
    return std::all_of(s.begin(), s.end(), [pred](char c) { return pred(static_cast<unsigned char>(c)); });
}

bool isHostChar(unsigned char c)
{
    return std::isalnum(c) || c == '.' || c == '-' || c == '_';
}

bool isDigitOrDot(unsigned char c)
{
    return std::isdigit(c) || c == '.';
}

bool isDigit(unsigned char c)
{
    return std::isdigit(c);
}

bool isPathChar(unsigned char c)
{
    return c > 0x20 && c < 0x7f && c != '?' && c != '#';
}

// A short, printable excerpt of what the server sent, for messages.
std::string excerpt(std::string_view s, std::size_t max = 200)
{
    std::string out;
    for (char c : s.substr(0, max)) {
        const auto u = static_cast<unsigned char>(c);
        out += (u < 0x20 || u == 0x7f) ? ' ' : c;
    }
    if (s.size() > max)
        out += "...";
    return out;
}

sys::EngineError badResponse(const std::string &message)
{
    return sys::EngineError { errors::kBadResponse, message, 1 };
}

std::string secondsText(double s)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", s);
    return buf;
}

} // namespace

Url parseUrl(const std::string &text)
{
    auto bad = [&](const std::string &why) {
        return sys::usageError("--url '" + text + "': " + why + " (expected http://HOST[:PORT][/PATH])");
    };
    constexpr std::string_view scheme = "http://";
    if (lower(text.substr(0, 8)) == "https://")
        throw bad("https is not supported (no TLS): give the server's plain http address");
    if (lower(text.substr(0, scheme.size())) != scheme)
        throw bad("not an http:// URL");
    const std::string rest = text.substr(scheme.size());
    if (rest.find_first_of("?#") != std::string::npos)
        throw bad("a query or fragment is not allowed");
    const std::size_t slash = rest.find('/');
    const std::string authority = rest.substr(0, slash);
    std::string path = slash == std::string::npos ? std::string() : rest.substr(slash);
    if (authority.find('@') != std::string::npos)
        throw bad("user names and passwords are not supported");

    Url url;
    bool ipv6 = false;
    std::optional<std::string> portText;
    if (!authority.empty() && authority.front() == '[') {
        const std::size_t close = authority.find(']');
        if (close == std::string::npos)
            throw bad("'[' without ']'");
        url.host = authority.substr(1, close - 1);
        in6_addr a6 {};
        if (::inet_pton(AF_INET6, url.host.c_str(), &a6) != 1)
            throw bad("'" + url.host + "' is not an IPv6 address");
        ipv6 = true;
        const std::string after = authority.substr(close + 1);
        if (!after.empty()) {
            if (after.front() != ':')
                throw bad("unexpected '" + after + "' after the address");
            portText = after.substr(1);
        }
    } else {
        const std::size_t colon = authority.find(':');
        url.host = authority.substr(0, colon);
        if (colon != std::string::npos)
            portText = authority.substr(colon + 1);
        if (url.host.empty())
            throw bad("no host");
        if (!allOf(url.host, isHostChar))
            throw bad("'" + url.host + "' is not a host name or IPv4 address");
        in_addr a4 {};
        if (allOf(url.host, isDigitOrDot) && ::inet_pton(AF_INET, url.host.c_str(), &a4) != 1)
            throw bad("'" + url.host + "' is not an IPv4 address");
    }
    if (portText) {
        int port = 0;
        if (portText->empty() || portText->size() > 5 || !allOf(*portText, isDigit)
            || (port = std::stoi(*portText)) < 1 || port > 65535)
            throw bad("the port must be a number from 1 to 65535, not '" + *portText + "'");
        url.port = port;
    }
    while (!path.empty() && path.back() == '/')
        path.pop_back();
    if (!allOf(path, isPathChar))
        throw bad("the path has spaces or control characters");
    url.prefix = path;

    const std::string hostPart = ipv6 ? "[" + url.host + "]" : url.host;
    url.hostHeader = url.port == 80 ? hostPart : hostPart + ":" + std::to_string(url.port);
    url.text = "http://" + hostPart + ":" + std::to_string(url.port) + url.prefix;
    return url;
}

std::optional<std::string> ResponseHead::header(std::string_view lowerName) const
{
    for (const auto &[name, value] : headers) {
        if (name == lowerName)
            return value;
    }
    return std::nullopt;
}

HttpConnection::HttpConnection(Url url, double timeoutSeconds)
    : m_url(std::move(url))
    , m_timeoutSeconds(timeoutSeconds)
    , m_deadlineNs(bench::nowNs() + static_cast<std::int64_t>(std::llround(timeoutSeconds * 1e9)))
{
}

sys::EngineError HttpConnection::timeoutError() const
{
    return sys::EngineError { errors::kTimeout,
        std::string("timed out ") + m_phase + " " + m_url.text + " (--timeout "
            + secondsText(m_timeoutSeconds) + " s)",
        1 };
}

bool HttpConnection::waitReady(int fd, short events) const
{
    for (;;) {
        const std::int64_t left = m_deadlineNs - bench::nowNs();
        if (left <= 0)
            return false;
        pollfd p[2] = { { fd, events, 0 }, { m_cancelFd, POLLIN, 0 } };
        const int rc = ::poll(p, m_cancelFd >= 0 ? 2 : 1,
            static_cast<int>(std::min<std::int64_t>((left + 999'999) / 1'000'000, 60'000)));
        if (rc > 0 && m_cancelFd >= 0 && p[1].revents != 0)
            throw sys::EngineError { errors::kCancelled,
                std::string("cancelled while ") + m_phase + " " + m_url.text, 1 };
        if (rc > 0)
            return true; // ready, or an error the next call reports
        if (rc < 0 && errno != EINTR)
            throw sys::EngineError { "system_error", std::string("poll: ") + std::strerror(errno), 1 };
    }
}

void HttpConnection::connect()
{
    m_phase = "connecting to";
    addrinfo hints {};
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_family = AF_UNSPEC;
    hints.ai_flags = AI_NUMERICSERV;
    addrinfo *raw = nullptr;
    const std::string service = std::to_string(m_url.port);
    const int rc = ::getaddrinfo(m_url.host.c_str(), service.c_str(), &hints, &raw);
    if (rc != 0 || !raw)
        throw sys::EngineError { errors::kResolveFailed,
            "cannot resolve '" + m_url.host + "': " + (rc != 0 ? ::gai_strerror(rc) : "no address"), 1 };
    const std::unique_ptr<addrinfo, void (*)(addrinfo *)> list(raw, ::freeaddrinfo);

    // "localhost" may give ::1 first while the server listens on 127.0.0.1
    // only: every address is tried before giving up.
    bool refused = false;
    int lastError = 0;
    for (const addrinfo *ai = list.get(); ai; ai = ai->ai_next) {
        bench::Fd fd(::socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
        if (!fd.valid()) {
            lastError = errno;
            continue;
        }
        int err = ::connect(fd.get(), ai->ai_addr, ai->ai_addrlen) == 0 ? 0 : errno;
        if (err == EINPROGRESS || err == EINTR) {
            if (!waitReady(fd.get(), POLLOUT))
                throw timeoutError();
            socklen_t len = sizeof err;
            if (::getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &err, &len) != 0)
                err = errno;
        }
        if (err == 0) {
            m_fd = std::move(fd);
            return;
        }
        refused = refused || err == ECONNREFUSED;
        lastError = err;
    }
    if (refused)
        throw sys::EngineError { errors::kConnectionRefused,
            "connection refused by " + m_url.text + ": nothing listens there (yet)", 1 };
    throw sys::EngineError { errors::kUnreachable,
        "cannot connect to " + m_url.text + ": " + std::strerror(lastError), 1 };
}

void HttpConnection::sendRequest(std::string_view method, std::string_view path, std::string_view accept,
    std::string_view body, std::string_view contentType)
{
    std::string request;
    request.reserve(256 + body.size());
    request.append(method).append(" ").append(m_url.prefix).append(path).append(" HTTP/1.1\r\n");
    request.append("Host: ").append(m_url.hostHeader).append("\r\n");
    request.append("User-Agent: halolink-engine/").append(protocol::kEngineVersion).append("\r\n");
    request.append("Accept: ").append(accept).append("\r\n");
    request.append("Connection: close\r\n");
    if (!m_bearer.empty())
        request.append("Authorization: Bearer ").append(m_bearer).append("\r\n");
    if (!contentType.empty()) {
        request.append("Content-Type: ").append(contentType).append("\r\n");
        request.append("Content-Length: ").append(std::to_string(body.size())).append("\r\n");
    }
    request.append("\r\n").append(body);

    m_phase = "sending the request to";
    std::size_t sent = 0;
    while (sent < request.size()) {
        const ssize_t n = ::send(m_fd.get(), request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n > 0) {
            sent += static_cast<std::size_t>(n);
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (!waitReady(m_fd.get(), POLLOUT))
                throw timeoutError();
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            throw sys::EngineError { errors::kConnectionClosed,
                m_url.text + " closed the connection before taking the request: " + std::strerror(errno), 1 };
        }
    }
    m_phase = "waiting for an answer from";
}

bool HttpConnection::fill()
{
    if (m_pos == m_buf.size()) {
        m_buf.clear();
        m_pos = 0;
    } else if (m_pos > 64 * 1024) {
        m_buf.erase(0, m_pos);
        m_pos = 0;
    }
    char chunk[16 * 1024];
    for (;;) {
        const ssize_t n = ::recv(m_fd.get(), chunk, sizeof chunk, 0);
        if (n > 0) {
            m_lastReceiveNs = bench::nowNs();
            m_buf.append(chunk, static_cast<std::size_t>(n));
            return true;
        }
        if (n == 0)
            return false;
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            if (!waitReady(m_fd.get(), POLLIN))
                throw timeoutError();
            continue;
        }
        throw sys::EngineError { errors::kConnectionClosed,
            std::string("connection lost while ") + m_phase + " " + m_url.text + ": " + std::strerror(errno),
            1 };
    }
}

std::optional<std::string> HttpConnection::readLine(std::size_t limit)
{
    for (;;) {
        const std::size_t nl = m_buf.find('\n', m_pos);
        if (nl != std::string::npos) {
            std::string line = m_buf.substr(m_pos, nl - m_pos);
            m_pos = nl + 1;
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            return line;
        }
        if (m_buf.size() - m_pos > limit)
            throw badResponse("a line of the answer from " + m_url.text + " is longer than "
                + std::to_string(limit) + " bytes: " + excerpt(std::string_view(m_buf).substr(m_pos)));
        if (!fill())
            return std::nullopt;
    }
}

ResponseHead HttpConnection::readHead()
{
    for (;;) {
        // The head ends with an empty line ("\r\n" or a bare "\n").
        std::size_t end = std::string::npos, next = 0;
        for (std::size_t scanned = m_pos;;) {
            for (std::size_t i = scanned; i < m_buf.size(); ++i) {
                if (m_buf[i] != '\n')
                    continue;
                if (i + 1 < m_buf.size() && m_buf[i + 1] == '\n') {
                    end = i;
                    next = i + 2;
                    break;
                }
                if (i + 2 < m_buf.size() && m_buf[i + 1] == '\r' && m_buf[i + 2] == '\n') {
                    end = i;
                    next = i + 3;
                    break;
                }
            }
            if (end != std::string::npos)
                break;
            if (m_buf.size() - m_pos > kMaxHead)
                throw badResponse("the answer's head from " + m_url.text + " is larger than 64 KiB");
            scanned = m_buf.size() >= m_pos + 2 ? m_buf.size() - 2 : m_pos;
            const std::size_t before = m_pos;
            if (!fill()) {
                if (m_buf.size() == m_pos)
                    throw sys::EngineError { errors::kConnectionClosed,
                        m_url.text + " closed the connection without answering", 1 };
                throw badResponse("the answer from " + m_url.text
                    + " ended inside its head: " + excerpt(std::string_view(m_buf).substr(m_pos)));
            }
            // fill() may have moved what was unread to the front.
            if (m_pos != before)
                scanned = m_pos;
        }
        const std::vector<std::string> lines
            = sys::split(std::string_view(m_buf).substr(m_pos, end - m_pos), '\n');
        m_pos = next;

        ResponseHead head;
        std::string statusLine = lines.empty() ? std::string() : lines.front();
        if (!statusLine.empty() && statusLine.back() == '\r')
            statusLine.pop_back();
        // "HTTP/1.1 200 OK" (the reason may be empty or missing)
        if (statusLine.size() < 12 || statusLine.compare(0, 7, "HTTP/1.") != 0 || statusLine[8] != ' '
            || !allOf(std::string_view(statusLine).substr(9, 3), isDigit)
            || (statusLine.size() > 12 && statusLine[12] != ' '))
            throw badResponse(m_url.text + " did not answer in HTTP: " + excerpt(statusLine));
        head.status = std::stoi(statusLine.substr(9, 3));
        head.reason = statusLine.size() > 13 ? sys::trim(statusLine.substr(13)) : std::string();
        for (std::size_t i = 1; i < lines.size(); ++i) {
            std::string line = lines[i];
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            if (line.empty())
                continue;
            const std::size_t colon = line.find(':');
            if (colon == std::string::npos || colon == 0)
                throw badResponse(
                    "a malformed header line in the answer from " + m_url.text + ": " + excerpt(line));
            head.headers.emplace_back(
                lower(sys::trim(line.substr(0, colon))), sys::trim(line.substr(colon + 1)));
        }
        // Interim answers (100 Continue, 103 Early Hints) precede the real one.
        if (head.status >= 100 && head.status < 200 && head.status != 101)
            continue;
        m_phase = "reading the answer from";
        return head;
    }
}

bool HttpConnection::readBody(const ResponseHead &head, const std::function<bool(std::string_view)> &sink)
{
    if (head.status == 204 || head.status == 304 || (head.status >= 100 && head.status < 200))
        return true;

    auto takeBuffered = [&](std::uint64_t max) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(max, m_buf.size() - m_pos));
        const std::string_view piece(m_buf.data() + m_pos, n);
        m_pos += n;
        return piece;
    };

    const auto transferEncoding = head.header("transfer-encoding");
    if (transferEncoding && lower(*transferEncoding).find("chunked") != std::string::npos) {
        for (;;) {
            auto line = readLine(kMaxChunkLine);
            if (!line)
                throw badResponse("the chunked answer from " + m_url.text + " ended before its last chunk");
            std::string sizeText = sys::trim(line->substr(0, line->find(';')));
            std::uint64_t size = 0;
            const auto [ptr, ec]
                = std::from_chars(sizeText.data(), sizeText.data() + sizeText.size(), size, 16);
            if (sizeText.empty() || ec != std::errc() || ptr != sizeText.data() + sizeText.size())
                throw badResponse(
                    "a malformed chunk size in the answer from " + m_url.text + ": '" + excerpt(*line) + "'");
            if (size == 0) {
                // Trailer fields up to an empty line; a server that closes
                // right after the last chunk is forgiven.
                while (auto trailer = readLine(kMaxHead)) {
                    if (trailer->empty())
                        break;
                }
                return true;
            }
            while (size > 0) {
                if (m_pos == m_buf.size() && !fill())
                    throw badResponse("the chunked answer from " + m_url.text + " ended inside a chunk");
                const std::string_view piece = takeBuffered(size);
                size -= piece.size();
                if (!sink(piece))
                    return false;
            }
            auto crlf = readLine(kMaxChunkLine);
            if (!crlf || !crlf->empty())
                throw badResponse(
                    "a chunk in the answer from " + m_url.text + " does not end where its size says");
        }
    }

    if (const auto contentLength = head.header("content-length")) {
        std::uint64_t left = 0;
        const auto [ptr, ec]
            = std::from_chars(contentLength->data(), contentLength->data() + contentLength->size(), left);
        if (contentLength->empty() || ec != std::errc()
            || ptr != contentLength->data() + contentLength->size())
            throw badResponse(
                "a malformed Content-Length from " + m_url.text + ": '" + excerpt(*contentLength) + "'");
        while (left > 0) {
            if (m_pos == m_buf.size() && !fill())
                throw badResponse("the answer from " + m_url.text + " ended " + std::to_string(left)
                    + " bytes short of its Content-Length");
            const std::string_view piece = takeBuffered(left);
            left -= piece.size();
            if (!sink(piece))
                return false;
        }
        return true;
    }

    // Neither: the body ends when the server closes the connection.
    for (;;) {
        if (m_pos < m_buf.size()) {
            if (!sink(takeBuffered(m_buf.size() - m_pos)))
                return false;
        }
        if (!fill())
            return true;
    }
}

std::string HttpConnection::readBodyText(const ResponseHead &head, std::size_t limit, bool *truncated)
{
    std::string out;
    bool more = false;
    readBody(head, [&](std::string_view piece) {
        const std::size_t room = limit - out.size();
        if (piece.size() > room) {
            out.append(piece.substr(0, room));
            more = true;
            return false;
        }
        out.append(piece);
        return true;
    });
    if (truncated)
        *truncated = more;
    return out;
}

} // namespace halolink::api
