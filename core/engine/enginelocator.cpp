#include "engine/enginelocator.h"

#include "logging.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace halolink {

namespace {

// This file's texts outside a QObject: Locator::tr("...") is looked up in the
// context lupdate files it under.
struct Locator {
    Q_DECLARE_TR_FUNCTIONS(EngineLocator)
};

QString usableProblem(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Locator::tr("does not exist");
    if (info.isDir())
        return Locator::tr("is a directory");
    if (!info.isExecutable())
        return Locator::tr("is not executable");
    return {};
}

} // namespace

QStringList EngineLocator::candidatesForAppDir(const QString &appDir)
{
    QStringList out;
    if (!appDir.isEmpty()) {
        const QString dir = QDir::cleanPath(appDir);
#ifdef HALOLINK_ENGINE_RELATIVE_TO_BIN
        // Where the install rule puts it, whatever CMAKE_INSTALL_LIBEXECDIR was.
        out << QDir::cleanPath(dir + QLatin1Char('/') + QStringLiteral(HALOLINK_ENGINE_RELATIVE_TO_BIN));
#endif
        out << QDir::cleanPath(dir + QStringLiteral("/../libexec/halolink/halolink-engine"))
            << QDir::cleanPath(dir + QStringLiteral("/../lib/halolink/halolink-engine"));
    }
#ifdef HALOLINK_BUILD_TREE_ENGINE
    // Only for programs that run from this build tree (or with no application
    // object, where nothing better is known).
    bool inBuildTree = appDir.isEmpty();
    if (!inBuildTree) {
        const QString buildTree = QDir::cleanPath(QStringLiteral(HALOLINK_BUILD_TREE_DIR)) + QLatin1Char('/');
        const QString canonicalBuildTree = QDir(QStringLiteral(HALOLINK_BUILD_TREE_DIR)).canonicalPath() + QLatin1Char('/');
        const QString dir = QDir::cleanPath(appDir) + QLatin1Char('/');
        const QString canonicalDir = QDir(appDir).canonicalPath() + QLatin1Char('/');
        inBuildTree = dir.startsWith(buildTree)
                      || (canonicalBuildTree.size() > 1 && canonicalDir.size() > 1
                          && canonicalDir.startsWith(canonicalBuildTree));
    }
    if (inBuildTree)
        out << QStringLiteral(HALOLINK_BUILD_TREE_ENGINE);
#endif
    out.removeDuplicates();
    return out;
}

QStringList EngineLocator::candidates()
{
    const QString fromEnv = qEnvironmentVariable(kEnvironmentVariable);
    if (!fromEnv.isEmpty())
        return {fromEnv};
    return candidatesForAppDir(QCoreApplication::instance() ? QCoreApplication::applicationDirPath() : QString());
}

EngineLocation EngineLocator::check(const QString &path)
{
    EngineLocation location;
    location.tried = {path};
    const QString problem = usableProblem(path);
    if (problem.isEmpty())
        location.path = QFileInfo(path).absoluteFilePath();
    else
        location.error = Locator::tr("The engine %1 %2.").arg(path, problem);
    return location;
}

namespace {

EngineLocation locateAmong(const QStringList &candidates, bool fromEnv)
{
    EngineLocation location;
    QStringList problems;
    for (const QString &candidate : candidates) {
        location.tried << candidate;
        const QString problem = usableProblem(candidate);
        if (problem.isEmpty()) {
            location.path = QFileInfo(candidate).absoluteFilePath();
            qCDebug(lcEngine) << "using engine" << location.path;
            return location;
        }
        problems << QStringLiteral("  %1 (%2)").arg(candidate, problem);
    }
    if (fromEnv) {
        location.error
            = Locator::tr("halolink-engine not found: %1 is set, but\n%2")
                  .arg(QLatin1String(EngineLocator::kEnvironmentVariable), problems.join(QLatin1Char('\n')));
    } else {
        location.error
            = Locator::tr("halolink-engine not found. Looked at:\n%1").arg(problems.join(QLatin1Char('\n')));
    }
    qCWarning(lcEngine).noquote() << location.error;
    return location;
}

} // namespace

EngineLocation EngineLocator::locate()
{
    return locateAmong(candidates(), !qEnvironmentVariableIsEmpty(kEnvironmentVariable));
}

EngineLocation EngineLocator::locateForAppDir(const QString &appDir)
{
    return locateAmong(candidatesForAppDir(appDir), false);
}

} // namespace halolink
