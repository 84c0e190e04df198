#include "monitor/attr_file.h"

#include <cerrno>
#include <charconv>
#include <fcntl.h>
#include <unistd.h>

namespace halolink::monitor {

AttrFile::AttrFile(const std::string &hostPath)
{
    m_fd = ::open(hostPath.c_str(), O_RDONLY | O_CLOEXEC);
}

void AttrFile::reset()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

int AttrFile::readText(char *buf, int size) const
{
    if (m_fd < 0)
        return -1;
    for (;;) {
        ssize_t n = ::pread(m_fd, buf, static_cast<size_t>(size - 1), 0);
        if (n >= 0) {
            buf[n] = '\0';
            return static_cast<int>(n);
        }
        if (errno != EINTR)
            return -1;
    }
}

namespace {

const char *skipSpace(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n'))
        ++p;
    return p;
}

} // namespace

std::optional<std::int64_t> AttrFile::readInt() const
{
    char buf[64];
    const int n = readText(buf, sizeof buf);
    if (n <= 0)
        return std::nullopt;
    const char *p = skipSpace(buf, buf + n);
    std::int64_t v = 0;
    auto [end, ec] = std::from_chars(p, buf + n, v);
    if (ec != std::errc() || end == p)
        return std::nullopt;
    return v;
}

std::optional<std::uint64_t> AttrFile::readCounter() const
{
    char buf[64];
    const int n = readText(buf, sizeof buf);
    if (n <= 0)
        return std::nullopt;
    const char *p = skipSpace(buf, buf + n);
    std::uint64_t v = 0;
    auto [end, ec] = std::from_chars(p, buf + n, v);
    if (ec != std::errc() || end == p)
        return std::nullopt;
    return v;
}

std::optional<std::string_view> AttrFile::readLine(char *buf, int size) const
{
    const int n = readText(buf, size);
    if (n < 0)
        return std::nullopt;
    const char *p = skipSpace(buf, buf + n);
    const char *end = p;
    while (end < buf + n && *end != '\n')
        ++end;
    while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        --end;
    return std::string_view(p, static_cast<std::size_t>(end - p));
}

} // namespace halolink::monitor
