// halolinkctl probe, snapshot: commands that reach nodes (This computer as a
// subprocess, the rest over SSH, in parallel). bench: ctlbench.cpp.

#include "cli/ctlcommon.h"

#include "engine/enginelocator.h"
#include "engine/localengine.h"
#include "probe/checkstatus.h"
#include "probe/probesummary.h"
#include "protocol/probedecoder.h"
#include "ssh/remotetask.h"
#include "ssh/shellquote.h"

#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSaveFile>
#include <QTemporaryDir>

#include <cmath>

namespace halolink::cli {

namespace {

using namespace std::chrono_literals;

QString failureCode(LocalEngine::Failure failure)
{
    switch (failure) {
    case LocalEngine::Failure::EngineMissing: return QStringLiteral("engine_missing");
    case LocalEngine::Failure::FailedToStart: return QStringLiteral("engine_failed_to_start");
    case LocalEngine::Failure::Crashed: return QStringLiteral("engine_crashed");
    case LocalEngine::Failure::TimedOut: return QStringLiteral("engine_timeout");
    case LocalEngine::Failure::ExitedWithError: return QStringLiteral("engine_error");
    case LocalEngine::Failure::BadOutput: return QStringLiteral("engine_bad_output");
    case LocalEngine::Failure::ProtocolMismatch: return QStringLiteral("protocol_mismatch");
    case LocalEngine::Failure::None: break;
    }
    return QStringLiteral("failed");
}

// The node's result for `probe`: the document, or an error.
struct ProbeOutcome {
    QByteArray document; // as the engine printed it / the agent returned it
    QString errorCode;
    QString error;
};

} // namespace

// Shared with ctlbench.cpp (declared in ctlcommon.h).
const QCommandLineOption &acceptOption()
{
    static const QCommandLineOption o(QStringLiteral("accept-new-host-key"),
                                      tr("Trust and save the host key of a node seen for the first time (its "
                                         "fingerprint is printed). A changed key is never accepted."));
    return o;
}

bool parseSeconds(const QCommandLineParser &p, const QCommandLineOption &o, double *seconds, const QString &command,
                  QTextStream &err)
{
    bool ok = false;
    *seconds = p.value(o).toDouble(&ok);
    if (!ok || *seconds <= 0) {
        err << "halolinkctl " << command << ": " << tr("--%1 needs a positive number of seconds.").arg(o.names().first())
            << '\n';
        return false;
    }
    return true;
}

std::chrono::milliseconds ms(double seconds)
{
    return std::chrono::milliseconds(qRound64(seconds * 1000));
}

// --- probe -------------------------------------------------------------------------------

int runProbe(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser cp(QStringLiteral("probe"),
                     tr("Probe nodes: host, GPUs, NICs, RDMA ports and preflight checks. Nodes are probed in "
                        "parallel; with no NODE, this computer.\n\n"
                        "--json: with one NODE (or none), the engine's halolink.probe/1 document as it is; with "
                        "several (or --all), one JSON object keyed by node name whose values are the nodes' "
                        "halolink.probe/1 documents, or {\"error\": {\"code\", \"message\"}} for a node that "
                        "could not be probed. The exit code is 1 when any node failed."),
                     QStringLiteral("[options] [NODE...]"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), tr("Print JSON (see above)."));
    const QCommandLineOption allOption(QStringLiteral("all"), tr("Probe every node of the inventory."));
    const QCommandLineOption timeoutOption(QStringLiteral("timeout"), tr("Give up after <seconds> (default 60)."),
                                           tr("seconds"), QStringLiteral("60"));
    cp.parser.addOptions({jsonOption, allOption, timeoutOption, acceptOption()});
    cp.parser.addPositionalArgument(QStringLiteral("nodes"),
                                    tr("Nodes by name ('local' is this computer; default: local)."),
                                    QStringLiteral("[NODE...]"));
    int rc = 0;
    if (!cp.parse(arguments, out, err, &rc))
        return rc;
    double timeoutSeconds = 0;
    if (!parseSeconds(cp.parser, timeoutOption, &timeoutSeconds, QStringLiteral("probe"), err))
        return CtlUsage;
    const bool json = cp.parser.isSet(jsonOption);
    QStringList names = cp.parser.positionalArguments();
    if (cp.parser.isSet(allOption) && !names.isEmpty()) {
        err << "halolinkctl probe: " << tr("give NODE names or --all, not both.") << '\n';
        return CtlUsage;
    }

    Inventory inventory;
    loadInventory(inventory, err);
    if (cp.parser.isSet(allOption)) {
        for (const Node &n : inventory.nodes())
            names << n.id;
    }
    if (names.isEmpty())
        names << QLatin1String(Node::kLocalId);
    const bool keyed = names.size() > 1;
    const auto resolved = resolveNodes(inventory, names, QStringLiteral("probe"), err);
    if (!resolved) {
        if (json)
            printJsonError(out, QStringLiteral("unknown_node"), tr("unknown node"));
        return CtlFailure;
    }
    const QList<Node> nodes = *resolved;

    QHash<QString, ProbeOutcome> outcomes;
    // This computer: the engine as a subprocess, alongside the SSH nodes.
    LocalEngine local;
    local.setTimeout(ms(timeoutSeconds));
    bool localPending = false;
    QEventLoop localLoop;
    const bool wantLocal = std::any_of(nodes.begin(), nodes.end(), [](const Node &n) { return n.isLocal(); });
    if (wantLocal) {
        localPending = true;
        QObject::connect(&local, &LocalEngine::probeFinished, &localLoop, [&](const ProbeReport &) {
            outcomes[QLatin1String(Node::kLocalId)].document = local.lastProbeOutput();
            localPending = false;
            localLoop.quit();
        });
        QObject::connect(&local, &LocalEngine::failed, &localLoop, [&](const QString &reason) {
            outcomes[QLatin1String(Node::kLocalId)] = {{}, failureCode(local.failure()), reason};
            localPending = false;
            localLoop.quit();
        });
        local.probe();
    }

    QList<Node> remote;
    for (const Node &n : nodes) {
        if (!n.isLocal())
            remote << n;
    }
    CtlConnector connector(&inventory, cp.parser.isSet(acceptOption()), err);
    if (!remote.isEmpty()) {
        connector.connectAll(remote, ms(timeoutSeconds));
        // Ask every ready node at once, then collect.
        QHash<QString, AgentReply *> replies;
        for (const Node &n : remote) {
            if (!connector.isReady(n.id)) {
                outcomes[n.id] = {{}, connector.failureCode(n.id), connector.failure(n.id)};
                continue;
            }
            replies.insert(n.id, connector.controller().session(n.id)->request(QStringLiteral("probe"), {}, ms(timeoutSeconds)));
        }
        QEventLoop loop;
        int pending = int(replies.size());
        for (auto it = replies.cbegin(); it != replies.cend(); ++it) {
            const QString id = it.key();
            AgentReply *reply = it.value();
            QObject::connect(reply, &AgentReply::finished, &loop, [&, id, reply] {
                if (reply->isError())
                    outcomes[id] = {{}, reply->error().value(QStringLiteral("code")).toString(), reply->errorString()};
                else
                    outcomes[id].document = QJsonDocument(reply->result().toObject()).toJson(QJsonDocument::Compact) + '\n';
                if (--pending == 0)
                    loop.quit();
            });
        }
        if (pending > 0)
            loop.exec();
    }
    if (localPending)
        localLoop.exec();

    int result = CtlOk;
    QJsonObject keyedDoc;
    for (const Node &n : nodes) {
        const ProbeOutcome o = outcomes.value(n.id);
        if (o.document.isEmpty()) {
            result = CtlFailure;
            err << "halolinkctl probe: " << n.name << ": " << o.error << '\n';
            if (json && keyed)
                keyedDoc.insert(n.name, QJsonObject{{QStringLiteral("error"), errorObject(o.errorCode, o.error)}});
            else if (json)
                printJsonError(out, o.errorCode.isEmpty() ? QStringLiteral("failed") : o.errorCode, o.error);
            continue;
        }
        if (json && keyed) {
            keyedDoc.insert(n.name, QJsonDocument::fromJson(o.document).object());
        } else if (json) {
            out << o.document;
            if (!o.document.endsWith('\n'))
                out << '\n';
        } else {
            const DecodeResult<ProbeReport> decoded = decodeProbeReport(o.document);
            if (!decoded.ok()) {
                err << "halolinkctl probe: " << n.name << ": " << decoded.error << '\n';
                result = CtlFailure;
                continue;
            }
            if (keyed && n.id != nodes.first().id)
                out << '\n';
            // This computer as the app shows it: a workstation's cluster-node
            // checks are not applicable (--json keeps the engine's document).
            ProbeReport report = *decoded.value;
            if (n.isLocal())
                scopeLocalReport(report, isLocalClusterNode(n));
            out << probeSummaryText(report, n.name);
        }
    }
    if (json && keyed)
        out << QJsonDocument(keyedDoc).toJson(QJsonDocument::Indented);
    return result;
}

// --- snapshot ----------------------------------------------------------------------------

namespace {

struct TaskResult {
    bool ran = false; // the command ran to its end (exitCode is its status)
    int exitCode = -1;
    QByteArray out, err;
    QString error;
};

TaskResult runRemote(SshSession *session, const QString &command, std::chrono::milliseconds timeout)
{
    TaskResult r;
    RemoteTask task(session, command);
    task.setTimeout(timeout);
    task.setOutputLimit(qsizetype(1) << 30);
    QEventLoop loop;
    QObject::connect(&task, &RemoteTask::finished, &loop, [&](int code) {
        r.ran = true;
        r.exitCode = code;
        loop.quit();
    });
    QObject::connect(&task, &RemoteTask::failed, &loop, [&](RemoteTask::Failure, const QString &message) {
        r.error = message;
        loop.quit();
    });
    task.start();
    loop.exec();
    r.out = task.standardOutput();
    r.err = task.standardError();
    if (task.outputTruncated())
        r.error = tr("the output was too large");
    return r;
}

QString engineError(const QByteArray &out, const QByteArray &errText)
{
    const QJsonObject e = QJsonDocument::fromJson(out.trimmed().split('\n').last()).object().value(QStringLiteral("error")).toObject();
    if (!e.isEmpty())
        return e.value(QStringLiteral("message")).toString();
    return QString::fromUtf8(errText.trimmed().isEmpty() ? out.trimmed() : errText.trimmed());
}

QString fileSlug(const QString &name)
{
    QString s;
    for (const QChar c : name) {
        s += (c.isLetterOrNumber() && c.unicode() < 128) || c == QLatin1Char('-') || c == QLatin1Char('_') ? c
                                                                                                         : QLatin1Char('_');
    }
    return s.isEmpty() ? QStringLiteral("node") : s;
}

bool writeFile(const QString &path, const QByteArray &data, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()) {
        *error = f.errorString();
        return false;
    }
    return true;
}

} // namespace

int runSnapshot(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser cp(QStringLiteral("snapshot"),
                     tr("Save a node snapshot (what probe reads; a support bundle without secrets) as "
                        "DIR/<node>-<time>.tar.gz. On an SSH node the engine writes it to a temporary folder "
                        "there, it is downloaded, and the temporary folder is removed. Replay it with "
                        "'halolink-engine probe --root FILE.tar.gz'."),
                     QStringLiteral("[options] NODE --out DIR"));
    const QCommandLineOption outOption(QStringLiteral("out"), tr("Folder to save the snapshot in (created if needed)."),
                                       tr("dir"));
    const QCommandLineOption json(QStringLiteral("json"), tr("Print {\"node\", \"snapshot\", \"bytes\"} as JSON."));
    const QCommandLineOption timeoutOption(QStringLiteral("timeout"), tr("Give up after <seconds> (default 120)."),
                                           tr("seconds"), QStringLiteral("120"));
    cp.parser.addOptions({outOption, json, timeoutOption, acceptOption()});
    cp.parser.addPositionalArgument(QStringLiteral("node"), tr("The node."), QStringLiteral("NODE"));
    int rc = 0;
    if (!cp.parse(arguments, out, err, &rc))
        return rc;
    const QStringList pos = cp.parser.positionalArguments();
    if (pos.size() != 1 || !cp.parser.isSet(outOption) || cp.parser.value(outOption).isEmpty()) {
        err << "halolinkctl snapshot: " << tr("give one NODE and --out DIR.") << '\n';
        return CtlUsage;
    }
    double timeoutSeconds = 0;
    if (!parseSeconds(cp.parser, timeoutOption, &timeoutSeconds, QStringLiteral("snapshot"), err))
        return CtlUsage;
    const QString outDir = QDir(cp.parser.value(outOption)).absolutePath();
    if (!QDir().mkpath(outDir)) {
        err << "halolinkctl snapshot: " << tr("cannot create %1.").arg(outDir) << '\n';
        return CtlFailure;
    }
    Inventory inventory;
    loadInventory(inventory, err);
    const auto node = inventory.find(pos.first());
    if (!node) {
        err << "halolinkctl snapshot: " << tr("no node '%1' in the inventory.").arg(pos.first()) << '\n';
        return CtlFailure;
    }
    const QString target = QStringLiteral("%1/%2-%3.tar.gz")
                               .arg(outDir, fileSlug(node->name),
                                    QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    auto fail = [&](const QString &code, const QString &message) {
        err << "halolinkctl snapshot: " << node->name << ": " << message << '\n';
        if (cp.parser.isSet(json))
            printJsonError(out, code, message);
        return CtlFailure;
    };

    QByteArray archive;
    if (node->isLocal()) {
        const EngineLocation engine = EngineLocator::locate();
        if (!engine.found())
            return fail(QStringLiteral("engine_missing"), engine.error);
        QTemporaryDir tmp;
        const QString file = tmp.filePath(QStringLiteral("snapshot.tar.gz"));
        QProcess p;
        p.start(engine.path, {QStringLiteral("snapshot"), QStringLiteral("--out"), file});
        if (!p.waitForFinished(int(timeoutSeconds * 1000)) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return fail(QStringLiteral("engine_error"), engineError(p.readAllStandardOutput(), p.readAllStandardError()));
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly))
            return fail(QStringLiteral("engine_error"), f.errorString());
        archive = f.readAll();
    } else {
        CtlConnector connector(&inventory, cp.parser.isSet(acceptOption()), err);
        connector.connectAll({*node}, ms(timeoutSeconds));
        if (!connector.isReady(node->id))
            return fail(connector.failureCode(node->id), connector.failure(node->id));
        SshSession *ssh = connector.controller().sshSession(node->id);
        const QString engine = connector.controller().remoteEnginePath(node->id);
        if (!ssh || engine.isEmpty())
            return fail(QStringLiteral("internal"), tr("no SSH session to the node"));
        // 1. A private temporary folder; its path is the first line, then the engine writes into it.
        const TaskResult made = runRemote(
            ssh,
            QStringLiteral("d=$(mktemp -d \"${TMPDIR:-/tmp}/halolink-snapshot.XXXXXX\") || exit 97; "
                           "printf '%s\\n' \"$d\"; exec %1 snapshot --out \"$d/snapshot.tar.gz\"")
                .arg(shellQuote(engine)),
            ms(timeoutSeconds));
        const QString remoteDir = QString::fromUtf8(made.out.left(made.out.indexOf('\n')));
        auto cleanup = [&] {
            if (remoteDir.startsWith(QLatin1Char('/')) && remoteDir.contains(QLatin1String("halolink-snapshot.")))
                runRemote(ssh, shellCommand({QStringLiteral("rm"), QStringLiteral("-rf"), QStringLiteral("--"), remoteDir}),
                          30s);
        };
        if (!made.ran || made.exitCode != 0) {
            cleanup();
            return fail(QStringLiteral("snapshot_failed"),
                        made.ran ? tr("the engine's snapshot failed: %1").arg(engineError(made.out.mid(made.out.indexOf('\n') + 1), made.err))
                                 : made.error);
        }
        // 2. Download over the channel.
        const TaskResult cat = runRemote(
            ssh, shellCommand({QStringLiteral("cat"), QStringLiteral("--"), remoteDir + QStringLiteral("/snapshot.tar.gz")}),
            ms(timeoutSeconds));
        // 3. The node keeps nothing.
        cleanup();
        if (!cat.ran || cat.exitCode != 0)
            return fail(QStringLiteral("download_failed"),
                        cat.ran ? QString::fromUtf8(cat.err.trimmed()) : cat.error);
        archive = cat.out;
    }
    if (archive.size() < 2 || quint8(archive.at(0)) != 0x1f || quint8(archive.at(1)) != 0x8b)
        return fail(QStringLiteral("bad_snapshot"), tr("what came back is not a .tar.gz file"));
    QString error;
    if (!writeFile(target, archive, &error))
        return fail(QStringLiteral("write_failed"), tr("cannot write %1: %2").arg(target, error));
    if (cp.parser.isSet(json)) {
        out << QJsonDocument(QJsonObject{{QStringLiteral("node"), node->name},
                                         {QStringLiteral("snapshot"), target},
                                         {QStringLiteral("bytes"), double(archive.size())}})
                   .toJson(QJsonDocument::Compact)
            << '\n';
    } else {
        out << tr("Saved the snapshot of %1 as %2 (%3 KiB).").arg(node->name, target).arg((archive.size() + 1023) / 1024)
            << '\n';
    }
    return CtlOk;
}

} // namespace halolink::cli
