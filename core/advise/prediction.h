#pragma once
// How fast will it be (docs/advise.md, "Speed"): per way and per transport
// (RDMA, TCP), the decode step as memory-bandwidth-bound reading of the
// weights and KV cache a token needs plus the link's share (all-reduces for
// tensor parallel, hand-offs for a layer split), and the prefill as
// compute-bound work (with the same reading as a floor) plus its link share.
// Every part is given apart so a person sees why; every assumption is named.

#include "advise/adviceinputs.h"
#include "advise/fit.h"
#include "advise/shapedecoder.h"
#include "advise/unknown.h"

namespace halolink::advise {

struct Parts {
    Maybe computeSeconds; // the nodes' own work (memory or FLOPs)
    Maybe commSeconds; // the link's share
    Maybe totalSeconds() const { return computeSeconds + commSeconds; }
};

struct TransportPrediction {
    QString transport; // "RDMA" or "TCP"
    Parts decodeStep; // one decode step of all `concurrency` sequences
    Maybe tokensPerSecond; // one sequence's decode speed
    Maybe aggregateTokensPerSecond;
    Parts prefill; // one request's prompt, alone
    Maybe prefillTokensPerSecond;
    Maybe timeToFirstTokenSeconds; // the prefill (its last pass yields the first token)
};

struct Prediction {
    Way way = Way::SingleNode;
    int nodes = 1;
    Maybe decodeBytesPerStep; // weights + KV read by one decode step, whole model
    Maybe weightBytesPerStep;
    Maybe kvBytesPerStep;
    Maybe prefillFlops; // one prompt
    Maybe messageBytes; // one all-reduce or one hand-off, decode
    Maybe messagesPerStep; // all-reduces or hand-offs per decode step
    TransportPrediction rdma;
    TransportPrediction tcp;
    QStringList assumptions;
};

Prediction predict(const ModelShape &shape, Way way, const QList<NodeFigures> &nodes, const Links &links,
    const Workload &workload, const Assumptions &assumptions = {});

// Ring all-reduce of `bytes` among `ranks`: 2(N-1) steps of latency plus
// 2(N-1)/N of the data over the link, plus one collective's overhead.
Maybe ringAllReduceSeconds(Maybe bytes, int ranks, const LinkFigures &link, double overheadSeconds);

// The share of routed experts a batch of `tokens` touches when each token
// picks `used` of `experts` independently and uniformly: 1 - (1 - k/E)^tokens.
Maybe expertsTouchedFraction(Maybe experts, Maybe used, double tokens);

} // namespace halolink::advise
