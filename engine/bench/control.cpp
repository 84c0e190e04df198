#include "bench/control.h"

namespace halolink::bench {

namespace {

// Big-endian writer/reader over a fixed buffer: explicit byte order, so the
// wire format does not depend on either host.
class Writer {
public:
    explicit Writer(std::uint8_t *data)
        : m_data(data)
    {
    }
    void u8(std::uint8_t v) { m_data[m_pos++] = v; }
    void u16(std::uint16_t v) { put(v, 2); }
    void u32(std::uint32_t v) { put(v, 4); }
    void u64(std::uint64_t v) { put(v, 8); }
    void text(std::string_view s, std::size_t width)
    {
        for (std::size_t i = 0; i < width; ++i)
            m_data[m_pos++] = i < s.size() ? static_cast<std::uint8_t>(s[i]) : 0;
    }

private:
    void put(std::uint64_t v, int bytes)
    {
        for (int i = bytes - 1; i >= 0; --i)
            m_data[m_pos++] = static_cast<std::uint8_t>(v >> (8 * i));
    }
    std::uint8_t *m_data;
    std::size_t m_pos = 0;
};

class Reader {
public:
    explicit Reader(const std::uint8_t *data)
        : m_data(data)
    {
    }
    std::uint8_t u8() { return m_data[m_pos++]; }
    std::uint16_t u16() { return static_cast<std::uint16_t>(get(2)); }
    std::uint32_t u32() { return static_cast<std::uint32_t>(get(4)); }
    std::uint64_t u64() { return get(8); }
    // Stops at the first NUL; anything unprintable becomes '?', since the
    // text ends up in JSON and on terminals.
    std::string text(std::size_t width)
    {
        std::string s;
        for (std::size_t i = 0; i < width; ++i) {
            char c = static_cast<char>(m_data[m_pos + i]);
            if (c == '\0')
                break;
            s += (c >= 0x20 && c < 0x7f) ? c : '?';
        }
        m_pos += width;
        return s;
    }

private:
    std::uint64_t get(int bytes)
    {
        std::uint64_t v = 0;
        for (int i = 0; i < bytes; ++i)
            v = (v << 8) | m_data[m_pos++];
        return v;
    }
    const std::uint8_t *m_data;
    std::size_t m_pos = 0;
};

} // namespace

RequestBytes encodeRequest(const Request &r)
{
    RequestBytes b {};
    Writer w(b.data());
    w.u32(kControlMagic);
    w.u16(r.version);
    w.u8(static_cast<std::uint8_t>(r.transport));
    w.u8(static_cast<std::uint8_t>(r.test));
    w.u32(r.size);
    w.u64(r.iters);
    w.u64(r.warmup);
    w.u32(r.durationMs);
    w.u32(r.flags);
    w.u32(0); // reserved
    return b;
}

std::optional<Request> decodeRequest(const std::uint8_t *data, std::size_t length)
{
    if (!data || length < 6)
        return std::nullopt;
    Reader rd(data);
    if (rd.u32() != kControlMagic)
        return std::nullopt;
    Request r;
    r.version = rd.u16();
    if (r.version != kControlVersion) {
        r.transport = Transport { 0 };
        r.test = TestKind { 0 };
        return r;
    }
    if (length < kRequestSize)
        return std::nullopt;
    r.transport = static_cast<Transport>(rd.u8());
    r.test = static_cast<TestKind>(rd.u8());
    r.size = rd.u32();
    r.iters = rd.u64();
    r.warmup = rd.u64();
    r.durationMs = rd.u32();
    r.flags = rd.u32();
    return r;
}

ReplyBytes encodeReply(const Reply &r)
{
    ReplyBytes b {};
    Writer w(b.data());
    w.u32(kControlMagic);
    w.u16(r.version);
    w.u16(static_cast<std::uint16_t>(r.status));
    w.u64(r.remoteAddress);
    w.u32(r.rkey);
    w.u32(r.length);
    w.text(r.reason, kMaxReasonLength);
    return b;
}

std::optional<Reply> decodeReply(const std::uint8_t *data, std::size_t length)
{
    if (!data || length < 8)
        return std::nullopt;
    Reader rd(data);
    if (rd.u32() != kControlMagic)
        return std::nullopt;
    Reply r;
    r.version = rd.u16();
    r.status = static_cast<Status>(rd.u16());
    // An older/newer peer still gets its status across; the rest only when
    // the layout is ours.
    if (r.version != kControlVersion || length < kReplySize)
        return r;
    r.remoteAddress = rd.u64();
    r.rkey = rd.u32();
    r.length = rd.u32();
    r.reason = rd.text(kMaxReasonLength);
    return r;
}

ReportBytes encodeReport(const Report &r)
{
    ReportBytes b {};
    Writer w(b.data());
    w.u32(kControlMagic);
    w.u32(0); // reserved
    w.u64(r.bytes);
    w.u64(r.nanoseconds);
    return b;
}

std::optional<Report> decodeReport(const std::uint8_t *data, std::size_t length)
{
    if (!data || length < kReportSize)
        return std::nullopt;
    Reader rd(data);
    if (rd.u32() != kControlMagic)
        return std::nullopt;
    rd.u32();
    Report r;
    r.bytes = rd.u64();
    r.nanoseconds = rd.u64();
    return r;
}

Reply checkRequest(const Request &r, bool rdmaAvailable, std::string_view rdmaReason)
{
    Reply reply;
    auto refuse = [&](Status s, std::string why) {
        reply.status = s;
        reply.reason = why.substr(0, kMaxReasonLength);
        return reply;
    };
    if (r.version != kControlVersion)
        return refuse(Status::VersionMismatch,
            "reflector speaks control version " + std::to_string(kControlVersion) + ", bench sent version "
                + std::to_string(r.version));
    if (r.transport != Transport::Tcp && r.transport != Transport::Rdma)
        return refuse(
            Status::BadRequest, "unknown transport " + std::to_string(static_cast<int>(r.transport)));
    if (r.test != TestKind::Latency && r.test != TestKind::Bandwidth)
        return refuse(Status::BadRequest, "unknown test " + std::to_string(static_cast<int>(r.test)));
    if (r.transport == Transport::Rdma && !rdmaAvailable)
        return refuse(Status::RdmaUnavailable, "reflector has no RDMA: " + std::string(rdmaReason));
    if (r.flags & kFlagPreflight)
        return reply;
    if (r.size < 1 || r.size > kMaxMessageSize)
        return refuse(Status::BadRequest,
            "size " + std::to_string(r.size) + " is outside 1.." + std::to_string(kMaxMessageSize));
    if (r.test == TestKind::Latency) {
        if (r.iters < 1 || r.iters > kMaxIterations || r.warmup > kMaxIterations)
            return refuse(
                Status::BadRequest, "iteration counts are outside 1.." + std::to_string(kMaxIterations));
    } else if (r.durationMs < 1 || r.durationMs > kMaxDurationMs) {
        return refuse(Status::BadRequest,
            "duration " + std::to_string(r.durationMs) + " ms is outside 1.."
                + std::to_string(kMaxDurationMs));
    }
    return reply;
}

const char *transportName(Transport t)
{
    switch (t) {
    case Transport::Tcp:
        return "tcp";
    case Transport::Rdma:
        return "rdma";
    }
    return "unknown";
}

const char *testName(TestKind t)
{
    switch (t) {
    case TestKind::Latency:
        return "latency";
    case TestKind::Bandwidth:
        return "bandwidth";
    }
    return "unknown";
}

const char *statusName(Status s)
{
    switch (s) {
    case Status::Ok:
        return "ok";
    case Status::VersionMismatch:
        return "version_mismatch";
    case Status::BadRequest:
        return "bad_request";
    case Status::RdmaUnavailable:
        return "rdma_unavailable";
    case Status::Busy:
        return "busy";
    case Status::Internal:
        return "internal";
    }
    return "unknown";
}

std::optional<Transport> transportFromName(std::string_view name)
{
    if (name == "tcp")
        return Transport::Tcp;
    if (name == "rdma")
        return Transport::Rdma;
    return std::nullopt;
}

std::optional<TestKind> testFromName(std::string_view name)
{
    if (name == "latency")
        return TestKind::Latency;
    if (name == "bandwidth")
        return TestKind::Bandwidth;
    return std::nullopt;
}

} // namespace halolink::bench
