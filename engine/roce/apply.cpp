#include "roce/apply.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "probe/probe.h"
#include "roce/plan_texts.h"
#include "roce/watchdog.h"
#include "roce/step_kinds.h"
#include "sys/text.h"
#include "sys/root.h"

namespace halolink::roce {

using sys::EngineError;

namespace {

constexpr int kStepTimeoutMs = 30000;

std::string joinArgv(const std::vector<std::string> &argv)
{
    std::string s;
    for (const auto &w : argv) {
        if (!s.empty())
            s += ' ';
        s += w;
    }
    return s;
}

std::string tail(const std::string &text, size_t max = 2000)
{
    return text.size() <= max ? text : text.substr(text.size() - max);
}

FileBackup backupFile(const std::string &path)
{
    FileBackup b;
    b.path = path;
    struct stat st{};
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
        std::ifstream in(path, std::ios::binary);
        if (in) {
            b.existed = true;
            b.mode = static_cast<int>(st.st_mode & 07777);
            b.content.assign((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        }
    }
    return b;
}

// Undoes one step in the reverse of how it was done: a step writes its
// files, then runs its commands; its undo commands run first (so that, for
// one, `systemctl disable` still finds the unit file), then its files are
// restored. Returns the problems (empty on success).
std::vector<std::string> undoStep(const Step &step, const StepRecord &record)
{
    std::vector<std::string> problems;
    const sys::Root live("/");
    auto runAll = [&](const std::vector<std::vector<std::string>> &commands) {
        for (const auto &argv : commands) {
            auto r = live.run(argv, kStepTimeoutMs);
            if (r.ok())
                continue;
            // Already undone by something else (NetworkManager dropping its
            // connection takes the address and routes with it): when the
            // step's own check finds its effect gone, the undo did its part.
            if (!step.kind.empty() && r.found && !r.timedOut) {
                Step now = step;
                try {
                    redescribeStep(now, live, Moment::Plan);
                } catch (const EngineError &) {
                    now.state = StepState::Unknown;
                }
                if (now.state == StepState::Todo) {
                    sys::printEvent({{"event", "note"},
                                     {"id", step.id},
                                     {"message", "undo `" + joinArgv(argv) + "` exited " + std::to_string(r.exitCode) +
                                                     ", but what the step set is gone already"}});
                    continue;
                }
            }
            std::string what = !r.found ? "not found" : r.timedOut ? "timed out" : "exited " + std::to_string(r.exitCode);
            const std::string said = sys::trim(r.err).empty() ? sys::trim(r.out) : sys::trim(r.err);
            problems.push_back("step " + step.id + ": undo `" + joinArgv(argv) + "` " + what +
                               (said.empty() ? "" : ": " + tail(said, 500)));
        }
    };
    runAll(record.undo);
    for (const auto &b : record.backups) {
        std::string error;
        if (b.existed) {
            if (!writeFileAtomic(b.path, b.content, b.mode, &error))
                problems.push_back("step " + step.id + ": restore " + b.path + ": " + error);
        } else if (::unlink(b.path.c_str()) != 0 && errno != ENOENT) {
            problems.push_back("step " + step.id + ": remove " + b.path + ": " + std::strerror(errno));
        }
    }
    runAll(record.undoAfterFiles);
    return problems;
}

// Undoes applied (and interrupted) steps in reverse order, continuing past
// failures; the journal is saved after each step. Returns the problems.
std::vector<std::string> undoAll(Journal &journal, const std::function<void()> &save)
{
    std::vector<std::string> all;
    for (size_t k = journal.steps.size(); k-- > 0;) {
        auto &rec = journal.steps[k];
        if (rec.state != "applied" && rec.state != "running")
            continue;
        auto problems = undoStep(journal.plan.steps[k], rec);
        rec.state = problems.empty() ? "undone" : "undo_failed";
        if (!problems.empty())
            rec.error = problems.front();
        sys::printEvent({{"event", "undo"},
                         {"id", journal.plan.steps[k].id},
                         {"status", problems.empty() ? "undone" : "failed"},
                         {"index", k},
                         {"total", journal.steps.size()}});
        all.insert(all.end(), problems.begin(), problems.end());
        save();
    }
    return all;
}

std::vector<std::string> undoAll(Journal &journal, const std::string &journalPath)
{
    return undoAll(journal, [&] { saveJournal(journalPath, journal); });
}

bool rootRequiredAndMissing()
{
    if (::geteuid() == 0)
        return false;
    const char *allow = std::getenv("HALOLINK_ROCE_ALLOW_NONROOT");
    return !(allow && std::string(allow) == "1");
}

std::string absolutePath(const std::string &path)
{
    if (!path.empty() && path[0] == '/')
        return path;
    char cwd[4096];
    if (!::getcwd(cwd, sizeof cwd))
        throw EngineError{"usage", "cannot resolve the journal path", 2};
    return std::string(cwd) + "/" + path;
}

Journal requireJournal(const std::string &journalPath)
{
    auto j = loadJournal(journalPath);
    if (!j)
        throw EngineError{"no_journal", "no RoCE change journal at " + journalPath + ": nothing was applied"};
    return *j;
}

// After a change that did not stay (failed, or rolled back unconfirmed): the
// journal is the confirmed one it came on top of again, when it was undone
// cleanly.
void restorePrevious(const Journal &journal, const std::string &journalPath, const std::vector<std::string> &problems)
{
    if (journal.previous.is_null() || !problems.empty())
        return;
    Journal previous = journalFromJson(journal.previous);
    saveJournal(journalPath, previous);
}

// Some step of the journal, or of one it came on top of, is applied.
bool anyApplied(const Journal &journal)
{
    for (const auto &r : journal.steps)
        if (r.state == "applied" || r.state == "running")
            return true;
    return !journal.previous.is_null() && anyApplied(journalFromJson(journal.previous));
}

} // namespace

int applyPlan(const Plan &plan, int confirmWithinS, const std::string &journalPathIn)
{
    if (rootRequiredAndMissing())
        throw EngineError{"need_root", "apply changes the network configuration and must run as root "
                                       "(sudo halolink-engine apply ...)"};
    const std::string journalPath = absolutePath(journalPathIn);
    ensureJournalDir(journalPath);
    JournalLock lock(journalPath, false);
    if (!lock.held())
        throw EngineError{"busy", "another apply, confirm or rollback is running on this journal (" + journalPath + ")"};
    if (auto old = loadJournal(journalPath)) {
        if (old->state == "awaiting_confirm")
            throw EngineError{"awaiting_confirm",
                              "a previous change awaits confirmation until " + std::to_string(old->deadline) +
                                  " (epoch seconds; journal " + journalPath +
                                  "): run `halolink-engine confirm` or `halolink-engine rollback` first"};
        if (old->state == "applying")
            throw EngineError{"awaiting_confirm",
                              "a previous apply was interrupted and is not rolled back yet (journal " + journalPath +
                                  "): its watchdog rolls it back at the deadline, or run `halolink-engine rollback`"};
    }

    Journal journal;
    journal.state = "applying";
    journal.created = nowEpoch();
    journal.confirmWithin = confirmWithinS;
    journal.deadline = journal.created + confirmWithinS;
    journal.applyPid = static_cast<int>(::getpid());
    journal.plan = plan;
    journal.steps.resize(plan.steps.size());
    // On top of a confirmed change: kept, so that rolling this one back
    // (unconfirmed) gives the node back to it, and rolling back after both
    // are confirmed undoes both.
    if (auto old = loadJournal(journalPath); old && old->state == "confirmed")
        journal.previous = journalJson(*old);
    saveJournal(journalPath, journal); // before anything changes

    journal.watchdogPid = startWatchdog(journalPath);
    saveJournal(journalPath, journal);

    const sys::Root live("/");
    const size_t total = plan.steps.size();
    for (size_t i = 0; i < total; ++i) {
        Step &step = journal.plan.steps[i];
        StepRecord &rec = journal.steps[i];
        std::string failure;
        std::string failureKey; // plan_texts.cpp: apply.step_failed_<failureKey>[_rollback_problems]
        Json failureArgs = {{"step", step.id}};
        Json detail;
        // The step again from the live node, just before it runs: what the
        // earlier steps changed, the device an earlier step re-created, the
        // state the planner could not read.
        if (!step.kind.empty()) {
            try {
                redescribeStep(step, live, Moment::Apply);
            } catch (const EngineError &e) {
                step.state = StepState::Unknown;
                step.unknownReason = e.message;
            }
            saveJournal(journalPath, journal);
        }
        if (step.done()) {
            rec.state = "skipped";
            saveJournal(journalPath, journal);
            sys::printEvent({{"event", "step"}, {"id", step.id}, {"status", "skipped"}, {"index", i}, {"total", total}});
            continue;
        }
        bool partial = false;
        if (step.state == StepState::Unknown) {
            // Nothing runs that could not be undone exactly.
            failure = "its state cannot be read: " + step.unknownReason;
            failureKey = "unknown";
            failureArgs["reason"] = step.unknownReason;
            detail = {{"unknown_reason", step.unknownReason}};
        } else {
            // The undo, from the state just read.
            rec.undo = step.undo;
            rec.undoAfterFiles = step.undoAfterFiles;
            rec.backups.clear();
            for (const auto &f : step.files)
                rec.backups.push_back(backupFile(f.path));
            for (const auto &p : step.undoFiles) {
                bool have = false;
                for (const auto &b : rec.backups)
                    have = have || b.path == p;
                if (!have)
                    rec.backups.push_back(backupFile(p));
            }
            rec.state = "running";
            saveJournal(journalPath, journal);

            for (const auto &f : step.files) {
                std::string error;
                if (!writeFileAtomic(f.path, f.content, f.mode, &error)) {
                    failure = "writing " + f.path + ": " + error;
                    failureKey = "write";
                    failureArgs["file"] = f.path;
                    failureArgs["error"] = error;
                    detail = {{"file", f.path}};
                    break;
                }
                partial = true;
            }
            if (failure.empty())
                for (const auto &argv : step.commands) {
                    auto r = live.run(argv, kStepTimeoutMs);
                    if (r.ok()) {
                        partial = true;
                        continue;
                    }
                    std::string what = !r.found     ? "was not found"
                                       : r.timedOut ? "timed out after " + std::to_string(kStepTimeoutMs / 1000) + " s"
                                                    : "exited " + std::to_string(r.exitCode);
                    const std::string err = tail(sys::trim(r.err), 1000);
                    failure = "`" + joinArgv(argv) + "` " + what + (err.empty() ? "" : ": " + err);
                    failureArgs["command"] = joinArgv(argv);
                    if (!r.found) {
                        failureKey = "not_found";
                    } else if (r.timedOut) {
                        failureKey = "timeout";
                        failureArgs["seconds"] = kStepTimeoutMs / 1000;
                    } else {
                        failureKey = err.empty() ? "exit" : "exit_stderr";
                        failureArgs["exit_code"] = r.exitCode;
                        if (!err.empty())
                            failureArgs["stderr"] = err;
                    }
                    detail = {{"command", argv}, {"exit_code", r.exitCode}, {"output", tail(r.out)}, {"stderr", err}};
                    break;
                }
            // Some drivers answer a change with a status dcb reports as an
            // error although the change took effect (ice returns positive
            // values on paths without a reset): when the step's own check
            // now finds it done, it is applied.
            if (!failure.empty() && failureKey != "write" && !step.kind.empty()) {
                Step again = step;
                try {
                    redescribeStep(again, live, Moment::Plan);
                } catch (const EngineError &) {
                    again.state = StepState::Unknown;
                }
                if (again.done()) {
                    sys::printEvent({{"event", "note"},
                                     {"id", step.id},
                                     {"message", "reported " + failure + ", but the state it sets is now there"}});
                    failure.clear();
                }
            }
        }

        // The step's own check after it ran: some tools report success for a
        // change the driver refused (dcb of iproute2 6.1 ignores write
        // errors, tests/fixtures/tool-output/dcb/), some drivers accept and
        // ignore a setting (e1000e with pause autonegotiation).
        if (failure.empty() && !step.kind.empty() && step.state == StepState::Todo) {
            Step after = step;
            for (int attempt = 0; attempt < 3; ++attempt) {
                try {
                    redescribeStep(after, live, Moment::Plan);
                } catch (const EngineError &) {
                    after.state = StepState::Unknown;
                }
                if (after.done())
                    break;
                std::this_thread::sleep_for(std::chrono::milliseconds(500));
            }
            if (!after.done()) {
                failure = "it ran, but " + after.check + " is still not so" +
                          (after.state == StepState::Unknown ? " (" + after.unknownReason + ")" : "");
                failureKey = "no_effect";
                failureArgs["check"] = after.check;
                detail = {{"check", after.check}};
                partial = true;
            }
        }

        if (failure.empty()) {
            rec.state = "applied";
            saveJournal(journalPath, journal);
            sys::printEvent({{"event", "step"}, {"id", step.id}, {"status", "applied"}, {"index", i}, {"total", total}});
            continue;
        }

        // Failed: undo this step if it got part of the way, then the earlier ones.
        rec.state = partial ? "running" : "failed";
        rec.error = failure;
        saveJournal(journalPath, journal);
        sys::printEvent({{"event", "step"}, {"id", step.id}, {"status", "failed"}, {"index", i}, {"total", total}});
        auto problems = undoAll(journal, journalPath);
        if (partial && rec.state == "undone")
            rec.state = "failed";
        journal.state = "failed";
        journal.reason = "step " + step.id + " failed: " + failure;
        journal.errors = problems;
        saveJournal(journalPath, journal);
        stopWatchdog(journal.watchdogPid, journalPath);
        restorePrevious(journal, journalPath, problems);

        const std::string key =
            "apply.step_failed_" + failureKey + (problems.empty() ? "" : "_rollback_problems");
        Json error{{"code", failureKey == "unknown" ? "state_unknown" : "step_failed"},
                   {"message", sys::renderText(planTexts(), key, failureArgs)},
                   {"message_key", key},
                   {"message_args", failureArgs},
                   {"step", step.id}};
        for (auto it = detail.begin(); it != detail.end(); ++it)
            error[it.key()] = it.value();
        sys::printJson({{"error", error}, {"state", "failed"}, {"rolled_back", problems.empty()},
                        {"rollback_errors", problems}, {"journal", journalPath}},
                       false);
        std::fprintf(stderr, "halolink-engine: %s: %s\n", error["code"].get<std::string>().c_str(),
                     error["message"].get<std::string>().c_str());
        return 1;
    }

    journal.state = "awaiting_confirm";
    journal.deadline = nowEpoch() + confirmWithinS;
    saveJournal(journalPath, journal);
    Json done{{"state", "awaiting_confirm"},
              {"deadline", journal.deadline},
              {"confirm_within", confirmWithinS},
              {"journal", journalPath},
              {"watchdog_pid", journal.watchdogPid}};
    // The RDMA device on the interface now: after a step that re-created it
    // (the E810's switch to RoCE v2) it may have another name than the plan's.
    Json device = nullptr;
    for (const auto &p : probe::rdmaPorts(live))
        if (p.netdev && *p.netdev == plan.spec.interface && device.is_null())
            device = p.device;
    done["rdma_device"] = device;
    done["rdma_device_before"] = plan.device ? Json(*plan.device) : Json(nullptr);
    sys::printJson(done, false);
    return 0;
}

int confirmJournal(const std::string &journalPathIn)
{
    const std::string journalPath = absolutePath(journalPathIn);
    Journal probe = requireJournal(journalPath);
    (void)probe;
    JournalLock lock(journalPath, true);
    Journal journal = requireJournal(journalPath);
    if (journal.state != "awaiting_confirm")
        throw EngineError{"not_awaiting_confirm", "nothing awaits confirmation: the journal's state is " +
                                                      journal.state +
                                                      (journal.reason.empty() ? "" : " (" + journal.reason + ")")};
    journal.state = "confirmed";
    saveJournal(journalPath, journal);
    bool stopped = stopWatchdog(journal.watchdogPid, journalPath);
    sys::printJson({{"state", "confirmed"}, {"watchdog_stopped", stopped}, {"journal", journalPath}}, false);
    return 0;
}

int rollbackJournal(const std::string &journalPathIn, const std::string &reason, bool onlyIfDue)
{
    const std::string journalPath = absolutePath(journalPathIn);
    if (!onlyIfDue)
        (void)requireJournal(journalPath);
    JournalLock lock(journalPath, !onlyIfDue);
    if (!lock.held()) {
        if (onlyIfDue)
            return 2; // apply still running: the watchdog tries again
        throw EngineError{"busy", "cannot lock " + journalPath + ".lock"};
    }
    Journal journal = requireJournal(journalPath);
    if (onlyIfDue) {
        if (journal.state != "awaiting_confirm" && journal.state != "applying")
            return 0;
        if (nowEpoch() < journal.deadline)
            return 2;
    } else {
        if (!anyApplied(journal) && journal.state != "applying" && journal.state != "awaiting_confirm")
            throw EngineError{"nothing_to_roll_back", "no applied step to undo: the journal's state is " +
                                                          journal.state};
    }
    std::signal(SIGTERM, SIG_IGN); // finish the rollback once started
    const bool wasConfirmed = journal.state == "confirmed";
    auto problems = undoAll(journal, journalPath);
    journal.state = problems.empty() ? "rolled_back" : "failed";
    journal.reason = reason;
    journal.errors = problems;
    saveJournal(journalPath, journal);
    stopWatchdog(journal.watchdogPid, journalPath);
    if (!wasConfirmed) {
        // An unconfirmed change on top of a confirmed one: the node is back
        // to that one, and so is the journal.
        restorePrevious(journal, journalPath, problems);
    } else {
        // Confirmed: every change HaloLink made, newest first.
        // The progress is saved in the outer journal after every step.
        std::vector<Journal> chain{journal};
        while (!chain.back().previous.is_null())
            chain.push_back(journalFromJson(chain.back().previous));
        auto saveChain = [&] {
            for (size_t k = chain.size() - 1; k > 0; --k)
                chain[k - 1].previous = journalJson(chain[k]);
            saveJournal(journalPath, chain.front());
        };
        for (size_t k = 1; k < chain.size() && problems.empty(); ++k) {
            auto more = undoAll(chain[k], saveChain);
            problems.insert(problems.end(), more.begin(), more.end());
            chain[k].state = problems.empty() ? "rolled_back" : "failed";
            chain[k].reason = reason;
            chain[k].errors = more;
            chain.front().state = chain[k].state;
            chain.front().errors = problems;
            saveChain();
        }
        journal = chain.front();
    }
    Json doc{{"state", journal.state}, {"reason", reason}, {"errors", problems}, {"journal", journalPath}};
    if (!problems.empty()) {
        const Json args = {{"count", problems.size()}, {"first", problems.front()}};
        doc = Json{{"error",
                    {{"code", "rollback_incomplete"},
                     {"message", sys::renderText(planTexts(), "apply.rollback_incomplete", args)},
                     {"message_key", "apply.rollback_incomplete"},
                     {"message_args", args}}},
                   {"state", journal.state},
                   {"reason", reason},
                   {"errors", problems},
                   {"journal", journalPath}};
    }
    sys::printJson(doc, false);
    return problems.empty() ? 0 : 1;
}

int journalStatus(const std::string &journalPathIn)
{
    const std::string journalPath = absolutePath(journalPathIn);
    Journal j = requireJournal(journalPath);
    Json steps = Json::array();
    for (size_t i = 0; i < j.steps.size(); ++i) {
        Json s{{"id", j.plan.steps[i].id}, {"state", j.steps[i].state}};
        if (!j.steps[i].error.empty())
            s["error"] = j.steps[i].error;
        steps.push_back(s);
    }
    Json doc{{"journal", journalPath}, {"state", j.state}};
    if (j.state == "awaiting_confirm" || j.state == "applying") {
        doc["deadline"] = j.deadline;
        doc["seconds_left"] = std::max(0LL, j.deadline - nowEpoch());
    }
    doc["watchdog_pid"] = j.watchdogPid;
    doc["watchdog_running"] = isWatchdog(j.watchdogPid, journalPath);
    doc["reason"] = j.reason;
    doc["created"] = j.created;
    doc["updated"] = j.updated;
    doc["steps"] = steps;
    doc["errors"] = j.errors;
    sys::printJson(doc);
    return 0;
}

} // namespace halolink::roce
