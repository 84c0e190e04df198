#include "advise/advisor.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

#include <cmath>

namespace halolink::advise {

namespace {

// This file's texts outside a QObject: AdviceText::tr("...") is looked up in
// the context lupdate files it under.
struct AdviceText {
    Q_DECLARE_TR_FUNCTIONS(AdviceText)
};

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

QString unknownWord()
{
    return AdviceText::tr("unknown");
}

QString gib(Maybe bytes)
{
    return bytes ? QString::number(*bytes / kGiB, 'f', 1) : unknownWord();
}

// "41.9 GiB" or "unknown".
QString gibText(Maybe bytes)
{
    return bytes ? AdviceText::tr("%1 GiB").arg(gib(bytes)) : unknownWord();
}

QString ms(Maybe seconds)
{
    return seconds ? AdviceText::tr("%1 ms").arg(*seconds * 1e3, 0, 'f', 1) : unknownWord();
}

QString secondsText(Maybe seconds)
{
    if (!seconds)
        return unknownWord();
    if (*seconds < 1.0)
        return AdviceText::tr("%1 ms").arg(*seconds * 1e3, 0, 'f', 0);
    return AdviceText::tr("%1 s").arg(*seconds, 0, 'f', 2);
}

QString rate(Maybe v)
{
    return v ? QString::number(*v, 'f', 1) : unknownWord();
}

QString count(Maybe v)
{
    return v ? QString::number(qint64(*v)) : unknownWord();
}

QJsonValue num(Maybe v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QJsonValue flag(std::optional<bool> v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

template<typename T> QJsonValue opt(const std::optional<T> &v)
{
    return v ? QJsonValue(double(*v)) : QJsonValue(QJsonValue::Null);
}

// Whether every node's usable memory is the same (then "on each node").
bool sameUsable(const FitResult &f)
{
    for (const NodeShare &n : f.perNode) {
        if (!n.usableBytes || !f.perNode.first().usableBytes
            || *n.usableBytes != *f.perNode.first().usableBytes || !n.needBytes
            || !f.perNode.first().needBytes || *n.needBytes != *f.perNode.first().needBytes)
            return false;
    }
    return true;
}

// "61.2 of 104.8 GiB on each node" / "node1 40.1 of 111.6 GiB, node2 ...".
QString memoryText(const FitResult &f)
{
    if (f.perNode.isEmpty())
        return QString();
    if (f.perNode.size() == 1)
        return AdviceText::tr("%1 of %2 GiB").arg(gib(f.perNode[0].needBytes), gib(f.perNode[0].usableBytes));
    if (sameUsable(f))
        return AdviceText::tr("%1 of %2 GiB on each node")
            .arg(gib(f.perNode[0].needBytes), gib(f.perNode[0].usableBytes));
    QStringList parts;
    for (const NodeShare &n : f.perNode)
        parts << AdviceText::tr("%1 %2 of %3 GiB").arg(n.node, gib(n.needBytes), gib(n.usableBytes));
    return parts.join(QStringLiteral(", "));
}

// Why a fit is unknown, from its inputs.
QStringList unknownCauses(const FitResult &f, const ModelShape &s)
{
    QStringList why;
    if (!f.feasible)
        why << f.problems;
    for (const NodeShare &n : f.perNode) {
        if (!n.usableBytes)
            why << AdviceText::tr("%1's GPU memory is unknown").arg(n.node);
    }
    if (!f.weightBytes)
        why << AdviceText::tr("the model's weight bytes are unknown");
    if (!f.kvBytesPerToken)
        why << AdviceText::tr("the model's KV cache per token is unknown");
    if (f.way == Way::LayerSplit && (!s.weightBytesPerLayer || !s.outsideLayerBytes || !s.layers))
        why << AdviceText::tr("the model's bytes per layer are unknown");
    if (why.isEmpty())
        why << AdviceText::tr("a figure of the model or the nodes is unknown");
    return why;
}

QString verdictOf(const WayAdvice &w, const ModelShape &s)
{
    const FitResult &f = w.fit;
    if (f.feasible && !*f.feasible)
        return AdviceText::tr("not possible: %1").arg(f.problems.join(QStringLiteral("; ")));
    if (!f.fits)
        return AdviceText::tr("fit unknown: %1").arg(unknownCauses(f, s).join(QStringLiteral("; ")));
    if (!*f.fits) {
        QStringList over;
        for (const NodeShare &n : f.perNode) {
            if (n.fits && !*n.fits)
                over << AdviceText::tr("%1 needs %2 of %3 GiB")
                            .arg(n.node, gib(n.needBytes), gib(n.usableBytes));
        }
        return AdviceText::tr("does not fit (%1)").arg(over.join(QStringLiteral(", ")));
    }
    return AdviceText::tr("fits (%1)").arg(memoryText(f));
}

// The faster transport's decode speed of a way, and its name.
Maybe bestSpeed(const Prediction &p, QString *transport)
{
    const Maybe r = p.rdma.tokensPerSecond, t = p.tcp.tokensPerSecond;
    if (r && (!t || *r >= *t)) {
        *transport = p.rdma.transport;
        return r;
    }
    *transport = p.tcp.transport;
    return t;
}

void appendOnce(QStringList &list, const QStringList &items)
{
    for (const QString &s : items) {
        if (!list.contains(s))
            list << s;
    }
}

} // namespace

QString LinkSource::text() const
{
    if (kind == Kind::Reference)
        return AdviceText::tr("reference (FIELD_NOTES)");
    if (kind == Kind::LiveMesh)
        return bandwidthFromVerification
                   ? AdviceText::tr("latency from the live mesh, bandwidth from the cluster's verification at %1")
                         .arg(verifiedAt.toUTC().toString(Qt::ISODate))
                   : AdviceText::tr("latency from the live mesh, bandwidth reference (FIELD_NOTES)");
    if (kind == Kind::Verification)
        return AdviceText::tr("measured by the cluster's verification at %1 (the slowest of %n pair(s))", nullptr, pairs)
            .arg(measuredAt.toUTC().toString(Qt::ISODate));
    if (measuredAt.isValid())
        return AdviceText::tr("measured between %1 and %2 at %3")
            .arg(nodeA, nodeB, measuredAt.toUTC().toString(Qt::ISODate));
    return AdviceText::tr("measured between %1 and %2").arg(nodeA, nodeB);
}

QString wayKey(Way way)
{
    switch (way) {
    case Way::SingleNode:
        return QStringLiteral("single_node");
    case Way::TensorParallel:
        return QStringLiteral("tensor_parallel");
    case Way::LayerSplit:
        return QStringLiteral("layer_split");
    }
    return QString();
}

QString WayAdvice::title() const
{
    switch (way) {
    case Way::SingleNode:
        return fit.perNode.isEmpty() ? AdviceText::tr("single node")
                                     : AdviceText::tr("single node (%1)").arg(fit.perNode.first().node);
    case Way::TensorParallel:
        return AdviceText::tr("tensor parallel over %1").arg(nodes);
    case Way::LayerSplit:
        return AdviceText::tr("layer split over %1").arg(nodes);
    }
    return QString();
}

Advice advise(const AdviceRequest &r)
{
    Advice a;
    a.shape = r.shape;
    a.nodes = r.nodes;
    a.links = r.links;
    a.linkSource = r.linkSource;
    a.workload = r.workload;
    a.constants = r.assumptions;
    a.notes = r.notes;
    a.kvBytesPerToken = asMaybe(r.shape.kvElementsPerToken) * Maybe(r.assumptions.kvElementBytes);
    if (r.nodes.isEmpty()) {
        a.problems << AdviceText::tr("no nodes to plan for");
        a.recommendation = AdviceText::tr("none: no nodes");
        return a;
    }
    QList<Way> ways { Way::SingleNode };
    if (r.nodes.size() > 1)
        ways << Way::TensorParallel << Way::LayerSplit;
    for (Way way : ways) {
        WayAdvice w;
        w.way = way;
        w.fit = fit(r.shape, way, r.nodes, r.workload, r.assumptions);
        w.nodes = w.fit.nodes;
        const bool possible = !(w.fit.feasible && !*w.fit.feasible);
        if (possible && !(w.fit.fits && !*w.fit.fits))
            w.prediction = predict(r.shape, way, r.nodes, r.links, r.workload, r.assumptions);
        w.verdict = verdictOf(w, r.shape);
        appendOnce(a.assumptions, w.fit.assumptions);
        if (w.prediction)
            appendOnce(a.assumptions, w.prediction->assumptions);
        for (const QString &p : w.fit.problems)
            a.problems << QStringLiteral("%1: %2").arg(w.title(), p);
        a.ways << w;
    }
    a.assumptions << AdviceText::tr("links: %1").arg(r.linkSource.text());

    // The fastest way that fits; unknown when a way that fits has no known speed.
    std::optional<int> best;
    Maybe bestRate;
    QString bestTransport;
    QStringList unknownSpeed, unknownFit;
    QList<Maybe> unknownFitSpeed;
    for (int i = 0; i < a.ways.size(); ++i) {
        const WayAdvice &w = a.ways[i];
        QString transport;
        const Maybe speed = w.prediction ? bestSpeed(*w.prediction, &transport) : std::nullopt;
        if (!w.fit.fits) {
            unknownFit << w.title();
            unknownFitSpeed << speed;
            continue;
        }
        if (!*w.fit.fits)
            continue;
        if (!speed) {
            unknownSpeed << w.title();
            continue;
        }
        if (!bestRate || *speed > *bestRate) {
            best = i;
            bestRate = speed;
            bestTransport = transport;
        }
    }
    // A way whose fit is unknown and that could be faster (or whose speed is
    // unknown too) leaves the answer unknown: it may be the one to take.
    QStringList couldBeFaster;
    for (int i = 0; i < unknownFit.size(); ++i) {
        if (best && (!unknownFitSpeed[i] || *unknownFitSpeed[i] > *bestRate))
            couldBeFaster << unknownFit[i];
    }
    QString speedOfBest;
    if (best)
        speedOfBest = a.ways[*best].nodes > 1
            ? AdviceText::tr("%1 tok/s over %2").arg(rate(bestRate), bestTransport)
            : AdviceText::tr("%1 tok/s").arg(rate(bestRate));
    if (!unknownSpeed.isEmpty()) {
        a.recommendation = AdviceText::tr("unknown: the speed of %1 is unknown")
                               .arg(unknownSpeed.join(QStringLiteral(", ")));
    } else if (best && !couldBeFaster.isEmpty()) {
        a.recommendation
            = AdviceText::tr("unknown: %1 fits (%2), but whether %3 fits, which may be faster, is unknown")
                  .arg(a.ways[*best].title(), speedOfBest, couldBeFaster.join(QStringLiteral(", ")));
    } else if (best) {
        a.recommended = best;
        a.recommendation
            = AdviceText::tr("%1: the fastest way that fits (%2)").arg(a.ways[*best].title(), speedOfBest);
        if (!unknownFit.isEmpty())
            a.recommendation
                += AdviceText::tr("; whether %1 fits is unknown").arg(unknownFit.join(QStringLiteral(", ")));
    } else if (!unknownFit.isEmpty()) {
        a.recommendation = AdviceText::tr("unknown: no way is known to fit (whether %1 fits is unknown)")
                               .arg(unknownFit.join(QStringLiteral(", ")));
    } else {
        a.recommendation = AdviceText::tr("none: no way fits these nodes at this context and concurrency");
    }
    return a;
}

// ---------------------------------------------------------------- JSON

namespace {

QJsonObject partsJson(const Parts &p)
{
    return QJsonObject { { QStringLiteral("compute_s"), num(p.computeSeconds) },
        { QStringLiteral("comm_s"), num(p.commSeconds) },
        { QStringLiteral("total_s"), num(p.totalSeconds()) } };
}

QJsonObject transportJson(const TransportPrediction &t)
{
    return QJsonObject { { QStringLiteral("decode"), partsJson(t.decodeStep) },
        { QStringLiteral("tokens_per_s"), num(t.tokensPerSecond) },
        { QStringLiteral("aggregate_tokens_per_s"), num(t.aggregateTokensPerSecond) },
        { QStringLiteral("prefill"), partsJson(t.prefill) },
        { QStringLiteral("prefill_tokens_per_s"), num(t.prefillTokensPerSecond) },
        { QStringLiteral("ttft_s"), num(t.timeToFirstTokenSeconds) } };
}

QJsonObject linkJson(const LinkFigures &l)
{
    return QJsonObject { { QStringLiteral("one_way_latency_s"), opt(l.oneWayLatencySeconds) },
        { QStringLiteral("bandwidth_bytes_per_s"), opt(l.bandwidthBytesPerSecond) } };
}

QJsonObject wayJson(const WayAdvice &w)
{
    QJsonArray perNode;
    for (const NodeShare &n : w.fit.perNode)
        perNode.append(QJsonObject { { QStringLiteral("node"), n.node },
            { QStringLiteral("usable_bytes"), num(n.usableBytes) },
            { QStringLiteral("weight_bytes"), num(n.weightBytes) },
            { QStringLiteral("kv_bytes"), num(n.kvBytes) },
            { QStringLiteral("overhead_bytes"), num(n.overheadBytes) },
            { QStringLiteral("need_bytes"), num(n.needBytes) }, { QStringLiteral("layers"), num(n.layers) },
            { QStringLiteral("kv_bytes_per_token"), num(n.kvBytesPerToken) },
            { QStringLiteral("fits"), flag(n.fits) } });
    QJsonValue prediction(QJsonValue::Null);
    QStringList assumptions = w.fit.assumptions;
    if (w.prediction) {
        const Prediction &p = *w.prediction;
        prediction = QJsonObject { { QStringLiteral("decode_bytes_per_step"), num(p.decodeBytesPerStep) },
            { QStringLiteral("weight_bytes_per_step"), num(p.weightBytesPerStep) },
            { QStringLiteral("kv_bytes_per_step"), num(p.kvBytesPerStep) },
            { QStringLiteral("prefill_flops"), num(p.prefillFlops) },
            { QStringLiteral("message_bytes"), num(p.messageBytes) },
            { QStringLiteral("messages_per_step"), num(p.messagesPerStep) },
            { QStringLiteral("rdma"), transportJson(p.rdma) },
            { QStringLiteral("tcp"), transportJson(p.tcp) } };
        appendOnce(assumptions, p.assumptions);
    }
    return QJsonObject { { QStringLiteral("way"), wayKey(w.way) }, { QStringLiteral("title"), w.title() },
        { QStringLiteral("nodes"), w.nodes }, { QStringLiteral("feasible"), flag(w.fit.feasible) },
        { QStringLiteral("fits"), flag(w.fit.fits) }, { QStringLiteral("verdict"), w.verdict },
        { QStringLiteral("weight_bytes"), num(w.fit.weightBytes) },
        { QStringLiteral("kv_bytes_per_token"), num(w.fit.kvBytesPerToken) },
        { QStringLiteral("largest_context"), num(w.fit.largestContext) },
        { QStringLiteral("largest_context_by_memory"), num(w.fit.largestContextByMemory) },
        { QStringLiteral("model_context_length"), num(w.fit.modelContextLength) },
        { QStringLiteral("per_node"), perNode }, { QStringLiteral("prediction"), prediction },
        { QStringLiteral("assumptions"), QJsonArray::fromStringList(assumptions) },
        { QStringLiteral("problems"), QJsonArray::fromStringList(w.fit.problems) } };
}

} // namespace

QJsonObject adviceToJson(const Advice &a)
{
    const ModelShape &s = a.shape;
    QJsonArray nodes;
    for (const NodeFigures &n : a.nodes)
        nodes.append(QJsonObject { { QStringLiteral("name"), n.name },
            { QStringLiteral("gpu_memory_bytes"), opt(n.gpuMemoryBytes) },
            { QStringLiteral("usable_bytes"), num(usableBytes(n, a.constants)) },
            { QStringLiteral("memory_bandwidth_bytes_per_s"), opt(n.memoryBandwidth) },
            { QStringLiteral("peak_flops"), opt(n.peakFlops) } });
    QJsonArray ways;
    for (const WayAdvice &w : a.ways)
        ways.append(wayJson(w));
    const bool measured = a.linkSource.kind == LinkSource::Kind::Measured;
    const bool verification = a.linkSource.kind == LinkSource::Kind::Verification;
    const bool mesh = a.linkSource.kind == LinkSource::Kind::LiveMesh;
    QJsonObject links {
        { QStringLiteral("source"),
            measured           ? QStringLiteral("measured")
                : mesh         ? QStringLiteral("live_mesh")
                : verification ? QStringLiteral("verification")
                               : QStringLiteral("reference") },
        { QStringLiteral("bandwidth_source"),
            measured || verification || (mesh && a.linkSource.bandwidthFromVerification)
                ? (measured ? QStringLiteral("measured") : QStringLiteral("verification"))
                : QStringLiteral("reference") },
        { QStringLiteral("text"), a.linkSource.text() },
        { QStringLiteral("between"),
            measured ? QJsonValue(QJsonArray { a.linkSource.nodeA, a.linkSource.nodeB })
                     : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("measured_at"),
            (measured || verification) && a.linkSource.measuredAt.isValid()
                ? QJsonValue(a.linkSource.measuredAt.toUTC().toString(Qt::ISODate))
                : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("rdma"), linkJson(a.links.rdma) }, { QStringLiteral("tcp"), linkJson(a.links.tcp) }
    };
    QString weightSource;
    const auto weights = s.bestWeightBytes(&weightSource);
    QJsonObject model { { QStringLiteral("path"), s.path }, { QStringLiteral("format"), s.format },
        { QStringLiteral("architecture"), s.architecture ? QJsonValue(*s.architecture) : QJsonValue() },
        { QStringLiteral("layers"), opt(s.layers) }, { QStringLiteral("hidden_size"), opt(s.hiddenSize) },
        { QStringLiteral("attention_heads"), opt(s.attentionHeads) },
        { QStringLiteral("kv_heads"), opt(s.kvHeads) },
        { QStringLiteral("context_length"), opt(s.contextLength) },
        { QStringLiteral("experts"), opt(s.experts) }, { QStringLiteral("experts_used"), opt(s.expertsUsed) },
        { QStringLiteral("weight_bytes"), opt(weights) },
        { QStringLiteral("weight_bytes_source"), weightSource },
        { QStringLiteral("kv_bytes_per_token"), num(a.kvBytesPerToken) },
        { QStringLiteral("warnings"), QJsonArray::fromStringList(s.warnings) } };
    const Workload &w = a.workload;
    QJsonObject workload { { QStringLiteral("context_tokens"), double(w.contextTokens) },
        { QStringLiteral("concurrency"), double(w.concurrency) },
        { QStringLiteral("prompt_tokens"), double(w.promptTokens) },
        { QStringLiteral("answer_tokens"), double(w.generatedTokens) } };
    return QJsonObject { { QStringLiteral("schema"), QString::fromLatin1(kAdviceSchema) },
        { QStringLiteral("model"), model }, { QStringLiteral("workload"), workload },
        { QStringLiteral("nodes"), nodes }, { QStringLiteral("links"), links },
        { QStringLiteral("ways"), ways },
        { QStringLiteral("recommended"),
            a.recommended ? QJsonValue(wayKey(a.ways[*a.recommended].way)) : QJsonValue() },
        { QStringLiteral("recommendation"), a.recommendation },
        { QStringLiteral("assumptions"), QJsonArray::fromStringList(a.assumptions) },
        { QStringLiteral("problems"), QJsonArray::fromStringList(a.problems) },
        { QStringLiteral("notes"), QJsonArray::fromStringList(a.notes) } };
}

// ---------------------------------------------------------------- text

namespace {

QString linkText(const LinkFigures &l)
{
    const Maybe lat = asMaybe(l.oneWayLatencySeconds), bw = asMaybe(l.bandwidthBytesPerSecond);
    return AdviceText::tr("%1 us one way, %2 Gbit/s")
        .arg(lat ? QString::number(*lat * 1e6, 'f', 2) : unknownWord(),
            bw ? QString::number(*bw * 8 / 1e9, 'f', 1) : unknownWord());
}

// "9.1 tok/s over RDMA (100.3 ms compute + 9.3 ms link)"
QString decodeText(const TransportPrediction &t, bool link)
{
    if (!link)
        return AdviceText::tr("%1 tok/s (%2 compute)")
            .arg(rate(t.tokensPerSecond), ms(t.decodeStep.computeSeconds));
    return AdviceText::tr("%1 tok/s over %2 (%3 compute + %4 link)")
        .arg(rate(t.tokensPerSecond), t.transport, ms(t.decodeStep.computeSeconds),
            ms(t.decodeStep.commSeconds));
}

QString ttftText(const TransportPrediction &t, bool link)
{
    if (!link)
        return AdviceText::tr("%1 (%2 compute)")
            .arg(secondsText(t.timeToFirstTokenSeconds), secondsText(t.prefill.computeSeconds));
    return AdviceText::tr("%1 over %2 (%3 compute + %4 link)")
        .arg(secondsText(t.timeToFirstTokenSeconds), t.transport, secondsText(t.prefill.computeSeconds),
            secondsText(t.prefill.commSeconds));
}

QString contextText(const FitResult &f)
{
    if (!f.largestContext)
        return AdviceText::tr("largest context unknown");
    if (*f.largestContext <= 0)
        return AdviceText::tr("no context fits");
    if (f.modelContextLength && f.largestContextByMemory && *f.largestContextByMemory > *f.modelContextLength)
        return AdviceText::tr("largest context %1 tokens (the model's own; memory allows %2)")
            .arg(count(f.largestContext), count(f.largestContextByMemory));
    return AdviceText::tr("largest context %1 tokens").arg(count(f.largestContext));
}

} // namespace

QString adviceText(const Advice &a)
{
    QString out;
    QTextStream t(&out);
    const ModelShape &s = a.shape;
    QString weightSource;
    const Maybe weights = asMaybe(s.bestWeightBytes(&weightSource));
    t << AdviceText::tr("model %1 (%2, %3 layers, %4 GiB of weights; KV cache %5 KiB per token)")
             .arg(s.path, s.architecture.value_or(unknownWord()), count(asMaybe(s.layers)), gib(weights),
                 a.kvBytesPerToken ? QString::number(*a.kvBytesPerToken / 1024.0, 'f', 1) : unknownWord())
      << '\n';
    t << AdviceText::tr("workload: context %1 tokens x %n sequence(s); prompt %2 tokens, answer %3 tokens", nullptr,
                        int(a.workload.concurrency))
             .arg(a.workload.contextTokens)
             .arg(a.workload.promptTokens)
             .arg(a.workload.generatedTokens)
      << '\n';
    for (const NodeFigures &n : a.nodes)
        t << AdviceText::tr("%1: GPU memory %2, usable %3 (less %4 % for the runtime)")
                 .arg(n.name, gibText(asMaybe(n.gpuMemoryBytes)), gibText(usableBytes(n, a.constants)))
                 .arg(a.constants.runtimeReserveFraction * 100, 0, 'f', 0)
          << '\n';
    if (a.nodes.size() > 1)
        t << AdviceText::tr("links %1: RDMA %2; TCP %3")
                 .arg(a.linkSource.text(), linkText(a.links.rdma), linkText(a.links.tcp))
          << '\n';
    for (const WayAdvice &w : a.ways) {
        QStringList parts { w.verdict };
        if (!(w.fit.feasible && !*w.fit.feasible))
            parts << contextText(w.fit);
        if (w.prediction) {
            const Prediction &p = *w.prediction;
            const bool link = w.nodes > 1;
            QString decode = AdviceText::tr("decode %1").arg(decodeText(p.rdma, link));
            if (link)
                decode += QStringLiteral(", ") + decodeText(p.tcp, link);
            parts << decode;
            if (a.workload.concurrency > 1 && link)
                parts << AdviceText::tr("in all (%1 sequences) %2 tok/s over RDMA, %3 over TCP")
                             .arg(a.workload.concurrency)
                             .arg(
                                 rate(p.rdma.aggregateTokensPerSecond), rate(p.tcp.aggregateTokensPerSecond));
            else if (a.workload.concurrency > 1)
                parts << AdviceText::tr("in all (%1 sequences) %2 tok/s")
                             .arg(a.workload.concurrency)
                             .arg(rate(p.rdma.aggregateTokensPerSecond));
            QString ttft = AdviceText::tr("time to first token %1").arg(ttftText(p.rdma, link));
            if (link)
                ttft += QStringLiteral(", ") + ttftText(p.tcp, link);
            parts << ttft;
        }
        t << w.title() << ": " << parts.join(QStringLiteral("; ")) << '\n';
        for (const NodeShare &n : w.fit.perNode) {
            t << "    "
              << AdviceText::tr("%1: weights %2 + KV cache %3 + overhead %4 = %5, usable %6")
                     .arg(n.node, gibText(n.weightBytes), gibText(n.kvBytes), gibText(n.overheadBytes),
                         gibText(n.needBytes), gibText(n.usableBytes));
            if (w.way == Way::LayerSplit)
                t << AdviceText::tr(", %1 layers").arg(count(n.layers));
            t << '\n';
        }
    }
    t << AdviceText::tr("recommended: %1").arg(a.recommendation) << '\n';
    if (!a.notes.isEmpty()) {
        t << AdviceText::tr("notes:") << '\n';
        for (const QString &n : a.notes)
            t << "  - " << n << '\n';
    }
    t << AdviceText::tr("assumptions:") << '\n';
    for (const QString &as : a.assumptions)
        t << "  - " << as << '\n';
    return out;
}

} // namespace halolink::advise
