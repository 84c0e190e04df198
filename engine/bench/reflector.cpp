// `halolink-engine reflect`: serves peers' tests until SIGTERM/SIGINT. TCP on
// bind:port always; RDMA through rdma_cm on the same address and port where
// this node can. One thread per test session, so a slow or vanished client
// never holds up the others.

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/net.h"
#include "bench/rdma_bench.h"
#include "bench/sessions.h"
#include "halolink/protocol.h"

namespace halolink::bench {

namespace {

// A client that sends nothing for this long is gone (its host died without
// closing the connection); the session ends and frees its thread.
constexpr int kSessionIdleMs = 30000;
constexpr int kHandshakeTimeoutMs = 5000;

void logLine(const std::string &line)
{
    std::fprintf(stderr, "halolink-engine reflect: %s\n", line.c_str());
}

Fd listenTcp(const ReflectParams &p)
{
    SocketAddress address;
    try {
        address = resolveAddress(p.bind, p.port);
    } catch (const sys::EngineError &) {
        throw sys::EngineError { errors::kBadAddress, "cannot use '" + p.bind + "' as a bind address", 1 };
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
                where
                    + " is already in use (another reflector, or another "
                      "program; choose one with --port)",
                1 };
        if (e == EADDRNOTAVAIL)
            throw sys::EngineError { errors::kBadAddress, where + " is not an address of this node", 1 };
        if (e == EACCES)
            throw sys::EngineError { errors::kPortInUse,
                where + ": permission denied (ports below 1024 need root)", 1 };
        throw sys::EngineError { errors::kSystemError, "cannot bind " + where + ": " + std::strerror(e), 1 };
    }
    if (::listen(fd.get(), 64) != 0)
        throw sys::EngineError { errors::kSystemError, std::string("listen: ") + std::strerror(errno), 1 };
    return fd;
}

void tcpLatencySession(int fd, const Request &req)
{
    std::vector<char> buf(req.size);
    const bool spin = req.flags & kFlagBusyPoll;
    if (spin)
        setBusyPoll(fd, 50);
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
                logLine("latency session ended after " + std::to_string(count) + " messages: " + ioText(io));
            return;
        }
        ++count;
    }
}

void tcpBandwidthSession(int fd, const Request &req, std::int64_t start)
{
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
            logLine(std::string("bandwidth session lost after ") + std::to_string(bytes)
                + " bytes: " + std::strerror(errno));
            return;
        }
        break; // EOF: the sender is done
    }
    // Receiver-side time from the moment the test could start (the reply
    // went out) to the last byte, like iperf3's receiver figure.
    const ReportBytes report = encodeReport({ bytes, static_cast<std::uint64_t>(last - start) });
    sendAll(fd, report.data(), report.size());
}

void tcpSession(Fd fd, std::string peer, SessionTracker &sessions, bool rdmaAvailable, std::string rdmaReason)
{
    SessionGuard guard(sessions, fd.get());
    setNoDelay(fd.get());
    setIoTimeouts(fd.get(), kHandshakeTimeoutMs);

    RequestBytes bytes {};
    Io io = recvAll(fd.get(), bytes.data(), bytes.size());
    if (io != Io::Ok) {
        logLine(peer + ": no request (" + ioText(io) + ")");
        return;
    }
    auto req = decodeRequest(bytes.data(), bytes.size());
    if (!req) {
        logLine(peer + ": not a HaloLink request; closing");
        return;
    }
    Reply reply = checkRequest(*req, rdmaAvailable, rdmaReason);
    // Over TCP only TCP tests run; an RDMA request here is the preflight.
    if (reply.status == Status::Ok && req->transport == Transport::Rdma && !(req->flags & kFlagPreflight)) {
        reply.status = Status::BadRequest;
        reply.reason = "RDMA tests connect through rdma_cm, not TCP";
    }
    const ReplyBytes out = encodeReply(reply);
    io = sendAll(fd.get(), out.data(), out.size());
    const std::int64_t start = nowNs();
    if (reply.status != Status::Ok) {
        logLine(peer + ": refused: " + reply.reason);
        return;
    }
    if (io != Io::Ok || (req->flags & kFlagPreflight))
        return;

    logLine(peer + ": tcp " + testName(req->test) + ", " + std::to_string(req->size) + " bytes");
    if (req->test == TestKind::Latency) {
        // No per-call receive timeout in the echo loop (the kernel would arm
        // a timer on every recv); keepalive finds a client whose host died.
        setIoTimeouts(fd.get(), 0);
        setDeadPeerDetection(fd.get(), kSessionIdleMs);
    } else {
        setIoTimeouts(fd.get(), kSessionIdleMs);
    }
    if (req->test == TestKind::Latency)
        tcpLatencySession(fd.get(), *req);
    else
        tcpBandwidthSession(fd.get(), *req, start);
    logLine(peer + ": done");
}

} // namespace

int runReflector(const ReflectParams &p)
{
    // SIGTERM/SIGINT arrive through a signalfd in the main loop; blocked
    // before any thread starts, so every session thread inherits the mask.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGHUP);
    ::pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
    Fd signals(::signalfd(-1, &stopSignals, SFD_CLOEXEC));

    Fd listener = listenTcp(p);
    SessionTracker sessions;

    std::string rdmaReason;
    std::unique_ptr<RdmaListener> rdma;
    if (p.rdma)
        rdma = RdmaListener::start(p.bind, p.port, sessions, &rdmaReason);
    else
        rdmaReason = "disabled with --no-rdma";

    Json event;
    event["event"] = "listening";
    event["bind"] = p.bind;
    event["port"] = p.port;
    event["tcp"] = true;
    event["rdma"] = rdma != nullptr;
    event["rdma_reason"] = rdma ? Json(nullptr) : Json(rdmaReason);
    event["control_version"] = kControlVersion;
    event["engine_version"] = protocol::kEngineVersion;
    sys::printEvent(event);
    logLine("listening on " + p.bind + ":" + std::to_string(p.port)
        + (rdma ? " (TCP and RDMA)" : " (TCP only: " + rdmaReason + ")"));

    int stopSignal = 0;
    while (!stopSignal) {
        pollfd fds[3] = { { listener.get(), POLLIN, 0 }, { signals.get(), POLLIN, 0 }, { -1, 0, 0 } };
        nfds_t n = 2;
        if (rdma)
            fds[n++] = { rdma->fd(), POLLIN, 0 };
        int rc = ::poll(fds, n, -1);
        if (rc < 0) {
            if (errno == EINTR)
                continue;
            throw sys::EngineError { errors::kSystemError, std::string("poll: ") + std::strerror(errno), 1 };
        }
        if (fds[1].revents & POLLIN) {
            signalfd_siginfo info {};
            if (::read(signals.get(), &info, sizeof info) == sizeof info)
                stopSignal = static_cast<int>(info.ssi_signo);
        }
        if (fds[0].revents & POLLIN) {
            SocketAddress from;
            from.length = sizeof from.storage;
            Fd client(::accept4(listener.get(), from.get(), &from.length, SOCK_CLOEXEC));
            if (client.valid()) {
                std::thread(tcpSession, std::move(client), addressText(from), std::ref(sessions),
                    rdma != nullptr, rdmaReason)
                    .detach();
            }
        }
        if (rdma && (fds[2].revents & POLLIN))
            rdma->handleEvents();
    }

    logLine(std::string("stopping on ") + ::strsignal(stopSignal));
    sessions.stopAll();
    const bool idle = sessions.waitIdle(2000);
    Json stopped;
    stopped["event"] = "stopped";
    stopped["signal"] = ::strsignal(stopSignal);
    sys::printEvent(stopped);
    if (!idle) {
        // A session stuck in the kernel (an RDMA device that stopped
        // answering): the kernel releases its resources when we exit.
        std::fflush(stderr);
        ::_exit(protocol::kExitOk);
    }
    rdma.reset();
    return protocol::kExitOk;
}

} // namespace halolink::bench
