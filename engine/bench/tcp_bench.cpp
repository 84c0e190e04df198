// The TCP side of `bench`: ping-pong latency and single-stream bandwidth
// against a reflector, and the control handshake every TCP-carried exchange
// starts with (tcp_bench.h). The hot loops make no allocation and no system call
// besides send/recv; the clock is read once per iteration through the vDSO.

#include <cerrno>
#include <cstring>
#include <sys/socket.h>

#include "bench/tcp_bench.h"
#include "halolink/protocol.h"

namespace halolink::bench {

namespace {

sys::EngineError replyError(const Reply &reply)
{
    std::string why = reply.reason.empty() ? statusName(reply.status) : reply.reason;
    switch (reply.status) {
    case Status::VersionMismatch:
        return { errors::kProtocolMismatch, "the reflector refused the test: " + why, 1 };
    case Status::RdmaUnavailable:
        return { errors::kRdmaUnavailable, why, 1 };
    default:
        return { errors::kPeerRefused, "the reflector refused the test: " + why, 1 };
    }
}

} // namespace

Fd openControl(
    const std::string &peer, int port, const Request &request, int connectTimeoutMs, int ioTimeoutMs)
{
    const SocketAddress address = resolveAddress(peer, port);
    const std::string peerText = addressText(address);
    Fd fd = connectTcp(address, peerText, connectTimeoutMs);
    setNoDelay(fd.get());
    setIoTimeouts(fd.get(), ioTimeoutMs);

    const RequestBytes req = encodeRequest(request);
    Io io = sendAll(fd.get(), req.data(), req.size());
    ReplyBytes bytes {};
    if (io == Io::Ok)
        io = recvAll(fd.get(), bytes.data(), bytes.size());
    if (io == Io::Timeout)
        throw sys::EngineError { errors::kPeerUnresponsive,
            peerText + " accepted the connection but sent no reply within " + std::to_string(ioTimeoutMs)
                + " ms (is it a halolink-engine reflector?)",
            1 };
    if (io != Io::Ok)
        throw sys::EngineError { errors::kProtocolMismatch,
            peerText + " closed the connection during the handshake (" + ioText(io)
                + "; is it a halolink-engine reflector?)",
            1 };
    auto reply = decodeReply(bytes.data(), bytes.size());
    if (!reply)
        throw sys::EngineError { errors::kProtocolMismatch,
            peerText + " answered, but not as a halolink-engine reflector", 1 };
    if (reply->status != Status::Ok)
        throw replyError(*reply);
    return fd;
}

namespace {

BenchResult tcpLatency(const BenchParams &p, int fd)
{
    BenchResult r;
    if (p.busyPoll)
        r.extra["so_busy_poll"] = setBusyPoll(fd, 50);
    r.extra["busy_poll"] = p.busyPoll;
    // No per-call timeouts in the loop (see Watchdog); the watchdog and the
    // kernel's dead-peer detection bound every wait instead.
    setIoTimeouts(fd, 0);
    setDeadPeerDetection(fd, kIoTimeoutMs);
    Watchdog watchdog(fd, kIoTimeoutMs);
    auto lostText = [&](Io io) {
        return watchdog.fired() ? "no reply for " + std::to_string(kIoTimeoutMs) + " ms"
                                : std::string(ioText(io));
    };
    std::uint64_t ticks = 0;

    // Everything the loop touches is allocated up front.
    std::vector<char> out(p.size, 'h');
    std::vector<char> in(p.size);
    r.rttNs.assign(p.iters, 0);
    const std::int64_t spinTimeoutNs = std::int64_t(kIoTimeoutMs) * 1'000'000;

    auto exchange = [&]() -> Io {
        Io io = sendAll(fd, out.data(), out.size());
        if (io != Io::Ok)
            return io;
        return p.busyPoll ? recvAllSpinning(fd, in.data(), in.size(), spinTimeoutNs)
                          : recvAll(fd, in.data(), in.size());
    };

    // Warm-up: at least `warmup` iterations and at least kMinWarmupNs.
    const std::int64_t warmStart = nowNs();
    std::int64_t t = warmStart;
    if (p.warmup > 0) {
        while (r.warmupIters < p.warmup || t - warmStart < kMinWarmupNs) {
            Io io = exchange();
            if (io != Io::Ok)
                throw PeerLost { "during warm-up: " + lostText(io), 0 };
            watchdog.tick(++ticks);
            ++r.warmupIters;
            t = nowNs();
        }
    }
    r.warmupNs = t - warmStart;

    // One clock read per iteration: the end of one round trip is the start
    // of the next (storing a sample is all that happens in between).
    const std::int64_t start = nowNs();
    std::int64_t t0 = start;
    for (std::uint64_t i = 0; i < p.iters; ++i) {
        Io io = exchange();
        if (io != Io::Ok)
            throw PeerLost { std::string("after ") + std::to_string(i) + " of " + std::to_string(p.iters)
                    + " iterations: " + lostText(io),
                i };
        watchdog.tick(++ticks);
        const std::int64_t t1 = nowNs();
        r.rttNs[i] = t1 - t0;
        t0 = t1;
    }
    r.durationNs = t0 - start;
    return r;
}

BenchResult tcpBandwidth(const BenchParams &p, int fd)
{
    BenchResult r;
    std::vector<char> out(p.size, 'h');
    const std::int64_t durationNs = static_cast<std::int64_t>(p.durationS * 1e9);
    std::uint64_t sent = 0;
    std::uint64_t writes = 0;

    const std::int64_t start = nowNs();
    std::int64_t t = start;
    while (t - start < durationNs) {
        ssize_t n = ::send(fd, out.data(), out.size(), MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const int e = errno;
            throw PeerLost { std::string("after ") + std::to_string((t - start) / 1'000'000) + " ms of "
                    + std::to_string(durationNs / 1'000'000)
                    + " ms: " + (e == EAGAIN ? "the peer stopped reading" : std::strerror(e)),
                writes };
        }
        sent += static_cast<std::uint64_t>(n);
        ++writes;
        t = nowNs();
    }
    const std::int64_t senderNs = nowNs() - start;
    // End of data; the reflector answers with what it received, and when.
    ::shutdown(fd, SHUT_WR);
    ReportBytes bytes {};
    Io io = recvAll(fd, bytes.data(), bytes.size());
    if (io != Io::Ok)
        throw PeerLost { std::string("waiting for the receiver's count: ") + ioText(io), writes };
    auto report = decodeReport(bytes.data(), bytes.size());
    if (!report)
        throw sys::EngineError { errors::kProtocolMismatch, "the reflector's byte count is malformed", 1 };
    if (report->bytes != sent)
        throw PeerLost { "the reflector received " + std::to_string(report->bytes) + " of "
                + std::to_string(sent) + " bytes",
            writes };

    r.bytes = report->bytes;
    r.durationNs = static_cast<std::int64_t>(report->nanoseconds);
    r.messages = sent / p.size;
    r.extra["sender_bytes"] = sent;
    r.extra["sender_ns"] = senderNs;
    r.extra["sender_bps"] = senderNs > 0 ? double(sent) * 8e9 / double(senderNs) : 0.0;
    return r;
}

} // namespace

BenchResult runTcpBench(const BenchParams &p)
{
    Fd fd = openControl(p.peer, p.port, p.request());
    if (p.test == TestKind::Bandwidth) {
        // Sender-side waits are bounded by SO_SNDTIMEO too; a reflector
        // that stops reading for that long is gone.
        return tcpBandwidth(p, fd.get());
    }
    return tcpLatency(p, fd.get());
}

} // namespace halolink::bench
