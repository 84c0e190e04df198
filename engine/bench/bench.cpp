// The `bench` and `reflect` subcommands: options, the halolink.bench/1
// document, and the error reporting around the transports.

#include "bench/bench.h"

#include <cmath>
#include <cstdio>

#include "bench/stats.h"
#include "halolink/protocol.h"
#include "sys/cli.h"

namespace halolink::bench {

Request BenchParams::request() const
{
    Request r;
    r.transport = transport;
    r.test = test;
    r.size = size;
    r.iters = test == TestKind::Latency ? iters : 0;
    r.warmup = test == TestKind::Latency ? warmup : 0;
    r.durationMs
        = test == TestKind::Bandwidth ? static_cast<std::uint32_t>(std::llround(durationS * 1000.0)) : 0;
    r.flags = busyPoll ? std::uint32_t(kFlagBusyPoll) : 0u;
    return r;
}

BenchParams parseBenchArgs(const Args &args)
{
    sys::Options o({ "--peer", "--port", "--transport", "--test", "--size", "--iters", "--warmup",
                       "--duration", "--device", "--gid-index", "--tos" },
        { "--busy-poll" });
    o.parse(args);
    if (!o.positional().empty())
        throw sys::usageError("unexpected argument '" + o.positional().front() + "'");

    BenchParams p;
    auto peer = o.value("--peer");
    if (!peer || peer->empty())
        throw sys::usageError("bench needs --peer ADDR (the host running `halolink-engine reflect`)");
    p.peer = *peer;
    p.port = static_cast<int>(o.integer("--port", 1, 65535).value_or(kDefaultPort));

    auto transport = o.value("--transport");
    if (!transport)
        throw sys::usageError("bench needs --transport tcp|rdma");
    auto t = transportFromName(*transport);
    if (!t)
        throw sys::usageError("--transport must be tcp or rdma, not '" + *transport + "'");
    p.transport = *t;

    auto testName = o.value("--test", "latency");
    auto k = testFromName(testName);
    if (!k)
        throw sys::usageError("--test must be latency or bandwidth, not '" + testName + "'");
    p.test = *k;

    const bool latency = p.test == TestKind::Latency;
    if (latency && o.has("--duration"))
        throw sys::usageError("--duration is for bandwidth tests; latency tests run --iters iterations");
    if (!latency && (o.has("--iters") || o.has("--warmup")))
        throw sys::usageError(
            "--iters and --warmup are for latency tests; bandwidth tests run --duration seconds");

    const std::uint32_t defaultSize = latency ? kDefaultLatencySize
        : p.transport == Transport::Rdma      ? kDefaultRdmaWriteSize
                                              : kDefaultTcpWriteSize;
    p.size = static_cast<std::uint32_t>(o.integer("--size", 1, kMaxMessageSize).value_or(defaultSize));
    p.iters = static_cast<std::uint64_t>(o.integer("--iters", 1, kMaxIterations).value_or(kDefaultIters));
    p.warmup = static_cast<std::uint64_t>(o.integer("--warmup", 0, kMaxIterations).value_or(kDefaultWarmup));
    p.durationS = o.number("--duration", 0.1, kMaxDurationMs / 1000.0).value_or(kDefaultDurationS);
    p.busyPoll = o.has("--busy-poll");

    if (p.transport == Transport::Tcp) {
        for (const char *rdmaOnly : { "--device", "--gid-index", "--tos" }) {
            if (o.has(rdmaOnly))
                throw sys::usageError(std::string(rdmaOnly) + " applies to --transport rdma only");
        }
    }
    p.device = o.value("--device");
    if (p.device && p.device->empty())
        throw sys::usageError("--device needs a device name (e.g. irdma0, mlx5_0, rxe0)");
    if (auto g = o.integer("--gid-index", 0, 65535))
        p.gidIndex = static_cast<int>(*g);
    if (auto tos = o.integer("--tos", 0, 255))
        p.tos = static_cast<int>(*tos);
    return p;
}

ReflectParams parseReflectArgs(const Args &args)
{
    sys::Options o({ "--bind", "--port" }, { "--no-rdma" });
    o.parse(args);
    if (!o.positional().empty())
        throw sys::usageError("unexpected argument '" + o.positional().front() + "'");
    ReflectParams p;
    p.bind = o.value("--bind", "0.0.0.0");
    if (p.bind.empty())
        throw sys::usageError("--bind needs an address");
    p.port = static_cast<int>(o.integer("--port", 1, 65535).value_or(kDefaultPort));
    p.rdma = !o.has("--no-rdma");
    return p;
}

Json benchDocument(const BenchParams &p, const BenchResult &r)
{
    const bool latency = p.test == TestKind::Latency;
    Json d;
    d["schema"] = protocol::kBenchSchema;
    d["transport"] = transportName(p.transport);
    d["test"] = testName(p.test);
    d["peer"] = p.peer;
    d["port"] = p.port;
    d["device"] = r.device ? Json(*r.device) : Json(nullptr);
    d["gid_index"] = r.gidIndex ? Json(*r.gidIndex) : Json(nullptr);
    d["tos"] = r.tos ? Json(*r.tos) : Json(nullptr);
    d["size"] = p.size;
    d["iters"] = latency ? p.iters : r.messages;
    d["warmup"] = latency ? p.warmup : 0;

    auto rtt = latency ? summarize(r.rttNs) : std::nullopt;
    d["rtt_ns"] = rtt ? summaryJson(*rtt) : Json(nullptr);
    d["one_way_ns"] = rtt ? summaryJson(scaled(*rtt, 0.5)) : Json(nullptr);
    if (!latency && r.durationNs > 0) {
        const double seconds = double(r.durationNs) / 1e9;
        d["bandwidth_bps"] = double(r.bytes) * 8.0 / seconds;
        d["messages_per_s"] = double(r.messages) / seconds;
    } else if (latency && r.durationNs > 0) {
        // Round trips per second: what a latency run sustains.
        d["bandwidth_bps"] = nullptr;
        d["messages_per_s"] = double(r.rttNs.size()) / (double(r.durationNs) / 1e9);
    } else {
        d["bandwidth_bps"] = nullptr;
        d["messages_per_s"] = nullptr;
    }
    d["duration_ns"] = r.durationNs;

    // Extras (readers ignore what they do not know).
    d["samples"] = latency ? r.rttNs.size() : 0;
    d["warmup_iters"] = r.warmupIters;
    d["warmup_ns"] = r.warmupNs;
    if (!latency) {
        d["bytes"] = r.bytes;
        d["duration_s_requested"] = p.durationS;
    }
    d["percentiles"] = "nearest-rank";
    d["clock"] = "CLOCK_MONOTONIC";
    d["engine_version"] = protocol::kEngineVersion;
    d["control_version"] = kControlVersion;
    for (auto it = r.extra.begin(); it != r.extra.end(); ++it)
        d[it.key()] = it.value();
    return d;
}

} // namespace halolink::bench

namespace halolink {

int reflectCommand(const Args &args)
{
    return bench::runReflector(bench::parseReflectArgs(args));
}

int benchCommand(const Args &args)
{
    using namespace bench;
    const BenchParams p = parseBenchArgs(args);
    try {
        const BenchResult r = p.transport == Transport::Tcp ? runTcpBench(p) : runRdmaBench(p);
        sys::printJson(benchDocument(p, r));
        return protocol::kExitOk;
    } catch (const PeerLost &lost) {
        // Never a partial result passed off as whole: an error, with how far
        // the test got.
        Json doc;
        doc["error"] = { { "code", errors::kPeerLost },
            { "message", "lost the peer " + p.peer + " mid-test " + lost.message },
            { "completed_iters", lost.completedIters } };
        sys::printJson(doc, false);
        std::fprintf(stderr, "halolink-engine: %s: lost the peer %s mid-test %s\n", errors::kPeerLost,
            p.peer.c_str(), lost.message.c_str());
        return protocol::kExitFailure;
    }
}

} // namespace halolink
