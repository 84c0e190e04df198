#pragma once
// Step kinds: how a step is worked out from its arguments and the node's
// state. The planner describes every step through the root it plans against
// (the live node, or a snapshot); apply describes it again on the live node
// just before running it. So the undo it records is what is there at that
// moment (after the earlier steps changed what they change), a device that
// an earlier step re-created is found under its new name, and a state the
// planner could not read is read then - or the step runs nothing.
//
// A kind lives beside the knowledge it needs: the netdev's in
// network_steps.cpp, rdma_cm's in rdma_cm.cpp, dcb's in dcb.cpp, each
// backend's in backend_<name>.cpp, persistence's in persist.cpp.

#include <span>
#include <string>
#include <string_view>

#include "roce/plan.h"
#include "sys/root.h"

namespace halolink::roce {

// When a kind runs: planning (never waits, never changes anything) or just
// before apply runs the step on the live node (may wait for a device that an
// earlier step re-created).
enum class Moment { Plan, Apply };

struct StepKind {
    const char *name;
    // Fills the step's commands, files, check, state (with unknownReason),
    // undo and undoFiles from `args` and what `root` shows.
    void (*describe)(const sys::Root &root, const Json &args, Step &step, Moment moment);
};

// The kinds of one concept (each file lists its own).
std::span<const StepKind> networkStepKinds();
std::span<const StepKind> rdmaCmStepKinds();
std::span<const StepKind> dcbStepKinds();
std::span<const StepKind> persistStepKinds();

// Every kind this engine knows: the shared ones and each backend's.
const StepKind *findStepKind(std::string_view name);

// Gives `step` its kind and arguments and describes it through `root`.
void describeStep(Step &step, std::string kind, Json args, const sys::Root &root, Moment moment);
// Describes a step again from its kind and arguments. Throws
// sys::EngineError{"invalid_plan"} for a kind this engine does not know.
void redescribeStep(Step &step, const sys::Root &root, Moment moment);

// Helpers for kinds.
void setUnknown(Step &step, std::string reason);
// "`dcb -j pfc show dev X` exited 1: Error: ..." / "... is not installed" /
// "... timed out": what went wrong with a command that reads state.
std::string readFailure(const std::vector<std::string> &argv, const sys::CommandResult &r);
std::string argString(const Json &args, const char *key);
int argInt(const Json &args, const char *key, int fallback = 0);

} // namespace halolink::roce
