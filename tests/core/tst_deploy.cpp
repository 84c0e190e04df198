// EngineDeployer and ElfInfo: the ELF facts of the real engine and of
// synthetic files, then deployment to a real sshd: first deploy uploads,
// second reuses (no upload), a stale target is replaced, a wrong architecture
// and a too-old glibc are refused before anything is uploaded.

#include "sshd_fixture.h"

#include "deploy/elfinfo.h"
#include "deploy/enginedeployer.h"
#include "ssh/sshsession.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QFileInfo>
#include <QSignalSpy>
#include <QSet>
#include <QTest>

#include <cstring>

using namespace halolink;
using namespace halolink::test;
using namespace std::chrono_literals;

namespace {

void put16(QByteArray &b, int off, quint16 v)
{
    std::memcpy(b.data() + off, &v, 2);
}
void put32(QByteArray &b, int off, quint32 v)
{
    std::memcpy(b.data() + off, &v, 4);
}
void put64(QByteArray &b, int off, quint64 v)
{
    std::memcpy(b.data() + off, &v, 8);
}

// A minimal little-endian ELF64 file: header, a string table and a
// .gnu.version_r naming `versions` of libc.so.6, and their section headers.
QByteArray syntheticElf(quint16 machine, const QList<QByteArray> &versions)
{
    QByteArray strtab("\0libc.so.6\0", 11);
    QList<quint32> nameOffsets;
    for (const QByteArray &v : versions) {
        nameOffsets << quint32(strtab.size());
        strtab += v + '\0';
    }
    QByteArray verneed(16 + 16 * versions.size(), '\0');
    put16(verneed, 0, 1); // vn_version
    put16(verneed, 2, quint16(versions.size())); // vn_cnt
    put32(verneed, 4, 1); // vn_file: "libc.so.6"
    put32(verneed, 8, 16); // vn_aux
    put32(verneed, 12, 0); // vn_next
    for (int i = 0; i < versions.size(); ++i) {
        const int a = 16 + 16 * i;
        put16(verneed, a + 6, quint16(2 + i)); // vna_other
        put32(verneed, a + 8, nameOffsets[i]); // vna_name
        put32(verneed, a + 12, i + 1 < versions.size() ? 16 : 0); // vna_next
    }
    QByteArray elf(64, '\0');
    elf[0] = 0x7f;
    elf[1] = 'E';
    elf[2] = 'L';
    elf[3] = 'F';
    elf[4] = 2; // ELFCLASS64
    elf[5] = 1; // little endian
    elf[6] = 1; // EV_CURRENT
    put16(elf, 16, 2); // ET_EXEC
    put16(elf, 18, machine); // e_machine
    put32(elf, 20, 1); // e_version
    const quint64 strOff = 64;
    const quint64 verOff = strOff + quint64(strtab.size());
    const quint64 shOff = verOff + quint64(verneed.size());
    put64(elf, 0x28, versions.isEmpty() ? 0 : shOff); // e_shoff
    put16(elf, 0x34, 64); // e_ehsize
    put16(elf, 0x3A, 64); // e_shentsize
    put16(elf, 0x3C, versions.isEmpty() ? 0 : 3); // e_shnum
    if (versions.isEmpty())
        return elf + QByteArray(4096, 'x');
    QByteArray sh(3 * 64, '\0');
    put32(sh, 64 + 4, 3); // [1] SHT_STRTAB
    put64(sh, 64 + 0x18, strOff);
    put64(sh, 64 + 0x20, quint64(strtab.size()));
    put32(sh, 128 + 4, 0x6ffffffe); // [2] SHT_GNU_verneed
    put64(sh, 128 + 0x18, verOff);
    put64(sh, 128 + 0x20, quint64(verneed.size()));
    put32(sh, 128 + 0x28, 1); // sh_link: the string table
    put32(sh, 128 + 0x2C, 1); // sh_info: one Verneed entry
    return elf + strtab + verneed + sh;
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

QString sha256Of(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return QString::fromLatin1(h.result().toHex());
}

} // namespace

class TestDeploy : public QObject {
    Q_OBJECT

private:
    SshdFixture m_fx;
    int m_server = -1;
    QString m_engine = QStringLiteral(HALOLINK_ENGINE_PATH);

    std::unique_ptr<SshSession> connected(int server)
    {
        auto s = std::make_unique<SshSession>(m_fx.keyEndpoint(server));
        SshSession *raw = s.get();
        connect(raw, &SshSession::hostKeyUnknown, raw, [raw] { raw->acceptHostKey(); });
        raw->connectToHost();
        (void)QTest::qWaitFor([raw] { return raw->isReady() || raw->isFinished(); }, 20000);
        return s;
    }

    struct Outcome {
        bool done = false, ok = false;
        QString remotePath;
        bool uploaded = false;
        EngineDeployer::Failure failure = EngineDeployer::Failure::None;
        QString message;
        int progressSignals = 0;
        qint64 lastDone = 0, lastTotal = 0;
        QList<QPair<EngineDeployer::Phase, int>> slow;
    };

    bool useBash(const QByteArray &rc) { return m_fx.useBash(rc); }
    int shellStarts() const { return m_fx.shellStarts(); }
    void removeTarget()
    {
        QFile::remove(m_fx.home() + QStringLiteral("/.cache/halolink/engine-") + sha256Of(m_engine));
    }
    Outcome deploy(SshSession *s, const QString &local, const EngineDeployer::Limits &limits = {})
    {
        EngineDeployer d(s, local);
        d.setLimits(limits);
        Outcome o;
        connect(&d, &EngineDeployer::slow, this,
            [&](EngineDeployer::Phase phase, int seconds) { o.slow << qMakePair(phase, seconds); });
        connect(&d, &EngineDeployer::progress, this, [&](qint64 done, qint64 total) {
            ++o.progressSignals;
            o.lastDone = done;
            o.lastTotal = total;
        });
        connect(&d, &EngineDeployer::finished, this, [&](const QString &path, bool uploaded) {
            o.done = o.ok = true;
            o.remotePath = path;
            o.uploaded = uploaded;
        });
        connect(&d, &EngineDeployer::failed, this, [&](EngineDeployer::Failure f, const QString &msg) {
            o.done = true;
            o.failure = f;
            o.message = msg;
        });
        d.start();
        (void)QTest::qWaitFor([&] { return o.done; }, 120000);
        return o;
    }

    QStringList cacheEntries() const
    {
        return QDir(m_fx.home() + QStringLiteral("/.cache/halolink"))
            .entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
    }

private Q_SLOTS:
    void initTestCase() { qunsetenv("SSH_AUTH_SOCK"); }

    void elfOfTheRealEngine()
    {
        QString error;
        const auto info = ElfInfo::read(m_engine, &error);
        QVERIFY2(info, qPrintable(error));
        QCOMPARE(info->elfClass, 2);
#if defined(__x86_64__)
        QCOMPARE(info->machine, 62);
        QVERIFY(info->unameNames().contains(QStringLiteral("x86_64")));
#endif
        QVERIFY(info->dynamic);
        QVERIFY(info->minGlibc.has_value());
        QVERIFY(*info->minGlibc >= (GlibcVersion { 2, 2, 5 }));
        qInfo() << "engine needs glibc" << info->minGlibc->toString();
    }

    void elfSynthetic()
    {
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("a.elf"));
        QVERIFY(writeFile(
            path, syntheticElf(183, { "GLIBC_2.17", "GLIBC_2.38", "GLIBC_2.2.5", "GLIBC_PRIVATE" })));
        QString error;
        auto info = ElfInfo::read(path, &error);
        QVERIFY2(info, qPrintable(error));
        QCOMPARE(info->machine, 183);
        QCOMPARE(info->machineName(), QStringLiteral("aarch64"));
        QVERIFY(info->minGlibc);
        QCOMPARE(info->minGlibc->toString(), QStringLiteral("2.38")); // numeric, not text, order

        QVERIFY(writeFile(path, syntheticElf(243, {})));
        info = ElfInfo::read(path, &error);
        QVERIFY(info);
        QCOMPARE(info->machineName(), QStringLiteral("riscv64"));
        QVERIFY(!info->minGlibc);

        QVERIFY(writeFile(path, QByteArray("#!/bin/sh\necho not an elf\n")));
        QVERIFY(!ElfInfo::read(path, &error));
        QVERIFY(error.contains(QLatin1String("not an ELF")));
        // Truncated section table: no crash, just fewer facts.
        QByteArray cut = syntheticElf(62, { "GLIBC_2.34" });
        cut.chop(100);
        QVERIFY(writeFile(path, cut));
        info = ElfInfo::read(path, &error);
        QVERIFY(info);
        QVERIFY(!info->minGlibc);
    }

    void glibcVersionParse()
    {
        QCOMPARE(GlibcVersion::parse(QStringLiteral("glibc 2.36"))->toString(), QStringLiteral("2.36"));
        QCOMPARE(GlibcVersion::parse(QStringLiteral("ldd (Debian GLIBC 2.36-9+deb12u4) 2.36"))->toString(),
            QStringLiteral("2.36"));
        QVERIFY(*GlibcVersion::parse(QStringLiteral("2.17")) < *GlibcVersion::parse(QStringLiteral("2.34")));
        QVERIFY(!GlibcVersion::parse(QStringLiteral("musl libc (x86_64)")));
    }

    void startServers()
    {
        const QString why = SshdFixture::unavailableReason();
        if (!why.isEmpty())
            QSKIP(qPrintable(why));
        QString error;
        QVERIFY2(m_fx.setUp(&error), qPrintable(error));
        m_server = m_fx.startServer(&error);
        QVERIFY2(m_server >= 0, qPrintable(error));
    }

    void firstDeployUploadsSecondReuses()
    {
        if (m_server < 0)
            QSKIP("no sshd");
        auto s = connected(m_server);
        QVERIFY2(s->isReady(), qPrintable(s->errorString()));
        const QString sha = sha256Of(m_engine);
        Outcome first = deploy(s.get(), m_engine);
        QVERIFY2(first.ok, qPrintable(first.message));
        QVERIFY(first.uploaded);
        QCOMPARE(first.remotePath, m_fx.home() + QStringLiteral("/.cache/halolink/engine-") + sha);
        QVERIFY(first.progressSignals >= 2);
        QCOMPARE(first.lastDone, QFileInfo(m_engine).size());
        QCOMPARE(first.lastTotal, QFileInfo(m_engine).size());
        QCOMPARE(sha256Of(first.remotePath), sha);
        const QFileInfo fi(first.remotePath);
        QCOMPARE(fi.owner(), m_fx.user());
        QCOMPARE(
            int(fi.permissions()
                & (QFile::ReadUser | QFile::WriteUser | QFile::ExeUser | QFile::ReadGroup | QFile::WriteGroup
                    | QFile::ExeGroup | QFile::ReadOther | QFile::WriteOther | QFile::ExeOther)),
            int(QFile::ReadUser | QFile::WriteUser | QFile::ExeUser)); // 0700
        // No temporary left; the engine and its stamp (what the file was when
        // its SHA-256 was found right).
        QCOMPARE(cacheEntries(),
            (QStringList { QStringLiteral("engine-") + sha, QStringLiteral("engine-") + sha + QStringLiteral(".ok") }));

        // Second deploy, new connection: verified on the node, nothing uploaded.
        auto again = connected(m_server);
        QVERIFY(again->isReady());
        Outcome second = deploy(again.get(), m_engine);
        QVERIFY2(second.ok, qPrintable(second.message));
        QVERIFY(!second.uploaded);
        QCOMPARE(second.progressSignals, 0);
        QCOMPARE(second.remotePath, first.remotePath);
    }

    // What a slow or stalled deployment says it waits for: a text of its own
    // for each phase; with the engine already there, the start, not an install.
    void waitingForNamesEachPhase()
    {
        using P = EngineDeployer::Phase;
        QSet<QString> texts;
        for (P p : {P::Shell, P::Checks, P::Upload, P::Install, P::Start}) {
            const QString text = EngineDeployer::waitingFor(p, QStringLiteral("n1"));
            QVERIFY2(text.contains(QLatin1String("n1")), qPrintable(text));
            texts.insert(text);
        }
        QCOMPARE(texts.size(), 5);
        const QString start = EngineDeployer::waitingFor(P::Start, QStringLiteral("n1"));
        QVERIFY2(start.contains(QLatin1String("start the engine")) && !start.contains(QLatin1String("upload")),
                 qPrintable(start));
    }

    void staleTargetIsReplaced()
    {
        if (m_server < 0)
            QSKIP("no sshd");
        const QString sha = sha256Of(m_engine);
        const QString target = m_fx.home() + QStringLiteral("/.cache/halolink/engine-") + sha;
        // Same name, wrong content (an interrupted copy by some other tool).
        QVERIFY(writeFile(target, QByteArray(1000, 'x')));
        auto s = connected(m_server);
        Outcome o = deploy(s.get(), m_engine);
        QVERIFY2(o.ok, qPrintable(o.message));
        QVERIFY(o.uploaded);
        QCOMPARE(sha256Of(target), sha);
    }

    // The stamp spares a connection the hash only while the file is as it
    // was: the same size, inode and modification time but a byte changed in
    // place (its ctime moved) is hashed again and replaced.
    void changedInPlaceIsFoundDespiteTheStamp()
    {
        if (m_server < 0)
            QSKIP("no sshd");
        const QString sha = sha256Of(m_engine);
        const QString target = m_fx.home() + QStringLiteral("/.cache/halolink/engine-") + sha;
        auto s = connected(m_server);
        QVERIFY(deploy(s.get(), m_engine).ok);
        QVERIFY(QFile::exists(target + QStringLiteral(".ok")));
        auto again = connected(m_server);
        Outcome reused = deploy(again.get(), m_engine);
        QVERIFY(reused.ok && !reused.uploaded);

        QFile f(target);
        const QDateTime modified = QFileInfo(target).lastModified();
        QTest::qWait(1100); // a ctime in another second
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.seek(100));
        QVERIFY(f.write("x", 1) == 1);
        QVERIFY(f.flush());
        QVERIFY(f.setFileTime(modified, QFileDevice::FileModificationTime));
        f.close();
        QCOMPARE(QFileInfo(target).lastModified(), modified);
        QVERIFY(sha256Of(target) != sha);
        auto third = connected(m_server);
        Outcome o = deploy(third.get(), m_engine);
        QVERIFY2(o.ok, qPrintable(o.message));
        QVERIFY(o.uploaded);
        QCOMPARE(sha256Of(target), sha);
    }

    void wrongArchitectureIsRefusedBeforeUpload()
    {
        if (m_server < 0)
            QSKIP("no sshd");
        QTemporaryDir tmp;
        const QString armEngine = tmp.filePath(QStringLiteral("halolink-engine-aarch64"));
        QVERIFY(writeFile(armEngine, syntheticElf(183, { "GLIBC_2.17" })));
        const QStringList before = cacheEntries();
        auto s = connected(m_server);
        Outcome o = deploy(s.get(), armEngine);
        QVERIFY(!o.ok);
        QCOMPARE(o.failure, EngineDeployer::Failure::ArchMismatch);
        QVERIFY2(o.message.contains(QLatin1String("aarch64")) && o.message.contains(QLatin1String("x86_64")),
            qPrintable(o.message));
        QCOMPARE(o.progressSignals, 0);
        QCOMPARE(cacheEntries(), before);
    }

    void tooOldGlibcIsRefusedBeforeUpload()
    {
        if (m_server < 0)
            QSKIP("no sshd");
        QString error;
        const auto info = ElfInfo::read(m_engine, &error);
        QVERIFY(info && info->minGlibc);
        if (*info->minGlibc <= (GlibcVersion { 2, 17, 0 }))
            QSKIP("the engine runs on glibc 2.17; nothing older to simulate");
        // A node whose getconf says glibc 2.17: a PATH override for the test
        // user's sessions on a second sshd (SetEnv wins over the default PATH).
        const QString fakeBin = m_fx.dir() + QStringLiteral("/fakebin");
        QDir().mkpath(fakeBin);
        QVERIFY(writeFile(fakeBin + QStringLiteral("/getconf"),
            "#!/bin/sh\n[ \"$1\" = GNU_LIBC_VERSION ] && { echo 'glibc 2.17'; exit 0; }\nexec "
            "/usr/bin/getconf \"$@\"\n"));
        QFile::setPermissions(fakeBin + QStringLiteral("/getconf"),
            QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther
                | QFile::ReadGroup | QFile::ExeGroup);
        const int oldNode = m_fx.startServer(&error, QString(), QStringLiteral("127.0.0.1"),
            { QStringLiteral("SetEnv PATH=%1:/usr/local/bin:/usr/bin:/bin").arg(fakeBin) });
        QVERIFY2(oldNode >= 0, qPrintable(error));
        const QString target = m_fx.home() + QStringLiteral("/.cache/halolink/engine-") + sha256Of(m_engine);
        QFile::remove(target);
        auto s = connected(oldNode);
        QVERIFY(s->isReady());
        Outcome o = deploy(s.get(), m_engine);
        QVERIFY(!o.ok);
        QCOMPARE(o.failure, EngineDeployer::Failure::LibcMismatch);
        QVERIFY2(
            o.message.contains(QLatin1String("glibc 2.17")) && o.message.contains(info->minGlibc->toString()),
            qPrintable(o.message));
        QCOMPARE(o.progressSignals, 0);
        QVERIFY(!QFile::exists(target));
        m_fx.killServer(oldNode);
    }

    // A ~/.bashrc that prints (a greeting, conda's notes) corrupts SFTP; the
    // one-channel deployment ignores whatever is not its own tagged lines.
    void loginShellOutputIsIgnored()
    {
        if (m_server < 0)
            QSKIP("no sshd");
        QVERIFY(useBash("echo 'Welcome to the node'\necho 'halolink-deploy is a word here' >&2\n"));
        removeTarget();
        auto s = connected(m_server);
        QVERIFY(s->isReady());
        Outcome o = deploy(s.get(), m_engine);
        QVERIFY2(o.ok, qPrintable(o.message));
        QVERIFY(o.uploaded);
        QCOMPARE(sha256Of(o.remotePath), sha256Of(m_engine));
        QCOMPARE(shellStarts(), 1); // check, upload and install: one start of the shell
    }

    // 3 s of shell start-up is slow, not a failure: slow() says what it waits for.
    void slowLoginShellIsSlowNotFailed()
    {
        if (m_server < 0)
            QSKIP("no sshd");
        QVERIFY(useBash("sleep 3\n"));
        auto s = connected(m_server);
        EngineDeployer::Limits limits;
        limits.slowAfter = 1s;
        limits.shell = 20s;
        Outcome o = deploy(s.get(), m_engine, limits);
        QVERIFY2(o.ok, qPrintable(o.message));
        QVERIFY(!o.slow.isEmpty());
        QCOMPARE(o.slow.first().first, EngineDeployer::Phase::Shell);
        QVERIFY(o.slow.first().second >= 1);
        QCOMPARE(shellStarts(), 1);
    }

    // A shell that never gets to the script fails after its limit, naming it.
    void stuckLoginShellFailsSayingWhat()
    {
        if (m_server < 0)
            QSKIP("no sshd");
        QVERIFY(useBash("sleep 60\n"));
        auto s = connected(m_server);
        EngineDeployer::Limits limits;
        limits.slowAfter = 500ms;
        limits.shell = 2s;
        QElapsedTimer t;
        t.start();
        Outcome o = deploy(s.get(), m_engine, limits);
        QVERIFY(!o.ok);
        QCOMPARE(o.failure, EngineDeployer::Failure::Stalled);
        QVERIFY2(o.message.contains(QLatin1String("login shell")), qPrintable(o.message));
        QVERIFY(t.elapsed() < 10000);
        QVERIFY(!o.slow.isEmpty());
        QVERIFY(m_fx.useDefaultShell());
    }

    void cleanupTestCase()
    {
        m_fx.tearDown();
    }
};

QTEST_GUILESS_MAIN(TestDeploy)
#include "tst_deploy.moc"
