// halolinkctl lab up [N] | down | status [--json]: the virtual cluster
// (core/lab/virtualcluster) from the command line, with its nodes in the
// inventory as virtual nodes vnode1.. (the same inventory and lab folder as
// the halolink app's).

#include "cli/ctlcommon.h"
#include "cli/ctlinterrupt.h"

#include "lab/virtualcluster.h"

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace halolink::cli {

namespace {

// Exit code of `lab up` when the virtual cluster cannot run on this computer
// (QEMU missing, KVM asked but unusable): the lab script's own 77, so that
// test runners can skip.
constexpr int kLabRefused = 77;
const QString kNamePrefix = QStringLiteral("vnode");

QString labHelp()
{
    return tr("Subcommands:\n"
              "  up [N] [--json]   Boot N virtual nodes (2 to 8, default 2) on this computer: QEMU VMs with\n"
              "                    Soft-RoCE on a shared data link, reached over SSH on 127.0.0.1 with the\n"
              "                    lab's own key and pinned host keys. Adds them to the inventory as virtual\n"
              "                    nodes vnode1..vnodeN (replacing the ones of an earlier virtual cluster).\n"
              "  down              Stop every VM and remove the virtual nodes from the inventory.\n"
              "  status [--json]   Whether the virtual cluster is up, and each VM.\n"
              "\n"
              "The VMs use KVM where it works, else software emulation (much slower; up says so).\n"
              "Exit codes: 0 success, 1 failure, 2 bad usage, 77 the virtual cluster cannot run here\n"
              "(up says what to install). Run 'halolinkctl lab SUBCOMMAND --help'.\n");
}

// `path` with its symbolic links resolved as far as it exists (the script
// saves its folder with realpath -m; the folder is gone after down).
QString resolvedPath(const QString &path)
{
    QString existing = QDir::cleanPath(QDir::current().absoluteFilePath(path));
    QString rest;
    while (!existing.isEmpty() && !QFileInfo::exists(existing)) {
        const qsizetype slash = existing.lastIndexOf(QLatin1Char('/'));
        if (slash <= 0)
            return QDir::cleanPath(path);
        rest = existing.mid(slash) + rest;
        existing = existing.left(slash);
    }
    return QDir::cleanPath(QFileInfo(existing).canonicalFilePath() + rest);
}

// The inventory's nodes that belong to the virtual cluster in labDir.
QList<Node> virtualNodesOf(const Inventory &inventory, const QString &labDir)
{
    const QString dir = resolvedPath(labDir);
    QList<Node> out;
    for (const Node &n : inventory.nodes()) {
        if (n.isVirtual() && resolvedPath(n.virtualCluster) == dir)
            out << n;
    }
    return out;
}

QJsonObject nodeJson(const Node &n)
{
    return QJsonObject{{QStringLiteral("name"), n.name},
                       {QStringLiteral("id"), n.id},
                       {QStringLiteral("host"), n.host},
                       {QStringLiteral("port"), n.port},
                       {QStringLiteral("user"), n.user},
                       {QStringLiteral("identity_file"), n.identityFile},
                       {QStringLiteral("known_hosts_file"), n.knownHostsFile},
                       {QStringLiteral("data_interface"), n.dataInterface},
                       {QStringLiteral("data_address"), n.dataAddress},
                       {QStringLiteral("virtual_cluster"), n.virtualCluster}};
}

int labUp(const QStringList &args, QTextStream &out, QTextStream &err)
{
    CommandParser cp(QStringLiteral("lab up"), tr("Boot the virtual cluster and add its nodes to the inventory."),
                     QStringLiteral("[N] [--json]"));
    const QCommandLineOption json(QStringLiteral("json"), tr("Print the lab and its nodes as JSON."));
    cp.parser.addOption(json);
    cp.parser.addPositionalArgument(QStringLiteral("N"), tr("How many nodes (2 to 8, default 2)."), QStringLiteral("[N]"));
    int rc = 0;
    if (!cp.parse(args, out, err, &rc))
        return rc;
    const QStringList pos = cp.parser.positionalArguments();
    int count = 2;
    if (pos.size() > 1) {
        err << "halolinkctl lab up: " << tr("unexpected argument '%1'.").arg(pos.at(1)) << '\n';
        return CtlUsage;
    }
    if (!pos.isEmpty()) {
        bool ok = false;
        count = pos.first().toInt(&ok);
        if (!ok || count < VirtualCluster::kMinNodes || count > VirtualCluster::kScriptMaxNodes) {
            err << "halolinkctl lab up: "
                << tr("N must be a number from %1 to %2, not '%3'.")
                       .arg(VirtualCluster::kMinNodes)
                       .arg(VirtualCluster::kScriptMaxNodes)
                       .arg(pos.first())
                << '\n';
            return CtlUsage;
        }
    }

    VirtualCluster cluster;
    Inventory inventory;
    loadInventory(inventory, err);
    if (inventory.isReadOnly()) {
        err << "halolinkctl lab up: " << tr("the inventory cannot be changed: %1").arg(inventory.problemText()) << '\n';
        return CtlFailure;
    }
    // The names the VMs will get must be free, or already the virtual cluster's.
    const QString labDir = resolvedPath(cluster.labDir());
    for (int i = 1; i <= count; ++i) {
        const auto taken = inventory.find(kNamePrefix + QString::number(i));
        if (!taken)
            continue;
        if (!taken->isVirtual()) {
            err << "halolinkctl lab up: "
                << tr("the inventory already has a node named %1 that is not virtual; rename or remove it "
                      "('halolinkctl nodes edit %1 --name NEW') before booting the virtual cluster.")
                       .arg(taken->name)
                << '\n';
            return CtlFailure;
        }
        if (resolvedPath(taken->virtualCluster) != labDir) {
            err << "halolinkctl lab up: "
                << tr("%1 belongs to another virtual cluster (%2); remove it first.").arg(taken->name, taken->virtualCluster)
                << '\n';
            return CtlFailure;
        }
    }

    InterruptWatch interrupt;
    QEventLoop loop;
    VirtualClusterResult result;
    QObject::connect(&cluster, &VirtualCluster::progress, &loop,
                     [&err](const QString &line) { err << "halolinkctl lab up: " << line << '\n' << Qt::flush; });
    QObject::connect(&cluster, &VirtualCluster::upFinished, &loop, [&](const VirtualClusterResult &r) {
        result = r;
        loop.quit();
    });
    QObject::connect(&interrupt, &InterruptWatch::interrupted, &cluster, [&] {
        err << "halolinkctl lab up: " << tr("interrupted; stopping the virtual machines") << '\n' << Qt::flush;
        cluster.cancel();
    });
    if (!cluster.up(count)) {
        err << "halolinkctl lab up: " << tr("could not start.") << '\n';
        return CtlFailure;
    }
    loop.exec();

    switch (result.outcome) {
    case VirtualClusterResult::Outcome::Refused:
        err << "halolinkctl lab up: " << tr("the virtual cluster cannot run on this computer: %1").arg(result.message)
            << '\n';
        return kLabRefused;
    case VirtualClusterResult::Outcome::Failed:
        err << "halolinkctl lab up: " << tr("failed: %1").arg(result.message) << '\n';
        return CtlFailure;
    case VirtualClusterResult::Outcome::Cancelled:
        err << "halolinkctl lab up: " << result.message << '\n';
        return CtlFailure;
    case VirtualClusterResult::Outcome::Up:
        break;
    }

    // The VMs run: the inventory gets this lab's nodes (the earlier ones go).
    QString error;
    for (const Node &old : virtualNodesOf(inventory, result.info.labDir)) {
        if (!inventory.removeNode(old.id, &error)) {
            err << "halolinkctl lab up: " << tr("could not remove %1 from the inventory: %2").arg(old.name, error) << '\n';
            cluster.stopNow();
            return CtlFailure;
        }
    }
    QList<Node> added;
    for (const Node &n : result.info.inventoryNodes(kNamePrefix)) {
        QString id;
        if (!inventory.addNode(n, &error, &id)) {
            err << "halolinkctl lab up: " << tr("could not add %1 to the inventory: %2").arg(n.name, error) << '\n';
            for (const Node &a : std::as_const(added))
                inventory.removeNode(a.id);
            cluster.stopNow();
            return CtlFailure;
        }
        added << *inventory.node(id);
    }

    if (cp.parser.isSet(json)) {
        QJsonArray nodes;
        for (const Node &n : std::as_const(added))
            nodes.append(nodeJson(n));
        out << QJsonDocument(QJsonObject{{QStringLiteral("lab_dir"), result.info.labDir},
                                         {QStringLiteral("accel"), result.info.accel},
                                         {QStringLiteral("kernel"), result.info.kernel},
                                         {QStringLiteral("nodes"), nodes}})
                   .toJson(QJsonDocument::Indented);
        return CtlOk;
    }
    out << tr("virtual cluster up: %n node(s) (%1) in %2", nullptr, int(added.size()))
               .arg(result.info.accel == QLatin1String("kvm") ? tr("KVM") : tr("emulated, TCG"), result.info.labDir)
        << '\n';
    for (const Node &n : std::as_const(added))
        out << "  " << n.name.leftJustified(8) << ' ' << n.sshDisplay() << "  " << tr("data %1 on %2").arg(n.dataAddress, n.dataInterface)
            << '\n';
    return CtlOk;
}

int labDown(const QStringList &args, QTextStream &out, QTextStream &err)
{
    CommandParser cp(QStringLiteral("lab down"), tr("Stop the virtual cluster and remove its nodes from the inventory."),
                     QString());
    int rc = 0;
    if (!cp.parse(args, out, err, &rc))
        return rc;
    if (!cp.parser.positionalArguments().isEmpty()) {
        err << "halolinkctl lab down: " << tr("unexpected argument '%1'.").arg(cp.parser.positionalArguments().first()) << '\n';
        return CtlUsage;
    }
    VirtualCluster cluster;
    QEventLoop loop;
    bool ok = false;
    QString message;
    QObject::connect(&cluster, &VirtualCluster::downFinished, &loop, [&](bool o, const QString &m) {
        ok = o;
        message = m;
        loop.quit();
    });
    if (!cluster.down())
        return CtlFailure;
    loop.exec();
    if (!ok) {
        err << "halolinkctl lab down: " << tr("stopping the virtual machines failed: %1").arg(message) << '\n';
        return CtlFailure;
    }
    Inventory inventory;
    loadInventory(inventory, err);
    int removed = 0;
    QString error;
    for (const Node &n : virtualNodesOf(inventory, cluster.labDir())) {
        if (!inventory.removeNode(n.id, &error)) {
            err << "halolinkctl lab down: " << tr("could not remove %1 from the inventory: %2").arg(n.name, error) << '\n';
            return CtlFailure;
        }
        ++removed;
    }
    out << tr("virtual cluster down (%1); %n virtual node(s) removed from the inventory.", nullptr, removed).arg(message)
        << '\n';
    return CtlOk;
}

int labStatus(const QStringList &args, QTextStream &out, QTextStream &err)
{
    CommandParser cp(QStringLiteral("lab status"), tr("Whether the virtual cluster is up, and each of its VMs."),
                     QStringLiteral("[--json]"));
    const QCommandLineOption json(QStringLiteral("json"), tr("Print it as JSON."));
    cp.parser.addOption(json);
    int rc = 0;
    if (!cp.parse(args, out, err, &rc))
        return rc;
    VirtualCluster cluster;
    QEventLoop loop;
    std::optional<VirtualClusterStatus> status;
    QString failure;
    QObject::connect(&cluster, &VirtualCluster::statusReady, &loop, [&](const VirtualClusterStatus &s) {
        status = s;
        loop.quit();
    });
    QObject::connect(&cluster, &VirtualCluster::statusFailed, &loop, [&](const QString &m) {
        failure = m;
        loop.quit();
    });
    if (!cluster.status())
        return CtlFailure;
    loop.exec();
    if (!status) {
        err << "halolinkctl lab status: " << failure << '\n';
        return CtlFailure;
    }
    Inventory inventory;
    loadInventory(inventory, err);
    const QList<Node> mine = virtualNodesOf(inventory, cluster.labDir());
    auto inventoryName = [&mine](int port) {
        for (const Node &n : mine) {
            if (n.port == port)
                return n.name;
        }
        return QString();
    };
    if (cp.parser.isSet(json)) {
        QJsonArray nodes;
        for (const auto &vm : status->nodes)
            nodes.append(QJsonObject{{QStringLiteral("index"), vm.index},
                                     {QStringLiteral("lab_name"), vm.labName},
                                     {QStringLiteral("name"), inventoryName(vm.sshPort).isEmpty()
                                                                  ? QJsonValue(QJsonValue::Null)
                                                                  : QJsonValue(inventoryName(vm.sshPort))},
                                     {QStringLiteral("running"), vm.running},
                                     {QStringLiteral("ssh_port"), vm.sshPort}});
        out << QJsonDocument(QJsonObject{{QStringLiteral("lab_dir"), status->labDir},
                                         {QStringLiteral("up"), status->up},
                                         {QStringLiteral("accel"), status->accel.isEmpty() ? QJsonValue(QJsonValue::Null)
                                                                                           : QJsonValue(status->accel)},
                                         {QStringLiteral("nodes"), nodes}})
                   .toJson(QJsonDocument::Indented);
    } else if (!status->up) {
        out << tr("no virtual cluster is up (%1)").arg(status->labDir) << '\n';
    } else {
        out << tr("virtual cluster up (%1) in %2").arg(status->accel, status->labDir) << '\n';
        for (const auto &vm : status->nodes) {
            const QString name = inventoryName(vm.sshPort);
            out << "  " << (name.isEmpty() ? tr("(not in the inventory)") : name).leftJustified(8) << ' '
                << (vm.running ? tr("running") : tr("STOPPED")) << "  root@127.0.0.1:" << vm.sshPort << '\n';
        }
    }
    return status->up && !status->allRunning() ? CtlFailure : CtlOk;
}

} // namespace

int runLab(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    // arguments: "halolinkctl lab", subcommand, ...
    const QString sub = arguments.value(1);
    if (sub.isEmpty()) {
        err << "halolinkctl lab: " << tr("no subcommand given.") << "\n\n" << labHelp();
        return CtlUsage;
    }
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h") || sub == QLatin1String("help")) {
        out << tr("Usage: halolinkctl lab SUBCOMMAND [options]") << "\n\n" << labHelp();
        return CtlOk;
    }
    const QStringList rest = QStringList{arguments.value(0) + QLatin1Char(' ') + sub} + arguments.mid(2);
    if (sub == QLatin1String("up"))
        return labUp(rest, out, err);
    if (sub == QLatin1String("down"))
        return labDown(rest, out, err);
    if (sub == QLatin1String("status"))
        return labStatus(rest, out, err);
    err << "halolinkctl lab: " << tr("unknown subcommand '%1'.").arg(sub) << "\n\n" << labHelp();
    return CtlUsage;
}

} // namespace halolink::cli
