#pragma once
// The agent's telemetry: one thread that samples the Monitor on one timer
// and writes a batched `frame` per tick (as KDE's ksystemstats pushes one
// frame per interval, not one message per sensor). Its rate changes on the
// fly; stop() parks the thread, the destructor ends and joins it.

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

#include "agent/line_writer.h"
#include "sys/root.h"

namespace halolink::agent {

class Telemetry {
public:
    // Devices are looked for again this often, so that a created rxe device
    // or a hot-plugged NIC shows up without a restart.
    static constexpr std::int64_t kRescanNs = 3'000'000'000;
    static constexpr int kMinIntervalMs = 10;
    static constexpr int kMaxIntervalMs = 10000;
    static constexpr int kDefaultIntervalMs = 100;

    Telemetry(sys::Root root, LineWriter &out);
    ~Telemetry();
    Telemetry(const Telemetry &) = delete;
    Telemetry &operator=(const Telemetry &) = delete;

    // Starts frames, or changes the rate of running frames.
    void start(int intervalMs, bool rawCounters);
    void stop();

private:
    void run();

    sys::Root m_root;
    LineWriter &m_out;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_active = false;
    bool m_changed = false;
    bool m_quit = false;
    bool m_rawCounters = true;
    std::int64_t m_intervalNs = std::int64_t(kDefaultIntervalMs) * 1'000'000;
    std::thread m_thread;
};

} // namespace halolink::agent
