#pragma once
// The control handshake between `bench` (client) and `reflect` (server).
//
// One fixed-size, big-endian Request opens every test. Over TCP it is the first
// 40 bytes the client sends on the connection; over RDMA it travels as the
// rdma_connect() private data (at most 56 bytes on RDMA_PS_TCP, so it fits).
// The reflector answers with one 128-byte Reply: over TCP on the connection,
// over RDMA as rdma_accept() private data (it also carries the reflector's
// memory region for RDMA WRITE) or rdma_reject() private data (at most 148
// bytes), so a refusal always comes with a readable reason.
//
// The magic and the version sit at the same offsets in every version, so a
// reflector can always tell "not HaloLink" from "another HaloLink version".

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace halolink::bench {

// Neither perftest's 18515 nor sockperf's 11111 nor iperf3's 5201, so a
// reflector can run next to any of them. Used for TCP and for rdma_cm
// (RoCE's rdma_cm port space is separate from the kernel's TCP ports).
inline constexpr int kDefaultPort = 7471;

inline constexpr std::uint32_t kControlMagic = 0x484c4e4b; // "HLNK"
inline constexpr std::uint16_t kControlVersion = 1;

inline constexpr std::size_t kRequestSize = 40;
inline constexpr std::size_t kReplySize = 128;
inline constexpr std::size_t kReportSize = 24;
inline constexpr std::size_t kMaxReasonLength = kReplySize - 24;

// Largest message a test may use: bounds what a reflector allocates for a peer.
inline constexpr std::uint32_t kMaxMessageSize = 64u << 20;
// Every timed sample is kept (exact percentiles): 8 bytes each, so at most 800 MB.
inline constexpr std::uint64_t kMaxIterations = 100000000ull;
inline constexpr std::uint32_t kMaxDurationMs = 3600u * 1000u;

enum class Transport : std::uint8_t { Tcp = 1, Rdma = 2 };
enum class TestKind : std::uint8_t { Latency = 1, Bandwidth = 2 };

enum RequestFlag : std::uint32_t {
    // The reflector spins on its socket/CQ too, instead of sleeping in recv.
    kFlagBusyPoll = 1u << 0,
    // Only ask whether the reflector can serve this transport; no test follows.
    kFlagPreflight = 1u << 1,
};

struct Request {
    std::uint16_t version = kControlVersion;
    Transport transport = Transport::Tcp;
    TestKind test = TestKind::Latency;
    std::uint32_t size = 0; // bytes per message (latency) or per write (bandwidth)
    std::uint64_t iters = 0; // timed iterations (latency)
    std::uint64_t warmup = 0; // warm-up iterations (latency)
    std::uint32_t durationMs = 0; // bandwidth test length
    std::uint32_t flags = 0;
};

enum class Status : std::uint16_t {
    Ok = 0,
    VersionMismatch = 1,
    BadRequest = 2,
    RdmaUnavailable = 3,
    Busy = 4,
    Internal = 5,
};

struct Reply {
    std::uint16_t version = kControlVersion;
    Status status = Status::Ok;
    // RDMA bandwidth: where the client may RDMA WRITE (the reflector's buffer).
    std::uint64_t remoteAddress = 0;
    std::uint32_t rkey = 0;
    std::uint32_t length = 0;
    std::string reason; // readable, at most kMaxReasonLength bytes
};

// The end of a bandwidth test: what the receiver counted, and over how long
// (TCP: the reflector's figure; RDMA: the client's "done" message and its echo).
struct Report {
    std::uint64_t bytes = 0;
    std::uint64_t nanoseconds = 0;
};

using RequestBytes = std::array<std::uint8_t, kRequestSize>;
using ReplyBytes = std::array<std::uint8_t, kReplySize>;
using ReportBytes = std::array<std::uint8_t, kReportSize>;

RequestBytes encodeRequest(const Request &r);
// nullopt when the bytes are too short or do not start with the magic; a
// request of another version decodes (version set, other fields zero) so the
// reflector can answer VersionMismatch.
std::optional<Request> decodeRequest(const std::uint8_t *data, std::size_t length);

ReplyBytes encodeReply(const Reply &r);
std::optional<Reply> decodeReply(const std::uint8_t *data, std::size_t length);

ReportBytes encodeReport(const Report &r);
std::optional<Report> decodeReport(const std::uint8_t *data, std::size_t length);

// What the reflector answers to a decoded request, given whether it can serve
// RDMA (and why not). Status::Ok with an empty reason when the test may run.
Reply checkRequest(const Request &r, bool rdmaAvailable, std::string_view rdmaReason);

const char *transportName(Transport t);
const char *testName(TestKind t);
const char *statusName(Status s);
std::optional<Transport> transportFromName(std::string_view name);
std::optional<TestKind> testFromName(std::string_view name);

} // namespace halolink::bench
