#pragma once
// safetensors headers (huggingface/safetensors README.md "Format" at
// 24b0b2857fef49be734b9ab72ce97c09bb25f5b9): 8 bytes little-endian N, N bytes
// of JSON {"NAME": {"dtype", "shape", "data_offsets": [BEGIN, END]}, ...,
// "__metadata__": {...}}, then the data. Only the header is read.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/model_shape.h"

namespace halolink::model {

class BoundedFile;

struct SafetensorsHeader {
    std::uint64_t headerBytes = 0; // N
    std::uint64_t dataBytes = 0;   // the file after the header
    std::vector<TensorInfo> tensors;
};

// Bits per element of a safetensors dtype (safetensors/src/tensor.rs,
// Dtype::bitsize, same commit), or nullopt for a dtype it does not list.
std::optional<std::uint32_t> safetensorsDtypeBits(const std::string &dtype);

// Throws sys::EngineError: truncated, length_beyond_file (N larger than the
// file), bad_header (not a JSON object, a tensor entry malformed, a size that
// does not match its dtype and shape), bad_json, bad_offsets (data_offsets
// outside the data).
SafetensorsHeader parseSafetensorsFile(const BoundedFile &file);

// Transformers' weight names: model.layers.N. (and the language model's
// layers in multimodal checkpoints); routed experts hold ".experts.".
void classifyHfTensor(TensorInfo &t);

} // namespace halolink::model
