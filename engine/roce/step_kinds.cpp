#include "roce/step_kinds.h"

#include "roce/backend.h"
#include "sys/text.h"

namespace halolink::roce {

namespace {

const StepKind *findIn(std::span<const StepKind> kinds, std::string_view name)
{
    for (const StepKind &k : kinds)
        if (name == k.name)
            return &k;
    return nullptr;
}

std::string joined(const std::vector<std::string> &argv)
{
    std::string s;
    for (const auto &w : argv)
        s += (s.empty() ? "" : " ") + w;
    return s;
}

} // namespace

const StepKind *findStepKind(std::string_view name)
{
    for (auto kinds : {networkStepKinds(), rdmaCmStepKinds(), dcbStepKinds(), persistStepKinds()})
        if (const StepKind *k = findIn(kinds, name))
            return k;
    for (const Backend *b : backends())
        if (const StepKind *k = findIn(b->kinds, name))
            return k;
    return nullptr;
}

void describeStep(Step &step, std::string kind, Json args, const sys::Root &root, Moment moment)
{
    step.kind = std::move(kind);
    step.kindArgs = std::move(args);
    redescribeStep(step, root, moment);
}

void redescribeStep(Step &step, const sys::Root &root, Moment moment)
{
    const StepKind *k = findStepKind(step.kind);
    if (!k)
        throw sys::EngineError{"invalid_plan", "step " + step.id + ": kind \"" + step.kind +
                                                   "\" is not one this engine knows (a plan of another version?)"};
    step.commands.clear();
    step.files.clear();
    step.check.clear();
    step.state = StepState::Todo;
    step.unknownReason.clear();
    step.undo.clear();
    step.undoFiles.clear();
    step.undoAfterFiles.clear();
    k->describe(root, step.kindArgs, step, moment);
    if (step.state != StepState::Todo) {
        step.undo.clear(); // nothing to undo for a step that does not run
        step.undoFiles.clear();
        step.undoAfterFiles.clear();
    }
}

void setUnknown(Step &step, std::string reason)
{
    step.state = StepState::Unknown;
    step.unknownReason = std::move(reason);
}

std::string readFailure(const std::vector<std::string> &argv, const sys::CommandResult &r)
{
    const std::string cmd = "`" + joined(argv) + "`";
    if (!r.found)
        return cmd + ": " + (argv.empty() ? std::string("?") : argv[0]) + " is not installed";
    if (r.timedOut)
        return cmd + " timed out";
    std::string err = sys::trim(r.err);
    if (err.size() > 300)
        err = err.substr(err.size() - 300);
    if (r.exitCode != 0)
        return cmd + " exited " + std::to_string(r.exitCode) + (err.empty() ? "" : ": " + err);
    return cmd + " printed what this engine cannot read";
}

std::string argString(const Json &args, const char *key)
{
    return args.contains(key) && args[key].is_string() ? args[key].get<std::string>() : std::string();
}

int argInt(const Json &args, const char *key, int fallback)
{
    return args.contains(key) && args[key].is_number_integer() ? args[key].get<int>() : fallback;
}

} // namespace halolink::roce
