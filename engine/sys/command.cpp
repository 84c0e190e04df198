#include "sys/root.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace halolink::sys {

std::string commandKey(const std::vector<std::string> &argv)
{
    std::string key;
    for (size_t i = 0; i < argv.size(); ++i) {
        if (i)
            key += ' ';
        key += argv[i];
    }
    for (char &c : key) {
        bool keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-';
        if (!keep)
            c = '_';
    }
    return key;
}

namespace {

// Reads a child's stdout and stderr until both close or the deadline.
// Returns false on timeout.
bool drain(int outFd, int errFd, std::chrono::steady_clock::time_point deadline, CommandResult &result, pid_t pid)
{
    constexpr size_t kMaxOut = 8u << 20, kMaxErr = 64u << 10;
    char buf[16384];
    struct pollfd pfd[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
    int open = 2;
    while (open > 0) {
        auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) {
            ::kill(-pid, SIGKILL);
            return false;
        }
        int n = ::poll(pfd, 2, static_cast<int>(left));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            continue;
        for (int i = 0; i < 2; ++i) {
            if (pfd[i].fd < 0 || !(pfd[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            ssize_t got = ::read(pfd[i].fd, buf, sizeof buf);
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0) {
                pfd[i].fd = -1; // poll ignores negative descriptors
                --open;
                continue;
            }
            std::string &to = i == 0 ? result.out : result.err;
            to.append(buf, static_cast<size_t>(got));
            if (i == 0 && to.size() > kMaxOut) {
                ::kill(-pid, SIGKILL);
                return true;
            }
            if (i == 1 && to.size() > kMaxErr)
                to.erase(0, to.size() - kMaxErr); // keep the end: the reason is usually last
        }
    }
    return true;
}

CommandResult runLive(const std::vector<std::string> &argv, int timeoutMs)
{
    CommandResult result;
    if (argv.empty())
        return result;

    int outPipe[2], errPipe[2];
    if (::pipe2(outPipe, O_CLOEXEC) != 0)
        return result;
    if (::pipe2(errPipe, O_CLOEXEC) != 0) {
        ::close(outPipe[0]);
        ::close(outPipe[1]);
        return result;
    }

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], STDERR_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);

    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);

    // Stable, parseable output whatever the person's locale.
    std::vector<std::string> env;
    for (char **e = environ; *e; ++e) {
        if (std::strncmp(*e, "LC_", 3) == 0 || std::strncmp(*e, "LANG=", 5) == 0 ||
            std::strncmp(*e, "LANGUAGE=", 9) == 0)
            continue;
        env.emplace_back(*e);
    }
    env.emplace_back("LC_ALL=C");
    std::vector<char *> envp;
    for (auto &s : env)
        envp.push_back(s.data());
    envp.push_back(nullptr);

    std::vector<char *> args;
    std::vector<std::string> copy = argv;
    for (auto &s : copy)
        args.push_back(s.data());
    args.push_back(nullptr);

    pid_t pid = -1;
    int rc = ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(outPipe[1]);
    ::close(errPipe[1]);
    if (rc != 0) {
        ::close(outPipe[0]);
        ::close(errPipe[0]);
        return result; // not installed (ENOENT) or not runnable
    }

    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    result.timedOut = !drain(outPipe[0], errPipe[0], deadline, result, pid);
    ::close(outPipe[0]);
    ::close(errPipe[0]);

    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    // posix_spawnp reports a missing program through the child's exit 127.
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127 && result.out.empty()) {
        result.found = false;
        result.err.clear();
        return result;
    }
    result.found = true;
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return result;
}

} // namespace

CommandResult Root::run(const std::vector<std::string> &argv, int timeoutMs) const
{
    CommandResult result;
    if (m_live) {
        result = runLive(argv, timeoutMs);
    } else {
        const std::string key = commandKey(argv);
        if (auto out = read("cmd/" + key + ".out")) {
            result.found = true;
            result.out = std::move(*out);
            result.exitCode = 0;
            if (auto rc = readInt("cmd/" + key + ".rc"))
                result.exitCode = static_cast<int>(*rc);
            if (auto err = read("cmd/" + key + ".err"))
                result.err = std::move(*err);
        }
        return result; // replay is not recorded: nothing new was run
    }
    if (m_recorder)
        m_recorder->command(argv, result);
    return result;
}

} // namespace halolink::sys
