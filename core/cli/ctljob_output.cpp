// halolinkctl job: the smoke test's and a found job's JSON and text.

#include "cli/ctljob_internal.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace halolink::cli::jobcli {

QJsonObject smokeJson(const jobs::SmokeResult &r)
{
    QJsonArray nodes;
    for (const jobs::NodeTraffic &t : r.proof.nodes) {
        auto opt = [](const std::optional<qint64> &v) { return v ? QJsonValue(double(*v)) : QJsonValue(); };
        nodes.append(QJsonObject{{QStringLiteral("node"), t.name},
                                 {QStringLiteral("rdma_device"), t.rdmaDevice},
                                 {QStringLiteral("rdma_port"), t.rdmaPort},
                                 {QStringLiteral("rdma_packets"), opt(t.rdmaPackets)},
                                 {QStringLiteral("rdma_bytes"), opt(t.rdmaBytes)},
                                 {QStringLiteral("nic_bytes"), opt(t.nicBytes)},
                                 {QStringLiteral("nic_packets"), opt(t.nicPackets)},
                                 {QStringLiteral("rdma_moved"), t.rdmaMoved},
                                 {QStringLiteral("nic_moved"), t.nicMoved},
                                 {QStringLiteral("transport"), t.transport.isEmpty() ? QJsonValue() : QJsonValue(t.transport)},
                                 {QStringLiteral("queue_pairs"), t.queuePairs ? QJsonValue(*t.queuePairs) : QJsonValue()},
                                 {QStringLiteral("env_differences"), QJsonArray::fromStringList(t.envDifferences)},
                                 {QStringLiteral("state"), t.state},
                                 {QStringLiteral("error"), t.error}});
    }
    return QJsonObject{
        {QStringLiteral("ok"), r.ok},
        {QStringLiteral("error"), r.error},
        {QStringLiteral("ttft_ms"), r.ttftMs},
        {QStringLiteral("total_ms"), r.totalMs},
        {QStringLiteral("completion_tokens"), r.tokens},
        {QStringLiteral("tokens_per_s"), r.tokensPerSecond ? QJsonValue(*r.tokensPerSecond) : QJsonValue()},
        {QStringLiteral("text"), r.text},
        {QStringLiteral("proof"),
         QJsonObject{{QStringLiteral("verdict"), jobs::verdictName(r.proof.verdict)},
                     {QStringLiteral("summary"), r.proof.summary},
                     {QStringLiteral("details"), QJsonArray::fromStringList(r.proof.details)},
                     {QStringLiteral("causes"), QJsonArray::fromStringList(r.proof.causes)},
                     {QStringLiteral("evidence"), QJsonArray::fromStringList(r.proof.evidence)},
                     {QStringLiteral("nodes"), nodes}}}};
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
