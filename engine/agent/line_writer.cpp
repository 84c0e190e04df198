#include "agent/line_writer.h"

#include <cerrno>
#include <unistd.h>

namespace halolink::agent {

LineWriter::LineWriter(int fd, std::function<void()> onBroken)
    : m_fd(fd)
    , m_onBroken(std::move(onBroken))
{
}

bool LineWriter::writeAll(const char *data, std::size_t size)
{
    while (size > 0) {
        ssize_t n = ::write(m_fd, data, size);
        if (n > 0) {
            data += n;
            size -= static_cast<std::size_t>(n);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            return false;
        }
    }
    return true;
}

bool LineWriter::write(std::string_view line)
{
    bool failed = false;
    {
        std::lock_guard lock(m_mutex);
        if (m_broken)
            return false;
        m_buffer.assign(line);
        m_buffer += '\n';
        if (!writeAll(m_buffer.data(), m_buffer.size())) {
            m_broken = true;
            failed = true;
        }
        // A one-off huge line (a probe document) must not pin its memory.
        if (m_buffer.capacity() > (64u << 10))
            std::string().swap(m_buffer);
    }
    if (failed && m_onBroken)
        m_onBroken();
    return !failed;
}

bool LineWriter::write(const Json &doc)
{
    return write(doc.dump(-1, ' ', false, Json::error_handler_t::replace));
}

} // namespace halolink::agent
