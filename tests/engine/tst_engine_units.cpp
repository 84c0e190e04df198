// Unit tests of the engine's building blocks that need no machine.

#include <QtTest>

#include "probe/probe.h"
#include "sys/cli.h"
#include "sys/root.h"

using namespace halolink;

class TestEngineUnits : public QObject {
    Q_OBJECT

private slots:
    void gidText_data()
    {
        QTest::addColumn<QString>("sysfs");
        QTest::addColumn<QString>("text");
        QTest::newRow("ipv4-mapped") << "0000:0000:0000:0000:0000:ffff:c0a8:6401" << "::ffff:192.168.100.1";
        QTest::newRow("link-local") << "fe80:0000:0000:0000:6efe:54ff:fea1:c200" << "fe80::6efe:54ff:fea1:c200";
        QTest::newRow("zero") << "0000:0000:0000:0000:0000:0000:0000:0000" << "::";
        QTest::newRow("newline") << "0000:0000:0000:0000:0000:ffff:0a00:0001\n" << "::ffff:10.0.0.1";
    }
    void gidText()
    {
        QFETCH(QString, sysfs);
        QFETCH(QString, text);
        auto got = probe::gidText(sysfs.toStdString());
        QVERIFY(got.has_value());
        QCOMPARE(QString::fromStdString(*got), text);
    }
    void gidTextRejectsGarbage()
    {
        QVERIFY(!probe::gidText("zzzz").has_value());
        QVERIFY(!probe::gidText("0000:0000").has_value());
        QVERIFY(!probe::gidText("").has_value());
    }

    void gfxTarget()
    {
        QCOMPARE(QString::fromStdString(probe::gfxTargetName(110501)), QStringLiteral("gfx1151"));
        QCOMPARE(QString::fromStdString(probe::gfxTargetName(90010)), QStringLiteral("gfx90a"));
        QCOMPARE(QString::fromStdString(probe::gfxTargetName(90402)), QStringLiteral("gfx942"));
        QCOMPARE(QString::fromStdString(probe::gfxTargetName(110000)), QStringLiteral("gfx1100"));
    }

    void commandKey()
    {
        QCOMPARE(QString::fromStdString(sys::commandKey({"devlink", "-j", "dev", "param", "show"})),
                 QStringLiteral("devlink_-j_dev_param_show"));
        QCOMPARE(QString::fromStdString(sys::commandKey({"ethtool", "-i", "enp1s0f0np0"})),
                 QStringLiteral("ethtool_-i_enp1s0f0np0"));
        QCOMPARE(QString::fromStdString(sys::commandKey({"x", "a/b:c d"})), QStringLiteral("x_a_b_c_d"));
    }

    void paths()
    {
        QCOMPARE(QString::fromStdString(sys::normalizePath("a/./b/../c//d/")), QStringLiteral("a/c/d"));
        QCOMPARE(QString::fromStdString(sys::normalizePath("../../x")), QStringLiteral("x"));
        QCOMPARE(QString::fromStdString(sys::joinPath("sys/class/net", "../../devices/pci0000:00/net/eth0")),
                 QStringLiteral("sys/devices/pci0000:00/net/eth0"));
        QCOMPARE(QString::fromStdString(sys::joinPath("a/b", "/abs/path")), QStringLiteral("abs/path"));
        QCOMPARE(QString::fromStdString(sys::baseName("a/b/c/")), QStringLiteral("c"));
        QCOMPARE(QString::fromStdString(sys::dirName("a/b/c")), QStringLiteral("a/b"));
    }

    void options()
    {
        sys::Options o({"--port", "--size"}, {"--busy-poll"});
        o.parse({"--port", "7000", "--size=64", "--busy-poll"});
        QCOMPARE(*o.integer("--port", 1, 65535), 7000LL);
        QCOMPARE(*o.integer("--size", 1, 1 << 20), 64LL);
        QVERIFY(o.has("--busy-poll"));

        sys::Options bad({"--port"}, {});
        bad.parse({"--port", "99999"});
        try {
            bad.integer("--port", 1, 65535);
            QFAIL("out-of-range port accepted");
        } catch (const sys::EngineError &e) {
            QCOMPARE(e.exitCode, 2);
            QCOMPARE(QString::fromStdString(e.code), QStringLiteral("usage"));
        }
        sys::Options unknown({"--port"}, {});
        QVERIFY_THROWS_EXCEPTION(sys::EngineError, unknown.parse({"--nope"}));
        QVERIFY_THROWS_EXCEPTION(sys::EngineError, unknown.parse({"--port"}));
    }

    void rootResolvesInsideSnapshot()
    {
        QTemporaryDir tmp;
        QVERIFY(QDir().mkpath(tmp.filePath(QStringLiteral("sys/devices/x"))));
        QVERIFY(QDir().mkpath(tmp.filePath(QStringLiteral("sys/class/net"))));
        QVERIFY(QFile::link(QStringLiteral("../../devices/x"), tmp.filePath(QStringLiteral("sys/class/net/eth0"))));
        QVERIFY(QFile::link(QStringLiteral("/sys/devices/x"), tmp.filePath(QStringLiteral("sys/class/net/abs"))));
        QFile f(tmp.filePath(QStringLiteral("sys/devices/x/mtu")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("9000\n");
        f.close();

        sys::Root root(tmp.path().toStdString());
        QVERIFY(!root.live());
        QCOMPARE(*root.readInt("sys/class/net/eth0/mtu"), 9000LL);
        QCOMPARE(*root.readInt("sys/class/net/abs/mtu"), 9000LL); // absolute link -> inside the snapshot
        QCOMPARE(QString::fromStdString(*root.linkTarget("sys/class/net/eth0")), QStringLiteral("sys/devices/x"));
        QCOMPARE(QString::fromStdString(*root.resolve("sys/class/net/eth0")), QStringLiteral("sys/devices/x"));
        QCOMPARE(root.list("sys/class/net").size(), size_t(2));
        QVERIFY(!root.read("sys/nothing").has_value());
        QVERIFY(!root.run({"ip", "-j", "addr", "show"}).found); // replay without cmd/: not installed
    }

    void liveCommand()
    {
        sys::Root live("/");
        auto r = live.run({"sh", "-c", "echo $LC_ALL; exit 3"});
        QVERIFY(r.found);
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(QString::fromStdString(r.out), QStringLiteral("C\n"));
        QVERIFY(!live.run({"/nonexistent/tool"}).found);
        auto slow = live.run({"sleep", "5"}, 200);
        QVERIFY(slow.timedOut);
        QVERIFY(!slow.ok());
    }
};

QTEST_GUILESS_MAIN(TestEngineUnits)
#include "tst_engine_units.moc"
