// halolink: the desktop app. Sets the application up and shows the main window.

#include "appearance.h"
#include "appidentity.h"
#include "mainwindow.h"
#include "ssh/sshsession.h"
#include "translation/translators.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

#include <cstdio>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    halolink::setApplicationIdentity();
    // Before any text is made: the command line help too speaks the system locale's language.
    halolink::installTranslators();
    QApplication::setApplicationDisplayName(QStringLiteral("HaloLink"));
    // Ties the windows to the installed .desktop file (its icon and name in
    // docks and task switchers; the app id on Wayland).
    QGuiApplication::setDesktopFileName(QStringLiteral(HALOLINK_APP_ID));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral(HALOLINK_APP_ID),
                                                 QIcon(QStringLiteral(":/halolink/" HALOLINK_APP_ID ".svg"))));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Cluster manager for RDMA-linked Strix Halo GPU nodes."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption colorSchemeOption(
        QStringLiteral("color-scheme"),
        QCoreApplication::translate("main", "Colours: system (default), light or dark."),
        QStringLiteral("scheme"), QStringLiteral("system"));
    parser.addOption(colorSchemeOption);
    const QCommandLineOption virtualOption(
        QStringLiteral("virtual-cluster"),
        QCoreApplication::translate("main", "Boot a virtual Soft-RoCE cluster of N nodes (2 to 4) at start."),
        QStringLiteral("N"));
    parser.addOption(virtualOption);
    parser.process(app);

    int virtualNodes = 0;
    if (parser.isSet(virtualOption)) {
        bool ok = false;
        virtualNodes = parser.value(virtualOption).toInt(&ok);
        if (!ok || virtualNodes < 2 || virtualNodes > 4) {
            std::fprintf(stderr, "%s\n",
                         qPrintable(QCoreApplication::translate("main", "halolink: --virtual-cluster takes a "
                                                                        "number of nodes from 2 to 4.")));
            return 2;
        }
    }

    const auto scheme = halolink::ui::parseColorScheme(parser.value(colorSchemeOption));
    if (!scheme) {
        std::fprintf(stderr, "%s\n",
                     qPrintable(QCoreApplication::translate("main", "halolink: --color-scheme must be system, "
                                                                    "light or dark.")));
        return 2;
    }
    halolink::ui::applyColorScheme(*scheme);

    int code = 0;
    {
        halolink::ui::MainWindow window;
        window.show();
        if (virtualNodes > 0)
            window.startVirtualCluster(virtualNodes);
        code = QApplication::exec();
    }
    // The window's SSH sessions end on their worker threads; let them finish
    // before exit() tears libssh and OpenSSL down.
    halolink::SshSession::waitForWorkerThreads(std::chrono::seconds(10));
    return code;
}
