// halolinkctl against real sshd nodes (two on loopback ports), as people run
// it: the real binary, the real engine deployed over SFTP, the same inventory
// file the app uses. Host keys: unknown refused without the flag, changed
// always refused. A password is never read from a pipe (only configure's
// --sudo-password-stdin does: tst_halolinkctl_configure_ssh.cpp).

#include "ctl_ssh_runner.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

using namespace halolink::test;

using Run = CtlRun;

class TestHalolinkCtlSsh : public QObject
{
    Q_OBJECT

private:
    SshdFixture m_fx;
    QTemporaryDir m_home;
    int m_s[2] = {-1, -1};
    bool m_ready = false;

    QProcessEnvironment env() const { return ctlEnvironment(m_fx, m_home, m_ready); }
    Run ctl(const QStringList &args, const QProcessEnvironment &environment) { return runCtl(args, environment); }
    Run ctl(const QStringList &args) { return ctl(args, env()); }
    // With bytes on stdin (a pipe: never a terminal).
    Run ctlWithInput(const QStringList &args, const QByteArray &input, const QProcessEnvironment &environment)
    {
        return runCtl(args, environment, input);
    }

    static QStringList remoteSnapshotDirs()
    {
        return QDir(QDir::tempPath()).entryList({QStringLiteral("halolink-snapshot.*")}, QDir::Dirs | QDir::NoDotAndDotDot);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        const QString why = SshdFixture::unavailableReason();
        if (!why.isEmpty())
            return;
        QString error;
        QVERIFY2(m_fx.setUp(&error), qPrintable(error));
        for (int i = 0; i < 2; ++i) {
            m_s[i] = m_fx.startServer(&error);
            QVERIFY2(m_s[i] >= 0, qPrintable(error));
        }
        m_ready = true;
    }

    void nodesAddListRemove()
    {
        if (!m_ready)
            QSKIP(qPrintable(SshdFixture::unavailableReason()));
        Run r = ctl(ctlAddNodeArgs(m_fx, QStringLiteral("n1"), m_s[0]));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("Added n1"));
        QVERIFY2(r.err.contains("loopback"), r.err.constData()); // a warning, not a refusal
        r = ctl(ctlAddNodeArgs(m_fx, QStringLiteral("n2"), m_s[1]));
        QVERIFY2(r.exitCode == 0, r.err.constData());

        // The inventory file is the app's: <XDG_DATA_HOME>/HaloLink/halolink/inventory.json.
        const QString file = m_home.filePath(QStringLiteral("data/HaloLink/halolink/inventory.json"));
        QVERIFY(QFile::exists(file));

        r = ctl({QStringLiteral("nodes"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray nodes = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("nodes")).toArray();
        QCOMPARE(nodes.size(), 3);
        QCOMPARE(nodes.at(0).toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("local"));
        const QJsonObject n1 = nodes.at(1).toObject();
        QCOMPARE(n1.value(QStringLiteral("name")).toString(), QStringLiteral("n1"));
        QCOMPARE(n1.value(QStringLiteral("port")).toInt(), m_fx.server(m_s[0]).port);
        QCOMPARE(n1.value(QStringLiteral("data_address")).toString(), QStringLiteral("127.0.0.1"));
        r = ctl({QStringLiteral("nodes"), QStringLiteral("list")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("This computer") && r.out.contains("n2"));

        // Refusals with the reason.
        r = ctl(ctlAddNodeArgs(m_fx, QStringLiteral("N1"), m_s[0]));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("already called 'n1'"), r.err.constData());
        r = ctl({QStringLiteral("nodes"), QStringLiteral("add"), QStringLiteral("x"), QStringLiteral("--port"), QStringLiteral("99999")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("65535"), r.err.constData());
        r = ctl({QStringLiteral("nodes"), QStringLiteral("add"), QStringLiteral("x"), QStringLiteral("--data-address"), QStringLiteral("10.0.0.256/24")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("'256' in '10.0.0.256'"), r.err.constData());
        r = ctl({QStringLiteral("nodes"), QStringLiteral("remove"), QStringLiteral("local")});
        QCOMPARE(r.exitCode, 1);
        // Add, edit and remove a scratch node.
        QCOMPARE(ctl({QStringLiteral("nodes"), QStringLiteral("add"), QStringLiteral("tmp")}).exitCode, 0);
        r = ctl({QStringLiteral("nodes"), QStringLiteral("edit"), QStringLiteral("tmp"), QStringLiteral("--name"), QStringLiteral("tmp2"),
                 QStringLiteral("--data-address"), QStringLiteral("10.9.0.1/24")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = ctl({QStringLiteral("nodes"), QStringLiteral("remove"), QStringLiteral("tmp2")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(ctl({QStringLiteral("nodes"), QStringLiteral("remove"), QStringLiteral("tmp2")}).exitCode, 1);
        // --help per subcommand.
        r = ctl({QStringLiteral("nodes"), QStringLiteral("add"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("--data-address") && r.out.contains("halolinkctl nodes add"));
    }

    void unknownHostKeyIsRefused()
    {
        if (!m_ready)
            QSKIP("no sshd");
        const Run r = ctl({QStringLiteral("probe"), QStringLiteral("--json"), QStringLiteral("n1")});
        QCOMPARE(r.exitCode, 1);
        const QString fingerprint = SshdFixture::fingerprintOf(m_fx.hostKey() + QStringLiteral(".pub"));
        QVERIFY2(r.err.contains(fingerprint.toUtf8()), r.err.constData());
        QVERIFY(r.err.contains("--accept-new-host-key"));
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("host_key_unknown"));
        // Nothing was trusted.
        QFile kh(m_fx.knownHosts());
        QVERIFY(!kh.exists() || (kh.open(QIODevice::ReadOnly) && !kh.readAll().contains(QByteArray::number(m_fx.server(m_s[0]).port))));
    }

    void probeTwoNodesInParallel()
    {
        if (!m_ready)
            QSKIP("no sshd");
        Run r = ctl({QStringLiteral("probe"), QStringLiteral("--json"), QStringLiteral("--accept-new-host-key"),
                     QStringLiteral("n1"), QStringLiteral("n2")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("accepting"), r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.keys(), (QStringList{QStringLiteral("n1"), QStringLiteral("n2")}));
        for (const QString &k : doc.keys())
            QCOMPARE(doc.value(k).toObject().value(QStringLiteral("schema")).toString(), QStringLiteral("halolink.probe/1"));
        // The engine went to the node's cache over SFTP.
        QVERIFY(!QDir(m_fx.home() + QStringLiteral("/.cache/halolink")).entryList({QStringLiteral("engine-*")}).isEmpty());

        // Keys are known now: no flag needed; one node gives the document itself.
        r = ctl({QStringLiteral("probe"), QStringLiteral("--json"), QStringLiteral("n2")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // libssh's own log lines stay in halolink.libssh, off unless asked
        // for. An ssh_config with "LogLevel ERROR" (as the lab's has) sets
        // libssh's level to warnings, and then a global known_hosts of
        // /dev/null makes it log "Failed to open the known_hosts file
        // '/dev/null'", which reached stderr before.
        QFile fixtureConfig(m_fx.clientConfig());
        QVERIFY(fixtureConfig.open(QIODevice::ReadOnly));
        QFile config(m_home.filePath(QStringLiteral("ssh_config_loglevel")));
        QVERIFY(config.open(QIODevice::WriteOnly | QIODevice::Truncate));
        config.write("LogLevel ERROR\n" + fixtureConfig.readAll());
        config.close();
        QProcessEnvironment quiet = env();
        quiet.insert(QStringLiteral("HALOLINK_SSH_CONFIG"), config.fileName());
        quiet.insert(QStringLiteral("HALOLINK_SSH_GLOBAL_KNOWN_HOSTS"), QStringLiteral("/dev/null"));
        const Run q = ctl({QStringLiteral("probe"), QStringLiteral("--json"), QStringLiteral("n2")}, quiet);
        QVERIFY2(q.exitCode == 0, q.err.constData());
        QVERIFY2(!q.err.contains("known_hosts") && !q.err.contains("Access denied"), q.err.constData());
        QProcessEnvironment verbose = quiet;
        verbose.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("halolink.libssh.debug=true"));
        const Run v = ctl({QStringLiteral("probe"), QStringLiteral("--json"), QStringLiteral("n2")}, verbose);
        QVERIFY2(v.exitCode == 0, v.err.constData());
        QVERIFY2(v.err.contains("Failed to open the known_hosts file '/dev/null'"), v.err.constData());
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("schema")).toString(), QStringLiteral("halolink.probe/1"));
        // Text, with This computer in the same run.
        r = ctl({QStringLiteral("probe"), QStringLiteral("local"), QStringLiteral("n1")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("This computer: ") && r.out.contains("n1: "));
        // One unknown node fails the command (and says so) but the others are still printed.
        r = ctl({QStringLiteral("probe"), QStringLiteral("--json"), QStringLiteral("n1"), QStringLiteral("nosuch")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("nosuch"));
    }

    void bench()
    {
        if (!m_ready)
            QSKIP("no sshd");
        // Several runs: each ends cleanly (no SSH worker outlives the process's exit).
        for (int i = 0; i < 3; ++i) {
            const Run rr = ctl({QStringLiteral("bench"), QStringLiteral("--json"), QStringLiteral("--iters"), QStringLiteral("500"),
                                QStringLiteral("n1"), QStringLiteral("n2")});
            QVERIFY2(rr.exitCode == 0, (QByteArray::number(rr.exitCode) + ' ' + rr.out + rr.err).constData());
        }
        Run r = ctl({QStringLiteral("bench"), QStringLiteral("--json"), QStringLiteral("--iters"), QStringLiteral("2000"),
                     QStringLiteral("n1"), QStringLiteral("n2")});
        QVERIFY2(r.exitCode == 0, (QByteArray::number(r.exitCode) + ' ' + r.out + r.err).constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("halolink.bench/1"));
        QCOMPARE(doc.value(QStringLiteral("transport")).toString(), QStringLiteral("tcp"));
        QCOMPARE(doc.value(QStringLiteral("test")).toString(), QStringLiteral("latency"));
        QCOMPARE(doc.value(QStringLiteral("peer")).toString(), QStringLiteral("127.0.0.1"));
        QVERIFY(doc.value(QStringLiteral("rtt_ns")).toObject().value(QStringLiteral("p50")).toDouble() > 0);
        // Issue 18: stderr says each step as it goes, a line a step; stdout is the document alone.
        QCOMPARE(r.out.trimmed().count('\n'), 0);
        QVERIFY2(!r.out.contains("halolinkctl"), r.out.constData());
        const QList<QByteArray> steps = r.err.trimmed().split('\n');
        for (const QByteArray &step : {QByteArray("halolinkctl: n1: Connecting to "), QByteArray("halolinkctl: n2: Connecting to "),
                                       QByteArray("halolinkctl: n1: Checking the engine on "),
                                       QByteArray("halolinkctl: n2: Starting the agent on "),
                                       QByteArray("halolinkctl: n1 is ready."), QByteArray("halolinkctl: n2 is ready."),
                                       QByteArray("halolinkctl bench: starting the reflector on n2"),
                                       QByteArray("halolinkctl bench: measuring the TCP latency, n1 -> n2 (127.0.0.1)"),
                                       QByteArray("halolinkctl bench: stopping the reflector on n2")}) {
            QVERIFY2(std::count_if(steps.cbegin(), steps.cend(), [&](const QByteArray &l) { return l.startsWith(step); }) == 1,
                     (step + " once in:\n" + r.err).constData());
        }
        QVERIFY2(r.err.indexOf("n2 is ready.") < r.err.indexOf("starting the reflector")
                     && r.err.indexOf("starting the reflector") < r.err.indexOf("measuring the TCP latency"),
                 r.err.constData());

        r = ctl({QStringLiteral("bench"), QStringLiteral("--test"), QStringLiteral("bandwidth"), QStringLiteral("--duration"),
                 QStringLiteral("1"), QStringLiteral("n2"), QStringLiteral("n1")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("Gbit/s"), r.out.constData());
        QVERIFY2(r.out.startsWith("n2 -> n1 (127.0.0.1), tcp bandwidth") && !r.out.contains("halolinkctl"), r.out.constData());
        QVERIFY2(r.err.contains("halolinkctl bench: measuring the TCP bandwidth, n2 -> n1 (127.0.0.1)…"), r.err.constData());

        // Usage and refusals.
        QCOMPARE(ctl({QStringLiteral("bench"), QStringLiteral("n1")}).exitCode, 2);
        QCOMPARE(ctl({QStringLiteral("bench"), QStringLiteral("--transport"), QStringLiteral("udp"), QStringLiteral("n1"), QStringLiteral("n2")}).exitCode, 2);
        r = ctl({QStringLiteral("bench"), QStringLiteral("n1"), QStringLiteral("local")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("no data-plane address"), r.err.constData());
    }

    void snapshotRoundTrip()
    {
        if (!m_ready)
            QSKIP("no sshd");
        const QStringList before = remoteSnapshotDirs();
        QTemporaryDir out;
        const Run r = ctl({QStringLiteral("snapshot"), QStringLiteral("n1"), QStringLiteral("--out"), out.filePath(QStringLiteral("snaps")),
                           QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        const QString file = doc.value(QStringLiteral("snapshot")).toString();
        QVERIFY2(file.startsWith(out.filePath(QStringLiteral("snaps/n1-"))) && file.endsWith(QLatin1String(".tar.gz")), qPrintable(file));
        QVERIFY(QFileInfo(file).size() > 0);
        QCOMPARE(qint64(doc.value(QStringLiteral("bytes")).toDouble()), QFileInfo(file).size());
        // The node keeps no temporary folder.
        QCOMPARE(remoteSnapshotDirs(), before);
        // It replays.
        QProcess engine;
        engine.start(QStringLiteral(HALOLINK_ENGINE_PATH), {QStringLiteral("probe"), QStringLiteral("--root"), file});
        QVERIFY(engine.waitForFinished(60000));
        QCOMPARE(engine.exitCode(), 0);
        const QJsonObject replay = QJsonDocument::fromJson(engine.readAllStandardOutput()).object();
        QCOMPARE(replay.value(QStringLiteral("schema")).toString(), QStringLiteral("halolink.probe/1"));
        QVERIFY(!replay.value(QStringLiteral("host")).toObject().value(QStringLiteral("hostname")).toString().isEmpty());
    }

    void importSshConfigAlias()
    {
        if (!m_ready)
            QSKIP("no sshd");
        QTemporaryDir dir;
        const QString config = dir.filePath(QStringLiteral("config"));
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("Host viaconfig\n  HostName %1\n  Port %2\n  User %3\n  IdentityFile %4\nHost *.wild\n  User x\n")
                    .arg(m_fx.server(m_s[0]).address)
                    .arg(m_fx.server(m_s[0]).port)
                    .arg(m_fx.user(), m_fx.clientKey())
                    .toUtf8());
        f.close();
        Run r = ctl({QStringLiteral("nodes"), QStringLiteral("import-ssh-config"), QStringLiteral("--config"), config});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("added viaconfig"), r.out.constData());
        QVERIFY(r.err.contains("only patterns"));
        r = ctl({QStringLiteral("nodes"), QStringLiteral("import-ssh-config"), QStringLiteral("--config"), config});
        QVERIFY(r.out.contains("already in the inventory"));
        // The alias works because the ssh config is applied, as with ssh.
        QProcessEnvironment e = env();
        e.insert(QStringLiteral("HALOLINK_SSH_CONFIG"), config);
        r = ctl({QStringLiteral("probe"), QStringLiteral("--json"), QStringLiteral("viaconfig")}, e);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(ctl({QStringLiteral("nodes"), QStringLiteral("remove"), QStringLiteral("viaconfig")}).exitCode, 0);
    }

    void passwordIsNotReadFromAPipe()
    {
        if (!m_ready)
            QSKIP("no sshd");
        QVERIFY(ctl(ctlAddNodeArgs(m_fx, QStringLiteral("pw"), m_s[0], false)).exitCode == 0);
        const Run r = ctl({QStringLiteral("probe"), QStringLiteral("pw")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("not a terminal"), r.err.constData());
        QVERIFY(!r.err.contains(m_fx.password()));
        QCOMPARE(ctl({QStringLiteral("nodes"), QStringLiteral("remove"), QStringLiteral("pw")}).exitCode, 0);
    }

    void changedHostKeyIsRefused()
    {
        if (!m_ready)
            QSKIP("no sshd");
        QString error;
        QVERIFY2(m_fx.restartServer(m_s[1], &error, m_fx.otherHostKey()), qPrintable(error));
        const Run r = ctl({QStringLiteral("probe"), QStringLiteral("--accept-new-host-key"), QStringLiteral("n2")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("CHANGED"), r.err.constData());
        QVERIFY(r.err.contains("never overridden"));
        QVERIFY(!r.err.contains("accepting"));
        QVERIFY2(m_fx.restartServer(m_s[1], &error, m_fx.hostKey()), qPrintable(error));
        QCOMPARE(ctl({QStringLiteral("probe"), QStringLiteral("n2")}).exitCode, 0);
    }

    void plannedCommands()
    {
        // A launch on a node without a data plane is refused before anything starts.
        QCOMPARE(ctl({QStringLiteral("job")}).exitCode, 2);
        Run r = ctl({QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--model"), QStringLiteral("/m"),
                     QStringLiteral("n1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("run the cluster setup"), r.err.constData());
        // No job of that name on the node.
        r = ctl({QStringLiteral("job"), QStringLiteral("stop"), QStringLiteral("nosuchjob"), QStringLiteral("n1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("no job 'nosuchjob'"), r.err.constData());
        // A dry run probes the node live over SSH; without a data plane it cannot carry a job.
        r = ctl({QStringLiteral("job"), QStringLiteral("launch"), QStringLiteral("--dry-run"), QStringLiteral("--tcp-only"),
                 QStringLiteral("--runtime"), QStringLiteral("host"), QStringLiteral("--model"), QStringLiteral("/m"),
                 QStringLiteral("n1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("run the cluster setup"), r.err.constData());
        const Run help = ctl({QStringLiteral("snapshot"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("--out"));
    }

    void cleanupTestCase()
    {
        m_fx.tearDown();
    }
};

QTEST_GUILESS_MAIN(TestHalolinkCtlSsh)
#include "tst_halolinkctl_ssh.moc"
