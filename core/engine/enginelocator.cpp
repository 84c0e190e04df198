#include "engine/enginelocator.h"

#include "logging.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace halolink {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("EngineLocator", text);
}

QString usableProblem(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return tr("does not exist");
    if (info.isDir())
        return tr("is a directory");
    if (!info.isExecutable())
        return tr("is not executable");
    return {};
}

} // namespace

QStringList EngineLocator::candidates()
{
    const QString fromEnv = qEnvironmentVariable(kEnvironmentVariable);
    if (!fromEnv.isEmpty())
        return {fromEnv};
    QStringList out;
    if (QCoreApplication::instance()) {
        out << QDir::cleanPath(QCoreApplication::applicationDirPath()
                               + QStringLiteral("/../libexec/halolink/halolink-engine"));
    }
#ifdef HALOLINK_BUILD_TREE_ENGINE
    out << QStringLiteral(HALOLINK_BUILD_TREE_ENGINE);
#endif
    out.removeDuplicates();
    return out;
}

EngineLocation EngineLocator::check(const QString &path)
{
    EngineLocation location;
    location.tried = {path};
    const QString problem = usableProblem(path);
    if (problem.isEmpty())
        location.path = QFileInfo(path).absoluteFilePath();
    else
        location.error = tr("The engine %1 %2.").arg(path, problem);
    return location;
}

EngineLocation EngineLocator::locate()
{
    EngineLocation location;
    const bool fromEnv = !qEnvironmentVariableIsEmpty(kEnvironmentVariable);
    QStringList problems;
    for (const QString &candidate : candidates()) {
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
        location.error = tr("halolink-engine not found: %1 is set, but\n%2")
                             .arg(QLatin1String(kEnvironmentVariable), problems.join(QLatin1Char('\n')));
    } else {
        location.error = tr("halolink-engine not found. Looked at:\n%1")
                             .arg(problems.join(QLatin1Char('\n')));
    }
    qCWarning(lcEngine).noquote() << location.error;
    return location;
}

} // namespace halolink
