#pragma once
// What `halolink-engine model-shape` learns about a model from its own files
// (docs/model-shape.md): the hyperparameters its metadata states, and every
// tensor's type, element count and size from the tensor headers. Anything a
// file does not state stays unknown (std::nullopt, JSON null).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sys/json_out.h"

namespace halolink::model {

inline constexpr const char *kModelShapeSchema = "halolink.model_shape/1";

// A hyperparameter that is one number for the whole model or one per layer
// (GGUF arrays such as feed_forward_length in OpenELM).
struct PerLayerValue {
    std::vector<std::uint64_t> values; // empty: unknown
    bool perLayer = false;

    bool known() const { return !values.empty(); }
    // The value for `layer` (the single value when not per layer).
    std::optional<std::uint64_t> at(std::size_t layer) const;
    Json toJson() const;
};

struct Hyperparameters {
    std::optional<std::uint64_t> layers;
    std::optional<std::uint64_t> hiddenSize;
    PerLayerValue intermediateSize;
    PerLayerValue attentionHeads;
    PerLayerValue kvHeads;
    std::optional<std::uint64_t> keyLength;   // GGUF attention.key_length, HF head_dim
    std::optional<std::uint64_t> valueLength; // GGUF attention.value_length
    std::optional<std::uint64_t> contextLength;
    std::optional<std::uint64_t> vocabSize;
    std::optional<std::uint64_t> experts;
    std::optional<std::uint64_t> expertsUsed;
    std::optional<std::uint64_t> expertIntermediateSize;
};

struct TensorInfo {
    std::string name;
    std::string type;                  // ggml type name or safetensors dtype
    std::vector<std::uint64_t> shape;  // as the file lists it
    std::uint64_t elements = 0;
    std::optional<std::uint64_t> bytes; // unknown for a ggml type this engine does not know
    std::optional<std::uint64_t> layer; // N of blk.N. / model.layers.N.
    bool expert = false;               // a routed expert's weights (ffn_*_exps, .experts.)
};

struct ModelShape {
    std::string format; // "gguf" or "huggingface"
    std::string path;
    std::optional<std::string> architecture;
    Hyperparameters hp;
    std::vector<TensorInfo> tensors;
    // Whether every tensor of the model was listed (all shards' headers read).
    bool tensorsComplete = true;
    // false when the stored element count is not the parameter count
    // (packed quantized safetensors: 8 int4 in one I32).
    bool elementsAreParameters = true;
    // What an index says the weights take (HF metadata.total_size).
    std::optional<std::uint64_t> declaredTotalBytes;
    Json formatInfo = Json::object(); // the reader's own section ("gguf" or "huggingface")
    std::vector<std::string> warnings;
};

// Layer index from a tensor name starting with `prefix` followed by digits
// and a dot ("blk.12.attn_q.weight" with "blk."), or nullopt.
std::optional<std::uint64_t> layerIndex(const std::string &name, const std::string &prefix);

// The model at `path`, as `halolink-engine model-shape PATH` and the agent's
// `model_shape` method read it: a .gguf file (a split model's first shard),
// or a Hugging Face folder (its config.json, index or a .safetensors file
// stands for it). Throws sys::EngineError (not_found, bad_magic, ...:
// docs/model-shape.md, "Errors").
ModelShape readModelShape(const std::string &path);

// --kv-bytes (the agent's kv_bytes): bytes per KV cache element.
inline constexpr double kMinKvElementBytes = 0.0625;
inline constexpr double kMaxKvElementBytes = 16;
inline constexpr double kDefaultKvElementBytes = 2;

// The whole halolink.model_shape/1 document. `kvElementBytes` is the KV
// cache's element size for kv_cache.bytes_per_token (2 for f16).
Json modelShapeJson(const ModelShape &shape, double kvElementBytes);

} // namespace halolink::model
