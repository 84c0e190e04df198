// halolinkctl engine: which halolink-engine this computer uses (the one the app
// runs for "This computer" and uploads to the nodes), its version, and every
// place looked at — so a person, a package test or a bug report can tell.

#include "cli/ctlcommon.h"

#include "engine/enginelocator.h"
#include "protocol/engineversion.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>

namespace halolink::cli {

int runEngine(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser cp(QStringLiteral("engine"),
                     tr("Show which halolink-engine this computer uses: the program the app runs for This "
                        "computer and uploads to the nodes, its version, and every place looked at, in order "
                        "($HALOLINK_ENGINE when set, else next to halolinkctl: ../libexec/halolink/, "
                        "../lib/halolink/, then the build tree for a build-tree program).\n\n"
                        "--json: {\"path\", \"version\", \"protocol\", \"tried\": [...]}, or "
                        "{\"error\": {\"code\", \"message\"}} with exit code 1 when none is usable."),
                     QStringLiteral("[--json]"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), tr("Print JSON (see above)."));
    cp.parser.addOption(jsonOption);
    int rc = 0;
    if (!cp.parse(arguments, out, err, &rc))
        return rc;
    if (!cp.parser.positionalArguments().isEmpty()) {
        err << "halolinkctl engine: " << tr("takes no arguments.") << '\n' << usageHint() << '\n';
        return CtlUsage;
    }
    const bool json = cp.parser.isSet(jsonOption);

    const EngineLocation location = EngineLocator::locate();
    auto fail = [&](const QString &code, const QString &message) {
        err << "halolinkctl engine: " << message << '\n';
        if (json)
            printJsonError(out, code, message);
        return CtlFailure;
    };
    if (!location.found())
        return fail(QStringLiteral("engine_missing"), location.error);

    QProcess p;
    p.start(location.path, {QStringLiteral("--version")});
    if (!p.waitForFinished(10000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        p.kill();
        const QString stderrText = QString::fromUtf8(p.readAllStandardError()).trimmed();
        return fail(QStringLiteral("engine_error"), tr("%1 --version failed: %2")
                                                        .arg(location.path, stderrText.isEmpty() ? p.errorString()
                                                                                                 : stderrText));
    }
    const QString versionLine = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    const std::optional<EngineVersion> version = EngineVersion::parse(versionLine);
    if (!version) {
        return fail(QStringLiteral("engine_bad_output"),
                    tr("%1 does not look like halolink-engine: `--version` printed \"%2\".")
                        .arg(location.path, versionLine));
    }

    if (json) {
        const QJsonObject doc{{QStringLiteral("path"), location.path},
                              {QStringLiteral("version"), version->version},
                              {QStringLiteral("protocol"), version->protocol},
                              {QStringLiteral("tried"), QJsonArray::fromStringList(location.tried)}};
        out << QJsonDocument(doc).toJson(QJsonDocument::Compact) << '\n';
    } else {
        out << tr("engine:   %1").arg(location.path) << '\n'
            << tr("version:  %1 (protocol %2)").arg(version->version).arg(version->protocol) << '\n'
            << tr("looked at:") << '\n';
        for (const QString &candidate : location.tried)
            out << "  " << candidate << '\n';
    }
    if (version->protocol != EngineVersion::supportedProtocol()) {
        err << "halolinkctl engine: "
            << tr("warning: this engine speaks protocol %1; halolinkctl speaks %2.")
                   .arg(version->protocol)
                   .arg(EngineVersion::supportedProtocol())
            << '\n';
        return CtlFailure;
    }
    return CtlOk;
}

} // namespace halolink::cli
