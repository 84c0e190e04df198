#pragma once
// A model's shape as the advisor needs it, decoded from the engine's
// `halolink-engine model-shape` answer (schema halolink.model_shape/1,
// docs/model-shape.md). Every number the document leaves null, or does not
// have, stays unknown (std::nullopt): never 0, never a guess.

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace halolink::advise {

inline constexpr const char *kModelShapeSchema = "halolink.model_shape/1";

struct ModelShape {
    QString path;
    QString format; // "gguf" or "huggingface"
    std::optional<QString> architecture;

    // hyperparameters (a per-layer array is taken at its largest value, and
    // perLayerHeads says so)
    std::optional<std::uint64_t> layers;
    std::optional<std::uint64_t> hiddenSize;
    std::optional<std::uint64_t> attentionHeads;
    std::optional<std::uint64_t> kvHeads;
    bool perLayerHeads = false;
    std::optional<std::uint64_t> contextLength;
    std::optional<std::uint64_t> vocabSize;
    std::optional<std::uint64_t> experts;
    std::optional<std::uint64_t> expertsUsed;
    std::optional<std::uint64_t> headDimKey; // derived.head_dim
    std::optional<std::uint64_t> headDimValue;

    // weights
    std::optional<std::uint64_t> weightBytes; // weights.total_bytes
    std::optional<std::uint64_t> declaredWeightBytes; // weights.declared_total_bytes (HF index)
    std::optional<std::uint64_t> parameters;
    std::optional<std::uint64_t> layerBytes; // weights.layers.bytes
    std::optional<std::uint64_t> layerCount; // weights.layers.count (0 when none named)
    std::optional<double> weightBytesPerLayer; // derived.weight_bytes_per_layer
    std::optional<std::uint64_t> outsideLayerBytes; // derived.weight_bytes_outside_layers
    // The token embedding table (token_embd.weight, *embed_tokens.weight),
    // when outside_layers lists it; a token reads one row of it, not all.
    std::optional<std::uint64_t> embeddingBytes;
    // An output head of its own (output.weight, lm_head.weight) is listed;
    // without one the embedding is tied and read whole for the logits.
    std::optional<bool> separateOutputHead;

    // derived
    std::optional<std::uint64_t> kvElementsPerToken; // derived.kv_cache.elements_per_token
    std::optional<bool> isMoe;
    std::optional<std::uint64_t> activeParameters; // derived.moe.active_parameters_per_token
    std::optional<std::uint64_t> activeWeightBytes; // derived.moe.active_weight_bytes_per_token
    std::optional<std::uint64_t> expertTensorBytes; // derived.moe.expert_tensor_bytes

    QStringList warnings; // the document's own

    // The weights' bytes: total_bytes, else what an index declares (with a
    // note in `source`), else unknown.
    std::optional<std::uint64_t> bestWeightBytes(QString *source = nullptr) const;
};

struct ShapeDecodeResult {
    std::optional<ModelShape> shape;
    QString error; // empty when shape is set
};

// Decodes a halolink.model_shape/1 document. Refused (error set): not JSON,
// not an object, another schema, or the engine's {"error":{...}} answer.
ShapeDecodeResult decodeModelShape(const QByteArray &json);
ShapeDecodeResult decodeModelShape(const QJsonObject &doc);

} // namespace halolink::advise
