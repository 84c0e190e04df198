#pragma once
// The reflector: serves peers' tests on bind:port until stopped. TCP tests
// on bind:port always; RDMA tests through rdma_cm on the same address and
// port where this node can. One thread accepts; one thread per TCP test
// session, so a slow or vanished client never holds up the others (joined
// when it ends); RDMA sessions belong to RdmaListener and end with the
// tracker. `halolink-engine reflect` (runReflector(), reflector.cpp) runs one
// until a signal; the agent starts and stops one on request.

#include <atomic>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "bench/bench.h"
#include "bench/net.h"
#include "bench/sessions.h"

namespace halolink::bench {

class RdmaListener;

// What the reflector's messages tell the user to do, in the caller's terms
// (the CLI names its options; the agent its request parameters).
struct ReflectorWording {
    std::string choosePort = "choose another port"; // after "... is already in use"
    std::string rdmaOff = "disabled"; // rdmaReason() when ReflectParams::rdma is false
};

class ReflectorService {
public:
    using LogFn = std::function<void(const std::string &)>;

    ~ReflectorService();
    ReflectorService(const ReflectorService &) = delete;
    ReflectorService &operator=(const ReflectorService &) = delete;

    // Binds and starts serving. Port 0 picks a free port (see port()).
    // Throws sys::EngineError (port_in_use, bad_address, system_error).
    static std::unique_ptr<ReflectorService> start(
        const ReflectParams &p, LogFn log = {}, ReflectorWording wording = {});

    const std::string &bind() const { return m_bind; }
    int port() const { return m_port; }
    bool rdma() const { return m_rdma != nullptr; }
    const std::string &rdmaReason() const { return m_rdmaReason; }

    // Stops accepting, ends every session and joins every thread it owns.
    // RDMA sessions stuck in the kernel are given up to `timeoutMs`; false
    // when one is still running then (it is left to the end of the process).
    bool stop(int timeoutMs = 500);

private:
    ReflectorService() = default;
    void acceptLoop();
    void serveTcp(Fd fd, std::string peer);
    void reapFinished();
    void log(const std::string &line) const;

    struct Session {
        std::thread thread;
        std::atomic<bool> done { false };
    };

    std::string m_bind;
    int m_port = 0;
    std::string m_rdmaReason;
    LogFn m_log;
    Fd m_listener;
    Fd m_wake; // eventfd: stop() wakes the accept loop
    // Owned; deliberately leaked if an RDMA session outlives stop().
    std::unique_ptr<SessionTracker> m_sessions;
    std::unique_ptr<RdmaListener> m_rdma;
    std::thread m_acceptThread;
    std::mutex m_mutex; // guards m_tcpSessions
    std::list<Session> m_tcpSessions;
    std::atomic<bool> m_stopped { false };
    bool m_idle = true; // what stop() found
};

} // namespace halolink::bench
