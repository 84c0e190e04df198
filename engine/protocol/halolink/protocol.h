#pragma once
// Names and versions shared by the engine and the app. Header-only on purpose:
// the engine shares no code with the app at link time.

#include "halolink/version.h"

namespace halolink::protocol {

inline constexpr const char *kEngineVersion = HALOLINK_VERSION_STRING;
inline constexpr int kProtocolVersion = 1;

inline constexpr const char *kProbeSchema = "halolink.probe/1";
inline constexpr const char *kBenchSchema = "halolink.bench/1";
// `api health|models|chat` and `counters` (docs/engine-commands.md): what
// the job launcher runs on the nodes.
inline constexpr const char *kApiSchema = "halolink.api/1";
inline constexpr const char *kCountersSchema = "halolink.counters/1";
inline constexpr const char *kSnapshotFormat = "halolink-snapshot";
inline constexpr int kSnapshotVersion = 1;

// Exit codes of every engine subcommand.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

} // namespace halolink::protocol
