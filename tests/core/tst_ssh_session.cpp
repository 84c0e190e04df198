// SshSession, RemoteTask, RemoteProcess and SftpUpload against a real OpenSSH
// server (sshd_fixture.h): host keys (unknown -> accepted and saved, known,
// rejected, changed -> refused), authentication (key, password, wrong
// password, encrypted key with passphrase), ~/.ssh/config handling, commands
// and quoting, timeouts, a dropped connection — and that no password reaches
// a log, a settings file or any other file.

#include "sshd_fixture.h"

#include "ssh/credentialstore.h"
#include "ssh/remoteprocess.h"
#include "ssh/remotetask.h"
#include "ssh/sftpupload.h"
#include "ssh/shellquote.h"
#include "ssh/sshsession.h"

#include <QDir>
#include <QDirIterator>
#include <QLoggingCategory>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QTest>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>

#include <pthread.h>
#include <time.h>

using namespace halolink;
using namespace halolink::test;
using namespace std::chrono_literals;

namespace {

QStringList g_log;
QtMessageHandler g_previousHandler = nullptr;

void captureMessages(QtMsgType type, const QMessageLogContext &ctx, const QString &msg)
{
    g_log << QStringLiteral("%1: %2").arg(QLatin1String(ctx.category ? ctx.category : ""), msg);
    if (g_previousHandler)
        g_previousHandler(type, ctx, msg);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

// An event with the GUI thread's CPU time when it was posted, and its sink,
// which keeps the most CPU the thread spent between a post and its handling.
struct CpuStamp final : QEvent {
    explicit CpuStamp(qint64 cpu)
        : QEvent(type())
        , postedCpuNs(cpu)
    {
    }
    static QEvent::Type type()
    {
        static const auto t = QEvent::Type(QEvent::registerEventType());
        return t;
    }
    qint64 postedCpuNs;
};

class CpuStampSink final : public QObject {
public:
    explicit CpuStampSink(std::function<qint64()> cpuNs)
        : m_cpuNs(std::move(cpuNs))
    {
    }
    qint64 maxCpuNs = 0;

protected:
    bool event(QEvent *e) override
    {
        if (e->type() != CpuStamp::type())
            return QObject::event(e);
        maxCpuNs = std::max(maxCpuNs, m_cpuNs() - static_cast<CpuStamp *>(e)->postedCpuNs);
        return true;
    }

private:
    std::function<qint64()> m_cpuNs;
};

class TestSshSession : public QObject {
    Q_OBJECT

private:
    SshdFixture m_fx;
    int m_server = -1;

    // Connects; accepts an unknown host key when asked to. True when Ready.
    bool connectSession(SshSession &s, bool acceptUnknown = true)
    {
        QObject::connect(&s, &SshSession::hostKeyUnknown, &s, [&s, acceptUnknown] {
            if (acceptUnknown)
                s.acceptHostKey();
            else
                s.rejectHostKey();
        });
        s.connectToHost();
        (void)QTest::qWaitFor([&] { return s.isReady() || s.isFinished(); }, 20000);
        if (!s.isReady())
            qWarning() << "session not ready:" << s.error() << s.errorString();
        return s.isReady();
    }

    struct TaskResult {
        bool ran = false;
        int exitCode = -1;
        QByteArray out, err;
        RemoteTask::Failure failure = RemoteTask::Failure::None;
    };
    TaskResult runTask(SshSession &s, const QString &command, std::chrono::milliseconds timeout = 20s)
    {
        RemoteTask task(&s, command);
        task.setTimeout(timeout);
        TaskResult r;
        bool done = false;
        connect(&task, &RemoteTask::finished, this, [&](int code) {
            r.ran = true;
            r.exitCode = code;
            done = true;
        });
        connect(&task, &RemoteTask::failed, this, [&](RemoteTask::Failure f, const QString &) {
            r.failure = f;
            done = true;
        });
        task.start();
        (void)QTest::qWaitFor([&] { return done; }, int(timeout.count()) + 5000);
        r.out = task.standardOutput();
        r.err = task.standardError();
        return r;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString why = SshdFixture::unavailableReason();
        if (!why.isEmpty())
            QSKIP(qPrintable(why));
        QStandardPaths::setTestModeEnabled(true);
        qunsetenv("SSH_AUTH_SOCK");
        QLoggingCategory::setFilterRules(QStringLiteral("halolink.*.debug=true"));
        g_previousHandler = qInstallMessageHandler(captureMessages);
        QString error;
        QVERIFY2(m_fx.setUp(&error), qPrintable(error));
        m_server = m_fx.startServer(&error);
        QVERIFY2(m_server >= 0, qPrintable(error));
    }

    void cleanupTestCase()
    {
        qInstallMessageHandler(g_previousHandler);
        m_fx.tearDown();
    }

    void unknownHostKeyShownThenAccepted()
    {
        QFile::remove(m_fx.knownHosts());
        SshSession s(m_fx.keyEndpoint(m_server));
        QSignalSpy unknown(&s, &SshSession::hostKeyUnknown);
        s.connectToHost();
        QTRY_COMPARE_WITH_TIMEOUT(unknown.count(), 1, 15000);
        QCOMPARE(s.state(), SshSession::State::AwaitingHostKeyDecision);
        const auto info = unknown.at(0).at(0).value<HostKeyInfo>();
        const QString expected = SshdFixture::fingerprintOf(m_fx.hostKey() + QStringLiteral(".pub"));
        QVERIFY(expected.startsWith(QLatin1String("SHA256:")));
        QCOMPARE(info.fingerprint, expected);
        QCOMPARE(info.keyType, QStringLiteral("ssh-ed25519"));
        QCOMPARE(info.port, m_fx.server(m_server).port);
        // Nothing saved before the person decides.
        QVERIFY(!readAll(m_fx.knownHosts()).contains("127.0.0.1"));
        s.acceptHostKey();
        QTRY_VERIFY_WITH_TIMEOUT(s.isReady() || s.isFinished(), 15000);
        QVERIFY2(s.isReady(), qPrintable(s.errorString()));
        const QByteArray saved = readAll(m_fx.knownHosts());
        QVERIFY2(saved.contains(QStringLiteral("[127.0.0.1]:%1").arg(m_fx.server(m_server).port).toLatin1()),
            saved.constData());
    }

    void knownHostConnectsWithKey()
    {
        SshSession s(m_fx.keyEndpoint(m_server));
        QSignalSpy unknown(&s, &SshSession::hostKeyUnknown);
        QSignalSpy creds(&s, &SshSession::credentialsNeeded);
        QVERIFY(connectSession(s, false));
        QCOMPARE(unknown.count(), 0);
        QCOMPARE(creds.count(), 0);
        QCOMPARE(s.resolvedUser(), m_fx.user());
    }

    void rejectedHostKeyIsNotSaved()
    {
        SshEndpoint ep = m_fx.keyEndpoint(m_server);
        ep.knownHostsFile = m_fx.dir() + QStringLiteral("/client/known_hosts_rejected");
        SshSession s(ep);
        QVERIFY(!connectSession(s, false));
        QCOMPARE(s.error(), SshSession::Error::HostKeyRejected);
        QVERIFY(!QFile::exists(ep.knownHostsFile) || readAll(ep.knownHostsFile).isEmpty());
    }

    void passwordAuthLeavesNoSecretBehind()
    {
        g_log.clear();
        CredentialStore store(QStringLiteral("HaloLink-test"));
        SshSession s(m_fx.endpoint(m_server)); // no key: password
        s.setCredentialStore(&store);
        QSignalSpy stored(&s, &SshSession::credentialStored);
        bool asked = false;
        connect(&s, &SshSession::credentialsNeeded, this, [&](CredentialKind kind, const QString &prompt) {
            QCOMPARE(kind, CredentialKind::Password);
            QVERIFY(!prompt.isEmpty());
            asked = true;
            s.provideCredentials(m_fx.password(), /*remember=*/true);
        });
        QVERIFY(connectSession(s));
        QVERIFY(asked);
        // The keychain either took it or said why not (no backend here: not stored).
        QTRY_COMPARE_WITH_TIMEOUT(stored.count(), 1, 15000);
        const bool wasStored = stored.at(0).at(0).toBool();
        const QString message = stored.at(0).at(1).toString();
        QVERIFY(!message.isEmpty());
        qInfo() << "keychain:" << wasStored << message;

        // Settings written the normal way, to be sure there is a file to search.
        {
            QSettings settings(QStringLiteral("HaloLinkTest"), QStringLiteral("tst_ssh_session"));
            settings.setValue(QStringLiteral("node/host"), m_fx.endpoint(m_server).host);
            settings.sync();
        }
        const QByteArray secret = m_fx.password();
        QVERIFY(!g_log.join(QLatin1Char('\n')).toUtf8().contains(secret));
        QStringList roots { m_fx.dir() };
        for (auto loc : { QStandardPaths::AppConfigLocation, QStandardPaths::GenericConfigLocation,
                 QStandardPaths::AppDataLocation, QStandardPaths::GenericDataLocation,
                 QStandardPaths::CacheLocation, QStandardPaths::GenericCacheLocation })
            roots << QStandardPaths::writableLocation(loc);
        int files = 0;
        for (const QString &root : roots) {
            QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                if (path.startsWith(m_fx.home()))
                    continue; // the test user's own files on the "node"
                ++files;
                QVERIFY2(
                    !readAll(path).contains(secret), qPrintable(QStringLiteral("password found in ") + path));
            }
        }
        QVERIFY(files > 0);
        if (wasStored) {
            bool removed = false;
            store.remove(QStringLiteral("ssh-password/%1@127.0.0.1:%2")
                             .arg(m_fx.user())
                             .arg(m_fx.server(m_server).port),
                [&](bool, const QString &) { removed = true; });
            QTRY_VERIFY_WITH_TIMEOUT(removed, 10000);
        }
    }

    void wrongPasswordFailsClearly()
    {
        SshSession s(m_fx.endpoint(m_server));
        connect(&s, &SshSession::credentialsNeeded, this, [&] { s.provideCredentials("not-the-password"); });
        QVERIFY(!connectSession(s));
        QCOMPARE(s.error(), SshSession::Error::AuthFailed);
        QVERIFY2(
            s.errorString().contains(QLatin1String("refused the password")), qPrintable(s.errorString()));
        QVERIFY(SshSession::isPermanent(s.error()));
    }

    void cancelledPasswordQuestion()
    {
        SshSession s(m_fx.endpoint(m_server));
        connect(&s, &SshSession::credentialsNeeded, this, [&] { s.cancelCredentials(); });
        QVERIFY(!connectSession(s));
        QCOMPARE(s.error(), SshSession::Error::CredentialsCancelled);
    }

    void encryptedKeyAsksForPassphrase()
    {
        SshEndpoint ep = m_fx.endpoint(m_server);
        ep.identityFile = m_fx.encryptedClientKey();
        SshSession s(ep);
        QList<CredentialKind> kinds;
        connect(&s, &SshSession::credentialsNeeded, this, [&](CredentialKind kind, const QString &) {
            kinds << kind;
            if (kind == CredentialKind::KeyPassphrase)
                s.provideCredentials(m_fx.keyPassphrase());
            else
                s.cancelCredentials();
        });
        QVERIFY(connectSession(s));
        QCOMPARE(kinds, QList<CredentialKind> { CredentialKind::KeyPassphrase });
        QCOMPARE(s.passphraseForReconnect(), m_fx.keyPassphrase());
    }

    void sshConfigAliasThenOverrides()
    {
        const int port = m_fx.server(m_server).port;
        const QString config = m_fx.dir() + QStringLiteral("/client/alias_config");
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral(
            "Host nodealias\n  HostName 127.0.0.1\n  Port %1\n  User nosuchuser\n  IdentityFile %2\n")
                    .arg(port)
                    .arg(m_fx.clientKey())
                    .toUtf8());
        f.close();
        SshEndpoint ep;
        ep.host = QStringLiteral("nodealias");
        ep.configFile = config;
        ep.knownHostsFile = m_fx.knownHosts();
        ep.globalKnownHostsFile = m_fx.dir() + QStringLiteral("/client/global_known_hosts");
        ep.sshDir = m_fx.dir() + QStringLiteral("/client");
        ep.agentSocket = QStringLiteral("none");
        {
            // The config alone: its user is not allowed on the node.
            SshSession s(ep);
            connect(&s, &SshSession::credentialsNeeded, &s, [&s] { s.cancelCredentials(); });
            QVERIFY(!connectSession(s, false));
            QCOMPARE(s.resolvedHost(), QStringLiteral("127.0.0.1"));
            QCOMPARE(s.resolvedPort(), port);
            QCOMPARE(s.resolvedUser(), QStringLiteral("nosuchuser"));
        }
        // The person's user wins over the config's; alias, port and key still come from it.
        ep.user = m_fx.user();
        SshSession s(ep);
        QVERIFY(connectSession(s, false));
        QCOMPARE(s.resolvedUser(), m_fx.user());
        QCOMPARE(s.resolvedPort(), port);
    }

    void proxyCommandFromConfig()
    {
        // ProxyJump becomes a ProxyCommand running `ssh -W` in libssh 0.10; the
        // OpenSSH client must be installed. Here the ProxyCommand is written out
        // so the jump's ssh uses the fixture's key and known_hosts.
        if (!QFile::exists(QStringLiteral("/usr/bin/ssh")))
            QSKIP("the OpenSSH client is not installed");
        const int port = m_fx.server(m_server).port;
        const QString jumpConfig = m_fx.dir() + QStringLiteral("/client/jump_config");
        QFile jf(jumpConfig);
        QVERIFY(jf.open(QIODevice::WriteOnly));
        jf.write(
            QStringLiteral("Host jumphost\n  HostName 127.0.0.1\n  Port %1\n  User %2\n  IdentityFile %3\n"
                           "  IdentitiesOnly yes\n  UserKnownHostsFile %4/client/jump_known_hosts\n"
                           "  StrictHostKeyChecking accept-new\n  BatchMode yes\n")
                .arg(port)
                .arg(m_fx.user(), m_fx.clientKey(), m_fx.dir())
                .toUtf8());
        jf.close();
        const QString config = m_fx.dir() + QStringLiteral("/client/proxy_config");
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("Host behindjump\n  HostName 127.0.0.1\n  Port %1\n  ProxyCommand "
                               "/usr/bin/ssh -F %2 -W %h:%p jumphost\n")
                    .arg(port)
                    .arg(jumpConfig)
                    .toUtf8());
        f.close();
        SshEndpoint ep = m_fx.keyEndpoint(m_server);
        ep.host = QStringLiteral("behindjump");
        ep.port = 0;
        ep.configFile = config;
        SshSession s(ep);
        QVERIFY(connectSession(s, false));
        const TaskResult r = runTask(s, QStringLiteral("echo via-proxy"));
        QCOMPARE(r.out, QByteArray("via-proxy\n"));
    }

    void remoteTaskExitCodesAndOutput()
    {
        SshSession s(m_fx.keyEndpoint(m_server));
        QVERIFY(connectSession(s));
        TaskResult r = runTask(s, QStringLiteral("echo out; echo err >&2; exit 3"));
        QVERIFY(r.ran);
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.out, QByteArray("out\n"));
        QCOMPARE(r.err, QByteArray("err\n"));
        r = runTask(s, QStringLiteral("true"));
        QCOMPARE(r.exitCode, 0);
        r = runTask(s, QStringLiteral("exit 255"));
        QCOMPARE(r.exitCode, 255);
        // Several at once on one session.
        QList<RemoteTask *> tasks;
        int done = 0;
        for (int i = 0; i < 5; ++i) {
            auto *t = new RemoteTask(&s, QStringLiteral("sleep 0.2; exit %1").arg(i), this);
            connect(t, &RemoteTask::finished, this, [&done] { ++done; });
            tasks << t;
            t->start();
        }
        QTRY_COMPARE_WITH_TIMEOUT(done, 5, 10000);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(tasks[i]->exitCode(), i);
        qDeleteAll(tasks);
    }

    void remoteTaskQuoting_data()
    {
        QTest::addColumn<QString>("value");
        QTest::newRow("injection") << QStringLiteral("'; rm -rf %1; echo '");
        QTest::newRow("empty") << QString();
        QTest::newRow("spaces") << QStringLiteral(" a  b ");
        QTest::newRow("dollar") << QStringLiteral("$HOME $(touch %1/pwned) `id`");
        QTest::newRow("semicolon") << QStringLiteral("x; touch %1/pwned");
        QTest::newRow("newline") << QStringLiteral("one\ntwo; touch %1/pwned\n");
        QTest::newRow("quotes") << QStringLiteral("\"'\\\"'");
        QTest::newRow("unicode") << QStringLiteral("Ünïcödé ✓ 日本語");
    }
    void remoteTaskQuoting()
    {
        QFETCH(QString, value);
        const QString canary = m_fx.home() + QStringLiteral("/canary");
        QDir().mkpath(canary);
        value = value.contains(QLatin1String("%1")) ? value.arg(canary) : value;
        SshSession s(m_fx.keyEndpoint(m_server));
        QVERIFY(connectSession(s));
        const TaskResult r
            = runTask(s, shellCommand({ QStringLiteral("printf"), QStringLiteral("<%s>"), value }));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QString::fromUtf8(r.out), QLatin1Char('<') + value + QLatin1Char('>'));
        QVERIFY(QFile::exists(canary));
        QVERIFY(!QFile::exists(canary + QStringLiteral("/pwned")));
    }

    void remoteTaskTimeoutAndCancel()
    {
        SshSession s(m_fx.keyEndpoint(m_server));
        QVERIFY(connectSession(s));
        TaskResult r = runTask(s, QStringLiteral("sleep 30"), 400ms);
        QVERIFY(!r.ran);
        QCOMPARE(r.failure, RemoteTask::Failure::Timeout);

        RemoteTask task(&s, QStringLiteral("sleep 30"));
        QSignalSpy failed(&task, &RemoteTask::failed);
        task.start();
        QTest::qWait(200);
        task.cancel();
        QCOMPARE(failed.count(), 1);
        QCOMPARE(failed.at(0).at(0).value<RemoteTask::Failure>(), RemoteTask::Failure::Cancelled);
        // The session is still usable.
        r = runTask(s, QStringLiteral("echo still"));
        QCOMPARE(r.out, QByteArray("still\n"));
    }

    void remoteProcessStreamsLines()
    {
        SshSession s(m_fx.keyEndpoint(m_server));
        QVERIFY(connectSession(s));
        RemoteProcess p(
            &s, QStringLiteral("while read -r l; do echo \"got:$l\"; done; echo bye >&2; exit 7"));
        QSignalSpy lines(&p, &RemoteProcess::lineReceived);
        QSignalSpy errLines(&p, &RemoteProcess::stderrLine);
        QSignalSpy finished(&p, &RemoteProcess::finished);
        p.start();
        p.writeLine("one");
        p.writeLine("two words");
        QTRY_COMPARE_WITH_TIMEOUT(lines.count(), 2, 10000);
        QCOMPARE(lines.at(0).at(0).toByteArray(), QByteArray("got:one"));
        QCOMPARE(lines.at(1).at(0).toByteArray(), QByteArray("got:two words"));
        p.closeStdin();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
        QCOMPARE(finished.at(0).at(0).toInt(), 7);
        QCOMPARE(errLines.count(), 1);
        QCOMPARE(errLines.at(0).at(0).toByteArray(), QByteArray("bye"));
    }

    void remoteProcessHandsOnABurstInSlices()
    {
        // A node's backlog (here 15,000 lines written at once) reaches the app
        // in reads of up to 64 KB. Its lines are handed on in slices of about
        // EventSlice::kNs, so that the GUI thread's other events (a
        // frame, a click) run between them, and all arrive, in order, before
        // finished(). The handler costs 20 us of CPU a line: 0.3 s in all,
        // some 100 ms per read if a read's lines were handed on at once.
        SshSession s(m_fx.keyEndpoint(m_server));
        QVERIFY(connectSession(s));
        RemoteProcess p(&s, QStringLiteral("seq 1 15000"));
        clockid_t guiClock {};
        QCOMPARE(pthread_getcpuclockid(pthread_self(), &guiClock), 0);
        const auto cpuNs = [guiClock] {
            timespec ts {};
            clock_gettime(guiClock, &ts);
            return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
        };
        int expected = 1;
        bool inOrder = true;
        bool lineAfterFinished = false;
        bool finished = false;
        connect(&p, &RemoteProcess::lineReceived, this, [&](const QByteArray &line) {
            const qint64 until = cpuNs() + 20000;
            while (cpuNs() < until) { }
            inOrder = inOrder && line.toInt() == expected;
            ++expected;
            lineAfterFinished = lineAfterFinished || finished;
        });
        connect(&p, &RemoteProcess::finished, this, [&] { finished = true; });
        // Another thread posts an event every 2 ms with the GUI thread's CPU
        // time then; the CPU it spent before handling the event is how long
        // it kept other events waiting (not counting time without a CPU).
        CpuStampSink sink(cpuNs);
        std::atomic<bool> stop { false };
        std::thread poster([&] {
            while (!stop) {
                QCoreApplication::postEvent(&sink, new CpuStamp(cpuNs()));
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
            }
        });
        p.start();
        QTRY_VERIFY_WITH_TIMEOUT(finished, 30000);
        stop = true;
        poster.join();
        QVERIFY(inOrder);
        QCOMPARE(expected, 15001);
        QVERIFY(!lineAfterFinished);
        qInfo("longest wait behind the GUI thread: %.1f ms of its CPU", double(sink.maxCpuNs) / 1e6);
        QVERIFY2(sink.maxCpuNs < 30 * 1000000,
            qPrintable(QStringLiteral("an event waited behind %1 ms of the GUI thread's CPU").arg(double(sink.maxCpuNs) / 1e6)));
    }

    void workerThreadRunsNicerThanItsMaker()
    {
        // The worker of a connected session is a thread "ssh:<host>" of this
        // process; its nice value (/proc/self/task/TID/stat, field 19) is
        // this thread's plus SshSession::kWorkerNiceAbove, at most 19.
        const auto niceOf = [](const QString &statPath) {
            QFile f(statPath);
            if (!f.open(QIODevice::ReadOnly))
                return -100;
            const QByteArray stat = f.readAll();
            const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
            return fields.size() > 16 ? fields.at(16).toInt() : -100; // field 19 = the 17th after the name
        };
        const int mine = niceOf(QStringLiteral("/proc/self/task/%1/stat").arg(::gettid()));
        QVERIFY(mine > -100);
        SshSession s(m_fx.keyEndpoint(m_server));
        QVERIFY(connectSession(s));
        QList<int> workers;
        for (const QString &tid : QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile comm(QStringLiteral("/proc/self/task/%1/comm").arg(tid));
            if (comm.open(QIODevice::ReadOnly) && comm.readAll().startsWith("ssh:127.0.0.1"))
                workers << niceOf(QStringLiteral("/proc/self/task/%1/stat").arg(tid));
        }
        QVERIFY(!workers.isEmpty());
        for (int nice : std::as_const(workers))
            QCOMPARE(nice, std::min(mine + SshSession::kWorkerNiceAbove, 19));
    }

    void sftpUploadWithProgressAndMode()
    {
        SshSession s(m_fx.keyEndpoint(m_server));
        QVERIFY(connectSession(s));
        const QString local = m_fx.dir() + QStringLiteral("/client/upload.bin");
        QByteArray data;
        for (int i = 0; i < 300000; ++i)
            data += char(i * 7);
        QFile f(local);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(data);
        f.close();
        const QString remote = m_fx.home() + QStringLiteral("/uploaded.bin");
        SftpUpload up(&s, local, remote, 0640);
        QSignalSpy progress(&up, &SftpUpload::progress);
        QSignalSpy finished(&up, &SftpUpload::finished);
        up.start();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
        QVERIFY(progress.count() >= 2);
        QCOMPARE(progress.last().at(0).toLongLong(), qint64(data.size()));
        QCOMPARE(progress.last().at(1).toLongLong(), qint64(data.size()));
        QCOMPARE(readAll(remote), data);
        const TaskResult r = runTask(s,
            shellCommand({ QStringLiteral("stat"), QStringLiteral("-c"), QStringLiteral("%a %U"), remote }));
        QCOMPARE(QString::fromUtf8(r.out).trimmed(), QStringLiteral("640 ") + m_fx.user());
    }

    void connectTimeout()
    {
        QTcpServer silent; // accepts TCP, never speaks SSH
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        SshEndpoint ep = m_fx.keyEndpoint(m_server);
        ep.port = silent.serverPort();
        ep.connectTimeout = 700ms;
        SshSession s(ep);
        QElapsedTimer t;
        t.start();
        QVERIFY(!connectSession(s));
        QCOMPARE(s.error(), SshSession::Error::Timeout);
        QVERIFY(t.elapsed() < 5000);
    }

    // Slow is not stuck: a node whose every answer comes 450 ms late (a loaded
    // machine, or dozens of handshakes at once) takes longer than the connect
    // timeout in all, but is never silent that long: it connects. A proxy in
    // this thread forwards to the real sshd and holds each chunk from it.
    void slowHandshakeThatProgressesConnects()
    {
        QTcpServer proxy;
        QVERIFY(proxy.listen(QHostAddress::LocalHost, 0));
        const int sshdPort = m_fx.server(m_server).port;
        QList<QTcpSocket *> sockets;
        connect(&proxy, &QTcpServer::newConnection, this, [&] {
            QTcpSocket *client = proxy.nextPendingConnection();
            auto *server = new QTcpSocket(client);
            sockets << client;
            server->connectToHost(QHostAddress::LocalHost, quint16(sshdPort));
            connect(client, &QTcpSocket::readyRead, server, [client, server] { server->write(client->readAll()); });
            connect(server, &QTcpSocket::readyRead, client, [client, server] {
                const QByteArray chunk = server->readAll();
                QTimer::singleShot(450, client, [client, chunk] { client->write(chunk); });
            });
        });
        SshEndpoint ep = m_fx.keyEndpoint(m_server);
        ep.port = proxy.serverPort();
        ep.connectTimeout = 1000ms;
        SshSession s(ep);
        QElapsedTimer t;
        t.start();
        QVERIFY2(connectSession(s), qPrintable(s.errorString()));
        // Banner, key exchange, its reply: at least three late answers.
        QVERIFY2(t.elapsed() > 1350, qPrintable(QString::number(t.elapsed())));
        s.disconnectFromHost();
    }

    void connectionRefused()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const int port = probe.serverPort();
        probe.close();
        SshEndpoint ep = m_fx.keyEndpoint(m_server);
        ep.port = port;
        SshSession s(ep);
        QVERIFY(!connectSession(s));
        QCOMPARE(s.error(), SshSession::Error::ConnectFailed);
        QVERIFY(!SshSession::isPermanent(s.error()));
    }

    void droppedConnectionIsNoticed()
    {
        SshEndpoint ep = m_fx.keyEndpoint(m_server);
        ep.keepAliveInterval = 300ms;
        ep.keepAliveCountMax = 2;
        SshSession s(ep);
        QVERIFY(connectSession(s));
        RemoteProcess p(&s, QStringLiteral("sleep 60"));
        QSignalSpy finished(&p, &RemoteProcess::finished);
        p.start();
        QTest::qWait(300);
        m_fx.killServer(m_server);
        QTRY_VERIFY_WITH_TIMEOUT(s.isFinished(), 10000);
        QCOMPARE(s.error(), SshSession::Error::ConnectionLost);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
        QVERIFY(!finished.at(0).at(1).toString().isEmpty());
        QString error;
        QVERIFY2(m_fx.restartServer(m_server, &error), qPrintable(error));
    }

    void changedHostKeyIsRefused()
    {
        const QByteArray knownBefore = readAll(m_fx.knownHosts());
        QString error;
        QVERIFY2(m_fx.restartServer(m_server, &error, m_fx.otherHostKey()), qPrintable(error));
        SshSession s(m_fx.keyEndpoint(m_server));
        QSignalSpy unknown(&s, &SshSession::hostKeyUnknown);
        QVERIFY(!connectSession(s, true));
        QCOMPARE(unknown.count(), 0); // never offered for acceptance
        QCOMPARE(s.error(), SshSession::Error::HostKeyChanged);
        QVERIFY2(s.errorString().contains(QLatin1String("CHANGED")), qPrintable(s.errorString()));
        QVERIFY(s.errorString().contains(
            SshdFixture::fingerprintOf(m_fx.otherHostKey() + QStringLiteral(".pub"))));
        // Accepting afterwards does nothing: there is no override.
        s.acceptHostKey();
        QTest::qWait(200);
        QCOMPARE(s.state(), SshSession::State::Failed);
        QCOMPARE(readAll(m_fx.knownHosts()), knownBefore);
        QVERIFY(SshSession::isPermanent(s.error()));
        QVERIFY2(m_fx.restartServer(m_server, &error, m_fx.hostKey()), qPrintable(error));
        SshSession again(m_fx.keyEndpoint(m_server));
        QVERIFY(connectSession(again, false));
    }
};

QTEST_GUILESS_MAIN(TestSshSession)
#include "tst_ssh_session.moc"
