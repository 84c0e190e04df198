// halolinkctl nodes list|add|edit|remove|import-ssh-config

#include "cli/ctlcommon.h"

#include "inventory/sshconfigimport.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>

namespace halolink::cli {

namespace {

QJsonObject nodeJson(const Node &n)
{
    QJsonObject o{{QStringLiteral("id"), n.id},
                  {QStringLiteral("name"), n.name},
                  {QStringLiteral("kind"), n.isLocal() ? QStringLiteral("local") : QStringLiteral("ssh")}};
    auto str = [&o](const char *key, const QString &v) {
        o.insert(QLatin1String(key), v.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(v));
    };
    if (!n.isLocal()) {
        str("host", n.host);
        str("user", n.user);
        o.insert(QStringLiteral("port"), n.port > 0 ? QJsonValue(n.port) : QJsonValue(QJsonValue::Null));
        str("identity_file", n.identityFile);
        str("known_hosts_file", n.knownHostsFile);
        str("virtual_cluster", n.virtualCluster);
        o.insert(QStringLiteral("virtual"), n.isVirtual());
    }
    str("data_interface", n.dataInterface);
    str("data_address", n.dataAddress);
    return o;
}

QString nodesHelp()
{
    return tr("Subcommands:\n"
              "  list [--json]                 The nodes: This computer and the SSH nodes.\n"
              "  add NAME [options]            Add an SSH node (host defaults to NAME, e.g. an ssh config alias).\n"
              "  edit NAME [options]           Change a node (This computer: data-plane fields only).\n"
              "  remove NAME...                Remove nodes.\n"
              "  import-ssh-config [ALIAS...]  Add the Host entries of ~/.ssh/config (all, or the ones named).\n"
              "\n"
              "The inventory is the same file the halolink app uses. Run 'halolinkctl nodes SUBCOMMAND --help'.\n");
}

struct NodeOptions {
    QCommandLineOption host{QStringLiteral("host"), tr("SSH host: name, address or ~/.ssh/config alias."), tr("host")};
    QCommandLineOption user{QStringLiteral("user"), tr("SSH user (default: from the ssh config)."), tr("user")};
    QCommandLineOption port{QStringLiteral("port"), tr("SSH port (default: from the ssh config, else 22)."), tr("port")};
    QCommandLineOption identity{QStringLiteral("identity"), tr("Private key file (default: agent and the ssh config's keys)."),
                                tr("file")};
    QCommandLineOption dataInterface{QStringLiteral("data-interface"), tr("Data-plane (RDMA) network interface, e.g. enp194s0np0."),
                                     tr("ifname")};
    QCommandLineOption dataAddress{QStringLiteral("data-address"),
                                   tr("Data-plane IPv4 address, optionally with prefix, e.g. 192.168.100.1/30. "
                                      "Benchmarks and the latency mesh use it (never the SSH address)."),
                                   tr("address")};

    void add(QCommandLineParser &p, bool withSsh)
    {
        if (withSsh)
            p.addOptions({host, user, port, identity});
        p.addOptions({dataInterface, dataAddress});
    }

    // Applies the options that were given; false with a message on a bad port.
    bool apply(const QCommandLineParser &p, Node &n, QString *error) const
    {
        if (!n.isLocal()) {
            if (p.isSet(host))
                n.host = p.value(host);
            if (p.isSet(user))
                n.user = p.value(user);
            if (p.isSet(port) && !parsePort(p.value(port), &n.port, error))
                return false;
            if (p.isSet(identity))
                n.identityFile = p.value(identity).isEmpty() ? QString() : QDir::cleanPath(QDir::current().absoluteFilePath(p.value(identity)));
        }
        if (p.isSet(dataInterface))
            n.dataInterface = p.value(dataInterface).trimmed();
        if (p.isSet(dataAddress))
            n.dataAddress = p.value(dataAddress).trimmed();
        return true;
    }
};

void printWarnings(const ValidationIssues &issues, QTextStream &err, const QString &command)
{
    for (const ValidationIssue &i : issues) {
        if (!i.isError())
            err << "halolinkctl " << command << ": " << tr("warning:") << ' ' << i.message << '\n';
    }
}

int nodesList(const QStringList &args, QTextStream &out, QTextStream &err)
{
    CommandParser cp(QStringLiteral("nodes list"), tr("List the nodes of the inventory."), QStringLiteral("[--json]"));
    const QCommandLineOption json(QStringLiteral("json"), tr("Print {\"nodes\": [...]} as JSON."));
    cp.parser.addOption(json);
    int rc = 0;
    if (!cp.parse(args, out, err, &rc))
        return rc;
    if (!cp.parser.positionalArguments().isEmpty()) {
        err << "halolinkctl nodes list: " << tr("unexpected argument '%1'.").arg(cp.parser.positionalArguments().first()) << '\n';
        return CtlUsage;
    }
    Inventory inventory;
    loadInventory(inventory, err);
    const QList<Node> nodes = inventory.nodes();
    if (cp.parser.isSet(json)) {
        QJsonArray array;
        for (const Node &n : nodes)
            array.append(nodeJson(n));
        out << QJsonDocument(QJsonObject{{QStringLiteral("nodes"), array}}).toJson(QJsonDocument::Indented);
        return CtlOk;
    }
    QList<QStringList> rows{{tr("NAME"), tr("SSH"), tr("DATA PLANE")}};
    for (const Node &n : nodes) {
        QString data = n.dataAddress;
        if (!n.dataInterface.isEmpty())
            data = data.isEmpty() ? n.dataInterface : tr("%1 on %2").arg(data, n.dataInterface);
        QString ssh = n.isLocal() ? tr("(local)") : n.sshDisplay();
        if (n.isVirtual())
            ssh = tr("%1 (virtual)").arg(ssh);
        rows << QStringList{n.name, ssh, data.isEmpty() ? QStringLiteral("-") : data};
    }
    QList<int> widths(3, 0);
    for (const QStringList &r : rows)
        for (int c = 0; c < 3; ++c)
            widths[c] = std::max(widths[c], int(r.at(c).size()));
    for (const QStringList &r : rows)
        out << r.at(0).leftJustified(widths[0] + 2) << r.at(1).leftJustified(widths[1] + 2) << r.at(2) << '\n';
    return CtlOk;
}

int nodesAddOrEdit(const QStringList &args, QTextStream &out, QTextStream &err, bool edit)
{
    const QString command = edit ? QStringLiteral("nodes edit") : QStringLiteral("nodes add");
    CommandParser cp(command,
                     edit ? tr("Change a node. Options not given stay as they are; an empty value (--user '') "
                               "clears a field.")
                          : tr("Add an SSH node to the inventory."),
                     QStringLiteral("[options] NAME"));
    NodeOptions options;
    options.add(cp.parser, true);
    const QCommandLineOption rename(QStringLiteral("name"), tr("New name."), tr("name"));
    if (edit)
        cp.parser.addOption(rename);
    cp.parser.addPositionalArgument(QStringLiteral("name"), tr("The node's name."), QStringLiteral("NAME"));
    const QCommandLineOption json(QStringLiteral("json"), tr("Print the node as saved, as JSON."));
    cp.parser.addOption(json);
    int rc = 0;
    if (!cp.parse(args, out, err, &rc))
        return rc;
    const QStringList pos = cp.parser.positionalArguments();
    if (pos.size() != 1) {
        err << "halolinkctl " << command << ": " << tr("give exactly one NAME.") << '\n';
        return CtlUsage;
    }
    Inventory inventory;
    loadInventory(inventory, err);
    Node n;
    if (edit) {
        const auto found = inventory.find(pos.first());
        if (!found) {
            err << "halolinkctl " << command << ": " << tr("no node '%1' in the inventory.").arg(pos.first()) << '\n';
            return CtlFailure;
        }
        n = *found;
        if (n.isLocal() && (cp.parser.isSet(options.host) || cp.parser.isSet(options.user) || cp.parser.isSet(options.port)
                            || cp.parser.isSet(options.identity) || cp.parser.isSet(rename))) {
            err << "halolinkctl " << command << ": "
                << tr("This computer has no SSH settings and keeps its name; only --data-interface and "
                      "--data-address apply.")
                << '\n';
            return CtlUsage;
        }
        if (cp.parser.isSet(rename))
            n.name = cp.parser.value(rename);
    } else {
        n.name = pos.first();
        n.host = pos.first();
    }
    QString error;
    if (!options.apply(cp.parser, n, &error)) {
        err << "halolinkctl " << command << ": " << error << '\n';
        return CtlUsage;
    }
    const ValidationIssues issues = inventory.validate(n);
    if (hasErrors(issues)) {
        err << "halolinkctl " << command << ": " << issuesText(issues, true) << '\n';
        return CtlFailure;
    }
    printWarnings(issues, err, command);
    QString id = n.id;
    const bool ok = edit ? inventory.updateNode(n, &error) : inventory.addNode(n, &error, &id);
    if (!ok) {
        err << "halolinkctl " << command << ": " << error << '\n';
        return CtlFailure;
    }
    if (cp.parser.isSet(json)) {
        const auto saved = inventory.node(id);
        out << QJsonDocument(QJsonObject{{QStringLiteral("node"), nodeJson(saved.value_or(n))}}).toJson(QJsonDocument::Indented);
        return CtlOk;
    }
    out << (edit ? tr("Changed %1.").arg(n.name) : tr("Added %1 (%2).").arg(n.name, n.sshDisplay())) << '\n';
    return CtlOk;
}

int nodesRemove(const QStringList &args, QTextStream &out, QTextStream &err)
{
    CommandParser cp(QStringLiteral("nodes remove"), tr("Remove nodes from the inventory."), QStringLiteral("NAME..."));
    cp.parser.addPositionalArgument(QStringLiteral("names"), tr("The nodes to remove."), QStringLiteral("NAME..."));
    const QCommandLineOption json(QStringLiteral("json"), tr("Print {\"removed\": [...]} as JSON."));
    cp.parser.addOption(json);
    int rc = 0;
    if (!cp.parse(args, out, err, &rc))
        return rc;
    const QStringList names = cp.parser.positionalArguments();
    if (names.isEmpty()) {
        err << "halolinkctl nodes remove: " << tr("name at least one node.") << '\n';
        return CtlUsage;
    }
    Inventory inventory;
    loadInventory(inventory, err);
    const auto nodes = resolveNodes(inventory, names, QStringLiteral("nodes remove"), err);
    if (!nodes)
        return CtlFailure;
    int result = CtlOk;
    QJsonArray removed;
    for (const Node &n : *nodes) {
        QString error;
        if (!inventory.removeNode(n.id, &error)) {
            err << "halolinkctl nodes remove: " << error << '\n';
            result = CtlFailure;
            continue;
        }
        removed.append(n.name);
        if (!cp.parser.isSet(json))
            out << tr("Removed %1.").arg(n.name) << '\n';
    }
    if (cp.parser.isSet(json))
        out << QJsonDocument(QJsonObject{{QStringLiteral("removed"), removed}}).toJson(QJsonDocument::Indented);
    return result;
}

int nodesImport(const QStringList &args, QTextStream &out, QTextStream &err)
{
    CommandParser cp(QStringLiteral("nodes import-ssh-config"),
                     tr("Add Host entries of an ssh config as nodes. Patterns (*, ?, !) are skipped, Include is "
                        "followed, Match blocks are skipped with a note. A node keeps the alias as its host, so "
                        "the ssh config stays where user, port, keys and ProxyJump are set. Hosts already in the "
                        "inventory (same name or host) are left out."),
                     QStringLiteral("[options] [ALIAS...]"));
    const QCommandLineOption config(QStringLiteral("config"), tr("The ssh config to read (default ~/.ssh/config)."),
                                    tr("file"));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"), tr("Show what would be added; change nothing."));
    const QCommandLineOption json(QStringLiteral("json"), tr("Print the hosts found as JSON."));
    cp.parser.addOptions({config, dryRun, json});
    cp.parser.addPositionalArgument(QStringLiteral("aliases"), tr("Import only these (default: all)."),
                                    QStringLiteral("[ALIAS...]"));
    int rc = 0;
    if (!cp.parse(args, out, err, &rc))
        return rc;
    const QString path = cp.parser.isSet(config) ? cp.parser.value(config) : defaultSshConfigPath();
    const SshConfigImport parsed = parseSshConfig(path);
    if (!parsed.ok()) {
        err << "halolinkctl nodes import-ssh-config: " << tr("cannot read %1").arg(parsed.error) << '\n';
        return CtlFailure;
    }
    for (const QString &note : parsed.notes)
        err << "halolinkctl nodes import-ssh-config: " << tr("note:") << ' ' << note << '\n';

    Inventory inventory;
    loadInventory(inventory, err);
    const QStringList wanted = cp.parser.positionalArguments();
    for (const QString &w : wanted) {
        if (std::none_of(parsed.hosts.begin(), parsed.hosts.end(), [&w](const SshConfigHost &h) { return h.alias == w; })) {
            err << "halolinkctl nodes import-ssh-config: " << tr("%1 has no Host '%2'.").arg(path, w) << '\n';
            return CtlFailure;
        }
    }
    QJsonArray report;
    int result = CtlOk;
    int added = 0;
    for (const SshConfigHost &h : parsed.hosts) {
        if (!wanted.isEmpty() && !wanted.contains(h.alias))
            continue;
        const QList<Node> existing = inventory.nodes();
        const bool present = std::any_of(existing.begin(), existing.end(), [&h](const Node &n) {
            return n.name.compare(h.alias, Qt::CaseInsensitive) == 0 || (!n.isLocal() && n.host == h.alias);
        });
        QString status;
        QString message;
        if (present) {
            status = QStringLiteral("present");
            message = tr("%1 is already in the inventory; skipped.").arg(h.alias);
        } else if (cp.parser.isSet(dryRun)) {
            status = QStringLiteral("would_add");
            message = tr("would add %1").arg(h.alias);
        } else {
            QString error;
            if (inventory.addNode(h.toNode(), &error)) {
                status = QStringLiteral("added");
                message = tr("added %1").arg(h.alias);
                ++added;
            } else {
                status = QStringLiteral("failed");
                message = tr("%1: %2").arg(h.alias, error);
                result = CtlFailure;
            }
        }
        const QString resolved = QStringLiteral("%1%2%3")
                                     .arg(h.user.isEmpty() ? QString() : h.user + QLatin1Char('@'),
                                          h.hostName.isEmpty() ? h.alias : h.hostName,
                                          h.port > 0 ? QStringLiteral(":%1").arg(h.port) : QString());
        if (!cp.parser.isSet(json))
            out << message << (status == QLatin1String("present") ? QString() : QStringLiteral(" (%1)").arg(resolved)) << '\n';
        QJsonArray keys;
        for (const QString &k : h.identityFiles)
            keys.append(k);
        report.append(QJsonObject{{QStringLiteral("alias"), h.alias},
                                  {QStringLiteral("host_name"), h.hostName.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(h.hostName)},
                                  {QStringLiteral("user"), h.user.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(h.user)},
                                  {QStringLiteral("port"), h.port > 0 ? QJsonValue(h.port) : QJsonValue(QJsonValue::Null)},
                                  {QStringLiteral("identity_files"), keys},
                                  {QStringLiteral("status"), status}});
    }
    if (cp.parser.isSet(json)) {
        QJsonArray notes;
        for (const QString &n : parsed.notes)
            notes.append(n);
        out << QJsonDocument(QJsonObject{{QStringLiteral("hosts"), report}, {QStringLiteral("notes"), notes}})
                   .toJson(QJsonDocument::Indented);
    } else if (report.isEmpty()) {
        out << tr("No hosts to import in %1.").arg(path) << '\n';
    } else if (!cp.parser.isSet(dryRun)) {
        out << tr("%n node(s) added.", nullptr, added) << '\n';
    }
    return result;
}

} // namespace

int runNodes(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    // arguments: "halolinkctl nodes", subcommand, ...
    const QString sub = arguments.value(1);
    if (sub.isEmpty()) {
        err << "halolinkctl nodes: " << tr("no subcommand given.") << "\n\n" << nodesHelp();
        return CtlUsage;
    }
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h") || sub == QLatin1String("help")) {
        out << tr("Usage: halolinkctl nodes SUBCOMMAND [options]") << "\n\n" << nodesHelp();
        return CtlOk;
    }
    const QStringList rest = QStringList{arguments.value(0) + QLatin1Char(' ') + sub} + arguments.mid(2);
    if (sub == QLatin1String("list"))
        return nodesList(rest, out, err);
    if (sub == QLatin1String("add"))
        return nodesAddOrEdit(rest, out, err, false);
    if (sub == QLatin1String("edit"))
        return nodesAddOrEdit(rest, out, err, true);
    if (sub == QLatin1String("remove"))
        return nodesRemove(rest, out, err);
    if (sub == QLatin1String("import-ssh-config"))
        return nodesImport(rest, out, err);
    err << "halolinkctl nodes: " << tr("unknown subcommand '%1'.").arg(sub) << "\n\n" << nodesHelp();
    return CtlUsage;
}

} // namespace halolink::cli
