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
