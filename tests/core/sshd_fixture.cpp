#include "sshd_fixture.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <sys/resource.h>
#include <sys/types.h>
#include <unistd.h>

namespace halolink::test {

namespace {

constexpr const char *kUserComment = "halolink-ssh-test";
constexpr const char *kSudoersPrefix = "/etc/sudoers.d/halolink-test-";

QByteArray randomSecret(int n)
{
    static const char alphabet[] = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789-_.+";
    QByteArray s;
    for (int i = 0; i < n; ++i)
        s += alphabet[QRandomGenerator::global()->bounded(int(sizeof alphabet - 1))];
    return s;
}

bool writeFile(const QString &path, const QByteArray &data, QFile::Permissions perms)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    f.write(data);
    f.close();
    return f.setPermissions(perms);
}

int freePort(const QString &address)
{
    QTcpServer s;
    if (!s.listen(QHostAddress(address), 0))
        return 0;
    return s.serverPort();
}

// Every process whose ancestry leads to `root` (by /proc/<pid>/stat ppid).
QList<qint64> descendantsOf(qint64 root)
{
    QHash<qint64, qint64> parent;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &e : entries) {
        bool ok = false;
        const qint64 pid = e.toLongLong(&ok);
        if (!ok)
            continue;
        QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray stat = f.readAll();
        const qsizetype close = stat.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
        if (fields.size() > 1)
            parent.insert(pid, fields.at(1).toLongLong());
    }
    QList<qint64> out;
    QList<qint64> frontier { root };
    while (!frontier.isEmpty()) {
        const qint64 p = frontier.takeFirst();
        for (auto it = parent.cbegin(); it != parent.cend(); ++it) {
            if (it.value() == p && !out.contains(it.key())) {
                out << it.key();
                frontier << it.key();
            }
        }
    }
    return out;
}

void killProcessesOfUser(const QString &user)
{
    QString out;
    if (!SshdFixture::run(QStringLiteral("/usr/bin/id"), { QStringLiteral("-u"), user }, &out))
        return;
    const QByteArray uid = out.trimmed().toLatin1();
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &e : entries) {
        bool ok = false;
        const qint64 pid = e.toLongLong(&ok);
        if (!ok)
            continue;
        QFile f(QStringLiteral("/proc/%1/status").arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &line : f.readAll().split('\n')) {
            if (line.startsWith("Uid:")) {
                const QList<QByteArray> ids = line.mid(4).simplified().split(' ');
                if (!ids.isEmpty() && ids.first() == uid)
                    ::kill(pid_t(pid), SIGKILL);
                break;
            }
        }
    }
}

} // namespace

SshdFixture::~SshdFixture()
{
    tearDown();
}

QString SshdFixture::unavailableReason()
{
    if (!QFile::exists(QStringLiteral("/usr/sbin/sshd")))
        return QStringLiteral("OpenSSH server (/usr/sbin/sshd) is not installed");
    if (!QFile::exists(QStringLiteral("/usr/bin/ssh-keygen")))
        return QStringLiteral("ssh-keygen is not installed");
    if (::geteuid() != 0)
        return QStringLiteral("needs root, to run sshd as a server and to create a temporary test user");
    if (!QFile::exists(QStringLiteral("/usr/sbin/useradd")))
        return QStringLiteral("useradd is not available to create a test user");
    return {};
}

bool SshdFixture::run(
    const QString &program, const QStringList &args, QString *out, const QByteArray &input, int timeoutMs)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForStarted(5000)) {
        if (out)
            *out = p.errorString();
        return false;
    }
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        if (out)
            *out = QStringLiteral("timed out");
        return false;
    }
    if (out)
        *out = QString::fromUtf8(p.readAll());
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

void SshdFixture::deleteStaleUsers()
{
    QFile f(QStringLiteral("/etc/passwd"));
    if (!f.open(QIODevice::ReadOnly))
        return;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QList<QByteArray> fields = line.split(':');
        if (fields.size() < 5 || fields.at(4) != kUserComment)
            continue;
        const QString name = QString::fromLatin1(fields.at(0));
        const qint64 pid = name.mid(3).toLongLong();
        if (pid > 0 && ::kill(pid_t(pid), 0) == 0)
            continue; // its test program still runs
        run(QStringLiteral("/usr/sbin/userdel"), { name });
    }
}

QString SshdFixture::sudoUnavailableReason()
{
    for (const char *path : { "/usr/bin/sudo", "/usr/sbin/visudo" }) {
        if (!QFile::exists(QString::fromLatin1(path)))
            return QStringLiteral("%1 is not installed (Debian package sudo)").arg(QLatin1String(path));
    }
    if (!QFileInfo(QStringLiteral("/etc/sudoers.d")).isDir())
        return QStringLiteral("/etc/sudoers.d does not exist");
    return {};
}

QString SshdFixture::sudoersFile() const
{
    return m_user.isEmpty() ? QString() : QLatin1String(kSudoersPrefix) + m_user;
}

void SshdFixture::deleteStaleSudoers()
{
    const QString prefix = QFileInfo(QLatin1String(kSudoersPrefix)).fileName();
    const QStringList files = QDir(QStringLiteral("/etc/sudoers.d")).entryList({ prefix + QStringLiteral("hlt*") }, QDir::Files);
    for (const QString &name : files) {
        const qint64 pid = name.mid(prefix.size() + 3).toLongLong();
        if (pid > 0 && ::kill(pid_t(pid), 0) == 0)
            continue; // its test program still runs
        QFile::remove(QStringLiteral("/etc/sudoers.d/") + name);
    }
}

namespace {
bool setLoginShell(const QString &user, const QString &shell)
{
    QProcess p;
    p.start(QStringLiteral("/usr/sbin/usermod"), {QStringLiteral("-s"), shell, user});
    return p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}
} // namespace

bool SshdFixture::useBash(const QByteArray &rc)
{
    if (!setLoginShell(m_user, QStringLiteral("/bin/bash")))
        return false;
    const QString starts = home() + QStringLiteral("/.shell-starts");
    QFile::remove(starts);
    QFile f(home() + QStringLiteral("/.bashrc"));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    const QByteArray text = "echo x >> " + starts.toUtf8() + "\n" + rc;
    return f.write(text) == text.size();
}

bool SshdFixture::useDefaultShell()
{
    QFile f(home() + QStringLiteral("/.bashrc"));
    const bool emptied = f.open(QIODevice::WriteOnly | QIODevice::Truncate);
    return setLoginShell(m_user, QStringLiteral("/bin/sh")) && emptied;
}

int SshdFixture::shellStarts() const
{
    QFile f(home() + QStringLiteral("/.shell-starts"));
    return f.open(QIODevice::ReadOnly) ? int(f.readAll().count('\n')) : 0;
}

bool SshdFixture::grantSudo(bool noPassword, QString *error)
{
    const QString why = sudoUnavailableReason();
    if (!why.isEmpty() || m_user.isEmpty() || !m_dir) {
        *error = why.isEmpty() ? QStringLiteral("the fixture is not set up") : why;
        return false;
    }
    const QByteArray rule = m_user.toLatin1() + " ALL=(ALL:ALL) " + (noPassword ? "NOPASSWD: " : "") + "ALL\n";
    const QString draft = dir() + QStringLiteral("/sudoers");
    QString out;
    if (!writeFile(draft, "# halolink test (tests/core/sshd_fixture.cpp); removed after the test\n" + rule,
            QFile::ReadOwner | QFile::ReadGroup)
        || !run(QStringLiteral("/usr/sbin/visudo"), { QStringLiteral("-cf"), draft }, &out)) {
        *error = QStringLiteral("visudo -cf refused the drop-in: %1").arg(out);
        return false;
    }
    // Files with a '.' in their name are ignored by sudo: a draft there, then rename.
    const QString staging = QStringLiteral("/etc/sudoers.d/.halolink-test-%1.new").arg(m_user);
    QFile::remove(staging);
    if (!QFile::copy(draft, staging)
        || !QFile::setPermissions(staging, QFile::ReadOwner | QFile::ReadGroup)
        || ::rename(QFile::encodeName(staging).constData(), QFile::encodeName(sudoersFile()).constData()) != 0) {
        QFile::remove(staging);
        *error = QStringLiteral("cannot write %1").arg(sudoersFile());
        return false;
    }
    if (!run(QStringLiteral("/usr/sbin/visudo"), { QStringLiteral("-c") }, &out)) {
        revokeSudo();
        *error = QStringLiteral("visudo -c fails with the drop-in: %1").arg(out);
        return false;
    }
    return true;
}

void SshdFixture::revokeSudo()
{
    if (m_user.isEmpty())
        return;
    QFile::remove(sudoersFile());
    QFile::remove(QStringLiteral("/run/sudo/ts/") + m_user); // its cached sudo credentials
}

bool SshdFixture::setUp(QString *error)
{
    const QString why = unavailableReason();
    if (!why.isEmpty()) {
        *error = why;
        return false;
    }
    QDir().mkpath(QStringLiteral("/run/sshd")); // sshd's privilege separation directory
    deleteStaleUsers();
    deleteStaleSudoers();

    m_dir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/hlsshd-XXXXXX"));
    if (!m_dir->isValid()) {
        *error = QStringLiteral("cannot create a temporary directory");
        return false;
    }
    // The test user must reach its home and authorized_keys below this dir.
    QFile::setPermissions(dir(),
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
            | QFile::ReadOther | QFile::ExeOther);
    QDir(dir()).mkpath(QStringLiteral("client"));
    QFile::setPermissions(
        dir() + QStringLiteral("/client"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QString out;
    auto keygen = [&](const QString &path, const QByteArray &passphrase, const QString &comment) {
        return run(QStringLiteral("/usr/bin/ssh-keygen"),
            { QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"),
                QString::fromLatin1(passphrase), QStringLiteral("-C"), comment, QStringLiteral("-f"), path },
            &out);
    };
    m_passphrase = randomSecret(16);
    if (!keygen(hostKey(), {}, QStringLiteral("test-host"))
        || !keygen(otherHostKey(), {}, QStringLiteral("test-host-2"))
        || !keygen(clientKey(), {}, QStringLiteral("test-client"))
        || !keygen(encryptedClientKey(), m_passphrase, QStringLiteral("test-client-enc"))) {
        *error = QStringLiteral("ssh-keygen failed: %1").arg(out);
        return false;
    }
    QByteArray authorized;
    for (const QString &pub :
        { clientKey() + QStringLiteral(".pub"), encryptedClientKey() + QStringLiteral(".pub") }) {
        QFile f(pub);
        f.open(QIODevice::ReadOnly);
        authorized += f.readAll();
    }
    writeFile(dir() + QStringLiteral("/authorized_keys"), authorized,
        QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    writeFile(clientConfig(), QByteArray("# empty: the tests' endpoints say everything\n"),
        QFile::ReadOwner | QFile::WriteOwner);

    // The test user, with a random password (also unlocks the account, which
    // sshd requires even for key logins without PAM).
    m_user = QStringLiteral("hlt%1").arg(::getpid());
    run(QStringLiteral("/usr/sbin/userdel"), { m_user });
    if (!run(QStringLiteral("/usr/sbin/useradd"),
            { QStringLiteral("-M"), QStringLiteral("-d"), home(), QStringLiteral("-s"),
                QStringLiteral("/bin/sh"), QStringLiteral("-c"), QString::fromLatin1(kUserComment), m_user },
            &out)) {
        *error = QStringLiteral("useradd failed: %1").arg(out);
        return false;
    }
    m_userCreated = true;
    QDir().mkpath(home());
    run(QStringLiteral("/bin/chown"), { m_user + QLatin1Char(':'), home() });
    m_password = randomSecret(20);
    if (!run(QStringLiteral("/usr/sbin/chpasswd"), {}, &out, m_user.toLatin1() + ':' + m_password + '\n')) {
        *error = QStringLiteral("chpasswd failed: %1").arg(out);
        return false;
    }
    return true;
}

void SshdFixture::tearDown()
{
    for (int i = 0; i < m_servers.size(); ++i)
        killServer(i);
    m_servers.clear();
    revokeSudo();
    if (m_userCreated) {
        // Processes of the user (an agent left behind) would block userdel;
        // found by the user's uid in /proc and ended by pid.
        killProcessesOfUser(m_user);
        run(QStringLiteral("/usr/sbin/userdel"), { m_user });
        m_userCreated = false;
    }
    if (!m_password.isEmpty())
        m_password.fill('\0');
    m_dir.reset();
}

bool SshdFixture::launch(Server &s, QString *error)
{
    const QString config = dir() + QStringLiteral("/sshd_%1.conf").arg(s.name);
    QStringList lines {
        QStringLiteral("Port %1").arg(s.port),
        QStringLiteral("ListenAddress %1").arg(s.address),
        QStringLiteral("HostKey %1").arg(s.hostKey),
        QStringLiteral("PidFile %1/sshd_%2.pid").arg(dir(), s.name),
        QStringLiteral("AuthorizedKeysFile %1/authorized_keys").arg(dir()),
        QStringLiteral("UsePAM no"),
        QStringLiteral("StrictModes no"),
        QStringLiteral("PermitRootLogin no"),
        QStringLiteral("AllowUsers %1").arg(m_user),
        QStringLiteral("PubkeyAuthentication yes"),
        QStringLiteral("PasswordAuthentication yes"),
        QStringLiteral("KbdInteractiveAuthentication no"),
        QStringLiteral("MaxStartups 200:30:400"),
        QStringLiteral("MaxSessions 100"),
        QStringLiteral("LoginGraceTime 60"),
        QStringLiteral("Subsystem sftp internal-sftp"),
        QStringLiteral("LogLevel VERBOSE"),
    };
    lines += s.extraConfig;
    writeFile(config, lines.join(QLatin1Char('\n')).toUtf8() + '\n', QFile::ReadOwner | QFile::WriteOwner);
    s.logPath = dir() + QStringLiteral("/sshd_%1.log").arg(s.name);
    QStringList sshdArgs { QStringLiteral("-D"), QStringLiteral("-f"), config, QStringLiteral("-E"),
        s.logPath };
    s.process = std::make_unique<QProcess>();
    if (m_nice != 0) {
        const int nice = m_nice;
        s.process->setChildProcessModifier([nice] { ::setpriority(PRIO_PROCESS, 0, nice); });
    }
    if (s.netns.isEmpty()) {
        s.process->start(QStringLiteral("/usr/sbin/sshd"), sshdArgs);
    } else {
        s.process->start(QStringLiteral("ip"),
            QStringList {
                QStringLiteral("netns"), QStringLiteral("exec"), s.netns, QStringLiteral("/usr/sbin/sshd") }
                + sshdArgs);
    }
    if (!s.process->waitForStarted(5000)) {
        *error = QStringLiteral("sshd did not start: %1").arg(s.process->errorString());
        return false;
    }
    s.pid = s.process->processId();
    // A process of the previous server on this port may still hold the
    // listening socket for a moment (SIGKILL is not instant): then this sshd
    // exits ("Address already in use"); start it again.
    for (int attempt = 0; attempt < 20; ++attempt) {
        const bool listening = waitListening(s, 5000);
        s.process->waitForFinished(150);
        if (listening && s.process->state() == QProcess::Running)
            break;
        if (s.process->state() == QProcess::Running)
            break;
        QThread::msleep(100);
        s.process->start(s.process->program(), s.process->arguments());
        if (!s.process->waitForStarted(5000))
            break;
        s.pid = s.process->processId();
    }
    if (s.process->state() != QProcess::Running || !waitListening(s, 5000)) {
        QFile log(s.logPath);
        log.open(QIODevice::ReadOnly);
        *error = QStringLiteral("sshd does not listen on %1:%2: %3")
                     .arg(s.address)
                     .arg(s.port)
                     .arg(QString::fromUtf8(log.readAll()));
        return false;
    }
    return true;
}

bool SshdFixture::waitListening(const Server &s, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        if (s.process->state() == QProcess::NotRunning)
            return false;
        QTcpSocket sock;
        sock.connectToHost(s.address, quint16(s.port));
        if (sock.waitForConnected(200)) {
            sock.abort();
            return true;
        }
        QThread::msleep(30);
    }
    return false;
}

int SshdFixture::startServer(QString *error, const QString &netns, const QString &address,
    const QStringList &extraConfig, int port, const QString &hostKeyPath)
{
    auto s = std::make_shared<Server>();
    s->name = QString::number(m_servers.size());
    s->netns = netns;
    s->address = address;
    s->port = port > 0 ? port : (netns.isEmpty() ? freePort(address) : 2222);
    s->hostKey = hostKeyPath.isEmpty() ? hostKey() : hostKeyPath;
    s->extraConfig = extraConfig;
    if (s->port == 0) {
        *error = QStringLiteral("no free port");
        return -1;
    }
    if (!launch(*s, error))
        return -1;
    m_servers << s;
    return int(m_servers.size() - 1);
}

bool SshdFixture::restartServer(int i, QString *error, const QString &hostKeyPath)
{
    killServer(i);
    Server &s = *m_servers[i];
    if (!hostKeyPath.isEmpty())
        s.hostKey = hostKeyPath;
    return launch(s, error);
}

void SshdFixture::killServer(int i)
{
    Server &s = *m_servers[i];
    if (!s.process || s.pid <= 0)
        return;
    const QList<qint64> below = descendantsOf(s.pid);
    ::kill(pid_t(s.pid), SIGKILL);
    for (qint64 pid : below)
        ::kill(pid_t(pid), SIGKILL);
    s.process->waitForFinished(5000);
    // Until all of them are gone (a zombie no longer holds sockets).
    QElapsedTimer t;
    t.start();
    auto alive = [](qint64 pid) {
        QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            return false;
        const QByteArray stat = f.readAll();
        const qsizetype close = stat.lastIndexOf(')');
        return close > 0 && stat.size() > close + 2 && stat.at(close + 2) != 'Z';
    };
    while (t.elapsed() < 3000 && std::any_of(below.begin(), below.end(), alive))
        QThread::msleep(10);
    s.process.reset();
    s.pid = 0;
}

QString SshdFixture::fingerprintOf(const QString &publicKeyPath)
{
    QString out;
    run(QStringLiteral("/usr/bin/ssh-keygen"),
        { QStringLiteral("-l"), QStringLiteral("-E"), QStringLiteral("sha256"), QStringLiteral("-f"),
            publicKeyPath },
        &out);
    const QStringList parts = out.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    return parts.size() > 1 ? parts.at(1) : QString();
}

SshEndpoint SshdFixture::endpoint(int i) const
{
    const Server &s = *m_servers.at(i);
    SshEndpoint ep;
    ep.host = s.address;
    ep.port = s.port;
    ep.user = m_user;
    ep.configFile = clientConfig();
    ep.knownHostsFile = knownHosts();
    ep.globalKnownHostsFile = dir() + QStringLiteral("/client/global_known_hosts");
    ep.sshDir = dir() + QStringLiteral("/client");
    ep.agentSocket = QStringLiteral("none");
    return ep;
}

SshEndpoint SshdFixture::keyEndpoint(int i) const
{
    SshEndpoint ep = endpoint(i);
    ep.identityFile = clientKey();
    return ep;
}

// --- NetnsSet -------------------------------------------------------------------------

NetnsSet::~NetnsSet()
{
    destroy();
}

QString NetnsSet::unavailableReason()
{
    if (::geteuid() != 0)
        return QStringLiteral("network namespaces need root");
    QString out;
    if (!SshdFixture::run(QStringLiteral("ip"), { QStringLiteral("netns"), QStringLiteral("list") }, &out))
        return QStringLiteral("`ip netns` is not usable: %1").arg(out);
    return {};
}

QString NetnsSet::prefix() const
{
    return m_tag.isEmpty() ? QLatin1String(kPrefix) : QStringLiteral("hlt%1n").arg(m_tag);
}

QString NetnsSet::name(int i) const
{
    return prefix() + QString::number(i);
}

QString NetnsSet::outer(int i) const
{
    return m_tag.isEmpty() ? QStringLiteral("hlsv%1").arg(i) : QStringLiteral("hl%1o%2").arg(m_tag).arg(i);
}

QString NetnsSet::inner(int i) const
{
    return m_tag.isEmpty() ? QStringLiteral("hlsp%1").arg(i) : QStringLiteral("hl%1p%2").arg(m_tag).arg(i);
}

QString NetnsSet::innerAddress(int i) const
{
    return QStringLiteral("10.%1.%2.2").arg(m_subnet).arg(i + 1);
}

void NetnsSet::removeLeftovers() const
{
    QString out;
    SshdFixture::run(QStringLiteral("ip"), { QStringLiteral("netns"), QStringLiteral("list") }, &out);
    const QRegularExpression own(QStringLiteral("^%1\\d+$").arg(QRegularExpression::escape(prefix())));
    for (const QString &line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString ns = line.section(QLatin1Char(' '), 0, 0);
        if (own.match(ns).hasMatch())
            SshdFixture::run(QStringLiteral("ip"), { QStringLiteral("netns"), QStringLiteral("del"), ns });
    }
}

bool NetnsSet::create(int count, QString *error)
{
    removeLeftovers();
    for (int i = 0; i < count; ++i) {
        const QString ns = name(i);
        const QString outer = this->outer(i);
        const QString inner = this->inner(i);
        SshdFixture::run(QStringLiteral("ip"), { QStringLiteral("link"), QStringLiteral("del"), outer });
        const QList<QStringList> steps {
            { QStringLiteral("netns"), QStringLiteral("add"), ns },
            { QStringLiteral("link"), QStringLiteral("add"), outer, QStringLiteral("type"),
                QStringLiteral("veth"), QStringLiteral("peer"), QStringLiteral("name"), inner },
            { QStringLiteral("link"), QStringLiteral("set"), inner, QStringLiteral("netns"), ns },
            { QStringLiteral("addr"), QStringLiteral("add"), QStringLiteral("10.%1.%2.1/24").arg(m_subnet).arg(i + 1),
                QStringLiteral("dev"), outer },
            { QStringLiteral("link"), QStringLiteral("set"), outer, QStringLiteral("up") },
            { QStringLiteral("netns"), QStringLiteral("exec"), ns, QStringLiteral("ip"),
                QStringLiteral("addr"), QStringLiteral("add"), innerAddress(i) + QStringLiteral("/24"),
                QStringLiteral("dev"), inner },
            { QStringLiteral("netns"), QStringLiteral("exec"), ns, QStringLiteral("ip"),
                QStringLiteral("link"), QStringLiteral("set"), inner, QStringLiteral("up") },
            { QStringLiteral("netns"), QStringLiteral("exec"), ns, QStringLiteral("ip"),
                QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("lo"), QStringLiteral("up") },
        };
        m_count = i + 1;
        for (const QStringList &step : steps) {
            QString out;
            if (!SshdFixture::run(QStringLiteral("ip"), step, &out)) {
                *error = QStringLiteral("ip %1: %2").arg(step.join(QLatin1Char(' ')), out);
                return false;
            }
        }
    }
    return true;
}

void NetnsSet::destroy()
{
    for (int i = 0; i < m_count; ++i)
        SshdFixture::run(QStringLiteral("ip"), { QStringLiteral("netns"), QStringLiteral("del"), name(i) });
    m_count = 0;
}

void SshdFixture::exportClientEnvironment() const
{
    qputenv("HALOLINK_SSH_CONFIG", clientConfig().toUtf8());
    qputenv("HALOLINK_SSH_KNOWN_HOSTS", knownHosts().toUtf8());
    qputenv("HALOLINK_SSH_GLOBAL_KNOWN_HOSTS", (dir() + QStringLiteral("/client/global_known_hosts")).toUtf8());
    qputenv("HALOLINK_SSH_DIR", (dir() + QStringLiteral("/client")).toUtf8());
    qputenv("HALOLINK_SSH_AGENT", "none");
}

} // namespace halolink::test
