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

CommandResult runLive(const std::vector<std::string> &argv, int timeoutMs)
{
    CommandResult result;
    if (argv.empty())
        return result;

    int pipefd[2];
    if (::pipe2(pipefd, O_CLOEXEC) != 0)
        return result;

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipefd[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
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
    ::close(pipefd[1]);
    if (rc != 0) {
        ::close(pipefd[0]);
        return result; // not installed (ENOENT) or not runnable
    }

    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    char buf[16384];
    for (;;) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                        deadline - std::chrono::steady_clock::now())
                        .count();
        if (left <= 0) {
            result.timedOut = true;
            ::kill(-pid, SIGKILL);
            break;
        }
        struct pollfd pfd{pipefd[0], POLLIN, 0};
        int n = ::poll(&pfd, 1, static_cast<int>(left));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            continue;
        ssize_t got = ::read(pipefd[0], buf, sizeof buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        result.out.append(buf, static_cast<size_t>(got));
        if (result.out.size() > (8u << 20)) {
            ::kill(-pid, SIGKILL);
            break;
        }
    }
    ::close(pipefd[0]);

    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    // posix_spawnp reports a missing program through the child's exit 127.
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127 && result.out.empty()) {
        result.found = false;
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
        }
        return result; // replay is not recorded: nothing new was run
    }
    if (m_recorder)
        m_recorder->command(argv, result);
    return result;
}

} // namespace halolink::sys
