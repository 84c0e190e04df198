#include "model/bounded_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace halolink::model {

namespace {

constexpr std::size_t kBufferSize = 64 * 1024;

std::uint64_t fromLittleEndian(const unsigned char *p, std::size_t n)
{
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i)
        v |= std::uint64_t(p[i]) << (8 * i);
    return v;
}

} // namespace

sys::EngineError modelError(const std::string &code, const std::string &path, const std::string &what)
{
    return sys::EngineError{code, path + ": " + what, 1};
}

BoundedFile::BoundedFile(std::string path)
    : m_path(std::move(path))
{
    m_fd = ::open(m_path.c_str(), O_RDONLY | O_CLOEXEC);
    if (m_fd < 0)
        throw modelError("cannot_open", m_path, std::strerror(errno));
    struct stat st {};
    if (::fstat(m_fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(m_fd);
        m_fd = -1;
        throw modelError("cannot_open", m_path, "not a regular file");
    }
    m_size = static_cast<std::uint64_t>(st.st_size);
}

BoundedFile::~BoundedFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void BoundedFile::readAt(std::uint64_t offset, void *out, std::size_t n, const char *what) const
{
    if (offset > m_size || n > m_size - offset) {
        throw modelError("truncated", m_path,
                         "truncated at byte " + std::to_string(m_size) + " (the end of the file) while reading "
                             + what + " at byte " + std::to_string(offset));
    }
    auto *dst = static_cast<unsigned char *>(out);
    std::size_t done = 0;
    while (done < n) {
        ssize_t got = ::pread(m_fd, dst + done, n - done, static_cast<off_t>(offset + done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            throw modelError(got < 0 ? "read_failed" : "truncated", m_path,
                             (got < 0 ? std::string(std::strerror(errno)) : std::string("file ended"))
                                 + " at byte " + std::to_string(offset + done) + " while reading " + what);
        }
        done += static_cast<std::size_t>(got);
    }
}

Cursor::Cursor(const BoundedFile &file, std::uint64_t start)
    : m_file(file)
    , m_pos(start)
{
}

void Cursor::read(void *out, std::size_t n, const char *what)
{
    auto *dst = static_cast<unsigned char *>(out);
    if (m_pos >= m_bufStart && n <= m_bufLen && m_pos - m_bufStart <= m_bufLen - n) {
        std::memcpy(dst, m_buf.data() + (m_pos - m_bufStart), n);
        m_pos += n;
        return;
    }
    if (m_pos > m_file.size() || n > m_file.size() - m_pos)
        m_file.readAt(m_pos, out, n, what); // throws truncated with the position
    if (n >= kBufferSize) {
        m_file.readAt(m_pos, out, n, what);
        m_pos += n;
        return;
    }
    const std::uint64_t left = m_file.size() - m_pos;
    const std::size_t fill = left < kBufferSize ? static_cast<std::size_t>(left) : kBufferSize;
    m_buf.resize(kBufferSize);
    m_file.readAt(m_pos, m_buf.data(), fill, what);
    m_bufStart = m_pos;
    m_bufLen = fill;
    std::memcpy(dst, m_buf.data(), n);
    m_pos += n;
}

void Cursor::skip(std::uint64_t n, const char *what)
{
    if (n > remaining()) {
        throw modelError("length_beyond_file", m_file.path(),
                         std::string(what) + " at byte " + std::to_string(m_pos) + " needs " + std::to_string(n)
                             + " bytes, past the end of the file (" + std::to_string(m_file.size()) + " bytes)");
    }
    m_pos += n;
}

std::uint8_t Cursor::u8(const char *what)
{
    unsigned char b[1];
    read(b, 1, what);
    return b[0];
}

std::uint16_t Cursor::u16(const char *what)
{
    unsigned char b[2];
    read(b, 2, what);
    return static_cast<std::uint16_t>(fromLittleEndian(b, 2));
}

std::uint32_t Cursor::u32(const char *what)
{
    unsigned char b[4];
    read(b, 4, what);
    return static_cast<std::uint32_t>(fromLittleEndian(b, 4));
}

std::uint64_t Cursor::u64(const char *what)
{
    unsigned char b[8];
    read(b, 8, what);
    return fromLittleEndian(b, 8);
}

std::string Cursor::string(const char *what, std::uint64_t maxStored, bool *stored)
{
    const std::uint64_t at = m_pos;
    const std::uint64_t len = u64(what);
    if (len > remaining()) {
        throw modelError("length_beyond_file", m_file.path(),
                         std::string(what) + ": the length " + std::to_string(len) + " at byte " + std::to_string(at)
                             + " is larger than the rest of the file (" + std::to_string(remaining()) + " bytes)");
    }
    if (len > maxStored) {
        skip(len, what);
        if (stored)
            *stored = false;
        return {};
    }
    std::string s(static_cast<std::size_t>(len), '\0');
    read(s.data(), s.size(), what);
    if (stored)
        *stored = true;
    return s;
}

} // namespace halolink::model
