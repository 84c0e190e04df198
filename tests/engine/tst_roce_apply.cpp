// apply / confirm / rollback / status of RoCE plans (docs/roce-config.md),
// run with the real halolink-engine on plans whose steps only touch files in
// a temporary directory (`apply --plan FILE`, HALOLINK_ROCE_ALLOW_NONROOT=1).
// Nothing here changes this machine's network configuration.

#include <QtTest>

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QThread>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine_test_util.h"

using namespace halolink::test;

namespace {

QJsonArray argv(std::initializer_list<QString> words)
{
    QJsonArray a;
    for (const auto &w : words)
        a.append(w);
    return a;
}

QJsonObject shStep(const QString &id, const QString &run, const QString &undo = QString())
{
    QJsonObject s;
    s["id"] = id;
    s["why"] = "test";
    s["commands"] = QJsonArray{argv({"sh", "-c", run})};
    s["files"] = QJsonArray{};
    s["check"] = "";
    s["already_done"] = false;
    s["undo"] = undo.isEmpty() ? QJsonArray{} : QJsonArray{argv({"sh", "-c", undo})};
    return s;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QByteArray("<missing>");
    return f.readAll();
}

void writeFile(const QString &path, const QByteArray &content)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
}

QJsonObject lastJsonLine(const QByteArray &out)
{
    const auto lines = out.trimmed().split('\n');
    return lines.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(lines.last()).object();
}

QList<QJsonObject> events(const QByteArray &out)
{
    QList<QJsonObject> list;
    for (const auto &line : out.split('\n')) {
        auto o = QJsonDocument::fromJson(line).object();
        if (o.value("event").toString() == "step")
            list.append(o);
    }
    return list;
}

} // namespace

class TestRoceApply : public QObject {
    Q_OBJECT

    QTemporaryDir *m_dir = nullptr;
    QString m_journal, m_mtu, m_tos, m_planFile;

    QProcessEnvironment env() const
    {
        auto e = QProcessEnvironment::systemEnvironment();
        e.insert("HALOLINK_ROCE_ALLOW_NONROOT", "1");
        return e;
    }
    EngineRun engine(QStringList args, int timeoutMs = 60000)
    {
        args << "--journal" << m_journal;
        return runEngine(args, timeoutMs, env());
    }
    void savePlan(const QJsonArray &steps)
    {
        QJsonObject plan{{"schema", "halolink.roce-plan/1"}, {"interface", "test0"}, {"backend", "rxe"},
                         {"steps", steps}, {"warnings", QJsonArray{}}};
        writeFile(m_planFile, QJsonDocument(plan).toJson());
    }
    // check journal (must exist before the first change), "mtu" (commands),
    // "tos" (a file write restored from the backup taken just before it).
    QJsonArray standardSteps()
    {
        QJsonObject tos{{"id", "tos"}, {"why", "test"}, {"commands", QJsonArray{}},
                        {"files", QJsonArray{QJsonObject{{"path", m_tos}, {"content", "104\n"}, {"mode", 0644}}}},
                        {"check", ""}, {"already_done", false}, {"undo", QJsonArray{}},
                        {"undo_files", QJsonArray{m_tos}}};
        QJsonObject done = shStep("already", "echo never > " + m_dir->filePath("never"));
        done["already_done"] = true;
        return QJsonArray{shStep("journal_first", "test -f '" + m_journal + "' && grep -q running '" + m_journal + "'"),
                          shStep("mtu", "echo 9000 > '" + m_mtu + "'", "echo 1500 > '" + m_mtu + "'"),
                          done, tos};
    }
    QString state()
    {
        auto r = engine({"status"});
        return r.json().value("state").toString();
    }
    bool waitFor(const std::function<bool()> &cond, int ms)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < ms) {
            if (cond())
                return true;
            QThread::msleep(100);
        }
        return cond();
    }

private slots:
    void init()
    {
        m_dir = new QTemporaryDir;
        QVERIFY(m_dir->isValid());
        m_journal = m_dir->filePath("state/journal.json");
        m_mtu = m_dir->filePath("mtu");
        m_tos = m_dir->filePath("tos");
        m_planFile = m_dir->filePath("plan.json");
        writeFile(m_mtu, "1500\n");
        writeFile(m_tos, "old\n");
    }
    void cleanup()
    {
        // Never leave a watchdog behind.
        engine({"rollback", "--reason", "test cleanup"}, 20000);
        delete m_dir;
        m_dir = nullptr;
    }

    void applyConfirmKeeps()
    {
        savePlan(standardSteps());
        auto r = engine({"apply", "--plan", m_planFile, "--confirm-within", "2"});
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        auto ev = events(r.out);
        QCOMPARE(ev.size(), 4);
        QCOMPARE(ev[0].value("status").toString(), QStringLiteral("applied"));
        QCOMPARE(ev[2].value("status").toString(), QStringLiteral("skipped"));
        QCOMPARE(ev[3].value("total").toInt(), 4);
        auto fin = lastJsonLine(r.out);
        QCOMPARE(fin.value("state").toString(), QStringLiteral("awaiting_confirm"));
        QVERIFY(fin.value("deadline").toDouble() > 0);
        struct stat st{};
        QCOMPARE(::stat(m_journal.toLocal8Bit().constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0600u);
        QCOMPARE(readAll(m_mtu), QByteArray("9000\n"));
        QCOMPARE(readAll(m_tos), QByteArray("104\n"));
        QVERIFY(!QFile::exists(m_dir->filePath("never")));

        const int watchdog = fin.value("watchdog_pid").toInt();
        QVERIFY(watchdog > 0);
        QVERIFY(::kill(watchdog, 0) == 0);
        auto c = engine({"confirm"});
        QVERIFY2(c.exitCode == 0, c.out + c.err);
        QCOMPARE(c.json().value("watchdog_stopped").toBool(), true);
        QVERIFY(waitFor([&] { return ::kill(watchdog, 0) != 0; }, 3000));
        QThread::msleep(3000); // past the deadline: nothing rolls back
        QCOMPARE(readAll(m_mtu), QByteArray("9000\n"));
        QCOMPARE(readAll(m_tos), QByteArray("104\n"));
        QCOMPARE(state(), QStringLiteral("confirmed"));
        auto again = engine({"confirm"});
        QCOMPARE(again.exitCode, 1);
        QCOMPARE(lastJsonLine(again.out).value("error").toObject().value("code").toString(),
                 QStringLiteral("not_awaiting_confirm"));
    }

    void applyThenRollbackRestores()
    {
        savePlan(standardSteps());
        auto r = engine({"apply", "--plan", m_planFile, "--confirm-within", "120"});
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QCOMPARE(readAll(m_mtu), QByteArray("9000\n"));
        const int watchdog = lastJsonLine(r.out).value("watchdog_pid").toInt();
        auto rb = engine({"rollback"});
        QVERIFY2(rb.exitCode == 0, rb.out + rb.err);
        QCOMPARE(lastJsonLine(rb.out).value("state").toString(), QStringLiteral("rolled_back"));
        QCOMPARE(readAll(m_mtu), QByteArray("1500\n"));
        QCOMPARE(readAll(m_tos), QByteArray("old\n"));
        QCOMPARE(state(), QStringLiteral("rolled_back"));
        QVERIFY(waitFor([&] { return ::kill(watchdog, 0) != 0; }, 3000));
    }

    void failingMiddleStepRollsBack()
    {
        auto steps = standardSteps();
        steps.insert(2, shStep("bad_step", "echo boom-output; exit 3"));
        savePlan(steps);
        auto r = engine({"apply", "--plan", m_planFile, "--confirm-within", "120"});
        QCOMPARE(r.exitCode, 1);
        auto err = lastJsonLine(r.out).value("error").toObject();
        QCOMPARE(err.value("code").toString(), QStringLiteral("step_failed"));
        QCOMPARE(err.value("step").toString(), QStringLiteral("bad_step"));
        QVERIFY(err.value("output").toString().contains("boom-output"));
        QVERIFY(err.value("message").toString().contains("bad_step"));
        // The text's key and values, for a front end in another language.
        QCOMPARE(err.value("message_key").toString(), QStringLiteral("apply.step_failed_exit"));
        const QJsonObject args = err.value("message_args").toObject();
        QCOMPARE(args.value("step").toString(), QStringLiteral("bad_step"));
        QCOMPARE(args.value("exit_code").toInt(), 3);
        QCOMPARE(err.value("message").toString(),
                 QStringLiteral("step 'bad_step' failed: `%1` exited 3; the earlier steps were rolled back")
                     .arg(args.value("command").toString()));
        QVERIFY2(args.value("command").toString().contains("exit 3"), qPrintable(args.value("command").toString()));
        QCOMPARE(readAll(m_mtu), QByteArray("1500\n"));
        QCOMPARE(readAll(m_tos), QByteArray("old\n"));
        auto st = engine({"status"}).json();
        QCOMPARE(st.value("state").toString(), QStringLiteral("failed"));
        auto s = st.value("steps").toArray();
        QCOMPARE(s[1].toObject().value("state").toString(), QStringLiteral("undone"));
        QCOMPARE(s[2].toObject().value("state").toString(), QStringLiteral("failed"));
        QCOMPARE(s[4].toObject().value("state").toString(), QStringLiteral("pending"));
        QCOMPARE(st.value("watchdog_running").toBool(), false);
    }

    void watchdogRollsBackAtDeadline()
    {
        savePlan(standardSteps());
        auto r = engine({"apply", "--plan", m_planFile, "--confirm-within", "2"});
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QCOMPARE(readAll(m_mtu), QByteArray("9000\n"));
        QVERIFY2(waitFor([&] { return readAll(m_mtu) == "1500\n"; }, 10000), readAll(m_mtu));
        QVERIFY(waitFor([&] { return state() == "rolled_back"; }, 5000));
        QCOMPARE(readAll(m_tos), QByteArray("old\n"));
        QCOMPARE(engine({"status"}).json().value("reason").toString(), QStringLiteral("timeout"));
    }

    void watchdogSurvivesKilledApply()
    {
        auto steps = standardSteps();
        steps.append(shStep("slow", "sleep 20"));
        savePlan(steps);
        QProcess p;
        p.setProcessEnvironment(env());
        p.start(enginePath(), {"apply", "--plan", m_planFile, "--confirm-within", "2", "--journal", m_journal});
        QVERIFY(p.waitForStarted(5000));
        QVERIFY(waitFor([&] { return readAll(m_tos) == "104\n"; }, 10000));
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished(5000));
        QCOMPARE(readAll(m_mtu), QByteArray("9000\n"));
        QVERIFY2(waitFor([&] { return readAll(m_mtu) == "1500\n"; }, 10000), readAll(m_mtu));
        QVERIFY(waitFor([&] { return state() == "rolled_back"; }, 5000));
        QCOMPARE(readAll(m_tos), QByteArray("old\n"));
    }

    void changeOnTopOfAConfirmedOne()
    {
        // A confirmed change A; then B on top: rolling B back unconfirmed
        // gives the node back to A (and the journal to A's, confirmed);
        // then C on top, confirmed: rolling back undoes C and A.
        const QString a = m_dir->filePath("a"), b = m_dir->filePath("b"), c = m_dir->filePath("c");
        auto step = [](const QString &id, const QString &file) {
            return shStep(id, "echo on > '" + file + "'", "rm -f '" + file + "'");
        };
        savePlan(QJsonArray{step("a", a)});
        QCOMPARE(engine({"apply", "--plan", m_planFile, "--confirm-within", "60"}).exitCode, 0);
        QCOMPARE(engine({"confirm"}).exitCode, 0);

        savePlan(QJsonArray{step("b", b)});
        QCOMPARE(engine({"apply", "--plan", m_planFile, "--confirm-within", "60"}).exitCode, 0);
        QVERIFY(QFile::exists(a) && QFile::exists(b));
        auto r = engine({"rollback"});
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QVERIFY(QFile::exists(a));
        QVERIFY(!QFile::exists(b));
        QCOMPARE(state(), QStringLiteral("confirmed"));

        savePlan(QJsonArray{step("c", c)});
        QCOMPARE(engine({"apply", "--plan", m_planFile, "--confirm-within", "60"}).exitCode, 0);
        QCOMPARE(engine({"confirm"}).exitCode, 0);
        r = engine({"rollback"});
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QVERIFY(!QFile::exists(a));
        QVERIFY(!QFile::exists(c));
        QCOMPARE(state(), QStringLiteral("rolled_back"));
        QCOMPARE(engine({"rollback"}).json().value("error").toObject().value("code").toString(),
                 QStringLiteral("nothing_to_roll_back"));
    }

    void timeoutOnTopOfAConfirmedOne()
    {
        const QString a = m_dir->filePath("a"), b = m_dir->filePath("b");
        savePlan(QJsonArray{shStep("a", "echo on > '" + a + "'", "rm -f '" + a + "'")});
        QCOMPARE(engine({"apply", "--plan", m_planFile, "--confirm-within", "60"}).exitCode, 0);
        QCOMPARE(engine({"confirm"}).exitCode, 0);
        savePlan(QJsonArray{shStep("b", "echo on > '" + b + "'", "rm -f '" + b + "'")});
        QCOMPARE(engine({"apply", "--plan", m_planFile, "--confirm-within", "1"}).exitCode, 0);
        QVERIFY(waitFor([&] { return !QFile::exists(b); }, 10000));
        QVERIFY(waitFor([&] { return state() == QLatin1String("confirmed"); }, 5000));
        QVERIFY(QFile::exists(a));
    }

    void failingCommandKeepsItsStderr()
    {
        savePlan(QJsonArray{shStep("loud", "echo 'Error: Invalid argument' >&2; exit 3")});
        auto r = engine({"apply", "--plan", m_planFile, "--confirm-within", "60"});
        QCOMPARE(r.exitCode, 1);
        auto err = lastJsonLine(r.out).value("error").toObject();
        QCOMPARE(err.value("message_key").toString(), QStringLiteral("apply.step_failed_exit_stderr"));
        QCOMPARE(err.value("stderr").toString(), QStringLiteral("Error: Invalid argument"));
        QVERIFY(err.value("message").toString().contains("Error: Invalid argument"));
    }

    void stepIsReadAgainWhenItRuns()
    {
        // A step of kind "file" (step_kinds.h) planned as todo: the file
        // already holds the content when apply reaches it, so it is skipped;
        // one whose state cannot be read then ("mtu" of a netdev that does
        // not exist) stops the apply before it changes anything, and the
        // step before it is rolled back.
        const QString f = m_dir->filePath("f"), g = m_dir->filePath("g");
        writeFile(f, "wanted\n");
        QJsonObject file{{"id", "file"}, {"why", "test"}, {"commands", QJsonArray{}}, {"files", QJsonArray{}},
                         {"check", ""}, {"already_done", false}, {"state", "todo"},
                         {"refresh", QJsonObject{{"kind", "file"},
                                                 {"args", QJsonObject{{"path", f}, {"content", "wanted\n"}, {"mode", 0644}}}}},
                         {"undo", QJsonArray{}}};
        QJsonObject first = shStep("first", "echo on > '" + g + "'", "rm -f '" + g + "'");
        QJsonObject mtu{{"id", "mtu"}, {"why", "test"}, {"commands", QJsonArray{argv({"sh", "-c", "exit 0"})}},
                        {"files", QJsonArray{}}, {"check", ""}, {"already_done", false},
                        {"refresh", QJsonObject{{"kind", "mtu"},
                                                {"args", QJsonObject{{"interface", "halolinknosuch0"}, {"mtu", 9000}}}}},
                        {"undo", QJsonArray{}}};
        savePlan(QJsonArray{file, first, mtu});
        auto r = engine({"apply", "--plan", m_planFile, "--confirm-within", "60"});
        QCOMPARE(r.exitCode, 1);
        auto ev = events(r.out);
        QCOMPARE(ev.at(0).value("status").toString(), QStringLiteral("skipped"));
        QCOMPARE(ev.at(1).value("status").toString(), QStringLiteral("applied"));
        QCOMPARE(ev.at(2).value("status").toString(), QStringLiteral("failed"));
        auto err = lastJsonLine(r.out).value("error").toObject();
        QCOMPARE(err.value("code").toString(), QStringLiteral("state_unknown"));
        QVERIFY(err.value("unknown_reason").toString().contains("halolinknosuch0"));
        QVERIFY(!QFile::exists(g)); // the earlier step undone
        QCOMPARE(readAll(f), QByteArray("wanted\n"));

        // A kind this engine does not know: refused the same way.
        mtu["refresh"] = QJsonObject{{"kind", "no_such_kind"}, {"args", QJsonObject{}}};
        savePlan(QJsonArray{mtu});
        r = engine({"apply", "--plan", m_planFile, "--confirm-within", "60"});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(lastJsonLine(r.out).value("error").toObject().value("code").toString(), QStringLiteral("state_unknown"));
    }

    void secondApplyRefused()
    {
        savePlan(standardSteps());
        auto r = engine({"apply", "--plan", m_planFile, "--confirm-within", "120"});
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        writeFile(m_mtu, "changed-by-someone\n");
        auto second = engine({"apply", "--plan", m_planFile, "--confirm-within", "120"});
        QCOMPARE(second.exitCode, 1);
        QCOMPARE(lastJsonLine(second.out).value("error").toObject().value("code").toString(),
                 QStringLiteral("awaiting_confirm"));
        QCOMPARE(readAll(m_mtu), QByteArray("changed-by-someone\n")); // the second apply ran nothing
        QCOMPARE(state(), QStringLiteral("awaiting_confirm"));
    }

    void noJournal()
    {
        for (const char *cmd : {"confirm", "rollback", "status"}) {
            auto r = engine({cmd});
            QCOMPARE(r.exitCode, 1);
            QCOMPARE(lastJsonLine(r.out).value("error").toObject().value("code").toString(),
                     QStringLiteral("no_journal"));
        }
    }

    void needRoot()
    {
        if (::geteuid() == 0)
            QSKIP("running as root");
        savePlan(standardSteps());
        auto e = QProcessEnvironment::systemEnvironment();
        e.remove("HALOLINK_ROCE_ALLOW_NONROOT");
        auto r = runEngine({"apply", "--plan", m_planFile, "--journal", m_journal}, 30000, e);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(lastJsonLine(r.out).value("error").toObject().value("code").toString(), QStringLiteral("need_root"));
        QVERIFY(!QFile::exists(m_journal));
        QCOMPARE(readAll(m_mtu), QByteArray("1500\n"));
    }
};

QTEST_GUILESS_MAIN(TestRoceApply)
#include "tst_roce_apply.moc"
