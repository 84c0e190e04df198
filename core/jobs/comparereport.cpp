#include "jobs/comparereport.h"
#include "jobs/jobs_internal.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTextStream>

#include <algorithm>

namespace halolink::jobs {

namespace {

const QString kSchema = QStringLiteral("halolink.compare/1");

std::optional<double> numberAt(const QJsonObject &o, const QString &key, const QString &sub = {})
{
    QJsonValue v = o.value(key);
    if (!sub.isEmpty())
        v = v.toObject().value(sub);
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

// The bench's level of that concurrency, or an empty object.
QJsonObject levelOf(const QJsonObject &bench, int concurrency)
{
    for (const QJsonValue &v : bench.value(QStringLiteral("levels")).toArray()) {
        const QJsonObject l = v.toObject();
        if (l.value(QStringLiteral("concurrency")).toInt() == concurrency)
            return l;
    }
    return {};
}

// A level counts when all its requests answered: a partly failed level's
// figures are not comparable.
bool complete(const QJsonObject &level)
{
    return !level.isEmpty() && level.value(QStringLiteral("failed")).toInt(1) == 0;
}

QJsonValue opt(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

QJsonObject runJson(const CompareRun &r)
{
    return QJsonObject{{QStringLiteral("tcp_only"), r.tcpOnly},
                       {QStringLiteral("ran"), r.ran},
                       {QStringLiteral("ok"), r.ok},
                       {QStringLiteral("error"), r.error.isEmpty() ? QJsonValue() : QJsonValue(r.error)},
                       {QStringLiteral("proof"), proofToJson(r.proof)},
                       {QStringLiteral("bench"), r.bench.isEmpty() ? QJsonValue() : QJsonValue(r.bench)}};
}

CompareRun runFromJson(const QJsonObject &o)
{
    CompareRun r;
    r.tcpOnly = o.value(QStringLiteral("tcp_only")).toBool();
    r.ran = o.value(QStringLiteral("ran")).toBool();
    r.ok = o.value(QStringLiteral("ok")).toBool();
    r.error = o.value(QStringLiteral("error")).toString();
    r.proof = proofFromJson(o.value(QStringLiteral("proof")).toObject());
    r.bench = o.value(QStringLiteral("bench")).toObject();
    return r;
}

QString fixed(const std::optional<double> &v, int decimals)
{
    return v ? QString::number(*v, 'f', decimals) : QString();
}

} // namespace

QList<CompareLevel> Comparison::levels() const
{
    QList<CompareLevel> out;
    for (int c : concurrency) {
        CompareLevel l;
        l.concurrency = c;
        const QJsonObject r = levelOf(rdma.bench, c);
        const QJsonObject t = levelOf(tcp.bench, c);
        if (complete(r)) {
            l.rdmaTokensPerS = numberAt(r, QStringLiteral("total_output_tokens_per_s"));
            l.rdmaTtftP50Ms = numberAt(r, QStringLiteral("ttft_ms"), QStringLiteral("p50"));
            l.rdmaItlP50Ms = numberAt(r, QStringLiteral("itl_ms"), QStringLiteral("p50"));
            l.rdmaItlP99Ms = numberAt(r, QStringLiteral("itl_ms"), QStringLiteral("p99"));
        }
        if (complete(t)) {
            l.tcpTokensPerS = numberAt(t, QStringLiteral("total_output_tokens_per_s"));
            l.tcpTtftP50Ms = numberAt(t, QStringLiteral("ttft_ms"), QStringLiteral("p50"));
            l.tcpItlP50Ms = numberAt(t, QStringLiteral("itl_ms"), QStringLiteral("p50"));
            l.tcpItlP99Ms = numberAt(t, QStringLiteral("itl_ms"), QStringLiteral("p99"));
        }
        if (l.rdmaTokensPerS && l.tcpTokensPerS && *l.tcpTokensPerS > 0)
            l.speedup = *l.rdmaTokensPerS / *l.tcpTokensPerS;
        out << l;
    }
    return out;
}

int Comparison::outputsCompared() const
{
    if (!rdma.ok || !tcp.ok)
        return 0;
    const QJsonArray a = rdma.bench.value(QStringLiteral("prompt_sha256")).toArray();
    const QJsonArray b = tcp.bench.value(QStringLiteral("prompt_sha256")).toArray();
    if (a.isEmpty() || a.size() != b.size())
        return 0;
    int n = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        n += a[i].isString() && b[i].isString() ? 1 : 0;
    return n;
}

std::optional<bool> Comparison::outputsMatch() const
{
    if (!rdma.ok || !tcp.ok)
        return std::nullopt;
    // Prompt by prompt: a benchmark with fewer requests than prompts leaves
    // some out (null), and those say nothing.
    if (outputsCompared() > 0) {
        const QJsonArray a = rdma.bench.value(QStringLiteral("prompt_sha256")).toArray();
        const QJsonArray b = tcp.bench.value(QStringLiteral("prompt_sha256")).toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (a[i].isString() && b[i].isString() && a[i].toString() != b[i].toString())
                return false;
        }
        return true;
    }
    const QString a = rdma.bench.value(QStringLiteral("outputs_sha256")).toString();
    const QString b = tcp.bench.value(QStringLiteral("outputs_sha256")).toString();
    if (a.isEmpty() || b.isEmpty())
        return std::nullopt;
    return a == b;
}

QJsonObject toJson(const Comparison &c)
{
    QJsonArray levels;
    for (const CompareLevel &l : c.levels())
        levels.append(QJsonObject{{QStringLiteral("concurrency"), l.concurrency},
                                  {QStringLiteral("rdma_tokens_per_s"), opt(l.rdmaTokensPerS)},
                                  {QStringLiteral("tcp_tokens_per_s"), opt(l.tcpTokensPerS)},
                                  {QStringLiteral("speedup"), opt(l.speedup)},
                                  {QStringLiteral("rdma_ttft_p50_ms"), opt(l.rdmaTtftP50Ms)},
                                  {QStringLiteral("tcp_ttft_p50_ms"), opt(l.tcpTtftP50Ms)},
                                  {QStringLiteral("rdma_itl_p50_ms"), opt(l.rdmaItlP50Ms)},
                                  {QStringLiteral("tcp_itl_p50_ms"), opt(l.tcpItlP50Ms)},
                                  {QStringLiteral("rdma_itl_p99_ms"), opt(l.rdmaItlP99Ms)},
                                  {QStringLiteral("tcp_itl_p99_ms"), opt(l.tcpItlP99Ms)}});
    QJsonArray concurrency;
    for (int n : c.concurrency)
        concurrency.append(n);
    const auto match = c.outputsMatch();
    return QJsonObject{{QStringLiteral("schema"), kSchema},
                       {QStringLiteral("job"), c.jobName},
                       {QStringLiteral("engine"), c.engine},
                       {QStringLiteral("nodes"), QJsonArray::fromStringList(c.nodes)},
                       {QStringLiteral("started"), c.started.toUTC().toString(Qt::ISODateWithMs)},
                       {QStringLiteral("finished"), c.finished.isValid() ? QJsonValue(c.finished.toUTC().toString(Qt::ISODateWithMs))
                                                                        : QJsonValue()},
                       {QStringLiteral("concurrency"), concurrency},
                       {QStringLiteral("max_tokens"), c.maxTokens},
                       {QStringLiteral("seed"), c.seed},
                       {QStringLiteral("ok"), c.ok},
                       {QStringLiteral("cancelled"), c.cancelled},
                       {QStringLiteral("error"), c.error.isEmpty() ? QJsonValue() : QJsonValue(c.error)},
                       {QStringLiteral("restored"), c.restored},
                       {QStringLiteral("restore_error"), c.restoreError.isEmpty() ? QJsonValue() : QJsonValue(c.restoreError)},
                       {QStringLiteral("outputs_match"), match ? QJsonValue(*match) : QJsonValue()},
                       {QStringLiteral("outputs_compared"), c.outputsCompared()},
                       {QStringLiteral("levels"), levels},
                       {QStringLiteral("runs"), QJsonObject{{QStringLiteral("rdma"), runJson(c.rdma)},
                                                            {QStringLiteral("tcp"), runJson(c.tcp)}}},
                       {QStringLiteral("prediction"), c.prediction.isEmpty() ? QJsonValue() : QJsonValue(c.prediction)}};
}

std::optional<Comparison> comparisonFromJson(const QJsonObject &o, QString *error)
{
    if (o.value(QStringLiteral("schema")).toString() != kSchema) {
        if (error)
            *error = QStringLiteral("not a %1 document").arg(kSchema);
        return std::nullopt;
    }
    Comparison c;
    c.jobName = o.value(QStringLiteral("job")).toString();
    c.engine = o.value(QStringLiteral("engine")).toString();
    for (const QJsonValue &v : o.value(QStringLiteral("nodes")).toArray())
        c.nodes << v.toString();
    c.started = QDateTime::fromString(o.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
    c.finished = QDateTime::fromString(o.value(QStringLiteral("finished")).toString(), Qt::ISODateWithMs);
    for (const QJsonValue &v : o.value(QStringLiteral("concurrency")).toArray())
        c.concurrency << v.toInt();
    c.maxTokens = o.value(QStringLiteral("max_tokens")).toInt();
    c.seed = o.value(QStringLiteral("seed")).toInt();
    c.ok = o.value(QStringLiteral("ok")).toBool();
    c.cancelled = o.value(QStringLiteral("cancelled")).toBool();
    c.error = o.value(QStringLiteral("error")).toString();
    c.restored = o.value(QStringLiteral("restored")).toBool(true);
    c.restoreError = o.value(QStringLiteral("restore_error")).toString();
    const QJsonObject runs = o.value(QStringLiteral("runs")).toObject();
    c.rdma = runFromJson(runs.value(QStringLiteral("rdma")).toObject());
    c.tcp = runFromJson(runs.value(QStringLiteral("tcp")).toObject());
    c.prediction = o.value(QStringLiteral("prediction")).toObject();
    if (c.jobName.isEmpty() || !c.started.isValid()) {
        if (error)
            *error = QStringLiteral("the comparison names no job or start time");
        return std::nullopt;
    }
    return c;
}

QString comparisonText(const Comparison &c)
{
    QString s;
    QTextStream out(&s);
    out << Jobs::tr("RDMA against TCP for the job '%1' (%2 on %3), %4 tokens per answer, greedy (seed %5)")
               .arg(c.jobName, c.engine, c.nodes.join(QStringLiteral(", ")))
               .arg(c.maxTokens)
               .arg(c.seed)
        << '\n';
    auto runLine = [&out](const char *name, const CompareRun &r) {
        out << "  " << name << ": ";
        if (!r.ran)
            out << Jobs::tr("not run");
        else if (r.ok)
            out << Jobs::tr("done");
        else
            out << Jobs::tr("failed: %1").arg(r.error);
        out << Jobs::tr("; traffic: %1").arg(verdictName(r.proof.verdict));
        if (!r.proof.summary.isEmpty())
            out << " - " << r.proof.summary;
        out << '\n';
    };
    runLine("RDMA run", c.rdma);
    runLine("TCP run ", c.tcp);
    out << QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
               .arg(Jobs::tr("concurrency"), 11)
               .arg(Jobs::tr("RDMA tok/s"), 10)
               .arg(Jobs::tr("TCP tok/s"), 10)
               .arg(Jobs::tr("speed-up"), 8)
               .arg(Jobs::tr("TTFT p50 RDMA/TCP ms"), 20)
               .arg(Jobs::tr("ITL p50 RDMA/TCP ms"), 19)
               .arg(Jobs::tr("ITL p99 RDMA/TCP ms"), 19);
    auto pair = [](const std::optional<double> &a, const std::optional<double> &b) {
        const QString na = Jobs::tr("n/a");
        return (a ? QString::number(*a, 'f', 1) : na) + QLatin1Char('/') + (b ? QString::number(*b, 'f', 1) : na);
    };
    for (const CompareLevel &l : c.levels()) {
        const QString na = Jobs::tr("n/a");
        out << QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
                   .arg(l.concurrency, 11)
                   .arg(l.rdmaTokensPerS ? QString::number(*l.rdmaTokensPerS, 'f', 1) : na, 10)
                   .arg(l.tcpTokensPerS ? QString::number(*l.tcpTokensPerS, 'f', 1) : na, 10)
                   .arg(l.speedup ? QStringLiteral("%1x").arg(*l.speedup, 0, 'f', 2) : na, 8)
                   .arg(pair(l.rdmaTtftP50Ms, l.tcpTtftP50Ms), 20)
                   .arg(pair(l.rdmaItlP50Ms, l.tcpItlP50Ms), 19)
                   .arg(pair(l.rdmaItlP99Ms, l.tcpItlP99Ms), 19);
    }
    const auto match = c.outputsMatch();
    out << (match ? (*match ? Jobs::tr("The greedy outputs of both runs are the same.")
                            : Jobs::tr("The greedy outputs differ between the runs: one transport changed the results "
                                          "(or the server is not deterministic)."))
                  : Jobs::tr("The outputs could not be compared (a run is missing or failed)."))
        << '\n';
    const QJsonObject p = c.prediction;
    if (!p.isEmpty()) {
        const auto r = numberAt(p, QStringLiteral("rdma_tokens_per_s"));
        const auto t = numberAt(p, QStringLiteral("tcp_tokens_per_s"));
        out << Jobs::tr("Predicted before launch (%1, one sequence): RDMA %2 tok/s, TCP %3 tok/s")
                   .arg(p.value(QStringLiteral("way")).toString(), r ? QString::number(*r, 'f', 1) : Jobs::tr("n/a"),
                        t ? QString::number(*t, 'f', 1) : Jobs::tr("n/a"));
        if (r && t && *t > 0)
            out << Jobs::tr(", speed-up %1x").arg(*r / *t, 0, 'f', 2);
        out << '\n';
    }
    if (c.cancelled)
        out << Jobs::tr("Cancelled.") << '\n';
    else if (!c.error.isEmpty())
        out << Jobs::tr("The comparison failed: %1").arg(c.error) << '\n';
    out << (c.restored ? Jobs::tr("The job runs as it did before the comparison.")
                       : Jobs::tr("The job could not be put back as it was: %1").arg(c.restoreError))
        << '\n';
    return s;
}

QString comparisonCsv(const Comparison &c)
{
    QString s = QStringLiteral("concurrency,rdma_tokens_per_s,tcp_tokens_per_s,speedup,rdma_ttft_p50_ms,tcp_ttft_p50_ms,"
                               "rdma_itl_p50_ms,tcp_itl_p50_ms,rdma_itl_p99_ms,tcp_itl_p99_ms\n");
    for (const CompareLevel &l : c.levels())
        s += QStringList{QString::number(l.concurrency), fixed(l.rdmaTokensPerS, 3), fixed(l.tcpTokensPerS, 3),
                         fixed(l.speedup, 4), fixed(l.rdmaTtftP50Ms, 3), fixed(l.tcpTtftP50Ms, 3), fixed(l.rdmaItlP50Ms, 3),
                         fixed(l.tcpItlP50Ms, 3), fixed(l.rdmaItlP99Ms, 3), fixed(l.tcpItlP99Ms, 3)}
                 .join(QLatin1Char(','))
             + QLatin1Char('\n');
    return s;
}

ComparisonStore::ComparisonStore(QString folder)
    : m_folder(folder.isEmpty()
                   ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/comparisons")
                   : std::move(folder))
{
}

QString ComparisonStore::save(const Comparison &c, QString *error) const
{
    if (!QDir().mkpath(m_folder)) {
        if (error)
            *error = Jobs::tr("Cannot create %1.").arg(m_folder);
        return {};
    }
    // The job's name is checked by the job spec (a safe file name); the time keeps runs apart.
    QString safeName = c.jobName;
    for (QChar &ch : safeName)
        if (!ch.isLetterOrNumber() && ch != QLatin1Char('-') && ch != QLatin1Char('_') && ch != QLatin1Char('.'))
            ch = QLatin1Char('_');
    const QString path = QStringLiteral("%1/%2-%3.json")
                             .arg(m_folder, safeName, c.started.toUTC().toString(QStringLiteral("yyyyMMddTHHmmsszzz")));
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        if (error)
            *error = Jobs::tr("Cannot write %1: %2").arg(path, f.errorString());
        return {};
    }
    f.write(QJsonDocument(toJson(c)).toJson(QJsonDocument::Indented));
    if (!f.commit()) {
        if (error)
            *error = Jobs::tr("Cannot write %1: %2").arg(path, f.errorString());
        return {};
    }
    return path;
}

QList<Comparison> ComparisonStore::list(const QString &jobName) const
{
    QList<Comparison> out;
    const QDir dir(m_folder);
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const auto c = comparisonFromJson(QJsonDocument::fromJson(f.readAll()).object());
        if (c && (jobName.isEmpty() || c->jobName == jobName))
            out << *c;
    }
    std::sort(out.begin(), out.end(), [](const Comparison &a, const Comparison &b) { return a.started > b.started; });
    return out;
}

} // namespace halolink::jobs
