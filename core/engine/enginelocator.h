#pragma once
// Finds the halolink-engine binary for "This computer".
//
// Order:
//  1. $HALOLINK_ENGINE — when set, it is the only candidate: a person who points
//     at an engine wants that one, not a silent fallback to another build.
//  2. <app dir>/../libexec/halolink/halolink-engine (the installed layout).
//  3. The engine of the build tree this library was built in (developers).

#include <QString>
#include <QStringList>

namespace halolink {

struct EngineLocation {
    QString path;      // empty when none was found
    QStringList tried; // every candidate looked at, in order
    QString error;     // why none was usable, naming the paths tried

    bool found() const { return !path.isEmpty(); }
};

class EngineLocator
{
public:
    static constexpr const char *kEnvironmentVariable = "HALOLINK_ENGINE";

    // Candidates in order; exposed so tests and the UI can show them.
    static QStringList candidates();
    static EngineLocation locate();
    // Checks one explicit path the same way.
    static EngineLocation check(const QString &path);
};

} // namespace halolink
