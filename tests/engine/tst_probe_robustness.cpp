// probe on damaged snapshots: missing and malformed files, failing commands,
// links that loop or point outside the snapshot. It must always answer (exit
// 0), make the fact null and say why in `notes`, and never read the live
// system in replay.

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "engine_test_util.h"

using namespace halolink::test;

class TestProbeRobustness : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_snap;

    static QString fixture() { return QStringLiteral(HALOLINK_FIXTURES_DIR "/snapshots/strix-halo-e810-roce"); }

    static void write(const QString &path, const QByteArray &content)
    {
        QFile::remove(path);
        QFile f(path);
        QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
        f.write(content);
    }

    QJsonObject probe()
    {
        auto r = runEngine({QStringLiteral("probe"), QStringLiteral("--root"), m_snap});
        [&] { QVERIFY2(r.finished && r.exitCode == 0, r.err.constData()); }();
        return r.json();
    }

    static QJsonObject nic(const QJsonObject &doc, const QString &name)
    {
        for (const auto &v : doc[QStringLiteral("nics")].toArray())
            if (v.toObject()[QStringLiteral("netdev")].toString() == name)
                return v.toObject();
        return {};
    }

    static bool noteAbout(const QJsonObject &doc, const QString &needle)
    {
        for (const auto &v : doc[QStringLiteral("notes")].toArray())
            if (v.toObject()[QStringLiteral("source")].toString().contains(needle))
                return true;
        return false;
    }

private slots:
    void init()
    {
        QVERIFY(m_tmp.isValid());
        m_snap = m_tmp.filePath(QStringLiteral("snap"));
        QDir(m_snap).removeRecursively();
        QProcess cp;
        cp.start(QStringLiteral("cp"), {QStringLiteral("-a"), fixture(), m_snap});
        QVERIFY(cp.waitForFinished(30000));
        QCOMPARE(cp.exitCode(), 0);
    }

    void intactCopyHasNoNotes()
    {
        auto doc = probe();
        QCOMPARE(doc[QStringLiteral("notes")].toArray().size(), 0);
        QCOMPARE(nic(doc, QStringLiteral("enp194s0np0"))[QStringLiteral("mtu")].toInt(), 9000);
    }

    void malformedMtu()
    {
        write(m_snap + QStringLiteral("/sys/class/net/enp194s0np0/mtu"), "nine thousand\n");
        auto doc = probe();
        QVERIFY(nic(doc, QStringLiteral("enp194s0np0"))[QStringLiteral("mtu")].isNull());
        QVERIFY(noteAbout(doc, QStringLiteral("enp194s0np0/mtu")));
        // The check that needs it says it does not know.
        bool unknown = false;
        for (const auto &v : doc[QStringLiteral("checks")].toArray()) {
            auto c = v.toObject();
            if (c[QStringLiteral("id")] == QStringLiteral("mtu_small") && c[QStringLiteral("subject")] == QStringLiteral("enp194s0np0"))
                unknown = c[QStringLiteral("message")].toString().contains(QStringLiteral("unknown"));
        }
        QVERIFY(unknown);
    }

    // `ethtool IF` recorded for the RDMA NIC: the public ConnectX-3 capture
    // (tests/fixtures/tool-output/ethtool-settings/, 40000 Mb/s while both
    // ends list 56000baseCR4) makes link_speed_degraded warn; the E810
    // capture whose partner says "Not reported" only says so.
    void linkSpeedFromEthtoolSettings()
    {
        const QString dir = QStringLiteral(HALOLINK_FIXTURES_DIR "/tool-output/ethtool-settings/");
        auto check = [&](const QJsonObject &doc) {
            for (const auto &v : doc[QStringLiteral("checks")].toArray())
                if (v.toObject()[QStringLiteral("id")] == QStringLiteral("link_speed_degraded"))
                    return v.toObject();
            return QJsonObject();
        };
        const QString cmd = m_snap + QStringLiteral("/cmd/ethtool_enp194s0np0.out");
        // The fixture as recorded has no `ethtool IF`: not applicable, null.
        auto doc = probe();
        QVERIFY(nic(doc, QStringLiteral("enp194s0np0"))[QStringLiteral("link_modes")].isNull());
        QCOMPARE(check(doc)[QStringLiteral("status")].toString(), QStringLiteral("pass"));
        QCOMPARE(check(doc)[QStringLiteral("message_key")].toString(), QStringLiteral("not_applicable.no_link_modes"));

        QFile cx3(dir + QStringLiteral("settings-mlx4-connectx3-40g-of-56g.public-ptr727-blog.out"));
        QVERIFY(cx3.open(QIODevice::ReadOnly));
        write(cmd, cx3.readAll());
        doc = probe();
        const QJsonObject modes = nic(doc, QStringLiteral("enp194s0np0"))[QStringLiteral("link_modes")].toObject();
        QCOMPARE(modes[QStringLiteral("speed_mbps")].toInt(), 40000);
        QCOMPARE(modes[QStringLiteral("common_max_mbps")].toInt(), 56000);
        QCOMPARE(check(doc)[QStringLiteral("status")].toString(), QStringLiteral("warn"));
        QCOMPARE(check(doc)[QStringLiteral("subject")].toString(), QStringLiteral("enp194s0np0"));
        QCOMPARE(check(doc)[QStringLiteral("message_key")].toString(), QStringLiteral("link_speed.degraded"));
        // Only the RDMA NIC is asked: the management NIC has no link_modes.
        QVERIFY(nic(doc, QStringLiteral("enp193s0"))[QStringLiteral("link_modes")].isNull());

        QFile e810(dir + QStringLiteral("settings-ice-e810-25g-lp-not-reported.public-netdev-20190731.out"));
        QVERIFY(e810.open(QIODevice::ReadOnly));
        write(cmd, e810.readAll());
        doc = probe();
        QCOMPARE(check(doc)[QStringLiteral("status")].toString(), QStringLiteral("pass"));
        QCOMPARE(check(doc)[QStringLiteral("message_key")].toString(), QStringLiteral("link_speed.full"));
    }

    void attributeIsADirectory()
    {
        const QString mtu = m_snap + QStringLiteral("/sys/class/net/enp194s0np0/mtu");
        QFile::remove(mtu);
        QVERIFY(QDir().mkpath(mtu));
        auto doc = probe();
        QVERIFY(nic(doc, QStringLiteral("enp194s0np0"))[QStringLiteral("mtu")].isNull());
    }

    void garbageFromIp()
    {
        write(m_snap + QStringLiteral("/cmd/ip_-j_addr_show.out"), "Object \"addr\" is unknown, try \"ip help\".\n");
        auto doc = probe();
        QVERIFY(noteAbout(doc, QStringLiteral("ip -j addr show")));
        QCOMPARE(nic(doc, QStringLiteral("enp194s0np0"))[QStringLiteral("ipv4")].toArray().size(), 0);
        // Without addresses the RoCE v2 GID is still found from the GID table.
        for (const auto &v : doc[QStringLiteral("rdma")].toArray())
            QCOMPARE(v.toObject()[QStringLiteral("roce_v2_ipv4_gid_index")].toInt(-1), 1);
    }

    void commandFails()
    {
        write(m_snap + QStringLiteral("/cmd/ethtool_-i_enp194s0np0.rc"), "71\n");
        auto doc = probe();
        QVERIFY(nic(doc, QStringLiteral("enp194s0np0"))[QStringLiteral("firmware")].isNull());
        QVERIFY(noteAbout(doc, QStringLiteral("ethtool -i enp194s0np0")));
    }

    void commandMissing()
    {
        QVERIFY(QFile::remove(m_snap + QStringLiteral("/cmd/ip_-j_addr_show.out")));
        auto doc = probe();
        QVERIFY(noteAbout(doc, QStringLiteral("ip -j addr show")));
        QVERIFY(nic(doc, QStringLiteral("enp194s0np0"))[QStringLiteral("ipv4")].toArray().isEmpty());
    }

    void malformedManifest()
    {
        write(m_snap + QStringLiteral("/manifest.json"), "{ not json");
        auto doc = probe();
        QVERIFY(noteAbout(doc, QStringLiteral("manifest.json")));
        QVERIFY(doc[QStringLiteral("libraries")].toObject()[QStringLiteral("libibverbs")].isNull());
    }

    void malformedGid()
    {
        write(m_snap + QStringLiteral("/sys/class/infiniband/irdma0/ports/1/gids/1"), "zzzz\n");
        auto doc = probe();
        auto port = doc[QStringLiteral("rdma")].toArray().at(0).toObject();
        for (const auto &g : port[QStringLiteral("gids")].toArray())
            QVERIFY(g.toObject()[QStringLiteral("index")].toInt() != 1);
        QVERIFY(port[QStringLiteral("roce_v2_ipv4_gid_index")].toInt(-1) != 1);
    }

    void linkLoop()
    {
        QVERIFY(QFile::link(QStringLiteral("loop"), m_snap + QStringLiteral("/sys/class/net/loop")));
        auto doc = probe();
        QVERIFY(nic(doc, QStringLiteral("loop")).isEmpty());
    }

    // Replay never reads the live system, whatever the links say.
    void linksCannotEscape()
    {
        const QString hostname = m_snap + QStringLiteral("/proc/sys/kernel/hostname");
        QFile::remove(hostname);
        QVERIFY(QFile::link(QStringLiteral("/proc/sys/kernel/osrelease"), hostname));
        QFile::remove(m_snap + QStringLiteral("/proc/sys/kernel/osrelease"));
        const QString osrel = m_snap + QStringLiteral("/etc/os-release");
        QFile::remove(osrel);
        QVERIFY(QFile::link(QStringLiteral("../../../../../../../../../etc/os-release"), osrel));
        auto doc = probe();
        QVERIFY(doc[QStringLiteral("host")].toObject()[QStringLiteral("hostname")].isNull());
        QVERIFY(doc[QStringLiteral("host")].toObject()[QStringLiteral("kernel")].isNull());
        QVERIFY(doc[QStringLiteral("host")].toObject()[QStringLiteral("os")].isNull());
    }

    void emptyRoot()
    {
        QTemporaryDir empty;
        auto r = runEngine({QStringLiteral("probe"), QStringLiteral("--root"), empty.path()});
        QCOMPARE(r.exitCode, 0);
        auto doc = r.json();
        QCOMPARE(doc[QStringLiteral("schema")].toString(), QStringLiteral("halolink.probe/1"));
        QVERIFY(doc[QStringLiteral("host")].toObject()[QStringLiteral("hostname")].isNull());
        QVERIFY(doc[QStringLiteral("nics")].toArray().isEmpty());
        QVERIFY(doc[QStringLiteral("checks")].toArray().size() >= 12);
    }

    void badRoot()
    {
        auto r = runEngine({QStringLiteral("probe"), QStringLiteral("--root"), QStringLiteral("/nonexistent/snapshot")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.json()[QStringLiteral("error")].toObject()[QStringLiteral("code")].toString(), QStringLiteral("bad_root"));

        QTemporaryDir tmp;
        const QString notTar = tmp.filePath(QStringLiteral("x.tar.gz"));
        write(notTar, "this is not gzip");
        auto r2 = runEngine({QStringLiteral("probe"), QStringLiteral("--root"), notTar});
        QCOMPARE(r2.exitCode, 1);
        QCOMPARE(r2.json()[QStringLiteral("error")].toObject()[QStringLiteral("code")].toString(), QStringLiteral("bad_root"));
    }

    void badUsage()
    {
        auto r = runEngine({QStringLiteral("probe"), QStringLiteral("--bogus")});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.json()[QStringLiteral("error")].toObject()[QStringLiteral("code")].toString(), QStringLiteral("usage"));
        auto r2 = runEngine({QStringLiteral("frobnicate")});
        QCOMPARE(r2.exitCode, 2);
        auto r3 = runEngine({QStringLiteral("probe"), QStringLiteral("--root")});
        QCOMPARE(r3.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestProbeRobustness)
#include "tst_probe_robustness.moc"
