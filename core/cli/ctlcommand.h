#pragma once
// halolinkctl (INTERFACES.md section 3): the command line over core. Lives in
// core, not in app/, so that app/ stays main() only and the tests can drive it.

#include <QStringList>

class QTextStream;

namespace halolink {

enum CtlExitCode : int { CtlOk = 0, CtlFailure = 1, CtlUsage = 2 };

// Runs one halolinkctl invocation (arguments as QCoreApplication::arguments(),
// program name first). Needs a QCoreApplication; spins its own event loop while
// the engine runs.
int runHalolinkCtl(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace halolink
