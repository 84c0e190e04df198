#include "agent/telemetry.h"

#include <chrono>
#include <ctime>
#include <string>

#include "monitor/monitor.h"

namespace halolink::agent {

namespace {

std::int64_t clockNs(clockid_t clock)
{
    timespec ts;
    ::clock_gettime(clock, &ts);
    return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// steady_clock is CLOCK_MONOTONIC on Linux, so deadlines computed from
// clockNs(CLOCK_MONOTONIC) convert exactly.
std::chrono::steady_clock::time_point monotonicPoint(std::int64_t ns)
{
    return std::chrono::steady_clock::time_point(std::chrono::nanoseconds(ns));
}

} // namespace

Telemetry::Telemetry(sys::Root root, LineWriter &out)
    : m_root(std::move(root))
    , m_out(out)
{
}

Telemetry::~Telemetry()
{
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void Telemetry::start(int intervalMs, bool rawCounters)
{
    {
        std::lock_guard lock(m_mutex);
        m_intervalNs = std::int64_t(intervalMs) * 1'000'000;
        m_rawCounters = rawCounters;
        m_changed = m_active;
        m_active = true;
        if (!m_thread.joinable())
            m_thread = std::thread(&Telemetry::run, this);
    }
    m_wake.notify_all();
}

void Telemetry::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_active = false;
    }
    m_wake.notify_all();
}

void Telemetry::run()
{
    monitor::Monitor monitor(m_root);
    std::string frame;
    frame.reserve(4096);
    std::uint64_t seq = 0;
    bool sampling = false;
    std::int64_t next = 0;
    std::int64_t lastTick = 0;
    std::int64_t lastScan = 0;

    std::unique_lock lock(m_mutex);
    while (!m_quit) {
        if (!m_active) {
            sampling = false;
            m_wake.wait(lock, [this] { return m_quit || m_active; });
            continue;
        }
        if (!sampling) {
            // (Re)started: find devices now; the first frame goes out at
            // once and has null rates.
            lock.unlock();
            monitor.rescan();
            monitor.resetRates();
            lastScan = clockNs(CLOCK_MONOTONIC);
            lock.lock();
            sampling = true;
            m_changed = false;
            next = lastTick = clockNs(CLOCK_MONOTONIC);
            continue;
        }
        if (m_changed) {
            // A new rate counts from the last frame, not from the request.
            m_changed = false;
            next = std::max(lastTick + m_intervalNs, clockNs(CLOCK_MONOTONIC));
        }
        if (m_wake.wait_until(
                lock, monotonicPoint(next), [this] { return m_quit || !m_active || m_changed; }))
            continue;
        const std::int64_t interval = m_intervalNs;
        monitor.setRawCounters(m_rawCounters);
        lock.unlock();

        std::int64_t now = clockNs(CLOCK_MONOTONIC);
        if (now - lastScan >= kRescanNs) {
            monitor.rescan();
            lastScan = now = clockNs(CLOCK_MONOTONIC);
        }
        frame.clear();
        monitor.sample(seq++, clockNs(CLOCK_REALTIME), now, interval, frame);
        m_out.write(frame);
        if (frame.capacity() > (1u << 20))
            std::string().swap(frame);

        // Ticks stay on a fixed grid; a tick missed (the machine stalled)
        // is skipped, never made up with a burst of frames.
        lastTick = next;
        next += interval;
        now = clockNs(CLOCK_MONOTONIC);
        if (next <= now)
            next = now + interval - (now - lastTick) % interval;
        lock.lock();
    }
}

} // namespace halolink::agent
