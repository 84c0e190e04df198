#pragma once

#include <QString>

#include <optional>

namespace halolink {

// What `halolink-engine --version` says: "halolink-engine X.Y.Z (protocol N)".
struct EngineVersion {
    QString version;
    int protocol = 0;

    // nullopt when the text is not such a line (a wrong program, a broken build).
    static std::optional<EngineVersion> parse(const QString &versionLine);
    // The protocol this app speaks.
    static int supportedProtocol();

    QString toString() const;
};

} // namespace halolink
