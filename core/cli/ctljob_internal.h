#pragma once
// What halolinkctl job's files share (core/cli only): the JSON and text of
// a smoke test, a found job, waiting for the launcher, and the actions on
// jobs found on the nodes (ctljob_actions.cpp).

#include "cli/ctlcommon.h"

#include "jobs/joblauncher.h"

#include <QEventLoop>
#include <QHash>
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
    bool maxTokensGiven = false;
    // bench, compare
    QString concurrency = QStringLiteral("1,4,16");
    int requests = 0;
    int seed = 1234;
    bool csv = false;
    bool list = false;
    QHash<QString, QByteArray> secrets;
    // advise (ctljob_advise.cpp): the options' texts, checked there (empty: the default)
    QString model;
    bool concurrencyGiven = false;
    QString context;
    QString promptTokens;
    QString answerTokens;
    QString links;
};

// status, logs, stop, restart, smoke, api-key, bench, compare.
int runJobAction(const ActionArgs &a, Inventory &inventory, QTextStream &out, QTextStream &err);
// bench, compare (ctljob_compare.cpp): on a found job, every node connected.
int runJobBenchmark(const ActionArgs &a, const jobs::DiscoveredJob &match, CtlConnector &connector, QTextStream &out,
                    QTextStream &err);
// compare NAME --list: the comparisons kept with the cluster.
int listComparisons(const ActionArgs &a, const QString &jobName, QTextStream &out, QTextStream &err);

} // namespace halolink::cli::jobcli

namespace halolink::cli {
// advise --model M NODE... (ctljob_advise.cpp; in halolink::cli, where tr() is halolinkctl's).
int runJobAdvise(const jobcli::ActionArgs &a, Inventory &inventory, QTextStream &out, QTextStream &err);
} // namespace halolink::cli
