#include "inventory/node.h"

#include "ssh/sshendpoint.h"

#include <QCoreApplication>

namespace halolink {

Node Node::local()
{
    Node n;
    n.id = QLatin1String(kLocalId);
    n.name = QCoreApplication::translate("Node", "This computer");
    n.kind = Kind::Local;
    return n;
}

QString Node::dataPlaneIp() const
{
    const QString a = dataAddress.trimmed();
    const qsizetype slash = a.indexOf(QLatin1Char('/'));
    return slash < 0 ? a : a.left(slash);
}

SshEndpoint Node::sshEndpoint() const
{
    SshEndpoint ep;
    ep.host = host;
    ep.user = user;
    ep.port = port;
    ep.identityFile = identityFile;
    applySshEnvironment(ep);
    if (!knownHostsFile.isEmpty()) {
        ep.knownHostsFile = knownHostsFile;
        ep.globalKnownHostsFile = QStringLiteral("/dev/null");
    }
    if (isVirtual()) {
        // Like IdentitiesOnly yes with an empty config: the person's
        // ~/.ssh/config (a Host * ProxyJump, say) and agent keys have no
        // business with a VM on 127.0.0.1.
        ep.configFile = QStringLiteral("/dev/null");
        ep.agentSocket = QStringLiteral("none");
    }
    return ep;
}

QString Node::sshDisplay() const
{
    if (isLocal())
        return QString();
    QString s;
    if (!user.isEmpty())
        s += user + QLatin1Char('@');
    s += host;
    if (port > 0)
        s += QLatin1Char(':') + QString::number(port);
    return s;
}

SavedTrafficClass savedTrafficClass(const QList<Node> &nodes)
{
    SavedTrafficClass r;
    QList<NodeQos> on;
    for (const Node &n : nodes) {
        if (!n.qos)
            r.notSetUp << n.name;
        else if (!n.qos->enabled)
            r.qosOff << n.name;
        else
            on << *n.qos;
    }
    bool same = true;
    for (const NodeQos &q : std::as_const(on))
        same = same && q.tos == on.first().tos;
    if (!same) {
        for (const Node &n : nodes) {
            if (n.qos && n.qos->enabled)
                r.differing << QStringLiteral("%1: %2").arg(n.name).arg(n.qos->tos);
        }
    }
    if (!on.isEmpty() && same && r.notSetUp.isEmpty() && r.qosOff.isEmpty()) {
        r.tos = on.first().tos;
        r.qos = on.first();
    }
    return r;
}

QString SavedTrafficClass::text() const
{
    if (tos && qos)
        return QCoreApplication::translate("Node", "from the cluster setup: DSCP %1, ToS %2").arg(qos->dscp).arg(*tos);
    const QString sep = QStringLiteral(", ");
    QStringList why;
    if (!differing.isEmpty())
        why << QCoreApplication::translate("Node", "the nodes were set up with different ToS (%1)")
                   .arg(differing.join(sep));
    if (!qosOff.isEmpty())
        why << QCoreApplication::translate("Node", "%1 set up with QoS off").arg(qosOff.join(sep));
    if (!notSetUp.isEmpty())
        why << QCoreApplication::translate("Node", "no QoS saved for %1 (not set up here, or before HaloLink kept it)")
                   .arg(notSetUp.join(sep));
    if (why.isEmpty())
        return {};
    return QCoreApplication::translate("Node", "not from the cluster setup: %1. Left unset, RCCL sends at traffic "
                                               "class 0 (DSCP 0, a priority without PFC).")
        .arg(why.join(QStringLiteral("; ")));
}

void applySshEnvironment(SshEndpoint &ep)
{
    auto env = [](const char *name) { return qEnvironmentVariable(name); };
    if (const QString v = env("HALOLINK_SSH_CONFIG"); !v.isEmpty())
        ep.configFile = v;
    if (const QString v = env("HALOLINK_SSH_KNOWN_HOSTS"); !v.isEmpty())
        ep.knownHostsFile = v;
    if (const QString v = env("HALOLINK_SSH_GLOBAL_KNOWN_HOSTS"); !v.isEmpty())
        ep.globalKnownHostsFile = v;
    if (const QString v = env("HALOLINK_SSH_DIR"); !v.isEmpty())
        ep.sshDir = v;
    if (const QString v = env("HALOLINK_SSH_AGENT"); !v.isEmpty())
        ep.agentSocket = v;
}

} // namespace halolink
