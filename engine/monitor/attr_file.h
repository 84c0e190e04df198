#pragma once
// One sysfs/procfs attribute kept open for the life of a telemetry session
// and re-read with pread() at offset 0: the kernel regenerates the text on
// every read from the start, so a sample costs one system call and no
// path lookup, allocation or open/close.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace halolink::monitor {

class AttrFile {
public:
    AttrFile() = default;
    // `hostPath` as sys::Root::hostPath() gives it; an invalid file when it
    // cannot be opened (the value is then null).
    explicit AttrFile(const std::string &hostPath);
    ~AttrFile() { reset(); }
    AttrFile(const AttrFile &) = delete;
    AttrFile &operator=(const AttrFile &) = delete;
    AttrFile(AttrFile &&o) noexcept
        : m_fd(std::exchange(o.m_fd, -1))
    {
    }
    AttrFile &operator=(AttrFile &&o) noexcept
    {
        if (this != &o) {
            reset();
            m_fd = std::exchange(o.m_fd, -1);
        }
        return *this;
    }

    bool valid() const { return m_fd >= 0; }
    // The leading decimal number ("123\n", "-5"); nullopt on a read error
    // (a device that went away) or text that is not a number.
    std::optional<std::int64_t> readInt() const;
    std::optional<std::uint64_t> readCounter() const;
    // The first line without its blanks ("up", "4: ACTIVE"), in `buf`;
    // nullopt on a read error.
    std::optional<std::string_view> readLine(char *buf, int size) const;

private:
    void reset();
    // Reads at most `size` - 1 bytes at offset 0; returns the length or -1.
    int readText(char *buf, int size) const;
    int m_fd = -1;
};

} // namespace halolink::monitor
