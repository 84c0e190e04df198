#pragma once
// Real OpenSSH servers for the SSH tests.
//
// One fixture per test program: a private directory with a generated host key,
// client keys (plain and passphrase-protected), authorized_keys, and a test
// user made with useradd (a random password set with chpasswd; deleted again
// in tearDown, and leftovers of crashed runs deleted at setUp). Needs root;
// tests QSKIP otherwise. Each sshd listens on one address only (127.0.0.1 or
// an address inside a network namespace), accepts only the test user
// (AllowUsers), and uses its own config, PidFile and log in the directory.
//
// The client side uses files in the same directory: its own known_hosts, an
// empty ssh config and ssh dir, and no agent — never the person's ~/.ssh.

#include "ssh/sshendpoint.h"

#include <QByteArray>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

namespace halolink::test {

class SshdFixture {
public:
    struct Server {
        QString name; // for log files
        QString netns; // empty: the host's namespace
        QString address; // listen address
        int port = 0;
        QString hostKey; // private key path
        QStringList extraConfig;
        qint64 pid = 0;
        std::unique_ptr<QProcess> process;
        QString logPath;
    };

    SshdFixture() = default;
    ~SshdFixture();

    // Empty when the fixture can run here; else the reason to skip.
    static QString unavailableReason();

    bool setUp(QString *error);
    void tearDown();

    // Starts an sshd; returns its index or -1. extraConfig: more sshd_config lines.
    int startServer(QString *error, const QString &netns = QString(),
        const QString &address = QStringLiteral("127.0.0.1"), const QStringList &extraConfig = {},
        int port = 0, const QString &hostKey = QString());
    // Restarts server i on the same address and port (optionally with another host key).
    bool restartServer(int i, QString *error, const QString &hostKey = QString());
    // The nice value of the sshds started from now on, and so of everything
    // under them (sessions, agents). The soak sets it: its nodes stand for
    // other machines, whose CPU is not the app's.
    void setServerNice(int nice) { m_nice = nice; }
    // SIGKILL the sshd and every process under it (per-connection sshds, the agent).
    void killServer(int i);
    const Server &server(int i) const { return *m_servers.at(i); }

    QString dir() const { return m_dir ? m_dir->path() : QString(); }
    QString user() const { return m_user; }
    QByteArray password() const { return m_password; }
    QString home() const { return dir() + QStringLiteral("/home"); }
    QString hostKey() const { return dir() + QStringLiteral("/host_ed25519"); }
    QString otherHostKey() const { return dir() + QStringLiteral("/host2_ed25519"); }
    QString clientKey() const { return dir() + QStringLiteral("/client/id_test"); }
    QString encryptedClientKey() const { return dir() + QStringLiteral("/client/id_test_enc"); }
    QByteArray keyPassphrase() const { return m_passphrase; }
    QString knownHosts() const { return dir() + QStringLiteral("/client/known_hosts"); }
    QString clientConfig() const { return dir() + QStringLiteral("/client/ssh_config"); }

    // A sudoers drop-in for the test user, /etc/sudoers.d/halolink-test-<user>
    // (0440, checked with `visudo -cf` first, put in place by rename): ALL
    // commands as root, with NOPASSWD or with the user's password. Replaces an
    // earlier one; removed by revokeSudo and tearDown, and leftovers of crashed
    // runs at setUp. False (and *error) when sudo/visudo are missing or it fails.
    bool grantSudo(bool noPassword, QString *error);
    void revokeSudo();
    QString sudoersFile() const;

    // The test user's login shell becomes bash (usermod, as root), whose
    // ~/.bashrc is a line counting its starts followed by `rc`. sshd runs an
    // exec channel as `<login shell> -c COMMAND`, and Debian's bash reads
    // ~/.bashrc when sshd starts it (SSH_SOURCE_BASHRC in Debian's build):
    // a test that checks shellStarts() fails rather than passes vacuously
    // if that ever stops. The count restarts at 0. useDefaultShell() undoes
    // both (back to /bin/sh, an empty ~/.bashrc).
    bool useBash(const QByteArray &rc);
    bool useDefaultShell();
    int shellStarts() const;

    // Points the app's SSH layer (HALOLINK_SSH_* variables) at the fixture's
    // client files: its ssh config, known_hosts, ssh dir, and no agent.
    void exportClientEnvironment() const;
    static QString sudoUnavailableReason();

    // "SHA256:..." of a public key, as `ssh-keygen -lf` prints it.
    static QString fingerprintOf(const QString &publicKeyPath);

    // An endpoint for server i using the fixture's client files; no identity.
    SshEndpoint endpoint(int i) const;
    // The same with the plain client key.
    SshEndpoint keyEndpoint(int i) const;

    // Runs a program; true when it exits 0. Output (both streams) in *out.
    static bool run(const QString &program, const QStringList &args, QString *out = nullptr,
        const QByteArray &input = QByteArray(), int timeoutMs = 30000);

private:
    bool waitListening(const Server &s, int timeoutMs);
    bool launch(Server &s, QString *error);
    static void deleteStaleUsers();
    static void deleteStaleSudoers();

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_user;
    QByteArray m_password;
    QByteArray m_passphrase;
    bool m_userCreated = false;
    int m_nice = 0;
    QList<std::shared_ptr<Server>> m_servers;
};

// Network namespaces with one veth pair each, 10.99.<i>.1 (host side) and
// 10.99.<i>.2 (inside); named with a fixed prefix so leftovers of a crashed
// run are removed at setUp.
class NetnsSet {
public:
    static constexpr const char *kPrefix = "hlsshtest";
    // Each test program that may run beside another gives its own tag (a few
    // letters) and subnet (10.<subnet>.<i+1>.0/24): namespaces, veths and
    // addresses are then its own, and set-up only removes its own leftovers.
    explicit NetnsSet(const QString &tag = QString(), int subnet = 99)
        : m_tag(tag), m_subnet(subnet) { }
    ~NetnsSet();
    static QString unavailableReason();
    bool create(int count, QString *error);
    void destroy();
    QString name(int i) const;
    QString innerAddress(int i) const;
    int count() const { return m_count; }

private:
    void removeLeftovers() const;
    QString prefix() const;
    QString outer(int i) const;
    QString inner(int i) const;
    QString m_tag;
    int m_subnet = 99;
    int m_count = 0;
};

} // namespace halolink::test
