// halolinkctl job: the smoke test's and a found job's JSON and text.

#include "cli/ctljob_internal.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace halolink::cli::jobcli {

QJsonObject smokeJson(const jobs::SmokeResult &r)
{
    return QJsonObject{
        {QStringLiteral("ok"), r.ok},
        {QStringLiteral("error"), r.error},
        {QStringLiteral("ttft_ms"), r.ttftMs},
        {QStringLiteral("total_ms"), r.totalMs},
        {QStringLiteral("completion_tokens"), r.tokens},
        {QStringLiteral("tokens_per_s"), r.tokensPerSecond ? QJsonValue(*r.tokensPerSecond) : QJsonValue()},
        {QStringLiteral("text"), r.text},
        {QStringLiteral("proof"), jobs::proofToJson(r.proof)}};
}

QJsonObject discoveredJson(const jobs::DiscoveredJob &d)
{
    QJsonArray nodes;
    for (const jobs::JobNode &n : d.job.nodes) {
        QJsonObject roles;
        for (const QString &role : d.job.rolesOn(n.nodeId))
            roles.insert(role, d.unreachable.contains(n.name) ? QJsonValue() : QJsonValue(d.running.value(n.nodeId).value(role)));
        nodes.append(QJsonObject{{QStringLiteral("node"), n.name},
                                 {QStringLiteral("data_ip"), n.dataIp},
                                 {QStringLiteral("reachable"), !d.unreachable.contains(n.name)},
                                 {QStringLiteral("roles"), roles}});
    }
    return QJsonObject{{QStringLiteral("name"), d.job.spec.name},
                       {QStringLiteral("engine"), jobs::engineName(d.job.spec.engine)},
                       {QStringLiteral("runtime"), jobs::runtimeName(d.job.spec.runtime)},
                       {QStringLiteral("model"), d.job.spec.model},
                       {QStringLiteral("api"), d.job.rendered.apiUrl},
                       {QStringLiteral("started_at"), d.job.startedAt.toString(Qt::ISODate)},
                       {QStringLiteral("state"), d.allRunning()   ? QStringLiteral("running")
                                                 : d.anyRunning() ? QStringLiteral("partly running")
                                                                  : QStringLiteral("stopped")},
                       {QStringLiteral("nodes"), nodes}};
}

void printSmoke(const jobs::SmokeResult &r, QTextStream &out)
{
    if (r.ok) {
        out << tr("smoke test: %n token(s)", nullptr, r.tokens) << ", "
            << tr("time to first token %1 ms").arg(r.ttftMs, 0, 'f', 0) << ", "
            << (r.tokensPerSecond ? tr("%1 tokens/s").arg(*r.tokensPerSecond, 0, 'f', 1) : tr("tokens/s n/a"))
            << '\n';
        out << tr("answer: %1").arg(r.text.simplified()) << '\n';
    } else {
        out << tr("smoke test failed: %1").arg(r.error) << '\n';
    }
    out << tr("traffic: %1").arg(jobs::verdictName(r.proof.verdict)) << " - " << r.proof.summary << '\n';
    for (const QString &d : r.proof.details)
        out << "  " << d << '\n';
    for (const QString &c : r.proof.causes)
        out << tr("likely cause: %1").arg(c) << '\n';
}

} // namespace halolink::cli::jobcli
