// `halolink-engine exporter [--listen ADDR:PORT] [--root DIR] [--timeout SEC]`:
// this node's telemetry in the Prometheus text format (version 0.0.4) on
// GET /metrics, for people who already run Prometheus and Grafana
// (docs/engine-commands.md). Loopback only unless told otherwise; runs
// until SIGTERM, SIGINT or SIGHUP (exit 0).

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench/net.h"
#include "commands.h"
#include "exporter/http_server.h"
#include "exporter/metrics.h"
#include "halolink/protocol.h"
#include "sys/cli.h"

namespace halolink {

namespace {

constexpr const char *kDefaultListen = "127.0.0.1:9477";
constexpr const char *kContentType = "text/plain; version=0.0.4; charset=utf-8";

void logLine(const std::string &line)
{
    std::fprintf(stderr, "halolink-engine exporter: %s\n", line.c_str());
    std::fflush(stderr);
}

struct ListenAddress {
    bench::SocketAddress address;
    bool loopback = false;
};

// "127.0.0.1:9477", "0.0.0.0:9477", "[::1]:9477", "[fe80::1%eth0]:9477":
// numeric addresses only (a name could resolve to something else tomorrow),
// port 0 to 65535 (0: the kernel picks a free one). Throws a usage error.
ListenAddress parseListen(const std::string &text)
{
    const auto bad = [&](const std::string &why) {
        return sys::usageError("--listen '" + text + "': " + why
            + " (expected IPV4:PORT or [IPV6]:PORT, such as 127.0.0.1:9477 or [::1]:9477)");
    };
    std::string host, port;
    if (!text.empty() && text[0] == '[') {
        const std::size_t close = text.find(']');
        if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':')
            throw bad("an IPv6 address goes in brackets, followed by :PORT");
        host = text.substr(1, close - 1);
        port = text.substr(close + 2);
    } else {
        const std::size_t colon = text.rfind(':');
        if (colon == std::string::npos)
            throw bad("no port");
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (host.find(':') != std::string::npos)
            throw bad("an IPv6 address goes in brackets");
    }
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos
        || std::stoi(port) > 65535)
        throw bad("the port must be a number from 0 to 65535");
    const int portNumber = std::stoi(port);

    ListenAddress out;
    if (text[0] != '[') {
        sockaddr_in in {};
        in.sin_family = AF_INET;
        in.sin_port = htons(static_cast<std::uint16_t>(portNumber));
        if (host.empty() || ::inet_pton(AF_INET, host.c_str(), &in.sin_addr) != 1)
            throw bad("'" + host + "' is not an IPv4 address");
        out.loopback = (ntohl(in.sin_addr.s_addr) >> 24) == 127;
        std::memcpy(&out.address.storage, &in, sizeof in);
        out.address.length = sizeof in;
        return out;
    }
    sockaddr_in6 in6 {};
    in6.sin6_family = AF_INET6;
    in6.sin6_port = htons(static_cast<std::uint16_t>(portNumber));
    std::string addr = host;
    if (const std::size_t pct = host.find('%'); pct != std::string::npos) {
        addr = host.substr(0, pct);
        const std::string zone = host.substr(pct + 1);
        if (zone.empty())
            throw bad("an empty IPv6 zone");
        if (zone.find_first_not_of("0123456789") == std::string::npos && zone.size() < 10)
            in6.sin6_scope_id = static_cast<std::uint32_t>(std::stoul(zone));
        else if (unsigned idx = ::if_nametoindex(zone.c_str()))
            in6.sin6_scope_id = idx;
        else
            throw bad("no interface '" + zone + "' for the IPv6 zone");
    }
    if (addr.empty() || ::inet_pton(AF_INET6, addr.c_str(), &in6.sin6_addr) != 1)
        throw bad("'" + host + "' is not an IPv6 address");
    const auto &b = in6.sin6_addr.s6_addr;
    const bool v6Loopback = IN6_IS_ADDR_LOOPBACK(&in6.sin6_addr);
    const bool mappedLoopback = IN6_IS_ADDR_V4MAPPED(&in6.sin6_addr) && b[12] == 127;
    out.loopback = v6Loopback || mappedLoopback;
    std::memcpy(&out.address.storage, &in6, sizeof in6);
    out.address.length = sizeof in6;
    return out;
}

// "127.0.0.1:9477", "[::1]:9477", "[fe80::1%eth0]:9477".
std::string listenText(const bench::SocketAddress &a)
{
    if (a.storage.ss_family != AF_INET6)
        return bench::addressText(a);
    const auto *in6 = reinterpret_cast<const sockaddr_in6 *>(&a.storage);
    char host[INET6_ADDRSTRLEN] = "?";
    ::inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof host);
    std::string text = "[" + std::string(host);
    if (in6->sin6_scope_id) {
        char name[IF_NAMESIZE] = {};
        text += "%";
        text += ::if_indextoname(in6->sin6_scope_id, name) ? std::string(name)
                                                           : std::to_string(in6->sin6_scope_id);
    }
    return text + "]:" + std::to_string(ntohs(in6->sin6_port));
}

bench::Fd listenOn(const ListenAddress &l, std::string *boundText)
{
    const std::string where = listenText(l.address);
    bench::Fd fd(::socket(l.address.storage.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
    if (!fd.valid())
        throw sys::EngineError { "system_error",
            std::string("cannot create a TCP socket: ") + std::strerror(errno), 1 };
    // A restart must not wait for old connections' TIME_WAIT; a live
    // listener on the port still makes bind() fail.
    int one = 1;
    ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(fd.get(), l.address.get(), l.address.length) != 0) {
        const int e = errno;
        if (e == EADDRINUSE)
            throw sys::EngineError { "port_in_use",
                where
                    + " is already in use (another exporter, or another program): choose another port with "
                      "--listen ADDR:PORT",
                1 };
        if (e == EADDRNOTAVAIL)
            throw sys::EngineError { "bad_address", where + " is not an address of this machine", 1 };
        if (e == EACCES)
            throw sys::EngineError { "permission_denied",
                where + ": permission denied (ports below 1024 need privileges)", 1 };
        throw sys::EngineError { "system_error", "cannot listen on " + where + ": " + std::strerror(e), 1 };
    }
    if (::listen(fd.get(), 64) != 0)
        throw sys::EngineError { "system_error", std::string("listen: ") + std::strerror(errno), 1 };
    bench::SocketAddress bound;
    bound.length = sizeof bound.storage;
    if (::getsockname(fd.get(), bound.get(), &bound.length) == 0)
        *boundText = listenText(bound);
    else
        *boundText = where;
    return fd;
}

constexpr const char *kIndexPage = "<!DOCTYPE html>\n"
                                   "<html><head><title>halolink-engine exporter</title></head>\n"
                                   "<body><h1>halolink-engine exporter</h1>\n"
                                   "<p>This node's telemetry in the Prometheus text format: "
                                   "<a href=\"/metrics\">/metrics</a>.</p></body></html>\n";

} // namespace

int exporterCommand(const Args &args)
{
    sys::Options opts({ "--listen", "--root", "--timeout" }, {});
    opts.parse(args);
    if (!opts.positional().empty())
        throw sys::usageError("exporter takes no arguments, got '" + opts.positional().front() + "'");
    const ListenAddress listen = parseListen(opts.value("--listen", kDefaultListen));
    const double timeoutS = opts.number("--timeout", 0.1, 3600).value_or(10.0);

    std::string dir = "/";
    if (auto r = opts.value("--root")) {
        std::error_code ec;
        if (r->empty() || !std::filesystem::is_directory(*r, ec))
            throw sys::EngineError { "bad_root", "--root " + *r + ": no such folder" };
        if (!std::filesystem::equivalent(*r, "/", ec))
            dir = *r;
    }

    // The stop signals arrive through a signalfd (blocked before anything
    // else, so no thread started later takes them).
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGHUP);
    ::pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
    bench::Fd signals(::signalfd(-1, &stopSignals, SFD_CLOEXEC));
    if (!signals.valid())
        throw sys::EngineError { "system_error", std::string("signalfd: ") + std::strerror(errno), 1 };

    std::string bound;
    bench::Fd listener = listenOn(listen, &bound);
    if (!listen.loopback)
        logLine("warning: " + bound
            + " is not a loopback address: anyone who can reach this port can read this node's metrics "
              "(host devices, network traffic, GPU use), without a password or TLS. Allow only your "
              "Prometheus server to reach it (a firewall rule), or listen on 127.0.0.1 behind a reverse "
              "proxy that authenticates.");

    exporter::Collector collector { sys::Root(dir) };
    collector.scrape(); // opens the device files now, and fails here rather than on the first scrape

    Json event;
    event["event"] = "listening";
    event["address"] = bound;
    event["url"] = "http://" + bound + "/metrics";
    event["loopback"] = listen.loopback;
    event["engine_version"] = protocol::kEngineVersion;
    sys::printEvent(event);
    logLine("serving http://" + bound + "/metrics");

    exporter::HttpServerOptions options;
    options.timeoutMs = static_cast<int>(timeoutS * 1000.0);
    exporter::HttpServer server(
        listener.get(),
        [&collector](const exporter::HttpRequest &req) {
            exporter::HttpResponse r;
            if (req.method != "GET" && req.method != "HEAD") {
                r.status = 405;
                r.body = "only GET and HEAD are allowed\n";
                r.headers.emplace_back("Allow", "GET, HEAD");
            } else if (req.path == "/metrics") {
                r.contentType = kContentType;
                r.body = collector.scrape();
            } else if (req.path == "/") {
                r.contentType = "text/html; charset=utf-8";
                r.body = kIndexPage;
            } else {
                r.status = 404;
                r.body = "not found: the metrics are at /metrics\n";
            }
            return r;
        },
        logLine, options);
    server.run(signals.get());

    signalfd_siginfo info {};
    const ssize_t n = ::read(signals.get(), &info, sizeof info);
    const char *signalName = n == sizeof info ? ::strsignal(static_cast<int>(info.ssi_signo)) : "a signal";
    logLine(std::string("stopping on ") + signalName);
    Json stopped;
    stopped["event"] = "stopped";
    stopped["signal"] = signalName;
    sys::printEvent(stopped);
    return protocol::kExitOk;
}

} // namespace halolink
