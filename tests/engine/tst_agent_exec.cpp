// The agent's exec method (docs/agent-protocol.md): a shell command run by
// /bin/sh as the agent's user, its stdin from the request, its lines as
// exec.output events before the reply with the exit status; exec.cancel
// ends the command's whole process group; the agent's end ends them too;
// bad params are invalid_params and the session goes on.

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/types.h>

#include "agent_test_util.h"

using namespace agenttest;

namespace {

QStringList lines(const AgentProcess &a, int request, const QString &stream)
{
    QStringList out;
    for (const QJsonObject &e : a.events(QStringLiteral("exec.output")))
        if (e.value("request").toInt() == request && e.value("stream").toString() == stream)
            out << e.value("line").toString();
    return out;
}

bool alive(qint64 pid)
{
    return ::kill(pid_t(pid), 0) == 0;
}

} // namespace

class TestAgentExec : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void advertised()
    {
        AgentProcess a;
        QVERIFY(a.start());
        QVERIFY(a.waitForEvent(QStringLiteral("hello")).value("capabilities").toArray().contains(QStringLiteral("exec")));
    }

    void runsWithStdinAndLines()
    {
        AgentProcess a;
        QVERIFY(a.start());
        // Two files' worth of stdin read by head -c, the rest by read: the
        // shape of the app's configuration call (core/setup/enginecall.cpp).
        const QByteArray input = QByteArrayLiteral("0123456789abc\nsecret line\n");
        const int id = a.request(QStringLiteral("exec"),
            { { "command",
                  "printf 'one\\ntwo\\n'; head -c 10 | wc -c; IFS= read -r x; IFS= read -r y; echo \"[$y]\"; "
                  "echo err >&2; printf 'no newline'; exit 7" },
                { "stdin", QString::fromLatin1(input.toBase64()) } });
        const QJsonObject reply = a.waitForReply(id);
        QVERIFY2(reply.contains("result"), QJsonDocument(reply).toJson().constData());
        QCOMPARE(reply.value("result").toObject().value("exit_code").toInt(), 7);
        QVERIFY(reply.value("result").toObject().value("signal").isNull());
        QCOMPARE(lines(a, id, QStringLiteral("stdout")),
            (QStringList { "one", "two", "10", "[secret line]", "no newline" }));
        QCOMPARE(lines(a, id, QStringLiteral("stderr")), QStringList { "err" });
        // Only the last piece had no newline of its own.
        QStringList unended;
        for (const QJsonObject &e : a.events(QStringLiteral("exec.output")))
            if (!e.value("newline").toBool(true))
                unended << e.value("line").toString();
        QCOMPARE(unended, QStringList { "no newline" });
        // Every output event came before the reply.
        int replyAt = -1, lastOutput = -1;
        for (int i = 0; i < a.lines().size(); ++i) {
            if (a.lines().at(i).value("id").toInt() == id)
                replyAt = i;
            if (a.lines().at(i).value("event").toString() == QLatin1String("exec.output"))
                lastOutput = i;
        }
        QVERIFY(lastOutput >= 0 && replyAt > lastOutput);
    }

    void noLoginShellAndSignalsAsSshdGives()
    {
        AgentProcess a;
        QVERIFY(a.start());
        // sh -c: not interactive, not a login shell; SIGPIPE back to its
        // default (the agent ignores it), so `yes | head` ends.
        const int id = a.request(QStringLiteral("exec"),
            { { "command", "case $- in *i*) echo interactive;; *) echo plain;; esac; yes | head -n 2 | wc -l; "
                           "grep SigIgn /proc/self/status" } });
        const QJsonObject reply = a.waitForReply(id, 10000);
        QCOMPARE(reply.value("result").toObject().value("exit_code").toInt(), 0);
        const QStringList out = lines(a, id, QStringLiteral("stdout"));
        QCOMPARE(out.value(0), QStringLiteral("plain"));
        QCOMPARE(out.value(1).trimmed(), QStringLiteral("2"));
        // SIGPIPE is bit 13 (value 0x1000): not ignored by the command.
        bool ok = false;
        const qulonglong ignored = out.value(2).section(QLatin1Char('\t'), 1).trimmed().toULongLong(&ok, 16);
        QVERIFY2(ok, qPrintable(out.value(2)));
        QVERIFY((ignored & (1ull << (SIGPIPE - 1))) == 0);
    }

    void cancelEndsTheGroup()
    {
        AgentProcess a;
        QVERIFY(a.start());
        const int id = a.request(QStringLiteral("exec"), { { "command", "sleep 60 & echo $!; wait" } });
        const QJsonObject started = a.waitFor([&](const QJsonObject &o) {
            return o.value("event").toString() == QLatin1String("exec.output") && o.value("request").toInt() == id;
        });
        const qint64 sleeper = started.value("line").toString().toLongLong();
        QVERIFY(sleeper > 0 && alive(sleeper));
        const QJsonObject cancelled = a.waitForReply(a.request(QStringLiteral("exec.cancel"), { { "request", id } }));
        QVERIFY2(cancelled.contains("result"), QJsonDocument(cancelled).toJson().constData());
        const QJsonObject reply = a.waitForReply(id);
        QCOMPARE(reply.value("result").toObject().value("signal").toInt(), SIGTERM);
        QTRY_VERIFY_WITH_TIMEOUT(!alive(sleeper), 5000);
        // Nothing of that id runs any more.
        const QJsonObject again = a.waitForReply(a.request(QStringLiteral("exec.cancel"), { { "request", id } }));
        QCOMPARE(again.value("error").toObject().value("code").toString(), QStringLiteral("not_running"));
        // The session goes on.
        QVERIFY(a.waitForReply(a.request(QStringLiteral("ping"))).contains("result"));
    }

    void agentEndEndsItsCommands()
    {
        qint64 sleeper = 0;
        {
            AgentProcess a;
            QVERIFY(a.start());
            const int id = a.request(QStringLiteral("exec"), { { "command", "sleep 60 & echo $!; wait" } });
            sleeper = a.waitFor([&](const QJsonObject &o) {
                           return o.value("event").toString() == QLatin1String("exec.output")
                               && o.value("request").toInt() == id;
                       })
                          .value("line")
                          .toString()
                          .toLongLong();
            QVERIFY(sleeper > 0 && alive(sleeper));
            // The app goes away: the agent's stdin ends, it stops everything.
            a.process().closeWriteChannel();
            QVERIFY(a.process().waitForFinished(5000));
            QCOMPARE(a.process().exitCode(), 0);
        }
        QTRY_VERIFY_WITH_TIMEOUT(!alive(sleeper), 5000);
    }

    void badParams()
    {
        AgentProcess a;
        QVERIFY(a.start());
        auto code = [&](const QJsonObject &params) {
            return a.waitForReply(a.request(QStringLiteral("exec"), params)).value("error").toObject().value("code").toString();
        };
        QCOMPARE(code({}), QStringLiteral("invalid_params"));
        QCOMPARE(code({ { "command", "" } }), QStringLiteral("invalid_params"));
        QCOMPARE(code({ { "command", 3 } }), QStringLiteral("invalid_params"));
        QCOMPARE(code({ { "command", "true" }, { "stdin", "not base64!" } }), QStringLiteral("invalid_params"));
        QCOMPARE(code({ { "command", "true" }, { "env", "x" } }), QStringLiteral("invalid_params"));
        const QJsonObject cancel = a.waitForReply(a.request(QStringLiteral("exec.cancel"), { { "request", "x" } }));
        QCOMPARE(cancel.value("error").toObject().value("code").toString(), QStringLiteral("invalid_params"));
        QVERIFY(a.waitForReply(a.request(QStringLiteral("ping"))).contains("result"));
    }
};

QTEST_GUILESS_MAIN(TestAgentExec)
#include "tst_agent_exec.moc"
