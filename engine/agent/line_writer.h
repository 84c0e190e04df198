#pragma once
// The agent's stdout: every reply, frame and event goes through one writer,
// whose mutex makes each line leave in one piece whatever thread wrote it
// (telemetry, mesh peers, bench workers, the request loop).

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

#include "sys/json_out.h"

namespace halolink::agent {

class LineWriter {
public:
    // `fd` is usually 1. `onBroken` runs once when a write fails (the app
    // or the SSH channel went away), so the session can end.
    explicit LineWriter(int fd, std::function<void()> onBroken = {});

    // Writes `line` and a newline with as few write() calls as it takes.
    // False once the output is broken.
    bool write(std::string_view line);
    bool write(const std::string &line) { return write(std::string_view(line)); }
    bool write(const Json &doc);

    bool broken() const { return m_broken.load(std::memory_order_relaxed); }

private:
    bool writeAll(const char *data, std::size_t size);

    int m_fd;
    std::function<void()> m_onBroken;
    std::mutex m_mutex;
    std::string m_buffer; // reused under m_mutex: line + '\n' in one write()
    std::atomic<bool> m_broken { false };
};

} // namespace halolink::agent
