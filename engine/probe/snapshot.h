#pragma once
// Node snapshots (INTERFACES.md section 2): everything `probe` reads, copied
// with the same relative paths and links, plus the output of every command it
// ran, so that `probe --root DIR` replays the machine.

#include <string>

#include "sys/json_out.h"

namespace halolink::probe {

// Writes a snapshot of the live machine into `outDir` (created; must not
// exist or be empty). Throws sys::EngineError.
Json writeSnapshot(const std::string &outDir);

} // namespace halolink::probe
