#include "sys/root.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace halolink::sys {

namespace {

constexpr int kMaxLinkHops = 40; // as the kernel's ELOOP limit

std::vector<std::string> splitPath(std::string_view path)
{
    std::vector<std::string> parts;
    size_t i = 0;
    while (i < path.size()) {
        size_t j = path.find('/', i);
        if (j == std::string_view::npos)
            j = path.size();
        if (j > i)
            parts.emplace_back(path.substr(i, j - i));
        i = j + 1;
    }
    return parts;
}

std::optional<std::string> readWhole(const std::string &path)
{
    // sysfs files report a size of 4096 whatever they hold: read until EOF.
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt;
    std::string out;
    char buf[8192];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            ::close(fd);
            return std::nullopt; // e.g. EINVAL from an empty GID slot
        }
        if (n == 0)
            break;
        out.append(buf, static_cast<size_t>(n));
        if (out.size() > (16u << 20)) // nothing the engine reads is this large
            break;
    }
    ::close(fd);
    return out;
}

std::optional<std::string> readLinkAt(const std::string &path)
{
    char buf[PATH_MAX];
    ssize_t n = ::readlink(path.c_str(), buf, sizeof buf - 1);
    if (n < 0)
        return std::nullopt;
    return std::string(buf, static_cast<size_t>(n));
}

} // namespace

std::string normalizePath(std::string_view path)
{
    std::vector<std::string> out;
    for (auto &part : splitPath(path)) {
        if (part == ".")
            continue;
        if (part == "..") {
            if (!out.empty())
                out.pop_back();
            continue;
        }
        out.push_back(std::move(part));
    }
    std::string joined;
    for (size_t i = 0; i < out.size(); ++i) {
        if (i)
            joined += '/';
        joined += out[i];
    }
    return joined;
}

std::string joinPath(std::string_view base, std::string_view rel)
{
    if (!rel.empty() && rel.front() == '/')
        return normalizePath(rel);
    std::string s(base);
    s += '/';
    s += rel;
    return normalizePath(s);
}

std::string dirName(std::string_view path)
{
    auto pos = path.rfind('/');
    return pos == std::string_view::npos ? std::string() : std::string(path.substr(0, pos));
}

std::string baseName(std::string_view path)
{
    while (!path.empty() && path.back() == '/')
        path.remove_suffix(1);
    auto pos = path.rfind('/');
    return std::string(pos == std::string_view::npos ? path : path.substr(pos + 1));
}

Root::Root(std::string dir)
    : m_dir(std::move(dir))
{
    while (m_dir.size() > 1 && m_dir.back() == '/')
        m_dir.pop_back();
    m_live = (m_dir == "/" || m_dir.empty());
    if (m_live)
        m_dir = "/";
}

std::optional<std::string> Root::resolve(std::string_view rel) const
{
    // Resolve component by component, following links the way the kernel
    // would but with the root as "/": a snapshot's absolute links and ".."
    // stay inside it.
    const std::string base = m_live ? std::string() : m_dir;
    std::vector<std::string> pending = splitPath(normalizePath(rel));
    std::reverse(pending.begin(), pending.end());
    std::vector<std::string> done;
    int hops = 0;
    while (!pending.empty()) {
        std::string part = std::move(pending.back());
        pending.pop_back();
        if (part == "." || part.empty())
            continue;
        if (part == "..") {
            if (!done.empty())
                done.pop_back();
            continue;
        }
        std::string current = base;
        for (auto &d : done)
            current += "/" + d;
        current += "/" + part;
        struct stat st{};
        if (::lstat(current.c_str(), &st) != 0)
            return std::nullopt;
        if (S_ISLNK(st.st_mode)) {
            if (++hops > kMaxLinkHops)
                return std::nullopt;
            auto target = readLinkAt(current);
            if (!target)
                return std::nullopt;
            if (!target->empty() && target->front() == '/')
                done.clear();
            auto parts = splitPath(*target);
            for (auto it = parts.rbegin(); it != parts.rend(); ++it)
                pending.push_back(*it);
            continue;
        }
        done.push_back(std::move(part));
    }
    std::string out;
    for (size_t i = 0; i < done.size(); ++i) {
        if (i)
            out += '/';
        out += done[i];
    }
    return out;
}

std::optional<std::string> Root::hostPath(std::string_view rel) const
{
    auto resolved = resolve(rel);
    if (!resolved)
        return std::nullopt;
    return (m_live ? std::string() : m_dir) + "/" + *resolved;
}

std::optional<std::string> Root::read(std::string_view rel) const
{
    if (m_recorder)
        m_recorder->file(normalizePath(rel));
    auto path = hostPath(rel);
    if (!path)
        return std::nullopt;
    return readWhole(*path);
}

std::optional<std::string> Root::readLine(std::string_view rel) const
{
    auto text = read(rel);
    if (!text)
        return std::nullopt;
    std::string line = text->substr(0, text->find('\n'));
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
        line.pop_back();
    return line;
}

std::optional<long long> Root::readInt(std::string_view rel) const
{
    auto line = readLine(rel);
    if (!line || line->empty())
        return std::nullopt;
    errno = 0;
    char *end = nullptr;
    long long v = std::strtoll(line->c_str(), &end, 0);
    if (errno != 0 || end == line->c_str() || *end != '\0')
        return std::nullopt;
    return v;
}

std::optional<std::string> Root::readLink(std::string_view rel) const
{
    std::string norm = normalizePath(rel);
    if (m_recorder)
        m_recorder->file(norm);
    // Resolve the parent, then read the last component as a link.
    auto parent = hostPath(dirName(norm));
    if (!parent)
        return std::nullopt;
    return readLinkAt(*parent + "/" + baseName(norm));
}

std::optional<std::string> Root::linkName(std::string_view rel) const
{
    auto target = readLink(rel);
    if (!target)
        return std::nullopt;
    return baseName(*target);
}

std::optional<std::string> Root::linkTarget(std::string_view rel) const
{
    std::string norm = normalizePath(rel);
    auto target = readLink(norm);
    if (!target)
        return std::nullopt;
    auto parent = resolve(dirName(norm));
    if (!parent)
        return std::nullopt;
    return joinPath(*parent, *target);
}

std::vector<std::string> Root::list(std::string_view rel) const
{
    std::vector<std::string> names;
    std::string norm = normalizePath(rel);
    if (m_recorder)
        m_recorder->directory(norm);
    auto path = hostPath(norm);
    if (!path)
        return names;
    DIR *d = ::opendir(path->c_str());
    if (!d)
        return names;
    while (auto *e = ::readdir(d)) {
        std::string name = e->d_name;
        // Real sysfs and procfs have no hidden entries; a snapshot kept in
        // git may hold ".keep" files so that empty folders survive a clone.
        if (name.empty() || name.front() == '.')
            continue;
        names.push_back(std::move(name));
    }
    ::closedir(d);
    std::sort(names.begin(), names.end());
    return names;
}

bool Root::isDir(std::string_view rel) const
{
    std::string norm = normalizePath(rel);
    if (m_recorder)
        m_recorder->directory(norm);
    auto path = hostPath(norm);
    struct stat st{};
    return path && ::stat(path->c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool Root::exists(std::string_view rel) const
{
    auto path = hostPath(rel);
    struct stat st{};
    return path && ::stat(path->c_str(), &st) == 0;
}

} // namespace halolink::sys
