// halolinkctl configure against real sshd nodes (two on loopback ports): the
// RoCE configuration commands (plan, apply, verify, confirm, rollback,
// status) through the real binary and the engine deployed over SFTP, usage
// errors, the engine's refusals, a login shell on the node, and sudo with and
// without a password (--sudo-password-stdin, the one place a password comes
// from a pipe), never leaving the password anywhere. The nodes are added and
// their host keys accepted once, first (tst_halolinkctl_ssh tests that part).

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

class TestHalolinkCtlConfigureSsh : public QObject
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

    static QJsonObject lastJsonError(const QByteArray &out)
    {
        const QList<QByteArray> lines = out.trimmed().split('\n');
        return QJsonDocument::fromJson(lines.last()).object().value(QStringLiteral("error")).toObject();
    }

    // A spec naming an interface no node has (the engine refuses it: invalid_spec).
    static QString writeMissingInterfaceSpec(const QTemporaryDir &dir)
    {
        const QString spec = dir.filePath(QStringLiteral("spec.json"));
        QFile f(spec);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        const QByteArray text = R"({"format": "halolink-roce-spec", "version": 1, "interface": "hlnosuch0",
                    "address": "192.168.213.1/30", "peers": ["192.168.213.2"]})";
        return f.write(text) == text.size() ? spec : QString();
    }

    static QStringList remoteSpecFiles()
    {
        // Each call's folder (older versions: a file each).
        return QDir(QDir::tempPath()).entryList({QStringLiteral("halolink-spec.*")},
                                                QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
    }

    // For `configure apply --plan` (tests only): a halolink.roce-plan/1 whose
    // one step writes `id -u` to <dir>/whoami (dir is root's, mode 0700: only
    // root can write there) and whose undo writes "undone" there. Nothing else.
    static QString writeTestPlan(const QTemporaryDir &dir)
    {
        const QString whoami = dir.filePath(QStringLiteral("whoami"));
        auto sh = [](const QString &script) {
            return QJsonArray{QJsonArray{QStringLiteral("sh"), QStringLiteral("-c"), script}};
        };
        const QJsonObject step{{QStringLiteral("id"), QStringLiteral("whoami")},
                               {QStringLiteral("why"), QStringLiteral("test")},
                               {QStringLiteral("commands"), sh(QStringLiteral("id -u > '%1'").arg(whoami))},
                               {QStringLiteral("files"), QJsonArray{}},
                               {QStringLiteral("check"), QString()},
                               {QStringLiteral("already_done"), false},
                               {QStringLiteral("undo"), sh(QStringLiteral("echo undone > '%1'").arg(whoami))}};
        const QJsonObject plan{{QStringLiteral("schema"), QStringLiteral("halolink.roce-plan/1")},
                               {QStringLiteral("interface"), QStringLiteral("test0")},
                               {QStringLiteral("backend"), QStringLiteral("rxe")},
                               {QStringLiteral("steps"), QJsonArray{step}},
                               {QStringLiteral("warnings"), QJsonArray{}}};
        const QString file = dir.filePath(QStringLiteral("plan.json"));
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(QJsonDocument(plan).toJson());
        return file;
    }

    // Two steps for watching apply live: `first` at once, then `slow` (sleeps).
    static QString writeSlowPlan(const QTemporaryDir &dir)
    {
        auto sh = [](const QString &script) {
            return QJsonArray{QJsonArray{QStringLiteral("sh"), QStringLiteral("-c"), script}};
        };
        auto step = [&](const QString &id, const QString &script, const QString &undo) {
            return QJsonObject{{QStringLiteral("id"), id},
                               {QStringLiteral("why"), QStringLiteral("test")},
                               {QStringLiteral("commands"), sh(script)},
                               {QStringLiteral("files"), QJsonArray{}},
                               {QStringLiteral("check"), QString()},
                               {QStringLiteral("already_done"), false},
                               {QStringLiteral("undo"), sh(undo)}};
        };
        const QString mark = dir.filePath(QStringLiteral("first"));
        const QJsonObject plan{
            {QStringLiteral("schema"), QStringLiteral("halolink.roce-plan/1")},
            {QStringLiteral("interface"), QStringLiteral("test0")},
            {QStringLiteral("backend"), QStringLiteral("rxe")},
            {QStringLiteral("steps"),
             QJsonArray{step(QStringLiteral("first"), QStringLiteral("echo 1 > '%1'").arg(mark),
                             QStringLiteral("rm -f '%1'").arg(mark)),
                        step(QStringLiteral("slow"), QStringLiteral("sleep 4"), QStringLiteral("true"))}},
            {QStringLiteral("warnings"), QJsonArray{}}};
        const QString file = dir.filePath(QStringLiteral("slow-plan.json"));
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(QJsonDocument(plan).toJson());
        return file;
    }

    // A netdev of this machine (the fixture's nodes are this machine), not lo.
    static QString someInterface()
    {
        QProcess p;
        p.start(QStringLiteral(HALOLINK_ENGINE_PATH), {QStringLiteral("probe")});
        if (!p.waitForFinished(60000))
            return {};
        for (const QJsonValue &n : QJsonDocument::fromJson(p.readAllStandardOutput()).object().value(QStringLiteral("nics")).toArray()) {
            const QString name = n.toObject().value(QStringLiteral("netdev")).toString();
            if (!name.isEmpty() && name != QLatin1String("lo"))
                return name;
        }
        return {};
    }

    static QByteArray fileContent(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
    }

    // The engine's last JSON line, or its one (pretty-printed) document.
    static QJsonObject lastJson(const QByteArray &out)
    {
        const QJsonDocument whole = QJsonDocument::fromJson(out);
        if (whole.isObject())
            return whole.object();
        const QList<QByteArray> lines = out.trimmed().split('\n');
        return QJsonDocument::fromJson(lines.last()).object();
    }

    // Removes the sudoers drop-in and rolls the test journal back (stopping its
    // watchdog) when a sudo test ends, failed or not.
    struct SudoScope {
        SshdFixture &fx;
        QString journal;
        ~SudoScope()
        {
            fx.revokeSudo();
            if (journal.isEmpty() || !QFile::exists(journal))
                return;
            QProcess p;
            p.start(QStringLiteral(HALOLINK_ENGINE_PATH), {QStringLiteral("rollback"), QStringLiteral("--journal"), journal,
                                                           QStringLiteral("--reason"), QStringLiteral("test cleanup")});
            p.waitForFinished(20000);
        }
    };

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        if (!SshdFixture::unavailableReason().isEmpty())
            return;
        QString error;
        QVERIFY2(m_fx.setUp(&error), qPrintable(error));
        for (int i = 0; i < 2; ++i) {
            m_s[i] = m_fx.startServer(&error);
            QVERIFY2(m_s[i] >= 0, qPrintable(error));
        }
        m_ready = true;
        // n1 and n2 in the inventory, their host keys known.
        for (int i = 0; i < 2; ++i) {
            const Run r = ctl(ctlAddNodeArgs(m_fx, QStringLiteral("n%1").arg(i + 1), m_s[i]));
            QVERIFY2(r.exitCode == 0, r.err.constData());
        }
        const Run r = ctl({QStringLiteral("probe"), QStringLiteral("--json"), QStringLiteral("--accept-new-host-key"),
                           QStringLiteral("n1"), QStringLiteral("n2")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }

    void configure()
    {
        if (!m_ready)
            QSKIP("no sshd");
        QTemporaryDir dir;
        const QString spec = writeMissingInterfaceSpec(dir);
        QVERIFY(!spec.isEmpty());
        const QString c = QStringLiteral("configure");

        // Bad usage: exit 2, nothing reached.
        QCOMPARE(ctl({c}).exitCode, 2);
        QCOMPARE(ctl({c, QStringLiteral("plan"), QStringLiteral("n1")}).exitCode, 2);
        QCOMPARE(ctl({c, QStringLiteral("frobnicate"), QStringLiteral("n1")}).exitCode, 2);
        QCOMPARE(ctl({c, QStringLiteral("status"), QStringLiteral("n1"), QStringLiteral("--spec"), spec}).exitCode, 2);
        QCOMPARE(ctl({c, QStringLiteral("apply"), QStringLiteral("n1"), QStringLiteral("--spec"), spec,
                      QStringLiteral("--confirm-within"), QStringLiteral("0")}).exitCode, 2);
        QCOMPARE(ctl({c, QStringLiteral("confirm"), QStringLiteral("n1"), QStringLiteral("--sudo-password-stdin")}).exitCode, 2);
        Run r = ctl({c, QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("--sudo-password-stdin"));

        // plan: the engine's invalid_spec, passed through; the spec copy is removed.
        const QStringList specsBefore = remoteSpecFiles();
        r = ctl({c, QStringLiteral("plan"), QStringLiteral("n1"), QStringLiteral("--spec"), spec, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        QJsonObject e = lastJsonError(r.out);
        QCOMPARE(e.value(QStringLiteral("code")).toString(), QStringLiteral("invalid_spec"));
        QVERIFY2(e.value(QStringLiteral("message")).toString().startsWith(QLatin1String("interface")), r.out.constData());
        QVERIFY2(e.value(QStringLiteral("message")).toString().contains(QLatin1String("hlnosuch0")), r.out.constData());
        QCOMPARE(remoteSpecFiles(), specsBefore);
        r = ctl({c, QStringLiteral("plan"), QStringLiteral("n1"), QStringLiteral("--spec"), spec});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("invalid_spec") && r.err.contains("hlnosuch0"), r.err.constData());

        // status without a journal.
        if (!QFile::exists(QStringLiteral("/var/lib/halolink/roce-journal.json"))) {
            r = ctl({c, QStringLiteral("status"), QStringLiteral("n1"), QStringLiteral("--json")});
            QCOMPARE(r.exitCode, 1);
            QCOMPARE(lastJsonError(r.out).value(QStringLiteral("code")).toString(), QStringLiteral("no_journal"));
        }

        // The fixture's user is not root and may not use sudo: apply is refused, nothing changes.
        const bool haveSudo = QFile::exists(QStringLiteral("/usr/bin/sudo")) || QFile::exists(QStringLiteral("/bin/sudo"));
        const QString refusal = haveSudo ? QStringLiteral("sudo_password_required") : QStringLiteral("need_root");
        r = ctl({c, QStringLiteral("apply"), QStringLiteral("n1"), QStringLiteral("--spec"), spec, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(lastJsonError(r.out).value(QStringLiteral("code")).toString(), refusal);
        QCOMPARE(remoteSpecFiles(), specsBefore);

        // A sudo password goes to the remote stdin only: never in halolinkctl's
        // output, nor in the remote command lines (logged in full here).
        const QByteArray password = "Fake-Sudo-Pw-7d1e0c";
        QProcessEnvironment e2 = env();
        e2.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("halolink.*=true"));
        r = ctlWithInput({c, QStringLiteral("confirm"), QStringLiteral("n1"), QStringLiteral("--sudo-password-stdin"),
                          QStringLiteral("--json")},
                         password + '\n', e2);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("id -u"), r.err.constData()); // the command line was logged
        QVERIFY(!r.out.contains(password));
        QVERIFY(!r.err.contains(password));
        if (!haveSudo)
            QCOMPARE(lastJsonError(r.out).value(QStringLiteral("code")).toString(), QStringLiteral("need_root"));
        else // not the user's password: sudo says so before it looks at the sudoers
            QCOMPARE(lastJsonError(r.out).value(QStringLiteral("code")).toString(), QStringLiteral("sudo_password_wrong"));
        if (haveSudo) {
            // The right password, but sudo does not list the user.
            r = ctlWithInput({c, QStringLiteral("confirm"), QStringLiteral("n1"), QStringLiteral("--sudo-password-stdin"),
                              QStringLiteral("--json")},
                             m_fx.password() + '\n', env());
            QCOMPARE(r.exitCode, 1);
            QCOMPARE(lastJsonError(r.out).value(QStringLiteral("code")).toString(), QStringLiteral("sudo_not_allowed"));
            QVERIFY(!r.out.contains(m_fx.password()) && !r.err.contains(m_fx.password()));
        }
        // --plan (tests only) is for apply and hidden; --journal is not for plan.
        QCOMPARE(ctl({c, QStringLiteral("plan"), QStringLiteral("n1"), QStringLiteral("--plan"), spec}).exitCode, 2);
        QCOMPARE(ctl({c, QStringLiteral("apply"), QStringLiteral("n1"), QStringLiteral("--plan"), spec,
                      QStringLiteral("--spec"), spec}).exitCode, 2);
        QCOMPARE(ctl({c, QStringLiteral("plan"), QStringLiteral("n1"), QStringLiteral("--spec"), spec,
                      QStringLiteral("--journal"), dir.filePath(QStringLiteral("j"))}).exitCode, 2);
        r = ctl({c, QStringLiteral("--help")});
        QVERIFY(r.out.contains("--journal") && !r.out.contains("--plan"));
    }

    // A call goes through the node's agent (its exec method: `sh -c`, no
    // login shell), so the whole command costs the one start of the node's
    // login shell that deployed the engine and started the agent (before:
    // a channel per call, and before that a copy, the engine and a removal);
    // what the user's ~/.bashrc prints is not taken for the engine's.
    void configureThroughLoginShell()
    {
        if (!m_ready)
            QSKIP("no sshd");
        QVERIFY(m_fx.useBash("echo 'Welcome to the node'\necho 'a note from the profile' >&2\n"));
        const auto restore = qScopeGuard([this] { m_fx.useDefaultShell(); });
        QTemporaryDir dir;
        const QString spec = writeMissingInterfaceSpec(dir);
        QVERIFY(!spec.isEmpty());
        const QStringList specsBefore = remoteSpecFiles();
        QProcessEnvironment logged = env();
        logged.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("halolink.ssh.debug=true"));
        Run r = ctl({QStringLiteral("configure"), QStringLiteral("plan"), QStringLiteral("n1"), QStringLiteral("--spec"),
                     spec, QStringLiteral("--json")},
                    logged);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("through the agent"), r.err.constData());
        const QJsonObject e = lastJsonError(r.out);
        QCOMPARE(e.value(QStringLiteral("code")).toString(), QStringLiteral("invalid_spec"));
        QVERIFY2(e.value(QStringLiteral("message")).toString().contains(QLatin1String("hlnosuch0")), r.out.constData());
        QVERIFY2(!r.out.contains("Welcome") && !r.err.contains("a note from the profile"), r.out + r.err);
        // The engine's deployment and agent (one channel: the target known);
        // the call, through the agent, starts none.
        QCOMPARE(m_fx.shellStarts(), 1);
        QCOMPARE(remoteSpecFiles(), specsBefore);
    }

    // configure verify against the fixture: this machine has no RDMA, so the
    // engine's checks fail: exit 1 with the document (JSON or for people).
    void configureVerify()
    {
        if (!m_ready)
            QSKIP("no sshd");
        const QString nic = someInterface();
        if (nic.isEmpty())
            QSKIP("the engine's probe lists no NIC on this machine");
        QTemporaryDir dir;
        const QString spec = dir.filePath(QStringLiteral("spec.json"));
        QFile f(spec);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral(R"({"format": "halolink-roce-spec", "version": 1, "interface": "%1",
                    "address": "192.168.213.1/30", "peers": ["192.168.213.2"]})")
                    .arg(nic)
                    .toUtf8());
        f.close();
        const QString c = QStringLiteral("configure");
        const QString v = QStringLiteral("verify");
        const QStringList specsBefore = remoteSpecFiles();

        Run r = ctl({c, v, QStringLiteral("n1"), QStringLiteral("--spec"), spec, QStringLiteral("--no-bench"),
                     QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 1, (r.out + r.err).constData());
        QJsonObject doc = lastJson(r.out);
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("halolink.roce-verify/1"));
        QCOMPARE(doc.value(QStringLiteral("interface")).toString(), nic);
        QCOMPARE(doc.value(QStringLiteral("ok")).toBool(true), false);
        QVERIFY(!doc.contains(QStringLiteral("error")));
        const QJsonArray checks = doc.value(QStringLiteral("checks")).toArray();
        QCOMPARE(checks.size(), 8);
        QCOMPARE(checks.at(0).toObject().value(QStringLiteral("id")).toString(), QStringLiteral("interface_up"));
        QCOMPARE(checks.at(1).toObject().value(QStringLiteral("id")).toString(), QStringLiteral("rdma_device"));
        QCOMPARE(checks.at(1).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("fail"));
        const QJsonArray peers = doc.value(QStringLiteral("peers")).toArray();
        QCOMPARE(peers.size(), 1);
        QCOMPARE(peers.at(0).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("skipped"));
        QVERIFY(r.err.contains("does not match the spec"));
        QCOMPARE(remoteSpecFiles(), specsBefore);

        // For people, with the RDMA test to the peer (fails in seconds: no device).
        r = ctl({c, v, QStringLiteral("n1"), QStringLiteral("--spec"), spec});
        QVERIFY2(r.exitCode == 1, (r.out + r.err).constData());
        QVERIFY2(r.out.contains("Verify n1: " + nic.toUtf8()), r.out.constData());
        QVERIFY2(r.out.contains("FAIL    rdma_device: "), r.out.constData());
        QVERIFY2(r.out.contains("Peers (RDMA latency from 192.168.213.1):"), r.out.constData());
        QVERIFY2(r.out.contains("FAIL    192.168.213.2: "), r.out.constData());
        QVERIFY2(r.out.contains("n1: NOT verified, failed: ") && r.out.contains("rdma_device"), r.out.constData());
        QCOMPARE(remoteSpecFiles(), specsBefore);

        // A spec the engine refuses (no such interface): its error, exit 1.
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(R"({"format": "halolink-roce-spec", "version": 1, "interface": "hlnosuch0",
                    "address": "192.168.213.1/30", "peers": []})");
        f.close();
        r = ctl({c, v, QStringLiteral("n1"), QStringLiteral("--spec"), spec, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(lastJsonError(r.out).value(QStringLiteral("code")).toString(), QStringLiteral("invalid_spec"));
        QCOMPARE(remoteSpecFiles(), specsBefore);
    }

    // sudo without a password (NOPASSWD): apply, status, confirm and rollback
    // of a plan that only writes a file in a temporary folder of root's; the
    // journal is a temporary one too. A password given anyway is not used.
    void configureSudoNoPassword()
    {
        if (!m_ready)
            QSKIP("no sshd");
        if (const QString why = SshdFixture::sudoUnavailableReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString plan = writeTestPlan(dir);
        const QString journal = dir.filePath(QStringLiteral("state/journal.json"));
        const QString whoami = dir.filePath(QStringLiteral("whoami"));
        QString error;
        QVERIFY2(m_fx.grantSudo(true, &error), qPrintable(error));
        SudoScope scope{m_fx, journal};
        const QString c = QStringLiteral("configure");
        const QStringList j{QStringLiteral("--journal"), journal};
        const QByteArray password = m_fx.password();
        const QStringList specsBefore = remoteSpecFiles();
        QProcessEnvironment logged = env();
        logged.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("halolink.*=true"));

        Run r = ctlWithInput(QStringList{c, QStringLiteral("apply"), QStringLiteral("n1"), QStringLiteral("--plan"), plan,
                                         QStringLiteral("--confirm-within"), QStringLiteral("300"), QStringLiteral("--json"),
                                         QStringLiteral("--sudo-password-stdin")} + j,
                             password + '\n', logged);
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QVERIFY2(lastJson(r.out).value(QStringLiteral("state")).toString() == QLatin1String("awaiting_confirm"), r.out.constData());
        QVERIFY2(r.err.contains("sudo -n --"), r.err.constData()); // the command lines were logged
        QVERIFY(!r.out.contains(password) && !r.err.contains(password));
        // The engine ran as root: root wrote the file, in a folder only root may write to.
        QCOMPARE(fileContent(whoami), QByteArray("0\n"));
        QCOMPARE(QFileInfo(whoami).ownerId(), 0u);
        QCOMPARE(QFileInfo(journal).ownerId(), 0u);
        QCOMPARE(remoteSpecFiles(), specsBefore);

        r = ctl(QStringList{c, QStringLiteral("status"), QStringLiteral("n1"), QStringLiteral("--json")} + j);
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QCOMPARE(lastJson(r.out).value(QStringLiteral("state")).toString(), QStringLiteral("awaiting_confirm"));
        r = ctl(QStringList{c, QStringLiteral("status"), QStringLiteral("n1")} + j);
        QVERIFY2(r.exitCode == 0 && r.out.contains("n1: awaiting_confirm") && r.out.contains("whoami: applied"),
                 (r.out + r.err).constData());
        r = ctl(QStringList{c, QStringLiteral("confirm"), QStringLiteral("n1")} + j);
        QVERIFY2(r.exitCode == 0 && r.out.contains("n1: confirmed"), (r.out + r.err).constData());
        r = ctl(QStringList{c, QStringLiteral("rollback"), QStringLiteral("n1"), QStringLiteral("--json")} + j);
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QCOMPARE(lastJson(r.out).value(QStringLiteral("state")).toString(), QStringLiteral("rolled_back"));
        QCOMPARE(fileContent(whoami), QByteArray("undone\n"));
        r = ctl(QStringList{c, QStringLiteral("status"), QStringLiteral("n1"), QStringLiteral("--json")} + j);
        QCOMPARE(lastJson(r.out).value(QStringLiteral("state")).toString(), QStringLiteral("rolled_back"));

        // apply prints each step as it ends: the first step's line arrives
        // while the second step still runs, and all of them before the summary.
        const QString slow = writeSlowPlan(dir);
        QProcess p;
        p.setProcessEnvironment(env());
        p.setStandardInputFile(QProcess::nullDevice());
        p.start(QStringLiteral(HALOLINKCTL_PATH), QStringList{c, QStringLiteral("apply"), QStringLiteral("n1"),
                                                              QStringLiteral("--plan"), slow} + j);
        QByteArray live;
        QElapsedTimer t;
        t.start();
        while (!live.contains("[1/2] step first: applied") && t.elapsed() < 120000 && p.state() != QProcess::NotRunning) {
            p.waitForReadyRead(1000);
            live += p.readAllStandardOutput();
        }
        QVERIFY2(live.contains("[1/2] step first: applied"), (live + p.readAllStandardError()).constData());
        QVERIFY2(p.state() != QProcess::NotRunning, live.constData()); // the slow step still runs
        QVERIFY(!live.contains("[2/2]") && !live.contains("Applied on"));
        QVERIFY(p.waitForFinished(120000));
        live += p.readAllStandardOutput();
        QVERIFY2(p.exitCode() == 0, (live + p.readAllStandardError()).constData());
        const qsizetype first = live.indexOf("[1/2] step first: applied");
        const qsizetype second = live.indexOf("[2/2] step slow: applied");
        const qsizetype summary = live.indexOf("Applied on n1; the change is NOT confirmed.");
        QVERIFY2(first >= 0 && second > first && summary > second, live.constData());
        r = ctl(QStringList{c, QStringLiteral("rollback"), QStringLiteral("n1")} + j);
        QVERIFY2(r.exitCode == 0 && r.out.contains("n1: rolled_back"), (r.out + r.err).constData());
        const qsizetype undone = r.out.indexOf("undo first");
        QVERIFY2(undone >= 0 && undone < r.out.indexOf("n1: rolled_back"), r.out.constData());
    }

    // sudo with the user's password: refused without one (nothing changes),
    // a wrong one fails at once with sudo_password_wrong, the right one runs
    // the engine as root. The password is in no output and no command line
    // (the command lines are logged in full here).
    void configureSudoPassword()
    {
        if (!m_ready)
            QSKIP("no sshd");
        if (const QString why = SshdFixture::sudoUnavailableReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString plan = writeTestPlan(dir);
        const QString journal = dir.filePath(QStringLiteral("state/journal.json"));
        const QString whoami = dir.filePath(QStringLiteral("whoami"));
        QString error;
        QVERIFY2(m_fx.grantSudo(false, &error), qPrintable(error));
        SudoScope scope{m_fx, journal};
        const QString c = QStringLiteral("configure");
        const QStringList j{QStringLiteral("--journal"), journal};
        const QStringList apply = QStringList{c, QStringLiteral("apply"), QStringLiteral("n1"), QStringLiteral("--plan"), plan,
                                              QStringLiteral("--json")} + j;
        const QByteArray password = m_fx.password();
        const QByteArray wrong = "Not-The-Password-31c9";
        QProcessEnvironment logged = env();
        logged.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("halolink.*=true"));

        // No password, stdin not a terminal: refused, nothing ran.
        Run r = ctl(apply, logged);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(lastJsonError(r.out).value(QStringLiteral("code")).toString(), QStringLiteral("sudo_password_required"));
        QVERIFY(r.err.contains("--sudo-password-stdin"));
        QVERIFY(!QFile::exists(whoami) && !QFile::exists(journal));

        // A wrong password: sudo's refusal, quickly (stdin ends after the one line).
        QElapsedTimer t;
        t.start();
        r = ctlWithInput(apply + QStringList{QStringLiteral("--sudo-password-stdin")}, wrong + '\n', logged);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(lastJsonError(r.out).value(QStringLiteral("code")).toString(), QStringLiteral("sudo_password_wrong"));
        QVERIFY2(t.elapsed() < 30000, qPrintable(QString::number(t.elapsed())));
        QVERIFY(!r.out.contains(wrong) && !r.err.contains(wrong));
        QVERIFY(!r.out.contains(password) && !r.err.contains(password));
        QVERIFY(!QFile::exists(whoami) && !QFile::exists(journal));
        r = ctlWithInput(QStringList{c, QStringLiteral("status"), QStringLiteral("n1"), QStringLiteral("--sudo-password-stdin")} + j,
                         wrong + '\n', env());
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("did not accept the password"), r.err.constData());

        // The right password: the engine runs as root.
        r = ctlWithInput(apply + QStringList{QStringLiteral("--sudo-password-stdin")}, password + '\n', logged);
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QCOMPARE(lastJson(r.out).value(QStringLiteral("state")).toString(), QStringLiteral("awaiting_confirm"));
        QVERIFY2(r.err.contains("sudo -S -p ''"), r.err.constData()); // the command line was logged, without the password
        QVERIFY(!r.out.contains(password) && !r.err.contains(password));
        QCOMPARE(fileContent(whoami), QByteArray("0\n"));
        QCOMPARE(QFileInfo(whoami).ownerId(), 0u);
        QCOMPARE(QFileInfo(journal).ownerId(), 0u);

        r = ctlWithInput(QStringList{c, QStringLiteral("status"), QStringLiteral("n1"), QStringLiteral("--json"),
                                     QStringLiteral("--sudo-password-stdin")} + j,
                         password + '\n', logged);
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QCOMPARE(lastJson(r.out).value(QStringLiteral("state")).toString(), QStringLiteral("awaiting_confirm"));
        QVERIFY(!r.out.contains(password) && !r.err.contains(password));
        r = ctlWithInput(QStringList{c, QStringLiteral("rollback"), QStringLiteral("n1"), QStringLiteral("--sudo-password-stdin")} + j,
                         password + '\n', logged);
        QVERIFY2(r.exitCode == 0 && r.out.contains("n1: rolled_back"), (r.out + r.err).constData());
        QVERIFY(!r.out.contains(password) && !r.err.contains(password));
        QCOMPARE(fileContent(whoami), QByteArray("undone\n"));
    }

    void cleanupTestCase()
    {
        m_fx.tearDown();
    }
};

QTEST_GUILESS_MAIN(TestHalolinkCtlConfigureSsh)
#include "tst_halolinkctl_configure_ssh.moc"
