// probe --root against the node snapshots in tests/fixtures/snapshots: every
// field and every check (id, status, subject) must equal the hand-derived
// expected-probe.json next to each snapshot.

#include <QDir>
#include <QFile>
#include <QtTest>

#include "engine_test_util.h"

using namespace halolink::test;

class TestProbeFixtures : public QObject {
    Q_OBJECT

private:
    static QString snapshotsDir() { return QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots"); }

    static QJsonObject probeOf(const QString &name)
    {
        auto r = runEngine({QStringLiteral("probe"), QStringLiteral("--root"), snapshotsDir() + QLatin1Char('/') + name});
        if (r.exitCode != 0)
            qWarning() << r.err;
        return r.json();
    }

    static QJsonObject port(const QJsonObject &doc, const QString &device, int portNum = 1)
    {
        for (const auto &v : doc[QStringLiteral("rdma")].toArray()) {
            auto o = v.toObject();
            if (o[QStringLiteral("device")].toString() == device && o[QStringLiteral("port")].toInt() == portNum)
                return o;
        }
        return {};
    }

    static QString status(const QJsonObject &doc, const QString &id, const QJsonValue &subject = QJsonValue::Undefined)
    {
        for (const auto &v : doc[QStringLiteral("checks")].toArray()) {
            auto o = v.toObject();
            if (o[QStringLiteral("id")].toString() != id)
                continue;
            if (subject.isUndefined() || o[QStringLiteral("subject")] == subject)
                return o[QStringLiteral("status")].toString();
        }
        return {};
    }

private slots:
    void wholeDocument_data()
    {
        QTest::addColumn<QString>("name");
        const auto entries = QDir(snapshotsDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        int n = 0;
        for (const auto &e : entries) {
            if (QFile::exists(snapshotsDir() + QLatin1Char('/') + e + QStringLiteral("/expected-probe.json"))) {
                QTest::newRow(qPrintable(e)) << e;
                ++n;
            }
        }
        QVERIFY2(n >= 4, "expected at least four fixture snapshots");
    }

    void wholeDocument()
    {
        QFETCH(QString, name);
        QFile f(snapshotsDir() + QLatin1Char('/') + name + QStringLiteral("/expected-probe.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonParseError err{};
        auto expected = QJsonDocument::fromJson(f.readAll(), &err);
        QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));

        auto r = runEngine({QStringLiteral("probe"), QStringLiteral("--root"), snapshotsDir() + QLatin1Char('/') + name});
        QVERIFY2(r.finished, "probe did not finish");
        QCOMPARE(r.exitCode, 0);
        auto actual = QJsonDocument::fromJson(r.out);
        QVERIFY2(actual.isObject(), r.out.constData());
        const QString diff = jsonDiff(expected.object(), actual.object());
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    // The facts people get wrong by hand, spelled out.
    void e810RoceV2()
    {
        auto doc = probeOf(QStringLiteral("strix-halo-e810-roce"));
        auto p = port(doc, QStringLiteral("irdma0"));
        QCOMPARE(p[QStringLiteral("transport")].toString(), QStringLiteral("roce"));
        QCOMPARE(p[QStringLiteral("netdev")].toString(), QStringLiteral("enp194s0np0"));
        QCOMPARE(p[QStringLiteral("roce_v2_ipv4_gid_index")].toInt(-1), 1);
        QCOMPARE(p[QStringLiteral("active_mtu")].toInt(), 4096);
        QCOMPARE(status(doc, QStringLiteral("pcie_width_degraded"), QStringLiteral("enp194s0np0")), QStringLiteral("warn"));
        QCOMPARE(doc[QStringLiteral("gpus")].toArray().at(0).toObject()[QStringLiteral("gfx_target")].toString(),
                 QStringLiteral("gfx1151"));
    }

    void e810IwarpIsCalledOut()
    {
        auto doc = probeOf(QStringLiteral("e810-iwarp"));
        const auto ports = doc[QStringLiteral("rdma")].toArray();
        QVERIFY(!ports.isEmpty());
        for (const auto &v : ports) {
            QCOMPARE(v.toObject()[QStringLiteral("transport")].toString(), QStringLiteral("iwarp"));
            QVERIFY(v.toObject()[QStringLiteral("roce_v2_ipv4_gid_index")].isNull());
        }
        QCOMPARE(status(doc, QStringLiteral("iwarp_mode")), QStringLiteral("warn"));
    }

    void connectxGidIsNotOne()
    {
        auto doc = probeOf(QStringLiteral("connectx6dx-gid3"));
        bool found = false;
        for (const auto &v : doc[QStringLiteral("rdma")].toArray()) {
            auto idx = v.toObject()[QStringLiteral("roce_v2_ipv4_gid_index")];
            if (idx.isDouble()) {
                QVERIFY(idx.toInt() != 1);
                found = true;
            }
        }
        QVERIFY(found);
    }

    void noRdma()
    {
        auto doc = probeOf(QStringLiteral("strix-halo-no-rdma"));
        QVERIFY(doc[QStringLiteral("rdma")].toArray().isEmpty());
        QCOMPARE(status(doc, QStringLiteral("rdma_core_missing")), QStringLiteral("fail"));
        QCOMPARE(status(doc, QStringLiteral("no_rdma_device")), QStringLiteral("fail"));
        QCOMPARE(doc[QStringLiteral("libraries")].toObject()[QStringLiteral("libibverbs")].toBool(true), false);
    }

    // Every documented check id is present in every answer.
    void everyCheckIdPresent()
    {
        static const QStringList ids{
            QStringLiteral("rdma_core_missing"), QStringLiteral("no_rdma_device"), QStringLiteral("iwarp_mode"),
            QStringLiteral("port_not_active"), QStringLiteral("no_roce_v2_gid"), QStringLiteral("mtu_small"),
            QStringLiteral("pcie_width_degraded"), QStringLiteral("pcie_speed_degraded"), QStringLiteral("gtt_small"),
            QStringLiteral("iommu_not_passthrough"), QStringLiteral("firewall_active"),
            QStringLiteral("management_on_rdma_netdev")};
        const auto entries = QDir(snapshotsDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (const auto &e : entries) {
            auto doc = probeOf(e);
            for (const auto &id : ids)
                QVERIFY2(!status(doc, id).isEmpty(), qPrintable(e + QStringLiteral(": no check ") + id));
        }
    }

    void tarGzSnapshotReplaysTheSame()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString archive = tmp.filePath(QStringLiteral("node.tar.gz"));
        QProcess tar;
        tar.start(QStringLiteral("tar"), {QStringLiteral("-czf"), archive, QStringLiteral("-C"), snapshotsDir(),
                                          QStringLiteral("strix-halo-e810-roce")});
        QVERIFY(tar.waitForFinished(30000));
        QCOMPARE(tar.exitCode(), 0);
        auto fromDir = probeOf(QStringLiteral("strix-halo-e810-roce"));
        auto r = runEngine({QStringLiteral("probe"), QStringLiteral("--root"), archive});
        QCOMPARE(r.exitCode, 0);
        const QString diff = jsonDiff(fromDir, r.json());
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }
};

QTEST_GUILESS_MAIN(TestProbeFixtures)
#include "tst_probe_fixtures.moc"
