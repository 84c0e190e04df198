// halolinkctl configure plan|apply|verify|confirm|rollback|status NODE: the
// engine's RoCE configuration (docs/roce-config.md) on an SSH node, over the
// same connection and deployment as probe/bench/snapshot.
//
// The remote side — files copied to the node, root through sudo with the
// password on stdin only, sudo's refusals told apart — is EngineCall's
// (core/setup/enginecall.h), the same code the setup wizard runs; here it is
// driven in a QEventLoop, apply's step events printed as they arrive.
// The password comes from the terminal (asked only when sudo wants one and
// stdin is a terminal) or as one line from stdin with --sudo-password-stdin,
// and is overwritten in memory once handed over.
// `plan`, `status` and `verify` only read: without root they run as the SSH
// user. `apply` never confirms: the person (or the app, once it reaches the
// node again) runs `configure confirm NODE`.

#include "cli/ctlcommon.h"

#include "protocol/enginetexts.h"
#include "setup/enginecall.h"
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

QString when(qint64 epoch)
{
    return QDateTime::fromSecsSinceEpoch(epoch).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss t"));
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
        const QString state = s.value(QStringLiteral("state")).toString();
        out << QStringLiteral("  %1. %2%3: %4")
                   .arg(++i)
                   .arg(s.value(QStringLiteral("id")).toString(),
                        s.value(QStringLiteral("already_done")).toBool() ? tr(" (already done)")
                        : state == QLatin1String("unknown")          ? tr(" (read when it runs)")
                                                                     : QString(),
                        enginetext::planStepWhy(s))
            << '\n';
        if (state == QLatin1String("unknown"))
            out << "       " << tr("not readable now: %1").arg(s.value(QStringLiteral("unknown_reason")).toString())
                << '\n';
        for (const QJsonValue &c : s.value(QStringLiteral("shell")).toArray())
            out << "       $ " << c.toString() << '\n';
        for (const QJsonValue &f : s.value(QStringLiteral("files")).toArray())
            out << "       " << tr("writes %1").arg(f.toObject().value(QStringLiteral("path")).toString()) << '\n';
    }
    for (const QString &w : enginetext::planWarnings(plan))
        out << tr("warning: %1").arg(w) << '\n';
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

// A verify fact (expected/actual): a string, a number, a list, or none.
QString factText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Double:
        return QString::number(v.toDouble());
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Array: {
        QStringList parts;
        for (const QJsonValue &x : v.toArray())
            parts << factText(x);
        return parts.isEmpty() ? tr("none") : parts.join(QStringLiteral(", "));
    }
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    default:
        return tr("none");
    }
}

QString micros(const QJsonObject &summary, const char *key)
{
    return QString::number(summary.value(QLatin1String(key)).toDouble() / 1000.0, 'f', 1);
}

// halolink.roce-verify/1 for people: every check, every peer, the verdict.
void printVerify(const QString &node, const QJsonObject &doc, QTextStream &out)
{
    const bool ok = doc.value(QStringLiteral("ok")).toBool();
    const QString device = doc.value(QStringLiteral("device")).toString();
    out << tr("Verify %1: %2 %3 (backend %4, RDMA device %5)")
               .arg(node, doc.value(QStringLiteral("interface")).toString(), doc.value(QStringLiteral("address")).toString(),
                    doc.value(QStringLiteral("backend")).toString(), device.isEmpty() ? tr("none") : device)
        << '\n';
    QStringList failed;
    for (const QJsonValue &v : doc.value(QStringLiteral("checks")).toArray()) {
        const QJsonObject c = v.toObject();
        const QString status = c.value(QStringLiteral("status")).toString();
        const QString id = c.value(QStringLiteral("id")).toString();
        out << QStringLiteral("  %1 %2: %3")
                   .arg(status == QLatin1String("fail") ? QStringLiteral("FAIL") : status, -7)
                   .arg(id, enginetext::verifyDetail(c));
        if (status == QLatin1String("fail") || status == QLatin1String("warn")) {
            out << ' '
                << tr("(expected %1, actual %2)")
                       .arg(factText(c.value(QStringLiteral("expected"))), factText(c.value(QStringLiteral("actual"))));
        }
        out << '\n';
        if (status == QLatin1String("fail"))
            failed << id;
    }
    const QJsonArray peers = doc.value(QStringLiteral("peers")).toArray();
    const QJsonObject bench = doc.value(QStringLiteral("bench")).toObject();
    if (!peers.isEmpty())
        out << tr("Peers (RDMA latency from %1):").arg(bench.value(QStringLiteral("source")).toString()) << '\n';
    for (const QJsonValue &v : peers) {
        const QJsonObject p = v.toObject();
        const QString status = p.value(QStringLiteral("status")).toString();
        const QString address = p.value(QStringLiteral("address")).toString();
        out << QStringLiteral("  %1 %2: ")
                   .arg(status == QLatin1String("fail") ? QStringLiteral("FAIL") : status, -7)
                   .arg(address);
        if (status == QLatin1String("pass")) {
            const QJsonObject rtt = p.value(QStringLiteral("rtt_ns")).toObject();
            const QJsonObject oneWay = p.value(QStringLiteral("one_way_ns")).toObject();
            out << tr("round trip p50 %1 us, p99 %2 us; one way p50 %3 us; GID index %4, ToS %5, %6 samples")
                       .arg(micros(rtt, "p50"), micros(rtt, "p99"), micros(oneWay, "p50"),
                            factText(p.value(QStringLiteral("gid_index"))), factText(p.value(QStringLiteral("tos"))),
                            factText(p.value(QStringLiteral("samples"))));
        } else if (status == QLatin1String("fail")) {
            const QJsonObject e = p.value(QStringLiteral("error")).toObject();
            out << e.value(QStringLiteral("code")).toString() << ": " << e.value(QStringLiteral("message")).toString();
            failed << tr("peer %1").arg(address);
        } else {
            const QString why = bench.value(QStringLiteral("skipped")).toString();
            out << (why.isEmpty() ? tr("not tested") : tr("not tested (%1)").arg(why));
        }
        out << '\n';
    }
    out << (ok ? tr("%1: verified, every check passes.").arg(node)
               : tr("%1: NOT verified, failed: %2").arg(node, failed.join(QStringLiteral(", "))))
        << '\n';
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
           "                            apply (each step printed as it ends); the node rolls back by\n"
           "                            itself unless confirmed in time\n"
           "  verify NODE --spec FILE [--no-bench]\n"
           "                            check the node against the spec (interface, RDMA device, port,\n"
           "                            RoCE v2 GID, MTUs, address, ToS) and RDMA to each peer; exit 1\n"
           "                            when a check fails\n"
           "  confirm NODE [--journal FILE]   keep the applied change (after reaching the node again)\n"
           "  rollback NODE [--journal FILE]  undo the applied change\n"
           "  status NODE [--journal FILE]    the change journal's state\n\n"
           "The engine runs as root: directly when the SSH user is root, else with sudo (passwordless "
           "first; a sudo password is asked on the terminal, or read as one line from stdin with "
           "--sudo-password-stdin, and only ever given to sudo's stdin on the node, when sudo asks "
           "for it). A wrong password fails at once (sudo_password_wrong), a user sudo does not allow "
           "with sudo_not_allowed. plan, verify and status run as the SSH user when root is out of reach.\n"
           "--json prints the engine's JSON lines as they come. Exit codes: 0 success, 1 failure "
           "(the engine's JSON error with --json; verify: the document, with \"ok\": false), 2 bad usage."),
        QStringLiteral("plan|apply|verify|confirm|rollback|status [options] NODE"));
    const QCommandLineOption specOption(QStringLiteral("spec"), tr("The RoCE spec (JSON) for plan, apply and verify."),
                                        tr("file"));
    const QCommandLineOption withinOption(QStringLiteral("confirm-within"),
                                          tr("apply: roll back unless confirmed within <seconds> (1-86400, "
                                             "default 120)."),
                                          tr("seconds"));
    const QCommandLineOption journalOption(QStringLiteral("journal"),
                                           tr("The change journal on the node (default: the engine's, "
                                              "/var/lib/halolink/roce-journal.json)."),
                                           tr("file"));
    const QCommandLineOption noBenchOption(QStringLiteral("no-bench"),
                                           tr("verify: the checks only, no RDMA latency test to the peers."));
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
    cp.parser.addOptions({specOption, withinOption, journalOption, noBenchOption, planOption, jsonOption, pwStdin,
                          timeoutOption, acceptNew});
    cp.parser.addPositionalArgument(QStringLiteral("action"),
                                    tr("plan, apply, verify, confirm, rollback or status."), QStringLiteral("ACTION"));
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
        return usage(tr("give an action (plan, apply, verify, confirm, rollback, status) and one NODE."));
    const QString action = pos.at(0);
    static const QStringList kActions = {QStringLiteral("plan"),    QStringLiteral("apply"),
                                         QStringLiteral("verify"),  QStringLiteral("confirm"),
                                         QStringLiteral("rollback"), QStringLiteral("status")};
    if (!kActions.contains(action))
        return usage(tr("unknown action '%1'.").arg(action));
    const bool isApply = action == QLatin1String("apply");
    const bool isVerify = action == QLatin1String("verify");
    const bool testPlan = cp.parser.isSet(planOption);
    if (testPlan && !isApply)
        return usage(tr("--plan is for apply (tests only)."));
    if (testPlan && cp.parser.isSet(specOption))
        return usage(tr("give --spec or --plan, not both."));
    const bool needsSpec = !testPlan && (action == QLatin1String("plan") || isApply || isVerify);
    if (!testPlan && needsSpec != cp.parser.isSet(specOption))
        return usage(needsSpec ? tr("%1 needs --spec FILE.").arg(action) : tr("%1 takes no --spec.").arg(action));
    if (cp.parser.isSet(noBenchOption) && !isVerify)
        return usage(tr("--no-bench is for verify."));
    const QString journal = cp.parser.value(journalOption);
    if (cp.parser.isSet(journalOption)) {
        if (action == QLatin1String("plan") || isVerify)
            return usage(tr("--journal is for apply, confirm, rollback and status."));
        if (journal.isEmpty())
            return usage(tr("--journal needs a file name."));
    }
    int within = 120;
    if (cp.parser.isSet(withinOption)) {
        if (!isApply)
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

    // The spec (or the tests' plan), copied to the node by EngineCall.
    const bool sendsFile = needsSpec || testPlan;
    const QString localFile = cp.parser.value(testPlan ? planOption : specOption);
    QByteArray fileContent;
    if (sendsFile) {
        QFile f(localFile);
        if (!f.open(QIODevice::ReadOnly))
            return fail(QStringLiteral("spec_unreadable"), tr("cannot read %1: %2").arg(localFile, f.errorString()));
        fileContent = f.readAll();
        if (fileContent.isEmpty())
            return fail(QStringLiteral("spec_unreadable"), tr("%1 is empty.").arg(localFile));
    }
    std::optional<QByteArray> password;
    if (cp.parser.isSet(pwStdin)) {
        password = readPasswordLine();
        if (!password || password->isEmpty())
            return usage(tr("--sudo-password-stdin: no password line on stdin."));
    }
    struct Wipe {
        std::optional<QByteArray> &pw;
        ~Wipe()
        {
            if (pw)
                pw->fill('\0');
        }
    } wipe{password};

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

    QStringList args{action};
    if (isApply)
        args << QStringLiteral("--confirm-within") << QString::number(within);
    if (!journal.isEmpty())
        args << QStringLiteral("--journal") << journal;
    if (isVerify && cp.parser.isSet(noBenchOption))
        args << QStringLiteral("--no-bench");
    const bool readOnly = action == QLatin1String("plan") || action == QLatin1String("status") || isVerify;

    // One EngineCall, waited for; the engine's output printed as it comes:
    // its step/undo events as lines, or (--json) its JSON lines as they are.
    auto run = [&](EngineCall &call) {
        if (sendsFile)
            call.addUpload(testPlan ? QStringLiteral("--plan") : QStringLiteral("--spec"), fileContent);
        call.setPrivilege(readOnly ? EngineCall::Privilege::RootOrUser : EngineCall::Privilege::Root);
        call.setTimeout(timeout);
        call.setAgent(connector.controller().session(node->id));
        if (password)
            call.setSudoPassword(*password);
        if (json) {
            QObject::connect(&call, &EngineCall::outputLine, &call, [&out](const QByteArray &line) {
                if (line.trimmed().isEmpty())
                    return;
                out << QString::fromUtf8(line) << '\n';
                out.flush();
            });
        } else {
            QObject::connect(&call, &EngineCall::eventReceived, &call, [&out](const QJsonObject &e) {
                printEvent(e, out);
                out.flush();
            });
        }
        bool done = false;
        QEventLoop loop;
        QObject::connect(&call, &EngineCall::finished, &loop, [&] {
            done = true;
            loop.quit();
        });
        call.start();
        if (!done)
            loop.exec();
    };
    EngineCall first(ssh, engine, args);
    run(first);
    EngineCall retry(ssh, engine, args);
    EngineCall *call = &first;
    if (first.errorCode() == QLatin1String("sudo_password_required") && !password) {
        // sudo wants a password: ask on the terminal, never from a pipe.
        if (stdinIsTerminal())
            password = readSecretFromTerminal(tr("sudo password on %1: ").arg(node->name), err);
        if (password && !password->isEmpty()) {
            run(retry);
            call = &retry;
        }
    }
    if (password)
        password->fill('\0');

    const QString code = call->errorCode();
    const QJsonObject doc = call->result();
    if (code == QLatin1String("need_root"))
        return fail(code, tr("'configure %1' needs root on %2: the SSH user is not root and sudo is not installed there.")
                              .arg(action, node->name));
    if (code == QLatin1String("sudo_password_required"))
        return fail(code, tr("sudo on %1 needs a password and stdin is not a terminal; give it with "
                             "--sudo-password-stdin.")
                              .arg(node->name));
    if (code == QLatin1String("sudo_password_wrong"))
        return fail(code, tr("sudo on %1 did not accept the password; nothing was run.").arg(node->name));
    if (code == QLatin1String("sudo_not_allowed") || code == QLatin1String("sudo_refused"))
        return fail(code, tr("%1: %2").arg(node->name, call->errorMessage()));

    // verify: the document, failing or not (exit 1 when a check or a peer fails).
    if (isVerify && doc.value(QStringLiteral("schema")).toString() == QLatin1String("halolink.roce-verify/1")) {
        const bool ok = doc.value(QStringLiteral("ok")).toBool();
        if (!json)
            printVerify(node->name, doc, out);
        if (!ok)
            err << "halolinkctl configure verify: " << node->name << ": "
                << tr("the node does not match the spec (see the failed checks).") << '\n';
        return ok && call->ok() ? CtlOk : CtlFailure;
    }

    if (!code.isEmpty()) {
        const QJsonObject e = doc.value(QStringLiteral("error")).toObject();
        // The engine's own error document was printed as it came (--json);
        // anything else (no JSON, a timeout, a lost connection) is ours to print.
        if (json && e.isEmpty())
            printJsonError(out, code, call->errorMessage());
        err << "halolinkctl configure " << action << ": " << node->name << ": " << code << ": "
            << call->errorMessage() << '\n';
        if (doc.value(QStringLiteral("rolled_back")).toBool())
            err << tr("The steps already applied were rolled back.") << '\n';
        return CtlFailure;
    }
    if (json)
        return CtlOk;

    const QString state = doc.value(QStringLiteral("state")).toString();
    if (action == QLatin1String("plan")) {
        printPlan(doc, out);
    } else if (isApply) {
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
