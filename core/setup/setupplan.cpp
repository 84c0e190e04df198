#include "setup/setupplan.h"

#include "ssh/shellquote.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace halolink::setup {

namespace {

// This file's texts outside a QObject: Setup::tr("...") is looked up in the
// context lupdate files it under.
struct Setup {
    Q_DECLARE_TR_FUNCTIONS(halolink::setup)
};

bool carriesManagement(const Nic &nic)
{
    return nic.carriesManagement.value_or(false);
}

bool isLoopback(const Nic &nic)
{
    return nic.netdev == QLatin1String("lo");
}

// Every subnet a node has on interfaces other than `except`.
QList<Ipv4Cidr> otherSubnets(const ProbeReport &probe, const QString &except)
{
    QList<Ipv4Cidr> out;
    for (const Nic &nic : probe.nics) {
        if (nic.netdev == except)
            continue;
        for (const QString &a : nic.ipv4) {
            if (auto c = parseCidr(a, true))
                out << *c;
        }
    }
    return out;
}

} // namespace

bool Ipv4Cidr::overlaps(const Ipv4Cidr &other) const
{
    const int p = std::min(prefix, other.prefix);
    const quint32 m = p == 0 ? 0 : ~quint32(0) << (32 - p);
    return (address & m) == (other.address & m);
}

QString Ipv4Cidr::addressText() const
{
    return QStringLiteral("%1.%2.%3.%4")
        .arg(address >> 24)
        .arg((address >> 16) & 0xff)
        .arg((address >> 8) & 0xff)
        .arg(address & 0xff);
}

QString Ipv4Cidr::text() const
{
    return addressText() + QLatin1Char('/') + QString::number(prefix);
}

std::optional<Ipv4Cidr> parseCidr(const QString &text, bool allowBare)
{
    static const QRegularExpression re(QStringLiteral("^(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})(?:/(\\d{1,2}))?$"));
    const QRegularExpressionMatch m = re.match(text.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    Ipv4Cidr c;
    for (int i = 1; i <= 4; ++i) {
        const QString part = m.captured(i);
        if (part.size() > 1 && part.startsWith(QLatin1Char('0')))
            return std::nullopt; // 010 is octal to some tools: refuse the ambiguity
        const int v = part.toInt();
        if (v > 255)
            return std::nullopt;
        c.address = (c.address << 8) | quint32(v);
    }
    if (m.captured(5).isEmpty()) {
        if (!allowBare)
            return std::nullopt;
        c.prefix = 32;
    } else {
        c.prefix = m.captured(5).toInt();
        if (c.prefix > 32)
            return std::nullopt;
    }
    return c;
}

const RdmaPort *rdmaPortOf(const ProbeReport &probe, const QString &netdev)
{
    const RdmaPort *best = nullptr;
    for (const RdmaPort &p : probe.rdma) {
        if (p.netdev.value_or(QString()) != netdev)
            continue;
        if (!best || (p.state.value_or(QString()) == QLatin1String("ACTIVE") &&
                      best->state.value_or(QString()) != QLatin1String("ACTIVE")))
            best = &p;
    }
    return best;
}

const Nic *nicOf(const ProbeReport &probe, const QString &netdev)
{
    for (const Nic &n : probe.nics) {
        if (n.netdev == netdev)
            return &n;
    }
    return nullptr;
}

QStringList candidateInterfaces(const ProbeReport &probe)
{
    QStringList out;
    for (const Nic &nic : probe.nics) {
        if (!isLoopback(nic) && !carriesManagement(nic))
            out << nic.netdev;
    }
    return out;
}

InterfaceChoice suggestInterface(const ProbeReport &probe)
{
    struct Scored {
        const Nic *nic;
        int score;
    };
    QList<Scored> scored;
    for (const Nic &nic : probe.nics) {
        if (isLoopback(nic) || carriesManagement(nic))
            continue;
        int score = 0;
        const RdmaPort *port = rdmaPortOf(probe, nic.netdev);
        if (port) {
            score += 1000;
            if (port->transport.value_or(QString()) == QLatin1String("roce"))
                score += 200;
        }
        if (nic.pci)
            score += 100;
        if (nic.operstate.value_or(QString()) == QLatin1String("up"))
            score += 50;
        score += int(std::min<qint64>(nic.speedMbps.value_or(0) / 10000, 40));
        scored.append({&nic, score});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const Scored &a, const Scored &b) { return a.score > b.score; });
    InterfaceChoice c;
    if (scored.isEmpty()) {
        c.reason = Setup::tr("No network interface besides the one carrying the SSH connection: the data "
                             "plane needs its own.");
        return c;
    }
    const Nic *nic = scored.first().nic;
    c.netdev = nic->netdev;
    const RdmaPort *port = rdmaPortOf(probe, nic->netdev);
    c.hasRdma = port != nullptr;
    if (port) {
        c.reason
            = Setup::tr("%1 has the RDMA device %2 (%3) and does not carry the SSH connection.")
                  .arg(nic->netdev, port->device, port->transport.value_or(Setup::tr("transport unknown")));
    } else {
        c.reason = Setup::tr(
            "%1 has no RDMA device; RDMA there needs Soft-RoCE (software, much slower than a RoCE NIC).")
                       .arg(nic->netdev);
    }
    return c;
}

QStringList proposeAddresses(Topology topology, const QList<NodeInput> &nodes)
{
    const int n = int(nodes.size());
    // Keep what is there when it is already a valid, consistent choice.
    QStringList existing;
    for (const NodeInput &node : nodes) {
        const Nic *nic = node.probe ? nicOf(*node.probe, node.interface) : nullptr;
        if (!nic || nic->ipv4.size() != 1)
            break;
        existing << nic->ipv4.first();
    }
    if (existing.size() == n && n > 0) {
        QList<NodeInput> trial = nodes;
        for (int i = 0; i < n; ++i)
            trial[i].address = existing.at(i);
        Settings s;
        s.topology = topology;
        s.allowSoftRoce = true;
        const QList<Problem> problems = validate(trial, s);
        const bool addressOk = std::none_of(problems.begin(), problems.end(), [](const Problem &p) {
            return p.blocking && p.field == QLatin1String("address");
        });
        if (addressOk)
            return existing;
    }

    // Everything the nodes use elsewhere; the data interfaces' own addresses are replaced.
    QList<Ipv4Cidr> used;
    for (const NodeInput &node : nodes) {
        if (node.probe)
            used << otherSubnets(*node.probe, node.interface);
    }
    auto isFree = [&](const Ipv4Cidr &c) {
        return std::none_of(used.begin(), used.end(), [&](const Ipv4Cidr &u) { return u.overlaps(c); });
    };
    QStringList out;
    if (topology == Topology::DirectPair) {
        // 192.168.100.0/30, .4/30, ... then 10.100.x.y/30.
        for (quint32 base : {0xC0A86400u, 0x0A640000u}) {
            for (quint32 off = 0; off < 256 * 64; off += 4) {
                Ipv4Cidr c{base + off, 30};
                if (!isFree(c))
                    continue;
                for (int i = 0; i < n; ++i)
                    out << Ipv4Cidr{c.network() + quint32(i + 1), 30}.text();
                return out;
            }
        }
        return out;
    }
    // 10.77.0.0/24, 10.77.1.0/24, ... 10.79.255.0/24, then 172.30.x.0/24.
    const int prefix = n <= 253 ? 24 : 16;
    for (quint32 base : {0x0A4D0000u, 0xAC1E0000u}) {
        for (quint32 k = 0; k < 3 * 256; ++k) {
            Ipv4Cidr c{base + (k << 8), prefix};
            if (!isFree(c))
                continue;
            for (int i = 0; i < n; ++i)
                out << Ipv4Cidr{c.network() + quint32(i + 1), prefix}.text();
            return out;
        }
    }
    return out;
}

QList<Problem> validate(const QList<NodeInput> &nodes, const Settings &settings)
{
    QList<Problem> problems;
    auto add = [&](int node, const char *field, const QString &message, bool blocking = true) {
        problems.append({node, QString::fromLatin1(field), message, blocking});
    };
    const int n = int(nodes.size());
    if (n < 2)
        add(-1, "nodes", Setup::tr("A cluster needs at least two nodes."));
    if (n > 64)
        add(-1, "nodes", Setup::tr("At most 64 nodes."));
    if (settings.topology == Topology::DirectPair && n != 2)
        add(-1, "nodes",
            Setup::tr("A direct cable joins exactly two nodes; with %1 nodes choose a switch.").arg(n));
    if (settings.mtu < 1280 || settings.mtu > 9216)
        add(-1, "mtu", Setup::tr("MTU %1 is out of range: 1280 to 9216.").arg(settings.mtu));
    else if (settings.mtu < 4200)
        add(-1, "mtu",
            Setup::tr("MTU %1 below 4200 limits RDMA to 1024- or 2048-byte packets; 9000 is usual.")
                .arg(settings.mtu),
            false);
    if (settings.qos.enabled) {
        if (settings.qos.dscp < 0 || settings.qos.dscp > 63)
            add(-1, "qos", Setup::tr("DSCP %1 is out of range: 0 to 63.").arg(settings.qos.dscp));
        if (settings.qos.pfcPriority < 0 || settings.qos.pfcPriority > 7)
            add(-1, "qos",
                Setup::tr("PFC priority %1 is out of range: 0 to 7.").arg(settings.qos.pfcPriority));
    }
    if (settings.confirmWithinSeconds < 30 || settings.confirmWithinSeconds > 86400)
        add(-1, "confirm", Setup::tr("The rollback timer must be 30 s to 24 h."));

    QList<std::optional<Ipv4Cidr>> parsed;
    for (int i = 0; i < n; ++i) {
        const NodeInput &node = nodes.at(i);
        // Interface.
        if (node.interface.trimmed().isEmpty()) {
            add(i, "interface", Setup::tr("%1: choose the data-plane interface.").arg(node.name));
        } else if (node.probe) {
            const Nic *nic = nicOf(*node.probe, node.interface);
            if (!nic) {
                add(i, "interface", Setup::tr("%1 has no interface %2.").arg(node.name, node.interface));
            } else if (carriesManagement(*nic)) {
                add(i, "interface",
                    Setup::tr("%1: %2 carries the SSH connection HaloLink uses; the data plane needs another "
                              "interface.")
                        .arg(node.name, node.interface));
            } else if (!rdmaPortOf(*node.probe, node.interface) && !settings.allowSoftRoce) {
                add(i, "interface",
                    Setup::tr("%1: %2 has no RDMA device. Choose the RDMA NIC, or allow Soft-RoCE (software "
                              "RDMA, for "
                              "testing).")
                        .arg(node.name, node.interface));
            } else if (const RdmaPort *p = rdmaPortOf(*node.probe, node.interface);
                       p && p->transport.value_or(QString()) == QLatin1String("infiniband")) {
                add(i, "interface",
                    Setup::tr("%1: %2 is InfiniBand; RoCE v2 configuration is for Ethernet ports.")
                        .arg(node.name, node.interface));
            }
        }
        // Address.
        std::optional<Ipv4Cidr> c = parseCidr(node.address);
        parsed << c;
        if (node.address.trimmed().isEmpty()) {
            add(i, "address", Setup::tr("%1: give the data-plane address as a.b.c.d/prefix.").arg(node.name));
            continue;
        }
        if (!c) {
            add(i, "address",
                Setup::tr("%1: '%2' is not an IPv4 address with a prefix (a.b.c.d/prefix).")
                    .arg(node.name, node.address));
            continue;
        }
        if (c->prefix < 8 || c->prefix > 30) {
            add(i, "address",
                Setup::tr("%1: prefix /%2 is out of range: /8 to /30.").arg(node.name).arg(c->prefix));
            continue;
        }
        if (c->address == c->network() || c->address == c->broadcast()) {
            add(i, "address",
                Setup::tr("%1: %2 is the %3 address of its subnet.")
                    .arg(node.name, c->text(),
                        c->address == c->network() ? Setup::tr("network") : Setup::tr("broadcast")));
            continue;
        }
        const quint32 first = c->address >> 24;
        if (first == 0 || first == 127 || first >= 224 || (first == 169 && ((c->address >> 16) & 0xff) == 254))
            add(i, "address", Setup::tr("%1: %2 is not a usable unicast address.").arg(node.name, c->text()));
        if (node.probe) {
            // No overlap with any other interface of any node (the management network above all).
            for (int j = 0; j < n; ++j) {
                if (!nodes.at(j).probe)
                    continue;
                for (const Nic &nic : nodes.at(j).probe->nics) {
                    if (nic.netdev == nodes.at(j).interface)
                        continue;
                    for (const QString &a : nic.ipv4) {
                        const auto o = parseCidr(a, true);
                        if (!o || !o->overlaps(*c))
                            continue;
                        add(i, "address",
                            carriesManagement(nic) ? Setup::tr(
                                "%1: %2 overlaps the management network %3 (%4 on %5); use another subnet.")
                                                         .arg(node.name, c->text(), a, nic.netdev,
                                                             nodes.at(j).name)
                                                   : Setup::tr("%1: %2 overlaps %3 on %4 of %5.")
                                                         .arg(node.name, c->text(), a, nic.netdev,
                                                             nodes.at(j).name));
                        goto nextNode;
                    }
                }
            }
        }
    nextNode:;
    }
    // Duplicates and subnets between nodes.
    for (int i = 0; i < n; ++i) {
        if (!parsed.at(i))
            continue;
        for (int j = 0; j < i; ++j) {
            if (!parsed.at(j))
                continue;
            if (parsed.at(i)->address == parsed.at(j)->address)
                add(i, "address",
                    Setup::tr("%1 and %2 both have %3.")
                        .arg(nodes.at(j).name, nodes.at(i).name, parsed.at(i)->addressText()));
            else if (parsed.at(i)->network() != parsed.at(j)->network() || parsed.at(i)->prefix != parsed.at(j)->prefix)
                add(i, "address",
                    Setup::tr("%1 (%2) and %3 (%4) are in different subnets; each reaches the other through "
                              "a host route, "
                              "which works on one cable or switch but is unusual.")
                        .arg(nodes.at(i).name, parsed.at(i)->text(), nodes.at(j).name, parsed.at(j)->text()),
                    false);
        }
    }
    return problems;
}

QJsonObject specFor(const QList<NodeInput> &nodes, int i, const Settings &settings)
{
    const NodeInput &node = nodes.at(i);
    QJsonArray peers;
    for (int j = 0; j < nodes.size(); ++j) {
        if (j == i)
            continue;
        const auto c = parseCidr(nodes.at(j).address);
        peers.append(c ? c->addressText() : nodes.at(j).address);
    }
    QJsonValue backend; // null: from the driver
    QString rxeName = QStringLiteral("rxe0");
    if (node.probe && !rdmaPortOf(*node.probe, node.interface)) {
        backend = QStringLiteral("rxe");
        // A name no other device has.
        QSet<QString> taken;
        for (const RdmaPort &p : node.probe->rdma)
            taken.insert(p.device);
        for (int k = 0; taken.contains(rxeName); ++k)
            rxeName = QStringLiteral("rxe%1").arg(k + 1);
    }
    return QJsonObject{
        {QStringLiteral("format"), QStringLiteral("halolink-roce-spec")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("interface"), node.interface},
        {QStringLiteral("address"), node.address.trimmed()},
        {QStringLiteral("peers"), peers},
        {QStringLiteral("mtu"), settings.mtu},
        {QStringLiteral("rdma_mode"), QStringLiteral("roce")},
        {QStringLiteral("backend"), backend},
        {QStringLiteral("rxe_device"), rxeName},
        {QStringLiteral("qos"),
         QJsonObject{{QStringLiteral("enabled"), settings.qos.enabled},
                     {QStringLiteral("pfc_priority"), settings.qos.pfcPriority},
                     {QStringLiteral("dscp"), settings.qos.dscp},
                     {QStringLiteral("tos"), settings.qos.tos()},
                     {QStringLiteral("ecn"), settings.qos.ecn}}},
        {QStringLiteral("persist"), settings.persist},
    };
}

QString describeQos(const Qos &qos)
{
    if (!qos.enabled)
        return Setup::tr(
            "No QoS: RoCE traffic shares the link with everything else and relies on link flow control, or "
            "on nothing. On a quiet direct cable that works; under load, drops make RDMA retransmit and slow "
            "down sharply.");
    return Setup::tr(
        "RDMA packets are marked DSCP %1 (ToS %2%3) and mapped to priority %4; priority flow control (PFC) "
        "pauses only that priority when a receiver fills up, so RDMA is not dropped while other traffic "
        "is not held up.%5")
        .arg(qos.dscp)
        .arg(qos.tos())
        .arg(qos.ecn ? Setup::tr(", ECN-capable") : QString())
        .arg(qos.pfcPriority)
        .arg(qos.ecn ? Setup::tr(
                 " ECN lets a congested switch or NIC mark packets instead of dropping them, and the "
                 "sender slows down (where the driver supports it).")
                     : QString());
}

QString shellScript(const QList<std::pair<QString, QJsonObject>> &plans, const Settings &settings)
{
    QString s;
    s += QStringLiteral("#!/bin/sh\n");
    s += QStringLiteral("# RoCE v2 configuration exported by HaloLink on %1.\n")
             .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    s += QStringLiteral("# Review it, then run it as root on each node: sh THIS-FILE NODE\n"
                        "# (NODE as named below). Steps already in place when the plan was made are\n"
                        "# left out; the undo of each step follows it as comments. Unlike HaloLink's\n"
                        "# own apply, this script has no automatic rollback.\n");
    // What the plans configure of the QoS, not what was asked: Soft-RoCE's has no PFC.
    QStringList pfcNodes, tosNodes;
    for (const auto &[name, plan] : plans) {
        if (planHasStep(plan, QStringLiteral("pfc")))
            pfcNodes << name;
        else if (planHasStep(plan, QStringLiteral("roce_tos")))
            tosNodes << name;
    }
    const auto on = [&](const QStringList &names) {
        return names.size() == plans.size() ? QString() : QStringLiteral(" on ") + names.join(QStringLiteral(", "));
    };
    if (!settings.qos.enabled || (pfcNodes.isEmpty() && tosNodes.isEmpty()))
        s += QStringLiteral("# QoS: none\n");
    if (settings.qos.enabled && !pfcNodes.isEmpty())
        s += QStringLiteral("# QoS%1: DSCP %2 -> priority %3, PFC on %3, ToS %4\n")
                 .arg(on(pfcNodes))
                 .arg(settings.qos.dscp)
                 .arg(settings.qos.pfcPriority)
                 .arg(settings.qos.tos());
    if (settings.qos.enabled && !tosNodes.isEmpty())
        s += QStringLiteral("# QoS%1: only the ToS %2 of RDMA connections (rdma_cm's default); Soft-RoCE has no PFC\n"
                            "# and no DSCP-to-priority mapping\n")
                 .arg(on(tosNodes))
                 .arg(settings.qos.tos());
    s += QStringLiteral("set -eu\n\n");
    QStringList names;
    for (const auto &[name, plan] : plans) {
        names << name;
        const QString fn = QStringLiteral("node_%1").arg(names.size());
        s += QStringLiteral("# ---- %1: %2, backend %3, device %4\n")
                 .arg(name, plan.value(QStringLiteral("interface")).toString(),
                      plan.value(QStringLiteral("backend")).toString(), plan.value(QStringLiteral("device")).toString());
        s += fn + QStringLiteral("() {\n");
        int active = 0;
        for (const QJsonValue &v : plan.value(QStringLiteral("steps")).toArray()) {
            const QJsonObject step = v.toObject();
            const QString id = step.value(QStringLiteral("id")).toString();
            s += QStringLiteral("  # %1: %2\n").arg(id, step.value(QStringLiteral("why")).toString().simplified());
            if (step.value(QStringLiteral("already_done")).toBool()) {
                s += QStringLiteral("  # (already done when planned)\n");
                continue;
            }
            if (step.value(QStringLiteral("state")).toString() == QLatin1String("unknown"))
                s += QStringLiteral("  # (its state could not be read when planned: %1; the engine reads it again "
                                    "before it runs the step, and runs nothing it could not undo)\n")
                         .arg(step.value(QStringLiteral("unknown_reason")).toString().simplified());
            ++active;
            for (const QJsonValue &f : step.value(QStringLiteral("files")).toArray()) {
                const QJsonObject file = f.toObject();
                const QString path = file.value(QStringLiteral("path")).toString();
                const QString content = file.value(QStringLiteral("content")).toString();
                // printf '%s' with the content as one quoted word: no here-document delimiter to collide with.
                s += QStringLiteral("  printf '%s' %1 > %2\n").arg(shellQuote(content), shellQuote(path));
                const QString mode = file.value(QStringLiteral("mode")).toString();
                if (!mode.isEmpty())
                    s += QStringLiteral("  chmod %1 %2\n").arg(shellQuote(mode), shellQuote(path));
            }
            for (const QJsonValue &c : step.value(QStringLiteral("shell")).toArray())
                s += QStringLiteral("  %1\n").arg(c.toString());
            const QJsonArray undo = step.value(QStringLiteral("undo_shell")).toArray();
            for (const QJsonValue &u : undo)
                s += QStringLiteral("  #   undo: %1\n").arg(u.toString().simplified());
            for (const QJsonValue &f : step.value(QStringLiteral("undo_files")).toArray())
                s += QStringLiteral("  #   undo: put back %1 as it was before (this script keeps no copy: save one first)\n")
                         .arg(f.toString());
            for (const QJsonValue &u : step.value(QStringLiteral("undo_after_files_shell")).toArray())
                s += QStringLiteral("  #   undo, then: %1\n").arg(u.toString().simplified());
        }
        if (active == 0)
            s += QStringLiteral("  : # nothing to do\n");
        s += QStringLiteral("}\n\n");
    }
    s += QStringLiteral("case \"${1:-}\" in\n");
    for (int i = 0; i < names.size(); ++i)
        s += QStringLiteral("  %1) node_%2 ;;\n").arg(shellQuote(names.at(i))).arg(i + 1);
    s += QStringLiteral("  *) printf '%s\\n' %1 >&2; exit 2 ;;\nesac\n")
             .arg(shellQuote(QStringLiteral("usage: sh SCRIPT NODE, NODE one of: ") + names.join(QStringLiteral(", "))));
    return s;
}

bool usesSoftRoce(const NodeInput &node)
{
    if (!node.probe || node.interface.isEmpty())
        return false;
    const RdmaPort *port = rdmaPortOf(*node.probe, node.interface);
    return !port || port->device.startsWith(QLatin1String("rxe"));
}

bool planHasStep(const QJsonObject &plan, const QString &id)
{
    const QJsonArray steps = plan.value(QStringLiteral("steps")).toArray();
    return std::any_of(steps.begin(), steps.end(),
                       [&](const QJsonValue &v) { return v.toObject().value(QStringLiteral("id")).toString() == id; });
}

QString softRoceQosNote(const Qos &qos, const QStringList &nodeNames)
{
    if (!qos.enabled)
        return Setup::tr("Soft-RoCE has no PFC and HaloLink changes no QoS there: RDMA connections keep the "
                         "default ToS.");
    //: %1 ToS value, %2 DSCP value, %3 ", ECN-capable" or nothing
    const QString tos = Setup::tr("only the ToS of RDMA connections is set (rdma_cm's default ToS %1: DSCP %2%3), "
                                  "which a switch can use to prioritise them; nothing pauses, and losses are "
                                  "retransmitted by Soft-RoCE itself.")
                            .arg(qos.tos())
                            .arg(qos.dscp)
                            .arg(qos.ecn ? Setup::tr(", ECN-capable") : QString());
    if (nodeNames.isEmpty())
        return Setup::tr("Soft-RoCE has no PFC: its plan sets no priority flow control and no DSCP-to-priority "
                         "mapping; %1")
            .arg(tos);
    return Setup::tr("Soft-RoCE has no PFC: on %1 (Soft-RoCE) the plan sets no priority flow control and no "
                     "DSCP-to-priority mapping; %2")
        .arg(nodeNames.join(QStringLiteral(", ")), tos);
}

QString planQosText(const QJsonObject &plan, const Qos &qos)
{
    if (!qos.enabled)
        return Setup::tr("none (left as it is)");
    const bool pfc = planHasStep(plan, QStringLiteral("pfc"));
    const bool dscp = planHasStep(plan, QStringLiteral("dscp_prio"));
    const bool tos = planHasStep(plan, QStringLiteral("roce_tos"));
    if (plan.value(QStringLiteral("backend")).toString() == QLatin1String("rxe") || (!pfc && !dscp && tos))
        return softRoceQosNote(qos);
    QStringList parts;
    if (dscp)
        parts << Setup::tr("DSCP %1 → priority %2").arg(qos.dscp).arg(qos.pfcPriority);
    if (pfc)
        parts << Setup::tr("PFC on priority %1").arg(qos.pfcPriority);
    if (tos)
        parts << Setup::tr("ToS %1 for RDMA connections").arg(qos.tos());
    return parts.isEmpty() ? Setup::tr("this plan sets none of it") : parts.join(QStringLiteral(", "));
}

} // namespace halolink::setup
