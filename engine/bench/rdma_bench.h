#pragma once
// The RDMA side of `bench` and `reflect`: RC send/receive ping-pong and RDMA
// WRITE bandwidth over connections made with rdma_cm. libibverbs and
// librdmacm are reached only through rdma::Verbs / rdma::RdmaCm (dlopen).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <rdma/rdma_cma.h>

#include "bench/control.h"
#include "bench/sessions.h"
#include "sys/json_out.h"

namespace halolink::bench {

// rdma_cm's listener in the reflector. Each accepted connection runs on its
// own thread with its own event channel (rdma_migrate_id).
class RdmaListener {
public:
    ~RdmaListener();
    RdmaListener(const RdmaListener &) = delete;
    RdmaListener &operator=(const RdmaListener &) = delete;

    // nullptr, and `reason` says why, when this node cannot serve RDMA
    // (library missing, no device, address not on an RDMA device, port taken).
    static std::unique_ptr<RdmaListener> start(
        const std::string &bind, int port, SessionTracker &sessions, std::string *reason);
    // The event channel's descriptor: readable when a cm event waits.
    int fd() const;
    // Takes the waiting cm events (non-blocking).
    void handleEvents();

private:
    RdmaListener(SessionTracker &sessions)
        : m_sessions(sessions)
    {
    }
    SessionTracker &m_sessions;
    rdma_event_channel *m_channel = nullptr;
    rdma_cm_id *m_id = nullptr;
};

// Why this node cannot run RDMA at all (empty when it can): libraries, then
// devices. `code` gets errors::kRdmaCoreMissing or kNoRdmaDevice.
std::string localRdmaProblem(std::string *code);

// Error mapping of rdma_cm events on the client side, exposed for tests.
struct CmFailure {
    std::string code;
    std::string message;
};
// `event` is the rdma_cm event that arrived instead of the one awaited;
// `rejectReply` the reflector's reason when it rejected with one.
CmFailure cmEventFailure(
    rdma_cm_event_type event, int status, const std::string &peer, const std::optional<Reply> &rejectReply);

// The GID index a connection uses, found in the port's table: the entry
// equal to `sgid` whose type is RoCE v2 (types may be unknown, then the
// first equal entry). nullopt when absent.
struct GidRow {
    int index = 0;
    std::string gid; // RFC 5952 text
    std::optional<std::string> type; // "RoCE v2", "IB/RoCE v1"
};
std::optional<int> findGidIndex(const std::vector<GidRow> &table, const std::string &sgid);
// Checks --gid-index against the index the connection would use; returns an
// error message naming the detected index, or empty when it agrees.
std::string gidIndexProblem(int requested, const std::optional<int> &detected,
    const std::vector<GidRow> &table, const std::string &device);

// "::ffff:192.168.100.1" -> "192.168.100.1"; nullopt for other GIDs.
std::optional<std::string> ipv4FromGid(const std::string &gid);

} // namespace halolink::bench
