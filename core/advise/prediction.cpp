#include "advise/prediction.h"

#include <cmath>

namespace halolink::advise {

namespace {

double bandwidthOf(const NodeFigures &n, const Assumptions &a)
{
    return n.memoryBandwidth ? *n.memoryBandwidth : a.defaultBandwidth;
}

double flopsOf(const NodeFigures &n, const Assumptions &a, Way way)
{
    const double efficiency
        = way == Way::TensorParallel ? a.prefillEfficiencyTensorParallel : a.prefillEfficiencyLlamaCpp;
    return (n.peakFlops ? *n.peakFlops : a.defaultPeakFlops) * efficiency;
}

// The weights `tokens` tokens read together: the non-expert weights whole,
// the routed experts in the share the batch touches; a dense model: the
// active bytes. `embeddingRow`: the embedding table's bytes when a token reads
// only a row of it (the model has an output head of its own), else 0.
Maybe weightsTouched(const ModelShape &s, double tokens, Maybe embeddingRow)
{
    const Maybe active = asMaybe(s.activeWeightBytes) - embeddingRow;
    const Maybe expertBytes = asMaybe(s.expertTensorBytes);
    if (!s.isMoe || !*s.isMoe || !expertBytes || *expertBytes == 0)
        return active;
    const Maybe used = asMaybe(s.expertsUsed), experts = asMaybe(s.experts);
    const Maybe perToken = expertBytes * (used / experts);
    return active - perToken + expertBytes * expertsTouchedFraction(experts, used, tokens);
}

} // namespace

Maybe expertsTouchedFraction(Maybe experts, Maybe used, double tokens)
{
    if (!experts || !used || *experts <= 0 || *used > *experts)
        return std::nullopt;
    return 1.0 - std::pow(1.0 - *used / *experts, tokens);
}

Maybe ringAllReduceSeconds(Maybe bytes, int ranks, const LinkFigures &link, double overheadSeconds)
{
    if (ranks <= 1)
        return 0.0;
    const double steps = 2.0 * (ranks - 1);
    return Maybe(overheadSeconds) + Maybe(steps) * asMaybe(link.oneWayLatencySeconds)
        + Maybe(steps / ranks) * bytes / asMaybe(link.bandwidthBytesPerSecond);
}

Prediction predict(const ModelShape &s, Way way, const QList<NodeFigures> &nodesIn, const Links &links,
    const Workload &w, const Assumptions &a)
{
    Prediction p;
    p.way = way;
    const QList<NodeFigures> nodes = way == Way::SingleNode ? nodesIn.mid(0, 1) : nodesIn;
    p.nodes = int(nodes.size());
    p.rdma.transport = QStringLiteral("RDMA");
    p.tcp.transport = QStringLiteral("TCP");
    if (nodes.isEmpty())
        return p;
    const int n = p.nodes;
    const double batch = double(std::max<std::uint64_t>(1, w.concurrency));
    const double depth = double(w.promptTokens) + double(w.generatedTokens) / 2.0;
    const double prompt = double(w.promptTokens);
    const double chunkTokens
        = std::max(1.0, std::min(prompt, double(std::max<std::uint64_t>(1, a.prefillChunkTokens))));
    const double chunks = std::ceil(prompt / chunkTokens); // 0 without a prompt

    // The embedding table: a token reads one row; with a tied output head it is read whole.
    Maybe embeddingRow;
    if (s.separateOutputHead && *s.separateOutputHead) {
        embeddingRow = asMaybe(s.embeddingBytes);
        p.assumptions << QStringLiteral("a token reads one row of the embedding table, not all of it");
    } else if (s.separateOutputHead) {
        embeddingRow = 0.0;
        p.assumptions << QStringLiteral("tied embedding: read whole as the output head");
    } else {
        embeddingRow = 0.0;
        p.assumptions << QStringLiteral("embedding and output head not listed: the whole embedding counted "
                                        "(an upper bound)");
    }
    const bool moe = s.isMoe && *s.isMoe;
    p.weightBytesPerStep = weightsTouched(s, batch, embeddingRow);
    const Maybe weightsPerChunk = weightsTouched(s, chunkTokens, embeddingRow);
    if (moe)
        p.assumptions << QStringLiteral(
            "MoE: each token picks %1 of %2 experts independently and uniformly; a batch "
            "of B tokens touches 1 - (1 - k/E)^B of them")
                             .arg(s.expertsUsed ? QString::number(*s.expertsUsed) : QStringLiteral("?"),
                                 s.experts ? QString::number(*s.experts) : QStringLiteral("?"));
    const Maybe kvPerToken = asMaybe(s.kvElementsPerToken) * Maybe(a.kvElementBytes);
    p.kvBytesPerStep = kvPerToken * Maybe(batch * depth);
    p.decodeBytesPerStep = p.weightBytesPerStep + p.kvBytesPerStep;
    p.assumptions << QStringLiteral(
        "decode: memory-bandwidth bound; each step reads the weights it needs once and "
        "every cached K and V of each sequence at the average depth %1 (prompt + half "
        "the answer)")
                         .arg(depth);
    const Maybe outsideRead = asMaybe(s.outsideLayerBytes) - embeddingRow;

    // Prefill FLOPs: 2 per active parameter per token, plus causal attention
    // (QK^T and AV: 2 x P^2 x head_dim per head per layer).
    const Maybe attentionFlops = Maybe(2.0 * prompt * prompt) * asMaybe(s.layers) * asMaybe(s.attentionHeads)
        * asMaybe(s.headDimKey);
    p.prefillFlops = Maybe(2.0 * prompt) * asMaybe(s.activeParameters) + attentionFlops;
    const double efficiency
        = way == Way::TensorParallel ? a.prefillEfficiencyTensorParallel : a.prefillEfficiencyLlamaCpp;
    p.assumptions << QStringLiteral(
        "prefill (%1): compute bound at %2 % of peak FP16 (2 FLOPs per active parameter "
        "per token + causal attention), never faster than reading the weights a chunk "
        "of %3 tokens touches, once per chunk")
                         .arg(way == Way::TensorParallel ? QStringLiteral("vLLM")
                                                         : QStringLiteral("llama.cpp"))
                         .arg(efficiency * 100, 0, 'f', 1)
                         .arg(chunkTokens);
    const bool moePenalty = moe && way != Way::TensorParallel;
    if (moePenalty)
        p.assumptions << QStringLiteral(
            "llama.cpp MoE prefill: %1 of the rate above (fitted to one measurement)")
                             .arg(a.llamaCppMoePrefillFactor);

    // Per-node shares of the work: fraction of the layers (1 each for tensor
    // parallel and single node, whose split is by columns instead).
    QList<Maybe> usable;
    for (const NodeFigures &node : nodes)
        usable << usableBytes(node, a);
    const QList<Maybe> layersOf
        = way == Way::LayerSplit ? layersProportionalToMemory(asMaybe(s.layers), usable) : QList<Maybe>();

    Maybe decodeCompute = 0.0, prefillCompute = 0.0;
    for (int i = 0; i < n; ++i) {
        const double bw = bandwidthOf(nodes[i], a), flops = flopsOf(nodes[i], a, way);
        if (!nodes[i].memoryBandwidth)
            p.assumptions << QStringLiteral("%1: memory bandwidth %2 GB/s (the default)")
                                 .arg(nodes[i].name)
                                 .arg(a.defaultBandwidth / 1e9);
        Maybe decodeBytes, chunkBytes, nodeFlops;
        if (way == Way::SingleNode) {
            decodeBytes = p.decodeBytesPerStep;
            chunkBytes = weightsPerChunk;
            nodeFlops = p.prefillFlops;
        } else if (way == Way::TensorParallel) {
            const Maybe kvShare = kvHeadsPerRank(asMaybe(s.kvHeads), n) / asMaybe(s.kvHeads);
            decodeBytes = p.weightBytesPerStep / Maybe(double(n)) + p.kvBytesPerStep * kvShare;
            chunkBytes = weightsPerChunk / Maybe(double(n));
            nodeFlops = p.prefillFlops / Maybe(double(n));
        } else {
            const Maybe share = layersOf[i] / asMaybe(s.layers);
            const Maybe head = i == 0 ? outsideRead : Maybe(0.0);
            decodeBytes = (p.weightBytesPerStep - outsideRead) * share + head + p.kvBytesPerStep * share;
            chunkBytes = (weightsPerChunk - outsideRead) * share + head;
            nodeFlops = p.prefillFlops * share;
        }
        const Maybe decodeTime = decodeBytes / Maybe(bw);
        Maybe prefillTime = maxOf(nodeFlops / Maybe(flops), Maybe(chunks) * chunkBytes / Maybe(bw));
        if (moePenalty)
            prefillTime = prefillTime / Maybe(a.llamaCppMoePrefillFactor);
        if (way == Way::LayerSplit) { // the nodes work one after another
            decodeCompute = decodeCompute + decodeTime;
            prefillCompute = prefillCompute + prefillTime;
        } else { // in parallel: the slowest sets the pace
            decodeCompute = i == 0 ? decodeTime : maxOf(decodeCompute, decodeTime);
            prefillCompute = i == 0 ? prefillTime : maxOf(prefillCompute, prefillTime);
        }
    }

    auto communicate = [&](const LinkFigures &link, TransportPrediction &t) {
        Maybe decodeComm = 0.0, prefillComm = 0.0;
        if (way == Way::TensorParallel && n > 1) {
            // vLLM: two all-reduces per layer (after attention, after the MLP/MoE).
            p.messageBytes = Maybe(batch * a.tensorParallelActivationBytes) * asMaybe(s.hiddenSize);
            p.messagesPerStep = Maybe(2.0) * asMaybe(s.layers);
            decodeComm = p.messagesPerStep
                * ringAllReduceSeconds(p.messageBytes, n, link, a.collectiveOverheadSeconds);
            const Maybe chunkMessage
                = Maybe(chunkTokens * a.tensorParallelActivationBytes) * asMaybe(s.hiddenSize);
            prefillComm = Maybe(chunks) * p.messagesPerStep
                * ringAllReduceSeconds(chunkMessage, n, link, a.collectiveOverheadSeconds);
        } else if (way == Way::LayerSplit && n > 1) {
            // One hand-off of the hidden state per node boundary, plus RPC's own round trips.
            p.messageBytes = Maybe(batch * a.layerSplitActivationBytes) * asMaybe(s.hiddenSize);
            p.messagesPerStep = Maybe(double(n - 1));
            const Maybe latency = asMaybe(link.oneWayLatencySeconds);
            const Maybe extra = Maybe(2.0 * a.rpcExtraRoundTripsPerBoundary) * latency;
            const Maybe bw = asMaybe(link.bandwidthBytesPerSecond);
            decodeComm = p.messagesPerStep * (latency + p.messageBytes / bw + extra);
            const Maybe chunkMessage
                = Maybe(chunkTokens * a.layerSplitActivationBytes) * asMaybe(s.hiddenSize);
            prefillComm = Maybe(chunks) * p.messagesPerStep * (latency + chunkMessage / bw + extra);
        }
        t.decodeStep = { decodeCompute, decodeComm };
        t.tokensPerSecond = Maybe(1.0) / t.decodeStep.totalSeconds();
        t.aggregateTokensPerSecond = Maybe(batch) / t.decodeStep.totalSeconds();
        t.prefill = { prefillCompute, prefillComm };
        t.prefillTokensPerSecond = Maybe(prompt) / t.prefill.totalSeconds();
        t.timeToFirstTokenSeconds = t.prefill.totalSeconds();
    };
    communicate(links.rdma, p.rdma);
    communicate(links.tcp, p.tcp);
    if (way == Way::TensorParallel && n > 1)
        p.assumptions << QStringLiteral(
            "tensor parallel: 2 ring all-reduces of hidden_size x %1 bytes per token per "
            "layer, each 2(N-1) latencies + 2(N-1)/N of the data + %2 us overhead")
                             .arg(a.tensorParallelActivationBytes)
                             .arg(a.collectiveOverheadSeconds * 1e6);
    if (way == Way::LayerSplit && n > 1)
        p.assumptions << QStringLiteral(
            "layer split: the nodes run one after another; one hand-off of hidden_size x "
            "%1 bytes per boundary per token + %2 RPC round trips")
                             .arg(a.layerSplitActivationBytes)
                             .arg(a.rpcExtraRoundTripsPerBoundary);
    return p;
}

} // namespace halolink::advise
