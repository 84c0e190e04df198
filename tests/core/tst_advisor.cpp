// The advisor's answer (core/advise/advisor.h, docs/advise.md): the three ways
// for a set of nodes with fit, prediction, verdict and the recommended way;
// halolink.advice/1 with null for every unknown; the text showing the parts;
// and a node's GPU memory from its probe (GTT + VRAM carve-out, or unknown).

#include "advise/advisor.h"
#include "advise/meshlinks.h"
#include "telemetry/telemetrykeys.h"
#include "telemetry/telemetrystore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <cstring>

using namespace halolink::advise;

namespace {

constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

QJsonValue num(const std::optional<double> &v)
{
    return v ? QJsonValue(std::round(*v)) : QJsonValue(QJsonValue::Null);
}

// A dense model's halolink.model_shape/1 document with the fields the advisor
// reads (as tst_advise writes them). Llama-3.1-70B's published config
// (https://huggingface.co/meta-llama/Llama-3.1-70B/blob/main/config.json: 80
// layers, hidden 8192, 64 heads, 8 KV heads, head_dim 128, vocab 128256,
// context 131072) with the test GGUF's sizes from docs/model-shape.md (Q4_K_M:
// 44979306752 bytes, 1452916992 outside the layers, token_embd 591003648).
struct Dense {
    std::optional<double> layers = 80, hidden = 8192, heads = 64, kvHeads = 8, headDim = 128;
    std::optional<double> context = 131072, vocab = 128256;
    std::optional<double> totalBytes = 44979306752.0, parameters = 70553706560.0;
    std::optional<double> outsideBytes = 1452916992.0, embeddingBytes = 591003648.0;
};

ModelShape shape(const Dense &s)
{
    QJsonObject hp { { "layers", num(s.layers) }, { "hidden_size", num(s.hidden) },
        { "attention_heads", num(s.heads) }, { "kv_heads", num(s.kvHeads) }, { "key_length", num(s.headDim) },
        { "value_length", num(s.headDim) }, { "context_length", num(s.context) },
        { "vocab_size", num(s.vocab) }, { "experts", QJsonValue::Null },
        { "experts_used", QJsonValue::Null } };
    QJsonArray list { QJsonObject { { "name", "token_embd.weight" }, { "bytes", num(s.embeddingBytes) } },
        QJsonObject { { "name", "output.weight" }, { "bytes", 861880320.0 } } };
    std::optional<double> perLayer;
    if (s.totalBytes && s.outsideBytes && s.layers)
        perLayer = (*s.totalBytes - *s.outsideBytes) / *s.layers;
    std::optional<double> kvElements;
    if (s.layers && s.kvHeads && s.headDim)
        kvElements = 2.0 * *s.kvHeads * *s.headDim * *s.layers;
    QJsonObject weights { { "total_bytes", num(s.totalBytes) }, { "declared_total_bytes", QJsonValue::Null },
        { "parameters", num(s.parameters) },
        { "layers", QJsonObject { { "count", num(s.layers) }, { "bytes", QJsonValue::Null } } },
        { "outside_layers", QJsonObject { { "bytes", num(s.outsideBytes) }, { "list", list } } } };
    QJsonObject derived { { "head_dim",
                              QJsonObject { { "key", num(s.headDim) }, { "value", num(s.headDim) } } },
        { "kv_cache", QJsonObject { { "elements_per_token", num(kvElements) } } },
        { "weight_bytes_per_layer", perLayer ? QJsonValue(*perLayer) : QJsonValue(QJsonValue::Null) },
        { "weight_bytes_outside_layers", num(s.outsideBytes) },
        { "moe",
            QJsonObject { { "is_moe", false }, { "expert_tensor_bytes", 0 },
                { "active_parameters_per_token", num(s.parameters) },
                { "active_weight_bytes_per_token", num(s.totalBytes) } } } };
    QJsonObject doc { { "schema", "halolink.model_shape/1" }, { "path", "/models/llama-70b.gguf" },
        { "format", "gguf" }, { "architecture", "llama" }, { "hyperparameters", hp }, { "weights", weights },
        { "derived", derived }, { "warnings", QJsonArray() } };
    const ShapeDecodeResult r = decodeModelShape(doc);
    if (!r.shape)
        qFatal("shape did not decode: %s", qPrintable(r.error));
    return *r.shape;
}

// A node as the reference setup configures it (amdgpu.gttsize=126976 MiB).
NodeFigures strixHalo(const QString &name)
{
    NodeFigures n;
    n.name = name;
    n.gpuMemoryBytes = 126976ull * 1024 * 1024;
    return n;
}

AdviceRequest request(const ModelShape &s, int nodes)
{
    AdviceRequest r;
    r.shape = s;
    for (int i = 0; i < nodes; ++i)
        r.nodes << strixHalo(QStringLiteral("node%1").arg(i + 1));
    r.links = referenceLinks();
    r.workload.contextTokens = 8192;
    r.workload.promptTokens = 512;
    r.workload.generatedTokens = 128;
    return r;
}

const WayAdvice &wayOf(const Advice &a, Way way)
{
    for (const WayAdvice &w : a.ways) {
        if (w.way == way)
            return w;
    }
    qFatal("no such way");
}

// Every number in the document, with its path: unknown ones are null, so no
// key the test names as unknown may hold 0.
void collectNumbers(const QJsonValue &v, const QString &path, QHash<QString, QJsonValue> &out)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            collectNumbers(it.value(), path + QLatin1Char('/') + it.key(), out);
    } else if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (int i = 0; i < a.size(); ++i)
            collectNumbers(a[i], path + QLatin1Char('/') + QString::number(i), out);
    } else {
        out.insert(path, v);
    }
}

QJsonObject probe(std::optional<double> vram, std::optional<double> gtt, std::optional<double> memory,
    const QString &driver = QStringLiteral("amdgpu"))
{
    QJsonObject gpu { { "card", "card1" }, { "pci", "0000:c5:00.0" }, { "driver", driver },
        { "vram_total_bytes", num(vram) }, { "gtt_total_bytes", num(gtt) } };
    return QJsonObject { { "schema", "halolink.probe/1" },
        { "host", QJsonObject { { "hostname", "halo1" }, { "memory_total_bytes", num(memory) } } },
        { "gpus", QJsonArray { gpu } }, { "nics", QJsonArray() }, { "rdma", QJsonArray() },
        { "checks", QJsonArray() } };
}

} // namespace

class TestAdvisor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void threeWaysOnTwoNodes();
    void jsonShowsThePartsAndNullsUnknowns();
    void textShowsTheParts();
    void unknownMemoryStaysUnknown();
    void nothingFits();
    void tensorParallelNotPossible();
    void singleNodeOnly();
    void linkSource();
    void nodeFiguresFromProbes();
    void linksFromTheLiveMesh();
};

void TestAdvisor::threeWaysOnTwoNodes()
{
    const AdviceRequest r = request(shape(Dense {}), 2);
    const Advice a = advise(r);
    QCOMPARE(a.ways.size(), 3);
    QCOMPARE(a.ways[0].way, Way::SingleNode);
    QCOMPARE(a.ways[1].way, Way::TensorParallel);
    QCOMPARE(a.ways[2].way, Way::LayerSplit);
    QCOMPARE(a.kvBytesPerToken.value(), 327680.0);
    for (const WayAdvice &w : a.ways) {
        QCOMPARE(w.fit.fits.value(), true);
        QVERIFY(w.prediction.has_value());
        QVERIFY2(w.verdict.startsWith(QStringLiteral("fits (")), qPrintable(w.verdict));
        // The same numbers as fit() and predict() give on their own.
        const FitResult f = fit(r.shape, w.way, r.nodes, r.workload, r.assumptions);
        QCOMPARE(w.fit.perNode.size(), f.perNode.size());
        QCOMPARE(w.fit.perNode[0].needBytes.value(), f.perNode[0].needBytes.value());
        const Prediction p = predict(r.shape, w.way, r.nodes, r.links, r.workload, r.assumptions);
        QCOMPARE(w.prediction->rdma.tokensPerSecond.value(), p.rdma.tokensPerSecond.value());
        QCOMPARE(w.prediction->tcp.timeToFirstTokenSeconds.value(), p.tcp.timeToFirstTokenSeconds.value());
    }
    QCOMPARE(a.ways[0].nodes, 1);
    QCOMPARE(a.ways[1].nodes, 2);
    QCOMPARE(a.ways[0].title(), QStringLiteral("single node (node1)"));
    QCOMPARE(a.ways[1].title(), QStringLiteral("tensor parallel over 2"));
    QCOMPARE(a.ways[2].title(), QStringLiteral("layer split over 2"));
    // Each TP node reads half the weights: about twice the single node's decode speed.
    const double tp = *a.ways[1].prediction->rdma.tokensPerSecond;
    const double one = *a.ways[0].prediction->rdma.tokensPerSecond;
    QVERIFY(tp > 1.6 * one);
    QVERIFY(*a.ways[1].prediction->rdma.tokensPerSecond > *a.ways[1].prediction->tcp.tokensPerSecond);
    // The single node has no link: its communication is known to be 0, not unknown.
    QCOMPARE(a.ways[0].prediction->rdma.decodeStep.commSeconds.value(), 0.0);
    QCOMPARE(a.recommended.value(), 1);
    QVERIFY2(a.recommendation.startsWith(QStringLiteral("tensor parallel over 2: the fastest way that fits")),
        qPrintable(a.recommendation));
    QVERIFY(a.assumptions.contains(QStringLiteral("links: reference (FIELD_NOTES)")));
    QStringList unique = a.assumptions;
    QCOMPARE(unique.removeDuplicates(), 0);
}

void TestAdvisor::jsonShowsThePartsAndNullsUnknowns()
{
    const Advice a = advise(request(shape(Dense {}), 2));
    const QJsonObject j = adviceToJson(a);
    // Round trip through text, as a reader gets it.
    const QJsonObject doc = QJsonDocument::fromJson(QJsonDocument(j).toJson()).object();
    QCOMPARE(doc.value("schema").toString(), QStringLiteral("halolink.advice/1"));
    QCOMPARE(doc.value("recommended").toString(), QStringLiteral("tensor_parallel"));
    QCOMPARE(doc.value("model").toObject().value("kv_bytes_per_token").toDouble(), 327680.0);
    QCOMPARE(doc.value("links").toObject().value("source").toString(), QStringLiteral("reference"));
    QVERIFY(doc.value("links").toObject().value("between").isNull());
    QCOMPARE(doc.value("links").toObject().value("rdma").toObject().value("one_way_latency_s").toDouble(),
        5.23e-6);
    QCOMPARE(doc.value("workload").toObject().value("context_tokens").toDouble(), 8192.0);
    const QJsonArray ways = doc.value("ways").toArray();
    QCOMPARE(ways.size(), 3);
    const QJsonObject tp = ways[1].toObject();
    QCOMPARE(tp.value("way").toString(), QStringLiteral("tensor_parallel"));
    QCOMPARE(tp.value("fits").toBool(), true);
    QCOMPARE(tp.value("largest_context").toDouble(), 131072.0);
    const QJsonObject node = tp.value("per_node").toArray()[1].toObject();
    QCOMPARE(node.value("node").toString(), QStringLiteral("node2"));
    QCOMPARE(node.value("usable_bytes").toDouble(), 126976.0 * 1024 * 1024 * 0.9);
    QCOMPARE(node.value("weight_bytes").toDouble(), 44979306752.0 / 2);
    QCOMPARE(node.value("kv_bytes").toDouble(), 8192.0 * 327680 / 2);
    QVERIFY(node.value("overhead_bytes").toDouble() > double(1ull << 30));
    const QJsonObject rdma = tp.value("prediction").toObject().value("rdma").toObject();
    const Prediction &p = *a.ways[1].prediction;
    QCOMPARE(
        rdma.value("decode").toObject().value("compute_s").toDouble(), *p.rdma.decodeStep.computeSeconds);
    QCOMPARE(rdma.value("decode").toObject().value("comm_s").toDouble(), *p.rdma.decodeStep.commSeconds);
    QCOMPARE(rdma.value("prefill").toObject().value("comm_s").toDouble(), *p.rdma.prefill.commSeconds);
    QCOMPARE(rdma.value("ttft_s").toDouble(), *p.rdma.timeToFirstTokenSeconds);
    QVERIFY(!tp.value("assumptions").toArray().isEmpty());

    // Unknown KV heads and an unknown GPU memory: null in the document, never 0.
    Dense noKv;
    noKv.kvHeads = std::nullopt;
    AdviceRequest r = request(shape(noKv), 2);
    r.nodes[1].gpuMemoryBytes = std::nullopt;
    r.links.tcp = LinkFigures {};
    const QJsonObject u = adviceToJson(advise(r));
    QVERIFY(u.value("model").toObject().value("kv_bytes_per_token").isNull());
    QVERIFY(u.value("nodes").toArray()[1].toObject().value("gpu_memory_bytes").isNull());
    QVERIFY(u.value("nodes").toArray()[1].toObject().value("usable_bytes").isNull());
    QVERIFY(u.value("links").toObject().value("tcp").toObject().value("bandwidth_bytes_per_s").isNull());
    const QJsonObject single = u.value("ways").toArray()[0].toObject();
    QVERIFY(single.value("fits").isNull());
    QVERIFY(single.value("largest_context").isNull());
    QVERIFY(single.value("per_node").toArray()[0].toObject().value("kv_bytes").isNull());
    QVERIFY(u.value("recommended").isNull());
    QHash<QString, QJsonValue> numbers;
    collectNumbers(u, QString(), numbers);
    for (auto it = numbers.begin(); it != numbers.end(); ++it) {
        if (it.key().contains(QLatin1String("kv")) || it.key().contains(QLatin1String("need_bytes"))
            || it.key().contains(QLatin1String("largest_context")))
            QVERIFY2(it.value().isNull() || it.value().toDouble() != 0.0, qPrintable(it.key()));
    }
}

void TestAdvisor::textShowsTheParts()
{
    const Advice a = advise(request(shape(Dense {}), 2));
    const QString text = adviceText(a);
    const Prediction &p = *a.ways[1].prediction;
    auto msText
        = [](std::optional<double> s) { return QString::number(*s * 1e3, 'f', 1) + QStringLiteral(" ms"); };
    const QString tpLine = QStringLiteral("tensor parallel over 2: fits (");
    QVERIFY2(text.contains(tpLine), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("GiB on each node)")), qPrintable(text));
    const QString decode
        = QStringLiteral("decode %1 tok/s over RDMA (%2 compute + %3 link), %4 tok/s over TCP (%5 "
                         "compute + %6 link)")
              .arg(*p.rdma.tokensPerSecond, 0, 'f', 1)
              .arg(msText(p.rdma.decodeStep.computeSeconds), msText(p.rdma.decodeStep.commSeconds))
              .arg(*p.tcp.tokensPerSecond, 0, 'f', 1)
              .arg(msText(p.tcp.decodeStep.computeSeconds), msText(p.tcp.decodeStep.commSeconds));
    QVERIFY2(text.contains(decode), qPrintable(decode + QStringLiteral("\n---\n") + text));
    QVERIFY(text.contains(QStringLiteral("time to first token ")));
    QVERIFY(text.contains(QStringLiteral("single node (node1): fits (")));
    QVERIFY(text.contains(QStringLiteral("layer split over 2: fits (")));
    QVERIFY(text.contains(QStringLiteral("largest context 131072 tokens (the model's own; memory allows")));
    QVERIFY(text.contains(QStringLiteral("    node2: weights 20.9 GiB + KV cache ")));
    QVERIFY(text.contains(
        QStringLiteral("links reference (FIELD_NOTES): RDMA 5.23 us one way, 50.6 Gbit/s; TCP "
                       "34.00 us one way, 55.7 Gbit/s")));
    QVERIFY(text.contains(QStringLiteral("recommended: tensor parallel over 2: the fastest way that fits")));
    QVERIFY(text.contains(QStringLiteral("assumptions:\n  - ")));
    qInfo().noquote() << text;
}

void TestAdvisor::unknownMemoryStaysUnknown()
{
    AdviceRequest r = request(shape(Dense {}), 2);
    r.nodes[1].gpuMemoryBytes = std::nullopt;
    const Advice a = advise(r);
    QCOMPARE(wayOf(a, Way::SingleNode).fit.fits.value(), true);
    const WayAdvice &tp = wayOf(a, Way::TensorParallel);
    QVERIFY(!tp.fit.fits.has_value());
    QVERIFY2(tp.verdict.startsWith(QStringLiteral("fit unknown: node2's GPU memory is unknown")),
        qPrintable(tp.verdict));
    // Its speed does not need the memory: predicted, and faster than the single node.
    QVERIFY(tp.prediction.has_value());
    QVERIFY(tp.prediction->rdma.tokensPerSecond.has_value());
    // So the single node, which fits, is not said to be the one to take.
    QVERIFY(!a.recommended.has_value());
    QVERIFY2(a.recommendation.startsWith(QStringLiteral("unknown: single node (node1) fits")),
        qPrintable(a.recommendation));
    QVERIFY(a.recommendation.contains(QStringLiteral("tensor parallel over 2")));

    // Links not measured: the single node is still known, the others' speed is not.
    AdviceRequest noLinks = request(shape(Dense {}), 2);
    noLinks.links = Links {};
    const Advice b = advise(noLinks);
    QVERIFY(wayOf(b, Way::TensorParallel).prediction->rdma.decodeStep.computeSeconds.has_value());
    QVERIFY(!wayOf(b, Way::TensorParallel).prediction->rdma.tokensPerSecond.has_value());
    QVERIFY(!b.recommended.has_value());
    QVERIFY2(b.recommendation.startsWith(
                 QStringLiteral("unknown: the speed of tensor parallel over 2, layer split "
                                "over 2 is unknown")),
        qPrintable(b.recommendation));
    QVERIFY2(adviceText(b).contains(QStringLiteral(" compute + unknown link)")), qPrintable(adviceText(b)));
}

void TestAdvisor::nothingFits()
{
    // 470 GB of weights (Qwen3-235B in bf16, as tst_advise takes it) on two nodes.
    Dense big;
    big.totalBytes = 470e9;
    big.outsideBytes = 2e9;
    AdviceRequest r = request(shape(big), 2);
    const Advice a = advise(r);
    for (const WayAdvice &w : a.ways) {
        QCOMPARE(w.fit.fits.value(), false);
        QVERIFY(!w.prediction.has_value());
        QVERIFY2(w.verdict.startsWith(QStringLiteral("does not fit (node1 needs ")), qPrintable(w.verdict));
    }
    QVERIFY(!a.recommended.has_value());
    QVERIFY(a.recommendation.startsWith(QStringLiteral("none: ")));
    QVERIFY(!a.problems.isEmpty());
    QVERIFY(adviceText(a).contains(QStringLiteral("no context fits")));
    QVERIFY(adviceToJson(a).value("ways").toArray()[1].toObject().value("prediction").isNull());

    // Too long a context on one node, fine over two.
    AdviceRequest longContext = request(shape(Dense {}), 2);
    longContext.workload.contextTokens = 131072;
    longContext.workload.concurrency = 4;
    const Advice b = advise(longContext);
    QCOMPARE(wayOf(b, Way::SingleNode).fit.fits.value(), false);
    QVERIFY(wayOf(b, Way::SingleNode).fit.largestContext.value() < 131072);
    QCOMPARE(wayOf(b, Way::TensorParallel).fit.fits.value(), true);
    QCOMPARE(b.recommended.value(), 1);
    QVERIFY(adviceText(b).contains(QStringLiteral("in all (4 sequences) ")));
}

void TestAdvisor::tensorParallelNotPossible()
{
    // 64 attention heads do not divide among 3 ranks (vLLM asserts it).
    const Advice a = advise(request(shape(Dense {}), 3));
    const WayAdvice &tp = wayOf(a, Way::TensorParallel);
    QCOMPARE(tp.fit.feasible.value(), false);
    QVERIFY(!tp.prediction.has_value());
    QVERIFY2(
        tp.verdict.startsWith(QStringLiteral("not possible: 64 attention heads do not divide among 3 ranks")),
        qPrintable(tp.verdict));
    QCOMPARE(wayOf(a, Way::LayerSplit).fit.fits.value(), true);
    QCOMPARE(wayOf(a, Way::LayerSplit).nodes, 3);
    QVERIFY(a.recommended.has_value());
    QVERIFY(a.ways[*a.recommended].way != Way::TensorParallel);
}

void TestAdvisor::singleNodeOnly()
{
    const Advice a = advise(request(shape(Dense {}), 1));
    QCOMPARE(a.ways.size(), 1);
    QCOMPARE(a.recommended.value(), 0);
    const QString text = adviceText(a);
    QVERIFY2(text.contains(QStringLiteral("decode ")) && text.contains(QStringLiteral(" tok/s (")),
        qPrintable(text));
    QVERIFY(!text.contains(QStringLiteral("over RDMA")));
    QVERIFY(!text.contains(QStringLiteral("links (")));

    const Advice none = advise(AdviceRequest {});
    QVERIFY(none.ways.isEmpty());
    QVERIFY(!none.recommended);
    QVERIFY(!none.problems.isEmpty());
}

void TestAdvisor::linkSource()
{
    LinkSource s;
    QCOMPARE(s.text(), QStringLiteral("reference (FIELD_NOTES)"));
    s.kind = LinkSource::Kind::Measured;
    s.nodeA = QStringLiteral("node1");
    s.nodeB = QStringLiteral("node2");
    s.measuredAt = QDateTime(QDate(2026, 12, 3), QTime(14, 5, 0), Qt::UTC);
    QCOMPARE(s.text(), QStringLiteral("measured between node1 and node2 at 2026-12-03T14:05:00Z"));
    AdviceRequest r = request(shape(Dense {}), 2);
    r.linkSource = s;
    const QJsonObject links = adviceToJson(advise(r)).value("links").toObject();
    QCOMPARE(links.value("source").toString(), QStringLiteral("measured"));
    QCOMPARE(links.value("between").toArray().size(), 2);
    QCOMPARE(links.value("measured_at").toString(), QStringLiteral("2026-12-03T14:05:00Z"));
}

void TestAdvisor::nodeFiguresFromProbes()
{
    // An APU: 512 MiB carve-out, GTT 124 GiB of 128 GiB memory.
    QString note;
    NodeFigures n = nodeFiguresFromProbe(
        QStringLiteral("halo1"), probe(512.0 * 1024 * 1024, 126976.0 * 1024 * 1024, 128.0 * GiB), &note);
    QCOMPARE(n.name, QStringLiteral("halo1"));
    QCOMPARE(n.gpuMemoryBytes.value(), (126976ull + 512) * 1024 * 1024);
    QVERIFY(!n.memoryBandwidth && !n.peakFlops);
    QVERIFY2(note.contains(QStringLiteral("GTT 124.0 GiB + VRAM carve-out 0.5 GiB")), qPrintable(note));

    // A GPU with memory of its own: its VRAM.
    n = nodeFiguresFromProbe(QStringLiteral("d"), probe(24.0 * GiB, 31.0 * GiB, 64.0 * GiB), &note);
    QCOMPARE(n.gpuMemoryBytes.value(), std::uint64_t(24.0 * GiB));

    // What the probe lacks stays unknown, with the reason.
    n = nodeFiguresFromProbe(
        QStringLiteral("halo2"), probe(512.0 * 1024 * 1024, std::nullopt, 128.0 * GiB), &note);
    QVERIFY(!n.gpuMemoryBytes);
    QVERIFY2(note.contains(QStringLiteral("GTT size unknown")), qPrintable(note));
    n = nodeFiguresFromProbe(QStringLiteral("halo2"), probe(std::nullopt, 100.0 * GiB, 128.0 * GiB), &note);
    QVERIFY(!n.gpuMemoryBytes);
    n = nodeFiguresFromProbe(
        QStringLiteral("halo2"), probe(512.0 * 1024 * 1024, 100.0 * GiB, std::nullopt), &note);
    QVERIFY(!n.gpuMemoryBytes);
    n = nodeFiguresFromProbe(
        QStringLiteral("nv"), probe(24.0 * GiB, 31.0 * GiB, 64.0 * GiB, "nvidia"), &note);
    QVERIFY(!n.gpuMemoryBytes);
    QVERIFY2(note.contains(QStringLiteral("no amdgpu GPU")), qPrintable(note));
    n = nodeFiguresFromProbe(QStringLiteral("x"), QJsonObject { { "schema", "other/1" } }, &note);
    QVERIFY(!n.gpuMemoryBytes);
    QVERIFY2(note.contains(QStringLiteral("could not be read")), qPrintable(note));
    n = nodeFiguresFromProbe(QStringLiteral("x"), QJsonObject {}); // no note asked for
    QVERIFY(!n.gpuMemoryBytes);
}

void TestAdvisor::linksFromTheLiveMesh()
{
    using halolink::telemetry::meshKey;
    halolink::TelemetryStore store;
    auto put = [&store](const char *from, const char *peer, const char *transport, double t, double ns) {
        store.append(store.ensureSeries(meshKey(QLatin1String(from), QLatin1String(peer), QLatin1String(transport),
                                                QLatin1StringView("one_way_p50_ns"))),
                     t, ns);
    };
    const QStringList nodes { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") };
    // Nothing measured: the reference's, no notes, the advisor says reference.
    MeshLinks m = linksFromMesh(store, nodes);
    QVERIFY(!m.anyMeasured());
    QCOMPARE(*m.links.rdma.oneWayLatencySeconds, *referenceLinks().rdma.oneWayLatencySeconds);
    QVERIFY(m.notes.isEmpty());

    // Every ordered pair over RDMA: the slowest p50 counts (c->a, 9 us).
    for (const char *from : { "a", "b", "c" })
        for (const char *peer : { "a", "b", "c" })
            if (std::strcmp(from, peer) != 0)
                put(from, peer, "rdma", 100.0, std::strcmp(from, "c") == 0 && std::strcmp(peer, "a") == 0 ? 9000 : 6000);
    // TCP for one pair only: its latency stays the reference's, said so.
    put("a", "b", "tcp", 100.0, 40000);
    m = linksFromMesh(store, nodes);
    QCOMPARE(m.pairs, 6);
    QVERIFY(m.rdmaLatencyMeasured && !m.tcpLatencyMeasured);
    QCOMPARE(*m.links.rdma.oneWayLatencySeconds, 9e-6);
    QCOMPARE(*m.links.tcp.oneWayLatencySeconds, *referenceLinks().tcp.oneWayLatencySeconds);
    // The mesh measures no bandwidth: the reference's.
    QCOMPARE(*m.links.rdma.bandwidthBytesPerSecond, *referenceLinks().rdma.bandwidthBytesPerSecond);
    QVERIFY2(m.notes.join(QLatin1Char(' ')).contains(QStringLiteral("TCP latency: the reference")), qPrintable(m.notes.join(' ')));
    // Two of the nodes: every pair of them has both transports? a<->b has TCP one way only.
    QVERIFY(!linksFromMesh(store, { QStringLiteral("a"), QStringLiteral("b") }).tcpLatencyMeasured);
    put("b", "a", "tcp", 100.0, 44000);
    const MeshLinks ab = linksFromMesh(store, { QStringLiteral("a"), QStringLiteral("b") });
    QVERIFY(ab.tcpLatencyMeasured);
    QCOMPARE(*ab.links.tcp.oneWayLatencySeconds, 44e-6);

    // Old figures (more than 30 s before the newest sample) and gaps do not count.
    put("a", "b", "rdma", 140.0, 6000);
    QVERIFY(!linksFromMesh(store, nodes).rdmaLatencyMeasured); // b->a, c->... are 40 s old
    store.markGap(store.findSeries(meshKey(QStringLiteral("b"), QStringLiteral("a"), QStringLiteral("tcp"),
                                           QLatin1StringView("one_way_p50_ns"))),
                  141.0);
    QVERIFY(!linksFromMesh(store, { QStringLiteral("a"), QStringLiteral("b") }).tcpLatencyMeasured);

    // In the advice: the source is the live mesh, in its JSON too.
    AdviceRequest r;
    r.linkSource.kind = LinkSource::Kind::LiveMesh;
    QVERIFY(r.linkSource.text().contains(QStringLiteral("live mesh")));
}

QTEST_GUILESS_MAIN(TestAdvisor)
#include "tst_advisor.moc"
