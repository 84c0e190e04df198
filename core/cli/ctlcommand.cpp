#include "cli/ctlcommand.h"

#include "appidentity.h"
#include "cli/ctlcommon.h"
#include "ssh/sshsession.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QLoggingCategory>
#include <QTextStream>

namespace halolink {

namespace {

QString commandsHelp()
{
    return cli::tr(
        "Commands:\n"
        "  nodes list|add|edit|remove|import-ssh-config\n"
        "                          The node inventory (the same as the halolink app's).\n"
        "  probe [--json] [NODE...] Probe nodes (default: this computer) in parallel: hardware,\n"
        "                          RDMA setup and preflight checks.\n"
        "  bench [--transport tcp|rdma] [--test latency|bandwidth] NODE_A NODE_B\n"
        "                          Measure the data plane from NODE_A to NODE_B.\n"
        "  snapshot NODE --out DIR  Save a node snapshot (.tar.gz) for support or replay.\n"
        "  configure plan|apply|verify|confirm|rollback|status NODE [--spec FILE]\n"
        "                          RoCE v2 on a node's data-plane NIC; apply rolls back by itself\n"
        "                          unless 'configure confirm NODE' follows in time; verify checks\n"
        "                          what was applied.\n"
        "  job launch [--dry-run] --model M [options] NODE...\n"
        "                          A tensor-parallel job (vLLM over Ray, llama.cpp RPC): what would\n"
        "                          run where (--dry-run), or checked, started, smoke-tested and the\n"
        "                          transport proven from the RDMA port counters.\n"
        "  job status|logs|smoke|restart|stop ...\n"
        "                          Jobs found on the nodes.\n"
        "  job bench|compare NAME   A running job's serving benchmark; RDMA against TCP.\n"
        "  job advise --model M NODE...\n"
        "                          Before a launch: does the model fit, how to split it, how fast.\n"
        "  engine [--json]          Which halolink-engine this computer uses, its version, and\n"
        "                          every place looked at.\n"
        "  lab up [N] | down | status [--json]\n"
        "                          The virtual cluster: N QEMU VMs with Soft-RoCE on this computer\n"
        "                          (default 2), added to the inventory as virtual nodes vnode1..;\n"
        "                          exit 77 when it cannot run here (it says what to install).\n"
        "\n"
        "Nodes are reached over SSH with ~/.ssh/config and ~/.ssh/known_hosts. A node's host key\n"
        "seen for the first time is refused unless --accept-new-host-key is given; a changed key\n"
        "is always refused. Passwords are asked on the terminal and never taken from the command\n"
        "line; only 'configure --sudo-password-stdin' reads sudo's password as one line on stdin.\n"
        "\n"
        "Exit codes: 0 success, 1 failure, 2 bad usage.\n"
        "Run 'halolinkctl COMMAND --help' for the options of a command.\n");
}

} // namespace

namespace {
int dispatch(const QStringList &arguments, QTextStream &out, QTextStream &err);
}

int runHalolinkCtl(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    // The commands report every failure themselves; the layers' logs are for
    // debugging (QT_LOGGING_RULES="halolink.*=true" shows them).
    if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
        QLoggingCategory::setFilterRules(QStringLiteral("halolink.*.info=false\nhalolink.*.warning=false"));
    const int code = dispatch(arguments, out, err);
    out.flush();
    err.flush();
    // SSH workers end on their own threads; let them finish before exit()
    // tears libssh and OpenSSL down.
    SshSession::waitForWorkerThreads(std::chrono::seconds(10));
    return code;
}

namespace {

int dispatch(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        cli::tr("HaloLink command line: the same nodes, settings and engine as the halolink app."));
    // Everything after the command belongs to the command's own parser.
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    const QCommandLineOption helpOption({QStringLiteral("h"), QStringLiteral("help")},
                                        cli::tr("Show this help."));
    const QCommandLineOption versionOption({QStringLiteral("v"), QStringLiteral("version")},
                                           cli::tr("Show the version."));
    parser.addOption(helpOption);
    parser.addOption(versionOption);
    parser.addPositionalArgument(QStringLiteral("command"), cli::tr("What to do (see Commands)."),
                                 QStringLiteral("COMMAND [ARGS...]"));
    if (!parser.parse(arguments)) {
        err << "halolinkctl: " << parser.errorText() << '\n' << cli::usageHint() << '\n';
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
        err << "halolinkctl: " << cli::tr("no command given.") << '\n' << commandsHelp();
        return CtlUsage;
    }
    const QString command = positional.first();
    const QStringList commandArguments =
        QStringList{arguments.value(0) + QLatin1Char(' ') + command} + positional.mid(1);
    if (command == QLatin1String("probe"))
        return cli::runProbe(commandArguments, out, err);
    if (command == QLatin1String("nodes"))
        return cli::runNodes(commandArguments, out, err);
    if (command == QLatin1String("bench"))
        return cli::runBench(commandArguments, out, err);
    if (command == QLatin1String("snapshot"))
        return cli::runSnapshot(commandArguments, out, err);
    if (command == QLatin1String("configure"))
        return cli::runConfigure(commandArguments, out, err);
    if (command == QLatin1String("job"))
        return cli::runJob(commandArguments, out, err);
    if (command == QLatin1String("engine"))
        return cli::runEngine(commandArguments, out, err);
    if (command == QLatin1String("lab"))
        return cli::runLab(commandArguments, out, err);
    err << "halolinkctl: " << cli::tr("unknown command '%1'.").arg(command) << '\n'
        << cli::usageHint() << '\n';
    return CtlUsage;
}

} // namespace

} // namespace halolink
