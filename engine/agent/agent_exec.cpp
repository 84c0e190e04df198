// The agent's `exec` and `exec.cancel` methods: a shell command run by
// /bin/sh as the agent's own user, its stdin given whole in the request, its
// stdout and stderr lines sent as `exec.output` events as they come, and its
// exit status as the reply. The app runs its configuration calls this way
// (core/setup/enginecall.cpp): the agent already runs as the SSH user, so it
// grants nothing SSH does not, and a node whose login shell takes a second to
// start (pyenv, conda in ~/.bashrc) pays it once per connection instead of
// once per call: `sh -c` reads no rc file.

#include "agent/agent.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/text.h"

extern char **environ;

namespace halolink::agent {

namespace {

// A line longer than this is sent in pieces of this size.
constexpr std::size_t kMaxOutputLine = 256u << 10;

struct Pipe {
    int fd[2] = { -1, -1 };
    ~Pipe()
    {
        for (int f : fd)
            if (f >= 0)
                ::close(f);
    }
    bool open() { return ::pipe2(fd, O_CLOEXEC) == 0; }
    void closeEnd(int i)
    {
        if (fd[i] >= 0)
            ::close(fd[i]);
        fd[i] = -1;
    }
};

} // namespace

void Agent::exec(std::int64_t id, const Json &params)
{
    auto invalid = [](const std::string &message) { return sys::EngineError { "invalid_params", message, 2 }; };
    std::string command;
    std::string input;
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (it.key() == "command") {
            if (!it->is_string() || it->get<std::string>().empty())
                throw invalid("'command' must be a non-empty string");
            command = it->get<std::string>();
        } else if (it.key() == "stdin") {
            if (it->is_null())
                continue;
            auto decoded = it->is_string() ? sys::base64Decode(it->get<std::string>()) : std::nullopt;
            if (!decoded)
                throw invalid("'stdin' must be base64 text");
            input = std::move(*decoded);
        } else {
            throw invalid("unknown exec parameter '" + it.key() + "'");
        }
    }
    if (command.empty())
        throw invalid("'command' is needed");
    runTask([this, id, command = std::move(command), input = std::move(input)]() mutable {
        runExec(id, command, input);
        // The bytes may be a password (sudo -S): not left in freed memory.
        std::fill(input.begin(), input.end(), '\0');
    });
}

void Agent::execCancel(std::int64_t id, const Json &params)
{
    auto it = params.find("request");
    if (it == params.end() || !it->is_number_integer())
        throw sys::EngineError { "invalid_params", "'request' must be the id of an exec request", 2 };
    pid_t group = 0;
    {
        std::lock_guard lock(m_execMutex);
        if (auto run = m_execRuns.find(it->get<std::int64_t>()); run != m_execRuns.end())
            group = run->second;
    }
    if (group <= 0) {
        replyError(id, "not_running", "no exec request " + std::to_string(it->get<std::int64_t>()) + " is running");
        return;
    }
    // The whole group: the shell and what it started (sudo, the engine).
    ::kill(-group, SIGTERM);
    reply(id, Json::object());
}

void Agent::stopExecs()
{
    std::lock_guard lock(m_execMutex);
    for (const auto &[request, group] : m_execRuns)
        ::kill(-group, SIGTERM);
}

void Agent::runExec(std::int64_t id, const std::string &command, const std::string &input)
{
    Pipe in, out, err;
    if (!in.open() || !out.open() || !err.open()) {
        replyError(id, "system_error", std::string("pipe: ") + std::strerror(errno));
        return;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in.fd[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out.fd[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err.fd[1], STDERR_FILENO);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    // Its own process group (cancel ends the group), the signals this
    // process ignores (SIGPIPE) back to their defaults, nothing blocked: as
    // a command started by sshd would find them.
    sigset_t defaults, none;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGHUP);
    sigaddset(&defaults, SIGTERM);
    sigaddset(&defaults, SIGINT);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    posix_spawnattr_setpgroup(&attr, 0);
    std::string sh = "/bin/sh", dashC = "-c", text = command;
    char *argv[] = { sh.data(), dashC.data(), text.data(), nullptr };
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, "/bin/sh", &actions, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    in.closeEnd(0);
    out.closeEnd(1);
    err.closeEnd(1);
    if (rc != 0) {
        replyError(id, "system_error", std::string("cannot start /bin/sh: ") + std::strerror(rc));
        return;
    }
    {
        std::lock_guard lock(m_execMutex);
        m_execRuns[id] = pid;
    }
    ::fcntl(in.fd[1], F_SETFL, O_NONBLOCK);

    std::size_t written = 0;
    if (input.empty())
        in.closeEnd(1);
    std::string pending[2];
    auto emit = [&](int stream, std::string_view line, bool newline = true) {
        Json e;
        e["event"] = "exec.output";
        e["request"] = id;
        e["stream"] = stream == 0 ? "stdout" : "stderr";
        e["line"] = std::string(line);
        e["newline"] = newline;
        m_out.write(e);
    };
    auto take = [&](int stream, const char *data, std::size_t size) {
        std::string &p = pending[stream];
        p.append(data, size);
        std::size_t start = 0;
        for (std::size_t nl; (nl = p.find('\n', start)) != std::string::npos; start = nl + 1)
            emit(stream, std::string_view(p).substr(start, nl - start));
        p.erase(0, start);
        while (p.size() >= kMaxOutputLine) {
            emit(stream, std::string_view(p).substr(0, kMaxOutputLine), false);
            p.erase(0, kMaxOutputLine);
        }
    };
    char buffer[16384];
    int open = 2;
    while (open > 0) {
        pollfd fds[3] = { { out.fd[0], POLLIN, 0 }, { err.fd[0], POLLIN, 0 }, { in.fd[1], POLLOUT, 0 } };
        if (::poll(fds, in.fd[1] >= 0 ? 3 : 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (in.fd[1] >= 0 && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
            const ssize_t n = ::write(in.fd[1], input.data() + written, input.size() - written);
            if (n > 0)
                written += std::size_t(n);
            // Done, or the command does not read (EPIPE): its stdin ends.
            if (written == input.size() || (n < 0 && errno != EAGAIN && errno != EINTR))
                in.closeEnd(1);
        }
        for (int s = 0; s < 2; ++s) {
            if (fds[s].fd < 0 || !(fds[s].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t n = ::read(fds[s].fd, buffer, sizeof buffer);
            if (n > 0) {
                take(s, buffer, std::size_t(n));
            } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                (s == 0 ? out : err).closeEnd(0);
                --open;
            }
        }
    }
    for (int s = 0; s < 2; ++s)
        if (!pending[s].empty())
            emit(s, pending[s], false);
    in.closeEnd(1);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    {
        std::lock_guard lock(m_execMutex);
        m_execRuns.erase(id);
    }
    Json result;
    if (WIFSIGNALED(status)) {
        result["exit_code"] = 128 + WTERMSIG(status);
        result["signal"] = WTERMSIG(status);
    } else {
        result["exit_code"] = WEXITSTATUS(status);
        result["signal"] = nullptr;
    }
    reply(id, std::move(result));
}

} // namespace halolink::agent
