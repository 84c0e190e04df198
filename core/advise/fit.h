#pragma once
// Does a model fit, and how is it split (docs/advise.md, "Fit"): for each way
// of spreading it (one node, tensor parallel, layer split), what every node
// holds (weights, KV cache for context x concurrency, an overhead allowance)
// against what it can use, and the longest context that still fits.

#include "advise/adviceinputs.h"
#include "advise/shapedecoder.h"
#include "advise/unknown.h"

#include <QList>

namespace halolink::advise {

struct NodeShare {
    QString node;
    Maybe usableBytes; // gpuMemory x (1 - reserve fraction) - reserve bytes
    Maybe weightBytes; // the weights this node holds
    Maybe kvBytes; // its KV cache at the requested context x concurrency
    Maybe overheadBytes; // the allowance plus the logits buffer
    Maybe needBytes; // weights + kv + overhead
    Maybe layers; // layer split: the layers it runs (else all, or unknown)
    Maybe kvBytesPerToken; // its share of one token's KV cache
    std::optional<bool> fits;
};

struct FitResult {
    Way way = Way::SingleNode;
    int nodes = 1;
    // Whether the split is possible at all (tensor parallel: heads divisible).
    std::optional<bool> feasible;
    std::optional<bool> fits; // every node fits (unknown if any is unknown)
    Maybe kvBytesPerToken; // the whole model's, one token
    Maybe weightBytes; // the whole model's
    Maybe largestContextByMemory; // tokens per sequence, at the workload's concurrency
    Maybe modelContextLength; // what the model was trained for (its files)
    Maybe largestContext; // the smaller of the two
    QList<NodeShare> perNode;
    QStringList assumptions; // every assumption this answer rests on, named
    QStringList problems; // why it does not fit or is not feasible
};

// `nodes` are the nodes the way uses, in order (node 0 is the head: it holds
// the layer split's embedding and output head). SingleNode uses nodes[0].
FitResult fit(const ModelShape &shape, Way way, const QList<NodeFigures> &nodes, const Workload &workload,
    const Assumptions &assumptions = {});

// Layers per node for a layer split proportional to each node's usable memory,
// as llama.cpp's default tensor split (free memory per device) gives them.
QList<Maybe> layersProportionalToMemory(Maybe layers, const QList<Maybe> &usableBytes);

// The usable memory of one node under the assumptions.
Maybe usableBytes(const NodeFigures &node, const Assumptions &assumptions);

// KV heads that each tensor-parallel rank holds: heads / N when there are at
// least N (they are split), else 1 (they are replicated), as vLLM does.
Maybe kvHeadsPerRank(Maybe kvHeads, int ranks);

} // namespace halolink::advise
