#pragma once
// The client side of the control handshake over TCP, shared by `bench`
// (TCP tests and the RDMA preflight) and the agent's mesh pinger.

#include <string>

#include "bench/bench.h"
#include "bench/control.h"
#include "bench/net.h"

namespace halolink::bench {

// Connects to the reflector at peer:port within `connectTimeoutMs`, sends
// `request` and checks the reply (bounded by `ioTimeoutMs`); returns the
// connection with TCP_NODELAY and `ioTimeoutMs` send/receive timeouts set.
// Throws sys::EngineError: peer_unreachable, peer_unresponsive,
// protocol_mismatch, peer_refused, rdma_unavailable.
Fd openControl(const std::string &peer, int port, const Request &request,
    int connectTimeoutMs = kConnectTimeoutMs, int ioTimeoutMs = kIoTimeoutMs);

} // namespace halolink::bench
