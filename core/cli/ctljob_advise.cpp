// halolinkctl job advise --model PATH NODE...: before a launch, whether the
// model fits on one node, tensor parallel over the nodes or in llama.cpp's
// layer split over them, its largest context, and the predicted decode speed
// and time to first token over RDMA and TCP, with the parts of each
// (core/advise/advisor.h, docs/advise.md). The model's shape is read on the
// first node (its files are there: the agent's model_shape), the GPU memory
// from every node's probe, the links from the kept cluster's verification
// when it measured every pair of the nodes (--links cluster insists on it),
// else from the reference setup (--links reference), or, with --links
// measure, from the agents' bench between the first two nodes (the code path
// of `halolinkctl bench`).

#include "cli/ctljob_internal.h"

#include "advise/advisor.h"
#include "advise/verificationlinks.h"

#include <QJsonDocument>

namespace halolink::cli {

using namespace std::chrono_literals;

namespace {

QString prefix()
{
    return QStringLiteral("halolinkctl job advise: ");
}

void progress(QTextStream &err, const QString &text)
{
    err << prefix() << text << '\n';
    err.flush();
}

// A whole number within [min, max] from an option's text; empty: the default.
std::optional<std::uint64_t> count(
    const QString &text, std::uint64_t fallback, std::uint64_t min, std::uint64_t max)
{
    if (text.isEmpty())
        return fallback;
    bool ok = false;
    const qulonglong v = text.trimmed().toULongLong(&ok);
    if (!ok || v < min || v > max)
        return std::nullopt;
    return v;
}

struct MeasuredLinks {
    advise::Links links;
    QStringList notes;
};

// RDMA and TCP, latency and bandwidth, from a to b's data-plane address; a
// test that cannot run leaves its figure unknown and says why.
MeasuredLinks measureLinks(CtlConnector &connector, const Node &a, const Node &b, QTextStream &err)
{
    MeasuredLinks m;
    progress(err, tr("measuring RDMA and TCP between %1 and %2…").arg(a.name, b.name));
    constexpr double kBandwidthSeconds = 3;
    for (const QString &transport : { QStringLiteral("rdma"), QStringLiteral("tcp") }) {
        advise::LinkFigures &figures = transport == QLatin1String("rdma") ? m.links.rdma : m.links.tcp;
        const QString name
            = transport == QLatin1String("rdma") ? QStringLiteral("RDMA") : QStringLiteral("TCP");
        for (const QString &test : { QStringLiteral("latency"), QStringLiteral("bandwidth") }) {
            QJsonObject params { { QStringLiteral("transport"), transport },
                { QStringLiteral("test"), test } };
            if (test == QLatin1String("bandwidth"))
                params.insert(QStringLiteral("duration_s"), kBandwidthSeconds);
            progress(err,
                test == QLatin1String("latency")
                    ? tr("  %1 latency…").arg(name)
                    : tr("  %1 bandwidth (%2 s)…").arg(name).arg(kBandwidthSeconds));
            const BenchBetween run = benchBetween(
                connector, a, b, params, 7471, true, test == QLatin1String("latency") ? 120s : 90s);
            if (!run.reflector.ok) {
                m.notes << tr("%1 %2 not measured: the reflector on %3 did not start: %4")
                               .arg(name, test, b.name, run.reflector.errorString());
                continue;
            }
            const QJsonObject reflector = run.reflector.result.toObject();
            if (transport == QLatin1String("rdma") && !reflector.value(QStringLiteral("rdma")).toBool()) {
                m.notes << tr("RDMA not measured: %1 has no RDMA (%2)")
                               .arg(b.name, reflector.value(QStringLiteral("rdma_reason")).toString());
                break; // nor its bandwidth
            }
            if (!run.bench.ok) {
                m.notes << tr("%1 %2 not measured: %3").arg(name, test, run.bench.errorString());
                continue;
            }
            const QJsonObject doc = run.bench.result.toObject();
            if (test == QLatin1String("latency")) {
                const QJsonValue p50
                    = doc.value(QStringLiteral("one_way_ns")).toObject().value(QStringLiteral("p50"));
                if (p50.isDouble() && p50.toDouble() > 0)
                    figures.oneWayLatencySeconds = p50.toDouble() / 1e9;
                else
                    m.notes << tr("%1 latency: the benchmark gave no one-way p50").arg(name);
            } else {
                const QJsonValue bps = doc.value(QStringLiteral("bandwidth_bps"));
                if (bps.isDouble() && bps.toDouble() > 0)
                    figures.bandwidthBytesPerSecond = bps.toDouble() / 8;
                else
                    m.notes << tr("%1 bandwidth: the benchmark gave no bandwidth").arg(name);
            }
        }
    }
    return m;
}

} // namespace

int runJobAdvise(const jobcli::ActionArgs &a, Inventory &inventory, QTextStream &out, QTextStream &err)
{
    auto usage = [&](const QString &message) {
        err << prefix() << message << '\n' << tr("Run 'halolinkctl job --help' for usage.") << '\n';
        return CtlUsage;
    };
    // Failures: on stderr, and with --json also as {"error": ...} on stdout.
    auto fail = [&](const QString &code, const QString &message) {
        err << prefix() << message << '\n';
        if (a.json)
            printJsonError(out, code, message);
        return CtlFailure;
    };
    if (a.model.trimmed().isEmpty())
        return usage(
            tr("give --model PATH: the model's .gguf file or Hugging Face folder, as the nodes see it."));
    if (a.args.isEmpty())
        return usage(tr("give the nodes, the head first (it reads the model's files)."));
    advise::Workload w;
    const auto context = count(a.context, w.contextTokens, 1, 1ull << 24);
    if (!context)
        return usage(tr("--context is a number of tokens from 1 to %1.").arg(1ull << 24));
    const auto concurrency = count(a.concurrencyGiven ? a.concurrency : QString(), 1, 1, 4096);
    if (!concurrency)
        return usage(tr("--concurrency is one number of sequences decoded together, 1 to 4096 (advise)."));
    const auto prompt = count(a.promptTokens, w.promptTokens, 0, 1ull << 24);
    if (!prompt)
        return usage(tr("--prompt-tokens is a number of tokens from 0 to %1.").arg(1ull << 24));
    const auto answer = count(a.answerTokens, w.generatedTokens, 0, 1ull << 24);
    if (!answer)
        return usage(tr("--answer-tokens is a number of tokens from 0 to %1.").arg(1ull << 24));
    w.contextTokens = *context;
    w.concurrency = *concurrency;
    w.promptTokens = *prompt;
    w.generatedTokens = *answer;
    const QString links = a.links.isEmpty() ? QStringLiteral("auto") : a.links;
    if (links != QLatin1String("auto") && links != QLatin1String("reference") && links != QLatin1String("cluster")
        && links != QLatin1String("measure"))
        return usage(tr("--links is cluster, reference or measure."));
    const bool measure = links == QLatin1String("measure");
    if (measure && a.args.size() < 2)
        return usage(tr("--links measure needs two nodes at least: it measures between the first two."));

    const auto resolved = resolveNodes(inventory, a.args, QStringLiteral("job advise"), err);
    if (!resolved)
        return CtlUsage;
    const QList<Node> nodes = *resolved;
    for (const Node &n : nodes) {
        if (n.isLocal())
            return usage(tr("%1: jobs run on SSH nodes.").arg(n.name));
    }
    if (measure && nodes.size() < 2)
        return usage(tr("--links measure needs two different nodes."));
    // The kept cluster's verification, when it measured every pair of these nodes.
    std::optional<advise::VerificationLinks> verified;
    if (links == QLatin1String("auto") || links == QLatin1String("cluster")) {
        QStringList ids;
        for (const Node &n : nodes)
            ids << n.id;
        if (const auto kept = setup::SavedSetup::load())
            verified = advise::linksFromVerification(*kept, ids);
        if (!verified && links == QLatin1String("cluster"))
            return fail(QStringLiteral("not_verified"),
                tr("the kept cluster's verification did not measure every pair of these nodes (set up or verify "
                   "the cluster in the app, or use --links measure)."));
    }
    if (measure && nodes[1].dataPlaneIp().isEmpty())
        return fail(QStringLiteral("no_data_address"),
            tr("%1 has no data-plane address, and --links measure measures the data plane. Set one "
               "(halolinkctl nodes edit %1 --data-address A.B.C.D/P), or leave out --links measure.")
                .arg(nodes[1].name));

    CtlConnector connector(&inventory, a.acceptNew, err);
    progress(err, tr("connecting to %n node(s)…", nullptr, int(nodes.size())));
    connector.connectAll(nodes, std::chrono::milliseconds(qint64(a.timeoutSeconds * 1000)));
    for (const Node &n : nodes) {
        if (!connector.isReady(n.id))
            return fail(connector.failureCode(n.id), n.name + QStringLiteral(": ") + connector.failure(n.id));
    }

    const Node &head = nodes.first();
    progress(err, tr("reading the shape of %1 on %2…").arg(a.model, head.name));
    const CallResult shapeCall = connector.call(
        head.id, QStringLiteral("model_shape"), { { QStringLiteral("path"), a.model } }, 120s);
    if (!shapeCall.ok) {
        const QString code = shapeCall.error.value(QStringLiteral("code")).toString();
        if (code == QLatin1String("unknown_method"))
            return fail(code,
                tr("%1: its engine cannot read model shapes (model_shape); update it "
                   "(halolinkctl engine).")
                    .arg(head.name));
        return fail(code.isEmpty() ? QStringLiteral("model_shape_failed") : code,
            tr("%1: the model could not be read: %2").arg(head.name, shapeCall.errorString()));
    }
    const advise::ShapeDecodeResult shape = advise::decodeModelShape(shapeCall.result.toObject());
    if (!shape.shape)
        return fail(QStringLiteral("bad_model_shape"),
            tr("%1: the model's shape could not be read: %2").arg(head.name, shape.error));

    advise::AdviceRequest request;
    request.shape = *shape.shape;
    request.workload = w;
    QStringList names;
    for (const Node &n : nodes)
        names << n.name;
    progress(err, tr("probing %1…").arg(names.join(QStringLiteral(", "))));
    for (const Node &n : nodes) {
        const CallResult probe = connector.call(n.id, QStringLiteral("probe"), {}, 120s);
        if (!probe.ok) {
            advise::NodeFigures unknown;
            unknown.name = n.name;
            request.nodes << unknown;
            request.notes
                << tr("%1: GPU memory unknown: the probe failed (%2)").arg(n.name, probe.errorString());
            continue;
        }
        QString note;
        request.nodes << advise::nodeFiguresFromProbe(n.name, probe.result.toObject(), &note);
        if (!note.isEmpty())
            request.notes << note;
    }

    if (measure) {
        const MeasuredLinks m = measureLinks(connector, nodes[0], nodes[1], err);
        request.links = m.links;
        request.linkSource.kind = advise::LinkSource::Kind::Measured;
        request.linkSource.nodeA = nodes[0].name;
        request.linkSource.nodeB = nodes[1].name;
        request.linkSource.measuredAt = QDateTime::currentDateTimeUtc();
        request.notes << m.notes;
        if (nodes.size() > 2)
            request.notes << tr("links: measured between %1 and %2 only, and taken for every pair of nodes")
                                 .arg(nodes[0].name, nodes[1].name);
    } else if (verified) {
        request.links = verified->links;
        request.linkSource.kind = advise::LinkSource::Kind::Verification;
        request.linkSource.measuredAt = verified->measuredAt;
        request.linkSource.pairs = verified->pairs;
        request.notes << verified->notes;
    } else {
        request.links = advise::referenceLinks();
        if (nodes.size() > 1)
            request.notes << tr("links: the reference setup's figures (FIELD_NOTES), not this cluster's; "
                                "--links measure measures them between %1 and %2")
                                 .arg(nodes[0].name, nodes[1].name);
    }

    const advise::Advice advice = advise::advise(request);
    if (a.json)
        out << QJsonDocument(advise::adviceToJson(advice)).toJson(QJsonDocument::Indented);
    else
        out << advise::adviceText(advice);
    return CtlOk;
}

} // namespace halolink::cli
