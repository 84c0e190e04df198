// halolinkctl: the command line over core (INTERFACES.md section 3). No widgets.

#include "appidentity.h"
#include "cli/ctlcommand.h"
#include "translation/translators.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    halolink::setApplicationIdentity();
    halolink::installTranslators(); // the system locale's language, English otherwise
    QTextStream out(stdout);
    QTextStream err(stderr);
    return halolink::runHalolinkCtl(QCoreApplication::arguments(), out, err);
}
