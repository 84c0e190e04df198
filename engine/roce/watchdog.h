#pragma once
// The watchdog of an apply (docs/roce-config.md, "Apply, confirm, roll
// back"): a detached process that rolls the change back at the deadline
// unless it was confirmed, whatever happens to the apply or its SSH session.

#include <string>

namespace halolink::roce {

// fork, setsid, fork again, then `halolink-engine roce-watchdog --journal
// FILE`; returns its pid once it runs. Throws sys::EngineError{"watchdog_failed"}.
int startWatchdog(const std::string &journalPath);
// The pid is this journal's watchdog (not a recycled pid).
bool isWatchdog(int pid, const std::string &journalPath);
// SIGTERM to this journal's watchdog; false when `pid` is not it.
bool stopWatchdog(int pid, const std::string &journalPath);
// The watchdog's loop (hidden subcommand roce-watchdog).
int watchdogLoop(const std::string &journalPath);

} // namespace halolink::roce
