// halolinkctl job status|logs|stop|restart|smoke|api-key|bench|compare: jobs
// found on the nodes (job.json).

#include "cli/ctljob_internal.h"

#include "cli/ctlcommon.h"

#include "jobs/joblauncher.h"
#include "ssh/remoteprocess.h"
#include "ssh/remotetask.h"
#include "protocol/probedecoder.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace halolink::cli::jobcli {

using namespace std::chrono_literals;

int runJobAction(const ActionArgs &a, Inventory &inventory, QTextStream &out, QTextStream &err)
{
    const QString prefix = QStringLiteral("halolinkctl job %1: ").arg(a.action);
    QStringList nodeNames = a.args;
    QString jobName;
    if (a.action != QLatin1String("status")) {
        if (nodeNames.isEmpty()) {
            err << prefix << tr("give the job's name.") << '\n';
            return CtlUsage;
        }
        jobName = nodeNames.takeFirst();
    }
    if (a.action == QLatin1String("compare") && a.list)
        return listComparisons(a, jobName, out, err);
    bool ok = false;
    const int lineCount = a.lines.toInt(&ok);
    if (!ok || lineCount < 0) {
        err << prefix << tr("--lines needs a number.") << '\n';
        return CtlUsage;
    }
    QList<Node> where;
    if (nodeNames.isEmpty()) {
        for (const Node &n : inventory.nodes()) {
            if (!n.isLocal())
                where << n;
        }
    } else {
        const auto resolved = resolveNodes(inventory, nodeNames, QStringLiteral("job"), err);
        if (!resolved)
            return CtlUsage;
        where = *resolved;
    }
    if (where.isEmpty()) {
        err << prefix << tr("no SSH nodes in the inventory.") << '\n';
        return CtlFailure;
    }
    CtlConnector connector(&inventory, a.acceptNew, err);
    connector.connectAll(where, std::chrono::milliseconds(qint64(a.timeoutSeconds * 1000)));
    QStringList ids;
    for (const Node &n : where) {
        if (connector.isReady(n.id))
            ids << n.id;
        else
            err << prefix << n.name << ": " << connector.failure(n.id) << '\n';
    }
    jobs::JobDiscovery discovery(&connector.controller());
    {
        QEventLoop loop;
        QObject::connect(&discovery, &jobs::JobDiscovery::finished, &loop, &QEventLoop::quit);
        discovery.discover(ids);
        loop.exec();
    }
    for (const QString &e : discovery.errors())
        err << prefix << e << '\n';
    const QList<jobs::DiscoveredJob> found = discovery.jobs();

    if (a.action == QLatin1String("status")) {
        if (a.json) {
            QJsonArray arr;
            for (const jobs::DiscoveredJob &d : found)
                arr.append(discoveredJson(d));
            out << QJsonDocument(QJsonObject{{QStringLiteral("schema"), QStringLiteral("halolink.job-status/1")},
                                             {QStringLiteral("jobs"), arr}})
                       .toJson(QJsonDocument::Indented);
        } else if (found.isEmpty()) {
            out << tr("No jobs on %n node(s).", nullptr, int(ids.size())) << '\n';
        } else {
            for (const jobs::DiscoveredJob &d : found) {
                const QString state = d.allRunning() ? tr("running")
                    : d.anyRunning()                 ? tr("partly running")
                                                     : tr("stopped");
                out << tr("%1  %2  %3 on %4  model %5  %6  started %7\n")
                           .arg(d.job.spec.name, state, jobs::engineName(d.job.spec.engine),
                               jobs::runtimeName(d.job.spec.runtime), d.job.spec.model,
                               d.job.rendered.apiUrl + QStringLiteral("/v1"),
                               d.job.startedAt.toLocalTime().toString(Qt::ISODate));
                for (const jobs::JobNode &n : d.job.nodes) {
                    QStringList roles;
                    for (const QString &r : d.job.rolesOn(n.nodeId))
                        roles << QStringLiteral("%1 %2").arg(r, d.unreachable.contains(n.name) ? tr("unknown (not reachable)")
                                                                  : d.running.value(n.nodeId).value(r) ? tr("running")
                                                                                                       : tr("stopped"));
                    out << QStringLiteral("  %1 (%2): %3\n").arg(n.name, n.dataIp, roles.join(QStringLiteral(", ")));
                }
            }
        }
        return CtlOk;
    }

    const jobs::DiscoveredJob *match = nullptr;
    for (const jobs::DiscoveredJob &d : found) {
        if (d.job.spec.name == jobName)
            match = &d;
    }
    if (!match) {
        err << prefix << tr("no job '%1' on %2.").arg(jobName, nodeNames.isEmpty() ? tr("the inventory's nodes") : nodeNames.join(QStringLiteral(", ")))
            << '\n';
        return CtlFailure;
    }
    // Every node of the job must be connected, not only those searched.
    QList<Node> missing;
    for (const jobs::JobNode &n : match->job.nodes) {
        if (!connector.isReady(n.nodeId)) {
            const auto node = inventory.node(n.nodeId);
            if (!node) {
                err << prefix << tr("%1 (a node of the job) is no longer in the inventory.").arg(n.name) << '\n';
                return CtlFailure;
            }
            missing << *node;
        }
    }
    if (!missing.isEmpty()) {
        connector.connectAll(missing, std::chrono::milliseconds(qint64(a.timeoutSeconds * 1000)));
        for (const Node &n : missing) {
            if (!connector.isReady(n.id)) {
                err << prefix << n.name << ": " << connector.failure(n.id) << '\n';
                return CtlFailure;
            }
        }
    }

    if (a.action == QLatin1String("logs")) {
        int failures = 0;
        for (const jobs::Step &s : match->job.rendered.steps) {
            if (!a.node.isEmpty() && s.nodeName != a.node && s.nodeId != a.node)
                continue;
            if (!a.role.isEmpty() && s.role != a.role)
                continue;
            SshSession *ssh = connector.controller().sshSession(s.nodeId);
            const QString label = QStringLiteral("%1/%2: ").arg(s.nodeName, s.role);
            RemoteTask task(ssh, jobs::logCommand(match->job.spec, s.nodeId, s.role, lineCount, false));
            task.setAgent(connector.controller().session(s.nodeId));
            QEventLoop loop;
            QObject::connect(&task, &RemoteTask::finished, &loop, &QEventLoop::quit);
            QObject::connect(&task, &RemoteTask::failed, &loop, &QEventLoop::quit);
            task.start();
            loop.exec();
            if (task.failure() != RemoteTask::Failure::None) {
                ++failures;
                err << prefix << label << task.errorString() << '\n';
                continue;
            }
            for (const QByteArray &l : task.standardOutput().split('\n')) {
                if (l.isEmpty())
                    continue;
                if (a.json)
                    out << QJsonDocument(QJsonObject{{QStringLiteral("node"), s.nodeName},
                                                     {QStringLiteral("role"), s.role},
                                                     {QStringLiteral("line"), QString::fromUtf8(l)}})
                               .toJson(QJsonDocument::Compact)
                        << '\n';
                else
                    out << label << QString::fromUtf8(l) << '\n';
            }
        }
        if (a.follow) {
            // New lines of every selected role, as they come, until interrupted.
            QEventLoop loop;
            QList<RemoteProcess *> procs;
            for (const jobs::Step &s : match->job.rendered.steps) {
                if ((!a.node.isEmpty() && s.nodeName != a.node && s.nodeId != a.node) || (!a.role.isEmpty() && s.role != a.role))
                    continue;
                auto *p = new RemoteProcess(connector.controller().sshSession(s.nodeId),
                                            jobs::logCommand(match->job.spec, s.nodeId, s.role, 0, true), &loop);
                const QString label = QStringLiteral("%1/%2: ").arg(s.nodeName, s.role);
                QObject::connect(p, &RemoteProcess::lineReceived, &loop,
                                 [&out, label, json = a.json, node = s.nodeName, role = s.role](const QByteArray &l) {
                                     if (json)
                                         out << QJsonDocument(QJsonObject{{QStringLiteral("node"), node},
                                                                          {QStringLiteral("role"), role},
                                                                          {QStringLiteral("line"), QString::fromUtf8(l)}})
                                                    .toJson(QJsonDocument::Compact)
                                             << '\n';
                                     else
                                         out << label << QString::fromUtf8(l) << '\n';
                                     out.flush();
                                 });
                procs << p;
                p->start();
            }
            if (!procs.isEmpty())
                loop.exec();
        }
        return failures ? CtlFailure : CtlOk;
    }

    if (a.action == QLatin1String("bench") || a.action == QLatin1String("compare"))
        return runJobBenchmark(a, *match, connector, out, err);

    jobs::JobLauncher launcher(&connector.controller());
    launcher.setJob(match->job);
    if (!a.prompt.isEmpty() || a.maxTokens != 64)
        launcher.setSmokePrompt(a.prompt.isEmpty() ? QStringLiteral("In one sentence: what is tensor parallelism?") : a.prompt,
                                a.maxTokens);
    QTextStream &progress = a.json ? err : out;
    QObject::connect(&launcher, &jobs::JobLauncher::message, &launcher, [&progress](const QString &node, const QString &text) {
        progress << (node.isEmpty() ? QString() : node + QStringLiteral(": ")) << text << '\n';
        progress.flush();
    });
    auto report = [&](bool ok) {
        if (!ok)
            err << prefix << launcher.errorString() << '\n';
        if (a.json)
            out << QJsonDocument(QJsonObject{{QStringLiteral("schema"), QStringLiteral("halolink.job-%1/1").arg(a.action)},
                                             {QStringLiteral("name"), jobName},
                                             {QStringLiteral("ok"), ok},
                                             {QStringLiteral("error"), ok ? QString() : launcher.errorString()}})
                       .toJson(QJsonDocument::Indented);
        return ok ? CtlOk : CtlFailure;
    };
    if (a.action == QLatin1String("stop")) {
        launcher.stop();
        return report(waitFor(launcher, &jobs::JobLauncher::stopFinished));
    }
    if (a.action == QLatin1String("restart")) {
        launcher.restart();
        return report(waitFor(launcher, &jobs::JobLauncher::launchFinished));
    }
    if (a.action == QLatin1String("api-key")) {
        // Read from the running server on the head (it has it in its environment); printed only here, on request.
        bool ok = false;
        QString error;
        QEventLoop loop;
        launcher.fetchApiKey([&](bool fetched, const QString &e) {
            ok = fetched;
            error = e;
            loop.quit();
        });
        loop.exec();
        if (!ok || launcher.apiKey().isEmpty()) {
            err << prefix << (error.isEmpty() ? tr("the job '%1' has no API key.").arg(jobName) : error) << '\n';
            return CtlFailure;
        }
        out << QString::fromUtf8(launcher.apiKey()) << '\n';
        return CtlOk;
    }
    // smoke
    if (!match->allRunning()) {
        err << prefix << tr("the job '%1' is not running on every node (halolinkctl job status).").arg(jobName) << '\n';
        return CtlFailure;
    }
    launcher.smokeTest();
    const bool smokeOk = waitFor(launcher, &jobs::JobLauncher::smokeFinished);
    if (a.json)
        out << QJsonDocument(QJsonObject{{QStringLiteral("schema"), QStringLiteral("halolink.job-smoke/1")},
                                         {QStringLiteral("name"), jobName},
                                         {QStringLiteral("smoke"), smokeJson(launcher.smokeResult())}})
                   .toJson(QJsonDocument::Indented);
    else
        printSmoke(launcher.smokeResult(), out);
    return smokeOk ? CtlOk : CtlFailure;
}

} // namespace halolink::cli::jobcli
