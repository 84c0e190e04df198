#pragma once
// The latency mesh: this node measures its round trip to every peer's
// reflector once per interval with a short burst of ping-pongs, over TCP
// and, where both ends can, RDMA, and reports a `mesh` event per peer and
// transport. One worker thread per peer and transport, so that a peer that
// hangs in a connect (or an RDMA connection timing out) never delays the
// others. Failures are events; a lost peer is retried with backoff.
//
// A new peer list keeps the workers of the peers it still names (same name,
// address and port): their connections, backoff and schedule go on, and a new
// interval or burst applies from their next probe. Only peers that left are
// stopped and only new ones started; the app sends a new list to every node
// whenever one node comes or goes, and in a cluster of 64 restarting all 126
// workers of every node each time cost more than the mesh itself. New
// workers spread their first probes over one interval, so that a node's
// bursts (and a cluster's, which gets its lists at the same moment) do not
// all start at once.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "agent/line_writer.h"
#include "bench/control.h"

namespace halolink::agent {

struct MeshPeer {
    std::string name;
    std::string address;
    int port = bench::kDefaultPort;
};

struct MeshSettings {
    std::vector<MeshPeer> peers;
    int intervalMs = 1000;
    int burst = 20;
    std::uint32_t size = 8;
    bool rdma = true;
};

class Mesh {
public:
    // Failing probes are retried after interval x 2^(failures - 1), at most this.
    static constexpr std::int64_t kMaxBackoffNs = 10'000'000'000;
    // A peer (or this node) that cannot do RDMA at all is asked again this rarely.
    static constexpr std::int64_t kRdmaUnavailableRetryNs = 30'000'000'000;

    explicit Mesh(LineWriter &out);
    ~Mesh();
    Mesh(const Mesh &) = delete;
    Mesh &operator=(const Mesh &) = delete;

    // Replaces the peer set (an empty list stops the mesh). Returns at once:
    // the workers of peers no longer named finish in the background and are
    // joined later.
    void setPeers(const MeshSettings &settings);
    // Stops and joins every worker.
    void stop();

private:
    class Worker;
    void reap();

    LineWriter &m_out;
    std::vector<std::unique_ptr<Worker>> m_workers;
    std::vector<std::unique_ptr<Worker>> m_retiring;
};

} // namespace halolink::agent
