// Where the app and halolinkctl find halolink-engine when they are installed:
// the install rule's place next to bin/ (../libexec/halolink/), the other usual
// layout (../lib/halolink/), and never a build tree's engine for a program that
// does not run from that build tree. The last part runs the real halolinkctl
// copied into a fake prefix, as the package puts it in /usr.

#include "engine/enginelocator.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

using namespace halolink;

namespace {

// Copies an executable, keeping it executable.
bool copyExecutable(const QString &from, const QString &to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    QFile::remove(to);
    return QFile::copy(from, to)
           && QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                                            | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
}

// Restores $HALOLINK_ENGINE when a test ends, however it ends.
struct EnvironmentGuard {
    QByteArray saved = qgetenv(EngineLocator::kEnvironmentVariable);
    bool wasSet = qEnvironmentVariableIsSet(EngineLocator::kEnvironmentVariable);
    ~EnvironmentGuard()
    {
        if (wasSet)
            qputenv(EngineLocator::kEnvironmentVariable, saved);
        else
            qunsetenv(EngineLocator::kEnvironmentVariable);
    }
};

} // namespace

class TestEngineLocator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void installedLayoutComesFirst();
    void libLayoutIsFound();
    void installedAppIgnoresBuildTree();
    void buildTreeProgramFallsBackToBuildTree();
    void environmentStillWins();
    void installedHalolinkctlFindsItsEngine();
    void installedHalolinkctlWithoutEngine();

private:
    QTemporaryDir m_dir;
    QString prefix(const QString &name) const { return m_dir.filePath(name); }
};

void TestEngineLocator::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The fake prefixes must not be inside the build tree, or they would count as it.
    QVERIFY2(!QDir(m_dir.path()).canonicalPath().startsWith(QDir(QStringLiteral(HALOLINK_BUILD_DIR)).canonicalPath()),
             qPrintable(m_dir.path()));
}

void TestEngineLocator::installedLayoutComesFirst()
{
    const QString bin = prefix(QStringLiteral("usr-a/bin"));
    const QString engine = prefix(QStringLiteral("usr-a/libexec/halolink/halolink-engine"));
    QVERIFY(QDir().mkpath(bin));
    QVERIFY(copyExecutable(QStringLiteral(HALOLINK_ENGINE_PATH), engine));

    const QStringList candidates = EngineLocator::candidatesForAppDir(bin);
    QVERIFY(!candidates.isEmpty());
    QCOMPARE(candidates.first(), engine);
    QVERIFY(candidates.contains(prefix(QStringLiteral("usr-a/lib/halolink/halolink-engine"))));

    const EngineLocation location = EngineLocator::locateForAppDir(bin);
    QVERIFY2(location.found(), qPrintable(location.error));
    QCOMPARE(location.path, engine);
    QCOMPARE(location.tried, QStringList{engine});
}

void TestEngineLocator::libLayoutIsFound()
{
    const QString bin = prefix(QStringLiteral("usr-b/bin"));
    const QString engine = prefix(QStringLiteral("usr-b/lib/halolink/halolink-engine"));
    QVERIFY(QDir().mkpath(bin));
    QVERIFY(copyExecutable(QStringLiteral(HALOLINK_ENGINE_PATH), engine));

    const EngineLocation location = EngineLocator::locateForAppDir(bin);
    QVERIFY2(location.found(), qPrintable(location.error));
    QCOMPARE(location.path, engine);
    QVERIFY(location.tried.first().endsWith(QLatin1String("usr-b/libexec/halolink/halolink-engine")));
}

void TestEngineLocator::installedAppIgnoresBuildTree()
{
    const QString bin = prefix(QStringLiteral("usr-empty/bin"));
    QVERIFY(QDir().mkpath(bin));
    const QStringList candidates = EngineLocator::candidatesForAppDir(bin);
    QVERIFY(!candidates.contains(QStringLiteral(HALOLINK_ENGINE_PATH)));
    for (const QString &c : candidates)
        QVERIFY2(c.startsWith(prefix(QStringLiteral("usr-empty/"))), qPrintable(c));

    const EngineLocation location = EngineLocator::locateForAppDir(bin);
    QVERIFY(!location.found());
    QCOMPARE(location.tried, candidates);
    QVERIFY(location.error.contains(prefix(QStringLiteral("usr-empty/libexec/halolink/halolink-engine"))));
    QVERIFY(location.error.contains(QLatin1String("does not exist")));
}

void TestEngineLocator::buildTreeProgramFallsBackToBuildTree()
{
    // This test program runs from the build tree: its last resort is the built engine.
    const QStringList candidates = EngineLocator::candidatesForAppDir(QCoreApplication::applicationDirPath());
    QCOMPARE(candidates.last(), QStringLiteral(HALOLINK_ENGINE_PATH));
    const EngineLocation location = EngineLocator::locateForAppDir(QCoreApplication::applicationDirPath());
    QVERIFY2(location.found(), qPrintable(location.error));
}

void TestEngineLocator::environmentStillWins()
{
    EnvironmentGuard guard;
    qputenv(EngineLocator::kEnvironmentVariable, "/nonexistent/halolink-engine");
    QCOMPARE(EngineLocator::candidates(), QStringList{QStringLiteral("/nonexistent/halolink-engine")});
    // The app-dir search itself does not look at the variable.
    QVERIFY(!EngineLocator::candidatesForAppDir(prefix(QStringLiteral("usr-a/bin")))
                 .contains(QStringLiteral("/nonexistent/halolink-engine")));
}

void TestEngineLocator::installedHalolinkctlFindsItsEngine()
{
    // The real halolinkctl and engine in a prefix laid out as the package lays /usr.
    const QString ctl = prefix(QStringLiteral("usr-c/bin/halolinkctl"));
    const QString engine = prefix(QStringLiteral("usr-c/libexec/halolink/halolink-engine"));
    QVERIFY(copyExecutable(QStringLiteral(HALOLINKCTL_PATH), ctl));
    QVERIFY(copyExecutable(QStringLiteral(HALOLINK_ENGINE_PATH), engine));

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QLatin1String(EngineLocator::kEnvironmentVariable));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(ctl, {QStringLiteral("engine"), QStringLiteral("--json")});
    QVERIFY(p.waitForFinished(30000));
    const QByteArray out = p.readAllStandardOutput();
    QVERIFY2(p.exitCode() == 0, (out + p.readAllStandardError()).constData());
    const QJsonObject doc = QJsonDocument::fromJson(out).object();
    QCOMPARE(doc.value(QStringLiteral("path")).toString(), engine);
    QVERIFY(!doc.value(QStringLiteral("version")).toString().isEmpty());
    QVERIFY(doc.value(QStringLiteral("protocol")).toInt() > 0);
    QCOMPARE(doc.value(QStringLiteral("tried")).toArray().size(), 1);

    // And the human form says the same.
    p.start(ctl, {QStringLiteral("engine")});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(p.readAllStandardOutput().contains(("engine:   " + engine).toUtf8()));
}

void TestEngineLocator::installedHalolinkctlWithoutEngine()
{
    // Installed without its engine: an error naming where it looked, never the build tree's engine.
    const QString ctl = prefix(QStringLiteral("usr-d/bin/halolinkctl"));
    QVERIFY(copyExecutable(QStringLiteral(HALOLINKCTL_PATH), ctl));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QLatin1String(EngineLocator::kEnvironmentVariable));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(ctl, {QStringLiteral("engine"), QStringLiteral("--json")});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 1);
    const QJsonObject error = QJsonDocument::fromJson(p.readAllStandardOutput()).object().value(QStringLiteral("error")).toObject();
    QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("engine_missing"));
    const QString message = error.value(QStringLiteral("message")).toString();
    QVERIFY2(message.contains(prefix(QStringLiteral("usr-d/libexec/halolink/halolink-engine"))), qPrintable(message));
    QVERIFY2(!message.contains(QStringLiteral(HALOLINK_ENGINE_PATH)), qPrintable(message));
}

QTEST_GUILESS_MAIN(TestEngineLocator)
#include "tst_enginelocator.moc"
