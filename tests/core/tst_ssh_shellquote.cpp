// shellQuote(): the one quoting function for remote command lines. Checked
// against a real POSIX shell (/bin/sh): every value must arrive as exactly one
// literal argument.

#include "ssh/shellquote.h"

#include <QProcess>
#include <QTest>

using namespace halolink;

class TestShellQuote : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void quotedForm_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("quoted");
        QTest::newRow("plain") << "abc"
                               << "'abc'";
        QTest::newRow("empty") << ""
                               << "''";
        QTest::newRow("space") << "a b"
                               << "'a b'";
        QTest::newRow("single quote") << "it's"
                                      << "'it'\\''s'";
        QTest::newRow("only quote") << "'"
                                    << "''\\'''";
        QTest::newRow("dollar") << "$HOME"
                                << "'$HOME'";
    }
    void quotedForm()
    {
        QFETCH(QString, value);
        QFETCH(QString, quoted);
        QCOMPARE(shellQuote(value), quoted);
    }

    void roundTripThroughSh_data()
    {
        QTest::addColumn<QString>("value");
        QTest::newRow("empty") << QString();
        QTest::newRow("spaces") << QStringLiteral("  two  spaces  ");
        QTest::newRow("single quotes") << QStringLiteral("'quoted' and ''double''");
        QTest::newRow("double quotes") << QStringLiteral("say \"hi\"");
        QTest::newRow("dollar") << QStringLiteral("$HOME ${PATH} $(id) `id` $((1+1))");
        QTest::newRow("semicolon") << QStringLiteral("a; echo injected; b");
        QTest::newRow("injection") << QStringLiteral("'; rm -rf /tmp/x; echo '");
        QTest::newRow("newline") << QStringLiteral("line1\nline2\n");
        QTest::newRow("backslash") << QStringLiteral("back\\slash \\' \\\\");
        QTest::newRow("glob") << QStringLiteral("* ? [a-z] ~ ~root");
        QTest::newRow("pipes") << QStringLiteral("a | b && c || d > e < f & g");
        QTest::newRow("unicode") << QStringLiteral("Ünïcödé ✓ 日本語 🚀");
        QTest::newRow("dash") << QStringLiteral("-n");
        QTest::newRow("tab") << QStringLiteral("a\tb");
    }
    void roundTripThroughSh()
    {
        QFETCH(QString, value);
        // printf %s prints its argument verbatim; the marker shows it was ONE argument.
        const QString command = QStringLiteral("printf '<%s>' ") + shellQuote(value);
        QProcess sh;
        sh.start(QStringLiteral("/bin/sh"), { QStringLiteral("-c"), command });
        QVERIFY(sh.waitForFinished(5000));
        QCOMPARE(sh.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(sh.readAllStandardOutput()), QLatin1Char('<') + value + QLatin1Char('>'));
    }

    void commandKeepsArguments()
    {
        const QStringList argv { QStringLiteral("printf"), QStringLiteral("[%s]"), QStringLiteral("a b"),
            QStringLiteral(""), QStringLiteral("'; echo x; '"), QStringLiteral("$1") };
        QProcess sh;
        sh.start(QStringLiteral("/bin/sh"), { QStringLiteral("-c"), shellCommand(argv) });
        QVERIFY(sh.waitForFinished(5000));
        QCOMPARE(QString::fromUtf8(sh.readAllStandardOutput()), QStringLiteral("[a b][]['; echo x; '][$1]"));
    }
};

QTEST_GUILESS_MAIN(TestShellQuote)
#include "tst_ssh_shellquote.moc"
