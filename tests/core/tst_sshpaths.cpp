// One SSH folder for the ssh config import and the connection (issue 18):
// the passwd home as OpenSSH's ssh and libssh 0.10 take it (ssh/sshpaths.h),
// never $HOME; a connection without a user in the config is the local
// account's, and a connection error on a name the config did not resolve
// names the config it read.

#include "inventory/sshconfigimport.h"
#include "ssh/libsshwrapper.h"
#include "ssh/sshendpoint.h"
#include "ssh/sshpaths.h"
#include "ssh/sshsession.h"

#include <QDir>
#include <QFile>
#include <QHostAddress>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <pwd.h>
#include <unistd.h>

using namespace halolink;

namespace {

QString passwdHome()
{
    const struct passwd *pw = getpwuid(getuid());
    return pw ? QString::fromLocal8Bit(pw->pw_dir) : QString();
}

QString passwdName()
{
    const struct passwd *pw = getpwuid(getuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : QString();
}

void writeFile(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(data);
}

} // namespace

class TestSshPaths : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        qunsetenv("HALOLINK_SSH_DIR");
        qunsetenv("HALOLINK_SSH_CONFIG");
        qputenv("HOME", m_fakeHome.path().toUtf8()); // a $HOME that is not the passwd home
    }

    void cleanup() { qputenv("HOME", passwdHome().toUtf8()); }

    // The import's default file and the folder libssh gets are the passwd
    // home's, whatever $HOME says.
    void importAndConnectionReadOneFolder()
    {
        QVERIFY(m_fakeHome.isValid());
        QVERIFY(!passwdHome().isEmpty());
        QVERIFY(passwdHome() != m_fakeHome.path());
        QCOMPARE(sshUserHome(), passwdHome());
        QCOMPARE(sshFolder(), passwdHome() + QStringLiteral("/.ssh"));
        QCOMPARE(defaultSshConfigPath(), passwdHome() + QStringLiteral("/.ssh/config"));
        QCOMPARE(expandSshTilde(QStringLiteral("~/.ssh/id_ed25519")), passwdHome() + QStringLiteral("/.ssh/id_ed25519"));
        SshEndpoint ep;
        ep.host = QStringLiteral("node1");
        QCOMPARE(libssh::configFileFor(ep), defaultSshConfigPath());

        // The overrides move both together.
        qputenv("HALOLINK_SSH_DIR", "/srv/cluster-ssh");
        QCOMPARE(defaultSshConfigPath(), QStringLiteral("/srv/cluster-ssh/config"));
        ep.sshDir = QStringLiteral("/srv/cluster-ssh");
        QCOMPARE(libssh::configFileFor(ep), defaultSshConfigPath());
    }

    // No User in the config and none given: the local account, before
    // ssh_connect (libssh fills it only there), so messages never say "@node1".
    void userComesFromTheAccount()
    {
        QTemporaryDir dir;
        const QString config = dir.path() + QStringLiteral("/config");
        writeFile(config, "Host node1\n  HostName 192.0.2.10\n  Port 2222\n");
        libssh::initialize();
        libssh::Session s(ssh_new());
        SshEndpoint ep;
        ep.host = QStringLiteral("node1");
        ep.configFile = config;
        ep.sshDir = dir.path();
        QString error;
        QVERIFY2(libssh::applyEndpoint(s.get(), ep, &error), qPrintable(error));
        QCOMPARE(libssh::resolvedHost(s.get()), QStringLiteral("192.0.2.10"));
        QCOMPARE(libssh::resolvedPort(s.get()), 2222);
        QCOMPARE(libssh::resolvedUser(s.get()), passwdName());

        // A User in the config still wins over the account.
        writeFile(config, "Host node1\n  HostName 192.0.2.10\n  User alice\n");
        libssh::Session t(ssh_new());
        QVERIFY2(libssh::applyEndpoint(t.get(), ep, &error), qPrintable(error));
        QCOMPARE(libssh::resolvedUser(t.get()), QStringLiteral("alice"));
    }

    // A name the config gave no HostName: the error names the config read.
    // An address typed as such needs none: no hint there.
    void connectErrorNamesTheConfig_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<bool>("hint");
        QTest::newRow("name") << QStringLiteral("localhost") << true;
        QTest::newRow("IPv4 address") << QStringLiteral("127.0.0.1") << false;
    }
    void connectErrorNamesTheConfig()
    {
        QFETCH(QString, host);
        QFETCH(bool, hint);
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const int port = probe.serverPort();
        probe.close();
        QTemporaryDir dir;
        const QString config = dir.path() + QStringLiteral("/config");
        writeFile(config, QStringLiteral("Host %1\n  Port %2\n").arg(host).arg(port).toUtf8());
        SshEndpoint ep;
        ep.host = host;
        ep.configFile = config;
        ep.sshDir = dir.path();
        ep.knownHostsFile = dir.path() + QStringLiteral("/known_hosts");
        ep.globalKnownHostsFile = dir.path() + QStringLiteral("/global_known_hosts");
        ep.agentSocket = QStringLiteral("none");
        ep.connectTimeout = std::chrono::seconds(3);
        SshSession session(ep);
        session.connectToHost();
        QVERIFY(QTest::qWaitFor([&] { return session.isFinished(); }, 15000));
        QCOMPARE(session.error(), SshSession::Error::ConnectFailed);
        const QString text = session.errorString();
        QVERIFY2(text.contains(QStringLiteral("%1@%2:%3").arg(passwdName(), host).arg(port)), qPrintable(text));
        QCOMPARE(text.contains(config), hint);
    }

private:
    QTemporaryDir m_fakeHome;
};

QTEST_GUILESS_MAIN(TestSshPaths)
#include "tst_sshpaths.moc"
