// snapshot --out on this machine, then probe --root on it: the replay must
// equal the live probe except for values that change by themselves.

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>

#include "engine_test_util.h"

using namespace halolink::test;

namespace {

// GPU use, load, power and temperature move between two probes; nothing
// else may.
QJsonObject withoutVolatile(QJsonObject doc)
{
    QJsonArray gpus;
    for (const auto &v : doc[QStringLiteral("gpus")].toArray()) {
        auto g = v.toObject();
        g.remove(QStringLiteral("busy_percent"));
        g.remove(QStringLiteral("vram_used_bytes"));
        g.remove(QStringLiteral("gtt_used_bytes"));
        g.remove(QStringLiteral("power_w"));
        g.remove(QStringLiteral("temperature_c"));
        gpus.append(g);
    }
    doc[QStringLiteral("gpus")] = gpus;
    return doc;
}

} // namespace

class TestSnapshot : public QObject {
    Q_OBJECT

private slots:
    void replayEqualsLive()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString dir = tmp.filePath(QStringLiteral("snap"));

        auto live = runEngine({QStringLiteral("probe")});
        QCOMPARE(live.exitCode, 0);
        auto snap = runEngine({QStringLiteral("snapshot"), QStringLiteral("--out"), dir});
        QVERIFY2(snap.exitCode == 0, snap.out.constData());
        auto replay = runEngine({QStringLiteral("probe"), QStringLiteral("--root"), dir});
        QCOMPARE(replay.exitCode, 0);

        const QString diff = jsonDiff(withoutVolatile(live.json()), withoutVolatile(replay.json()));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        // The machine has NICs and a kernel: the replay really saw them.
        QVERIFY(!replay.json()[QStringLiteral("nics")].toArray().isEmpty());
        QVERIFY(!replay.json()[QStringLiteral("host")].toObject()[QStringLiteral("kernel")].toString().isEmpty());
    }

    void manifestAndContents()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.filePath(QStringLiteral("snap"));
        QCOMPARE(runEngine({QStringLiteral("snapshot"), QStringLiteral("--out"), dir}).exitCode, 0);

        QFile m(dir + QStringLiteral("/manifest.json"));
        QVERIFY(m.open(QIODevice::ReadOnly));
        auto manifest = QJsonDocument::fromJson(m.readAll()).object();
        QCOMPARE(manifest[QStringLiteral("format")].toString(), QStringLiteral("halolink-snapshot"));
        QCOMPARE(manifest[QStringLiteral("version")].toInt(), 1);
        QVERIFY(QRegularExpression(QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$"))
                    .match(manifest[QStringLiteral("captured_at")].toString())
                    .hasMatch());
        QVERIFY(manifest[QStringLiteral("libraries")].isObject());

        // Only what probe and plan read: sys, proc, etc, run (networkd's
        // generated files), cmd and the manifest (and usr/lib/os-release,
        // where /etc/os-release links to it); no keys or credentials of any kind.
        const QStringList top = QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System);
        for (const auto &e : top)
            QVERIFY2(QStringList({QStringLiteral("sys"), QStringLiteral("proc"), QStringLiteral("etc"),
                                  QStringLiteral("cmd"), QStringLiteral("manifest.json"), QStringLiteral("usr"),
                                  QStringLiteral("run")})
                         .contains(e),
                     qPrintable(e));
        QDirIterator it(dir, QDir::Files | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QVERIFY2(!path.contains(QStringLiteral("/etc/ssh")) && !path.contains(QStringLiteral("shadow")) &&
                         !path.contains(QStringLiteral("id_rsa")) && !path.contains(QStringLiteral("id_ed25519")),
                     qPrintable(path));
        }
        // sysfs links stay links, relative, as in sysfs.
        QFileInfo net(dir + QStringLiteral("/sys/class/net"));
        QVERIFY(net.isDir());
        bool sawLink = false;
        for (const auto &fi : QDir(net.filePath()).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System)) {
            if (fi.isSymLink()) {
                sawLink = true;
                QVERIFY2(!QFile::symLinkTarget(fi.filePath()).isEmpty(), qPrintable(fi.filePath()));
                const auto target = std::filesystem::read_symlink(fi.filePath().toStdString()).string();
                QVERIFY2(!target.empty() && target.front() != '/', target.c_str());
            }
        }
        QVERIFY(sawLink);
    }

    void tarGz()
    {
        QTemporaryDir tmp;
        const QString archive = tmp.filePath(QStringLiteral("node.tar.gz"));
        auto snap = runEngine({QStringLiteral("snapshot"), QStringLiteral("--out"), archive});
        QVERIFY2(snap.exitCode == 0, snap.out.constData());
        QVERIFY(QFileInfo(archive).size() > 0);
        auto live = runEngine({QStringLiteral("probe")});
        auto replay = runEngine({QStringLiteral("probe"), QStringLiteral("--root"), archive});
        QCOMPARE(replay.exitCode, 0);
        const QString diff = jsonDiff(withoutVolatile(live.json()), withoutVolatile(replay.json()));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    // A snapshot never overwrites anything.
    void refusesNonEmptyOut()
    {
        QTemporaryDir tmp;
        QFile keep(tmp.filePath(QStringLiteral("precious.txt")));
        QVERIFY(keep.open(QIODevice::WriteOnly));
        keep.write("keep me");
        keep.close();
        auto r = runEngine({QStringLiteral("snapshot"), QStringLiteral("--out"), tmp.path()});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.json()[QStringLiteral("error")].toObject()[QStringLiteral("code")].toString(), QStringLiteral("out_exists"));
        QCOMPARE(QDir(tmp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).size(), 1);
        QVERIFY(keep.open(QIODevice::ReadOnly));
        QCOMPARE(keep.readAll(), QByteArray("keep me"));

        auto noOut = runEngine({QStringLiteral("snapshot")});
        QCOMPARE(noOut.exitCode, 2);
        QCOMPARE(noOut.json()[QStringLiteral("error")].toObject()[QStringLiteral("code")].toString(), QStringLiteral("usage"));
    }
};

QTEST_GUILESS_MAIN(TestSnapshot)
#include "tst_snapshot.moc"
