// `halolink-engine plan --spec FILE [--root DIR]` (docs/roce-config.md).

#include <filesystem>
#include <fstream>
#include <sstream>

#include "commands.h"
#include "halolink/protocol.h"
#include "roce/plan.h"
#include "sys/cli.h"
#include "sys/json_out.h"

namespace halolink {

namespace roce {

Json readSpecFile(const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        throw sys::EngineError{"bad_spec_file", "--spec " + path + ": cannot read the file"};
    std::stringstream ss;
    ss << in.rdbuf();
    auto doc = Json::parse(ss.str(), nullptr, false);
    if (doc.is_discarded())
        throw sys::EngineError{"invalid_spec", "spec: " + path + " is not valid JSON"};
    return doc;
}

std::string rootDirOption(const std::optional<std::string> &option)
{
    if (!option)
        return "/";
    std::error_code ec;
    if (option->empty() || !std::filesystem::is_directory(*option, ec))
        throw sys::EngineError{"bad_root", "--root " + *option + ": no such snapshot folder"};
    if (std::filesystem::equivalent(*option, "/", ec))
        return "/";
    return *option;
}

} // namespace roce

int planCommand(const Args &args)
{
    sys::Options opts({"--spec", "--root"}, {"--compact"});
    opts.parse(args);
    if (!opts.positional().empty())
        throw sys::usageError("plan takes no arguments: '" + opts.positional().front() + "'");
    auto specPath = opts.value("--spec");
    if (!specPath)
        throw sys::usageError("plan needs --spec FILE");
    const std::string dir = roce::rootDirOption(opts.value("--root"));
    roce::Spec spec = roce::parseSpec(roce::readSpecFile(*specPath));
    sys::Root root(dir);
    sys::printJson(roce::planJson(roce::makePlan(spec, root)), !opts.has("--compact"));
    return protocol::kExitOk;
}

} // namespace halolink
