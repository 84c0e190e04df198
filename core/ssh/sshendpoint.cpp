#include "ssh/sshendpoint.h"

namespace halolink {

QString SshEndpoint::displayName() const
{
    QString s;
    if (!user.isEmpty())
        s += user + QLatin1Char('@');
    s += host;
    if (port > 0)
        s += QLatin1Char(':') + QString::number(port);
    return s;
}

QString SshEndpoint::credentialKey() const
{
    return QStringLiteral("ssh/%1@%2:%3").arg(user, host, QString::number(port));
}

} // namespace halolink
