// The detached watchdog of an apply (watchdog.h).

#include "roce/watchdog.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "roce/apply.h"
#include "roce/journal.h"
#include "sys/json_out.h"

namespace halolink::roce {

using sys::EngineError;

namespace {

constexpr const char *kWatchdogCommand = "roce-watchdog";

// Empty when the process is gone. Read with plain read(2): a process that
// exits while its cmdline is read makes read fail with ESRCH, and libstdc++'s
// filebuf throws on that instead of reporting end of file.
std::vector<std::string> procCmdline(int pid)
{
    std::vector<std::string> argv;
    const std::string path = "/proc/" + std::to_string(pid) + "/cmdline";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return argv;
    std::string all;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break; // end, or the process went away meanwhile
        all.append(buf, static_cast<size_t>(n));
    }
    ::close(fd);
    std::string word;
    for (char c : all) {
        if (c == '\0') {
            argv.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty())
        argv.push_back(word);
    return argv;
}

} // namespace

bool isWatchdog(int pid, const std::string &journalPath)
{
    if (pid <= 0)
        return false;
    auto argv = procCmdline(pid);
    return argv.size() >= 4 && argv[1] == kWatchdogCommand && argv[3] == journalPath;
}

bool stopWatchdog(int pid, const std::string &journalPath)
{
    if (pid <= 0 || pid == ::getpid() || !isWatchdog(pid, journalPath))
        return false;
    return ::kill(pid, SIGTERM) == 0;
}

// fork, setsid, fork again: the watchdog belongs to no terminal or SSH
// session and outlives this process. It re-executes this binary as
// `halolink-engine roce-watchdog --journal FILE`.
int startWatchdog(const std::string &journalPath)
{
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        throw EngineError{"watchdog_failed", std::string("pipe: ") + std::strerror(errno)};
    std::fflush(nullptr);
    pid_t child = ::fork();
    if (child < 0)
        throw EngineError{"watchdog_failed", std::string("fork: ") + std::strerror(errno)};
    if (child == 0) {
        ::close(fds[0]);
        ::setsid();
        pid_t grandchild = ::fork();
        if (grandchild != 0) {
            int pid = grandchild > 0 ? grandchild : -1;
            (void)!::write(fds[1], &pid, sizeof pid);
            ::_exit(0);
        }
        ::close(fds[1]);
        ::chdir("/");
        int null = ::open("/dev/null", O_RDWR);
        if (null >= 0) {
            ::dup2(null, 0);
            ::dup2(null, 1);
            ::dup2(null, 2);
        }
        for (int fd = 3; fd < 1024; ++fd)
            ::close(fd);
        std::signal(SIGHUP, SIG_IGN);
        std::signal(SIGPIPE, SIG_IGN);
        const char *argv[] = {"halolink-engine", kWatchdogCommand, "--journal", journalPath.c_str(), nullptr};
        ::execv("/proc/self/exe", const_cast<char **>(argv));
        ::_exit(127);
    }
    ::close(fds[1]);
    int pid = -1;
    ssize_t n;
    do {
        n = ::read(fds[0], &pid, sizeof pid);
    } while (n < 0 && errno == EINTR);
    ::close(fds[0]);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (n != sizeof pid || pid <= 0)
        throw EngineError{"watchdog_failed", "could not start the watchdog process"};
    // Wait until it has become the watchdog (exec done), so that confirm can
    // recognise it and nothing changes without it.
    for (int i = 0; i < 200; ++i) {
        if (isWatchdog(pid, journalPath))
            return pid;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid, SIGKILL);
    throw EngineError{"watchdog_failed", "the watchdog process did not start"};
}

int watchdogLoop(const std::string &journalPath)
{
    for (;;) {
        std::optional<Journal> j;
        try {
            j = loadJournal(journalPath);
        } catch (const EngineError &) {
            j.reset();
        }
        if (!j || (j->state != "awaiting_confirm" && j->state != "applying"))
            return 0;
        if (nowEpoch() >= j->deadline) {
            try {
                int rc = rollbackJournal(journalPath, "timeout", true);
                if (rc != 2)
                    return rc;
            } catch (const EngineError &) {
                return 1;
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
}

} // namespace halolink::roce
