#pragma once
// `halolink-engine verify`: is a node configured the way a RoCE spec says,
// after `apply`? Read-only checks from the engine's probe (live, or a
// snapshot with --root) and an RDMA latency test to each peer's reflector
// (docs/roce-config.md, "Verify"). Schema halolink.roce-verify/1.

#include <cstdint>
#include <optional>
#include <string>

#include "roce/plan.h"
#include "sys/json_out.h"
#include "sys/root.h"

namespace halolink::roce {

inline constexpr const char *kVerifySchema = "halolink.roce-verify/1";
inline constexpr std::uint64_t kVerifyDefaultIters = 200;
inline constexpr std::uint64_t kVerifyWarmup = 20;

struct VerifyOptions {
    // Why the peer tests do not run (--no-bench, --root); empty: they run.
    std::string benchSkipped;
    int port = 0; // the peers' reflector port; 0 = the bench default
    std::uint64_t iters = kVerifyDefaultIters;
};

// The largest RDMA path MTU (256..4096) a RoCE port can use over a netdev
// with this MTU: the netdev MTU less the RoCE headers (GRH, UDP, BTH, the
// largest extended header, ICRC: 96 bytes), rounded down to an IB MTU, as
// the kernel's iboe_get_mtu does. nullopt below 256.
std::optional<int> roceMtuFor(int netdevMtu);

// The halolink.roce-verify/1 document. Throws sys::EngineError
// {"invalid_spec", "interface: ...", 2} when the interface does not exist.
Json verifyNode(const Spec &spec, const sys::Root &root, const VerifyOptions &options);

} // namespace halolink::roce
