#pragma once
// RoCE v2 configuration: spec -> plan -> apply -> confirm | rollback
// (docs/roce-config.md). A plan is a list of steps; each says why, what it
// runs (argv lists, never a shell line) or writes, how to tell it is already
// done, and how to undo it.

#include <optional>
#include <string>
#include <vector>

#include "roce/spec.h"
#include "sys/json_out.h"
#include "sys/root.h"

namespace halolink::roce {

// The backend for the spec on a NIC with this driver: the spec's, else
// ice -> ice, mlx5_core -> mlx5, a NIC with a hardware RDMA device of
// another driver -> generic, any other -> rxe.
std::string backendFor(const Spec &spec, const std::string &driver, bool hardwareRdma);
// `device` is an RDMA device of the NIC itself (not Soft-RoCE or soft-iWARP).
bool isHardwareRdmaDevice(const sys::Root &root, const std::string &device);

// A file the step writes: content and mode; the undo restores what was there.
struct FileWrite {
    std::string path; // absolute, on the node
    std::string content;
    int mode = 0644;
};

// What a step found on the node: already as the spec wants it, to be done,
// or not readable (then apply reads it again just before the step and runs
// nothing it could not undo exactly).
enum class StepState { Todo, Done, Unknown };

struct Step {
    std::string id;   // stable: "mtu", "address", "rxe_device", "roce_tos", "pfc", ...
    std::string why;  // plain words for the review page (English)
    std::string whyKey; // its text's key and values (plan_texts.h); empty from an older plan
    Json whyArgs = Json::object();
    std::vector<std::vector<std::string>> commands; // argv lists, run in order
    std::vector<FileWrite> files;
    // How "already done" is decided, in words (the check itself is code).
    std::string check;
    StepState state = StepState::Todo;
    std::string unknownReason;                      // with state Unknown: what could not be read, and why
    std::vector<std::vector<std::string>> undo;     // argv lists, run in order
    std::vector<std::string> undoFiles;             // files to restore/remove on undo
    // Undo commands that run after the files are restored (telling a
    // daemon to read its files again): argv lists, run in order.
    std::vector<std::vector<std::string>> undoAfterFiles;
    // The step's kind and its arguments (step_kinds.h): apply describes the
    // step again from them on the live node just before it runs. Empty for a
    // step given as it is (an older plan, a test's plan).
    std::string kind;
    Json kindArgs = Json::object();

    bool done() const { return state == StepState::Done; }
};

const char *stateName(StepState state);
// "todo" for anything else.
StepState stateFromName(const std::string &name);
// A step's already_done, state, unknown_reason and refresh {kind, args} in
// plan JSON, and back (an older plan has only already_done).
void writeStepState(Json &stepJson, const Step &step);
void readStepState(const Json &stepJson, Step &step);

struct Plan {
    Spec spec;
    std::string backend;             // ice | mlx5 | rxe | generic
    std::optional<std::string> device; // RDMA device (existing, or to be created)
    // A step re-creates the RDMA device (the E810's switch to RoCE v2): the
    // later steps find it by its PCI function when they run.
    bool deviceRecreated = false;
    std::vector<Step> steps;
    std::vector<std::string> warnings; // English
    // One {"key", "args"} per warning (plan_texts.h), in the same order; may
    // be shorter for a plan read from an older engine's JSON.
    std::vector<Json> warningKeys;

    void warn(const std::string &key, Json args = Json::object());
};

// From plan JSON: a step's why_key/why_args and the plan's warnings with
// their warning_keys. What an older plan lacks is left empty; keys of the
// wrong shape are ignored (the English texts are what a reader falls back to).
void readWhyKey(const Json &stepJson, Step &step);
void readWarnings(const Json &planJson, Plan &plan);

// Compares the spec with the node as `root` shows it (live or a snapshot)
// and returns the steps. Throws sys::EngineError {"invalid_spec", ...} for a
// spec that cannot apply to this node (unknown interface, the management
// interface, an overlapping subnet...).
Plan makePlan(const Spec &spec, const sys::Root &root);

// The plan as JSON (schema halolink.roce-plan/1), and back.
Json planJson(const Plan &plan);
Plan planFromJson(const Json &doc);

// One shell line for a person to read or copy (every word quoted as needed).
std::string shellLine(const std::vector<std::string> &argv);

} // namespace halolink::roce
