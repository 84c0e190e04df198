#include "bench/net.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <unistd.h>

#include "bench/bench.h"
#include "sys/json_out.h"

namespace halolink::bench {

void Fd::reset()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

SocketAddress resolveAddress(const std::string &host, int port)
{
    SocketAddress out;
    addrinfo hints {};
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_family = AF_UNSPEC;
    hints.ai_flags = AI_ADDRCONFIG;
    addrinfo *list = nullptr;
    const std::string service = std::to_string(port);
    int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &list);
    if (rc != 0 || !list) {
        // AI_ADDRCONFIG hides 127.0.0.1 in a namespace with only loopback up;
        // try once more without it.
        hints.ai_flags = 0;
        rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &list);
    }
    if (rc != 0 || !list)
        throw sys::EngineError { errors::kBadAddress, "cannot resolve '" + host + "': " + ::gai_strerror(rc),
            1 };
    const addrinfo *pick = list;
    for (const addrinfo *ai = list; ai; ai = ai->ai_next) {
        if (ai->ai_family == AF_INET) {
            pick = ai;
            break;
        }
    }
    std::memcpy(&out.storage, pick->ai_addr, pick->ai_addrlen);
    out.length = pick->ai_addrlen;
    ::freeaddrinfo(list);
    return out;
}

std::string addressText(const SocketAddress &a)
{
    char host[INET6_ADDRSTRLEN] = "?";
    int port = 0;
    if (a.storage.ss_family == AF_INET) {
        auto *in = reinterpret_cast<const sockaddr_in *>(&a.storage);
        ::inet_ntop(AF_INET, &in->sin_addr, host, sizeof host);
        port = ntohs(in->sin_port);
        return std::string(host) + ":" + std::to_string(port);
    }
    if (a.storage.ss_family == AF_INET6) {
        auto *in6 = reinterpret_cast<const sockaddr_in6 *>(&a.storage);
        ::inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof host);
        port = ntohs(in6->sin6_port);
        return "[" + std::string(host) + "]:" + std::to_string(port);
    }
    return "?";
}

Fd connectTcp(const SocketAddress &a, const std::string &peerText, int timeoutMs)
{
    Fd fd(::socket(a.storage.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
    if (!fd.valid())
        throw sys::EngineError { errors::kSystemError,
            std::string("cannot create a TCP socket: ") + std::strerror(errno), 1 };
    auto unreachable = [&](const std::string &why) {
        return sys::EngineError { errors::kPeerUnreachable, "cannot reach " + peerText + ": " + why, 1 };
    };
    int rc = ::connect(fd.get(), a.get(), a.length);
    if (rc != 0 && errno != EINPROGRESS) {
        if (errno == ECONNREFUSED)
            throw unreachable("connection refused (is `halolink-engine reflect` running there?)");
        throw unreachable(std::strerror(errno));
    }
    if (rc != 0) {
        pollfd p { fd.get(), POLLOUT, 0 };
        const std::int64_t deadline = nowNs() + std::int64_t(timeoutMs) * 1'000'000;
        for (;;) {
            int left = static_cast<int>((deadline - nowNs()) / 1'000'000);
            if (left < 0)
                left = 0;
            rc = ::poll(&p, 1, left);
            if (rc > 0)
                break;
            if (rc == 0)
                throw unreachable("no answer within " + std::to_string(timeoutMs)
                    + " ms (host down, filtered, or its listen queue is full)");
            if (errno != EINTR)
                throw unreachable(std::strerror(errno));
        }
        int err = 0;
        socklen_t len = sizeof err;
        ::getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &err, &len);
        if (err == ECONNREFUSED)
            throw unreachable("connection refused (is `halolink-engine reflect` running there?)");
        if (err != 0)
            throw unreachable(std::strerror(err));
    }
    // Back to blocking: the hot loops use plain blocking calls bounded by
    // SO_RCVTIMEO/SO_SNDTIMEO (or MSG_DONTWAIT when spinning).
    int flags = ::fcntl(fd.get(), F_GETFL);
    ::fcntl(fd.get(), F_SETFL, flags & ~O_NONBLOCK);
    return fd;
}

void setIoTimeouts(int fd, int timeoutMs)
{
    timeval tv { timeoutMs / 1000, (timeoutMs % 1000) * 1000 };
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

void setNoDelay(int fd)
{
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

const char *ioText(Io io)
{
    switch (io) {
    case Io::Ok:
        return "ok";
    case Io::Closed:
        return "the peer closed the connection";
    case Io::Timeout:
        return "the peer stopped answering";
    case Io::Error:
        return "the connection failed";
    }
    return "?";
}

namespace {

Io errnoIo(int e)
{
    if (e == EAGAIN || e == EWOULDBLOCK)
        return Io::Timeout;
    if (e == ECONNRESET || e == EPIPE || e == ENOTCONN)
        return Io::Closed;
    return Io::Error;
}

} // namespace

Io sendAll(int fd, const void *data, std::size_t length)
{
    auto *p = static_cast<const char *>(data);
    while (length > 0) {
        ssize_t n = ::send(fd, p, length, MSG_NOSIGNAL);
        if (n > 0) {
            p += n;
            length -= static_cast<std::size_t>(n);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            return n == 0 ? Io::Closed : errnoIo(errno);
        }
    }
    return Io::Ok;
}

Io recvAll(int fd, void *data, std::size_t length)
{
    auto *p = static_cast<char *>(data);
    while (length > 0) {
        // MSG_WAITALL: one system call for the whole message in the common case.
        ssize_t n = ::recv(fd, p, length, MSG_WAITALL);
        if (n > 0) {
            p += n;
            length -= static_cast<std::size_t>(n);
        } else if (n == 0) {
            return Io::Closed;
        } else if (errno != EINTR) {
            return errnoIo(errno);
        }
    }
    return Io::Ok;
}

Io recvAllSpinning(int fd, void *data, std::size_t length, std::int64_t timeoutNs)
{
    auto *p = static_cast<char *>(data);
    std::int64_t lastProgress = 0;
    unsigned spins = 0;
    while (length > 0) {
        ssize_t n = ::recv(fd, p, length, MSG_DONTWAIT);
        if (n > 0) {
            p += n;
            length -= static_cast<std::size_t>(n);
            lastProgress = 0;
            continue;
        }
        if (n == 0)
            return Io::Closed;
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return errnoIo(errno);
        // Read the clock only now and then: the common case is a reply that
        // arrives within a few spins.
        if ((++spins & 1023) == 0) {
            std::int64_t t = nowNs();
            if (lastProgress == 0)
                lastProgress = t;
            else if (t - lastProgress > timeoutNs)
                return Io::Timeout;
        }
    }
    return Io::Ok;
}

void setDeadPeerDetection(int fd, int timeoutMs)
{
    int one = 1;
    int idle = std::max(1, timeoutMs / 1000);
    int interval = 1;
    int count = 3;
    unsigned int userTimeout = static_cast<unsigned int>(timeoutMs);
    ::setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof one);
    ::setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle);
    ::setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &interval, sizeof interval);
    ::setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &count, sizeof count);
    ::setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &userTimeout, sizeof userTimeout);
}

Watchdog::Watchdog(int fd, int timeoutMs)
    : m_fd(fd)
    , m_timeoutMs(timeoutMs)
    , m_thread([this] { run(); })
{
}

Watchdog::~Watchdog()
{
    {
        std::lock_guard lock(m_mutex);
        m_done = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void Watchdog::run()
{
    // Checks a few times per timeout; a stalled counter for the whole
    // timeout means the peer is gone (or frozen).
    const auto step = std::chrono::milliseconds(std::max(10, m_timeoutMs / 10));
    std::uint64_t last = m_progress.load(std::memory_order_relaxed);
    std::int64_t lastChange = nowNs();
    std::unique_lock lock(m_mutex);
    while (!m_done) {
        m_wake.wait_for(lock, step);
        if (m_done)
            break;
        const std::uint64_t now = m_progress.load(std::memory_order_relaxed);
        const std::int64_t t = nowNs();
        if (now != last) {
            last = now;
            lastChange = t;
        } else if (t - lastChange > std::int64_t(m_timeoutMs) * 1'000'000) {
            m_fired = true;
            ::shutdown(m_fd, SHUT_RDWR);
            break;
        }
    }
}

bool setBusyPoll(int fd, int microseconds)
{
#ifdef SO_BUSY_POLL
    return ::setsockopt(fd, SOL_SOCKET, SO_BUSY_POLL, &microseconds, sizeof microseconds) == 0;
#else
    (void)fd;
    (void)microseconds;
    return false;
#endif
}

} // namespace halolink::bench
