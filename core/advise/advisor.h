#pragma once
// The advisor's answer (issue 17, "before launch"; docs/advise.md): for a
// model and the nodes it would run on, each way of spreading it (one node,
// tensor parallel over all of them, llama.cpp's layer split over all of
// them) with whether it fits (fit.h), how fast it would be over RDMA and TCP
// when it fits (prediction.h), a one-line verdict, and the way to take: the
// fastest that fits. Its JSON (halolink.advice/1) and its text show the
// parts, so a person sees why. Pure computation: the callers read the model's
// shape, the probes and the links (halolinkctl job advise, the New Job form).

#include "advise/adviceinputs.h"
#include "advise/fit.h"
#include "advise/prediction.h"
#include "advise/shapedecoder.h"
#include "protocol/probereport.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace halolink::advise {

inline constexpr const char *kAdviceSchema = "halolink.advice/1";

// Where the link figures came from, said with every answer.
struct LinkSource {
    enum class Kind {
        Reference, // referenceLinks(): the reference setup's (FIELD_NOTES)
        Measured, // measured on this cluster between two nodes
        LiveMesh, // latency from the agents' live mesh (meshlinks.h), bandwidth the reference's or the verification's
        Verification, // the kept cluster's verification (verificationlinks.h): the slowest of its pairs
    };
    Kind kind = Kind::Reference;
    QString nodeA, nodeB; // Measured: between these
    QDateTime measuredAt; // Measured, Verification: when (invalid: not known)
    int pairs = 0;        // Verification: how many pairs the figures come from
    // LiveMesh: the bandwidth is the kept cluster's verification's (measured at verifiedAt).
    bool bandwidthFromVerification = false;
    QDateTime verifiedAt;
    // "measured between A and B at TIME" or "reference (FIELD_NOTES)".
    QString text() const;
};

struct AdviceRequest {
    ModelShape shape;
    QList<NodeFigures> nodes; // in order: the first is the head (and the single node)
    Links links;
    LinkSource linkSource;
    Workload workload;
    Assumptions assumptions;
    // What the readers of the inputs had to say (nodeFiguresFromProbe's
    // notes, a link that was not measured): shown with the answer.
    QStringList notes;
};

struct WayAdvice {
    Way way = Way::SingleNode;
    int nodes = 1;
    FitResult fit;
    // Predicted when the way fits, or when whether it fits is unknown (a
    // prediction does not need the memory); never when it does not fit or
    // cannot be split so.
    std::optional<Prediction> prediction;
    // One line: "fits (61.2 of 104.8 GiB on each node)", "does not fit: ...",
    // "unknown: ...".
    QString verdict;
    // "single node (node1)", "tensor parallel over 2", "layer split over 2".
    QString title() const;
};

struct Advice {
    ModelShape shape;
    QList<NodeFigures> nodes;
    Links links;
    LinkSource linkSource;
    Workload workload;
    Assumptions constants; // the request's assumptions
    Maybe kvBytesPerToken; // the whole model's, one token
    QList<WayAdvice> ways; // single node; with 2+ nodes, tensor parallel and layer split over all
    // Index into ways of the fastest way that fits (decode tokens/s, over the
    // faster transport); unset when none is known to fit or when a way that
    // fits has an unknown speed (unknown stays unknown).
    std::optional<int> recommended;
    QString recommendation; // why, in one line
    QStringList assumptions; // every assumption of every way, once each
    QStringList problems; // every way's problems, prefixed by the way
    QStringList notes; // the request's
};

Advice advise(const AdviceRequest &request);

// halolink.advice/1: every unknown number is null, never 0.
QJsonObject adviceToJson(const Advice &advice);
// Human lines showing the parts of each answer, then the assumptions.
QString adviceText(const Advice &advice);

// A node's figures from its halolink.probe/1 document: the GPU memory of its
// amdgpu GPU, GTT plus the VRAM carve-out on an APU (VRAM alone on a GPU with
// memory of its own). Unknown when the probe lacks them (never guessed);
// *note, when given, says why or what was chosen. Bandwidth and peak FLOP/s
// stay unknown: the probe does not measure them.
NodeFigures nodeFiguresFromProbe(const QString &name, const QJsonObject &probe, QString *note = nullptr);
// The same from a decoded probe (ClusterController::probeReport(), JobNode::probe).
NodeFigures nodeFiguresFromProbe(const QString &name, const ProbeReport &probe, QString *note = nullptr);

// "single_node", "tensor_parallel", "layer_split" (the JSON's names).
QString wayKey(Way way);

} // namespace halolink::advise
