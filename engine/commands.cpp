#include "commands.h"

#include <cstdio>
#include <csignal>
#include <exception>
#include <functional>
#include <map>
#include <new>

#include "halolink/protocol.h"
#include "sys/json_out.h"

namespace halolink {

namespace {

constexpr const char *kUsage =
    "usage: halolink-engine COMMAND [OPTIONS]\n"
    "\n"
    "Commands:\n"
    "  probe [--root DIR]             describe this node (schema halolink.probe/1)\n"
    "  snapshot --out DIR             save what probe reads, to replay with --root\n"
    "  reflect [--bind ADDR] [--port P]\n"
    "                                 serve peers' latency/bandwidth tests until killed\n"
    "  bench --peer ADDR --transport tcp|rdma [--test latency|bandwidth] [...]\n"
    "                                 run one test against a reflector (halolink.bench/1)\n"
    "  agent [--root DIR]             JSON-lines session on stdin/stdout (docs/agent-protocol.md)\n"
    "  plan --spec FILE [--root DIR]  the steps that configure RoCE v2 (halolink.roce-plan/1)\n"
    "  apply --spec FILE [--confirm-within SEC] [--journal FILE]\n"
    "                                 apply a RoCE spec (root); roll back unless confirmed in time\n"
    "  confirm [--journal FILE]       keep the applied RoCE change, stop the watchdog\n"
    "  rollback [--journal FILE]      undo the applied RoCE change\n"
    "  status [--journal FILE]        the RoCE change journal's state\n"
    "  verify --spec FILE [--root DIR] [--port N] [--iters N] [--no-bench]\n"
    "                                 check the node against a RoCE spec and run an RDMA\n"
    "                                 latency test to each peer's reflector (halolink.roce-verify/1);\n"
    "                                 exit 1 when a check or a peer fails\n"
    "  api health|models|chat --url http://HOST[:PORT] [--timeout SEC]\n"
    "      [--model M] [--prompt TEXT] [--max-tokens N]\n"
    "                                 check an OpenAI-compatible server (vLLM, llama-server):\n"
    "                                 GET /health, GET /v1/models, or a streamed chat completion\n"
    "                                 timed (time to first token, tokens/s) (halolink.api/1);\n"
    "                                 exit 1 when it fails (\"ok\":false with an error code)\n"
    "  api bench --url http://HOST[:PORT] --model M [--concurrency 1,4,16] [--requests N]\n"
    "      [--max-tokens N] [--seed S] [--prompts FILE] [--timeout SEC] [--api-key-stdin]\n"
    "                                 serving benchmark: greedy streamed chat completions, that\n"
    "                                 many in flight at each level; progress lines, then time to\n"
    "                                 first token, inter-token latency, tokens/s and output digests\n"
    "                                 (halolink.serve_bench/1); SIGTERM/SIGINT/SIGHUP cancel it\n"
    "  counters [--root DIR]          this node's RDMA port and NIC traffic counters, once\n"
    "                                 (halolink.counters/1)\n"
    "  exporter [--listen ADDR:PORT] [--root DIR] [--timeout SEC]\n"
    "                                 serve this node's telemetry to Prometheus (text format\n"
    "                                 0.0.4) on http://ADDR:PORT/metrics until SIGTERM/SIGINT;\n"
    "                                 default 127.0.0.1:9477, [::1]:9477 for IPv6, port 0 picks\n"
    "                                 a free one; a non-loopback address (0.0.0.0:9477) lets\n"
    "                                 anyone who reaches it read the metrics (a warning says so)\n"
    "  model-shape PATH [--kv-bytes B] [--compact]\n"
    "                                 a model's layers, heads, experts and weight sizes read from\n"
    "                                 a .gguf file (the first shard of a split one) or a Hugging\n"
    "                                 Face folder, never its data (halolink.model_shape/1)\n"
    "  --version                      print the engine and protocol versions\n"
    "\n"
    "Exit codes: 0 success, 1 failure (a JSON error on stdout), 2 bad usage.\n";

} // namespace

int runEngine(int argc, char **argv)
{
    // A peer that goes away must end a test with an error, not kill us.
    std::signal(SIGPIPE, SIG_IGN);

    Args all(argv + 1, argv + argc);
    if (all.empty()) {
        std::fputs(kUsage, stderr);
        sys::printError({"usage", "no command given", 2});
        return protocol::kExitUsage;
    }
    const std::string command = all.front();
    Args args(all.begin() + 1, all.end());

    if (command == "--version" || command == "version") {
        std::printf("halolink-engine %s (protocol %d)\n", protocol::kEngineVersion,
                    protocol::kProtocolVersion);
        return protocol::kExitOk;
    }
    if (command == "--help" || command == "-h" || command == "help") {
        std::fputs(kUsage, stdout);
        return protocol::kExitOk;
    }

    static const std::map<std::string, std::function<int(const Args &)>> commands{
        {"probe", probeCommand},
        {"snapshot", snapshotCommand},
        {"reflect", reflectCommand},
        {"bench", benchCommand},
        {"agent", agentCommand},
        {"apply", roceApplyCommand},
        {"confirm", roceConfirmCommand},
        {"rollback", roceRollbackCommand},
        {"status", roceStatusCommand},
        {"roce-watchdog", roceWatchdogCommand},
        {"plan", planCommand},
        {"verify", verifyCommand},
        {"api", apiCommand},
        {"counters", countersCommand},
        {"exporter", exporterCommand},
        {"model-shape", modelShapeCommand},
    };
    auto it = commands.find(command);
    if (it == commands.end()) {
        std::fputs(kUsage, stderr);
        sys::printError({"usage", "unknown command '" + command + "'", 2});
        return protocol::kExitUsage;
    }
    try {
        return it->second(args);
    } catch (const sys::EngineError &e) {
        sys::printError(e);
        return e.exitCode;
    } catch (const std::bad_alloc &) {
        sys::printError({"out_of_memory",
                         "not enough memory for this request (a latency test keeps every sample, 8 bytes "
                         "per iteration: lower --iters)",
                         1});
        return protocol::kExitFailure;
    } catch (const std::exception &e) {
        sys::printError({"internal", e.what(), 1});
        return protocol::kExitFailure;
    }
}

} // namespace halolink
