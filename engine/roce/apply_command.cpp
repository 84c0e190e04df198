// `halolink-engine apply|confirm|rollback|status|roce-watchdog`
// (docs/roce-config.md): options, then apply.h and watchdog.h.

#include <fstream>
#include <sstream>

#include "commands.h"
#include "roce/apply.h"
#include "roce/journal.h"
#include "roce/watchdog.h"
#include "sys/cli.h"

namespace halolink::roce {

namespace {

Json readJsonFile(const std::string &path, const char *code)
{
    std::ifstream in(path);
    if (!in)
        throw sys::EngineError{code, path + ": cannot read"};
    std::stringstream ss;
    ss << in.rdbuf();
    Json doc = Json::parse(ss.str(), nullptr, false);
    if (doc.is_discarded())
        throw sys::EngineError{code, path + ": not valid JSON"};
    return doc;
}

} // namespace

} // namespace halolink::roce

namespace halolink {

namespace {

using roce::readJsonFile;

std::string journalOption(const sys::Options &o)
{
    return o.value("--journal", roce::kDefaultJournal);
}
} // namespace

int roceApplyCommand(const Args &args)
{
    sys::Options o({"--spec", "--plan", "--confirm-within", "--journal"}, {});
    o.parse(args);
    const int within = static_cast<int>(o.integer("--confirm-within", 1, 86400).value_or(120));
    roce::Plan plan;
    if (o.has("--plan") == o.has("--spec"))
        throw sys::usageError("apply needs exactly one of --spec FILE or --plan FILE");
    if (o.has("--plan")) {
        plan = roce::executablePlanFromJson(readJsonFile(*o.value("--plan"), "invalid_plan"));
    } else {
        // Re-plan against the live node: the spec may already be partly in place.
        plan = roce::makePlan(roce::parseSpec(readJsonFile(*o.value("--spec"), "invalid_spec")), sys::Root("/"));
    }
    return roce::applyPlan(plan, within, journalOption(o));
}

int roceConfirmCommand(const Args &args)
{
    sys::Options o({"--journal"}, {});
    o.parse(args);
    return roce::confirmJournal(journalOption(o));
}

int roceRollbackCommand(const Args &args)
{
    sys::Options o({"--journal", "--reason"}, {});
    o.parse(args);
    return roce::rollbackJournal(journalOption(o), o.value("--reason", "requested"));
}

int roceStatusCommand(const Args &args)
{
    sys::Options o({"--journal"}, {});
    o.parse(args);
    return roce::journalStatus(journalOption(o));
}

int roceWatchdogCommand(const Args &args)
{
    sys::Options o({"--journal"}, {});
    o.parse(args);
    if (!o.has("--journal"))
        throw sys::usageError("roce-watchdog needs --journal FILE");
    return roce::watchdogLoop(*o.value("--journal"));
}

} // namespace halolink
