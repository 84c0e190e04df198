#include "bench/ping_client.h"

#include <sys/socket.h>

#include "bench/tcp_bench.h"

namespace halolink::bench {

TcpPinger::TcpPinger(std::string peer, int port, std::uint32_t size)
    : m_peer(std::move(peer))
    , m_port(port)
    , m_size(size)
    , m_out(size, 'm')
    , m_in(size)
{
}

void TcpPinger::connect(int timeoutMs)
{
    close();
    m_aborted = false;
    // Iterations the reflector will never count down in practice: the
    // session lasts until we close it.
    Request request;
    request.transport = Transport::Tcp;
    request.test = TestKind::Latency;
    request.size = m_size;
    request.iters = kMaxIterations;
    request.warmup = 0;
    Fd fd = openControl(m_peer, m_port, request, timeoutMs, timeoutMs);
    std::lock_guard lock(m_fdMutex);
    m_fd = std::move(fd);
    if (m_aborted)
        ::shutdown(m_fd.get(), SHUT_RDWR);
}

void TcpPinger::burst(int count, std::vector<std::int64_t> &rttNs)
{
    if (!m_fd.valid())
        throw PeerLost { "not connected", 0 };
    const int fd = m_fd.get();
    std::int64_t t0 = nowNs();
    for (int i = 0; i < count; ++i) {
        Io io = sendAll(fd, m_out.data(), m_out.size());
        if (io == Io::Ok)
            io = recvAll(fd, m_in.data(), m_in.size());
        if (io != Io::Ok) {
            close();
            throw PeerLost { std::string("after ") + std::to_string(i) + " of " + std::to_string(count)
                    + " round trips: " + ioText(io),
                static_cast<std::uint64_t>(i) };
        }
        const std::int64_t t1 = nowNs();
        rttNs.push_back(t1 - t0);
        t0 = t1;
    }
}

void TcpPinger::close()
{
    std::lock_guard lock(m_fdMutex);
    m_fd.reset();
}

void TcpPinger::abort()
{
    std::lock_guard lock(m_fdMutex);
    m_aborted = true;
    if (m_fd.valid())
        ::shutdown(m_fd.get(), SHUT_RDWR);
}

} // namespace halolink::bench
