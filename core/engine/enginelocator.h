#pragma once
// Finds the halolink-engine binary for "This computer".
//
// Order:
//  1. $HALOLINK_ENGINE — when set, it is the only candidate: a person who points
//     at an engine wants that one, not a silent fallback to another build.
//  2. Next to the program, where `cmake --install` and the packages put it:
//     <app dir>/<the install rule's libexec dir relative to bin>/halolink-engine
//     (/usr/bin/halolink -> /usr/libexec/halolink/halolink-engine), then the
//     two usual layouts <app dir>/../libexec/halolink/ and <app dir>/../lib/halolink/.
//  3. The engine of the build tree this library was built in — only for a
//     program that runs from that build tree (a developer's bin/halolink): an
//     installed app never picks up an engine from some build directory.

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

    // The candidates (2 and 3 above) and the search for a program that lives
    // in appDir, whatever $HALOLINK_ENGINE says: what candidates() and
    // locate() use when it is not set. For tests of the installed layouts.
    static QStringList candidatesForAppDir(const QString &appDir);
    static EngineLocation locateForAppDir(const QString &appDir);
};

} // namespace halolink
