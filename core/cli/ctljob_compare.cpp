// halolinkctl job bench|compare: the serving benchmark of a running job (with
// its transport proof), and the RDMA/TCP comparison (core/jobs/jobcompare.h),
// kept with the cluster; `compare NAME --list` shows the kept ones.

#include "cli/ctljob_internal.h"

#include "cli/ctlinterrupt.h"

#include "jobs/comparereport.h"
#include "jobs/jobcompare.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace halolink::cli::jobcli {

int listComparisons(const ActionArgs &a, const QString &jobName, QTextStream &out, QTextStream &err)
{
    const jobs::ComparisonStore store;
    const QList<jobs::Comparison> kept = store.list(jobName);
    if (a.json) {
        QJsonArray arr;
        for (const jobs::Comparison &c : kept)
            arr.append(jobs::toJson(c));
        out << QJsonDocument(QJsonObject{{QStringLiteral("schema"), QStringLiteral("halolink.compare-list/1")},
                                         {QStringLiteral("job"), jobName},
                                         {QStringLiteral("comparisons"), arr}})
                   .toJson(QJsonDocument::Indented);
        return CtlOk;
    }
    if (kept.isEmpty()) {
        err << "halolinkctl job compare: " << tr("no comparison of '%1' kept in %2.").arg(jobName, store.folder()) << '\n';
        return CtlFailure;
    }
    if (a.csv) {
        out << jobs::comparisonCsv(kept.first()); // the newest
        return CtlOk;
    }
    for (const jobs::Comparison &c : kept)
        out << c.started.toLocalTime().toString(Qt::ISODate) << '\n' << jobs::comparisonText(c) << '\n';
    return CtlOk;
}

int runJobBenchmark(const ActionArgs &a, const jobs::DiscoveredJob &match, CtlConnector &connector, QTextStream &out,
                    QTextStream &err)
{
    const QString prefix = QStringLiteral("halolinkctl job %1: ").arg(a.action);
    if (!match.allRunning()) {
        err << prefix << tr("the job '%1' is not running on every node (halolinkctl job status).").arg(match.job.spec.name)
            << '\n';
        return CtlFailure;
    }
    QString why;
    const auto levels = jobs::parseConcurrencyLevels(a.concurrency, &why);
    if (!levels) {
        err << prefix << why << '\n';
        return CtlUsage;
    }
    jobs::ServeBenchOptions o;
    o.concurrency = *levels;
    o.requests = a.requests;
    o.maxTokens = a.maxTokensGiven ? a.maxTokens : 128;
    o.seed = a.seed;
    QTextStream &progress = a.json || a.csv ? err : out;
    auto say = [&progress](const QString &node, const QString &text) {
        progress << (node.isEmpty() ? QString() : node + QStringLiteral(": ")) << text << '\n';
        progress.flush();
    };
    auto level = [&progress](const QString &transport, int c, int done, int of) {
        progress << QStringLiteral("  %1concurrency %2: %3/%4\n").arg(transport).arg(c).arg(done).arg(of);
        progress.flush();
    };
    InterruptWatch interrupt;

    if (a.action == QLatin1String("bench")) {
        jobs::JobLauncher launcher(&connector.controller());
        launcher.setJob(match.job);
        QObject::connect(&launcher, &jobs::JobLauncher::message, &launcher, say);
        QObject::connect(&launcher, &jobs::JobLauncher::benchProgress, &launcher,
                         [&](int c, int done, int of) { level(QString(), c, done, of); });
        bool cancelled = false;
        QEventLoop loop;
        bool ok = false;
        QObject::connect(&launcher, &jobs::JobLauncher::benchFinished, &loop, [&](bool r) {
            ok = r;
            loop.quit();
        });
        QObject::connect(&interrupt, &InterruptWatch::interrupted, &loop, [&] {
            cancelled = true;
            launcher.cancel();
            loop.quit();
        });
        launcher.serveBench(o);
        loop.exec();
        const jobs::ServeBenchResult &r = launcher.benchResult();
        if (a.json)
            out << QJsonDocument(QJsonObject{{QStringLiteral("schema"), QStringLiteral("halolink.job-bench/1")},
                                             {QStringLiteral("name"), match.job.spec.name},
                                             {QStringLiteral("ok"), ok},
                                             {QStringLiteral("error"), cancelled ? tr("Cancelled.") : r.error},
                                             {QStringLiteral("bench"), r.document},
                                             {QStringLiteral("proof"), jobs::proofToJson(r.proof)}})
                       .toJson(QJsonDocument::Indented);
        else if (ok)
            out << tr("traffic: %1 - %2").arg(jobs::verdictName(r.proof.verdict), r.proof.summary) << '\n';
        if (!ok)
            err << prefix << (cancelled ? tr("Cancelled.") : r.error) << '\n';
        if (ok && !a.json) {
            for (const QJsonValue &v : r.document.value(QStringLiteral("levels")).toArray()) {
                const QJsonObject l = v.toObject();
                out << tr("concurrency %1: %2 tok/s in all, time to first token p50 %3 ms, inter-token p50 %4 ms")
                           .arg(l.value(QStringLiteral("concurrency")).toInt())
                           .arg(l.value(QStringLiteral("total_output_tokens_per_s")).toDouble(), 0, 'f', 1)
                           .arg(l.value(QStringLiteral("ttft_ms")).toObject().value(QStringLiteral("p50")).toDouble(), 0, 'f', 0)
                           .arg(l.value(QStringLiteral("itl_ms")).toObject().value(QStringLiteral("p50")).toDouble(), 0, 'f', 1)
                    << '\n';
            }
        }
        return ok ? CtlOk : CtlFailure;
    }

    // compare
    jobs::JobComparison comparison(&connector.controller());
    comparison.setSecrets(a.secrets);
    QObject::connect(&comparison, &jobs::JobComparison::message, &comparison, say);
    QObject::connect(&comparison, &jobs::JobComparison::benchProgress, &comparison, [&](bool tcp, int c, int done, int of) {
        level(tcp ? QStringLiteral("TCP, ") : QStringLiteral("RDMA, "), c, done, of);
    });
    QObject::connect(&interrupt, &InterruptWatch::interrupted, &comparison, [&] { comparison.cancel(); });
    QEventLoop loop;
    QObject::connect(&comparison, &jobs::JobComparison::finished, &loop, &QEventLoop::quit);
    comparison.start(match.job, o);
    loop.exec();
    const jobs::Comparison &c = comparison.result();
    if (a.json)
        out << QJsonDocument(jobs::toJson(c)).toJson(QJsonDocument::Indented);
    else if (a.csv)
        out << jobs::comparisonCsv(c);
    else
        out << jobs::comparisonText(c);
    if (!c.ok)
        err << prefix << (c.cancelled ? tr("Cancelled.") : c.error) << '\n';
    if (!c.restored)
        err << prefix << tr("the job is not as it was: %1").arg(c.restoreError) << '\n';
    return c.ok ? CtlOk : CtlFailure;
}

} // namespace halolink::cli::jobcli
