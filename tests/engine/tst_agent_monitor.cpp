// The telemetry sampler against a fake sysfs tree whose counter files the
// test rewrites between samples: rates from monotonic deltas, PMA data in
// 4-byte units, irdma/rxe traffic from hw_counters, normalised error and
// congestion keys from the rxe, irdma and mlx5 names (null where a driver
// has none), devices appearing and vanishing. Then the real agent with
// --root on the same tree.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <set>

#include "agent_test_util.h"
#include "monitor/counter_map.h"
#include "monitor/monitor.h"

using namespace halolink;

namespace {

class FakeSys {
public:
    explicit FakeSys(const QString &root)
        : m_root(root)
    {
    }

    // Rewrites in place (same inode), as the kernel updates an attribute:
    // the monitor keeps its files open.
    void write(const QString &rel, const QByteArray &text)
    {
        const QString path = m_root + "/" + rel;
        QDir().mkpath(QFileInfo(path).path());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(text + "\n");
    }
    void write(const QString &rel, qint64 value) { write(rel, QByteArray::number(value)); }
    void link(const QString &rel, const QString &target)
    {
        const QString path = m_root + "/" + rel;
        QDir().mkpath(QFileInfo(path).path());
        QVERIFY(QFile::link(target, path));
    }
    void mkdir(const QString &rel) { QDir().mkpath(m_root + "/" + rel); }
    void remove(const QString &rel) { QDir(m_root + "/" + rel).removeRecursively(); }

    void build()
    {
        // A NIC with a PCI device, and lo without one (not reported).
        mkdir("sys/devices/pci0000:00/0000:c2:00.0");
        mkdir("sys/class/net/enp194s0np0/statistics");
        link("sys/class/net/enp194s0np0/device", "../../../devices/pci0000:00/0000:c2:00.0");
        write("sys/class/net/enp194s0np0/statistics/rx_bytes", 1000000);
        write("sys/class/net/enp194s0np0/statistics/tx_bytes", 2000000);
        write("sys/class/net/lo/statistics/rx_bytes", 5);
        write("sys/class/net/lo/statistics/tx_bytes", 5);

        // An amdgpu card with hwmon; a connector entry that is no GPU.
        const QString gpu = "sys/devices/pci0000:00/0000:c5:00.0";
        mkdir(gpu);
        mkdir("sys/bus/pci/drivers/amdgpu");
        link(gpu + "/driver", "../../../bus/pci/drivers/amdgpu");
        mkdir("sys/class/drm/card1");
        link("sys/class/drm/card1/device", "../../../devices/pci0000:00/0000:c5:00.0");
        mkdir("sys/class/drm/card1-DP-1");
        write(gpu + "/gpu_busy_percent", 37);
        write(gpu + "/mem_info_vram_used", 201252864);
        write(gpu + "/mem_info_gtt_used", 24109056);
        write(gpu + "/hwmon/hwmon3/power1_average", 41500000);
        write(gpu + "/hwmon/hwmon3/temp1_input", 48000);

        // rxe: hw_counters only, packets but no bytes.
        const QString rxe = "sys/class/infiniband/rxe0/ports/1/hw_counters/";
        for (auto [name, v] : std::initializer_list<std::pair<const char *, int>> { { "sent_pkts", 100 },
                 { "rcvd_pkts", 200 }, { "duplicate_request", 1 }, { "out_of_seq_request", 2 },
                 { "rcvd_rnr_err", 3 }, { "send_rnr_err", 4 }, { "rcvd_seq_err", 5 }, { "ack_deferred", 6 },
                 { "retry_exceeded_err", 7 }, { "retry_rnr_exceeded_err", 8 }, { "completer_retry_err", 9 },
                 { "send_err", 10 }, { "link_downed", 11 }, { "rdma_sends", 12 }, { "rdma_recvs", 13 },
                 { "lifespan", 10 } })
            write(rxe + name, v);

        // irdma (E810, RoCE): no PMA counters; IP octets in hw_counters.
        const QString ir = "sys/class/infiniband/irdma0/ports/1/hw_counters/";
        for (auto [name, v] : std::initializer_list<std::pair<const char *, int>> { { "ip4InOctets", 1000 },
                 { "ip6InOctets", 0 }, { "ip4OutOctets", 3000 }, { "ip6OutOctets", 0 }, { "ip4InPkts", 10 },
                 { "ip6InPkts", 0 }, { "ip4OutPkts", 30 }, { "ip6OutPkts", 0 }, { "cnpSent", 21 },
                 { "cnpHandled", 22 }, { "cnpIgnored", 23 }, { "RxECNMrkd", 24 }, { "RetransSegs", 25 },
                 { "RNR received", 26 }, { "RTO", 27 }, { "ip4InDiscards", 28 }, { "lifespan", 10 } })
            write(ir + name, v);

        // mlx5: PMA counters (data in 4-byte units) and its own names.
        const QString mc = "sys/class/infiniband/mlx5_0/ports/1/counters/";
        write(mc + "port_rcv_data", 1000);
        write(mc + "port_xmit_data", 2000);
        write(mc + "port_rcv_packets", 50);
        write(mc + "port_xmit_packets", 60);
        const QString mh = "sys/class/infiniband/mlx5_0/ports/1/hw_counters/";
        for (auto [name, v] : std::initializer_list<std::pair<const char *, int>> { { "np_cnp_sent", 31 },
                 { "rp_cnp_handled", 32 }, { "rp_cnp_ignored", 33 }, { "np_ecn_marked_roce_packets", 34 },
                 { "out_of_sequence", 35 }, { "local_ack_timeout_err", 36 }, { "packet_seq_err", 37 },
                 { "rnr_nak_retry_err", 38 }, { "roce_adp_retrans", 39 }, { "duplicate_request", 40 },
                 { "lifespan", 10 } })
            write(mh + name, v);
    }

private:
    QString m_root;
};

QJsonObject sample(monitor::Monitor &m, qint64 seq, qint64 monoNs)
{
    std::string out;
    m.sample(static_cast<std::uint64_t>(seq), 1'700'000'000'000'000'000 + monoNs, monoNs, 100'000'000, out);
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(out), &e);
    if (!doc.isObject())
        qWarning() << e.errorString() << QByteArray::fromStdString(out);
    return doc.object();
}

QJsonObject port(const QJsonObject &frame, const QString &device)
{
    for (const auto &p : frame.value("rdma").toArray()) {
        if (p.toObject().value("device").toString() == device)
            return p.toObject();
    }
    return {};
}

} // namespace

class TestAgentMonitor : public QObject {
    Q_OBJECT

private slots:
    void init();
    void devicesFound();
    void firstFrameHasNullRates();
    void ratesFromRewrittenCounters();
    void normalisedCounters();
    void counterResetGivesNullRate();
    void devicesAppearAndVanish();
    void mappingTableIsConsistent();
    void agentReadsTheRoot();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeSys> m_sys;
};

void TestAgentMonitor::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_sys = std::make_unique<FakeSys>(m_dir->path());
    m_sys->build();
}

void TestAgentMonitor::devicesFound()
{
    monitor::Monitor m { sys::Root(m_dir->path().toStdString()) };
    QVERIFY(m.rescan());
    QCOMPARE(m.gpuCount(), 1u);
    QCOMPARE(m.nicCount(), 1u); // lo has no device link
    QCOMPARE(m.rdmaPortCount(), 3u);
    QVERIFY(!m.rescan()); // nothing changed: no rebuild
}

void TestAgentMonitor::firstFrameHasNullRates()
{
    monitor::Monitor m { sys::Root(m_dir->path().toStdString()) };
    m.rescan();
    const QJsonObject f = sample(m, 0, 1'000'000'000);
    QCOMPARE(f.value("event").toString(), QStringLiteral("frame"));
    QCOMPARE(f.value("interval_ns").toInteger(), 100'000'000);
    const QJsonObject nic = f.value("nics").toArray().at(0).toObject();
    QCOMPARE(nic.value("netdev").toString(), QStringLiteral("enp194s0np0"));
    QCOMPARE(nic.value("rx_bytes").toInteger(), 1000000);
    QVERIFY(nic.value("rx_bytes_per_s").isNull());
    const QJsonObject gpu = f.value("gpus").toArray().at(0).toObject();
    QCOMPARE(gpu.value("card").toString(), QStringLiteral("card1"));
    QCOMPARE(gpu.value("busy_percent").toInt(), 37);
    QCOMPARE(gpu.value("vram_used_bytes").toInteger(), 201252864);
    QCOMPARE(gpu.value("gtt_used_bytes").toInteger(), 24109056);
    QCOMPARE(gpu.value("power_w").toDouble(), 41.5);
    QCOMPARE(gpu.value("temperature_c").toDouble(), 48.0);
    QVERIFY(port(f, "mlx5_0").value("rx_bytes_per_s").isNull());
    QCOMPARE(port(f, "mlx5_0").value("rx_bytes").toInteger(), 4000);
}

void TestAgentMonitor::ratesFromRewrittenCounters()
{
    monitor::Monitor m { sys::Root(m_dir->path().toStdString()) };
    m.rescan();
    sample(m, 0, 1'000'000'000);
    m_sys->write("sys/class/net/enp194s0np0/statistics/rx_bytes", 1000000 + 5000);
    m_sys->write("sys/class/net/enp194s0np0/statistics/tx_bytes", 2000000 + 1000);
    m_sys->write("sys/class/infiniband/mlx5_0/ports/1/counters/port_rcv_data", 1000 + 250); // +1000 bytes
    m_sys->write("sys/class/infiniband/mlx5_0/ports/1/counters/port_xmit_data", 2000 + 500); // +2000 bytes
    m_sys->write("sys/class/infiniband/mlx5_0/ports/1/counters/port_rcv_packets", 50 + 10);
    m_sys->write("sys/class/infiniband/irdma0/ports/1/hw_counters/ip4InOctets", 1000 + 600);
    m_sys->write("sys/class/infiniband/irdma0/ports/1/hw_counters/ip6InOctets", 400);
    m_sys->write("sys/class/infiniband/irdma0/ports/1/hw_counters/ip4OutPkts", 30 + 5);
    m_sys->write("sys/class/infiniband/rxe0/ports/1/hw_counters/rcvd_pkts", 200 + 20);
    m_sys->write("sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts", 100 + 40);

    const QJsonObject f = sample(m, 1, 1'500'000'000); // 0.5 s later
    const QJsonObject nic = f.value("nics").toArray().at(0).toObject();
    QCOMPARE(nic.value("rx_bytes_per_s").toDouble(), 10000.0);
    QCOMPARE(nic.value("tx_bytes_per_s").toDouble(), 2000.0);

    const QJsonObject mlx = port(f, "mlx5_0");
    QCOMPARE(mlx.value("rx_bytes").toInteger(), 5000); // 1250 x 4
    QCOMPARE(mlx.value("rx_bytes_per_s").toDouble(), 2000.0);
    QCOMPARE(mlx.value("tx_bytes_per_s").toDouble(), 4000.0);
    QCOMPARE(mlx.value("rx_packets_per_s").toDouble(), 20.0);
    QCOMPARE(mlx.value("tx_packets_per_s").toDouble(), 0.0);

    const QJsonObject ir = port(f, "irdma0");
    QCOMPARE(ir.value("rx_bytes").toInteger(), 2000); // ip4 + ip6 octets
    QCOMPARE(ir.value("rx_bytes_per_s").toDouble(), 2000.0);
    QCOMPARE(ir.value("tx_bytes_per_s").toDouble(), 0.0);
    QCOMPARE(ir.value("tx_packets_per_s").toDouble(), 10.0);

    const QJsonObject rxe = port(f, "rxe0");
    QVERIFY(rxe.value("rx_bytes").isNull());
    QVERIFY(rxe.value("rx_bytes_per_s").isNull());
    QCOMPARE(rxe.value("rx_packets_per_s").toDouble(), 40.0);
    QCOMPARE(rxe.value("tx_packets_per_s").toDouble(), 80.0);
}

void TestAgentMonitor::normalisedCounters()
{
    monitor::Monitor m { sys::Root(m_dir->path().toStdString()) };
    m.rescan();
    const QJsonObject f = sample(m, 0, 1'000'000'000);
    auto check = [&](const char *device, const char *group, const char *key, const QJsonValue &want) {
        const QJsonValue got = port(f, device).value(group).toObject().value(key);
        QVERIFY2(got == want,
            qPrintable(QStringLiteral("%1 %2.%3: want %4, got %5")
                           .arg(device, group, key)
                           .arg(want.toVariant().toString(), got.toVariant().toString())));
    };
    const QJsonValue null(QJsonValue::Null);
    // rxe
    check("rxe0", "errors", "retransmits", 9);
    check("rxe0", "errors", "out_of_sequence", 2);
    check("rxe0", "errors", "local_ack_timeouts", null);
    check("rxe0", "errors", "seq_naks", 5);
    check("rxe0", "errors", "rnr_naks", 3);
    for (const char *k : { "cnp_sent", "cnp_handled", "cnp_ignored", "ecn_marked" })
        check("rxe0", "congestion", k, null);
    // irdma
    check("irdma0", "errors", "retransmits", 25);
    check("irdma0", "errors", "out_of_sequence", null);
    check("irdma0", "errors", "local_ack_timeouts", 27);
    check("irdma0", "errors", "rnr_naks", 26);
    check("irdma0", "congestion", "cnp_sent", 21);
    check("irdma0", "congestion", "cnp_handled", 22);
    check("irdma0", "congestion", "cnp_ignored", 23);
    check("irdma0", "congestion", "ecn_marked", 24);
    // mlx5
    check("mlx5_0", "errors", "retransmits", null);
    check("mlx5_0", "errors", "out_of_sequence", 35);
    check("mlx5_0", "errors", "local_ack_timeouts", 36);
    check("mlx5_0", "errors", "seq_naks", 37);
    check("mlx5_0", "errors", "rnr_naks", 38);
    check("mlx5_0", "congestion", "cnp_sent", 31);
    check("mlx5_0", "congestion", "cnp_handled", 32);
    check("mlx5_0", "congestion", "cnp_ignored", 33);
    check("mlx5_0", "congestion", "ecn_marked", 34);

    // Every raw counter, settings excluded.
    const QJsonObject raw = port(f, "irdma0").value("counters").toObject();
    QCOMPARE(raw.value("RNR received").toInt(), 26);
    QCOMPARE(raw.value("ip4InDiscards").toInt(), 28);
    QVERIFY(!raw.contains("lifespan"));
    QCOMPARE(port(f, "rxe0").value("counters").toObject().size(), 15);

    // Without raw counters the frame is smaller, the normalised keys stay.
    m.setRawCounters(false);
    const QJsonObject lean = sample(m, 1, 1'100'000'000);
    QVERIFY(!port(lean, "mlx5_0").contains("counters"));
    QCOMPARE(port(lean, "mlx5_0").value("congestion").toObject().value("cnp_sent").toInt(), 31);
}

void TestAgentMonitor::counterResetGivesNullRate()
{
    monitor::Monitor m { sys::Root(m_dir->path().toStdString()) };
    m.rescan();
    sample(m, 0, 1'000'000'000);
    m_sys->write("sys/class/net/enp194s0np0/statistics/rx_bytes", 10); // went backwards
    QJsonObject f = sample(m, 1, 1'100'000'000);
    QVERIFY(f.value("nics").toArray().at(0).toObject().value("rx_bytes_per_s").isNull());
    m_sys->write("sys/class/net/enp194s0np0/statistics/rx_bytes", 110);
    f = sample(m, 2, 1'200'000'000);
    QCOMPARE(f.value("nics").toArray().at(0).toObject().value("rx_bytes_per_s").toDouble(), 1000.0);
}

void TestAgentMonitor::devicesAppearAndVanish()
{
    monitor::Monitor m { sys::Root(m_dir->path().toStdString()) };
    m.rescan();
    sample(m, 0, 1'000'000'000);

    // `rdma link add rxe1 type rxe netdev ...` while telemetry runs.
    m_sys->write("sys/class/infiniband/rxe1/ports/1/hw_counters/sent_pkts", 1);
    m_sys->write("sys/class/infiniband/rxe1/ports/1/hw_counters/rcvd_pkts", 1);
    QVERIFY(m.rescan());
    QCOMPARE(m.rdmaPortCount(), 4u);
    // Devices that stayed keep their previous values: rates go on.
    m_sys->write("sys/class/net/enp194s0np0/statistics/rx_bytes", 1000000 + 100);
    QJsonObject f = sample(m, 1, 1'100'000'000);
    QCOMPARE(f.value("nics").toArray().at(0).toObject().value("rx_bytes_per_s").toDouble(), 1000.0);
    QVERIFY(port(f, "rxe1").value("rx_packets_per_s").isNull()); // new: no rate yet

    // The device goes away: nulls, never a crash, and gone after the rescan.
    m_sys->remove("sys/class/infiniband/rxe1");
    f = sample(m, 2, 1'200'000'000);
    QVERIFY(f.value("rdma").isArray());
    QVERIFY(m.rescan());
    QCOMPARE(m.rdmaPortCount(), 3u);
    f = sample(m, 3, 1'300'000'000);
    QVERIFY(port(f, "rxe1").isEmpty());
}

void TestAgentMonitor::mappingTableIsConsistent()
{
    std::set<std::string_view> names;
    for (const auto &a : monitor::kCounterAliases) {
        QVERIFY2(names.insert(a.rawName).second, a.rawName.data());
        QVERIFY2(monitor::normalizedIndex(a.rawName).has_value(), a.rawName.data());
        QVERIFY(a.driver == "rxe" || a.driver == "irdma" || a.driver == "mlx5");
    }
    QVERIFY(!monitor::normalizedIndex("duplicate_request"));
    QVERIFY(monitor::isCounterSetting("lifespan"));
    // Every normalised key has a source in at least two drivers, but
    // out_of_buffer: only mlx5 counts an RDMA receive queue without a buffer
    // (rxe and E810's irdma have no such counter; E810's port drops are the
    // NIC's rx_discards, `rx_dropped.nic`).
    for (const auto &k : monitor::kNormalizedKeys) {
        std::set<std::string_view> drivers;
        for (const auto &a : monitor::kCounterAliases) {
            if (a.key == k.key)
                drivers.insert(a.driver);
        }
        QVERIFY2(drivers.size() >= (k.key == "out_of_buffer" ? 1u : 2u), k.key.data());
    }
}

void TestAgentMonitor::agentReadsTheRoot()
{
    agenttest::AgentProcess a({ "--root", m_dir->path() });
    QVERIFY(a.start());
    const QJsonObject hello = a.waitForEvent("hello");
    QVERIFY(hello.value("hostname").isNull()); // the fake tree has no proc/
    const int id = a.request("telemetry.start", { { "interval_ms", 50 } });
    QVERIFY(a.waitForReply(id).contains("result"));
    QJsonObject first = a.waitForEvent("frame");
    QCOMPARE(first.value("rdma").toArray().size(), 3);
    QCOMPARE(first.value("gpus").toArray().at(0).toObject().value("busy_percent").toInt(), 37);

    m_sys->write("sys/class/net/enp194s0np0/statistics/rx_bytes", 9000000);
    const QJsonObject moving = a.waitFor(
        [](const QJsonObject &o) {
            return o.value("event") == QStringLiteral("frame")
                && o.value("nics").toArray().at(0).toObject().value("rx_bytes_per_s").toDouble() > 0;
        },
        3000);
    QVERIFY2(!moving.isEmpty(), "a rewritten counter must give a rate");

    // A device created while frames flow shows up at the next rescan (3 s).
    m_sys->write("sys/class/infiniband/rxe7/ports/1/hw_counters/sent_pkts", 1);
    const QJsonObject later = a.waitFor(
        [](const QJsonObject &o) {
            return o.value("event") == QStringLiteral("frame") && o.value("rdma").toArray().size() == 4;
        },
        6000);
    QVERIFY2(!later.isEmpty(), "rxe7 never appeared");

    const int probeId = a.request("probe");
    const QJsonObject doc = a.waitForReply(probeId, 20000).value("result").toObject();
    QCOMPARE(doc.value("schema").toString(), QStringLiteral("halolink.probe/1"));
    QCOMPARE(doc.value("gpus").toArray().size(), 1);
}

QTEST_GUILESS_MAIN(TestAgentMonitor)
#include "tst_agent_monitor.moc"
