// The engine's parsers against the corpus of real outputs in
// tests/fixtures/tool-output/ (its README): for every capture the folder's
// index.json lists, the parser's reading equals the capture's `facts`, which
// were written from the tool's meaning, never by running these parsers. A
// failed read (exit code, error on stderr, text that is not the format)
// never reads as "off" or "not done": the step that reads it is unknown,
// with the tool's own words in the reason.

#include <QtTest>

#include <QProcess>
#include <QTemporaryDir>
#include <fstream>
#include <sstream>

#include "probe/probe.h"
#include "roce/backend_ice.h"
#include "roce/dcb.h"
#include "roce/network_steps.h"
#include "roce/plan.h"
#include "roce/persist.h"
#include "roce/step_kinds.h"
#include "sys/root.h"
#include "sys/text.h"

using namespace halolink;

namespace {

const std::string kCorpus = std::string(HALOLINK_FIXTURES_DIR) + "/tool-output/";

std::string readText(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct Capture {
    std::string tool;
    Json entry;
    std::string out; // stdout ("" when the capture has no stdout file)
    std::string err;
    int exitCode = 0;
    std::vector<std::string> argv;
    std::string name() const
    {
        for (const char *k : {"file", "stderr"})
            if (entry.contains(k) && entry[k].is_string())
                return tool + "/" + entry[k].get<std::string>();
        return tool + "/?";
    }
};

std::vector<Capture> captures(const std::string &tool)
{
    std::vector<Capture> out;
    const Json index = Json::parse(readText(kCorpus + tool + "/index.json"));
    for (const auto &e : index["captures"]) {
        Capture c;
        c.tool = tool;
        c.entry = e;
        if (e["file"].is_string())
            c.out = readText(kCorpus + tool + "/" + e["file"].get<std::string>());
        if (e["stderr"].is_string())
            c.err = readText(kCorpus + tool + "/" + e["stderr"].get<std::string>());
        c.exitCode = e["exit_code"].is_number_integer() ? e["exit_code"].get<int>() : 0;
        c.argv = e["command"].get<std::vector<std::string>>();
        out.push_back(std::move(c));
    }
    return out;
}

bool is(const Capture &c, std::initializer_list<const char *> prefix)
{
    size_t i = 0;
    for (const char *w : prefix) {
        if (i >= c.argv.size() || c.argv[i] != w)
            return false;
        ++i;
    }
    return true;
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// A QVERIFY2 message.
const char *m(const std::string &s)
{
    static std::string last;
    last = s;
    return last.c_str();
}

// A root holding one command's output as a snapshot does (cmd/<key>.out,
// .rc, .err): a step kind reads it as it would read the live tool.
struct OneCommandRoot {
    QTemporaryDir dir;
    explicit OneCommandRoot(const Capture &c)
    {
        QDir().mkpath(dir.filePath("cmd"));
        const std::string key = dir.filePath("cmd/").toStdString() + sys::commandKey(c.argv);
        std::ofstream(key + ".out", std::ios::binary) << c.out;
        if (c.exitCode != 0)
            std::ofstream(key + ".rc") << c.exitCode << "\n";
        if (!c.err.empty())
            std::ofstream(key + ".err", std::ios::binary) << c.err;
    }
    sys::Root root() const { return sys::Root(dir.path().toStdString()); }
};

roce::Step describe(const Capture &c, const std::string &kind, Json args)
{
    OneCommandRoot r(c);
    roce::Step s;
    s.id = kind;
    roce::describeStep(s, kind, std::move(args), r.root(), roce::Moment::Plan);
    return s;
}

} // namespace

class TestToolOutput : public QObject {
    Q_OBJECT

private slots:
    // `ethtool IF`: the negotiated speed and the fastest modes, as each
    // capture's facts say; then the probe's link_speed_degraded on a
    // snapshot whose E810 answers with a real report of a link at 40 of 56
    // Gbit/s (a ConnectX-3's, mlx4_en), and with one whose partner said nothing.
    void ethtoolSettings()
    {
        int n = 0;
        for (const auto &c : captures("ethtool-settings")) {
            ++n;
            const probe::LinkModes lm = probe::parseEthtoolSettings(c.out);
            const Json &f = c.entry["facts"];
            auto same = [&](const std::optional<long long> &got, const char *key) {
                return f[key].is_null() ? !got : (got && *got == f[key].get<long long>());
            };
            QVERIFY2(same(lm.speedMbps, "speed_mbps"), m(c.name() + " speed"));
            QVERIFY2(same(lm.supportedMaxMbps, "supported_max_mbps"), m(c.name() + " supported"));
            QVERIFY2(same(lm.partnerMaxMbps, "partner_max_mbps"), m(c.name() + " partner"));
            QVERIFY2(same(lm.commonMaxMbps, "common_max_mbps"), m(c.name() + " common"));
        }
        QCOMPARE(n, 7);

        auto linkSpeedCheck = [](const std::string &report) {
            QTemporaryDir dir;
            const std::string snap = std::string(HALOLINK_FIXTURES_DIR) + "/snapshots/strix-halo-e810-roce";
            QProcess cp;
            cp.start("cp", {"-a", QString::fromStdString(snap) + "/.", dir.path()});
            cp.waitForFinished();
            const Json doc = probe::probe(sys::Root(dir.path().toStdString()));
            std::string netdev;
            for (const auto &nic : doc["nics"])
                if (!nic["rdma_device"].is_null())
                    netdev = nic["netdev"].get<std::string>();
            std::ofstream(dir.filePath("cmd/").toStdString() + sys::commandKey({"ethtool", netdev}) + ".out") << report;
            const Json again = probe::probe(sys::Root(dir.path().toStdString()));
            for (const auto &c : again["checks"])
                if (c["id"] == "link_speed_degraded")
                    return c;
            return Json();
        };
        const auto mlx4 = readText(kCorpus + "ethtool-settings/settings-mlx4-connectx3-40g-of-56g.public-ptr727-blog.out");
        Json check = linkSpeedCheck(mlx4);
        QCOMPARE(q(check["status"].get<std::string>()), QStringLiteral("warn"));
        QCOMPARE(q(check["message_key"].get<std::string>()), QStringLiteral("link_speed.degraded"));
        QCOMPARE(check["message_args"]["mbps"].get<long long>(), 40000LL);
        QCOMPARE(check["message_args"]["max_mbps"].get<long long>(), 56000LL);
        // The partner said nothing: only said, never a warning (a slower cable is no fault).
        const auto ice = readText(kCorpus + "ethtool-settings/settings-ice-e810-25g-lp-not-reported.public-netdev-20190731.out");
        check = linkSpeedCheck(ice);
        QCOMPARE(q(check["status"].get<std::string>()), QStringLiteral("pass"));
        QCOMPARE(q(check["message_key"].get<std::string>()), QStringLiteral("link_speed.full"));
    }

    void dcbPfc()
    {
        int n = 0;
        for (const auto &c : captures("dcb")) {
            if (!is(c, {"dcb", "-j", "pfc", "show"}))
                continue;
            ++n;
            auto got = roce::parsePfc(c.out);
            const Json &f = c.entry["facts"];
            if (c.exitCode != 0) {
                QVERIFY2(!got, m(c.name()));
                // A failed read is unknown, with dcb's own words.
                auto s = describe(c, "dcb_pfc", {{"interface", c.argv[5]}, {"priority", 3}});
                QVERIFY2(s.state == roce::StepState::Unknown, m(c.name()));
                QVERIFY2(s.unknownReason.find(sys::trim(c.err)) != std::string::npos, m(s.unknownReason));
                continue;
            }
            QVERIFY2(got, m(c.name()));
            for (size_t i = 0; i < 8; ++i)
                QCOMPARE(got->enabled[i], f["prio_pfc"][i].get<bool>());
            QCOMPARE(got->cap.value_or(-1), f["pfc_cap"].get<int>());
            // The step: done exactly when priority 3 is on and, on ice, no other.
            auto s = describe(c, "dcb_pfc", {{"interface", c.argv[5]}, {"priority", 3}, {"exclusive", true}});
            bool want = true;
            for (size_t i = 0; i < 8; ++i)
                want &= f["prio_pfc"][i].get<bool>() == (i == 3);
            QCOMPARE(s.state == roce::StepState::Done, want);
            if (!want) {
                // The undo gives back every priority as it was.
                QCOMPARE(s.undo.size(), size_t(1));
                QCOMPARE(s.undo[0].size(), size_t(6 + 8));
                for (size_t i = 0; i < 8; ++i)
                    QCOMPARE(q(s.undo[0][6 + i]),
                             q(std::to_string(i) + (f["prio_pfc"][i].get<bool>() ? ":on" : ":off")));
            }
        }
        QVERIFY(n >= 10);
    }

    void dcbApp()
    {
        int n = 0, threeElements = 0;
        for (const auto &c : captures("dcb")) {
            if (!is(c, {"dcb", "-j", "app", "show"}))
                continue;
            ++n;
            auto got = roce::parseDscpApp(c.out);
            const Json &f = c.entry["facts"];
            if (c.exitCode != 0) {
                QVERIFY2(!got, m(c.name()));
                auto s = describe(c, "dcb_dscp_prio", {{"interface", c.argv[5]}, {"dscp", 26}, {"priority", 3}});
                QVERIFY2(s.state == roce::StepState::Unknown, m(c.name()));
                continue;
            }
            QVERIFY2(got, m(c.name()));
            std::vector<std::pair<int, int>> want;
            for (const auto &e : f["dscp_prio"])
                want.emplace_back(e[0].get<int>(), e[1].get<int>());
            QCOMPARE(got->size(), want.size());
            for (size_t i = 0; i < want.size(); ++i)
                QVERIFY2(got->at(i) == want[i], m(c.name()));
            threeElements += c.out.find("\" \"]") != std::string::npos;

            const bool mapped26to3 = std::count(want.begin(), want.end(), std::make_pair(26, 3)) == 1 &&
                                     std::count_if(want.begin(), want.end(), [](auto &p) { return p.first == 26; }) == 1;
            for (const char *flavor : {"ice", "mlx5"}) {
                auto s = describe(c, "dcb_dscp_prio",
                                  {{"interface", c.argv[5]}, {"dscp", 26}, {"priority", 3}, {"flavor", flavor}});
                QCOMPARE(s.state == roce::StepState::Done, mapped26to3);
            }
        }
        QVERIFY(n >= 10);
        QVERIFY2(threeElements > 0, "the corpus has iproute2 6.5's [dscp, prio, \" \"] form");
    }

    void dcbAppRemapIce()
    {
        // DSCP 26 mapped to 5: ice refuses to add 26:3 on top, so the step
        // deletes 26:5 first and puts it back on undo; mlx5 replaces itself.
        Capture c;
        c.tool = "dcb";
        c.argv = {"dcb", "-j", "app", "show", "dev", "eth1"};
        c.out = R"({"dscp_prio":[[26,5," "]]})";
        auto ice = describe(c, "dcb_dscp_prio", {{"interface", "eth1"}, {"dscp", 26}, {"priority", 3}, {"flavor", "ice"}});
        QCOMPARE(ice.commands.size(), size_t(2));
        QCOMPARE(q(ice.commands[0][2]), QStringLiteral("del"));
        QCOMPARE(q(ice.commands[0][6]), QStringLiteral("26:5"));
        QCOMPARE(q(ice.commands[1][6]), QStringLiteral("26:3"));
        QCOMPARE(q(ice.undo[0][2] + " " + ice.undo[0][6]), QStringLiteral("del 26:3"));
        QCOMPARE(q(ice.undo[1][2] + " " + ice.undo[1][6]), QStringLiteral("add 26:5"));
        auto mlx5 =
            describe(c, "dcb_dscp_prio", {{"interface", "eth1"}, {"dscp", 26}, {"priority", 3}, {"flavor", "mlx5"}});
        QCOMPARE(mlx5.commands.size(), size_t(1));
        QCOMPARE(q(mlx5.undo[0][2] + " " + mlx5.undo[0][6]), QStringLiteral("add 26:5"));
    }

    void dcbEts()
    {
        int n = 0;
        for (const auto &c : captures("dcb")) {
            if (!is(c, {"dcb", "-j", "ets", "show"}))
                continue;
            ++n;
            auto got = roce::parseEts(c.out);
            const Json &f = c.entry["facts"];
            if (c.exitCode != 0) {
                QVERIFY2(!got, m(c.name()));
                continue;
            }
            QVERIFY2(got, m(c.name()));
            for (size_t i = 0; i < 8; ++i) {
                QCOMPARE(got->bw[i], f["tc_bw"][i].get<int>());
                QCOMPARE(q(got->tsa[i]), q(f["tc_tsa"][i].get<std::string>()));
                QCOMPARE(got->prioTc[i], f["prio_tc"][i].get<int>());
            }
            auto s = describe(c, "dcb_ets", {{"interface", c.argv[5]}, {"tc", 3}, {"share", 50}});
            QVERIFY2(s.state != roce::StepState::Unknown, m(c.name() + ": " + s.unknownReason));
            if (s.state == roce::StepState::Todo) {
                // The undo sets back every class's TSA and share as read.
                const auto &u = s.undo.at(0);
                for (size_t i = 0; i < 8; ++i) {
                    QCOMPARE(q(u[6 + i]), q(std::to_string(i) + ":" + f["tc_tsa"][i].get<std::string>()));
                    QCOMPARE(q(u[15 + i]), q(std::to_string(i) + ":" + std::to_string(f["tc_bw"][i].get<int>())));
                }
            }
        }
        QVERIFY(n >= 6);
    }

    void dcbVersion()
    {
        int n = 0;
        for (const auto &c : captures("dcb")) {
            if (!is(c, {"dcb", "-V"}))
                continue;
            ++n;
            auto v = roce::parseDcbVersion(c.out);
            QVERIFY2(v, m(c.name()));
            const std::string want = c.entry["facts"]["version"].get<std::string>();
            QCOMPARE(q(std::to_string(v->first) + "." + std::to_string(v->second)),
                     q(want.substr(0, want.rfind('.'))));
        }
        QVERIFY(n >= 5);
    }

    void ipAddr()
    {
        int n = 0;
        for (const auto &c : captures("ip")) {
            if (!is(c, {"ip", "-j", "addr", "show"}))
                continue;
            ++n;
            auto got = probe::parseIpAddr(c.out);
            QVERIFY2(got, m(c.name()));
            const Json &want = c.entry["facts"]["ipv4"];
            QCOMPARE(got->size(), want.size());
            for (const auto &[name, addrs] : *got)
                QCOMPARE(Json(addrs).dump(), want.at(name).dump());
        }
        QVERIFY(n >= 4);
    }

    void ipRoute()
    {
        int n = 0;
        for (const auto &c : captures("ip")) {
            if (!is(c, {"ip", "-j", "route", "show"}))
                continue;
            ++n;
            auto got = roce::parseRoutes(c.out);
            QVERIFY2(got, m(c.name()));
            const Json &want = c.entry["facts"]["routes"];
            QCOMPARE(got->size(), want.size());
            for (size_t i = 0; i < want.size(); ++i) {
                QCOMPARE(q(got->at(i)["dst"].get<std::string>()), q(want[i]["dst"].get<std::string>()));
                QCOMPARE(q(got->at(i).value("dev", "")), q(want[i]["dev"].get<std::string>()));
                QCOMPARE(got->at(i).contains("gateway"), !want[i]["gateway"].is_null());
            }
            // The step: done for a device route on that netdev; a route via a
            // gateway is replaced, and put back by the undo.
            const std::string peer = c.argv[4].substr(0, c.argv[4].find('/'));
            auto s = describe(c, "route", {{"interface", "eth1"}, {"peer", peer}});
            QVERIFY(s.state != roce::StepState::Unknown);
            const bool direct = want.size() == 1 && want[0]["dev"] == "eth1" && want[0]["gateway"].is_null();
            QCOMPARE(s.state == roce::StepState::Done, direct);
            if (!direct && !want.empty())
                QCOMPARE(q(roce::shellLine(s.undo.at(0))),
                         q("ip route replace " + c.argv[4] + " via " + want[0]["gateway"].get<std::string>() +
                           " dev eth1"));
            if (want.empty())
                QCOMPARE(q(roce::shellLine(s.undo.at(0))), q("ip route del " + c.argv[4] + " dev eth1"));
        }
        QVERIFY(n >= 8);
    }

    void ipLink()
    {
        int n = 0;
        for (const auto &c : captures("ip")) {
            if (!is(c, {"ip", "-j", "-d", "link", "show"}))
                continue;
            ++n;
            const Json &f = c.entry["facts"];
            auto got = roce::parseLinkMaxMtu(c.out);
            if (f["max_mtu"].is_null())
                QVERIFY2(!got, m(c.name()));
            else
                QCOMPARE(got.value_or(-1), f["max_mtu"].get<int>());
        }
        QVERIFY(n >= 8);
    }

    void devlink()
    {
        int n = 0;
        for (const auto &c : captures("devlink")) {
            if (!is(c, {"devlink", "-j"}))
                continue;
            ++n;
            auto got = probe::parseDevlinkParams(c.out);
            QVERIFY2(got, m(c.name()));
            QCOMPARE(q(got->dump()), q(c.entry["facts"]["params"].dump()));
        }
        QVERIFY(n >= 10);
        // The E810's parameters in that shape (ice registers them as generic
        // runtime bools: devlink/ice.rst), and a device without them.
        const std::string ice =
            R"({"param":{"pci/0000:c2:00.0":[{"name":"enable_roce","type":"generic","values":[{"cmode":"runtime","value":true}]},)"
            R"({"name":"enable_iwarp","type":"generic","values":[{"cmode":"runtime","value":false}]}]}})";
        auto p = probe::parseDevlinkRdmaParams(ice, "0000:c2:00.0");
        QVERIFY(p);
        QCOMPARE(q(p->dump()), QStringLiteral(R"({"enable_roce":true,"enable_iwarp":false})"));
        QCOMPARE(q(probe::parseDevlinkRdmaParams(ice, "0000:c2:00.1")->dump()), QStringLiteral("{}"));
    }

    void ethtoolPause()
    {
        int n = 0;
        for (const auto &c : captures("ethtool")) {
            const bool pause = is(c, {"ethtool", "-a"}) || is(c, {"ethtool", "--include-statistics", "--show-pause"});
            if (!pause)
                continue;
            ++n;
            const Json &f = c.entry["facts"];
            if (c.exitCode != 0) {
                // The ioctl builds print the header before failing: nothing of
                // it reads as a setting.
                QVERIFY2(!roce::ice::pauseValue(c.out, "RX") || f["rx"].is_null(), m(c.name()));
                auto s = describe(c, "ethtool_lfc_off", {{"interface", c.argv.back()}});
                QVERIFY2(s.state == roce::StepState::Unknown, m(c.name()));
                continue;
            }
            QCOMPARE(q(roce::ice::pauseValue(c.out, "RX").value_or("null")), q(f["rx"].get<std::string>()));
            QCOMPARE(q(roce::ice::pauseValue(c.out, "TX").value_or("null")), q(f["tx"].get<std::string>()));
            QCOMPARE(q(roce::ice::pauseValue(c.out, "Autonegotiate").value_or("null")),
                     q(f["autoneg"].is_null() ? "null" : f["autoneg"].get<std::string>()));
        }
        QVERIFY(n >= 20);
    }

    void ethtoolPrivFlags()
    {
        int n = 0;
        for (const auto &c : captures("ethtool")) {
            if (!is(c, {"ethtool", "--show-priv-flags"}))
                continue;
            ++n;
            const Json &f = c.entry["facts"];
            if (c.exitCode != 0) {
                auto s = describe(c, "ice_fw_lldp_off", {{"interface", c.argv[2]}});
                QVERIFY2(s.state == roce::StepState::Unknown, m(c.name()));
                continue;
            }
            for (auto it = f.begin(); it != f.end(); ++it)
                QCOMPARE(q(roce::ice::privFlag(c.out, it.key()).value_or("null")), q(it.value().get<std::string>()));
            auto s = describe(c, "ice_fw_lldp_off", {{"interface", c.argv[2]}});
            if (f.contains("fw-lldp-agent"))
                QCOMPARE(s.state == roce::StepState::Done, f["fw-lldp-agent"] == "off");
            else
                QVERIFY2(s.state == roce::StepState::Unknown, m(c.name())); // e1000e has no such flag
        }
        QVERIFY(n >= 10);
    }

    void ethtoolDriverInfo()
    {
        int n = 0;
        for (const auto &c : captures("ethtool")) {
            if (!is(c, {"ethtool", "-i"}) || c.exitCode != 0)
                continue;
            ++n;
            const Json &f = c.entry["facts"];
            const std::string want = f["firmware_version"].get<std::string>();
            QCOMPARE(q(probe::firmwareFromEthtoolInfo(c.out).value_or("")), q(want == "N/A" ? "" : want));
        }
        QVERIFY(n >= 10);
    }

    void systemctl()
    {
        int active = 0, enabled = 0;
        for (const auto &c : captures("systemctl")) {
            sys::CommandResult r;
            r.found = true;
            r.exitCode = c.exitCode;
            r.out = c.out;
            r.err = c.err;
            const Json &f = c.entry["facts"];
            if (is(c, {"systemctl", "is-active"}) && c.argv.size() == 3) {
                ++active;
                auto word = roce::parseIsActive(r);
                if (f["words"].empty())
                    QVERIFY2(!word, m(c.name())); // systemd not running: no answer, not "inactive"
                else
                    QCOMPARE(q(word.value_or("null")), q(f["words"][0].get<std::string>()));
            }
            if (is(c, {"systemctl", "is-enabled"})) {
                ++enabled;
                auto state = roce::parseUnitFileState(r);
                QCOMPARE(q(state.value_or("null")),
                         q(f["unit_exists"].get<bool>() ? f["unit_file_state"].get<std::string>() : "not-found"));
            }
        }
        QVERIFY(active >= 5);
        QVERIFY(enabled >= 6);
        // systemd 253 and later (PR 25689, systemd's source): "not-found" on stdout.
        sys::CommandResult later;
        later.found = true;
        later.exitCode = 4;
        later.out = "not-found\n";
        QCOMPARE(q(roce::parseUnitFileState(later).value_or("null")), QStringLiteral("not-found"));
    }

    void nmcli()
    {
        int n = 0;
        for (const auto &c : captures("nmcli")) {
            if (!is(c, {"nmcli", "-t", "-f", "DEVICE,STATE", "device"}))
                continue;
            ++n;
            const Json &f = c.entry["facts"];
            // As the answer to the command the step runs.
            Capture asStep = c;
            asStep.argv = {"nmcli", "-t", "-f", "DEVICE,STATE,CONNECTION", "device"};
            auto s = describe(asStep, "nm_unmanaged", {{"interface", "eth1"}});
            if (c.exitCode != 0) {
                QVERIFY2(f["devices"].is_null(), m(c.name()));
                QVERIFY2(s.done(), m(c.name())); // NetworkManager not running: nothing to take over
                continue;
            }
            auto got = roce::parseNmcliDevices(c.out);
            QVERIFY2(got, m(c.name()));
            QCOMPARE(got->size(), f["devices"].size());
            for (const auto &d : *got)
                QCOMPARE(q(d.state), q(f["devices"][d.device].get<std::string>()));
            const std::string eth1 = f["devices"]["eth1"].get<std::string>();
            QCOMPARE(s.done(), eth1 == "unmanaged");
            if (!s.done())
                QCOMPARE(q(roce::shellLine(s.commands.at(0))), QStringLiteral("nmcli device set eth1 managed no"));
        }
        QVERIFY(n >= 5);
        // NM running HaloLink's own connection on it: nothing to take over.
        Capture own;
        own.argv = {"nmcli", "-t", "-f", "DEVICE,STATE,CONNECTION", "device"};
        own.out = "eth1:connected:halolink-eth1\neth0:unmanaged:\nlo:unmanaged:\n";
        QVERIFY(describe(own, "nm_unmanaged", {{"interface", "eth1"}}).done());
        own.out = "eth1:connected:Wired connection 1\n";
        QVERIFY(!describe(own, "nm_unmanaged", {{"interface", "eth1"}}).done());
    }

    void ibvDevinfo()
    {
        int n = 0;
        for (const auto &c : captures("ibv_devinfo")) {
            if (c.exitCode != 0 || std::find(c.argv.begin(), c.argv.end(), "-v") == c.argv.end())
                continue;
            ++n;
            for (auto it = c.entry["facts"]["ports"].begin(); it != c.entry["facts"]["ports"].end(); ++it)
                QCOMPARE(probe::activeMtuFromDevinfo(c.out, std::stoi(it.key())).value_or(-1),
                         it.value()["active_mtu"].get<long long>());
        }
        QVERIFY(n >= 10);
    }
};

QTEST_GUILESS_MAIN(TestToolOutput)
#include "tst_tool_output.moc"
