#pragma once
// `halolink-engine bench` and `reflect`: parameters, results and the
// halolink.bench/1 document. The transports live in tcp_bench.* and
// rdma_bench.*; the server side in reflector_service.* (run by `reflect`
// in reflector.cpp, and by the agent).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/control.h"
#include "commands.h"
#include "sys/json_out.h"

namespace halolink::bench {

// Latency defaults: small messages, enough samples for a stable p99.9.
inline constexpr std::uint32_t kDefaultLatencySize = 8;
inline constexpr std::uint64_t kDefaultIters = 10000;
inline constexpr std::uint64_t kDefaultWarmup = 1000;
// Warm-up also lasts at least this long (when warm-up is not disabled with
// --warmup 0): caches, branch predictors, CPU frequency and the NIC's
// interrupt moderation all settle over time, not over a count.
inline constexpr std::int64_t kMinWarmupNs = 200'000'000;
// Bandwidth defaults: like iperf3's receiver figure over a few seconds.
inline constexpr double kDefaultDurationS = 5.0;
inline constexpr std::uint32_t kDefaultTcpWriteSize = 256u << 10;
inline constexpr std::uint32_t kDefaultRdmaWriteSize = 64u << 10;

// Bounded waits, so no failure ever becomes a hang.
inline constexpr int kConnectTimeoutMs = 3000;
inline constexpr int kIoTimeoutMs = 3000;

struct BenchParams {
    std::string peer;
    int port = kDefaultPort;
    Transport transport = Transport::Tcp;
    TestKind test = TestKind::Latency;
    std::uint32_t size = kDefaultLatencySize;
    std::uint64_t iters = kDefaultIters;
    std::uint64_t warmup = kDefaultWarmup;
    double durationS = kDefaultDurationS;
    std::optional<std::string> device;
    std::optional<int> gidIndex;
    std::optional<int> tos;
    // RDMA: the local IPv4 address the connection starts from (`verify`
    // uses the spec's address); without it, --device's RoCE v2 address or
    // the route's.
    std::optional<std::string> source;
    bool busyPoll = false;

    Request request() const;
};

struct ReflectParams {
    std::string bind = "0.0.0.0";
    int port = kDefaultPort;
    bool rdma = true; // --no-rdma serves TCP only
};

// Throw sys::EngineError{"usage", ..., 2} on bad usage.
BenchParams parseBenchArgs(const Args &args);
ReflectParams parseReflectArgs(const Args &args);

struct BenchResult {
    std::vector<std::int64_t> rttNs; // latency: one round trip per timed iteration
    std::uint64_t warmupIters = 0; // warm-up iterations actually run
    std::int64_t warmupNs = 0;
    std::int64_t durationNs = 0; // timed phase (bandwidth: receiver's time)
    std::uint64_t bytes = 0; // bandwidth: bytes the receiver got
    std::uint64_t messages = 0; // bandwidth: writes of `size` bytes
    std::optional<std::string> device;
    std::optional<int> gidIndex;
    std::optional<int> tos;
    Json extra = Json::object(); // transport-specific facts, appended last
};

// A test that stopped part-way: never reported as a result.
struct PeerLost {
    std::string message;
    std::uint64_t completedIters = 0;
};

Json benchDocument(const BenchParams &p, const BenchResult &r);

// Serves until SIGTERM/SIGINT/SIGHUP (reflector.cpp).
int runReflector(const ReflectParams &p);

// The transports. Throw sys::EngineError or PeerLost.
BenchResult runTcpBench(const BenchParams &p);
BenchResult runRdmaBench(const BenchParams &p);

// Error codes (INTERFACES.md: {"error": {"code", "message"}}).
namespace errors {
inline constexpr const char *kPeerUnreachable = "peer_unreachable"; // refused, timed out, no route
inline constexpr const char *kPeerUnresponsive = "peer_unresponsive"; // connected, no reply
inline constexpr const char *kPeerLost = "peer_lost"; // went away mid-test
inline constexpr const char *kPeerRefused = "peer_refused"; // reflector refused the test
inline constexpr const char *kProtocolMismatch = "protocol_mismatch";
inline constexpr const char *kPortInUse = "port_in_use";
inline constexpr const char *kBadAddress = "bad_address";
inline constexpr const char *kRdmaCoreMissing = "rdma_core_missing";
inline constexpr const char *kNoRdmaDevice = "no_rdma_device"; // none on this node
inline constexpr const char *kRdmaUnavailable = "rdma_unavailable"; // peer cannot do RDMA
inline constexpr const char *kUnknownDevice = "unknown_device";
inline constexpr const char *kGidMismatch = "gid_mismatch";
inline constexpr const char *kRdmaError = "rdma_error";
inline constexpr const char *kSystemError = "system_error";
} // namespace errors

} // namespace halolink::bench
