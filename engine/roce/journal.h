#pragma once
// The undo journal of `apply` (docs/roce-config.md, "Apply, confirm, roll
// back"): the plan, each step's state and the undo recorded just before it
// ran, the overall state, the deadline and the watchdog's pid. Written
// atomically (temporary file, fsync, rename; mode 0600) before the first
// change and after every step.

#include <optional>
#include <string>
#include <vector>

#include "roce/plan.h"
#include "sys/json_out.h"

namespace halolink::roce {

constexpr const char *kDefaultJournal = "/var/lib/halolink/roce-journal.json";

// What a file held just before a step wrote it (restored on undo).
struct FileBackup {
    std::string path;
    bool existed = false;
    std::string content;
    int mode = 0644;
};

struct StepRecord {
    // pending | skipped (already done) | running (undo recorded, the step
    // started) | applied | failed | undone | undo_failed
    std::string state = "pending";
    std::vector<std::vector<std::string>> undo; // recorded just before the step ran
    std::vector<std::vector<std::string>> undoAfterFiles;
    std::vector<FileBackup> backups;
    std::string error;
};

struct Journal {
    // applying | awaiting_confirm | confirmed | rolled_back | failed
    std::string state = "applying";
    long long created = 0;
    long long updated = 0;
    long long deadline = 0; // epoch seconds
    int confirmWithin = 0;
    int applyPid = 0;
    int watchdogPid = 0;
    std::string reason; // why it was rolled back / failed
    Plan plan;
    std::vector<StepRecord> steps; // one per plan step
    std::vector<std::string> errors;
    // The confirmed journal this apply came on top of (null for none): a
    // rollback of this change before it is confirmed gives the node back to
    // that one; a rollback after undoes both, newest first.
    Json previous;
};

// The executable part of a plan (the halolink.roce-plan/1 step fields:
// id, why, commands, files, check, already_done, undo, undo_files) and back.
Json executablePlanJson(const Plan &plan);
// Throws sys::EngineError{"invalid_plan", ...}.
Plan executablePlanFromJson(const Json &doc);

Json journalJson(const Journal &journal);
Journal journalFromJson(const Json &doc);

// nullopt when the file does not exist; throws sys::EngineError{"bad_journal"}
// when it cannot be read or parsed.
std::optional<Journal> loadJournal(const std::string &path);
// Atomic replace; creates the parent directory (0700) when missing.
// Throws sys::EngineError{"journal_write_failed"}.
void saveJournal(const std::string &path, Journal &journal);
// Creates the journal's directory (0700) when missing.
void ensureJournalDir(const std::string &path);

// Writes a file atomically with `mode` (temporary + fsync + rename); on
// sysfs, configfs and procfs, where nothing can be created, it writes the
// existing attribute in place, in one write.
bool writeFileAtomic(const std::string &path, const std::string &content, int mode,
                     std::string *error = nullptr);

// An exclusive flock on "<journal>.lock", released on destruction. Apply,
// confirm, rollback and the watchdog's rollback take it.
class JournalLock {
public:
    JournalLock(const std::string &journalPath, bool wait);
    ~JournalLock();
    JournalLock(const JournalLock &) = delete;
    JournalLock &operator=(const JournalLock &) = delete;
    bool held() const { return m_fd >= 0; }

private:
    int m_fd = -1;
};

long long nowEpoch();

} // namespace halolink::roce
