#include "agent/mesh.h"

#include <algorithm>
#include <chrono>
#include <ctime>

#include "bench/bench.h"
#include "bench/net.h"
#include "bench/ping_client.h"
#include "bench/stats.h"

namespace halolink::agent {

namespace {

// Connect and per-message waits of the TCP probe: far above any LAN round
// trip, short enough that a dead peer is reported within the interval.
constexpr int kTcpTimeoutMs = 1000;
// Round trips run and dropped before the measured burst: on a new TCP
// connection, and at the start of every RDMA probe (each is a fresh
// connection whose first messages pay for cold caches and TLB misses).
constexpr int kTcpWarmup = 2;
constexpr int kRdmaWarmup = 2;

std::int64_t realtimeNs()
{
    timespec ts;
    ::clock_gettime(CLOCK_REALTIME, &ts);
    return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

Json summaryPair(const bench::Summary &s)
{
    Json j;
    j["min"] = s.min;
    j["p50"] = s.p50;
    j["p99"] = s.p99;
    j["max"] = s.max;
    return j;
}

// Errors that mean "this pair cannot do RDMA", not "the peer is down".
bool rdmaUnavailable(const std::string &code)
{
    using namespace bench::errors;
    return code == kNoRdmaDevice || code == kRdmaCoreMissing || code == kRdmaUnavailable
        || code == kProtocolMismatch || code == kPeerRefused || code == kUnknownDevice
        || code == kGidMismatch;
}

} // namespace

class Mesh::Worker {
public:
    // firstProbeNs: after how long the first probe runs.
    Worker(LineWriter &out, MeshPeer peer, const MeshSettings &s, bench::Transport transport, std::int64_t firstProbeNs)
        : m_out(out)
        , m_peer(std::move(peer))
        , m_intervalNs(std::int64_t(s.intervalMs) * 1'000'000)
        , m_burst(s.burst)
        , m_size(s.size)
        , m_transport(transport)
        , m_pinger(m_peer.address, m_peer.port, s.size)
        , m_firstProbeNs(firstProbeNs)
    {
        m_thread = std::thread(&Worker::run, this);
    }
    ~Worker()
    {
        requestStop();
        if (m_thread.joinable())
            m_thread.join();
    }

    void requestStop()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        m_pinger.abort();
    }
    bool done() const { return m_done.load(); }

    // Whether this worker measures what settings ask of peer on transport.
    bool serves(const MeshPeer &peer, bench::Transport transport, std::uint32_t size) const
    {
        return transport == m_transport && size == m_size && peer.name == m_peer.name && peer.address == m_peer.address
            && peer.port == m_peer.port;
    }

    // A new interval and burst, from the next probe on.
    void update(const MeshSettings &s)
    {
        std::lock_guard lock(m_mutex);
        m_intervalNs = std::int64_t(s.intervalMs) * 1'000'000;
        m_burst = s.burst;
    }

private:
    void run()
    {
        std::int64_t next = bench::nowNs() + m_firstProbeNs;
        for (;;) {
            std::int64_t intervalNs = 0;
            {
                std::unique_lock lock(m_mutex);
                const auto deadline = std::chrono::steady_clock::time_point(std::chrono::nanoseconds(next));
                if (m_wake.wait_until(lock, deadline, [this] { return m_stop; }))
                    break;
                intervalNs = m_intervalNs;
                m_burstNow = m_burst;
            }
            std::int64_t retryNs = m_transport == bench::Transport::Tcp ? probeTcp() : probeRdma();
            const std::int64_t now = bench::nowNs();
            if (retryNs == 0) {
                next += intervalNs;
                if (next <= now)
                    next = now + intervalNs;
            } else {
                next = now + retryNs;
            }
        }
        m_pinger.close();
        m_done = true;
    }

    // 0 when the probe worked, else the time until the next attempt.
    std::int64_t probeTcp()
    {
        try {
            if (!m_pinger.connected()) {
                m_pinger.connect(kTcpTimeoutMs);
                m_samples.clear();
                m_pinger.burst(kTcpWarmup, m_samples);
            }
            m_samples.clear();
            m_pinger.burst(m_burstNow, m_samples);
            report(std::nullopt, std::nullopt);
            return 0;
        } catch (const sys::EngineError &e) {
            return failed(e.code, e.message, false);
        } catch (const bench::PeerLost &e) {
            return failed(bench::errors::kPeerLost, "lost " + m_peer.address + " " + e.message, false);
        }
    }

    std::int64_t probeRdma()
    {
        bench::BenchParams p;
        p.peer = m_peer.address;
        p.port = m_peer.port;
        p.transport = bench::Transport::Rdma;
        p.test = bench::TestKind::Latency;
        p.size = m_size;
        p.iters = static_cast<std::uint64_t>(m_burstNow + kRdmaWarmup);
        p.warmup = 0; // a warm-up count would also impose bench's 200 ms minimum
        try {
            bench::BenchResult r = bench::runRdmaBench(p);
            m_samples.assign(
                r.rttNs.begin() + std::min<std::ptrdiff_t>(kRdmaWarmup, r.rttNs.size()), r.rttNs.end());
            report(r.device, r.gidIndex);
            return 0;
        } catch (const sys::EngineError &e) {
            return failed(e.code, e.message, rdmaUnavailable(e.code));
        } catch (const bench::PeerLost &e) {
            return failed(bench::errors::kPeerLost, "lost " + m_peer.address + " " + e.message, false);
        }
    }

    Json header() const
    {
        Json j;
        j["event"] = "mesh";
        j["time_ns"] = realtimeNs();
        j["peer"] = m_peer.name;
        j["address"] = m_peer.address;
        j["port"] = m_peer.port;
        j["transport"] = bench::transportName(m_transport);
        return j;
    }

    void report(const std::optional<std::string> &device, const std::optional<int> &gidIndex)
    {
        m_failures = 0;
        auto s = bench::summarize(m_samples);
        if (!s)
            return;
        Json j = header();
        j["samples"] = s->count;
        j["size"] = m_size;
        j["rtt_ns"] = summaryPair(*s);
        j["one_way_ns"] = summaryPair(bench::scaled(*s, 0.5));
        if (m_transport == bench::Transport::Rdma) {
            j["device"] = device ? Json(*device) : Json(nullptr);
            j["gid_index"] = gidIndex ? Json(*gidIndex) : Json(nullptr);
        }
        m_out.write(j);
    }

    std::int64_t failed(const std::string &code, const std::string &message, bool unavailable)
    {
        std::int64_t intervalNs = 0;
        {
            // A probe cut short because the mesh stops is no failure.
            std::lock_guard lock(m_mutex);
            intervalNs = m_intervalNs;
            if (m_stop)
                return intervalNs;
        }
        ++m_failures;
        std::int64_t retry = unavailable
            ? kRdmaUnavailableRetryNs
            : std::min(kMaxBackoffNs, intervalNs << std::min(m_failures - 1, 20));
        retry = std::max(retry, intervalNs);
        Json j = header();
        j["error"] = { { "code", code }, { "message", message } };
        j["failures"] = m_failures;
        j["retry_in_ms"] = retry / 1'000'000;
        m_out.write(j);
        return retry;
    }

    LineWriter &m_out;
    MeshPeer m_peer;
    std::int64_t m_intervalNs; // guarded by m_mutex, like m_burst (update())
    int m_burst;
    int m_burstNow = 0; // the worker thread's copy for the probe under way
    std::uint32_t m_size;
    bench::Transport m_transport;
    bench::TcpPinger m_pinger;
    std::int64_t m_firstProbeNs;
    std::vector<std::int64_t> m_samples;
    int m_failures = 0;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::atomic<bool> m_done { false };
    std::thread m_thread;
};

Mesh::Mesh(LineWriter &out)
    : m_out(out)
{
}

Mesh::~Mesh()
{
    stop();
}

void Mesh::setPeers(const MeshSettings &settings)
{
    std::vector<std::unique_ptr<Worker>> kept;
    const auto keep = [&](const MeshPeer &peer, bench::Transport transport) {
        const auto it = std::find_if(m_workers.begin(), m_workers.end(), [&](const std::unique_ptr<Worker> &w) {
            return w && w->serves(peer, transport, settings.size);
        });
        if (it == m_workers.end())
            return false;
        (*it)->update(settings);
        kept.push_back(std::move(*it));
        return true;
    };
    // New workers start spread over one interval, a peer's RDMA bursts half
    // an interval after its TCP ones so that the two never share the wire.
    const std::int64_t intervalNs = std::int64_t(settings.intervalMs) * 1'000'000;
    const auto count = static_cast<std::int64_t>(std::max<std::size_t>(settings.peers.size(), 1));
    std::int64_t index = 0;
    for (const auto &peer : settings.peers) {
        const std::int64_t offset = intervalNs * index++ / count;
        if (!keep(peer, bench::Transport::Tcp))
            kept.push_back(std::make_unique<Worker>(m_out, peer, settings, bench::Transport::Tcp, offset));
        if (settings.rdma && !keep(peer, bench::Transport::Rdma))
            kept.push_back(std::make_unique<Worker>(m_out, peer, settings, bench::Transport::Rdma,
                                                    (offset + intervalNs / 2) % std::max<std::int64_t>(intervalNs, 1)));
    }
    for (auto &w : m_workers) {
        if (!w)
            continue;
        w->requestStop();
        m_retiring.push_back(std::move(w));
    }
    m_workers = std::move(kept);
    reap();
}

void Mesh::reap()
{
    std::erase_if(m_retiring, [](const std::unique_ptr<Worker> &w) { return w->done(); });
}

void Mesh::stop()
{
    for (auto &w : m_workers)
        w->requestStop();
    for (auto &w : m_retiring)
        w->requestStop();
    m_workers.clear(); // each destructor joins
    m_retiring.clear();
}

} // namespace halolink::agent
