// `halolink-engine verify --spec FILE [--root DIR] [--port N] [--iters N]
// [--no-bench] [--compact]` (docs/roce-config.md, "Verify"). Verify only
// reads: the probe, one configfs file, and an RDMA latency test per peer.

#include "roce/verify.h"
#include "roce/verify_texts.h"

#include <algorithm>
#include <cstdio>
#include <new>

#include "bench/bench.h"
#include "bench/stats.h"
#include "commands.h"
#include "halolink/protocol.h"
#include "probe/probe.h"
#include "sys/cli.h"

namespace halolink::roce {

namespace {

// RoCE headers the kernel subtracts from the netdev MTU (iboe_get_mtu):
// GRH 40, UDP 8, BTH 12, XRC ETH 4, AtomicETH 28, ICRC 4.
constexpr int kRoceOverhead = 96;

constexpr const char *kPass = "pass";
constexpr const char *kWarn = "warn";
constexpr const char *kFail = "fail";
constexpr const char *kSkipped = "skipped";

// `detailKey` names a text of verify_texts.cpp, `args` fill it.
Json check(const char *id, const char *status, const Json &subject, const Json &expected, const Json &actual,
           const std::string &detailKey, Json args = Json::object())
{
    return Json{{"id", id},
                {"status", status},
                {"subject", subject},
                {"expected", expected},
                {"actual", actual},
                {"detail", sys::renderText(verifyTexts(), detailKey, args)},
                {"detail_key", detailKey},
                {"detail_args", args}};
}

std::string text(const Json &obj, const char *key)
{
    return obj.contains(key) && obj[key].is_string() ? obj[key].get<std::string>() : std::string();
}

std::optional<int> integer(const Json &obj, const char *key)
{
    if (obj.contains(key) && obj[key].is_number_integer())
        return obj[key].get<int>();
    return std::nullopt;
}

Json orNull(const std::string &s)
{
    return s.empty() ? Json(nullptr) : Json(s);
}

std::string addressOnly(const std::string &cidr)
{
    return cidr.substr(0, cidr.find('/'));
}

// What the checks after `rdma_device` look at: the RDMA port on the data
// interface, when there is one.
struct Found {
    const Json *nic = nullptr;
    const Json *port = nullptr; // the probe's rdma[] entry
    std::string device;
    int portNum = 1;
    std::string subject() const { return device + "/" + std::to_string(portNum); }
};

Json interfaceUp(const Spec &spec, const Found &f)
{
    std::string state = text(*f.nic, "operstate");
    bool up = state == "up";
    if (up)
        return check("interface_up", kPass, spec.interface, "up", state, "interface.up", {{"interface", spec.interface}});
    if (state.empty())
        return check("interface_up", kFail, spec.interface, "up", nullptr, "interface.unknown_state",
                     {{"interface", spec.interface}});
    return check("interface_up", kFail, spec.interface, "up", state, "interface.down",
                 {{"interface", spec.interface}, {"state", state}});
}

// Finds the RDMA port bound to the interface and says whether it is the
// one the spec's backend wants.
Json rdmaDevice(const Spec &spec, const Json &probeDoc, const std::string &backend, Found &f)
{
    const Json *onNetdev = nullptr;
    const Json *named = nullptr;
    for (const auto &p : probeDoc["rdma"]) {
        if (text(p, "netdev") == spec.interface) {
            // Prefer the spec's Soft-RoCE device when several share the netdev.
            if (!onNetdev || (backend == "rxe" && text(p, "device") == spec.rxeDevice))
                onNetdev = &p;
        }
        if (text(p, "device") == spec.rxeDevice && !named)
            named = &p;
    }
    const std::string actual = onNetdev ? text(*onNetdev, "device") : std::string();

    if (backend == "rxe") {
        if (onNetdev && actual == spec.rxeDevice) {
            f.port = onNetdev;
        } else {
            std::string key;
            Json args = {{"device", spec.rxeDevice}, {"interface", spec.interface}};
            if (named && !text(*named, "netdev").empty()) {
                key = "device.rxe_bound_elsewhere";
                args["netdev"] = text(*named, "netdev");
            } else if (named) {
                key = "device.rxe_bound_nowhere";
            } else if (onNetdev) {
                key = "device.other";
                args["actual"] = actual;
            } else {
                key = "device.rxe_missing";
            }
            return check("rdma_device", kFail, spec.interface, spec.rxeDevice, orNull(actual), key, std::move(args));
        }
    } else if (!onNetdev) {
        return check("rdma_device", kFail, spec.interface, nullptr, nullptr, "device.missing",
                     {{"interface", spec.interface}, {"backend", backend}});
    } else {
        f.port = onNetdev;
    }

    f.device = actual;
    f.portNum = integer(*f.port, "port").value_or(1);
    const std::string transport = text(*f.port, "transport");
    const Json expected = backend == "rxe" ? Json(spec.rxeDevice) : Json(nullptr);
    if (transport.empty())
        return check("rdma_device", kFail, spec.interface, expected, actual, "device.unknown_transport",
                     {{"device", actual}});
    if (transport == "iwarp")
        return check("rdma_device", kFail, spec.interface, expected, actual, "device.iwarp", {{"device", actual}});
    if (transport != "roce")
        return check("rdma_device", kFail, spec.interface, expected, actual, "device.not_roce",
                     {{"device", actual}, {"transport", transport}});
    return check("rdma_device", kPass, spec.interface, expected, actual, "device.bound",
                 {{"device", actual}, {"port", f.portNum}, {"interface", spec.interface}, {"backend", backend}});
}

Json portActive(const Spec &spec, const Found &f)
{
    if (!f.port)
        return check("port_active", kFail, nullptr, "ACTIVE", nullptr, "port.no_device", {{"interface", spec.interface}});
    std::string state = text(*f.port, "state");
    bool active = state == "ACTIVE";
    if (active)
        return check("port_active", kPass, f.subject(), "ACTIVE", state, "port.active", {{"port", f.subject()}});
    if (state.empty())
        return check("port_active", kFail, f.subject(), "ACTIVE", nullptr, "port.unknown_state",
                     {{"port", f.subject()}, {"interface", spec.interface}});
    return check("port_active", kFail, f.subject(), "ACTIVE", state, "port.state",
                 {{"port", f.subject()}, {"state", state}, {"interface", spec.interface}});
}

Json roceV2Gid(const Spec &spec, const Found &f)
{
    const std::string ip = addressOnly(spec.address);
    const std::string want = "::ffff:" + ip;
    Json c;
    if (!f.port) {
        c = check("roce_v2_gid", kFail, nullptr, want, nullptr, "gid.no_device",
                  {{"interface", spec.interface}, {"ip", ip}});
        c["gid_index"] = nullptr;
        return c;
    }
    std::optional<int> index;
    std::optional<std::string> otherType;
    if (f.port->contains("gids") && (*f.port)["gids"].is_array()) {
        for (const auto &g : (*f.port)["gids"]) {
            if (text(g, "gid") != want)
                continue;
            if (text(g, "type") == "RoCE v2") {
                index = integer(g, "index");
                if (index)
                    break;
            } else if (!otherType) {
                otherType = text(g, "type"); // empty: of unknown type
            }
        }
    }
    if (index) {
        c = check("roce_v2_gid", kPass, f.subject(), want, want, "gid.found",
                  {{"gid", want}, {"index", *index}, {"port", f.subject()}});
    } else if (otherType && !otherType->empty()) {
        c = check("roce_v2_gid", kFail, f.subject(), want, nullptr, "gid.other_type",
                  {{"port", f.subject()}, {"ip", ip}, {"type", *otherType}});
    } else if (otherType) {
        c = check("roce_v2_gid", kFail, f.subject(), want, nullptr, "gid.unknown_type",
                  {{"port", f.subject()}, {"ip", ip}});
    } else {
        c = check("roce_v2_gid", kFail, f.subject(), want, nullptr, "gid.missing",
                  {{"port", f.subject()}, {"ip", ip}, {"interface", spec.interface}});
    }
    c["gid_index"] = index ? Json(*index) : Json(nullptr);
    return c;
}

Json netdevMtu(const Spec &spec, const Found &f)
{
    const int want = spec.mtu.value_or(9000);
    auto now = integer(*f.nic, "mtu");
    bool same = now && *now == want;
    if (same)
        return check("mtu", kPass, spec.interface, want, *now, "mtu.same", {{"interface", spec.interface}, {"mtu", want}});
    if (!now)
        return check("mtu", kFail, spec.interface, want, nullptr, "mtu.unknown",
                     {{"interface", spec.interface}, {"want", want}});
    return check("mtu", kFail, spec.interface, want, *now, "mtu.differs",
                 {{"interface", spec.interface}, {"mtu", *now}, {"want", want}});
}

Json rdmaMtu(const Spec &spec, const Found &f)
{
    if (!f.port)
        return check("rdma_mtu", kSkipped, nullptr, nullptr, nullptr, "rdma_mtu.no_device",
                     {{"interface", spec.interface}});
    auto netdev = integer(*f.nic, "mtu");
    auto allowed = netdev ? roceMtuFor(*netdev) : std::nullopt;
    auto active = integer(*f.port, "active_mtu");
    const Json expected = allowed ? Json(*allowed) : Json(nullptr);
    if (!active)
        return check("rdma_mtu", kSkipped, f.subject(), expected, nullptr, "rdma_mtu.unknown", {{"port", f.subject()}});
    if (!allowed)
        return check("rdma_mtu", kSkipped, f.subject(), nullptr, *active, "rdma_mtu.netdev_unknown",
                     {{"active", *active}, {"interface", spec.interface}});
    if (*active < *allowed)
        return check("rdma_mtu", kWarn, f.subject(), *allowed, *active, "rdma_mtu.low",
                     {{"active", *active}, {"allowed", *allowed}, {"interface", spec.interface}, {"mtu", *netdev}});
    return check("rdma_mtu", kPass, f.subject(), *allowed, *active, "rdma_mtu.ok",
                 {{"active", *active}, {"interface", spec.interface}, {"mtu", *netdev}, {"allowed", *allowed}});
}

Json addressCheck(const Spec &spec, const Found &f)
{
    Json have = Json::array();
    bool has = false;
    if (f.nic->contains("ipv4") && (*f.nic)["ipv4"].is_array())
        for (const auto &a : (*f.nic)["ipv4"])
            if (a.is_string()) {
                have.push_back(a);
                has |= a.get<std::string>() == spec.address;
            }
    std::string list;
    for (const auto &a : have)
        list += (list.empty() ? "" : ", ") + a.get<std::string>();
    Json args = {{"interface", spec.interface}, {"address", spec.address}};
    if (has)
        return check("address", kPass, spec.interface, spec.address, have, "address.present", std::move(args));
    if (list.empty())
        return check("address", kFail, spec.interface, spec.address, have, "address.none", std::move(args));
    args["addresses"] = list;
    return check("address", kFail, spec.interface, spec.address, have, "address.missing", std::move(args));
}

Json roceTos(const Spec &spec, const Found &f, const sys::Root &root)
{
    if (!spec.qos.enabled)
        return check("roce_tos", kSkipped, f.port ? Json(f.subject()) : Json(nullptr), nullptr, nullptr, "tos.qos_off");
    const int want = spec.qos.tos;
    if (!f.port)
        return check("roce_tos", kFail, nullptr, want, nullptr, "tos.no_device", {{"interface", spec.interface}});
    const std::string dir = "sys/kernel/config/rdma_cm/" + f.device;
    const std::string file = dir + "/ports/" + std::to_string(f.portNum) + "/default_roce_tos";
    if (!root.isDir(dir))
        return check("roce_tos", kFail, f.subject(), want, nullptr, "tos.no_folder", {{"folder", "/" + dir}});
    auto line = root.readLine(file);
    if (!line)
        return check("roce_tos", kFail, f.subject(), want, nullptr, "tos.unreadable", {{"file", "/" + file}});
    int now = -1;
    if (std::sscanf(line->c_str(), "%d", &now) != 1)
        return check("roce_tos", kFail, f.subject(), want, *line, "tos.not_a_number",
                     {{"file", "/" + file}, {"value", *line}});
    bool same = now == want;
    if (same)
        return check("roce_tos", kPass, f.subject(), want, now, "tos.same", {{"file", "/" + file}, {"tos", now}});
    return check("roce_tos", kFail, f.subject(), want, now, "tos.differs",
                 {{"file", "/" + file}, {"tos", now}, {"want", want}});
}

// One peer: the RDMA latency test `bench --transport rdma --test latency`
// runs, from the spec's address. Its waits are all bounded (connection,
// rdma_cm events, each completion), so an absent peer ends in seconds.
Json peerResult(const Spec &spec, const Found &f, const std::string &peer, const VerifyOptions &o)
{
    Json r{{"address", peer},      {"status", kSkipped}, {"transport", "rdma"}, {"device", nullptr},
           {"one_way_ns", nullptr}, {"rtt_ns", nullptr}, {"gid_index", nullptr}, {"tos", nullptr},
           {"error", nullptr}};
    if (!o.benchSkipped.empty())
        return r;

    bench::BenchParams p;
    p.peer = peer;
    if (o.port > 0)
        p.port = o.port;
    p.transport = bench::Transport::Rdma;
    p.test = bench::TestKind::Latency;
    p.iters = o.iters;
    p.warmup = std::min<std::uint64_t>(o.iters, kVerifyWarmup);
    if (f.port)
        p.device = f.device;
    p.source = addressOnly(spec.address);
    if (spec.qos.enabled)
        p.tos = spec.qos.tos;

    auto failed = [&](const std::string &code, const std::string &message) {
        r["status"] = kFail;
        r["error"] = Json{{"code", code}, {"message", message}};
        return r;
    };
    try {
        const bench::BenchResult res = bench::runRdmaBench(p);
        auto rtt = bench::summarize(res.rttNs);
        if (!rtt)
            return failed(bench::errors::kRdmaError, "the test to " + peer + " finished without samples");
        r["status"] = kPass;
        r["device"] = res.device ? Json(*res.device) : Json(nullptr);
        r["one_way_ns"] = bench::summaryJson(bench::scaled(*rtt, 0.5));
        r["rtt_ns"] = bench::summaryJson(*rtt);
        r["gid_index"] = res.gidIndex ? Json(*res.gidIndex) : Json(nullptr);
        r["tos"] = res.tos ? Json(*res.tos) : Json(nullptr);
        r["samples"] = res.rttNs.size();
        return r;
    } catch (const bench::PeerLost &lost) {
        return failed(bench::errors::kPeerLost, "lost the peer " + peer + " mid-test " + lost.message);
    } catch (const sys::EngineError &e) {
        return failed(e.code, e.message);
    } catch (const std::bad_alloc &) {
        return failed("out_of_memory", "not enough memory for " + std::to_string(o.iters) + " samples");
    }
}

} // namespace

std::optional<int> roceMtuFor(int netdevMtu)
{
    const int room = netdevMtu - kRoceOverhead;
    for (int ib = 4096; ib >= 256; ib /= 2)
        if (room >= ib)
            return ib;
    return std::nullopt;
}

Json verifyNode(const Spec &spec, const sys::Root &root, const VerifyOptions &options)
{
    const Json doc = probe::probe(root);
    Found f;
    std::string names;
    for (const auto &n : doc["nics"]) {
        names += (names.empty() ? "" : ", ") + text(n, "netdev");
        if (text(n, "netdev") == spec.interface)
            f.nic = &n;
    }
    if (!f.nic)
        throw sys::EngineError{"invalid_spec",
                               "interface: no netdev \"" + spec.interface + "\" on this node (NICs: " +
                                   (names.empty() ? std::string("none") : names) + ")",
                               protocol::kExitUsage};

    // The backend the plan chose: a hardware RDMA device on the interface
    // makes a driver without a backend "generic" instead of rxe.
    std::string onNetdev;
    for (const auto &p : doc["rdma"])
        if (text(p, "netdev") == spec.interface && onNetdev.empty())
            onNetdev = text(p, "device");
    const std::string backend = backendFor(spec, text(*f.nic, "driver"), isHardwareRdmaDevice(root, onNetdev));

    Json checks = Json::array();
    checks.push_back(interfaceUp(spec, f));
    checks.push_back(rdmaDevice(spec, doc, backend, f));
    checks.push_back(portActive(spec, f));
    checks.push_back(roceV2Gid(spec, f));
    checks.push_back(netdevMtu(spec, f));
    checks.push_back(rdmaMtu(spec, f));
    checks.push_back(addressCheck(spec, f));
    checks.push_back(roceTos(spec, f, root));

    Json peers = Json::array();
    for (const auto &peer : spec.peers)
        peers.push_back(peerResult(spec, f, peer, options));

    bool ok = true;
    for (const auto &c : checks)
        ok &= c["status"] != kFail;
    for (const auto &p : peers)
        ok &= p["status"] != kFail;

    Json out;
    out["schema"] = kVerifySchema;
    out["interface"] = spec.interface;
    out["address"] = spec.address;
    out["backend"] = backend;
    out["device"] = orNull(f.device);
    out["ok"] = ok;
    out["checks"] = std::move(checks);
    out["peers"] = std::move(peers);
    out["bench"] = Json{{"transport", "rdma"},
                        {"test", "latency"},
                        {"port", options.port > 0 ? options.port : bench::kDefaultPort},
                        {"iters", options.iters},
                        {"source", addressOnly(spec.address)},
                        {"tos", spec.qos.enabled ? Json(spec.qos.tos) : Json(nullptr)},
                        {"skipped", orNull(options.benchSkipped)}};
    out["engine_version"] = protocol::kEngineVersion;
    return out;
}

} // namespace halolink::roce

namespace halolink {

int verifyCommand(const Args &args)
{
    sys::Options opts({"--spec", "--root", "--port", "--iters"}, {"--no-bench", "--compact"});
    opts.parse(args);
    if (!opts.positional().empty())
        throw sys::usageError("verify takes no arguments: '" + opts.positional().front() + "'");
    auto specPath = opts.value("--spec");
    if (!specPath)
        throw sys::usageError("verify needs --spec FILE (the spec given to apply)");

    roce::VerifyOptions o;
    o.port = static_cast<int>(opts.integer("--port", 1, 65535).value_or(bench::kDefaultPort));
    o.iters = static_cast<std::uint64_t>(opts.integer("--iters", 1, 1'000'000).value_or(roce::kVerifyDefaultIters));

    roce::Spec spec;
    std::string dir;
    try {
        // A spec or a --root that cannot be used is bad usage here: exit 1
        // means "verified, and something is wrong".
        dir = roce::rootDirOption(opts.value("--root"));
        spec = roce::parseSpec(roce::readSpecFile(*specPath));
    } catch (sys::EngineError &e) {
        e.exitCode = protocol::kExitUsage;
        throw;
    }
    if (opts.has("--root"))
        o.benchSkipped = "--root: the checks read a snapshot, nothing runs live";
    else if (opts.has("--no-bench"))
        o.benchSkipped = "--no-bench";

    sys::Root root(dir);
    const Json doc = roce::verifyNode(spec, root, o);
    sys::printJson(doc, !opts.has("--compact"));
    return doc["ok"].get<bool>() ? protocol::kExitOk : protocol::kExitFailure;
}

} // namespace halolink
