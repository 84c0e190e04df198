#include "cli/ctlcommand.h"

#include "appidentity.h"
#include "engine/localengine.h"
#include "inventory/node.h"
#include "probe/probesummary.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>
#include <QTextStream>

namespace halolink {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("halolinkctl", text);
}

// Named in INTERFACES.md but not built yet: say so instead of pretending.
const QStringList kPlannedCommands = {QStringLiteral("nodes"), QStringLiteral("bench"),
                                      QStringLiteral("configure"), QStringLiteral("job"),
                                      QStringLiteral("snapshot")};

QString commandsHelp()
{
    return tr("Commands:\n"
              "  probe [--json] [NODE]   Probe a node (default: this computer) and show its\n"
              "                          hardware, RDMA setup and preflight checks.\n"
              "\n"
              "Exit codes: 0 success, 1 failure, 2 bad usage.\n"
              "Run 'halolinkctl COMMAND --help' for the options of a command.\n");
}

QString usageHint()
{
    return tr("Run 'halolinkctl --help' for usage.");
}

bool isLocalNodeName(const QString &name)
{
    const QString n = name.trimmed();
    return n.compare(QLatin1String(Node::kLocalId), Qt::CaseInsensitive) == 0
        || n.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0
        || n.compare(QLatin1String("This computer"), Qt::CaseInsensitive) == 0
        || n.compare(Node::local().name, Qt::CaseInsensitive) == 0
        || n.compare(QSysInfo::machineHostName(), Qt::CaseInsensitive) == 0;
}

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

void printJsonError(QTextStream &out, const QString &code, const QString &message)
{
    const QJsonObject error{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    out << QJsonDocument(QJsonObject{{QStringLiteral("error"), error}}).toJson(QJsonDocument::Compact) << '\n';
}

int runProbe(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Probe a node: host, GPUs, NICs, RDMA ports and preflight checks."));
    const QCommandLineOption helpOption({QStringLiteral("h"), QStringLiteral("help")}, tr("Show this help."));
    const QCommandLineOption jsonOption(QStringLiteral("json"),
                                        tr("Print the engine's halolink.probe/1 document as it is."));
    const QCommandLineOption timeoutOption(QStringLiteral("timeout"),
                                           tr("Give up after <seconds> (default 30)."), tr("seconds"),
                                           QStringLiteral("30"));
    parser.addOption(helpOption);
    parser.addOption(jsonOption);
    parser.addOption(timeoutOption);
    parser.addPositionalArgument(QStringLiteral("node"),
                                 tr("The node to probe: 'local' (this computer, the default)."),
                                 QStringLiteral("[NODE]"));
    if (!parser.parse(arguments)) {
        err << "halolinkctl probe: " << parser.errorText() << '\n' << usageHint() << '\n';
        return CtlUsage;
    }
    if (parser.isSet(helpOption)) {
        QString help = parser.helpText();
        help.replace(QStringLiteral("[options] [NODE]"), QStringLiteral("probe [options] [NODE]"));
        out << help;
        return CtlOk;
    }
    bool timeoutOk = false;
    const double timeoutSeconds = parser.value(timeoutOption).toDouble(&timeoutOk);
    if (!timeoutOk || timeoutSeconds <= 0) {
        err << "halolinkctl probe: " << tr("--timeout needs a positive number of seconds.") << '\n';
        return CtlUsage;
    }
    const QStringList nodes = parser.positionalArguments();
    if (nodes.size() > 1) {
        err << "halolinkctl probe: " << tr("one node at a time for now (this computer only).") << '\n';
        return CtlUsage;
    }
    const bool json = parser.isSet(jsonOption);
    for (const QString &node : nodes) {
        if (!isLocalNodeName(node)) {
            const QString message =
                tr("'%1' is not this computer. Probing other nodes over SSH comes with the node "
                   "inventory, which this version does not have yet; only 'local' works.")
                    .arg(node);
            if (json)
                printJsonError(out, QStringLiteral("unknown_node"), message);
            err << "halolinkctl probe: " << message << '\n';
            return CtlFailure;
        }
    }

    LocalEngine engine;
    engine.setTimeout(std::chrono::milliseconds(qRound64(timeoutSeconds * 1000)));
    QEventLoop loop;
    std::optional<ProbeReport> report;
    QString failure;
    QObject::connect(&engine, &LocalEngine::probeFinished, &loop, [&](const ProbeReport &r) {
        report = r;
        loop.quit();
    });
    QObject::connect(&engine, &LocalEngine::failed, &loop, [&](const QString &reason) {
        failure = reason;
        loop.quit();
    });
    engine.probe();
    loop.exec();

    if (!report) {
        if (json)
            printJsonError(out, failureCode(engine.failure()), failure);
        err << "halolinkctl probe: " << failure << '\n';
        return CtlFailure;
    }
    if (json) {
        out << engine.lastProbeOutput();
        if (!engine.lastProbeOutput().endsWith('\n'))
            out << '\n';
    } else {
        out << probeSummaryText(*report, Node::local().name);
    }
    return CtlOk;
}

} // namespace

int runHalolinkCtl(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("HaloLink command line: the same nodes, settings and engine as the halolink app."));
    // Everything after the command belongs to the command's own parser.
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    const QCommandLineOption helpOption({QStringLiteral("h"), QStringLiteral("help")}, tr("Show this help."));
    const QCommandLineOption versionOption({QStringLiteral("v"), QStringLiteral("version")},
                                           tr("Show the version."));
    parser.addOption(helpOption);
    parser.addOption(versionOption);
    parser.addPositionalArgument(QStringLiteral("command"), tr("What to do (see Commands)."),
                                 QStringLiteral("COMMAND [ARGS...]"));
    if (!parser.parse(arguments)) {
        err << "halolinkctl: " << parser.errorText() << '\n' << usageHint() << '\n';
        return CtlUsage;
    }
    const QStringList positional = parser.positionalArguments();
    if (parser.isSet(versionOption)) {
        out << "halolinkctl " << applicationVersion() << " (protocol " << protocolVersion() << ")\n";
        return CtlOk;
    }
    if (parser.isSet(helpOption) || positional.value(0) == QLatin1String("help")) {
        out << parser.helpText() << '\n' << commandsHelp();
        return CtlOk;
    }
    if (positional.isEmpty()) {
        err << "halolinkctl: " << tr("no command given.") << '\n' << commandsHelp();
        return CtlUsage;
    }
    const QString command = positional.first();
    const QStringList commandArguments =
        QStringList{arguments.value(0) + QLatin1Char(' ') + command} + positional.mid(1);
    if (command == QLatin1String("probe"))
        return runProbe(commandArguments, out, err);
    if (kPlannedCommands.contains(command)) {
        err << "halolinkctl: " << tr("'%1' is not available in this version yet.").arg(command) << '\n';
        return CtlFailure;
    }
    err << "halolinkctl: " << tr("unknown command '%1'.").arg(command) << '\n' << usageHint() << '\n';
    return CtlUsage;
}

} // namespace halolink
