#include "ssh/sshpaths.h"

#include <QDir>

#include <pwd.h>
#include <unistd.h>

#include <vector>

namespace halolink {

namespace {

// getpwuid_r(getuid()) as libssh 0.10's misc.c does it.
bool passwdEntry(QString *home, QString *name)
{
    long size = sysconf(_SC_GETPW_R_SIZE_MAX);
    std::vector<char> buf(static_cast<size_t>(size > 0 ? size : 16384));
    struct passwd pwd {};
    struct passwd *result = nullptr;
    if (getpwuid_r(getuid(), &pwd, buf.data(), buf.size(), &result) != 0 || !result)
        return false;
    if (home)
        *home = QString::fromLocal8Bit(pwd.pw_dir ? pwd.pw_dir : "");
    if (name)
        *name = QString::fromLocal8Bit(pwd.pw_name ? pwd.pw_name : "");
    return true;
}

} // namespace

QString sshUserHome()
{
    QString home;
    if (passwdEntry(&home, nullptr) && !home.isEmpty())
        return home;
    return qEnvironmentVariable("HOME");
}

QString sshFolder()
{
    const QString env = qEnvironmentVariable("HALOLINK_SSH_DIR");
    return env.isEmpty() ? sshUserHome() + QStringLiteral("/.ssh") : env;
}

QString sshUserConfigFile()
{
    const QString env = qEnvironmentVariable("HALOLINK_SSH_CONFIG");
    return env.isEmpty() ? sshFolder() + QStringLiteral("/config") : env;
}

QString expandSshTilde(const QString &path)
{
    if (path == QLatin1String("~"))
        return sshUserHome();
    if (path.startsWith(QLatin1String("~/")))
        return sshUserHome() + path.mid(1);
    return path;
}

QString sshLocalUserName()
{
    QString name;
    passwdEntry(nullptr, &name);
    return name;
}

} // namespace halolink
