#pragma once
// GGUF (ggml-org/ggml docs/gguf.md at d99724f2b141fed9e1a9f402213506c081433465,
// versions 2 and 3, little-endian): the header, every metadata key-value pair
// and every tensor info, never the tensor data.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/model_shape.h"

namespace halolink::model {

class BoundedFile;

// gguf_metadata_value_type
enum class GgufType : std::uint32_t {
    Uint8 = 0, Int8 = 1, Uint16 = 2, Int16 = 3, Uint32 = 4, Int32 = 5, Float32 = 6,
    Bool = 7, String = 8, Array = 9, Uint64 = 10, Int64 = 11, Float64 = 12,
};

// One metadata value as far as model-shape needs it: integers and short
// strings are kept; an array keeps its element type and count, and its
// contents only when they are non-negative integers and few.
struct GgufValue {
    GgufType type = GgufType::Uint8;
    std::optional<std::uint64_t> count;   // a non-negative integer value
    bool negative = false;                // an integer below zero
    std::optional<double> real;           // float32/float64
    std::optional<bool> boolean;
    std::optional<std::string> text;      // strings up to 64 KiB
    GgufType elementType = GgufType::Uint8; // arrays
    std::uint64_t length = 0;             // arrays: number of elements
    std::optional<std::vector<std::uint64_t>> integers; // arrays of counts
};

struct GgufFile {
    std::uint32_t version = 0;
    std::uint64_t tensorCount = 0;
    std::uint64_t kvCount = 0;
    std::uint64_t alignment = 32;
    std::uint64_t dataOffset = 0;     // where tensor_data starts
    std::uint64_t dataBytesNeeded = 0; // end of the last tensor, from dataOffset
    std::uint64_t fileSize = 0;
    std::map<std::string, GgufValue> kv;
    std::vector<TensorInfo> tensors;
};

// One file's header, metadata and tensor infos. Throws sys::EngineError
// (bad_magic, unsupported_version, truncated, length_beyond_file,
// bad_value_type, bad_tensor, bad_alignment) naming the file and the byte.
GgufFile parseGgufFile(const BoundedFile &file);

// A .gguf file as a model: its metadata's hyperparameters and the tensors of
// every shard of a split model (PATH-0000k-of-0000N.gguf beside the first).
ModelShape readGgufModel(const std::string &path);

} // namespace halolink::model
