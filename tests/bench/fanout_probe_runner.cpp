// HaloLink's side of the fanout_probe benchmark: probe many nodes in parallel
// with the core classes (one SshSession per node, each on its own thread),
// running an engine already on the nodes. Used by tests/bench/fanout_probe
// until `halolinkctl probe` takes remote nodes.
//
//   fanout_probe_runner --config SSH_CONFIG --known-hosts FILE --engine REMOTE_PATH NODE...
//
// Prints one JSON line {"nodes":N,"ok":M,"wall_ms":T,"errors":[...]}; exit 0
// when every node returned a halolink.probe/1 document.

#include "ssh/remotetask.h"
#include "ssh/shellquote.h"
#include "ssh/sshsession.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <memory>
#include <vector>

using namespace halolink;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOption({ QStringLiteral("config"), QStringLiteral("ssh config with the node aliases"),
        QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("known-hosts"), QStringLiteral("known_hosts file"), QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("engine"), QStringLiteral("engine path on the nodes"), QStringLiteral("path") });
    parser.addPositionalArgument(QStringLiteral("nodes"), QStringLiteral("node aliases"));
    parser.process(app);
    const QStringList nodes = parser.positionalArguments();
    if (nodes.isEmpty() || !parser.isSet(QStringLiteral("engine")))
        parser.showHelp(2);

    QElapsedTimer wall;
    wall.start();
    const QString command = shellCommand(
        { parser.value(QStringLiteral("engine")), QStringLiteral("probe"), QStringLiteral("--compact") });
    std::vector<std::unique_ptr<SshSession>> sessions;
    int finished = 0, ok = 0;
    QJsonArray errors;
    auto done = [&](const QString &node, const QString &error) {
        if (error.isEmpty())
            ++ok;
        else
            errors.append(QStringLiteral("%1: %2").arg(node, error));
        if (++finished == nodes.size())
            app.quit();
    };
    for (const QString &node : nodes) {
        SshEndpoint ep;
        ep.host = node;
        ep.configFile = parser.value(QStringLiteral("config"));
        ep.knownHostsFile = parser.value(QStringLiteral("known-hosts"));
        ep.globalKnownHostsFile = ep.knownHostsFile;
        ep.sshDir = QFileInfo(ep.configFile).absolutePath();
        ep.agentSocket = QStringLiteral("none");
        ep.keepAliveInterval = std::chrono::milliseconds(0);
        auto session = std::make_unique<SshSession>(ep);
        SshSession *s = session.get();
        QObject::connect(s, &SshSession::failed, s,
            [&, node](SshSession::Error, const QString &message) { done(node, message); });
        QObject::connect(s, &SshSession::ready, s, [&, s, node, command] {
            auto *task = new RemoteTask(s, command, s);
            task->setTimeout(std::chrono::seconds(60));
            QObject::connect(task, &RemoteTask::finished, s, [&, task, node](int exitCode) {
                const QJsonDocument doc = QJsonDocument::fromJson(task->standardOutput());
                if (exitCode != 0)
                    done(node, QStringLiteral("probe exited with %1").arg(exitCode));
                else if (doc.object().value(QStringLiteral("schema")).toString()
                    != QLatin1String("halolink.probe/1"))
                    done(node, QStringLiteral("not a probe document"));
                else
                    done(node, QString());
            });
            QObject::connect(task, &RemoteTask::failed, s,
                [&, node](RemoteTask::Failure, const QString &message) { done(node, message); });
            task->start();
        });
        sessions.push_back(std::move(session));
        s->connectToHost();
    }
    app.exec();
    const qint64 ms = wall.elapsed();
    QTextStream(stdout) << QJsonDocument(
        QJsonObject { { QStringLiteral("nodes"), int(nodes.size()) }, { QStringLiteral("ok"), ok },
            { QStringLiteral("wall_ms"), ms },
            { QStringLiteral("errors"),
                errors } }).toJson(QJsonDocument::Compact)
                        << '\n';
    return ok == nodes.size() ? 0 : 1;
}
