#pragma once
// Socket helpers shared by the TCP benchmark, the reflector and the RDMA
// preflight: addresses, bounded connect, whole-message send/recv with
// timeouts, and the monotonic clock every measurement uses.

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <mutex>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <utility>

namespace halolink::bench {

// CLOCK_MONOTONIC through the vDSO: no system call, never steps.
inline std::int64_t nowNs()
{
    timespec ts;
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// An owned file descriptor, closed once.
class Fd {
public:
    Fd() = default;
    explicit Fd(int fd)
        : m_fd(fd)
    {
    }
    ~Fd() { reset(); }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    Fd(Fd &&o) noexcept
        : m_fd(std::exchange(o.m_fd, -1))
    {
    }
    Fd &operator=(Fd &&o) noexcept
    {
        if (this != &o) {
            reset();
            m_fd = std::exchange(o.m_fd, -1);
        }
        return *this;
    }
    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    int release() { return std::exchange(m_fd, -1); }
    void reset();

private:
    int m_fd = -1;
};

struct SocketAddress {
    sockaddr_storage storage {};
    socklen_t length = 0;
    const sockaddr *get() const { return reinterpret_cast<const sockaddr *>(&storage); }
    sockaddr *get() { return reinterpret_cast<sockaddr *>(&storage); }
};

// A numeric address or a host name (first IPv4 answer preferred, since RoCE
// setups address their data-plane ports with IPv4). Throws EngineError
// "bad_address".
SocketAddress resolveAddress(const std::string &host, int port);
std::string addressText(const SocketAddress &a); // "192.168.1.2:7471"

// Connects within `timeoutMs`; throws EngineError "peer_unreachable" saying
// whether it was refused, timed out or had no route.
Fd connectTcp(const SocketAddress &a, const std::string &peerText, int timeoutMs);

// SO_RCVTIMEO / SO_SNDTIMEO: blocking calls return EAGAIN after this long,
// which bounds every wait without a poll() per message.
void setIoTimeouts(int fd, int timeoutMs);
void setNoDelay(int fd);

enum class Io { Ok, Closed, Timeout, Error };
const char *ioText(Io io);

// Sends/receives exactly `length` bytes.
Io sendAll(int fd, const void *data, std::size_t length);
Io recvAll(int fd, void *data, std::size_t length);
// Non-blocking receive loop that spins instead of sleeping (busy polling);
// gives up after `timeoutNs` without progress.
Io recvAllSpinning(int fd, void *data, std::size_t length, std::int64_t timeoutNs);

// Dead-peer detection that costs nothing per message: keepalive probes on
// an idle connection, and TCP_USER_TIMEOUT for data the peer never
// acknowledges (its host died or the link went down).
void setDeadPeerDetection(int fd, int timeoutMs);

// Ends a blocking wait on `fd` when `progress` stops moving for `timeoutMs`:
// it shuts the socket down, so the blocked recv/send returns at once. The hot
// loop pays one relaxed store per iteration, instead of the kernel arming a
// timer on every blocking recv (SO_RCVTIMEO), which shows in the latency.
class Watchdog {
public:
    Watchdog(int fd, int timeoutMs);
    ~Watchdog();
    Watchdog(const Watchdog &) = delete;
    Watchdog &operator=(const Watchdog &) = delete;

    void tick(std::uint64_t n) { m_progress.store(n, std::memory_order_relaxed); }
    bool fired() const { return m_fired.load(); }

private:
    void run();
    int m_fd;
    int m_timeoutMs;
    std::atomic<std::uint64_t> m_progress { 0 };
    std::atomic<bool> m_fired { false };
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_done = false;
    std::thread m_thread;
};

// Asks the kernel to busy-poll the device queue on this socket for
// `microseconds` (SO_BUSY_POLL); false where not permitted or not supported.
bool setBusyPoll(int fd, int microseconds);

} // namespace halolink::bench
