// LocalEngine with the real engine, and with small stand-in scripts for every
// way an engine can go wrong: each must end in failed() with a clear reason.

#include "engine/enginelocator.h"
#include "engine/localengine.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace halolink;

Q_DECLARE_METATYPE(halolink::EngineVersion)

class TestLocalEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void realEngineProbes();
    void locatorHonoursEnvironment();
    void locatorNamesWhatItTried();
    void missingEngine();
    void notExecutable();
    void misbehavingEngines_data();
    void misbehavingEngines();
    void timeout();
    void busyWhileRunning();
    void cancelEmitsNothing();

private:
    QString writeScript(const QString &name, const QByteArray &body);
    QTemporaryDir m_dir;
};

QString TestLocalEngine::writeScript(const QString &name, const QByteArray &body)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    file.write("#!/bin/sh\n" + body + "\n");
    file.close();
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

void TestLocalEngine::initTestCase()
{
    qRegisterMetaType<ProbeReport>();
    qRegisterMetaType<EngineVersion>();
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFile::exists(QStringLiteral(HALOLINK_ENGINE_PATH)), HALOLINK_ENGINE_PATH);
}

void TestLocalEngine::realEngineProbes()
{
    LocalEngine engine;
    engine.setEnginePath(QStringLiteral(HALOLINK_ENGINE_PATH));
    QSignalSpy finished(&engine, &LocalEngine::probeFinished);
    QSignalSpy failed(&engine, &LocalEngine::failed);
    QSignalSpy version(&engine, &LocalEngine::versionKnown);
    QVERIFY(engine.probe());
    QVERIFY(engine.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 60000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QCOMPARE(version.size(), 1);
    QCOMPARE(engine.engineVersion()->protocol, EngineVersion::supportedProtocol());
    const ProbeReport report = finished.first().first().value<ProbeReport>();
    QCOMPARE(report.schema, QStringLiteral("halolink.probe/1"));
    QVERIFY(!report.checks.isEmpty());
    QCOMPARE(report.engineVersion, engine.engineVersion()->version);
    QVERIFY(engine.lastProbeOutput().contains("halolink.probe/1"));
    QCOMPARE(engine.failure(), LocalEngine::Failure::None);
    QVERIFY(!engine.isRunning());
}

void TestLocalEngine::locatorHonoursEnvironment()
{
    // ctest sets HALOLINK_ENGINE to the built engine.
    const QByteArray saved = qgetenv(EngineLocator::kEnvironmentVariable);
    qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
    const EngineLocation found = EngineLocator::locate();
    QVERIFY2(found.found(), qPrintable(found.error));
    QCOMPARE(found.tried, QStringList{QStringLiteral(HALOLINK_ENGINE_PATH)});

    // Set but wrong: no silent fallback to another engine.
    qputenv(EngineLocator::kEnvironmentVariable, "/nonexistent/halolink-engine");
    const EngineLocation missing = EngineLocator::locate();
    QVERIFY(!missing.found());
    QVERIFY(missing.error.contains(QLatin1String("HALOLINK_ENGINE")));
    QVERIFY(missing.error.contains(QLatin1String("/nonexistent/halolink-engine")));
    QVERIFY(missing.error.contains(QLatin1String("does not exist")));
    qputenv(EngineLocator::kEnvironmentVariable, saved);
}

void TestLocalEngine::locatorNamesWhatItTried()
{
    const QByteArray saved = qgetenv(EngineLocator::kEnvironmentVariable);
    qunsetenv(EngineLocator::kEnvironmentVariable);
    const QStringList candidates = EngineLocator::candidates();
    QVERIFY(candidates.size() >= 2);
    QVERIFY(candidates.first().endsWith(QLatin1String("libexec/halolink/halolink-engine")));
    // The build tree's engine is the last resort, and it exists here.
    QVERIFY(candidates.contains(QStringLiteral(HALOLINK_ENGINE_PATH)));
    const EngineLocation location = EngineLocator::locate();
    QVERIFY2(location.found(), qPrintable(location.error));
    QCOMPARE(location.tried.first(), candidates.first());
    qputenv(EngineLocator::kEnvironmentVariable, saved);
}

void TestLocalEngine::missingEngine()
{
    LocalEngine engine;
    engine.setEnginePath(m_dir.filePath(QStringLiteral("no-such-engine")));
    QSignalSpy failed(&engine, &LocalEngine::failed);
    QSignalSpy finished(&engine, &LocalEngine::probeFinished);
    QVERIFY(engine.probe());
    QVERIFY(failed.wait(5000));
    QCOMPARE(engine.failure(), LocalEngine::Failure::EngineMissing);
    const QString reason = failed.first().first().toString();
    QVERIFY2(reason.contains(QLatin1String("no-such-engine")) && reason.contains(QLatin1String("does not exist")),
             qPrintable(reason));
    QVERIFY(finished.isEmpty());
    QVERIFY(!engine.isRunning());
}

void TestLocalEngine::notExecutable()
{
    const QString path = m_dir.filePath(QStringLiteral("plain-file"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not a program");
    file.close();
    QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
    LocalEngine engine;
    engine.setEnginePath(path);
    QSignalSpy failed(&engine, &LocalEngine::failed);
    engine.probe();
    QVERIFY(failed.wait(5000));
    QCOMPARE(engine.failure(), LocalEngine::Failure::EngineMissing);
    QVERIFY(failed.first().first().toString().contains(QLatin1String("not executable")));
}

void TestLocalEngine::misbehavingEngines_data()
{
    QTest::addColumn<QByteArray>("script");
    QTest::addColumn<LocalEngine::Failure>("failure");
    QTest::addColumn<QString>("reasonContains");

    const QByteArray goodVersion = "if [ \"$1\" = --version ]; then echo 'halolink-engine 0.1.0 (protocol 1)'; exit 0; fi\n";
    QTest::newRow("garbage everywhere") << QByteArray("echo 'hello, I am not an engine'")
                                        << LocalEngine::Failure::BadOutput
                                        << QStringLiteral("does not look like halolink-engine");
    QTest::newRow("garbage probe") << goodVersion + "echo '{\"schema\": halolink'"
                                   << LocalEngine::Failure::BadOutput << QStringLiteral("malformed JSON");
    QTest::newRow("wrong schema") << goodVersion + "echo '{\"schema\": \"halolink.bench/1\"}'"
                                  << LocalEngine::Failure::BadOutput << QStringLiteral("unsupported schema");
    QTest::newRow("error document")
        << goodVersion + "echo '{\"error\":{\"code\":\"io\",\"message\":\"cannot read /sys\"}}'; echo 'probe: cannot read /sys' >&2; exit 1"
        << LocalEngine::Failure::ExitedWithError << QStringLiteral("cannot read /sys");
    QTest::newRow("non-zero exit, no document")
        << goodVersion + "echo 'something broke' >&2; exit 3" << LocalEngine::Failure::ExitedWithError
        << QStringLiteral("exit code 3");
    QTest::newRow("crash") << goodVersion + "kill -SEGV $$" << LocalEngine::Failure::Crashed
                           << QStringLiteral("crashed");
    QTest::newRow("other protocol") << QByteArray("echo 'halolink-engine 9.0.0 (protocol 99)'")
                                    << LocalEngine::Failure::ProtocolMismatch << QStringLiteral("protocol 99");
}

void TestLocalEngine::misbehavingEngines()
{
    QFETCH(QByteArray, script);
    QFETCH(LocalEngine::Failure, failure);
    QFETCH(QString, reasonContains);

    LocalEngine engine;
    engine.setEnginePath(writeScript(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-')), script));
    QSignalSpy failed(&engine, &LocalEngine::failed);
    QSignalSpy finished(&engine, &LocalEngine::probeFinished);
    QVERIFY(engine.probe());
    QVERIFY(failed.wait(10000));
    QVERIFY(finished.isEmpty());
    const QString reason = failed.first().first().toString();
    QCOMPARE(engine.failure(), failure);
    QVERIFY2(reason.contains(reasonContains), qPrintable(reason));
    QVERIFY(!engine.isRunning());
}

void TestLocalEngine::timeout()
{
    LocalEngine engine;
    engine.setEnginePath(writeScript(QStringLiteral("sleeper"),
                                     "if [ \"$1\" = --version ]; then echo 'halolink-engine 0.1.0 (protocol 1)'; exit 0; fi\nexec sleep 30"));
    engine.setTimeout(std::chrono::milliseconds(300));
    QSignalSpy failed(&engine, &LocalEngine::failed);
    QElapsedTimer clock;
    clock.start();
    engine.probe();
    QVERIFY(failed.wait(5000));
    QVERIFY(clock.elapsed() < 5000);
    QCOMPARE(engine.failure(), LocalEngine::Failure::TimedOut);
    QVERIFY(failed.first().first().toString().contains(QLatin1String("did not finish")));
}

void TestLocalEngine::busyWhileRunning()
{
    LocalEngine engine;
    engine.setEnginePath(QStringLiteral(HALOLINK_ENGINE_PATH));
    QSignalSpy finished(&engine, &LocalEngine::probeFinished);
    QVERIFY(engine.probe());
    QVERIFY(!engine.probe()); // one run at a time
    QTRY_VERIFY_WITH_TIMEOUT(!engine.isRunning(), 60000);
    QCOMPARE(finished.size(), 1);
    QVERIFY(engine.probe()); // and again afterwards
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
}

void TestLocalEngine::cancelEmitsNothing()
{
    LocalEngine engine;
    engine.setEnginePath(QStringLiteral(HALOLINK_ENGINE_PATH));
    QSignalSpy finished(&engine, &LocalEngine::probeFinished);
    QSignalSpy failed(&engine, &LocalEngine::failed);
    engine.probe();
    engine.cancel();
    QVERIFY(!engine.isRunning());
    QTest::qWait(300);
    QVERIFY(finished.isEmpty());
    QVERIFY(failed.isEmpty());

    // Missing engine, cancelled before the queued failure is delivered.
    engine.setEnginePath(m_dir.filePath(QStringLiteral("absent")));
    engine.probe();
    engine.cancel();
    QTest::qWait(100);
    QVERIFY(failed.isEmpty());
}

QTEST_GUILESS_MAIN(TestLocalEngine)
#include "tst_localengine.moc"
