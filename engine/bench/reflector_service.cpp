#include "bench/reflector_service.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

#include "bench/control.h"
#include "bench/rdma_bench.h"

namespace halolink::bench {

namespace {

// A client that sends nothing for this long is gone (its host died without
// closing the connection); the session ends and frees its thread. A
// handshake that does not arrive within kHandshakeTimeoutMs is not a
// HaloLink client.
constexpr int kSessionIdleMs = 30000;
constexpr int kHandshakeTimeoutMs = 5000;

Fd listenTcp(const std::string &bind, int port, const std::string &choosePort, int *boundPort)
{
    SocketAddress address;
    try {
        address = resolveAddress(bind, port);
    } catch (const sys::EngineError &) {
        throw sys::EngineError { errors::kBadAddress, "cannot use '" + bind + "' as a bind address", 1 };
    }
    Fd fd(::socket(address.storage.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (!fd.valid())
        throw sys::EngineError { errors::kSystemError,
            std::string("cannot create a TCP socket: ") + std::strerror(errno), 1 };
    // Restarting a reflector must not wait for old connections' TIME_WAIT;
    // a live listener still makes bind() fail (SO_REUSEADDR is not REUSEPORT).
    int one = 1;
    ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(fd.get(), address.get(), address.length) != 0) {
        const int e = errno;
        const std::string where = addressText(address);
        if (e == EADDRINUSE)
            throw sys::EngineError { errors::kPortInUse,
                where + " is already in use (another reflector, or another program; " + choosePort + ")", 1 };
        if (e == EADDRNOTAVAIL)
            throw sys::EngineError { errors::kBadAddress, where + " is not an address of this node", 1 };
        if (e == EACCES)
            throw sys::EngineError { errors::kPortInUse,
                where + ": permission denied (ports below 1024 need root)", 1 };
        throw sys::EngineError { errors::kSystemError, "cannot bind " + where + ": " + std::strerror(e), 1 };
    }
    if (::listen(fd.get(), 64) != 0)
        throw sys::EngineError { errors::kSystemError, std::string("listen: ") + std::strerror(errno), 1 };
    SocketAddress bound;
    bound.length = sizeof bound.storage;
    ::getsockname(fd.get(), bound.get(), &bound.length);
    if (bound.storage.ss_family == AF_INET)
        *boundPort = ntohs(reinterpret_cast<const sockaddr_in *>(&bound.storage)->sin_port);
    else if (bound.storage.ss_family == AF_INET6)
        *boundPort = ntohs(reinterpret_cast<const sockaddr_in6 *>(&bound.storage)->sin6_port);
    else
        *boundPort = port;
    return fd;
}

// Echoes `req.size`-byte messages until the client closes. No per-call
// receive timeout (the kernel would arm a timer on every recv): keepalive and
// TCP_USER_TIMEOUT find a client whose host died, and stop() shuts the
// socket down.
void echoLatency(int fd, const Request &req, const ReflectorService::LogFn &log)
{
    std::vector<char> buf(req.size);
    const bool spin = req.flags & kFlagBusyPoll;
    if (spin)
        setBusyPoll(fd, 50);
    setIoTimeouts(fd, 0);
    setDeadPeerDetection(fd, kSessionIdleMs);
    const std::int64_t spinTimeoutNs = std::int64_t(kSessionIdleMs) * 1'000'000;
    std::uint64_t count = 0;
    for (;;) {
        Io io = spin ? recvAllSpinning(fd, buf.data(), buf.size(), spinTimeoutNs)
                     : recvAll(fd, buf.data(), buf.size());
        if (io == Io::Ok)
            io = sendAll(fd, buf.data(), buf.size());
        if (io != Io::Ok) {
            // The client closing after its last iteration is the normal end.
            if (io != Io::Closed)
                log("latency session ended after " + std::to_string(count) + " messages: " + ioText(io));
            return;
        }
        ++count;
    }
}

// Counts what the sender writes until it shuts its side down, then answers
// with the count and the receiver-side time.
void receiveBandwidth(int fd, const Request &req, std::int64_t start, const ReflectorService::LogFn &log)
{
    setIoTimeouts(fd, kSessionIdleMs);
    // Reads at least as large as the writes; larger reads cost nothing and
    // save system calls when the sender's writes coalesce.
    std::vector<char> buf(std::max<std::size_t>(req.size, 1u << 20));
    std::uint64_t bytes = 0;
    std::int64_t last = start;
    for (;;) {
        ssize_t n = ::recv(fd, buf.data(), buf.size(), 0);
        if (n > 0) {
            bytes += static_cast<std::uint64_t>(n);
            last = nowNs();
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            log(std::string("bandwidth session lost after ") + std::to_string(bytes)
                + " bytes: " + std::strerror(errno));
            return;
        }
        break; // EOF: the sender is done and waits for our count
    }
    // Receiver-side time from the moment the test could start (the reply
    // went out) to the last byte, like iperf3's receiver figure.
    const ReportBytes report = encodeReport({ bytes, static_cast<std::uint64_t>(last - start) });
    sendAll(fd, report.data(), report.size());
}

} // namespace

std::unique_ptr<ReflectorService> ReflectorService::start(
    const ReflectParams &p, LogFn log, ReflectorWording wording)
{
    std::unique_ptr<ReflectorService> s(new ReflectorService);
    s->m_log = std::move(log);
    s->m_bind = p.bind;
    s->m_listener = listenTcp(p.bind, p.port, wording.choosePort, &s->m_port);
    s->m_wake = Fd(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
    if (!s->m_wake.valid())
        throw sys::EngineError { errors::kSystemError, std::string("eventfd: ") + std::strerror(errno), 1 };
    s->m_sessions = std::make_unique<SessionTracker>();
    if (p.rdma)
        s->m_rdma = RdmaListener::start(p.bind, s->m_port, *s->m_sessions, &s->m_rdmaReason);
    else
        s->m_rdmaReason = std::move(wording.rdmaOff);
    s->log("listening on " + p.bind + ":" + std::to_string(s->m_port)
        + (s->m_rdma ? " (TCP and RDMA)" : " (TCP only: " + s->m_rdmaReason + ")"));
    s->m_acceptThread = std::thread(&ReflectorService::acceptLoop, s.get());
    return s;
}

ReflectorService::~ReflectorService()
{
    stop();
}

void ReflectorService::log(const std::string &line) const
{
    if (m_log)
        m_log(line);
}

void ReflectorService::acceptLoop()
{
    while (!m_stopped) {
        pollfd fds[3] = { { m_listener.get(), POLLIN, 0 }, { m_wake.get(), POLLIN, 0 }, { -1, 0, 0 } };
        nfds_t n = 2;
        if (m_rdma)
            fds[n++] = { m_rdma->fd(), POLLIN, 0 };
        int rc = ::poll(fds, n, -1);
        if (rc < 0) {
            if (errno == EINTR)
                continue;
            log(std::string("poll: ") + std::strerror(errno));
            return;
        }
        if (fds[1].revents & POLLIN)
            return; // stop()
        if (fds[0].revents & POLLIN) {
            SocketAddress from;
            from.length = sizeof from.storage;
            Fd client(::accept4(m_listener.get(), from.get(), &from.length, SOCK_CLOEXEC));
            if (client.valid()) {
                std::lock_guard lock(m_mutex);
                Session &s = m_tcpSessions.emplace_back();
                s.thread
                    = std::thread([this, &s, fd = std::move(client), peer = addressText(from)]() mutable {
                          serveTcp(std::move(fd), std::move(peer));
                          s.done = true;
                      });
            }
        }
        if (m_rdma && n > 2 && (fds[2].revents & POLLIN))
            m_rdma->handleEvents();
        reapFinished();
    }
}

void ReflectorService::reapFinished()
{
    std::lock_guard lock(m_mutex);
    for (auto it = m_tcpSessions.begin(); it != m_tcpSessions.end();) {
        if (it->done) {
            it->thread.join();
            it = m_tcpSessions.erase(it);
        } else {
            ++it;
        }
    }
}

void ReflectorService::serveTcp(Fd fd, std::string peer)
{
    SessionGuard guard(*m_sessions, fd.get());
    setNoDelay(fd.get());
    setIoTimeouts(fd.get(), kHandshakeTimeoutMs);

    RequestBytes bytes {};
    Io io = recvAll(fd.get(), bytes.data(), bytes.size());
    if (io != Io::Ok) {
        log(peer + ": no request (" + ioText(io) + ")");
        return;
    }
    auto req = decodeRequest(bytes.data(), bytes.size());
    if (!req) {
        log(peer + ": not a HaloLink request; closing");
        return;
    }
    Reply reply = checkRequest(*req, m_rdma != nullptr, m_rdmaReason);
    // Over TCP only TCP tests run; an RDMA request here is the preflight.
    if (reply.status == Status::Ok && req->transport == Transport::Rdma && !(req->flags & kFlagPreflight)) {
        reply.status = Status::BadRequest;
        reply.reason = "RDMA tests connect through rdma_cm, not TCP";
    }
    const ReplyBytes out = encodeReply(reply);
    io = sendAll(fd.get(), out.data(), out.size());
    const std::int64_t start = nowNs();
    if (reply.status != Status::Ok) {
        log(peer + ": refused: " + reply.reason);
        return;
    }
    if (io != Io::Ok || (req->flags & kFlagPreflight))
        return;

    log(peer + ": tcp " + testName(req->test) + ", " + std::to_string(req->size) + " bytes");
    const auto sessionLog = [this](const std::string &line) { log(line); };
    if (req->test == TestKind::Latency)
        echoLatency(fd.get(), *req, sessionLog);
    else
        receiveBandwidth(fd.get(), *req, start, sessionLog);
    log(peer + ": done");
}

bool ReflectorService::stop(int timeoutMs)
{
    if (m_stopped.exchange(true))
        return m_idle;
    if (m_wake.valid()) {
        const std::uint64_t one = 1;
        [[maybe_unused]] ssize_t n = ::write(m_wake.get(), &one, sizeof one);
    }
    if (m_acceptThread.joinable())
        m_acceptThread.join();
    m_listener.reset(); // the port is free from here on
    if (!m_sessions)
        return m_idle;
    m_sessions->stopAll();
    {
        std::lock_guard lock(m_mutex);
        for (auto &s : m_tcpSessions)
            s.thread.join();
        m_tcpSessions.clear();
    }
    if (m_sessions->waitIdle(timeoutMs)) {
        m_rdma.reset();
        return m_idle;
    }
    // An RDMA session stuck in the kernel (a device that stopped answering)
    // still refers to the tracker and the listener: keep both alive for the
    // rest of the process rather than free memory a thread may still use.
    log("an RDMA session did not end within " + std::to_string(timeoutMs) + " ms; leaving it");
    (void)m_rdma.release();
    (void)m_sessions.release();
    m_idle = false;
    return m_idle;
}

} // namespace halolink::bench
