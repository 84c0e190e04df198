#include "bench/sessions.h"

#include <chrono>
#include <sys/socket.h>

namespace halolink::bench {

void SessionTracker::begin(int fd)
{
    std::lock_guard lock(m_mutex);
    ++m_active;
    if (fd >= 0) {
        m_fds.insert(fd);
        // A session that starts while we stop is woken at once.
        if (stopping())
            ::shutdown(fd, SHUT_RDWR);
    }
}

void SessionTracker::end(int fd)
{
    std::lock_guard lock(m_mutex);
    --m_active;
    if (fd >= 0)
        m_fds.erase(fd);
    m_idle.notify_all();
}

void SessionTracker::stopAll()
{
    std::lock_guard lock(m_mutex);
    m_stopping = true;
    for (int fd : m_fds)
        ::shutdown(fd, SHUT_RDWR);
}

bool SessionTracker::waitIdle(int timeoutMs)
{
    std::unique_lock lock(m_mutex);
    return m_idle.wait_for(lock, std::chrono::milliseconds(timeoutMs), [this] { return m_active == 0; });
}

int SessionTracker::active() const
{
    std::lock_guard lock(m_mutex);
    return m_active;
}

} // namespace halolink::bench
