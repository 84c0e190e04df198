#pragma once
// The engine's subcommands. Each takes the arguments after its name and
// returns the process exit code; failures throw sys::EngineError.

#include <string>
#include <vector>

namespace halolink {

using Args = std::vector<std::string>;

int probeCommand(const Args &args);
int snapshotCommand(const Args &args);
// engine/bench/
int reflectCommand(const Args &args);
int benchCommand(const Args &args);
// engine/agent/
int agentCommand(const Args &args);
// engine/roce/
int planCommand(const Args &args);
// engine/roce/verify.cpp: the node against a RoCE spec, after apply
int verifyCommand(const Args &args);

// engine/roce/apply.cpp: apply, confirm, rollback, status and the hidden
// roce-watchdog (docs/roce-config.md)
int roceApplyCommand(const Args &args);
int roceConfirmCommand(const Args &args);
int roceRollbackCommand(const Args &args);
int roceStatusCommand(const Args &args);
int roceWatchdogCommand(const Args &args);

// engine/api/: an OpenAI-compatible server's health, models and a timed chat
// completion (docs/engine-commands.md)
int apiCommand(const Args &args);
// engine/monitor/counters_command.cpp: one reading of the traffic counters
int countersCommand(const Args &args);
// engine/exporter/: the node's telemetry for Prometheus on GET /metrics
// (docs/engine-commands.md)
int exporterCommand(const Args &args);
// engine/model/: a model's layers, heads and weight sizes from its GGUF or
// Hugging Face files (docs/model-shape.md)
int modelShapeCommand(const Args &args);

// Runs `argv[1]`'s subcommand; what main() does.
int runEngine(int argc, char **argv);

} // namespace halolink
