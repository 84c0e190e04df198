#pragma once
// Reading a model file whose every length is untrusted: each read is checked
// against the file's size before it is made, and nothing is allocated from a
// length that was not checked first. Failures are sys::EngineError with the
// file's name and the byte where it went wrong.

#include <cstdint>
#include <string>
#include <vector>

#include "sys/json_out.h"

namespace halolink::model {

sys::EngineError modelError(const std::string &code, const std::string &path, const std::string &what);

class BoundedFile {
public:
    // Throws cannot_open when the file cannot be opened or is not a regular file.
    explicit BoundedFile(std::string path);
    ~BoundedFile();
    BoundedFile(const BoundedFile &) = delete;
    BoundedFile &operator=(const BoundedFile &) = delete;

    const std::string &path() const { return m_path; }
    std::uint64_t size() const { return m_size; }
    // Exactly `n` bytes at `offset`; throws truncated (naming `what`) when
    // they are not all in the file.
    void readAt(std::uint64_t offset, void *out, std::size_t n, const char *what) const;

private:
    std::string m_path;
    int m_fd = -1;
    std::uint64_t m_size = 0;
};

// A forward reader over a BoundedFile with a small buffer: a GGUF vocabulary
// is ~150 000 strings, read or skipped one at a time.
class Cursor {
public:
    Cursor(const BoundedFile &file, std::uint64_t start);

    std::uint64_t pos() const { return m_pos; }
    std::uint64_t remaining() const { return m_file.size() - m_pos; }
    const BoundedFile &file() const { return m_file; }

    void read(void *out, std::size_t n, const char *what);
    // Moves on `n` bytes without reading them; throws length_beyond_file
    // when they go past the end.
    void skip(std::uint64_t n, const char *what);
    std::uint8_t u8(const char *what);
    std::uint16_t u16(const char *what);
    std::uint32_t u32(const char *what);
    std::uint64_t u64(const char *what);
    // A GGUF string (u64 length, then bytes). Longer than `maxStored`: skipped,
    // and `stored` is false (out stays empty).
    std::string string(const char *what, std::uint64_t maxStored, bool *stored = nullptr);

private:
    const BoundedFile &m_file;
    std::uint64_t m_pos;
    std::vector<unsigned char> m_buf;
    std::uint64_t m_bufStart = 0;
    std::size_t m_bufLen = 0;
};

} // namespace halolink::model
