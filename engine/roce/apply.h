#pragma once
// Runs a plan with an undo journal and a confirmation deadline
// (docs/roce-config.md, "Apply, confirm, roll back").

#include <string>

#include "roce/journal.h"
#include "roce/plan.h"

namespace halolink::roce {

// Journals, starts the watchdog, runs the steps (one JSON event per step) and
// prints {"state":"awaiting_confirm","deadline":...}. Returns the exit code:
// 0, or 1 after a failed step (rolled back, JSON error printed). Throws
// sys::EngineError for refusals (need_root, awaiting_confirm, busy...).
int applyPlan(const Plan &plan, int confirmWithinS, const std::string &journalPath);
int confirmJournal(const std::string &journalPath);
// `onlyIfDue`: the watchdog's call; rolls back only when the journal still
// awaits confirmation (or an apply was interrupted) and the deadline passed.
int rollbackJournal(const std::string &journalPath, const std::string &reason, bool onlyIfDue = false);
int journalStatus(const std::string &journalPath);

} // namespace halolink::roce
