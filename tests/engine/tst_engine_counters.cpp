// `halolink-engine counters --root DIR` on a fake sysfs tree: an rxe port
// (hw_counters with packets only: bytes null), a port with PMA counters
// (bytes = port_*_data x 4, above 32 bits) and an irdma port (IP octets and
// packets summed from hw_counters), each with its netdev found the way
// probe finds it (rxe's parent, the NIC on the same PCI function, the GID
// table), the normalised error/congestion keys, the raw counters, and the
// NICs' byte and packet totals.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "engine_test_util.h"

using namespace halolink::test;

namespace {

class FakeSysfs {
public:
    explicit FakeSysfs(const QString &root)
        : m_root(root)
    {
    }
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
    void writeAll(const QString &dir, std::initializer_list<std::pair<const char *, qint64>> values)
    {
        for (const auto &[name, v] : values)
            write(dir + "/" + name, v);
    }

private:
    QString m_root;
};

QJsonObject entry(const QJsonArray &list, const QString &key, const QString &value)
{
    for (const auto &v : list) {
        if (v.toObject().value(key).toString() == value)
            return v.toObject();
    }
    return {};
}

} // namespace

class TestEngineCounters : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void document();
    void rxePacketsOnly();
    void pmaCounters();
    void irdmaHwCounters();
    void nics();
    void badRoot();

private:
    QTemporaryDir m_dir;
    QJsonObject m_doc;
};

void TestEngineCounters::initTestCase()
{
    QVERIFY(m_dir.isValid());
    FakeSysfs s(m_dir.path());

    // eth1: a virtio NIC, the parent of rxe0.
    s.mkdir("sys/devices/pci0000:00/0000:00:03.0/virtio0");
    s.link("sys/class/net/eth1/device", "../../../devices/pci0000:00/0000:00:03.0/virtio0");
    s.writeAll("sys/class/net/eth1/statistics",
        { { "rx_bytes", 1111 }, { "tx_bytes", 2222 }, { "rx_packets", 11 }, { "tx_packets", 22 } });
    // enp194s0np0: a ConnectX function, the same PCI function as mlx5_0;
    // no packet counters.
    s.mkdir("sys/devices/pci0000:00/0000:c2:00.0");
    s.link("sys/class/net/enp194s0np0/device", "../../../devices/pci0000:00/0000:c2:00.0");
    s.writeAll(
        "sys/class/net/enp194s0np0/statistics", { { "rx_bytes", 6000000000 }, { "tx_bytes", 7000000000 } });
    // lo is never listed; a bond (no device link) is: a data plane may be one.
    s.writeAll("sys/class/net/lo/statistics", { { "rx_bytes", 5 }, { "tx_bytes", 5 } });
    s.writeAll("sys/class/net/bond0/statistics", { { "rx_bytes", 41 }, { "tx_bytes", 42 } });

    // rxe0 on eth1: hw_counters only, packets but no bytes.
    s.write("sys/class/infiniband/rxe0/parent", "eth1");
    s.writeAll("sys/class/infiniband/rxe0/ports/1/hw_counters",
        { { "sent_pkts", 100 }, { "rcvd_pkts", 200 }, { "out_of_seq_request", 2 }, { "rcvd_rnr_err", 3 },
            { "rcvd_seq_err", 5 }, { "completer_retry_err", 9 }, { "lifespan", 10 } });

    // mlx5_0: PMA counters (data in units of 4 bytes) and its own names.
    s.link("sys/class/infiniband/mlx5_0/device", "../../../devices/pci0000:00/0000:c2:00.0");
    s.writeAll("sys/class/infiniband/mlx5_0/ports/1/counters",
        { { "port_rcv_data", 5000000000 }, { "port_xmit_data", 2000 }, { "port_rcv_packets", 50 },
            { "port_xmit_packets", 60 } });
    s.writeAll("sys/class/infiniband/mlx5_0/ports/1/hw_counters",
        { { "np_cnp_sent", 31 }, { "rp_cnp_handled", 32 }, { "out_of_sequence", 35 },
            { "local_ack_timeout_err", 36 }, { "packet_seq_err", 37 } });

    // irdma0: no PMA counters, IP octets/packets in hw_counters; no parent
    // and no PCI link here, so its netdev comes from the GID table.
    s.write("sys/class/infiniband/irdma0/ports/1/gids/0", "fe80:0000:0000:0000:0211:22ff:fe33:4455");
    s.write("sys/class/infiniband/irdma0/ports/1/gid_attrs/ndevs/0", "ens1f0");
    s.write("sys/class/infiniband/irdma0/ports/1/gid_attrs/types/0", "RoCE v2");
    s.writeAll("sys/class/infiniband/irdma0/ports/1/hw_counters",
        { { "ip4InOctets", 1000 }, { "ip6InOctets", 24 }, { "ip4OutOctets", 3000 }, { "ip6OutOctets", 0 },
            { "ip4InPkts", 10 }, { "ip6InPkts", 1 }, { "ip4OutPkts", 30 }, { "ip6OutPkts", 0 },
            { "cnpSent", 21 }, { "cnpHandled", 22 }, { "RxECNMrkd", 24 }, { "RetransSegs", 25 },
            { "RNR received", 26 }, { "lifespan", 10 } });

    const EngineRun r = runEngine({ "counters", "--root", m_dir.path() });
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out.count('\n'), 1);
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &e);
    QVERIFY2(doc.isObject(), qPrintable(e.errorString() + ": " + QString::fromUtf8(r.out)));
    m_doc = doc.object();
}

void TestEngineCounters::document()
{
    QCOMPARE(m_doc.value("schema").toString(), QStringLiteral("halolink.counters/1"));
    // CLOCK_REALTIME in ns: some time after 2020.
    QVERIFY(m_doc.value("time_ns").toDouble() > 1.6e18);
    QCOMPARE(m_doc.value("rdma").toArray().size(), 3);
    QCOMPARE(m_doc.value("nics").toArray().size(), 3);
}

void TestEngineCounters::rxePacketsOnly()
{
    const QJsonObject p = entry(m_doc.value("rdma").toArray(), "device", "rxe0");
    QCOMPARE(p.value("port").toInt(), 1);
    QCOMPARE(p.value("netdev").toString(), QStringLiteral("eth1"));
    QVERIFY(p.value("rx_bytes").isNull());
    QVERIFY(p.value("tx_bytes").isNull());
    QCOMPARE(p.value("rx_packets").toInteger(), 200);
    QCOMPARE(p.value("tx_packets").toInteger(), 100);
    const QJsonObject errors = p.value("errors").toObject();
    QCOMPARE(errors.value("retransmits").toInteger(), 9);
    QCOMPARE(errors.value("out_of_sequence").toInteger(), 2);
    QCOMPARE(errors.value("seq_naks").toInteger(), 5);
    QCOMPARE(errors.value("rnr_naks").toInteger(), 3);
    QVERIFY(errors.value("local_ack_timeouts").isNull());
    const QJsonObject congestion = p.value("congestion").toObject();
    QCOMPARE(congestion.keys(), QStringList({ "cnp_handled", "cnp_ignored", "cnp_sent", "ecn_marked" }));
    for (const auto &v : congestion)
        QVERIFY(v.isNull());
    const QJsonObject raw = p.value("counters").toObject();
    QCOMPARE(raw.size(), 6); // lifespan is a setting
    QCOMPARE(raw.value("sent_pkts").toInteger(), 100);
    QVERIFY(!raw.contains("lifespan"));
}

void TestEngineCounters::pmaCounters()
{
    const QJsonObject p = entry(m_doc.value("rdma").toArray(), "device", "mlx5_0");
    QCOMPARE(p.value("netdev").toString(), QStringLiteral("enp194s0np0"));
    QCOMPARE(p.value("rx_bytes").toInteger(), 20000000000); // 5e9 x 4
    QCOMPARE(p.value("tx_bytes").toInteger(), 8000);
    QCOMPARE(p.value("rx_packets").toInteger(), 50);
    QCOMPARE(p.value("tx_packets").toInteger(), 60);
    QCOMPARE(p.value("errors").toObject().value("out_of_sequence").toInteger(), 35);
    QCOMPARE(p.value("errors").toObject().value("local_ack_timeouts").toInteger(), 36);
    QVERIFY(p.value("errors").toObject().value("retransmits").isNull());
    QCOMPARE(p.value("congestion").toObject().value("cnp_sent").toInteger(), 31);
    QCOMPARE(p.value("counters").toObject().size(), 5);
}

void TestEngineCounters::irdmaHwCounters()
{
    const QJsonObject p = entry(m_doc.value("rdma").toArray(), "device", "irdma0");
    QCOMPARE(p.value("netdev").toString(), QStringLiteral("ens1f0"));
    QCOMPARE(p.value("rx_bytes").toInteger(), 1024); // ip4 + ip6
    QCOMPARE(p.value("tx_bytes").toInteger(), 3000);
    QCOMPARE(p.value("rx_packets").toInteger(), 11);
    QCOMPARE(p.value("tx_packets").toInteger(), 30);
    QCOMPARE(p.value("errors").toObject().value("retransmits").toInteger(), 25);
    QCOMPARE(p.value("errors").toObject().value("rnr_naks").toInteger(), 26);
    QCOMPARE(p.value("congestion").toObject().value("cnp_sent").toInteger(), 21);
    QCOMPARE(p.value("congestion").toObject().value("cnp_handled").toInteger(), 22);
    QVERIFY(p.value("congestion").toObject().value("cnp_ignored").isNull());
    QCOMPARE(p.value("congestion").toObject().value("ecn_marked").toInteger(), 24);
    QCOMPARE(p.value("counters").toObject().value("RNR received").toInteger(), 26);
}

void TestEngineCounters::nics()
{
    const QJsonArray nics = m_doc.value("nics").toArray();
    const QJsonObject eth1 = entry(nics, "name", "eth1");
    QCOMPARE(eth1.value("rx_bytes").toInteger(), 1111);
    QCOMPARE(eth1.value("tx_bytes").toInteger(), 2222);
    QCOMPARE(eth1.value("rx_packets").toInteger(), 11);
    QCOMPARE(eth1.value("tx_packets").toInteger(), 22);
    const QJsonObject cx = entry(nics, "name", "enp194s0np0");
    QCOMPARE(cx.value("rx_bytes").toInteger(), 6000000000);
    QCOMPARE(cx.value("tx_bytes").toInteger(), 7000000000);
    QVERIFY(cx.value("rx_packets").isNull()); // missing file: null, never 0
    QVERIFY(cx.value("tx_packets").isNull());
    QVERIFY(entry(nics, "name", "lo").isEmpty());
    QCOMPARE(entry(nics, "name", "bond0").value("tx_bytes").toInteger(), 42);
}

void TestEngineCounters::badRoot()
{
    const EngineRun missing = runEngine({ "counters", "--root", m_dir.path() + "/nowhere" });
    QCOMPARE(missing.exitCode, 1);
    QCOMPARE(missing.json().value("error").toObject().value("code").toString(), QStringLiteral("bad_root"));
    const EngineRun extra = runEngine({ "counters", "extra" });
    QCOMPARE(extra.exitCode, 2);
    QCOMPARE(extra.json().value("error").toObject().value("code").toString(), QStringLiteral("usage"));
}

QTEST_GUILESS_MAIN(TestEngineCounters)
#include "tst_engine_counters.moc"
