// The RDMA side of `bench` and `reflect`.
//
// Connections go through rdma_cm (resolve address, resolve route, connect /
// accept), with the control Request as connect private data and the Reply as
// accept or reject private data. The QP is an RC QP made with rdma_create_qp
// on our own PD and CQ. Latency: SEND/RECV ping-pong, inline when it fits,
// the CQ polled busily. Bandwidth: RDMA WRITE into the reflector's buffer
// with a window of outstanding work requests, then a SEND "done" that the
// reflector answers, which proves the writes landed and the peer is alive.
//
// Every resource is released in reverse order of creation (Connection's
// destructor), as in rdma-core's examples.

#include "bench/rdma_bench.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <thread>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/net.h"
#include "bench/tcp_bench.h"
#include "probe/probe.h"
#include "rdma/verbs.h"
#include "sys/root.h"

namespace halolink::bench {

namespace {

// rdma_cm steps (address, route) and the connection handshake.
constexpr int kResolveTimeoutMs = 2000;
constexpr int kCmWaitMs = 5000;
// No completion for this long while one is due: the peer is gone.
constexpr std::int64_t kProgressTimeoutNs = 3'000'000'000;
// While spinning without progress, look at rdma_cm events (DISCONNECTED)
// this often: one system call per millisecond, never per message.
constexpr std::int64_t kCmCheckIntervalNs = 1'000'000;
// The reflector gives up on a silent client after this long.
constexpr std::int64_t kSessionIdleNs = 30'000'000'000;
// Local ACK timeout 4.096 us * 2^14 = 67 ms; with 7 retries a peer that
// vanishes without a word is noticed in about half a second.
constexpr std::uint8_t kAckTimeout = 14;
constexpr std::uint32_t kWantInline = 220;
constexpr int kSignalEvery = 16; // latency: one signaled SEND in this many
// Bandwidth: RDMA WRITEs in flight, completed in batches: one signaled WRITE
// in kWriteBatch (RC completes in order, so one completion retires its whole
// batch). The device, not completion handling, should set the pace.
constexpr int kWriteWindow = 128;
constexpr int kWriteBatch = 16;
static_assert(kWriteWindow % kWriteBatch == 0);
// The first part of a bandwidth run is warm-up, not counted: a fifth of the
// duration, at most a second (queues fill, caches and clocks settle).
constexpr double kBandwidthWarmupShare = 0.2;
constexpr std::int64_t kMaxBandwidthWarmupNs = 1'000'000'000;
constexpr std::uint32_t kControlSlot = 64; // room for a Report message

void logLine(const std::string &line)
{
    std::fprintf(stderr, "halolink-engine: rdma: %s\n", line.c_str());
}

sys::EngineError rdmaError(const std::string &what)
{
    return sys::EngineError { errors::kRdmaError, what, 1 };
}

std::string errnoText(const char *call)
{
    return std::string(call) + ": " + std::strerror(errno);
}

const char *cmEventName(rdma_cm_event_type e)
{
    switch (e) {
    case RDMA_CM_EVENT_ADDR_RESOLVED:
        return "ADDR_RESOLVED";
    case RDMA_CM_EVENT_ADDR_ERROR:
        return "ADDR_ERROR";
    case RDMA_CM_EVENT_ROUTE_RESOLVED:
        return "ROUTE_RESOLVED";
    case RDMA_CM_EVENT_ROUTE_ERROR:
        return "ROUTE_ERROR";
    case RDMA_CM_EVENT_CONNECT_REQUEST:
        return "CONNECT_REQUEST";
    case RDMA_CM_EVENT_CONNECT_RESPONSE:
        return "CONNECT_RESPONSE";
    case RDMA_CM_EVENT_CONNECT_ERROR:
        return "CONNECT_ERROR";
    case RDMA_CM_EVENT_UNREACHABLE:
        return "UNREACHABLE";
    case RDMA_CM_EVENT_REJECTED:
        return "REJECTED";
    case RDMA_CM_EVENT_ESTABLISHED:
        return "ESTABLISHED";
    case RDMA_CM_EVENT_DISCONNECTED:
        return "DISCONNECTED";
    case RDMA_CM_EVENT_DEVICE_REMOVAL:
        return "DEVICE_REMOVAL";
    case RDMA_CM_EVENT_TIMEWAIT_EXIT:
        return "TIMEWAIT_EXIT";
    case RDMA_CM_EVENT_ADDR_CHANGE:
        return "ADDR_CHANGE";
    default:
        return "OTHER";
    }
}

std::string gidToText(const ibv_gid &gid)
{
    char text[INET6_ADDRSTRLEN] = "";
    ::inet_ntop(AF_INET6, gid.raw, text, sizeof text);
    return text;
}

bool sameGid(const std::string &a, const std::string &b)
{
    in6_addr x {}, y {};
    if (::inet_pton(AF_INET6, a.c_str(), &x) != 1 || ::inet_pton(AF_INET6, b.c_str(), &y) != 1)
        return a == b;
    return std::memcmp(&x, &y, sizeof x) == 0;
}

// An rdma_cm event, acknowledged when it goes out of scope.
class CmEvent {
public:
    CmEvent() = default;
    explicit CmEvent(rdma_cm_event *e)
        : m_event(e)
    {
    }
    ~CmEvent()
    {
        if (m_event)
            rdma::RdmaCm::get().ack_cm_event(m_event);
    }
    CmEvent(const CmEvent &) = delete;
    CmEvent &operator=(const CmEvent &) = delete;
    CmEvent(CmEvent &&o) noexcept
        : m_event(std::exchange(o.m_event, nullptr))
    {
    }
    CmEvent &operator=(CmEvent &&o) noexcept
    {
        if (this != &o) {
            if (m_event)
                rdma::RdmaCm::get().ack_cm_event(m_event);
            m_event = std::exchange(o.m_event, nullptr);
        }
        return *this;
    }
    rdma_cm_event *operator->() const { return m_event; }
    explicit operator bool() const { return m_event != nullptr; }

private:
    rdma_cm_event *m_event = nullptr;
};

void setNonBlocking(int fd)
{
    int flags = ::fcntl(fd, F_GETFL);
    ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

// The next event within `timeoutMs` (0: only one already waiting); empty on
// timeout. The channel's descriptor is non-blocking.
CmEvent nextCmEvent(rdma_event_channel *channel, int timeoutMs)
{
    const auto &cm = rdma::RdmaCm::get();
    const std::int64_t deadline = nowNs() + std::int64_t(timeoutMs) * 1'000'000;
    for (;;) {
        rdma_cm_event *event = nullptr;
        if (cm.get_cm_event(channel, &event) == 0)
            return CmEvent(event);
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            throw rdmaError(errnoText("rdma_get_cm_event"));
        const std::int64_t left = deadline - nowNs();
        if (left <= 0)
            return {};
        pollfd p { channel->fd, POLLIN, 0 };
        ::poll(&p, 1, static_cast<int>(left / 1'000'000) + 1);
    }
}

// One RC connection and everything it owns, created in this order and
// released in the reverse one.
struct Connection {
    rdma_event_channel *channel = nullptr;
    rdma_cm_id *id = nullptr;
    ibv_pd *pd = nullptr;
    ibv_cq *cq = nullptr;
    char *buffer = nullptr;
    std::size_t bufferSize = 0;
    ibv_mr *mr = nullptr;
    bool qp = false;
    bool connected = false;
    std::uint32_t maxInline = 0;
    std::string peer;

    Connection() = default;
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;

    ~Connection()
    {
        const auto &verbs = rdma::Verbs::get();
        const auto &cm = rdma::RdmaCm::get();
        if (connected && id)
            cm.disconnect(id);
        if (qp)
            cm.destroy_qp(id);
        if (mr)
            verbs.dereg_mr(mr);
        std::free(buffer);
        if (cq)
            verbs.destroy_cq(cq);
        if (pd)
            verbs.dealloc_pd(pd);
        if (id)
            cm.destroy_id(id);
        if (channel)
            cm.destroy_event_channel(channel);
    }

    // PD, CQ, a buffer of `size` bytes registered with `access`, and the QP.
    void createResources(std::size_t size, int access, int sendDepth, int recvDepth)
    {
        const auto &verbs = rdma::Verbs::get();
        const auto &cm = rdma::RdmaCm::get();
        pd = verbs.alloc_pd(id->verbs);
        if (!pd)
            throw rdmaError(errnoText("ibv_alloc_pd"));
        cq = verbs.create_cq(id->verbs, sendDepth + recvDepth, nullptr, nullptr, 0);
        if (!cq)
            throw rdmaError(errnoText("ibv_create_cq"));
        bufferSize = size;
        if (::posix_memalign(reinterpret_cast<void **>(&buffer), 4096, size) != 0)
            throw rdmaError("cannot allocate " + std::to_string(size) + " bytes");
        std::memset(buffer, 'h', size);
        mr = verbs.reg_mr(pd, buffer, size, access);
        if (!mr)
            throw rdmaError(errnoText("ibv_reg_mr")
                + (errno == ENOMEM || errno == EPERM ? " (locked-memory limit too low? see `ulimit -l`)"
                                                     : ""));

        ibv_qp_init_attr attr {};
        attr.send_cq = cq;
        attr.recv_cq = cq;
        attr.qp_type = IBV_QPT_RC;
        attr.cap.max_send_wr = static_cast<std::uint32_t>(sendDepth);
        attr.cap.max_recv_wr = static_cast<std::uint32_t>(recvDepth);
        attr.cap.max_send_sge = 1;
        attr.cap.max_recv_sge = 1;
        attr.cap.max_inline_data = kWantInline;
        if (cm.create_qp(id, pd, &attr) != 0) {
            // Some providers offer less inline data (or none): ask again.
            attr.cap.max_inline_data = 0;
            if (cm.create_qp(id, pd, &attr) != 0)
                throw rdmaError(errnoText("rdma_create_qp"));
        }
        qp = true;
        maxInline = attr.cap.max_inline_data;
    }

    void postRecv(std::size_t offset, std::uint32_t length, std::uint64_t wrId)
    {
        ibv_sge sge { reinterpret_cast<std::uintptr_t>(buffer + offset), length, mr->lkey };
        ibv_recv_wr wr {};
        wr.wr_id = wrId;
        wr.sg_list = &sge;
        wr.num_sge = 1;
        ibv_recv_wr *bad = nullptr;
        if (int rc = ibv_post_recv(id->qp, &wr, &bad))
            throw rdmaError(std::string("ibv_post_recv: ") + std::strerror(rc));
    }

    void postSend(std::size_t offset, std::uint32_t length, bool signaled, std::uint64_t wrId,
        ibv_wr_opcode opcode = IBV_WR_SEND, std::uint64_t remote = 0, std::uint32_t rkey = 0)
    {
        ibv_sge sge { reinterpret_cast<std::uintptr_t>(buffer + offset), length, mr->lkey };
        ibv_send_wr wr {};
        wr.wr_id = wrId;
        wr.sg_list = &sge;
        wr.num_sge = 1;
        wr.opcode = opcode;
        wr.send_flags = signaled ? IBV_SEND_SIGNALED : 0;
        if (length <= maxInline && opcode == IBV_WR_SEND)
            wr.send_flags |= IBV_SEND_INLINE;
        if (opcode == IBV_WR_RDMA_WRITE) {
            wr.wr.rdma.remote_addr = remote;
            wr.wr.rdma.rkey = rkey;
        }
        ibv_send_wr *bad = nullptr;
        if (int rc = ibv_post_send(id->qp, &wr, &bad))
            throw rdmaError(std::string("ibv_post_send: ") + std::strerror(rc));
    }

    // A pending DISCONNECTED (or other end) event on our channel, without waiting.
    std::optional<std::string> peerGone()
    {
        CmEvent e = nextCmEvent(channel, 0);
        if (!e)
            return std::nullopt;
        const rdma_cm_event_type type = e->event;
        if (type == RDMA_CM_EVENT_DISCONNECTED || type == RDMA_CM_EVENT_DEVICE_REMOVAL
            || type == RDMA_CM_EVENT_TIMEWAIT_EXIT || type == RDMA_CM_EVENT_CONNECT_ERROR) {
            connected = false;
            return std::string("rdma_cm reported ") + cmEventName(type);
        }
        return std::nullopt;
    }
};

// Waits for at least one completion and returns how many landed in `wc`
// (at most `max`), or 0 with `error` set: a failed work request, a
// disconnect, `stop` set, or nothing for `timeoutNs`. Spins on the CQ; only
// every kCmCheckIntervalNs without progress does it look at rdma_cm events.
// With `nap`, it sleeps that long between empty polls instead of spinning:
// for waits whose latency does not matter, so the CPU stays with the device
// (Soft-RoCE does its work on the host's CPUs) and with other processes.
int waitCompletions(Connection &c, ibv_wc *wc, int max, std::int64_t timeoutNs, std::string &error,
    const SessionTracker *stop = nullptr, std::chrono::microseconds nap = std::chrono::microseconds(0))
{
    std::int64_t idleSince = 0;
    std::int64_t nextCheck = 0;
    unsigned spins = 0;
    for (;;) {
        if (nap.count() > 0 && idleSince != 0)
            std::this_thread::sleep_for(nap);
        int n = ibv_poll_cq(c.cq, max, wc);
        if (n < 0) {
            error = "ibv_poll_cq failed";
            return 0;
        }
        if (n > 0) {
            for (int i = 0; i < n; ++i) {
                if (wc[i].status != IBV_WC_SUCCESS) {
                    error = std::string("work completion error: ")
                        + rdma::Verbs::get().wc_status_str(wc[i].status)
                        + (wc[i].status == IBV_WC_WR_FLUSH_ERR ? " (connection closed)" : "");
                    return 0;
                }
            }
            return n;
        }
        // Nothing yet: read the clock only every so often.
        if ((++spins & 255) != 0 && nap.count() == 0)
            continue;
        const std::int64_t t = nowNs();
        if (idleSince == 0) {
            idleSince = t;
            nextCheck = t + kCmCheckIntervalNs;
            continue;
        }
        if (t >= nextCheck) {
            nextCheck = t + kCmCheckIntervalNs;
            if (auto gone = c.peerGone()) {
                error = *gone;
                return 0;
            }
            if (stop && stop->stopping()) {
                error = "the reflector is stopping";
                return 0;
            }
        }
        if (t - idleSince > timeoutNs) {
            error = "no completion for " + std::to_string(timeoutNs / 1'000'000) + " ms";
            return 0;
        }
    }
}

// Waits until a completion with `opcode` arrives (others, e.g. signaled
// SENDs, are consumed on the way); returns an error text, empty on success.
std::string waitFor(Connection &c, ibv_wc_opcode opcode, std::int64_t timeoutNs, ibv_wc *out = nullptr,
    const SessionTracker *stop = nullptr, std::chrono::microseconds nap = std::chrono::microseconds(0))
{
    ibv_wc wc[4];
    for (;;) {
        std::string error;
        const int n = waitCompletions(c, wc, 4, timeoutNs, error, stop, nap);
        if (n == 0)
            return error;
        for (int i = 0; i < n; ++i) {
            if (wc[i].opcode == opcode) {
                if (out)
                    *out = wc[i];
                return {};
            }
        }
    }
}

// ---------------------------------------------------------------- client

struct DeviceChoice {
    std::string device;
    int port = 1;
    std::optional<int> roceV2Ipv4GidIndex;
    std::string ipv4;
    std::vector<GidRow> table;
};

std::vector<GidRow> gidRows(const probe::RdmaPort &port)
{
    std::vector<GidRow> rows;
    for (const auto &g : port.gids)
        rows.push_back({ g.index, g.gid, g.type });
    return rows;
}

DeviceChoice chooseDevice(const std::string &device)
{
    const auto ports = probe::rdmaPorts(sys::Root("/"));
    std::string known;
    const probe::RdmaPort *pick = nullptr;
    for (const auto &p : ports) {
        if (known.find(p.device) == std::string::npos)
            known += (known.empty() ? "" : ", ") + p.device;
        if (p.device != device)
            continue;
        // The first port with a RoCE v2 IPv4 GID, else the first port.
        if (!pick || (!pick->roceV2Ipv4GidIndex && p.roceV2Ipv4GidIndex))
            pick = &p;
    }
    if (!pick)
        throw sys::EngineError { errors::kUnknownDevice,
            "no RDMA device named '" + device + "' on this node (devices: " + (known.empty() ? "none" : known)
                + ")",
            1 };
    DeviceChoice c;
    c.device = pick->device;
    c.port = pick->port;
    c.roceV2Ipv4GidIndex = pick->roceV2Ipv4GidIndex;
    c.table = gidRows(*pick);
    std::optional<std::string> ipv4;
    for (const auto &g : pick->gids) {
        if (pick->roceV2Ipv4GidIndex && g.index == *pick->roceV2Ipv4GidIndex)
            ipv4 = ipv4FromGid(g.gid);
    }
    if (!ipv4)
        throw sys::EngineError { errors::kGidMismatch,
            device + " port " + std::to_string(pick->port) + " has no RoCE v2 IPv4 GID (is "
                + pick->netdev.value_or("its network interface") + " up with an IPv4 address?)",
            1 };
    c.ipv4 = *ipv4;
    return c;
}

// The GID table of the port a cm id bound to: from sysfs (with types) via
// probe, else from ibv_query_gid (types unknown).
std::vector<GidRow> portGidTable(rdma_cm_id *id, const std::string &device)
{
    for (const auto &p : probe::rdmaPorts(sys::Root("/"))) {
        if (p.device == device && p.port == id->port_num && !p.gids.empty())
            return gidRows(p);
    }
    std::vector<GidRow> rows;
    const auto &verbs = rdma::Verbs::get();
    ibv_port_attr attr {};
    if (verbs.query_port(id->verbs, id->port_num, &attr) != 0)
        return rows;
    static const ibv_gid zero {};
    for (int i = 0; i < attr.gid_tbl_len; ++i) {
        ibv_gid gid {};
        if (verbs.query_gid(id->verbs, id->port_num, i, &gid) == 0
            && std::memcmp(&gid, &zero, sizeof gid) != 0)
            rows.push_back({ i, gidToText(gid), std::nullopt });
    }
    return rows;
}

[[noreturn]] void throwCmFailure(const CmEvent &e, const std::string &peer, const char *waitingFor)
{
    std::optional<Reply> reply;
    if (e->event == RDMA_CM_EVENT_REJECTED && e->param.conn.private_data
        && e->param.conn.private_data_len > 0)
        reply = decodeReply(
            static_cast<const std::uint8_t *>(e->param.conn.private_data), e->param.conn.private_data_len);
    CmFailure f = cmEventFailure(e->event, e->status, peer, reply);
    throw sys::EngineError { f.code, f.message + " (while waiting for " + waitingFor + ")", 1 };
}

CmEvent expectCmEvent(Connection &c, rdma_cm_event_type wanted, int timeoutMs, const char *what)
{
    CmEvent e = nextCmEvent(c.channel, timeoutMs);
    if (!e) {
        if (wanted == RDMA_CM_EVENT_ESTABLISHED)
            throw sys::EngineError { errors::kRdmaUnavailable,
                "no RDMA answer from " + c.peer + " within " + std::to_string(timeoutMs)
                    + " ms (RoCE traffic blocked, or no RDMA device there)",
                1 };
        throw sys::EngineError { errors::kRdmaUnavailable,
            std::string("rdma_cm timed out resolving the ") + what + " of " + c.peer, 1 };
    }
    if (e->event != wanted)
        throwCmFailure(e, c.peer, cmEventName(wanted));
    return e;
}

BenchResult rdmaLatency(const BenchParams &p, Connection &c)
{
    BenchResult r;
    r.rttNs.assign(p.iters, 0);
    // Two halves of the buffer: what we send and where replies land.
    const std::size_t recvOffset = p.size;
    std::uint64_t sendCount = 0;
    c.postRecv(recvOffset, p.size, 1);
    auto exchange = [&]() -> std::string {
        // Signal one SEND in kSignalEvery, so the send queue drains without a
        // completion per message; a reply proves the SEND was delivered.
        const bool signaled = (sendCount++ % kSignalEvery) == 0;
        c.postSend(0, p.size, signaled, 2);
        std::string err = waitFor(c, IBV_WC_RECV, kProgressTimeoutNs);
        if (err.empty())
            c.postRecv(recvOffset, p.size, 1);
        return err;
    };

    const std::int64_t warmStart = nowNs();
    std::int64_t t = warmStart;
    if (p.warmup > 0) {
        while (r.warmupIters < p.warmup || t - warmStart < kMinWarmupNs) {
            std::string err = exchange();
            if (!err.empty())
                throw PeerLost { "during warm-up: " + err, 0 };
            ++r.warmupIters;
            t = nowNs();
        }
    }
    r.warmupNs = t - warmStart;

    const std::int64_t start = nowNs();
    std::int64_t t0 = start;
    for (std::uint64_t i = 0; i < p.iters; ++i) {
        std::string err = exchange();
        if (!err.empty())
            throw PeerLost {
                "after " + std::to_string(i) + " of " + std::to_string(p.iters) + " iterations: " + err, i
            };
        const std::int64_t t1 = nowNs();
        r.rttNs[i] = t1 - t0;
        t0 = t1;
    }
    r.durationNs = t0 - start;
    r.extra["inline"] = p.size <= c.maxInline;
    r.extra["max_inline"] = c.maxInline;
    return r;
}

BenchResult rdmaBandwidth(const BenchParams &p, Connection &c, const Reply &reply)
{
    BenchResult r;
    if (reply.length < p.size || reply.rkey == 0)
        throw sys::EngineError { errors::kProtocolMismatch,
            "the reflector offered " + std::to_string(reply.length) + " bytes for " + std::to_string(p.size)
                + "-byte writes",
            1 };
    const std::int64_t durationNs = static_cast<std::int64_t>(p.durationS * 1e9);
    const std::int64_t warmupNs
        = std::min(kMaxBandwidthWarmupNs, static_cast<std::int64_t>(double(durationNs) * kBandwidthWarmupShare));
    std::uint64_t posted = 0;
    std::uint64_t completed = 0;
    int inFlight = 0;

    const std::int64_t start = nowNs();
    std::int64_t last = start;
    // The counted part starts at the first completion after the warm-up.
    std::int64_t countedStart = 0;
    std::uint64_t completedAtCountedStart = 0;
    bool sending = true;
    auto postBatch = [&] {
        for (int i = 1; i <= kWriteBatch; ++i)
            c.postSend(0, p.size, i == kWriteBatch, 3, IBV_WR_RDMA_WRITE, reply.remoteAddress, reply.rkey);
        posted += kWriteBatch;
        inFlight += kWriteBatch;
    };
    for (int i = 0; i < kWriteWindow / kWriteBatch; ++i)
        postBatch();
    ibv_wc wcs[kWriteWindow / kWriteBatch];
    while (inFlight > 0) {
        std::string err;
        const int n = waitCompletions(c, wcs, kWriteWindow / kWriteBatch, kProgressTimeoutNs, err);
        if (n == 0)
            throw PeerLost { "after " + std::to_string((nowNs() - start) / 1'000'000) + " ms: " + err,
                completed };
        inFlight -= n * kWriteBatch;
        completed += static_cast<std::uint64_t>(n) * kWriteBatch;
        last = nowNs();
        if (countedStart == 0 && last - start >= warmupNs) {
            countedStart = last;
            completedAtCountedStart = completed;
        }
        if (sending && last - start >= durationNs)
            sending = false;
        for (int i = 0; sending && i < n; ++i)
            postBatch();
    }
    if (countedStart == 0 || last <= countedStart) { // a run too short to have a counted part
        countedStart = start;
        completedAtCountedStart = 0;
    }
    r.extra["writes_posted"] = posted;

    // "Done" SEND with our count; the reflector echoes it back.
    const std::size_t ctl = p.size; // control slot after the data
    const ReportBytes done = encodeReport({ completed * p.size, static_cast<std::uint64_t>(last - start) });
    c.postRecv(ctl + kControlSlot / 2, kControlSlot / 2, 5);
    std::memcpy(c.buffer + ctl, done.data(), done.size());
    c.postSend(ctl, static_cast<std::uint32_t>(done.size()), true, 4);
    ibv_wc wc {};
    std::string err = waitFor(c, IBV_WC_RECV, kProgressTimeoutNs, &wc);
    if (!err.empty())
        throw PeerLost { "waiting for the reflector's acknowledgement: " + err, completed };
    auto echo = decodeReport(
        reinterpret_cast<const std::uint8_t *>(c.buffer + ctl + kControlSlot / 2), wc.byte_len);
    if (!echo || echo->bytes != completed * p.size)
        throw sys::EngineError { errors::kProtocolMismatch, "the reflector's acknowledgement is malformed",
            1 };

    // The figure covers the counted part only; the reflector confirmed the
    // whole run above.
    r.bytes = (completed - completedAtCountedStart) * p.size;
    r.messages = completed - completedAtCountedStart;
    r.durationNs = last - countedStart;
    r.warmupNs = countedStart - start;
    r.warmupIters = completedAtCountedStart;
    r.extra["write_window"] = kWriteWindow;
    r.extra["write_batch"] = kWriteBatch;
    r.extra["writes_total"] = completed;
    return r;
}

} // namespace

// ---------------------------------------------------------------- pure helpers

std::string localRdmaProblem(std::string *code)
{
    const auto &verbs = rdma::Verbs::get();
    const auto &cm = rdma::RdmaCm::get();
    if (!verbs.usable() || !cm.usable()) {
        if (code)
            *code = errors::kRdmaCoreMissing;
        return (!verbs.usable() ? verbs.error : cm.error)
            + " (install rdma-core: libibverbs1 and librdmacm1, or rdma-core on Fedora)";
    }
    int count = 0;
    ibv_device **list = verbs.get_device_list(&count);
    if (list)
        verbs.free_device_list(list);
    if (count <= 0) {
        if (code)
            *code = errors::kNoRdmaDevice;
        return "no RDMA device on this node (/sys/class/infiniband is empty: load the NIC's RDMA "
               "driver, e.g. irdma or mlx5_ib, or add Soft-RoCE with `rdma link add`)";
    }
    return {};
}

CmFailure cmEventFailure(
    rdma_cm_event_type event, int status, const std::string &peer, const std::optional<Reply> &rejectReply)
{
    const std::string st
        = " (rdma_cm " + std::string(cmEventName(event)) + ", status " + std::to_string(status) + ")";
    switch (event) {
    case RDMA_CM_EVENT_ADDR_ERROR:
        return { errors::kRdmaUnavailable,
            "no local RDMA device can reach " + peer
                + ": the route to it leaves through an interface without RDMA" + st };
    case RDMA_CM_EVENT_ROUTE_ERROR:
        return { errors::kRdmaUnavailable, "cannot resolve an RDMA route to " + peer + st };
    case RDMA_CM_EVENT_UNREACHABLE:
        return { errors::kRdmaUnavailable,
            peer
                + " did not answer the RDMA connection request (no RDMA device or no "
                  "reflector there, or RoCE traffic blocked)"
                + st };
    case RDMA_CM_EVENT_REJECTED:
        if (rejectReply) {
            const std::string why
                = rejectReply->reason.empty() ? statusName(rejectReply->status) : rejectReply->reason;
            switch (rejectReply->status) {
            case Status::VersionMismatch:
                return { errors::kProtocolMismatch, peer + " refused the test: " + why };
            case Status::RdmaUnavailable:
                return { errors::kRdmaUnavailable, peer + ": " + why };
            default:
                return { errors::kPeerRefused, peer + " refused the test: " + why };
            }
        }
        return { errors::kRdmaUnavailable,
            peer
                + " rejected the RDMA connection: nothing listens on that rdma_cm port "
                  "(is `halolink-engine reflect` running there with RDMA?)"
                + st };
    case RDMA_CM_EVENT_CONNECT_ERROR:
        return { errors::kRdmaError, "the RDMA connection to " + peer + " failed" + st };
    case RDMA_CM_EVENT_DISCONNECTED:
    case RDMA_CM_EVENT_TIMEWAIT_EXIT:
        return { errors::kPeerLost, peer + " disconnected" + st };
    case RDMA_CM_EVENT_DEVICE_REMOVAL:
        return { errors::kRdmaError, "the local RDMA device went away" + st };
    default:
        return { errors::kRdmaError, "unexpected rdma_cm event from " + peer + st };
    }
}

std::optional<int> findGidIndex(const std::vector<GidRow> &table, const std::string &sgid)
{
    std::optional<int> untyped;
    for (const auto &row : table) {
        if (!sameGid(row.gid, sgid))
            continue;
        if (row.type && *row.type == "RoCE v2")
            return row.index;
        if (!row.type && !untyped)
            untyped = row.index;
    }
    return untyped;
}

std::string gidIndexProblem(int requested, const std::optional<int> &detected,
    const std::vector<GidRow> &table, const std::string &device)
{
    if (detected && *detected == requested)
        return {};
    std::string what;
    const GidRow *row = nullptr;
    for (const auto &r : table) {
        if (r.index == requested)
            row = &r;
    }
    if (!row)
        what = device + " has no GID at index " + std::to_string(requested);
    else
        what = "GID index " + std::to_string(requested) + " of " + device + " is " + row->gid
            + (row->type ? " (" + *row->type + ")" : std::string());
    return what + ", but the connection uses "
        + (detected ? "index " + std::to_string(*detected) : std::string("a GID that is not in the table"))
        + " (the RoCE v2 GID of the route's IPv4 address); pass --gid-index "
        + (detected ? std::to_string(*detected) : std::string("<detected>"))
        + " or leave it out to use the detected one";
}

std::optional<std::string> ipv4FromGid(const std::string &gid)
{
    in6_addr a {};
    if (::inet_pton(AF_INET6, gid.c_str(), &a) != 1 || !IN6_IS_ADDR_V4MAPPED(&a))
        return std::nullopt;
    char text[INET_ADDRSTRLEN] = "";
    ::inet_ntop(AF_INET, &a.s6_addr[12], text, sizeof text);
    return std::string(text);
}

// ---------------------------------------------------------------- bench (client)

BenchResult runRdmaBench(const BenchParams &p)
{
    std::string code;
    if (std::string problem = localRdmaProblem(&code); !problem.empty())
        throw sys::EngineError { code, problem, 1 };

    std::optional<DeviceChoice> choice;
    if (p.device)
        choice = chooseDevice(*p.device);

    // Preflight over TCP: a reflector without RDMA says so at once, with
    // its reason, instead of an rdma_cm timeout.
    {
        Request ask = p.request();
        ask.flags |= kFlagPreflight;
        openControl(p.peer, p.port, ask);
    }

    const auto &cm = rdma::RdmaCm::get();
    const auto &verbs = rdma::Verbs::get();
    Connection c;
    const SocketAddress dst = resolveAddress(p.peer, p.port);
    c.peer = addressText(dst);

    c.channel = cm.create_event_channel();
    if (!c.channel)
        throw sys::EngineError { errno == ENODEV || errno == ENOENT ? errors::kNoRdmaDevice
                                                                    : errors::kRdmaError,
            errnoText("rdma_create_event_channel") + " (is the rdma_ucm module loaded?)", 1 };
    setNonBlocking(c.channel->fd);
    if (cm.create_id(c.channel, &c.id, nullptr, RDMA_PS_TCP) != 0) {
        c.id = nullptr;
        throw rdmaError(errnoText("rdma_create_id"));
    }

    SocketAddress src;
    std::optional<std::string> from = p.source;
    if (!from && choice) {
        // Binding to the device's RoCE v2 IPv4 address makes the route (and
        // so the device) the one asked for.
        from = choice->ipv4;
    }
    if (from)
        src = resolveAddress(*from, 0);
    if (cm.resolve_addr(
            c.id, from ? src.get() : nullptr, const_cast<sockaddr *>(dst.get()), kResolveTimeoutMs)
        != 0)
        throw sys::EngineError { errors::kRdmaUnavailable,
            errnoText("rdma_resolve_addr") + " for " + c.peer + (from ? " from " + *from : std::string()), 1 };
    expectCmEvent(c, RDMA_CM_EVENT_ADDR_RESOLVED, kCmWaitMs, "address");

    const std::string device = verbs.get_device_name(c.id->verbs->device);
    if (choice && device != choice->device)
        throw sys::EngineError { errors::kUnknownDevice,
            "the route to " + c.peer + " from " + *from + " goes through " + device + ", not "
                + choice->device,
            1 };

    std::optional<int> tos;
    if (p.tos) {
        std::uint8_t value = static_cast<std::uint8_t>(*p.tos);
        if (cm.set_option(c.id, RDMA_OPTION_ID, RDMA_OPTION_ID_TOS, &value, sizeof value) != 0)
            throw rdmaError(errnoText("rdma_set_option(TOS)"));
        tos = *p.tos;
    }
    {
        // Fast detection of a vanished peer; older kernels lack the option.
        std::uint8_t timeout = kAckTimeout;
        cm.set_option(c.id, RDMA_OPTION_ID, RDMA_OPTION_ID_ACK_TIMEOUT, &timeout, sizeof timeout);
    }
    if (cm.resolve_route(c.id, kResolveTimeoutMs) != 0)
        throw sys::EngineError { errors::kRdmaUnavailable, errnoText("rdma_resolve_route"), 1 };
    expectCmEvent(c, RDMA_CM_EVENT_ROUTE_RESOLVED, kCmWaitMs, "route");

    // The source GID the route uses, and its index in the port's table.
    const std::string sgid = gidToText(c.id->route.addr.addr.ibaddr.sgid);
    const std::vector<GidRow> table = portGidTable(c.id, device);
    std::optional<int> gidIndex = findGidIndex(table, sgid);
    if (p.gidIndex) {
        if (std::string problem = gidIndexProblem(*p.gidIndex, gidIndex, table, device); !problem.empty())
            throw sys::EngineError { errors::kGidMismatch, problem, 1 };
    }

    const bool latency = p.test == TestKind::Latency;
    const std::size_t bufferSize = std::size_t(p.size) * (latency ? 2 : 1) + kControlSlot;
    c.createResources(
        bufferSize, IBV_ACCESS_LOCAL_WRITE, latency ? kSignalEvery * 2 + 4 : kWriteWindow + 4, 4);

    const RequestBytes req = encodeRequest(p.request());
    rdma_conn_param param {};
    param.private_data = req.data();
    param.private_data_len = static_cast<std::uint8_t>(req.size());
    param.responder_resources = 1;
    param.initiator_depth = 1;
    param.retry_count = 7;
    param.rnr_retry_count = 7; // 7 = retry forever on receiver-not-ready
    if (cm.connect(c.id, &param) != 0)
        throw rdmaError(errnoText("rdma_connect"));
    Reply reply;
    {
        CmEvent e = expectCmEvent(c, RDMA_CM_EVENT_ESTABLISHED, kCmWaitMs, "the connection");
        c.connected = true;
        std::optional<Reply> decoded;
        if (e->param.conn.private_data)
            decoded = decodeReply(static_cast<const std::uint8_t *>(e->param.conn.private_data),
                e->param.conn.private_data_len);
        if (!decoded || decoded->status != Status::Ok)
            throw sys::EngineError { errors::kProtocolMismatch, c.peer + " accepted without a HaloLink reply",
                1 };
        reply = *decoded;
    }

    // The truth about the GID: what the connected QP's address vector says.
    ibv_qp_attr qpAttr {};
    ibv_qp_init_attr qpInit {};
    if (verbs.query_qp(c.id->qp, &qpAttr, IBV_QP_AV, &qpInit) == 0 && qpAttr.ah_attr.is_global) {
        const int used = qpAttr.ah_attr.grh.sgid_index;
        if (p.gidIndex && used != *p.gidIndex)
            throw sys::EngineError { errors::kGidMismatch, gidIndexProblem(*p.gidIndex, used, table, device),
                1 };
        gidIndex = used;
    }

    logLine("connected to " + c.peer + " through " + device + " port " + std::to_string(c.id->port_num)
        + ", GID " + sgid + (gidIndex ? " (index " + std::to_string(*gidIndex) + ")" : std::string()));

    BenchResult r = latency ? rdmaLatency(p, c) : rdmaBandwidth(p, c, reply);
    r.device = device;
    r.gidIndex = gidIndex;
    r.tos = tos;
    r.extra["port_num"] = c.id->port_num;
    r.extra["sgid"] = sgid;
    r.extra["qp_num"] = c.id->qp ? c.id->qp->qp_num : 0;
    return r;
}

// ---------------------------------------------------------------- reflector

namespace {

// One accepted RDMA connection, served on its own thread.
void rdmaSession(rdma_event_channel *channel, rdma_cm_id *id, Request req, SessionTracker &sessions)
{
    SessionGuard guard(sessions);
    const auto &cm = rdma::RdmaCm::get();
    Connection c;
    c.channel = channel;
    c.id = id;
    c.peer = "?";
    if (const sockaddr *peer = rdma_get_peer_addr(id)) {
        SocketAddress a;
        std::memcpy(
            &a.storage, peer, peer->sa_family == AF_INET6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in));
        c.peer = addressText(a);
    }

    try {
        const bool latency = req.test == TestKind::Latency;
        const std::size_t dataSize = std::size_t(req.size) * (latency ? 2 : 1);
        c.createResources(dataSize + kControlSlot,
            IBV_ACCESS_LOCAL_WRITE | (latency ? 0 : IBV_ACCESS_REMOTE_WRITE), kSignalEvery * 2 + 4, 4);

        Reply reply;
        if (!latency) {
            reply.remoteAddress = reinterpret_cast<std::uintptr_t>(c.buffer);
            reply.rkey = c.mr->rkey;
            reply.length = req.size;
        }
        // The receive for the first message is posted before we accept, so
        // the client can never hit receiver-not-ready.
        const std::size_t recvOffset = latency ? req.size : dataSize + kControlSlot / 2;
        c.postRecv(recvOffset, latency ? req.size : kControlSlot / 2, 1);

        const ReplyBytes bytes = encodeReply(reply);
        rdma_conn_param param {};
        param.private_data = bytes.data();
        param.private_data_len = static_cast<std::uint8_t>(bytes.size());
        param.responder_resources = 1;
        param.initiator_depth = 1;
        param.rnr_retry_count = 7;
        if (cm.accept(id, &param) != 0)
            throw rdmaError(errnoText("rdma_accept"));
        CmEvent established = nextCmEvent(c.channel, kCmWaitMs);
        if (!established || established->event != RDMA_CM_EVENT_ESTABLISHED)
            throw rdmaError("the connection from " + c.peer + " was not established");
        c.connected = true;
        logLine(c.peer + ": rdma " + testName(req.test) + ", " + std::to_string(req.size) + " bytes");

        if (latency) {
            std::uint64_t count = 0;
            for (;;) {
                ibv_wc wc {};
                std::string err = waitFor(c, IBV_WC_RECV, kSessionIdleNs, &wc, &sessions);
                if (!err.empty()) {
                    // A client that disconnects after its last iteration ends here.
                    logLine(c.peer + ": latency session ended after " + std::to_string(count) + " messages"
                        + (err.empty() ? std::string() : ": " + err));
                    break;
                }
                c.postRecv(recvOffset, req.size, 1);
                c.postSend(0, wc.byte_len, (count % kSignalEvery) == 0, 2);
                ++count;
                // A busy session never idles long enough for waitFor to look.
                if (sessions.stopping()) {
                    logLine(
                        c.peer + ": latency session stopped after " + std::to_string(count) + " messages");
                    break;
                }
            }
        } else {
            ibv_wc wc {};
            const std::int64_t wait = std::int64_t(req.durationMs) * 1'000'000 + kSessionIdleNs;
            // The writes land without us; only the final "done" needs an
            // answer, and a millisecond more for it costs nothing. Spinning
            // here would take a core from the node for the whole test.
            std::string err = waitFor(c, IBV_WC_RECV, wait, &wc, &sessions, std::chrono::milliseconds(1));
            if (err.empty()) {
                // Echo the "done" report: the client learns its writes landed.
                std::memcpy(c.buffer + dataSize, c.buffer + recvOffset, wc.byte_len);
                c.postSend(dataSize, wc.byte_len, true, 4);
                err = waitFor(c, IBV_WC_SEND, kProgressTimeoutNs, nullptr, &sessions);
                // Let the client disconnect first (it has its answer).
                if (err.empty())
                    nextCmEvent(c.channel, 1000);
            }
            logLine(c.peer + ": bandwidth session " + (err.empty() ? "done" : "ended: " + err));
        }
    } catch (const sys::EngineError &e) {
        logLine(c.peer + ": " + e.message);
    }
    // ~Connection: disconnect, then release in reverse order (QP, MR,
    // buffer, CQ, PD, id, channel).
}

} // namespace

RdmaListener::~RdmaListener()
{
    const auto &cm = rdma::RdmaCm::get();
    if (m_id)
        cm.destroy_id(m_id);
    if (m_channel)
        cm.destroy_event_channel(m_channel);
}

std::unique_ptr<RdmaListener> RdmaListener::start(
    const std::string &bind, int port, SessionTracker &sessions, std::string *reason)
{
    if (std::string problem = localRdmaProblem(nullptr); !problem.empty()) {
        *reason = problem;
        return nullptr;
    }
    const auto &cm = rdma::RdmaCm::get();
    std::unique_ptr<RdmaListener> l(new RdmaListener(sessions));
    l->m_channel = cm.create_event_channel();
    if (!l->m_channel) {
        *reason = errnoText("rdma_create_event_channel") + " (is the rdma_ucm module loaded?)";
        return nullptr;
    }
    setNonBlocking(l->m_channel->fd);
    if (cm.create_id(l->m_channel, &l->m_id, nullptr, RDMA_PS_TCP) != 0) {
        l->m_id = nullptr;
        *reason = errnoText("rdma_create_id");
        return nullptr;
    }
    SocketAddress address = resolveAddress(bind, port);
    if (cm.bind_addr(l->m_id, address.get()) != 0) {
        const int e = errno;
        if (e == EADDRINUSE)
            *reason = "rdma_cm port " + std::to_string(port) + " is in use";
        else if (e == EADDRNOTAVAIL || e == ENODEV)
            *reason = bind + " is not the address of an RDMA device";
        else
            *reason = "rdma_bind_addr: " + std::string(std::strerror(e));
        return nullptr;
    }
    if (cm.listen(l->m_id, 16) != 0) {
        *reason = errnoText("rdma_listen");
        return nullptr;
    }
    return l;
}

int RdmaListener::fd() const
{
    return m_channel->fd;
}

void RdmaListener::handleEvents()
{
    const auto &cm = rdma::RdmaCm::get();
    for (;;) {
        CmEvent e;
        try {
            e = nextCmEvent(m_channel, 0);
        } catch (const sys::EngineError &err) {
            logLine(err.message);
            return;
        }
        if (!e)
            return;
        if (e->event != RDMA_CM_EVENT_CONNECT_REQUEST) {
            logLine(std::string("listener event ") + cmEventName(e->event));
            continue;
        }
        rdma_cm_id *id = e->id;
        std::optional<Request> req;
        if (e->param.conn.private_data)
            req = decodeRequest(static_cast<const std::uint8_t *>(e->param.conn.private_data),
                e->param.conn.private_data_len);
        Reply verdict;
        if (!req) {
            verdict.status = Status::BadRequest;
            verdict.reason = "no HaloLink request in the connection's private data";
        } else {
            verdict = checkRequest(*req, true, {});
            if (verdict.status == Status::Ok
                && (req->transport != Transport::Rdma || (req->flags & kFlagPreflight))) {
                verdict.status = Status::BadRequest;
                verdict.reason = "an rdma_cm connection carries RDMA tests only";
            }
        }
        if (verdict.status != Status::Ok) {
            const ReplyBytes bytes = encodeReply(verdict);
            cm.reject(id, bytes.data(), static_cast<std::uint8_t>(bytes.size()));
            e = CmEvent(); // acknowledge before destroying the id it names
            cm.destroy_id(id);
            logLine("rejected an RDMA connection: " + verdict.reason);
            continue;
        }
        // The session gets its own channel; the request event must be
        // acknowledged first, since rdma_migrate_id waits for that.
        e = CmEvent();
        rdma_event_channel *channel = cm.create_event_channel();
        if (!channel || cm.migrate_id(id, channel) != 0) {
            logLine(errnoText("rdma_migrate_id"));
            cm.reject(id, nullptr, 0);
            cm.destroy_id(id);
            if (channel)
                cm.destroy_event_channel(channel);
            continue;
        }
        setNonBlocking(channel->fd);
        std::thread(rdmaSession, channel, id, *req, std::ref(m_sessions)).detach();
    }
}

} // namespace halolink::bench
