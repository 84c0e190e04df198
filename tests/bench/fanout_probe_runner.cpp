// HaloLink's side of the fanout_probe benchmark: from nothing to a probe of
// every node, in parallel, the way the app does it (SshAgentTransport:
// connect, one channel that checks and deploys the engine and runs its agent;
// AgentSession: the hello, then the `probe` request through the agent).
//
//   fanout_probe_runner --config SSH_CONFIG --known-hosts FILE --engine LOCAL_ENGINE NODE...
//
// Prints one JSON line {"nodes":N,"ok":M,"wall_ms":T,"slow_reports":S,
// "deploy_uploads":U,"errors":[...]}; exit 0 when every node returned a
// halolink.probe/1 document.

#include "agent/agentsession.h"
#include "agent/sshagenttransport.h"
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
    parser.addOption({ QStringLiteral("engine"), QStringLiteral("the local engine binary to deploy"),
        QStringLiteral("path") });
    parser.addPositionalArgument(QStringLiteral("nodes"), QStringLiteral("node aliases"));
    parser.process(app);
    const QStringList nodes = parser.positionalArguments();
    if (nodes.isEmpty() || !parser.isSet(QStringLiteral("engine")))
        parser.showHelp(2);

    QElapsedTimer wall;
    wall.start();
    std::vector<std::unique_ptr<AgentSession>> sessions;
    int finished = 0, ok = 0, slowReports = 0, uploads = 0;
    QJsonArray errors;
    auto done = [&](AgentSession *s, const QString &node, const QString &error) {
        if (s->property("hl_done").toBool())
            return;
        s->setProperty("hl_done", true);
        if (error.isEmpty())
            ++ok;
        else
            errors.append(QStringLiteral("%1: %2").arg(node, error));
        // Not from inside the session's own signal: after it returned.
        QMetaObject::invokeMethod(s, [s] { s->stop(); }, Qt::QueuedConnection);
        if (++finished == nodes.size())
            QMetaObject::invokeMethod(&app, &QCoreApplication::quit, Qt::QueuedConnection);
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
        auto *transport = new SshAgentTransport(ep, parser.value(QStringLiteral("engine")));
        QObject::connect(transport, &SshAgentTransport::deployed, transport,
            [&](const QString &, bool uploaded) { uploads += uploaded ? 1 : 0; });
        auto session = std::make_unique<AgentSession>(transport);
        AgentSession *s = session.get();
        QObject::connect(s, &AgentSession::status, s, [&](const QString &status) {
            if (status.startsWith(QLatin1String("slow ")))
                ++slowReports;
        });
        // The first loss ends the node's run: this measures one pass, not reconnects.
        QObject::connect(s, &AgentSession::lost, s,
            [&, s, node](qint64, const QString &reason) { done(s, node, reason); });
        QObject::connect(s, &AgentSession::failed, s,
            [&, s, node](const QString &reason) { done(s, node, reason); });
        QObject::connect(s, &AgentSession::stateChanged, s, [&, s, node](AgentSession::State state) {
            if (state != AgentSession::State::Ready || s->property("hl_asked").toBool())
                return;
            s->setProperty("hl_asked", true);
            AgentReply *reply = s->request(QStringLiteral("probe"), {}, std::chrono::seconds(120));
            QObject::connect(reply, &AgentReply::finished, s, [&, s, node, reply] {
                if (reply->isError())
                    done(s, node, reply->errorString());
                else if (reply->result().toObject().value(QStringLiteral("schema")).toString()
                    != QLatin1String("halolink.probe/1"))
                    done(s, node, QStringLiteral("not a probe document"));
                else
                    done(s, node, QString());
            });
        });
        sessions.push_back(std::move(session));
        s->start();
    }
    app.exec();
    const qint64 ms = wall.elapsed();
    sessions.clear();
    SshSession::waitForWorkerThreads(std::chrono::seconds(10));
    QTextStream(stdout) << QJsonDocument(QJsonObject { { QStringLiteral("nodes"), int(nodes.size()) },
                                             { QStringLiteral("ok"), ok }, { QStringLiteral("wall_ms"), ms },
                                             { QStringLiteral("slow_reports"), slowReports },
                                             { QStringLiteral("deploy_uploads"), uploads },
                                             { QStringLiteral("errors"), errors } })
                               .toJson(QJsonDocument::Compact)
                        << '\n';
    return ok == nodes.size() ? 0 : 1;
}
