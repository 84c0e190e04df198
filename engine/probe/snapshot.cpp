#include "probe/snapshot.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "halolink/protocol.h"
#include "probe/probe.h"
#include "sys/cli.h"
#include "sys/dl.h"
#include "sys/root.h"
#include "sys/text.h"

namespace halolink {

namespace probe {

namespace {

namespace fs = std::filesystem;

class SnapshotRecorder final : public sys::Recorder {
public:
    void file(const std::string &rel) override { m_files.insert(rel); }
    void directory(const std::string &rel) override { m_dirs.insert(rel); }
    void command(const std::vector<std::string> &argv, const sys::CommandResult &result) override
    {
        if (result.found && !result.timedOut)
            m_commands[sys::commandKey(argv)] = result;
    }

    std::set<std::string> m_files;
    std::set<std::string> m_dirs;
    std::map<std::string, sys::CommandResult> m_commands;
};

void writeFile(const std::string &path, const std::string &content)
{
    fs::create_directories(fs::path(path).parent_path());
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        throw sys::EngineError{"write_failed", path + ": " + std::strerror(errno)};
    size_t off = 0;
    while (off < content.size()) {
        ssize_t n = ::write(fd, content.data() + off, content.size() - off);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            ::close(fd);
            throw sys::EngineError{"write_failed", path + ": " + std::strerror(e)};
        }
        off += static_cast<size_t>(n);
    }
    if (::close(fd) != 0)
        throw sys::EngineError{"write_failed", path + ": " + std::strerror(errno)};
}

// Copies live `rel` into the snapshot, recreating every link met on the way
// as the same (relative) link, so paths resolve in the snapshot as they do
// under "/".
void copyPath(const std::string &out, const std::string &rel, int depth = 0)
{
    if (depth > 40)
        return;
    auto parts = sys::split(sys::normalizePath(rel), '/');
    std::string cur;
    for (size_t i = 0; i < parts.size(); ++i) {
        std::string next = cur.empty() ? parts[i] : cur + "/" + parts[i];
        std::string live = "/" + next;
        struct stat st{};
        if (::lstat(live.c_str(), &st) != 0)
            return;
        if (S_ISLNK(st.st_mode)) {
            char buf[4096];
            ssize_t n = ::readlink(live.c_str(), buf, sizeof buf - 1);
            if (n < 0)
                return;
            std::string target(buf, static_cast<size_t>(n));
            std::string dest = out + "/" + next;
            struct stat dst{};
            if (::lstat(dest.c_str(), &dst) != 0) {
                fs::create_directories(fs::path(dest).parent_path());
                if (::symlink(target.c_str(), dest.c_str()) != 0)
                    throw sys::EngineError{"write_failed", dest + ": " + std::strerror(errno)};
            }
            std::string resolved = sys::joinPath(sys::dirName(next), target);
            for (size_t j = i + 1; j < parts.size(); ++j)
                resolved += "/" + parts[j];
            copyPath(out, resolved, depth + 1);
            return;
        }
        if (S_ISDIR(st.st_mode)) {
            fs::create_directories(out + "/" + next);
            cur = next;
            continue;
        }
        if (i + 1 != parts.size())
            return; // a file in the middle of a path: nothing below it
        if (S_ISREG(st.st_mode)) {
            int fd = ::open(live.c_str(), O_RDONLY | O_CLOEXEC);
            if (fd < 0)
                return; // unreadable live: unreadable in the snapshot too
            std::string content;
            char buf[8192];
            bool ok = true;
            for (;;) {
                ssize_t n = ::read(fd, buf, sizeof buf);
                if (n < 0) {
                    if (errno == EINTR)
                        continue;
                    ok = false; // e.g. EINVAL from an empty GID slot
                    break;
                }
                if (n == 0)
                    break;
                content.append(buf, static_cast<size_t>(n));
            }
            ::close(fd);
            if (ok)
                writeFile(out + "/" + next, content);
        }
        return;
    }
}

// What `plan` reads besides the probe (engine/roce), for every NIC that
// has an RDMA device or an RDMA-capable driver, so that a snapshot replays
// a plan as well as a probe (docs/roce-config.md). Read-only commands only.
void recordRoceReads(const sys::Root &root, const Json &doc)
{
    root.run({"dcb", "-V"});
    root.run({"ethtool", "--version"});
    root.run({"systemctl", "is-active", "NetworkManager.service"});
    root.run({"systemctl", "is-active", "systemd-networkd.service"});
    root.run({"nmcli", "-t", "-f", "DEVICE,STATE", "device"});
    for (const char *dir : {"etc/netplan", "etc/systemd/network", "run/systemd/network"})
        for (const auto &f : root.list(dir))
            (void)root.read(std::string(dir) + "/" + f);
    for (const auto &nic : doc["nics"]) {
        const std::string netdev = nic.value("netdev", "");
        const std::string driver = nic.contains("driver") && nic["driver"].is_string() ? nic["driver"].get<std::string>() : "";
        if (netdev.empty() || (nic["rdma_device"].is_null() && driver != "ice" && driver != "mlx5_core"))
            continue;
        (void)root.read("sys/class/net/" + netdev + "/flags");
        (void)root.run({"ip", "-j", "-d", "link", "show", "dev", netdev});
        for (const char *object : {"pfc", "app", "ets"})
            root.run({"dcb", "-j", object, "show", "dev", netdev});
        if (driver == "ice") {
            root.run({"ethtool", "--show-priv-flags", netdev});
            root.run({"ethtool", "-a", netdev});
        }
        if (!nic["rdma_device"].is_null())
            (void)root.isDir("sys/kernel/config/rdma_cm/" + nic["rdma_device"].get<std::string>());
    }
}

std::string nowRfc3339()
{
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    ::gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

} // namespace

Json writeSnapshot(const std::string &outDir)
{
    std::error_code ec;
    if (fs::exists(outDir, ec) && !fs::is_empty(outDir, ec))
        throw sys::EngineError{"out_exists", outDir + " exists and is not empty: choose a new folder"};
    fs::create_directories(outDir, ec);
    if (ec)
        throw sys::EngineError{"write_failed", outDir + ": " + ec.message()};

    sys::Root root("/");
    SnapshotRecorder recorder;
    root.setRecorder(&recorder);
    Json doc = probe(root);
    // Replay reads the active MTU from ibv_devinfo; live uses verbs. Record it.
    for (auto &p : doc["rdma"])
        root.run({"ibv_devinfo", "-v", "-d", p["device"].get<std::string>()});
    recordRoceReads(root, doc);
    root.setRecorder(nullptr);

    for (auto &d : recorder.m_dirs)
        copyPath(outDir, d);
    for (auto &f : recorder.m_files)
        copyPath(outDir, f);
    for (auto &[key, res] : recorder.m_commands) {
        writeFile(outDir + "/cmd/" + key + ".out", res.out);
        if (res.exitCode != 0)
            writeFile(outDir + "/cmd/" + key + ".rc", std::to_string(res.exitCode) + "\n");
        if (!res.err.empty())
            writeFile(outDir + "/cmd/" + key + ".err", res.err);
    }

    Json manifest;
    manifest["format"] = protocol::kSnapshotFormat;
    manifest["version"] = protocol::kSnapshotVersion;
    manifest["hostname"] = doc["host"]["hostname"];
    manifest["captured_at"] = nowRfc3339();
    manifest["engine_version"] = protocol::kEngineVersion;
    if (const char *ssh = std::getenv("SSH_CONNECTION"))
        manifest["ssh_connection"] = ssh;
    manifest["libraries"] = doc["libraries"];
    writeFile(outDir + "/manifest.json", manifest.dump(2) + "\n");

    Json result;
    result["snapshot"] = outDir;
    result["files"] = recorder.m_files.size();
    result["commands"] = recorder.m_commands.size();
    return result;
}

} // namespace probe

namespace {

// A .tar.gz snapshot is unpacked into a private temporary folder first.
class UnpackedSnapshot {
public:
    explicit UnpackedSnapshot(const std::string &archive)
    {
        char tmpl[] = "/tmp/halolink-snapshot-XXXXXX";
        if (!::mkdtemp(tmpl))
            throw sys::EngineError{"bad_root", std::string("cannot make a temporary folder: ") + std::strerror(errno)};
        m_dir = tmpl;
        sys::Root live("/");
        auto res = live.run({"tar", "-xzf", archive, "-C", m_dir, "--no-same-owner"}, 60000);
        if (!res.ok())
            throw sys::EngineError{"bad_root", archive + " is not a readable .tar.gz snapshot"};
        // Accept both an archive of the folder and of its contents.
        auto entries = sys::Root(m_dir).list("");
        if (entries.size() == 1 && sys::Root(m_dir).isDir(entries[0]))
            m_root = m_dir + "/" + entries[0];
        else
            m_root = m_dir;
    }
    ~UnpackedSnapshot()
    {
        std::error_code ec;
        std::filesystem::remove_all(m_dir, ec);
    }
    const std::string &root() const { return m_root; }

private:
    std::string m_dir;
    std::string m_root;
};

bool endsWith(const std::string &s, const std::string &suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

int probeCommand(const Args &args)
{
    sys::Options opts({"--root"}, {"--compact"});
    opts.parse(args);
    if (!opts.positional().empty())
        throw sys::usageError("probe takes no arguments: '" + opts.positional().front() + "'");

    std::optional<UnpackedSnapshot> unpacked;
    std::string dir = "/";
    if (auto r = opts.value("--root")) {
        std::error_code ec;
        if (r->empty() || !std::filesystem::exists(*r, ec))
            throw sys::EngineError{"bad_root", "--root " + *r + ": no such folder or file"};
        if (std::filesystem::is_directory(*r, ec)) {
            dir = *r;
        } else if (endsWith(*r, ".tar.gz") || endsWith(*r, ".tgz")) {
            unpacked.emplace(*r);
            dir = unpacked->root();
        } else {
            throw sys::EngineError{"bad_root", "--root " + *r + " is neither a snapshot folder nor a .tar.gz"};
        }
        if (std::filesystem::equivalent(dir, "/", ec))
            dir = "/";
    }
    sys::Root root(dir);
    sys::printJson(probe::probe(root), !opts.has("--compact"));
    return protocol::kExitOk;
}

int snapshotCommand(const Args &args)
{
    sys::Options opts({"--out"}, {});
    opts.parse(args);
    auto out = opts.value("--out");
    if (!out || out->empty())
        throw sys::usageError("snapshot needs --out DIR (or --out FILE.tar.gz)");
    if (endsWith(*out, ".tar.gz") || endsWith(*out, ".tgz")) {
        std::error_code ec;
        if (std::filesystem::exists(*out, ec))
            throw sys::EngineError{"out_exists", *out + " exists: choose a new file name"};
        char tmpl[] = "/tmp/halolink-snapshot-XXXXXX";
        if (!::mkdtemp(tmpl))
            throw sys::EngineError{"write_failed", std::string("cannot make a temporary folder: ") + std::strerror(errno)};
        std::string tmp = tmpl;
        std::string folder = tmp + "/snapshot";
        Json result;
        try {
            result = probe::writeSnapshot(folder);
            sys::Root live("/");
            auto res = live.run({"tar", "-czf", *out, "-C", tmp, "snapshot"}, 120000);
            if (!res.ok())
                throw sys::EngineError{"write_failed", "could not write " + *out + " with tar"};
        } catch (...) {
            std::filesystem::remove_all(tmp, ec);
            throw;
        }
        std::filesystem::remove_all(tmp, ec);
        result["snapshot"] = *out;
        sys::printJson(result, false);
        return protocol::kExitOk;
    }
    sys::printJson(probe::writeSnapshot(*out), false);
    return protocol::kExitOk;
}

} // namespace halolink
