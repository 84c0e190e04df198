// `dcb` state and steps (dcb.h).

#include "roce/dcb.h"

#include <algorithm>

#include "sys/text.h"

namespace halolink::roce {

namespace {

Json parseObject(const std::string &text)
{
    auto doc = Json::parse(text, nullptr, false);
    return doc.is_object() ? doc : Json();
}

template<typename T, typename F>
bool readArray8(const Json &doc, const char *key, std::array<T, 8> &out, F get)
{
    if (!doc.contains(key) || !doc[key].is_array() || doc[key].size() != 8)
        return false;
    for (size_t i = 0; i < 8; ++i)
        if (!get(doc[key][i], out[i]))
            return false;
    return true;
}

std::string onOff(bool on)
{
    return on ? "on" : "off";
}

// The ice driver's configurations that an earlier step of the plan puts in
// place, as dcb prints them, for planning only (apply reads the live state
// just before the step):
// - "ice_sw_default": after `fw-lldp-agent off`, ice_dcb_sw_dflt_cfg():
//   VLAN mode, PFC off on every priority (cap 8), no app entry, ETS TC0 100 %
//   (ETS) and TC1-7 strict, every priority in TC0;
// - "ice_dscp_default": after the first DSCP app entry, ice_dcbnl_setapp()'s
//   DSCP defaults: ETS TC0 100 % and 0 % elsewhere, all ETS, priority i in TC i.
// (drivers/net/ethernet/intel/ice/ice_dcb_lib.c, ice_dcb_nl.c;
// tests/fixtures/tool-output/dcb/ states ice-swdefault and ice-dscp26.)
std::optional<std::string> assumedState(const std::string &assume, const std::string &object)
{
    if (assume == "ice_sw_default") {
        if (object == "pfc")
            return R"({"pfc_cap":8,"macsec_bypass":false,"delay":0,"prio_pfc":[false,false,false,false,false,false,false,false]})";
        if (object == "app")
            return "{}";
        if (object == "ets")
            return R"({"willing":true,"ets_cap":8,"cbs":false,"tc_bw":[100,0,0,0,0,0,0,0],"pg_bw":[100,0,0,0,0,0,0,0],)"
                   R"("tc_tsa":["ets","strict","strict","strict","strict","strict","strict","strict"],)"
                   R"("prio_tc":[0,0,0,0,0,0,0,0]})";
    }
    if (assume == "ice_dscp_default" && object == "ets")
        return R"({"willing":false,"ets_cap":0,"cbs":false,"tc_bw":[100,0,0,0,0,0,0,0],"pg_bw":[100,0,0,0,0,0,0,0],)"
               R"("tc_tsa":["ets","ets","ets","ets","ets","ets","ets","ets"],"prio_tc":[0,1,2,3,4,5,6,7]})";
    return std::nullopt;
}

// Reads a `dcb -j <object> show dev IF` document, or says why not. While
// planning, a state an earlier step puts in place ("assume") stands in.
std::optional<std::string> readDcb(const sys::Root &root, const std::string &object, const std::string &iface,
                                   Step &step, const Json &args, Moment moment)
{
    if (moment == Moment::Plan)
        if (auto text = assumedState(argString(args, "assume"), object)) {
            step.check += " (read when the step runs; planned from the driver's configuration after the steps "
                          "before it: " +
                          argString(args, "assume") + ")";
            return text;
        }
    const std::vector<std::string> argv = {"dcb", "-j", object, "show", "dev", iface};
    auto r = root.run(argv);
    if (!r.ok()) {
        setUnknown(step, readFailure(argv, r));
        return std::nullopt;
    }
    return r.out;
}

void describePfc(const sys::Root &root, const Json &args, Step &step, Moment moment)
{
    const std::string iface = argString(args, "interface");
    const int prio = argInt(args, "priority", 3);
    const bool exclusive = args.value("exclusive", false);
    step.check = "`dcb -j pfc show dev " + iface + "` has prio_pfc " + std::to_string(prio) + " on" +
                 (exclusive ? " and every other priority off" : "");
    auto text = readDcb(root, "pfc", iface, step, args, moment);
    if (!text)
        return;
    auto now = parsePfc(*text);
    if (!now)
        return setUnknown(step, "`dcb -j pfc show dev " + iface + "` printed no prio_pfc list of 8 priorities");
    std::array<bool, 8> want = now->enabled;
    want[size_t(prio)] = true;
    if (exclusive)
        for (size_t i = 0; i < 8; ++i)
            want[i] = int(i) == prio;
    std::vector<std::string> set = {"dcb", "pfc", "set", "dev", iface, "prio-pfc"};
    std::vector<std::string> back = set;
    bool change = false;
    for (size_t i = 0; i < 8; ++i) {
        if (want[i] != now->enabled[i]) {
            set.push_back(std::to_string(i) + ":" + onOff(want[i]));
            change = true;
        }
        // Every priority: deleting the last DSCP entry on ice resets all of
        // DCB to the driver's default, so the undo says the whole map.
        back.push_back(std::to_string(i) + ":" + onOff(now->enabled[i]));
    }
    if (!change) {
        step.state = StepState::Done;
        return;
    }
    step.commands = {set};
    step.undo = {back};
}

void describeDscpPrio(const sys::Root &root, const Json &args, Step &step, Moment moment)
{
    const std::string iface = argString(args, "interface");
    const int dscp = argInt(args, "dscp", 26);
    const int prio = argInt(args, "priority", 3);
    const std::string flavor = argString(args, "flavor");
    const std::string map = std::to_string(dscp) + ":" + std::to_string(prio);
    step.check = "`dcb -j app show dev " + iface + "` maps DSCP " + std::to_string(dscp) + " to priority " +
                 std::to_string(prio) + " only";
    auto text = readDcb(root, "app", iface, step, args, moment);
    if (!text)
        return;
    auto table = parseDscpApp(*text);
    if (!table)
        return setUnknown(step, "`dcb -j app show dev " + iface + "` printed what this engine cannot read");
    std::vector<int> others;
    bool mapped = false;
    for (auto &[d, p] : *table) {
        if (d != dscp)
            continue;
        if (p == prio)
            mapped = true;
        else if (std::find(others.begin(), others.end(), p) == others.end())
            others.push_back(p);
    }
    auto cmd = [&](const char *verb, int p) {
        return std::vector<std::string>{"dcb", "app", verb, "dev", iface, "dscp-prio",
                                        std::to_string(dscp) + ":" + std::to_string(p)};
    };
    if (mapped && others.empty()) {
        step.state = StepState::Done;
        return;
    }
    if (others.empty()) {
        step.commands = {cmd("add", prio)};
        step.undo = {cmd("del", prio)};
        return;
    }
    if (flavor == "mlx5") {
        // mlx5e_dcbnl_ieee_setapp replaces a DSCP's priority itself (it
        // deletes the old entry): one add each way.
        step.commands = {cmd("add", prio)};
        step.undo = {cmd("add", others.front())};
        return;
    }
    // ice refuses to add a DSCP that is mapped already ("DSCP value ...
    // already user mapped", ice_dcbnl_setapp): delete the other mapping
    // first, and put it back on undo. (`dcb app replace` adds first and
    // exits 0 even when that fails, so it is not used.)
    for (int p : others)
        step.commands.push_back(cmd("del", p));
    if (!mapped) {
        step.commands.push_back(cmd("add", prio));
        step.undo.push_back(cmd("del", prio));
    }
    for (int p : others)
        step.undo.push_back(cmd("add", p));
}

std::array<int, 8> etsShares(int tc, int share)
{
    std::array<int, 8> want{};
    want[0] = tc == 0 ? 100 : 100 - share;
    if (tc != 0)
        want[size_t(tc)] = share;
    return want;
}

void describeEts(const sys::Root &root, const Json &args, Step &step, Moment moment)
{
    const std::string iface = argString(args, "interface");
    const int tc = argInt(args, "tc", 3);
    const int share = argInt(args, "share", 50);
    const std::array<int, 8> want = etsShares(tc, share);
    step.commands = {etsCommand(iface, tc, share)};
    step.check = "`dcb -j ets show dev " + iface + "` has every traffic class ETS, TC " + std::to_string(tc) + " " +
                 std::to_string(want[size_t(tc)]) + "% and TC 0 " + std::to_string(want[0]) + "%";
    auto text = readDcb(root, "ets", iface, step, args, moment);
    if (!text)
        return;
    auto now = parseEts(*text);
    if (!now)
        return setUnknown(step, "`dcb -j ets show dev " + iface + "` printed what this engine cannot read");
    bool allEts = std::all_of(now->tsa.begin(), now->tsa.end(), [](const std::string &t) { return t == "ets"; });
    if (allEts && now->bw == want) {
        step.state = StepState::Done;
        return;
    }
    std::vector<std::string> back = {"dcb", "ets", "set", "dev", iface, "tc-tsa"};
    for (size_t i = 0; i < 8; ++i) {
        if (now->tsa[i] == "???")
            return setUnknown(step, "`dcb -j ets show dev " + iface + "` lists a TSA dcb has no name for");
        back.push_back(std::to_string(i) + ":" + now->tsa[i]);
    }
    back.push_back("tc-bw");
    for (size_t i = 0; i < 8; ++i)
        back.push_back(std::to_string(i) + ":" + std::to_string(now->bw[i]));
    step.undo = {back};
}

constexpr std::array kKinds{
    StepKind{"dcb_pfc", describePfc},
    StepKind{"dcb_dscp_prio", describeDscpPrio},
    StepKind{"dcb_ets", describeEts},
};

} // namespace

std::span<const StepKind> dcbStepKinds()
{
    return kKinds;
}

std::optional<PfcState> parsePfc(const std::string &text)
{
    Json doc = parseObject(text);
    if (doc.is_null())
        return std::nullopt;
    PfcState s;
    if (!readArray8(doc, "prio_pfc", s.enabled, [](const Json &v, bool &out) {
            if (!v.is_boolean())
                return false;
            out = v.get<bool>();
            return true;
        }))
        return std::nullopt;
    if (doc.contains("pfc_cap") && doc["pfc_cap"].is_number_integer())
        s.cap = doc["pfc_cap"].get<int>();
    return s;
}

std::optional<std::vector<std::pair<int, int>>> parseDscpApp(const std::string &text)
{
    Json doc = parseObject(text);
    if (doc.is_null())
        return std::nullopt;
    std::vector<std::pair<int, int>> out;
    if (!doc.contains("dscp_prio"))
        return out; // no DSCP entry: dcb prints no such array
    if (!doc["dscp_prio"].is_array())
        return std::nullopt;
    for (const auto &e : doc["dscp_prio"]) {
        // [dscp, prio] or, since iproute2 6.5, [dscp, prio, " "].
        if (!e.is_array() || e.size() < 2 || !e[0].is_number_integer() || !e[1].is_number_integer())
            return std::nullopt;
        out.emplace_back(e[0].get<int>(), e[1].get<int>());
    }
    return out;
}

std::optional<EtsState> parseEts(const std::string &text)
{
    Json doc = parseObject(text);
    if (doc.is_null())
        return std::nullopt;
    EtsState s;
    auto integer = [](const Json &v, int &out) {
        if (!v.is_number_integer())
            return false;
        out = v.get<int>();
        return true;
    };
    auto name = [](const Json &v, std::string &out) {
        if (!v.is_string())
            return false;
        out = v.get<std::string>();
        return true;
    };
    if (!readArray8(doc, "tc_bw", s.bw, integer) || !readArray8(doc, "tc_tsa", s.tsa, name) ||
        !readArray8(doc, "prio_tc", s.prioTc, integer))
        return std::nullopt;
    return s;
}

std::optional<std::pair<int, int>> parseDcbVersion(const std::string &text)
{
    const std::string marker = "iproute2-";
    auto at = text.find(marker);
    if (at == std::string::npos)
        return std::nullopt;
    auto parts = sys::split(sys::trim(text.substr(at + marker.size())), '.', false);
    if (parts.size() < 2)
        return std::nullopt;
    auto major = sys::parseInt(parts[0]);
    auto minor = sys::parseInt(parts[1]);
    if (!major || !minor)
        return std::nullopt;
    return std::make_pair(int(*major), int(*minor));
}

void requireDcb(PlanBuilder &b)
{
    auto r = b.root.run({"dcb", "-V"});
    if (!r.found)
        throw sys::EngineError{"tool_missing",
                               "dcb (iproute2 5.12 or later) is not installed on this node: it sets PFC and the "
                               "DSCP map of " +
                                   b.iface + "; install it (Debian, Ubuntu: iproute2; Fedora: iproute) or set qos off"};
    if (auto v = parseDcbVersion(r.out); v && (v->first < 5 || (v->first == 5 && v->second < 12)))
        throw sys::EngineError{"tool_too_old", "this node's dcb is iproute2 " + std::to_string(v->first) + "." +
                                                   std::to_string(v->second) +
                                                   ": `dcb app` (the DSCP map) needs iproute2 5.12 or later"};
}

std::vector<std::string> etsCommand(const std::string &iface, int tc, int share)
{
    std::vector<std::string> set = {"dcb", "ets", "set", "dev", iface, "tc-tsa", "all:ets", "tc-bw"};
    const std::array<int, 8> want = etsShares(tc, share);
    for (size_t i = 0; i < 8; ++i)
        set.push_back(std::to_string(i) + ":" + std::to_string(want[i]));
    return set;
}

void bootDscpPrio(PlanBuilder &b, BootScript &script)
{
    const QosSpec &q = b.spec.qos;
    const std::string entry = std::to_string(q.dscp) + "," + std::to_string(q.pfcPriority);
    // [26,3] (iproute2 before 6.5) or [26,3," "] (6.5 and later).
    script.runUnless({"dcb", "app", "add", "dev", b.iface, "dscp-prio",
                      std::to_string(q.dscp) + ":" + std::to_string(q.pfcPriority)},
                     shellLine({"dcb", "-j", "app", "show", "dev", b.iface}) + " | grep -q " +
                         shellLine({"\\[" + entry + "[],]"}));
}

namespace {

Json withAssume(Json args, const std::string &assume)
{
    if (!assume.empty())
        args["assume"] = assume;
    return args;
}

} // namespace

Step &planPfc(PlanBuilder &b, const std::string &flavor, const std::string &assume)
{
    const int p = b.spec.qos.pfcPriority;
    return b.step("pfc", "step.pfc", {{"priority", p}}, "dcb_pfc",
                  withAssume({{"interface", b.iface}, {"priority", p}, {"exclusive", flavor == "ice"}}, assume));
}

Step &planDscpPrio(PlanBuilder &b, const std::string &flavor, const std::string &assume)
{
    const QosSpec &q = b.spec.qos;
    return b.step(
        "dscp_prio", "step.dscp_prio", {{"dscp", q.dscp}, {"priority", q.pfcPriority}}, "dcb_dscp_prio",
        withAssume({{"interface", b.iface}, {"dscp", q.dscp}, {"priority", q.pfcPriority}, {"flavor", flavor}}, assume));
}

Step &planEts(PlanBuilder &b, int sharePercent, const std::string &assume)
{
    const int tc = b.spec.qos.pfcPriority; // in DSCP mode ice maps priority i to traffic class i
    return b.step("ets", "step.ets", {{"tc", tc}, {"share", sharePercent}}, "dcb_ets",
                  withAssume({{"interface", b.iface}, {"tc", tc}, {"share", sharePercent}}, assume));
}

} // namespace halolink::roce
