#pragma once
// `halolink-engine agent`: the long-lived JSON-lines session between a node
// and the app (docs/agent-protocol.md). The calling thread reads requests
// from stdin and dispatches them; telemetry, the mesh, the reflector and
// slow requests (probe, bench) run on their own threads, and every line
// they write goes through one LineWriter. End of stdin, a broken stdout or
// `shutdown` ends the session within a second, stopping everything.

#include <atomic>
#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include <sys/types.h>

#include "agent/line_writer.h"
#include "agent/mesh.h"
#include "agent/telemetry.h"
#include "bench/net.h"
#include "bench/reflector_service.h"
#include "commands.h"
#include "sys/root.h"

namespace halolink::agent {

struct AgentOptions {
    std::string root = "/"; // --root DIR: telemetry and probe read DIR (tests)
    int inFd = 0;
    int outFd = 1;
};

AgentOptions parseAgentArgs(const Args &args);

class Agent {
public:
    // Longest request line; a longer one is skipped and answered.
    static constexpr std::size_t kMaxLineBytes = 1u << 20;
    // Time the orderly stop gets before the process leaves anyway.
    static constexpr int kStopDeadlineMs = 900;

    explicit Agent(const AgentOptions &options);
    ~Agent();

    // Runs the session; returns the exit code.
    int run();

private:
    using Handler = void (Agent::*)(std::int64_t id, const Json &params);

    void feed(const char *data, std::size_t size);
    void handleLine(std::string_view line);
    void badRequest(const std::string &message, const std::optional<std::int64_t> &id);
    void reply(std::int64_t id, Json result);
    void replyError(
        std::int64_t id, const std::string &code, const std::string &message, Json extra = Json::object());
    void runTask(std::function<void()> work);
    void reapTasks();
    void wake();
    void stopEverything();
    void log(const std::string &line) const;

    void ping(std::int64_t id, const Json &params);
    void probe(std::int64_t id, const Json &params);
    void telemetryStart(std::int64_t id, const Json &params);
    void telemetryStop(std::int64_t id, const Json &params);
    void reflectorStart(std::int64_t id, const Json &params);
    void reflectorStop(std::int64_t id, const Json &params);
    void meshSetPeers(std::int64_t id, const Json &params);
    void bench(std::int64_t id, const Json &params);
    void modelShape(std::int64_t id, const Json &params); // agent_model.cpp
    void exec(std::int64_t id, const Json &params);       // agent_exec.cpp
    void execCancel(std::int64_t id, const Json &params);
    void runExec(std::int64_t id, const std::string &command, const std::string &input);
    void stopExecs();
    void shutdown(std::int64_t id, const Json &params);

    struct Task {
        std::thread thread;
        std::atomic<bool> done { false };
    };

    AgentOptions m_options;
    sys::Root m_root;
    bench::Fd m_wake; // eventfd: tasks finished, or stdout broke
    LineWriter m_out;
    Telemetry m_telemetry;
    Mesh m_mesh;
    std::unique_ptr<bench::ReflectorService> m_reflector;
    std::map<std::string, Handler, std::less<>> m_handlers;
    std::list<Task> m_tasks;
    std::atomic<bool> m_benchRunning { false };
    std::mutex m_execMutex;
    std::map<std::int64_t, pid_t> m_execRuns; // exec request -> its process group
    std::string m_pending; // bytes of a line not yet ended
    bool m_discarding = false; // inside a line that is too long
    bool m_quit = false;
};

} // namespace halolink::agent
