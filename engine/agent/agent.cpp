#include "agent/agent.h"

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "bench/bench.h"
#include "halolink/protocol.h"
#include "probe/probe.h"
#include "sys/cli.h"

namespace halolink::agent {

namespace {

constexpr const char *kInvalidParams = "invalid_params";

struct ParamError {
    std::string message;
};

const Json *param(const Json &params, const char *key)
{
    auto it = params.find(key);
    if (it == params.end() || it->is_null())
        return nullptr;
    return &*it;
}

std::int64_t intParam(
    const Json &params, const char *key, std::int64_t fallback, std::int64_t min, std::int64_t max)
{
    const Json *v = param(params, key);
    if (!v)
        return fallback;
    if (!v->is_number_integer())
        throw ParamError { std::string("'") + key + "' must be a whole number" };
    const std::int64_t n = v->get<std::int64_t>();
    if (n < min || n > max)
        throw ParamError { std::string("'") + key + "' must be within " + std::to_string(min) + ".."
            + std::to_string(max) + ", not " + std::to_string(n) };
    return n;
}

bool boolParam(const Json &params, const char *key, bool fallback)
{
    const Json *v = param(params, key);
    if (!v)
        return fallback;
    if (!v->is_boolean())
        throw ParamError { std::string("'") + key + "' must be true or false" };
    return v->get<bool>();
}

std::string stringParam(const Json &params, const char *key, const std::string &fallback)
{
    const Json *v = param(params, key);
    if (!v)
        return fallback;
    if (!v->is_string())
        throw ParamError { std::string("'") + key + "' must be a string" };
    return v->get<std::string>();
}

std::int64_t realtimeNs()
{
    timespec ts;
    ::clock_gettime(CLOCK_REALTIME, &ts);
    return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// The `bench` method's params as the `bench` subcommand's options, so that
// both are validated by the same parser and mean the same thing.
Args benchArgs(const Json &params)
{
    static const std::map<std::string, std::pair<std::string, char>> options {
        { "peer", { "--peer", 's' } },
        { "port", { "--port", 'i' } },
        { "transport", { "--transport", 's' } },
        { "test", { "--test", 's' } },
        { "size", { "--size", 'i' } },
        { "iters", { "--iters", 'i' } },
        { "warmup", { "--warmup", 'i' } },
        { "duration_s", { "--duration", 'n' } },
        { "device", { "--device", 's' } },
        { "gid_index", { "--gid-index", 'i' } },
        { "tos", { "--tos", 'i' } },
        { "busy_poll", { "--busy-poll", 'b' } },
    };
    Args args;
    for (auto it = params.begin(); it != params.end(); ++it) {
        auto o = options.find(it.key());
        if (o == options.end())
            throw ParamError { "unknown bench parameter '" + it.key() + "'" };
        const Json &v = it.value();
        if (v.is_null())
            continue;
        const auto &[flag, type] = o->second;
        switch (type) {
        case 's':
            if (!v.is_string())
                throw ParamError { "'" + it.key() + "' must be a string" };
            args.push_back(flag);
            args.push_back(v.get<std::string>());
            break;
        case 'i':
            if (!v.is_number_integer())
                throw ParamError { "'" + it.key() + "' must be a whole number" };
            args.push_back(flag);
            args.push_back(std::to_string(v.get<std::int64_t>()));
            break;
        case 'n':
            if (!v.is_number())
                throw ParamError { "'" + it.key() + "' must be a number" };
            args.push_back(flag);
            args.push_back(v.dump());
            break;
        case 'b':
            if (!v.is_boolean())
                throw ParamError { "'" + it.key() + "' must be true or false" };
            if (v.get<bool>())
                args.push_back(flag);
            break;
        }
    }
    return args;
}

// Ends the process if the orderly stop of the session takes too long (a
// bench or an RDMA connection in the middle of a kernel timeout): the app
// was promised that end of input ends the agent within a second, and the
// kernel releases sockets and RDMA resources of an exiting process anyway.
class StopDeadline {
public:
    explicit StopDeadline(int ms)
    {
        m_thread = std::thread([this, ms] {
            std::unique_lock lock(m_mutex);
            if (!m_done.wait_for(lock, std::chrono::milliseconds(ms), [this] { return m_disarmed; })) {
                std::fprintf(stderr, "halolink-engine agent: stopping took over %d ms; exiting now\n", ms);
                std::fflush(stderr);
                ::_exit(protocol::kExitOk);
            }
        });
    }
    ~StopDeadline()
    {
        {
            std::lock_guard lock(m_mutex);
            m_disarmed = true;
        }
        m_done.notify_all();
        m_thread.join();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_done;
    bool m_disarmed = false;
    std::thread m_thread;
};

} // namespace

AgentOptions parseAgentArgs(const Args &args)
{
    sys::Options o({ "--root" }, {});
    o.parse(args);
    if (!o.positional().empty())
        throw sys::usageError("unexpected argument '" + o.positional().front() + "'");
    AgentOptions options;
    options.root = o.value("--root", "/");
    if (options.root.empty())
        throw sys::usageError("--root needs a directory");
    return options;
}

Agent::Agent(const AgentOptions &options)
    : m_options(options)
    , m_root(options.root)
    , m_wake(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK))
    , m_out(options.outFd, [this] { wake(); })
    , m_telemetry(sys::Root(options.root), m_out)
    , m_mesh(m_out)
{
    if (!m_wake.valid())
        throw sys::EngineError { "system_error", std::string("eventfd: ") + std::strerror(errno), 1 };
    m_handlers = {
        { "ping", &Agent::ping },
        { "probe", &Agent::probe },
        { "telemetry.start", &Agent::telemetryStart },
        { "telemetry.stop", &Agent::telemetryStop },
        { "reflector.start", &Agent::reflectorStart },
        { "reflector.stop", &Agent::reflectorStop },
        { "mesh.set_peers", &Agent::meshSetPeers },
        { "bench", &Agent::bench },
        { "model_shape", &Agent::modelShape },
        { "exec", &Agent::exec },
        { "exec.cancel", &Agent::execCancel },
        { "shutdown", &Agent::shutdown },
    };
}

Agent::~Agent()
{
    stopEverything();
}

void Agent::log(const std::string &line) const
{
    std::fprintf(stderr, "halolink-engine agent: %s\n", line.c_str());
}

void Agent::wake()
{
    const std::uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(m_wake.get(), &one, sizeof one);
}

int Agent::run()
{
    Json hello;
    hello["event"] = "hello";
    hello["engine_version"] = protocol::kEngineVersion;
    hello["protocol"] = protocol::kProtocolVersion;
    hello["capabilities"] = { "probe", "telemetry", "mesh", "bench", "reflector", "model_shape", "exec" };
    const auto hostname = m_root.readLine("proc/sys/kernel/hostname");
    hello["hostname"] = hostname ? Json(*hostname) : Json(nullptr);
    hello["pid"] = ::getpid();
    m_out.write(hello);

    std::vector<char> buffer(64u << 10);
    while (!m_quit && !m_out.broken()) {
        pollfd fds[2] = { { m_options.inFd, POLLIN, 0 }, { m_wake.get(), POLLIN, 0 } };
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            log(std::string("poll: ") + std::strerror(errno));
            break;
        }
        if (fds[1].revents & POLLIN) {
            std::uint64_t count;
            [[maybe_unused]] ssize_t n = ::read(m_wake.get(), &count, sizeof count);
            reapTasks();
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            ssize_t n = ::read(m_options.inFd, buffer.data(), buffer.size());
            if (n > 0) {
                feed(buffer.data(), static_cast<std::size_t>(n));
            } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                // The app closed the pipe, or the SSH channel went away.
                if (!m_pending.empty() && !m_discarding)
                    handleLine(m_pending);
                break;
            }
        }
    }
    stopEverything();
    return protocol::kExitOk;
}

void Agent::stopEverything()
{
    StopDeadline deadline(kStopDeadlineMs);
    stopExecs();
    m_telemetry.stop();
    m_mesh.stop();
    if (m_reflector) {
        m_reflector->stop();
        m_reflector.reset();
    }
    for (auto &t : m_tasks)
        t.thread.join();
    m_tasks.clear();
}

void Agent::feed(const char *data, std::size_t size)
{
    const char *end = data + size;
    while (data < end) {
        const char *nl
            = static_cast<const char *>(std::memchr(data, '\n', static_cast<std::size_t>(end - data)));
        const char *stop = nl ? nl : end;
        if (!m_discarding) {
            m_pending.append(data, static_cast<std::size_t>(stop - data));
            if (m_pending.size() > kMaxLineBytes) {
                m_discarding = true;
                std::string().swap(m_pending);
            }
        }
        if (!nl)
            return;
        if (m_discarding) {
            m_discarding = false;
            badRequest("line longer than " + std::to_string(kMaxLineBytes) + " bytes; skipped", std::nullopt);
        } else {
            handleLine(m_pending);
            m_pending.clear();
            if (m_pending.capacity() > (64u << 10))
                std::string().swap(m_pending);
        }
        data = nl + 1;
    }
}

void Agent::handleLine(std::string_view line)
{
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
        line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos)
        return; // blank lines are harmless: ignore them

    Json request = Json::parse(line, nullptr, false);
    if (request.is_discarded()) {
        badRequest("not JSON", std::nullopt);
        return;
    }
    if (!request.is_object()) {
        badRequest("a request must be a JSON object", std::nullopt);
        return;
    }
    std::optional<std::int64_t> id;
    auto idIt = request.find("id");
    if (idIt != request.end() && idIt->is_number_integer())
        id = idIt->get<std::int64_t>();
    if (!id) {
        badRequest(idIt == request.end() ? "no 'id'" : "'id' must be an integer", std::nullopt);
        return;
    }
    auto methodIt = request.find("method");
    if (methodIt == request.end() || !methodIt->is_string()) {
        badRequest(methodIt == request.end() ? "no 'method'" : "'method' must be a string", id);
        return;
    }
    Json params = Json::object();
    if (auto p = request.find("params"); p != request.end() && !p->is_null()) {
        if (!p->is_object()) {
            badRequest("'params' must be an object", id);
            return;
        }
        params = *p;
    }
    const std::string method = methodIt->get<std::string>();
    auto handler = m_handlers.find(method);
    if (handler == m_handlers.end()) {
        replyError(*id, "unknown_method", "no method '" + method + "'");
        return;
    }
    try {
        (this->*handler->second)(*id, params);
    } catch (const ParamError &e) {
        replyError(*id, kInvalidParams, e.message);
    } catch (const sys::EngineError &e) {
        replyError(*id, e.code, e.message);
    } catch (const std::exception &e) {
        replyError(*id, "internal", e.what());
    }
}

void Agent::badRequest(const std::string &message, const std::optional<std::int64_t> &id)
{
    Json e;
    e["event"] = "error";
    if (id)
        e["id"] = *id;
    e["error"] = { { "code", "bad_request" }, { "message", message } };
    m_out.write(e);
}

void Agent::reply(std::int64_t id, Json result)
{
    Json r;
    r["id"] = id;
    r["result"] = std::move(result);
    m_out.write(r);
}

void Agent::replyError(std::int64_t id, const std::string &code, const std::string &message, Json extra)
{
    Json r;
    r["id"] = id;
    Json error = { { "code", code }, { "message", message } };
    for (auto it = extra.begin(); it != extra.end(); ++it)
        error[it.key()] = it.value();
    r["error"] = std::move(error);
    m_out.write(r);
}

void Agent::runTask(std::function<void()> work)
{
    Task &t = m_tasks.emplace_back();
    t.thread = std::thread([this, &t, work = std::move(work)] {
        try {
            work();
        } catch (const std::exception &e) {
            log(std::string("task failed: ") + e.what());
        }
        t.done = true;
        wake();
    });
}

void Agent::reapTasks()
{
    for (auto it = m_tasks.begin(); it != m_tasks.end();) {
        if (it->done) {
            it->thread.join();
            it = m_tasks.erase(it);
        } else {
            ++it;
        }
    }
}

// ---------------------------------------------------------------- methods

void Agent::ping(std::int64_t id, const Json &)
{
    reply(id, { { "time_ns", realtimeNs() } });
}

void Agent::probe(std::int64_t id, const Json &)
{
    // Probing runs commands (ip, ethtool, devlink) with timeouts of seconds:
    // never on the request loop.
    runTask([this, id] {
        try {
            reply(id, probe::probe(m_root));
        } catch (const sys::EngineError &e) {
            replyError(id, e.code, e.message);
        }
    });
}

void Agent::telemetryStart(std::int64_t id, const Json &params)
{
    const int interval = static_cast<int>(intParam(params, "interval_ms", Telemetry::kDefaultIntervalMs,
        Telemetry::kMinIntervalMs, Telemetry::kMaxIntervalMs));
    const bool raw = boolParam(params, "raw_counters", true);
    // Reply first: the reply precedes the first frame on the stream.
    reply(id, { { "interval_ms", interval }, { "raw_counters", raw } });
    m_telemetry.start(interval, raw);
}

void Agent::telemetryStop(std::int64_t id, const Json &)
{
    m_telemetry.stop();
    reply(id, Json::object());
}

void Agent::reflectorStart(std::int64_t id, const Json &params)
{
    bench::ReflectParams p;
    p.bind = stringParam(params, "bind", "0.0.0.0");
    p.port = static_cast<int>(intParam(params, "port", bench::kDefaultPort, 0, 65535));
    p.rdma = boolParam(params, "rdma", true);
    if (m_reflector) {
        // Started again (new port, new address): the old one goes first.
        m_reflector->stop();
        m_reflector.reset();
    }
    m_reflector
        = bench::ReflectorService::start(p, [this](const std::string &line) { log("reflector: " + line); });
    Json r;
    r["bind"] = m_reflector->bind();
    r["port"] = m_reflector->port();
    r["tcp"] = true;
    r["rdma"] = m_reflector->rdma();
    r["rdma_reason"] = m_reflector->rdma() ? Json(nullptr) : Json(m_reflector->rdmaReason());
    reply(id, std::move(r));
}

void Agent::reflectorStop(std::int64_t id, const Json &)
{
    if (m_reflector) {
        m_reflector->stop();
        m_reflector.reset();
    }
    reply(id, Json::object());
}

void Agent::meshSetPeers(std::int64_t id, const Json &params)
{
    MeshSettings s;
    s.intervalMs = static_cast<int>(intParam(params, "interval_ms", 1000, 100, 60000));
    s.burst = static_cast<int>(intParam(params, "burst", 20, 1, 1000));
    s.size = static_cast<std::uint32_t>(intParam(params, "size", 8, 1, 65536));
    s.rdma = boolParam(params, "rdma", true);
    const Json *peers = param(params, "peers");
    if (peers && !peers->is_array())
        throw ParamError { "'peers' must be a list" };
    if (peers) {
        for (const auto &p : *peers) {
            if (!p.is_object())
                throw ParamError { "each peer must be an object {\"name\", \"address\", \"port\"}" };
            MeshPeer peer;
            peer.address = stringParam(p, "address", "");
            if (peer.address.empty())
                throw ParamError { "each peer needs an 'address'" };
            peer.name = stringParam(p, "name", peer.address);
            peer.port = static_cast<int>(intParam(p, "port", bench::kDefaultPort, 1, 65535));
            s.peers.push_back(std::move(peer));
        }
    }
    reply(id, { { "peers", s.peers.size() } });
    m_mesh.setPeers(s);
}

void Agent::bench(std::int64_t id, const Json &params)
{
    bench::BenchParams p;
    try {
        p = bench::parseBenchArgs(benchArgs(params));
    } catch (const sys::EngineError &e) {
        throw ParamError { e.message };
    }
    if (m_benchRunning.exchange(true)) {
        replyError(id, "busy", "a bench is already running on this node; one at a time keeps results honest");
        return;
    }
    runTask([this, id, p] {
        Json line;
        line["id"] = id;
        try {
            const bench::BenchResult r
                = p.transport == bench::Transport::Tcp ? bench::runTcpBench(p) : bench::runRdmaBench(p);
            line["result"] = bench::benchDocument(p, r);
        } catch (const sys::EngineError &e) {
            line["error"] = { { "code", e.code }, { "message", e.message } };
        } catch (const bench::PeerLost &lost) {
            line["error"] = { { "code", bench::errors::kPeerLost },
                { "message", "lost the peer " + p.peer + " mid-test " + lost.message },
                { "completed_iters", lost.completedIters } };
        }
        // Free before the answer goes out: the app may ask for the next
        // bench the moment it reads this one's result.
        m_benchRunning = false;
        m_out.write(line);
    });
}

void Agent::shutdown(std::int64_t id, const Json &)
{
    reply(id, Json::object());
    m_quit = true;
}

} // namespace halolink::agent

namespace halolink {

int agentCommand(const Args &args)
{
    agent::Agent session(agent::parseAgentArgs(args));
    return session.run();
}

} // namespace halolink
