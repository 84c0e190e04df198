#pragma once
// The reflector's running test sessions, so that SIGTERM can end them all
// (shut their sockets down, tell RDMA sessions to stop) and wait briefly.

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <set>

namespace halolink::bench {

class SessionTracker {
public:
    // `fd` >= 0: a socket stopAll() shuts down to wake a blocked session.
    void begin(int fd = -1);
    void end(int fd = -1);
    bool stopping() const { return m_stopping.load(std::memory_order_relaxed); }
    void stopAll();
    // True when every session ended within `timeoutMs`.
    bool waitIdle(int timeoutMs);
    int active() const;

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_idle;
    std::set<int> m_fds;
    int m_active = 0;
    std::atomic<bool> m_stopping { false };
};

// begin() on construction, end() on destruction: a session ends however its
// thread leaves.
class SessionGuard {
public:
    SessionGuard(SessionTracker &t, int fd = -1)
        : m_tracker(t)
        , m_fd(fd)
    {
        m_tracker.begin(fd);
    }
    ~SessionGuard() { m_tracker.end(m_fd); }
    SessionGuard(const SessionGuard &) = delete;
    SessionGuard &operator=(const SessionGuard &) = delete;

private:
    SessionTracker &m_tracker;
    int m_fd;
};

} // namespace halolink::bench
