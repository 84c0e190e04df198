#pragma once
// A persistent TCP latency session with a reflector, for the agent's latency
// mesh: one connection and one handshake, then a short burst of ping-pongs
// whenever asked. Reconnecting every second would measure connection setup
// and slow-start effects and leave TIME_WAIT sockets behind; a kept
// connection measures what applications see on a warm path.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "bench/net.h"

namespace halolink::bench {

class TcpPinger {
public:
    TcpPinger(std::string peer, int port, std::uint32_t size);

    bool connected() const { return m_fd.valid(); }
    // Connects and sends a latency request that never runs out of
    // iterations (the reflector echoes until we close). Throws
    // sys::EngineError with the bench error codes.
    void connect(int timeoutMs);
    // `count` round trips, each appended to `rttNs`. Throws PeerLost (and
    // closes the connection) when the reflector stops answering.
    void burst(int count, std::vector<std::int64_t> &rttNs);
    void close();
    // From another thread: wakes a blocked connect()/burst(); they fail.
    void abort();

private:
    std::string m_peer;
    int m_port;
    std::uint32_t m_size;
    std::vector<char> m_out;
    std::vector<char> m_in;
    std::mutex m_fdMutex; // guards m_fd against abort() from another thread
    Fd m_fd;
    std::atomic<bool> m_aborted { false };
};

} // namespace halolink::bench
