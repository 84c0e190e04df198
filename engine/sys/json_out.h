#pragma once
// JSON output conventions of every engine subcommand (INTERFACES.md section 1).

#include <nlohmann/json.hpp>
#include <string>

namespace halolink {

// Keys keep the order in which they are written, as the schemas list them.
using Json = nlohmann::ordered_json;

namespace sys {

// A failure the engine reports as {"error": {"code", "message"}}.
struct EngineError {
    std::string code;
    std::string message;
    int exitCode = 1;
};

// One JSON document on stdout, flushed.
void printJson(const Json &doc, bool pretty = true);
// The error object on stdout and a readable line on stderr.
void printError(const EngineError &error);
// Writes `doc` as one compact line and flushes (JSON Lines events).
void printEvent(const Json &doc);

} // namespace sys
} // namespace halolink
