#include "protocol/engineversion.h"

#include <halolink/protocol.h>

#include <QRegularExpression>

namespace halolink {

std::optional<EngineVersion> EngineVersion::parse(const QString &versionLine)
{
    static const QRegularExpression pattern(
        QStringLiteral(R"(^halolink-engine\s+(\S+)\s+\(protocol\s+(\d+)\)\s*$)"));
    const QRegularExpressionMatch match = pattern.match(versionLine.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    bool ok = false;
    const int protocol = match.captured(2).toInt(&ok);
    if (!ok)
        return std::nullopt;
    return EngineVersion{match.captured(1), protocol};
}

int EngineVersion::supportedProtocol()
{
    return protocol::kProtocolVersion;
}

QString EngineVersion::toString() const
{
    return QStringLiteral("%1 (protocol %2)").arg(version).arg(protocol);
}

} // namespace halolink
