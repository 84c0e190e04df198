#pragma once
// What halolinkctl job's files share (core/cli only): the JSON and text of
// a smoke test, a found job, waiting for the launcher, and the actions on
// jobs found on the nodes (ctljob_actions.cpp).

#include "cli/ctlcommon.h"

#include "jobs/joblauncher.h"

#include <QEventLoop>
#include <QJsonObject>
#include <QTextStream>

namespace halolink {
class Inventory;
}

namespace halolink::cli::jobcli {

QJsonObject smokeJson(const jobs::SmokeResult &r);
QJsonObject discoveredJson(const jobs::DiscoveredJob &d);
void printSmoke(const jobs::SmokeResult &r, QTextStream &out);

// Waits for one of the launcher's finish signals.
template<typename Signal>
bool waitFor(jobs::JobLauncher &launcher, Signal signal)
{
    QEventLoop loop;
    bool result = false;
    QObject::connect(&launcher, signal, &loop, [&](bool ok) {
        result = ok;
        loop.quit();
    });
    loop.exec();
    return result;
}

struct ActionArgs {
    QString action;
    QStringList args; // job name, then nodes (status: nodes)
    QString node;
    QString role;
    QString lines;
    bool follow = false;
    bool json = false;
    bool acceptNew = false;
    double timeoutSeconds = 120;
    QString prompt;
    int maxTokens = 64;
};

// status, logs, stop, restart, smoke, api-key.
int runJobAction(const ActionArgs &a, Inventory &inventory, QTextStream &out, QTextStream &err);

} // namespace halolink::cli::jobcli
