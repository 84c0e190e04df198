#pragma once
// Running the real halolinkctl against SshdFixture's nodes, for the tests
// that do it (tst_halolinkctl_ssh, tst_halolinkctl_configure_ssh,
// tst_ctl_advise_ssh): the environment that points it at the fixture's SSH
// files and a private inventory, and one run with its exit code and output.
// HALOLINKCTL_PATH and HALOLINK_ENGINE_PATH come from the test's target.

#include "sshd_fixture.h"

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTemporaryDir>

#include <optional>

namespace halolink::test {

struct CtlRun {
    int exitCode = -1; // -2: crashed; -1: did not finish in time
    QByteArray out;
    QByteArray err;
};

// The inventory under `home`, the built engine, no agent; with `withSsh` the
// fixture's ssh_config, known_hosts and client folder.
inline QProcessEnvironment ctlEnvironment(const SshdFixture &fx, const QTemporaryDir &home, bool withSsh = true)
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    e.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    e.insert(QStringLiteral("HALOLINK_ENGINE"), QStringLiteral(HALOLINK_ENGINE_PATH));
    e.remove(QStringLiteral("SSH_AUTH_SOCK"));
    if (withSsh) {
        e.insert(QStringLiteral("HALOLINK_SSH_CONFIG"), fx.clientConfig());
        e.insert(QStringLiteral("HALOLINK_SSH_KNOWN_HOSTS"), fx.knownHosts());
        e.insert(QStringLiteral("HALOLINK_SSH_GLOBAL_KNOWN_HOSTS"), fx.dir() + QStringLiteral("/client/global_known_hosts"));
        e.insert(QStringLiteral("HALOLINK_SSH_DIR"), fx.dir() + QStringLiteral("/client"));
        e.insert(QStringLiteral("HALOLINK_SSH_AGENT"), QStringLiteral("none"));
    }
    return e;
}

// One run. Without `input` stdin is /dev/null (never a terminal); with it,
// those bytes and then end of file (a pipe).
inline CtlRun runCtl(const QStringList &args, const QProcessEnvironment &environment,
                     const std::optional<QByteArray> &input = std::nullopt, int timeoutMs = 180000)
{
    QProcess p;
    p.setProcessEnvironment(environment);
    if (!input)
        p.setStandardInputFile(QProcess::nullDevice());
    p.start(QStringLiteral(HALOLINKCTL_PATH), args);
    if (input) {
        p.write(*input);
        p.closeWriteChannel();
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

// `nodes add NAME` for the fixture's server, its data address 127.0.0.1.
inline QStringList ctlAddNodeArgs(const SshdFixture &fx, const QString &name, int server, bool withKey = true)
{
    QStringList a{QStringLiteral("nodes"), QStringLiteral("add"), name,
                  QStringLiteral("--host"), fx.server(server).address,
                  QStringLiteral("--port"), QString::number(fx.server(server).port),
                  QStringLiteral("--user"), fx.user(),
                  QStringLiteral("--data-address"), QStringLiteral("127.0.0.1")};
    if (withKey)
        a << QStringLiteral("--identity") << fx.clientKey();
    return a;
}

} // namespace halolink::test
