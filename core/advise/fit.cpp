#include "advise/fit.h"

#include <cmath>

namespace halolink::advise {

namespace {

Maybe kvBytesPerToken(const ModelShape &s, const Assumptions &a)
{
    return asMaybe(s.kvElementsPerToken) * Maybe(a.kvElementBytes);
}

// llama.cpp and vLLM keep the logits of a forward pass in f32: tokens x vocab x 4.
Maybe logitsBytes(const ModelShape &s, const Assumptions &a, const Workload &w)
{
    const double tokens = double(std::max<std::uint64_t>(a.prefillChunkTokens, w.concurrency));
    return asMaybe(s.vocabSize) * Maybe(tokens * 4.0);
}

std::optional<bool> allOf(const QList<NodeShare> &shares)
{
    bool all = true;
    for (const NodeShare &n : shares) {
        if (!n.fits)
            return std::nullopt;
        all = all && *n.fits;
    }
    return all;
}

} // namespace

Maybe usableBytes(const NodeFigures &node, const Assumptions &a)
{
    return asMaybe(node.gpuMemoryBytes) * Maybe(1.0 - a.runtimeReserveFraction)
        - Maybe(double(a.runtimeReserveBytes));
}

Maybe kvHeadsPerRank(Maybe kvHeads, int ranks)
{
    if (!kvHeads || ranks <= 0)
        return std::nullopt;
    return *kvHeads >= ranks ? Maybe(*kvHeads / ranks) : Maybe(1.0);
}

QList<Maybe> layersProportionalToMemory(Maybe layers, const QList<Maybe> &usable)
{
    QList<Maybe> out;
    Maybe total = 0.0;
    for (const Maybe &u : usable)
        total = total + u;
    if (!layers || !total || *total <= 0) {
        for (int i = 0; i < usable.size(); ++i)
            out << std::nullopt;
        return out;
    }
    double cumulative = 0, assigned = 0;
    for (const Maybe &u : usable) {
        cumulative += *u / *total;
        const double upTo = std::round(cumulative * *layers);
        out << Maybe(upTo - assigned);
        assigned = upTo;
    }
    return out;
}

FitResult fit(
    const ModelShape &s, Way way, const QList<NodeFigures> &nodesIn, const Workload &w, const Assumptions &a)
{
    FitResult r;
    r.way = way;
    const QList<NodeFigures> nodes = way == Way::SingleNode ? nodesIn.mid(0, 1) : nodesIn;
    r.nodes = int(nodes.size());
    r.kvBytesPerToken = kvBytesPerToken(s, a);
    QString weightSource;
    r.weightBytes = asMaybe(s.bestWeightBytes(&weightSource));
    r.modelContextLength = asMaybe(s.contextLength);
    r.assumptions << QStringLiteral("weights: %1").arg(weightSource)
                  << QStringLiteral("KV cache: %1 bytes per element, every layer full attention "
                                    "(an upper bound for sliding-window and latent-attention models)")
                         .arg(a.kvElementBytes)
                  << QStringLiteral("runtime reserve: %1 % of GPU memory + %2 bytes")
                         .arg(a.runtimeReserveFraction * 100)
                         .arg(a.runtimeReserveBytes)
                  << QStringLiteral("overhead: %1 bytes per node (an assumption) + f32 logits for %2 tokens")
                         .arg(a.overheadBytesPerNode)
                         .arg(std::max<std::uint64_t>(a.prefillChunkTokens, w.concurrency));
    if (nodes.isEmpty()) {
        r.feasible = false;
        r.problems << QStringLiteral("no nodes");
        return r;
    }
    const int n = r.nodes;
    const Maybe sequences = Maybe(double(w.contextTokens) * double(w.concurrency));
    const Maybe overhead = Maybe(double(a.overheadBytesPerNode));
    const Maybe logits = logitsBytes(s, a, w);
    QList<Maybe> usable;
    for (const NodeFigures &node : nodes)
        usable << usableBytes(node, a);

    r.feasible = true;
    QList<Maybe> layersOf;
    if (way == Way::TensorParallel) {
        const Maybe heads = asMaybe(s.attentionHeads), kv = asMaybe(s.kvHeads);
        if (!heads || !kv) {
            r.feasible = std::nullopt;
            r.problems << QStringLiteral(
                "attention or KV head count unknown: whether %1 ranks divide them is unknown")
                              .arg(n);
        } else {
            // vLLM asserts heads % tp == 0, and kv % tp == 0 (kv >= tp) or tp % kv == 0.
            const auto h = *s.attentionHeads, k = *s.kvHeads;
            const auto un = std::uint64_t(n);
            if (h % un != 0)
                r.problems << QStringLiteral("%1 attention heads do not divide among %2 ranks").arg(h).arg(n);
            if (k >= un ? k % un != 0 : un % k != 0)
                r.problems << QStringLiteral("%1 KV heads do not divide among %2 ranks").arg(k).arg(n);
            if (!r.problems.isEmpty())
                r.feasible = false;
        }
        r.assumptions << QStringLiteral(
            "tensor parallel: every weight split in %1 (norms replicated, negligible); "
            "KV heads split, or replicated when fewer than the ranks")
                             .arg(n);
    } else if (way == Way::LayerSplit) {
        layersOf = layersProportionalToMemory(asMaybe(s.layers), usable);
        r.assumptions << QStringLiteral(
            "layer split: layers in proportion to usable memory; embedding and output "
            "head on the first node");
    }

    Maybe perSequenceLimit; // tokens, the smallest over nodes
    bool limitUnknown = false;
    for (int i = 0; i < n; ++i) {
        NodeShare sh;
        sh.node = nodes[i].name;
        sh.usableBytes = usable[i];
        if (way == Way::SingleNode) {
            sh.layers = asMaybe(s.layers);
            sh.weightBytes = r.weightBytes;
            sh.kvBytesPerToken = r.kvBytesPerToken;
            sh.overheadBytes = overhead + logits;
        } else if (way == Way::TensorParallel) {
            sh.layers = asMaybe(s.layers);
            sh.weightBytes = r.weightBytes / Maybe(double(n));
            const Maybe kvPerRank = kvHeadsPerRank(asMaybe(s.kvHeads), n);
            sh.kvBytesPerToken = r.kvBytesPerToken * (kvPerRank / asMaybe(s.kvHeads));
            sh.overheadBytes = overhead + logits / Maybe(double(n)); // vocab-parallel head
        } else {
            sh.layers = layersOf[i];
            sh.weightBytes = sh.layers * asMaybe(s.weightBytesPerLayer)
                + (i == 0 ? asMaybe(s.outsideLayerBytes) : Maybe(0.0));
            sh.kvBytesPerToken = r.kvBytesPerToken * (sh.layers / asMaybe(s.layers));
            sh.overheadBytes = overhead + (i == 0 ? logits : Maybe(0.0));
        }
        sh.kvBytes = sh.kvBytesPerToken * sequences;
        sh.needBytes = sh.weightBytes + sh.kvBytes + sh.overheadBytes;
        if (sh.needBytes && sh.usableBytes)
            sh.fits = *sh.needBytes <= *sh.usableBytes;
        const Maybe room = sh.usableBytes - sh.weightBytes - sh.overheadBytes;
        const Maybe limit = room / (sh.kvBytesPerToken * Maybe(double(w.concurrency)));
        if (!limit)
            limitUnknown = true;
        else
            perSequenceLimit = perSequenceLimit ? minOf(perSequenceLimit, limit) : limit;
        if (sh.fits && !*sh.fits)
            r.problems << QStringLiteral("%1 needs %2 GB, has %3 GB")
                              .arg(sh.node.isEmpty() ? QStringLiteral("node %1").arg(i + 1) : sh.node)
                              .arg(*sh.needBytes / 1e9, 0, 'f', 1)
                              .arg(*sh.usableBytes / 1e9, 0, 'f', 1);
        r.perNode << sh;
    }
    r.fits = allOf(r.perNode);
    if (r.feasible && !*r.feasible)
        r.fits = false;
    if (!limitUnknown && perSequenceLimit)
        r.largestContextByMemory = std::max(0.0, std::floor(*perSequenceLimit));
    r.largestContext = r.modelContextLength ? minOf(r.largestContextByMemory, r.modelContextLength)
                                            : r.largestContextByMemory;
    if (r.feasible && !*r.feasible)
        r.largestContext = r.largestContextByMemory = std::nullopt;
    return r;
}

} // namespace halolink::advise
