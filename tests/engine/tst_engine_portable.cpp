// The engine must start on a node without rdma-core, ROCm or a C++ runtime
// of the right version, and report what is missing.

#include <QFileInfo>
#include <QRegularExpression>
#include <QtTest>
#include <unistd.h>

#include "engine_test_util.h"

using namespace halolink::test;

class TestEnginePortable : public QObject {
    Q_OBJECT

private slots:
    void version()
    {
        auto r = runEngine({QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(QRegularExpression(QStringLiteral("^halolink-engine \\d+\\.\\d+\\.\\d+ \\(protocol \\d+\\)\\n$"))
                     .match(QString::fromUtf8(r.out))
                     .hasMatch(),
                 r.out.constData());
    }

    // Only the C library is needed at load time.
    void neededLibraries()
    {
        QProcess readelf;
        readelf.start(QStringLiteral("readelf"), {QStringLiteral("-d"), enginePath()});
        QVERIFY(readelf.waitForFinished(10000));
        QCOMPARE(readelf.exitCode(), 0);
        const QString out = QString::fromUtf8(readelf.readAllStandardOutput());
        static const QRegularExpression needed(QStringLiteral("\\(NEEDED\\).*\\[(.+)\\]"));
        QStringList libs;
        for (auto it = needed.globalMatch(out); it.hasNext();)
            libs << it.next().captured(1);
        QVERIFY(!libs.isEmpty());
        for (const auto &lib : libs) {
            QVERIFY2(lib.startsWith(QLatin1String("libc.so")) || lib.startsWith(QLatin1String("libm.so")) ||
                         lib.startsWith(QLatin1String("ld-linux")),
                     qPrintable(QStringLiteral("unexpected NEEDED library: ") + lib));
        }
    }

    // Hide libibverbs and librdmacm (bind-mount /dev/null over them in a
    // private mount namespace): probe still answers and reports them missing.
    void withoutRdmaLibraries()
    {
        if (::geteuid() != 0)
            QSKIP("needs root for a private mount namespace");
        QStringList hide;
        for (const auto &name : {QStringLiteral("libibverbs.so.1"), QStringLiteral("librdmacm.so.1")}) {
            QProcess ldconfig;
            ldconfig.start(QStringLiteral("/sbin/ldconfig"), {QStringLiteral("-p")});
            QVERIFY(ldconfig.waitForFinished(10000));
            for (const auto &line : QString::fromUtf8(ldconfig.readAllStandardOutput()).split(QLatin1Char('\n'))) {
                if (line.trimmed().startsWith(name)) {
                    const QString path = line.section(QStringLiteral("=> "), 1).trimmed();
                    hide << QFileInfo(path).canonicalFilePath();
                }
            }
        }
        if (hide.isEmpty())
            QSKIP("rdma-core is not installed here: nothing to hide");
        QString script = QStringLiteral("set -e; ");
        for (const auto &p : hide)
            script += QStringLiteral("mount --bind /dev/null '%1'; ").arg(p);
        script += QStringLiteral("exec '%1' probe").arg(enginePath());
        auto r = runEngine({QStringLiteral("-m"), QStringLiteral("sh"), QStringLiteral("-c"), script}, 30000,
                           QProcessEnvironment::systemEnvironment(), QStringLiteral("unshare"));
        if (r.exitCode != 0 && r.err.contains("unshare failed"))
            QSKIP("mount namespaces are not permitted here");
        QVERIFY2(r.exitCode == 0, r.err.constData());
        auto doc = r.json();
        QCOMPARE(doc[QStringLiteral("libraries")].toObject()[QStringLiteral("libibverbs")].toBool(true), false);
        QCOMPARE(doc[QStringLiteral("libraries")].toObject()[QStringLiteral("librdmacm")].toBool(true), false);
        bool failed = false;
        for (const auto &v : doc[QStringLiteral("checks")].toArray())
            if (v.toObject()[QStringLiteral("id")] == QStringLiteral("rdma_core_missing"))
                failed = v.toObject()[QStringLiteral("status")] == QStringLiteral("fail");
        QVERIFY(failed);

        // And an RDMA test says so plainly instead of crashing.
        script = QStringLiteral("set -e; ");
        for (const auto &p : hide)
            script += QStringLiteral("mount --bind /dev/null '%1'; ").arg(p);
        script += QStringLiteral("exec '%1' bench --peer 127.0.0.1 --transport rdma").arg(enginePath());
        auto b = runEngine({QStringLiteral("-m"), QStringLiteral("sh"), QStringLiteral("-c"), script}, 30000,
                           QProcessEnvironment::systemEnvironment(), QStringLiteral("unshare"));
        QCOMPARE(b.exitCode, 1);
        QCOMPARE(b.json()[QStringLiteral("error")].toObject()[QStringLiteral("code")].toString(),
                 QStringLiteral("rdma_core_missing"));
    }
};

QTEST_GUILESS_MAIN(TestEnginePortable)
#include "tst_engine_portable.moc"
