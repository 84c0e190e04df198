// The NIC port counters and RDMA counter names the fabric health reads,
// against real outputs (tests/fixtures/tool-output/ethtool-stats/ and
// hw_counters/, their READMEs): `ethtool -S` of ice, mlx5, virtio_net and
// veth parsed and mapped to the normalised keys as each index.json's facts
// say (absent stays null, never 0); the sums where a driver splits a key
// (ice's XON and XOFF); the live ioctl reader against Debian's ethtool on a
// veth pair made here (root only); and the agent's frame in replay: the
// port counters from the snapshot's `ethtool -S`, operstate, carrier changes
// and the RDMA port's state.

#include <QtTest>

#include <QProcess>
#include <QTemporaryDir>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "monitor/counter_map.h"
#include "monitor/ethtool_stats.h"
#include "monitor/monitor.h"
#include "monitor/nic_stat_map.h"
#include "sys/root.h"

#include <unistd.h>

using namespace halolink;
using Json = nlohmann::json;

namespace {

const std::string kCorpus = std::string(HALOLINK_FIXTURES_DIR) + "/tool-output/";

std::string readText(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The normalised reading of `ethtool -S` text, as the replay path makes it:
// null where no name of the key was printed.
Json portStatsOf(const std::string &text)
{
    std::array<std::optional<std::uint64_t>, monitor::kNicStatCount> v {};
    bool any = false;
    for (const auto &[name, value] : monitor::parseEthtoolStats(text)) {
        if (auto stat = monitor::nicStatOf(name)) {
            auto &slot = v[static_cast<std::size_t>(*stat)];
            slot = slot.value_or(0) + value;
            any = true;
        }
    }
    if (!any)
        return nullptr;
    auto at = [&](monitor::NicStat s) -> Json {
        const auto &x = v[static_cast<std::size_t>(s)];
        return x ? Json(*x) : Json(nullptr);
    };
    Json rx = Json::array(), tx = Json::array();
    for (int p = 0; p < monitor::kPriorities; ++p) {
        rx.push_back(at(static_cast<monitor::NicStat>(static_cast<int>(monitor::NicStat::PauseRxPrio0) + p)));
        tx.push_back(at(static_cast<monitor::NicStat>(static_cast<int>(monitor::NicStat::PauseTxPrio0) + p)));
    }
    return Json { { "pause_rx_prio", rx }, { "pause_tx_prio", tx },
        { "pause_rx_link", at(monitor::NicStat::PauseRxLink) }, { "pause_tx_link", at(monitor::NicStat::PauseTxLink) },
        { "crc_errors", at(monitor::NicStat::CrcErrors) }, { "rx_discards", at(monitor::NicStat::RxDiscards) } };
}

bool runs(const char *program)
{
    QProcess p;
    p.start(QString::fromLatin1(program), { QStringLiteral("--version") });
    return p.waitForFinished(5000) && p.exitStatus() == QProcess::NormalExit;
}

int run(const QStringList &argv, QByteArray *out = nullptr)
{
    QProcess p;
    p.start(argv.first(), argv.mid(1));
    if (!p.waitForFinished(10000))
        return -1;
    if (out)
        *out = p.readAllStandardOutput();
    return p.exitCode();
}

} // namespace

class TestNicPortStats : public QObject {
    Q_OBJECT

private slots:
    void realEthtoolOutputs()
    {
        const Json index = Json::parse(readText(kCorpus + "ethtool-stats/index.json"));
        int n = 0;
        for (const auto &c : index["captures"]) {
            const std::string file = c["file"].get<std::string>();
            const Json got = portStatsOf(readText(kCorpus + "ethtool-stats/" + file));
            const Json &want = c["facts"]["port_stats"];
            QVERIFY2(got == want, (file + ": " + got.dump() + " != " + want.dump()).c_str());
            ++n;
        }
        QCOMPARE(n, 5);
        // The header and the counters of the capture made here, in order.
        const auto veth = monitor::parseEthtoolStats(readText(kCorpus + "ethtool-stats/stats-veth.ethtool-6.1-debian12.out"));
        QVERIFY(!veth.empty());
        QCOMPARE(QString::fromStdString(veth.front().first), QStringLiteral("peer_ifindex"));
    }

    void realRdmaCounterNames()
    {
        const Json index = Json::parse(readText(kCorpus + "hw_counters/index.json"));
        for (const auto &c : index["captures"]) {
            const std::string file = c["file"].get<std::string>();
            const std::string text = readText(kCorpus + "hw_counters/" + file);
            std::vector<std::string> names;
            std::istringstream in(text);
            std::string word;
            if (c["facts"]["format"] == "ls") {
                while (in >> word)
                    names.push_back(word);
            } else { // "link DEV/PORT name value name value ..."
                in >> word >> word;
                std::string value;
                while (in >> word >> value)
                    names.push_back(word);
            }
            std::set<std::string> keys;
            for (const auto &name : names)
                if (auto k = monitor::normalizedIndex(name))
                    keys.insert(std::string(monitor::kNormalizedKeys[static_cast<std::size_t>(*k)].key));
            const auto want = c["facts"]["normalised"].get<std::set<std::string>>();
            QVERIFY2(keys == want, (file + ": " + Json(keys).dump() + " != " + Json(want).dump()).c_str());
        }
    }

    // Names in the drivers' format (ice_ethtool.c, en_stats.c), values chosen
    // here: the arithmetic of the mapping, not a capture.
    void sumsAndAbsence()
    {
        const Json ice = portStatsOf("NIC statistics:\n"
                                     "     link_xon_rx.nic: 2\n     link_xoff_rx.nic: 5\n"
                                     "     rx_priority_3_xon.nic: 10\n     rx_priority_3_xoff.nic: 30\n"
                                     "     tx_priority_3_xoff.nic: 7\n     rx_crc_errors.nic: 1\n"
                                     "     rx_dropped: 99\n     rx_dropped.nic: 4\n");
        QCOMPARE(ice["pause_rx_link"].get<int>(), 7);
        QCOMPARE(ice["pause_rx_prio"][3].get<int>(), 40);
        QVERIFY(ice["pause_rx_prio"][2].is_null());
        QCOMPARE(ice["pause_tx_prio"][3].get<int>(), 7);
        QCOMPARE(ice["crc_errors"].get<int>(), 1);
        QCOMPARE(ice["rx_discards"].get<int>(), 4); // the port's, not the VSI's rx_dropped
        QVERIFY(ice["pause_tx_link"].is_null());
        const Json mlx5 = portStatsOf("     rx_prio3_pause: 12\n     rx_prio3_pause_duration: 900\n"
                                      "     tx_prio3_pause: 3\n     rx_prio3_pause_transition: 6\n"
                                      "     rx_prio3_bytes: 1000\n     rx_discards_phy: 2\n");
        QCOMPARE(mlx5["pause_rx_prio"][3].get<int>(), 12); // not the duration or transitions
        QCOMPARE(mlx5["pause_tx_prio"][3].get<int>(), 3);
        QVERIFY(mlx5["pause_rx_prio"][0].is_null());
        QCOMPARE(mlx5["rx_discards"].get<int>(), 2);
        // A priority past 7, a name that only starts like one: not mapped.
        QVERIFY(!monitor::nicStatOf("rx_priority_8_xon.nic"));
        QVERIFY(!monitor::nicStatOf("rx_prio3_pause_duration"));
        QVERIFY(!monitor::nicStatOf("rx_prio33_pause"));
        // Lines that are not counters are skipped, never read as 0.
        QVERIFY(monitor::parseEthtoolStats("no stats available\n").empty());
        QVERIFY(monitor::parseEthtoolStats("NIC statistics:\n     broken: x\n").empty());
    }

    // The ioctl reader against Debian's ethtool, on a veth pair made here.
    void liveReaderMatchesEthtool()
    {
        if (::geteuid() != 0)
            QSKIP("making a veth pair needs root");
        if (!runs("ethtool") || !runs("ip"))
            QSKIP("ethtool or ip is not installed");
        const QString a = QStringLiteral("hlnps%1a").arg(::getpid() % 100000);
        const QString b = QStringLiteral("hlnps%1b").arg(::getpid() % 100000);
        QCOMPARE(run({ "ip", "link", "add", a, "type", "veth", "peer", "name", b }), 0);
        auto cleanup = qScopeGuard([&] { run({ "ip", "link", "del", a }); });
        QCOMPARE(run({ "ip", "link", "set", a, "up" }), 0);
        QCOMPARE(run({ "ip", "link", "set", b, "up" }), 0);
        QByteArray text;
        QCOMPARE(run({ "ethtool", "-S", a }, &text), 0);
        const auto want = monitor::parseEthtoolStats(text.toStdString());
        QVERIFY(!want.empty());
        monitor::EthtoolReader reader(a.toStdString());
        QVERIFY2(reader.readNames(), reader.errorText().c_str());
        std::vector<std::uint64_t> values;
        QCOMPARE(reader.readValues(values), monitor::EthtoolReader::Result::Ok);
        QCOMPARE(reader.names().size(), want.size());
        for (std::size_t i = 0; i < want.size(); ++i) {
            QCOMPARE(reader.names()[i], want[i].first);
            QCOMPARE(values[i], want[i].second);
        }
        // A device without statistics, and one that does not exist: said, not zeros.
        monitor::EthtoolReader lo("lo");
        QVERIFY(!lo.readNames());
        monitor::EthtoolReader none("hlnps-none");
        QVERIFY(!none.readNames());
        QVERIFY(!none.errorText().empty());
    }

    void frameInReplay()
    {
        QTemporaryDir dir;
        auto write = [&](const QString &rel, const QByteArray &text) {
            QDir().mkpath(QFileInfo(dir.filePath(rel)).path());
            QFile f(dir.filePath(rel));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        QDir().mkpath(dir.filePath("sys/devices/pci0000:00/0000:c2:00.0"));
        QDir().mkpath(dir.filePath("sys/class/net/ens1f0/statistics"));
        QVERIFY(QFile::link("../../../devices/pci0000:00/0000:c2:00.0", dir.filePath("sys/class/net/ens1f0/device")));
        write("sys/class/net/ens1f0/statistics/rx_bytes", "10\n");
        write("sys/class/net/ens1f0/statistics/tx_bytes", "20\n");
        write("sys/class/net/ens1f0/operstate", "up\n");
        write("sys/class/net/ens1f0/carrier_changes", "3\n");
        // The snapshot's `ethtool -S ens1f0`: the real ice capture.
        write("cmd/" + QString::fromStdString(sys::commandKey({ "ethtool", "-S", "ens1f0" })) + ".out",
              QByteArray::fromStdString(readText(kCorpus + "ethtool-stats/stats-ice-e810.public-ethq.out")));
        // An irdma port, ACTIVE (drivers/infiniband/core/sysfs.c prints "4: ACTIVE").
        write("sys/class/infiniband/irdma0/ports/1/state", "4: ACTIVE\n");
        write("sys/class/infiniband/irdma0/ports/1/hw_counters/cnpSent", "0\n");

        monitor::Monitor m(sys::Root(dir.path().toStdString()));
        m.rescan(true);
        std::string out;
        m.sample(0, 1'700'000'000'000'000'000, 1'000'000'000, 100'000'000, out);
        const Json frame = Json::parse(out);
        const Json &nic = frame["nics"][0];
        QCOMPARE(nic["netdev"].get<std::string>(), std::string("ens1f0"));
        QCOMPARE(nic["operstate"].get<std::string>(), std::string("up"));
        QCOMPARE(nic["carrier_changes"].get<int>(), 3);
        QVERIFY2(nic.contains("port_stats"), out.c_str());
        QCOMPARE(nic["port_stats"]["pause_rx_prio"].size(), std::size_t(8));
        QCOMPARE(nic["port_stats"]["pause_rx_prio"][3].get<int>(), 0);
        QCOMPARE(nic["port_stats"]["crc_errors"].get<int>(), 0);
        QCOMPARE(frame["rdma"][0]["state"].get<std::string>(), std::string("ACTIVE"));
        QVERIFY(frame["rdma"][0]["errors"]["out_of_buffer"].is_null()); // irdma has none
        // The next frame, 100 ms later: no port counters (at most once a second).
        out.clear();
        m.sample(1, 1'700'000'000'100'000'000, 1'100'000'000, 100'000'000, out);
        QVERIFY(!Json::parse(out)["nics"][0].contains("port_stats"));
        out.clear();
        m.sample(10, 1'700'000'001'000'000'000, 2'000'000'000, 100'000'000, out);
        QVERIFY(Json::parse(out)["nics"][0].contains("port_stats"));
        // totals() (the exporter's and `counters`'): the same reading.
        const auto totals = m.totals();
        QCOMPARE(totals.nics.size(), std::size_t(1));
        QCOMPARE(*totals.nics[0].operstate, std::string("up"));
        QVERIFY(totals.nics[0].portStats[static_cast<std::size_t>(monitor::NicStat::CrcErrors)].has_value());
        QCOMPARE(*totals.rdma[0].state, std::string("ACTIVE"));
    }
};

QTEST_GUILESS_MAIN(TestNicPortStats)
#include "tst_nic_port_stats.moc"
