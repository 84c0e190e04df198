// halolink: the desktop app. Sets the application up and shows the main window.

#include "appidentity.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    halolink::setApplicationIdentity();
    QApplication::setApplicationDisplayName(QStringLiteral("HaloLink"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Cluster manager for RDMA-linked Strix Halo GPU nodes."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(app);

    halolink::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
