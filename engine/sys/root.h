#pragma once
// Access to a machine's files through a root: "/" for the live machine, or a
// node snapshot's directory. In replay every path is resolved inside the
// snapshot (absolute symlinks and ".." are clamped to it), so a snapshot can
// never make the engine read the live system.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace halolink::sys {

class Recorder;

// What an external command printed. `found` is false when it is not installed
// (or, in replay, when the snapshot has no output for it).
struct CommandResult {
    bool found = false;
    int exitCode = -1;
    bool timedOut = false;
    std::string out;
    std::string err; // stderr (its last 64 KiB); in replay cmd/<key>.err
    bool ok() const { return found && exitCode == 0 && !timedOut; }
};

// The snapshot file name of a command: argv joined with single spaces, every
// character outside [A-Za-z0-9._-] replaced by '_'.
std::string commandKey(const std::vector<std::string> &argv);

class Root {
public:
    explicit Root(std::string dir = "/");

    bool live() const { return m_live; }
    const std::string &dir() const { return m_dir; }

    // `rel` is a path relative to the root, such as "sys/class/net".
    std::optional<std::string> read(std::string_view rel) const;
    // The first line, with trailing white space removed.
    std::optional<std::string> readLine(std::string_view rel) const;
    std::optional<long long> readInt(std::string_view rel) const;
    // The raw target of a symbolic link.
    std::optional<std::string> readLink(std::string_view rel) const;
    // The last component of a link's target ("../../bus/pci/drivers/ice" -> "ice").
    std::optional<std::string> linkName(std::string_view rel) const;
    // The path (relative to the root, normalised) that a link leads to.
    std::optional<std::string> linkTarget(std::string_view rel) const;
    // Entry names, sorted; empty when the directory is missing.
    std::vector<std::string> list(std::string_view rel) const;
    bool isDir(std::string_view rel) const;
    bool exists(std::string_view rel) const;

    // Where `rel` really is on this machine (after resolving links inside the
    // root), or nullopt when some component does not exist.
    std::optional<std::string> hostPath(std::string_view rel) const;
    // `rel` with every link resolved, relative to the root.
    std::optional<std::string> resolve(std::string_view rel) const;

    // Runs a command live (no shell, LC_ALL=C, bounded time) or answers it
    // from the snapshot's cmd/ folder.
    CommandResult run(const std::vector<std::string> &argv, int timeoutMs = 3000) const;

    void setRecorder(Recorder *recorder) { m_recorder = recorder; }
    Recorder *recorder() const { return m_recorder; }

private:
    std::string m_dir;
    bool m_live;
    Recorder *m_recorder = nullptr;
};

// Collects what a probe looked at, so that a snapshot can copy exactly that.
class Recorder {
public:
    virtual ~Recorder() = default;
    virtual void file(const std::string &rel) = 0;
    virtual void directory(const std::string &rel) = 0;
    virtual void command(const std::vector<std::string> &argv, const CommandResult &result) = 0;
};

// Joins and normalises relative paths ("a/b/../c" -> "a/c"); never climbs
// above the root.
std::string joinPath(std::string_view base, std::string_view rel);
std::string normalizePath(std::string_view path);
std::string dirName(std::string_view path);
std::string baseName(std::string_view path);

} // namespace halolink::sys
