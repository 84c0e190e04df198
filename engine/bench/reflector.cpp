// `halolink-engine reflect`: a ReflectorService (TCP on bind:port, RDMA
// through rdma_cm where this node can) until SIGTERM/SIGINT/SIGHUP, with
// its `listening` and `stopped` events on stdout and its log on stderr.

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <sys/signalfd.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/reflector_service.h"
#include "halolink/protocol.h"

namespace halolink::bench {

namespace {

void logLine(const std::string &line)
{
    std::fprintf(stderr, "halolink-engine reflect: %s\n", line.c_str());
}

} // namespace

int runReflector(const ReflectParams &p)
{
    // The stop signals arrive through a signalfd; blocked before any thread
    // starts, so every thread the service starts inherits the mask.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGHUP);
    ::pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
    Fd signals(::signalfd(-1, &stopSignals, SFD_CLOEXEC));

    auto service
        = ReflectorService::start(p, logLine, { "choose one with --port", "disabled with --no-rdma" });

    Json event;
    event["event"] = "listening";
    event["bind"] = p.bind;
    event["port"] = service->port();
    event["tcp"] = true;
    event["rdma"] = service->rdma();
    event["rdma_reason"] = service->rdma() ? Json(nullptr) : Json(service->rdmaReason());
    event["control_version"] = kControlVersion;
    event["engine_version"] = protocol::kEngineVersion;
    sys::printEvent(event);

    int stopSignal = 0;
    while (!stopSignal) {
        signalfd_siginfo info {};
        const ssize_t n = ::read(signals.get(), &info, sizeof info);
        if (n == sizeof info)
            stopSignal = static_cast<int>(info.ssi_signo);
        else if (n < 0 && errno != EINTR)
            throw sys::EngineError { errors::kSystemError, std::string("signalfd: ") + std::strerror(errno),
                1 };
    }

    logLine(std::string("stopping on ") + ::strsignal(stopSignal));
    const bool idle = service->stop(2000);
    Json stopped;
    stopped["event"] = "stopped";
    stopped["signal"] = ::strsignal(stopSignal);
    sys::printEvent(stopped);
    if (!idle) {
        // A session stuck in the kernel (an RDMA device that stopped
        // answering): the kernel releases its resources when we exit.
        std::fflush(stderr);
        ::_exit(protocol::kExitOk);
    }
    return protocol::kExitOk;
}

} // namespace halolink::bench
