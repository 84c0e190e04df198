#include "appidentity.h"

#include <halolink/protocol.h>

#include <QCoreApplication>

namespace halolink {

void setApplicationIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("HaloLink"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("halolink.invalid"));
    QCoreApplication::setApplicationName(QStringLiteral("halolink"));
    QCoreApplication::setApplicationVersion(applicationVersion());
}

QString applicationVersion()
{
    return QLatin1String(protocol::kEngineVersion);
}

int protocolVersion()
{
    return protocol::kProtocolVersion;
}

} // namespace halolink
