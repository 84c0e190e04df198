#include "advise/shapedecoder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>

namespace halolink::advise {

namespace {

// A non-negative whole number, else unknown (null, absent, a string, -1, 1.5).
std::optional<std::uint64_t> count(const QJsonValue &v)
{
    if (!v.isDouble())
        return std::nullopt;
    const qint64 n = v.toInteger(-1);
    if (n < 0)
        return std::nullopt;
    return std::uint64_t(n);
}

std::optional<double> number(const QJsonValue &v)
{
    if (!v.isDouble())
        return std::nullopt;
    return v.toDouble();
}

std::optional<bool> flag(const QJsonValue &v)
{
    if (!v.isBool())
        return std::nullopt;
    return v.toBool();
}

// A hyperparameter that is one number or an array per layer: its largest
// value (a null in the array makes it unknown). `perLayer` is set for an array.
std::optional<std::uint64_t> largest(const QJsonValue &v, bool *perLayer)
{
    if (!v.isArray())
        return count(v);
    const QJsonArray a = v.toArray();
    if (a.isEmpty())
        return std::nullopt;
    std::uint64_t best = 0;
    for (const QJsonValue &e : a) {
        const auto n = count(e);
        if (!n)
            return std::nullopt;
        best = std::max(best, *n);
    }
    if (perLayer)
        *perLayer = true;
    return best;
}

bool isEmbeddingName(const QString &name)
{
    return name == QLatin1String("token_embd.weight") || name.endsWith(QLatin1String("embed_tokens.weight"));
}

bool isOutputHeadName(const QString &name)
{
    return name == QLatin1String("output.weight") || name.endsWith(QLatin1String("lm_head.weight"));
}

} // namespace

std::optional<std::uint64_t> ModelShape::bestWeightBytes(QString *source) const
{
    if (weightBytes) {
        if (source)
            *source = QStringLiteral("weights.total_bytes (the tensor headers)");
        return weightBytes;
    }
    if (declaredWeightBytes) {
        if (source)
            *source = QStringLiteral("weights.declared_total_bytes (the index's metadata.total_size; "
                                     "not every tensor header was read)");
        return declaredWeightBytes;
    }
    if (source)
        *source = QStringLiteral("unknown");
    return std::nullopt;
}

ShapeDecodeResult decodeModelShape(const QByteArray &json)
{
    QJsonParseError err {};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError)
        return { std::nullopt,
            QStringLiteral("not valid JSON: %1 at byte %2").arg(err.errorString()).arg(err.offset) };
    if (!doc.isObject())
        return { std::nullopt, QStringLiteral("not a JSON object") };
    return decodeModelShape(doc.object());
}

ShapeDecodeResult decodeModelShape(const QJsonObject &doc)
{
    if (doc.contains(QLatin1String("error"))) {
        const QJsonObject e = doc.value(QLatin1String("error")).toObject();
        return { std::nullopt,
            QStringLiteral("the engine could not read the model: %1: %2")
                .arg(e.value(QLatin1String("code")).toString(),
                    e.value(QLatin1String("message")).toString()) };
    }
    const QString schema = doc.value(QLatin1String("schema")).toString();
    if (schema != QLatin1String(kModelShapeSchema))
        return { std::nullopt,
            QStringLiteral("schema '%1', expected '%2'").arg(schema, QLatin1String(kModelShapeSchema)) };

    ModelShape s;
    s.path = doc.value(QLatin1String("path")).toString();
    s.format = doc.value(QLatin1String("format")).toString();
    if (doc.value(QLatin1String("architecture")).isString())
        s.architecture = doc.value(QLatin1String("architecture")).toString();

    const QJsonObject hp = doc.value(QLatin1String("hyperparameters")).toObject();
    s.layers = count(hp.value(QLatin1String("layers")));
    s.hiddenSize = count(hp.value(QLatin1String("hidden_size")));
    s.attentionHeads = largest(hp.value(QLatin1String("attention_heads")), &s.perLayerHeads);
    s.kvHeads = largest(hp.value(QLatin1String("kv_heads")), &s.perLayerHeads);
    s.contextLength = count(hp.value(QLatin1String("context_length")));
    s.vocabSize = count(hp.value(QLatin1String("vocab_size")));
    s.experts = count(hp.value(QLatin1String("experts")));
    s.expertsUsed = count(hp.value(QLatin1String("experts_used")));

    const QJsonObject w = doc.value(QLatin1String("weights")).toObject();
    s.weightBytes = count(w.value(QLatin1String("total_bytes")));
    s.declaredWeightBytes = count(w.value(QLatin1String("declared_total_bytes")));
    s.parameters = count(w.value(QLatin1String("parameters")));
    const QJsonObject wl = w.value(QLatin1String("layers")).toObject();
    s.layerBytes = count(wl.value(QLatin1String("bytes")));
    s.layerCount = count(wl.value(QLatin1String("count")));
    const QJsonObject outside = w.value(QLatin1String("outside_layers")).toObject();
    const QJsonValue list = outside.value(QLatin1String("list"));
    if (list.isArray()) {
        std::uint64_t embedding = 0;
        bool embeddingKnown = true, sawEmbedding = false, sawHead = false;
        for (const QJsonValue &t : list.toArray()) {
            const QString name = t.toObject().value(QLatin1String("name")).toString();
            if (isOutputHeadName(name))
                sawHead = true;
            if (!isEmbeddingName(name))
                continue;
            sawEmbedding = true;
            const auto b = count(t.toObject().value(QLatin1String("bytes")));
            if (!b)
                embeddingKnown = false;
            else
                embedding += *b;
        }
        if (sawEmbedding && embeddingKnown)
            s.embeddingBytes = embedding;
        else if (!sawEmbedding)
            s.embeddingBytes = 0;
        s.separateOutputHead = sawHead;
    }

    const QJsonObject d = doc.value(QLatin1String("derived")).toObject();
    const QJsonObject hd = d.value(QLatin1String("head_dim")).toObject();
    s.headDimKey = count(hd.value(QLatin1String("key")));
    s.headDimValue = count(hd.value(QLatin1String("value")));
    s.kvElementsPerToken
        = count(d.value(QLatin1String("kv_cache")).toObject().value(QLatin1String("elements_per_token")));
    s.weightBytesPerLayer = number(d.value(QLatin1String("weight_bytes_per_layer")));
    s.outsideLayerBytes = count(d.value(QLatin1String("weight_bytes_outside_layers")));
    const QJsonObject moe = d.value(QLatin1String("moe")).toObject();
    s.isMoe = flag(moe.value(QLatin1String("is_moe")));
    s.activeParameters = count(moe.value(QLatin1String("active_parameters_per_token")));
    s.activeWeightBytes = count(moe.value(QLatin1String("active_weight_bytes_per_token")));
    s.expertTensorBytes = count(moe.value(QLatin1String("expert_tensor_bytes")));

    for (const QJsonValue &v : doc.value(QLatin1String("warnings")).toArray())
        s.warnings << v.toString();
    return { std::move(s), QString() };
}

} // namespace halolink::advise
