// halolinkctl configure plan|apply|confirm|rollback|status NODE: the engine's
// RoCE configuration (docs/roce-config.md) on an SSH node, over the same
// connection, deployment and quoting as probe/bench/snapshot.
//
// Root: the engine runs directly when the SSH user is root, else through
// `sudo -n`; with a password (asked on the terminal, or one line from stdin
// with --sudo-password-stdin) through `sudo -S -p ''` when sudo -n cannot, the
// password written only to the remote process's stdin — never on a command
// line, never logged. A wrong password ends at once (stdin is at its end after
// the one line, so sudo does not try again) with `sudo_password_wrong`.
// `plan` and `status` only read: without root (no sudo, or sudo wants a
// password that was not given) they run as the SSH user.
// `apply` never confirms: the person (or the app, once it reaches the node
// again) runs `configure confirm NODE`.

#include "cli/ctlcommon.h"

#include "ssh/remotetask.h"
#include "ssh/shellquote.h"

#include <QDateTime>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <iostream>
#include <string>

namespace halolink::cli {

namespace {

using namespace std::chrono_literals;

struct Remote {
    bool ran = false;
    int exitCode = -1;
    QByteArray out, err;
    QString error;
};

Remote runRemoteWithInput(SshSession *session, const QString &command, const QByteArray &input,
                          std::chrono::milliseconds timeout)
{
    Remote r;
    RemoteTask task(session, command);
    task.setTimeout(timeout);
    task.setOutputLimit(qsizetype(64) << 20);
    if (!input.isEmpty())
        task.setStdin(input);
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
    return r;
}

// Exit status the remote wrapper uses for "no way to become root".
constexpr int kNeedRoot = 90;
// sudo -n: a password is needed.
constexpr int kSudoNeedsPassword = 91;

// The remote command line running `engineArgv` as root (or, when `mayRunAsUser`,
// as the SSH user when root is out of reach). Every value goes through
// shellQuote; the password is never part of it. Only `sudo -S` reads stdin
// (where the password is); everything else runs with stdin on /dev/null, so a
// password that sudo did not ask for (root, NOPASSWD) reaches no program.
// sudo -S runs with LC_ALL=C so that its refusals can be told apart.
QString rootCommand(const QStringList &engineArgv, bool withPassword, bool mayRunAsUser)
{
    const QString engine = shellCommand(engineArgv);
    const QString fallback = mayRunAsUser ? QStringLiteral("exec %1 </dev/null").arg(engine)
                                          : QStringLiteral("exit %1").arg(kNeedRoot);
    // sudo -n fails without running anything when it would ask; tell that
    // apart from the engine's own failures by a probe first.
    const QString noPassword = QStringLiteral("if sudo -n true </dev/null >/dev/null 2>&1; then exec sudo -n -- %1 </dev/null; fi; ")
                                   .arg(engine);
    const QString sudo = withPassword
        ? noPassword + QStringLiteral("exec env LC_ALL=C sudo -S -p '' -- %1").arg(engine)
        : noPassword + (mayRunAsUser ? fallback : QStringLiteral("exit %1").arg(kSudoNeedsPassword));
    return QStringLiteral("if [ \"$(id -u)\" = 0 ]; then exec %1 </dev/null; fi; "
                          "if command -v sudo >/dev/null 2>&1; then %2; fi; %3")
        .arg(engine, sudo, fallback);
}

// sudo -S's own refusal (it ran nothing): its messages under LC_ALL=C.
enum class SudoRefusal { None, WrongPassword, NotAllowed };
SudoRefusal sudoRefusal(const Remote &r, bool withPassword, bool engineAnswered)
{
    if (!withPassword || engineAnswered || r.exitCode != 1)
        return SudoRefusal::None;
    if (r.err.contains("incorrect password attempt") || r.err.contains("no password was provided"))
        return SudoRefusal::WrongPassword;
    if (r.err.contains("is not in the sudoers file") || r.err.contains("is not allowed to execute")
        || r.err.contains("not allowed to run sudo"))
        return SudoRefusal::NotAllowed;
    return SudoRefusal::None;
}

QString when(qint64 epoch)
{
    return QDateTime::fromSecsSinceEpoch(epoch).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss t"));
}

QList<QJsonObject> jsonLines(const QByteArray &out, QByteArray *last)
{
    QList<QJsonObject> objects;
    const QJsonDocument whole = QJsonDocument::fromJson(out);
    if (whole.isObject()) {
        *last = out.trimmed();
        return {whole.object()};
    }
    for (const QByteArray &line : out.split('\n')) {
        const QByteArray t = line.trimmed();
        if (t.isEmpty())
            continue;
        const QJsonDocument d = QJsonDocument::fromJson(t);
        if (d.isObject()) {
            objects << d.object();
            *last = t;
        }
    }
    return objects;
}

void printPlan(const QJsonObject &plan, QTextStream &out)
{
    out << tr("Plan for %1 (backend %2, device %3):")
               .arg(plan.value(QStringLiteral("interface")).toString(), plan.value(QStringLiteral("backend")).toString(),
                    plan.value(QStringLiteral("device")).toString())
        << '\n';
    const QJsonArray steps = plan.value(QStringLiteral("steps")).toArray();
    int i = 0;
    for (const QJsonValue &v : steps) {
        const QJsonObject s = v.toObject();
        out << QStringLiteral("  %1. %2%3: %4")
                   .arg(++i)
                   .arg(s.value(QStringLiteral("id")).toString(),
                        s.value(QStringLiteral("already_done")).toBool() ? tr(" (already done)") : QString(),
                        s.value(QStringLiteral("why")).toString())
            << '\n';
        for (const QJsonValue &c : s.value(QStringLiteral("shell")).toArray())
            out << "       $ " << c.toString() << '\n';
        for (const QJsonValue &f : s.value(QStringLiteral("files")).toArray())
            out << "       " << tr("writes %1").arg(f.toObject().value(QStringLiteral("path")).toString()) << '\n';
    }
    for (const QJsonValue &w : plan.value(QStringLiteral("warnings")).toArray())
        out << tr("warning: %1").arg(w.toString()) << '\n';
}

void printEvent(const QJsonObject &e, QTextStream &out)
{
    out << QStringLiteral("  [%1/%2] %3 %4: %5")
               .arg(e.value(QStringLiteral("index")).toInt() + 1)
               .arg(e.value(QStringLiteral("total")).toInt())
               .arg(e.value(QStringLiteral("event")).toString(), e.value(QStringLiteral("id")).toString(),
                    e.value(QStringLiteral("status")).toString());
    const QString error = e.value(QStringLiteral("error")).toString();
    if (!error.isEmpty())
        out << " (" << error << ')';
    out << '\n';
}

std::optional<QByteArray> readPasswordLine()
{
    std::string line;
    if (!std::getline(std::cin, line))
        return std::nullopt;
    if (!line.empty() && line.back() == '\r')
        line.pop_back();
    QByteArray pw(line.data(), qsizetype(line.size()));
    std::fill(line.begin(), line.end(), '\0');
    return pw;
}

} // namespace

int runConfigure(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser cp(
        QStringLiteral("configure"),
        tr("Configure a node's data-plane NIC for RoCE v2 with the engine (docs/roce-config.md).\n\n"
           "  plan NODE --spec FILE     the steps, what is already done, and warnings\n"
           "  apply NODE --spec FILE [--confirm-within SEC] [--journal FILE]\n"
           "                            apply; the node rolls back by itself unless confirmed in time\n"
           "  confirm NODE [--journal FILE]   keep the applied change (after reaching the node again)\n"
           "  rollback NODE [--journal FILE]  undo the applied change\n"
           "  status NODE [--journal FILE]    the change journal's state\n\n"
           "The engine runs as root: directly when the SSH user is root, else with sudo (passwordless "
           "first; a sudo password is asked on the terminal, or read as one line from stdin with "
           "--sudo-password-stdin, and only ever given to sudo's stdin on the node, when sudo asks "
           "for it). A wrong password fails at once (sudo_password_wrong). plan and status "
           "run as the SSH user when root is out of reach.\n"
           "--json prints the engine's JSON lines as they are. Exit codes: 0 success, 1 failure "
           "(the engine's JSON error with --json), 2 bad usage."),
        QStringLiteral("plan|apply|confirm|rollback|status [options] NODE"));
    const QCommandLineOption specOption(QStringLiteral("spec"), tr("The RoCE spec (JSON) for plan and apply."),
                                        tr("file"));
    const QCommandLineOption withinOption(QStringLiteral("confirm-within"),
                                          tr("apply: roll back unless confirmed within <seconds> (1-86400, "
                                             "default 120)."),
                                          tr("seconds"));
    const QCommandLineOption journalOption(QStringLiteral("journal"),
                                           tr("The change journal on the node (default: the engine's, "
                                              "/var/lib/halolink/roce-journal.json)."),
                                           tr("file"));
    // For tests only (hidden): apply runs this halolink.roce-plan/1 document as
    // given (the engine's `apply --plan`) instead of planning from a spec.
    QCommandLineOption planOption(QStringLiteral("plan"), QStringLiteral("For tests only."), QStringLiteral("file"));
    planOption.setFlags(QCommandLineOption::HiddenFromHelp);
    const QCommandLineOption jsonOption(QStringLiteral("json"), tr("Print the engine's JSON as it is."));
    const QCommandLineOption pwStdin(QStringLiteral("sudo-password-stdin"),
                                     tr("Read the sudo password as one line from stdin (for scripts)."));
    const QCommandLineOption timeoutOption(QStringLiteral("timeout"),
                                           tr("Give up after <seconds> (default 300)."), tr("seconds"),
                                           QStringLiteral("300"));
    const QCommandLineOption acceptNew(QStringLiteral("accept-new-host-key"),
                                       tr("Trust and save the host key of a node seen for the first time (its "
                                          "fingerprint is printed). A changed key is never accepted."));
    cp.parser.addOptions({specOption, withinOption, journalOption, planOption, jsonOption, pwStdin, timeoutOption, acceptNew});
    cp.parser.addPositionalArgument(QStringLiteral("action"), tr("plan, apply, confirm, rollback or status."),
                                    QStringLiteral("ACTION"));
    cp.parser.addPositionalArgument(QStringLiteral("node"), tr("The node."), QStringLiteral("NODE"));
    int rc = 0;
    if (!cp.parse(arguments, out, err, &rc))
        return rc;
    const bool json = cp.parser.isSet(jsonOption);
    auto usage = [&](const QString &message) {
        err << "halolinkctl configure: " << message << '\n'
            << tr("Run 'halolinkctl configure --help' for usage.") << '\n';
        return CtlUsage;
    };
    const QStringList pos = cp.parser.positionalArguments();
    if (pos.size() != 2)
        return usage(tr("give an action (plan, apply, confirm, rollback, status) and one NODE."));
    const QString action = pos.at(0);
    static const QStringList kActions = {QStringLiteral("plan"), QStringLiteral("apply"), QStringLiteral("confirm"),
                                         QStringLiteral("rollback"), QStringLiteral("status")};
    if (!kActions.contains(action))
        return usage(tr("unknown action '%1'.").arg(action));
    const bool testPlan = cp.parser.isSet(planOption);
    if (testPlan && action != QLatin1String("apply"))
        return usage(tr("--plan is for apply (tests only)."));
    if (testPlan && cp.parser.isSet(specOption))
        return usage(tr("give --spec or --plan, not both."));
    const bool needsSpec = !testPlan && (action == QLatin1String("plan") || action == QLatin1String("apply"));
    if (!testPlan && needsSpec != cp.parser.isSet(specOption))
        return usage(needsSpec ? tr("%1 needs --spec FILE.").arg(action) : tr("%1 takes no --spec.").arg(action));
    const QString journal = cp.parser.value(journalOption);
    if (cp.parser.isSet(journalOption)) {
        if (action == QLatin1String("plan"))
            return usage(tr("--journal is for apply, confirm, rollback and status."));
        if (journal.isEmpty())
            return usage(tr("--journal needs a file name."));
    }
    int within = 120;
    if (cp.parser.isSet(withinOption)) {
        if (action != QLatin1String("apply"))
            return usage(tr("--confirm-within is for apply."));
        bool ok = false;
        within = cp.parser.value(withinOption).toInt(&ok);
        if (!ok || within < 1 || within > 86400)
            return usage(tr("--confirm-within needs a whole number of seconds, 1-86400."));
    }
    bool okTimeout = false;
    const double timeoutSeconds = cp.parser.value(timeoutOption).toDouble(&okTimeout);
    if (!okTimeout || timeoutSeconds <= 0)
        return usage(tr("--timeout needs a positive number of seconds."));
    const auto timeout = std::chrono::milliseconds(qRound64(timeoutSeconds * 1000));

    auto fail = [&](const QString &code, const QString &message) {
        err << "halolinkctl configure " << action << ": " << message << '\n';
        if (json)
            printJsonError(out, code, message);
        return CtlFailure;
    };

    // The spec (or the tests' plan), copied to the node.
    const bool sendsFile = needsSpec || testPlan;
    const QString localFile = cp.parser.value(testPlan ? planOption : specOption);
    QByteArray spec;
    if (sendsFile) {
        QFile f(localFile);
        if (!f.open(QIODevice::ReadOnly))
            return fail(QStringLiteral("spec_unreadable"), tr("cannot read %1: %2").arg(localFile, f.errorString()));
        spec = f.readAll();
        if (spec.isEmpty())
            return fail(QStringLiteral("spec_unreadable"), tr("%1 is empty.").arg(localFile));
    }
    std::optional<QByteArray> password;
    if (cp.parser.isSet(pwStdin)) {
        password = readPasswordLine();
        if (!password || password->isEmpty())
            return usage(tr("--sudo-password-stdin: no password line on stdin."));
    }

    Inventory inventory;
    loadInventory(inventory, err);
    const auto node = inventory.find(pos.at(1));
    if (!node)
        return fail(QStringLiteral("unknown_node"), tr("no node '%1' in the inventory.").arg(pos.at(1)));
    if (node->isLocal())
        return fail(QStringLiteral("not_ssh_node"),
                    tr("configure works on SSH nodes; on this computer run 'sudo halolink-engine %1' directly.")
                        .arg(action));

    CtlConnector connector(&inventory, cp.parser.isSet(acceptNew), err);
    connector.connectAll({*node}, timeout);
    if (!connector.isReady(node->id))
        return fail(connector.failureCode(node->id), node->name + QStringLiteral(": ") + connector.failure(node->id));
    SshSession *ssh = connector.controller().sshSession(node->id);
    const QString engine = connector.controller().remoteEnginePath(node->id);
    if (!ssh || engine.isEmpty())
        return fail(QStringLiteral("internal"), tr("no SSH session to the node"));

    // The spec: a private temporary file (mktemp under umask 077: 0600), sent on stdin.
    QString specFile;
    if (sendsFile) {
        const Remote made = runRemoteWithInput(
            ssh,
            QStringLiteral("umask 077; f=$(mktemp \"${TMPDIR:-/tmp}/halolink-spec.XXXXXX\") || exit 97; "
                           "cat > \"$f\" || { rm -f -- \"$f\"; exit 98; }; printf '%s\\n' \"$f\""),
            spec, 60s);
        specFile = QString::fromUtf8(made.out.trimmed());
        if (!made.ran || made.exitCode != 0 || !specFile.startsWith(QLatin1Char('/')))
            return fail(QStringLiteral("spec_upload_failed"),
                        made.ran ? tr("cannot copy the spec to the node: %1").arg(QString::fromUtf8(made.err.trimmed()))
                                 : made.error);
    }
    auto removeSpec = [&] {
        if (!specFile.isEmpty())
            runRemoteWithInput(ssh, shellCommand({QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("--"), specFile}),
                               {}, 30s);
        specFile.clear();
    };

    QStringList argv{engine, action};
    if (sendsFile)
        argv << (testPlan ? QStringLiteral("--plan") : QStringLiteral("--spec")) << specFile;
    if (action == QLatin1String("apply"))
        argv << QStringLiteral("--confirm-within") << QString::number(within);
    if (!journal.isEmpty())
        argv << QStringLiteral("--journal") << journal;
    const bool readOnly = action == QLatin1String("plan") || action == QLatin1String("status");

    auto run = [&]() {
        QByteArray input;
        if (password)
            input = *password + '\n';
        const Remote r = runRemoteWithInput(ssh, rootCommand(argv, password.has_value(), readOnly), input, timeout);
        input.fill('\0');
        return r;
    };
    Remote r = run();
    if (r.ran && r.exitCode == kSudoNeedsPassword && !password) {
        // sudo wants a password: ask on the terminal, never from a pipe.
        if (stdinIsTerminal())
            password = readSecretFromTerminal(tr("sudo password on %1: ").arg(node->name), err);
        if (password && !password->isEmpty())
            r = run();
    }
    if (password)
        password->fill('\0');
    removeSpec();

    if (!r.ran)
        return fail(QStringLiteral("connection_lost"), r.error);
    if (r.exitCode == kNeedRoot)
        return fail(QStringLiteral("need_root"),
                    tr("'configure %1' needs root on %2: the SSH user is not root and sudo is not installed there.")
                        .arg(action, node->name));
    if (r.exitCode == kSudoNeedsPassword)
        return fail(QStringLiteral("sudo_password_required"),
                    tr("sudo on %1 needs a password and stdin is not a terminal; give it with "
                       "--sudo-password-stdin.")
                        .arg(node->name));

    QByteArray lastLine;
    const QList<QJsonObject> objects = jsonLines(r.out, &lastLine);
    const QJsonObject doc = objects.isEmpty() ? QJsonObject() : objects.last();
    switch (sudoRefusal(r, password.has_value(), !objects.isEmpty())) {
    case SudoRefusal::WrongPassword:
        return fail(QStringLiteral("sudo_password_wrong"),
                    tr("sudo on %1 did not accept the password; nothing was run.").arg(node->name));
    case SudoRefusal::NotAllowed:
        return fail(QStringLiteral("sudo_not_allowed"),
                    tr("sudo on %1 does not let this user run the engine as root: %2")
                        .arg(node->name, QString::fromUtf8(r.err.trimmed())));
    case SudoRefusal::None:
        break;
    }
    if (json) {
        if (!r.out.trimmed().isEmpty())
            out << QString::fromUtf8(r.out.trimmed()) << '\n';
    } else {
        for (const QJsonObject &o : objects) {
            if (o.contains(QStringLiteral("event")))
                printEvent(o, out);
        }
    }
    if (r.exitCode != 0 || doc.contains(QStringLiteral("error"))) {
        const QJsonObject e = doc.value(QStringLiteral("error")).toObject();
        QString message = e.value(QStringLiteral("message")).toString();
        if (message.isEmpty()) {
            // sudo's own refusal (wrong password, not allowed) or no JSON at all.
            message = QString::fromUtf8(r.err.trimmed());
            if (message.isEmpty())
                message = tr("the engine failed (exit status %1)").arg(r.exitCode);
            if (json && doc.isEmpty())
                printJsonError(out, QStringLiteral("engine_error"), message);
        }
        err << "halolinkctl configure " << action << ": " << node->name << ": "
            << (e.isEmpty() ? QString() : e.value(QStringLiteral("code")).toString() + QStringLiteral(": ")) << message
            << '\n';
        if (doc.value(QStringLiteral("rolled_back")).toBool())
            err << tr("The steps already applied were rolled back.") << '\n';
        return CtlFailure;
    }
    if (json)
        return CtlOk;

    const QString state = doc.value(QStringLiteral("state")).toString();
    if (action == QLatin1String("plan")) {
        printPlan(doc, out);
    } else if (action == QLatin1String("apply")) {
        const qint64 deadline = qint64(doc.value(QStringLiteral("deadline")).toDouble());
        out << tr("Applied on %1; the change is NOT confirmed. It is rolled back at %2 (in %3 s) unless you run:")
                   .arg(node->name, when(deadline))
                   .arg(doc.value(QStringLiteral("confirm_within")).toInt())
            << '\n'
            << "  halolinkctl configure confirm " << shellQuote(node->name) << '\n'
            << tr("Confirm only once you reach the node again (a new SSH connection).") << '\n';
    } else if (action == QLatin1String("status")) {
        out << tr("%1: %2").arg(node->name, state);
        if (state == QLatin1String("awaiting_confirm"))
            out << ' '
                << tr("(rolled back at %1, %2 s left)")
                       .arg(when(qint64(doc.value(QStringLiteral("deadline")).toDouble())))
                       .arg(doc.value(QStringLiteral("seconds_left")).toInt());
        const QString reason = doc.value(QStringLiteral("reason")).toString();
        if (!reason.isEmpty())
            out << ' ' << tr("reason: %1").arg(reason);
        out << '\n';
        for (const QJsonValue &v : doc.value(QStringLiteral("steps")).toArray())
            out << "  " << v.toObject().value(QStringLiteral("id")).toString() << ": "
                << v.toObject().value(QStringLiteral("state")).toString() << '\n';
    } else {
        out << tr("%1: %2").arg(node->name, state.isEmpty() ? QStringLiteral("done") : state) << '\n';
    }
    return CtlOk;
}

} // namespace halolink::cli
