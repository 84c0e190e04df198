#pragma once
// ggml's tensor types as GGUF stores them: the type id, its name, how many
// elements one block holds and how many bytes a block takes.

#include <cstdint>
#include <optional>
#include <string>

namespace halolink::model {

struct GgmlType {
    std::uint32_t id;
    const char *name;
    std::uint32_t blockSize; // elements per block
    std::uint32_t typeSize;  // bytes per block
};

// The type with that id, or nullopt for an id ggml does not have (or has
// removed, such as 4, 5 and 31-33).
std::optional<GgmlType> ggmlType(std::uint32_t id);
// "q4_K", or "ggml_type_<id>" for an unknown id.
std::string ggmlTypeName(std::uint32_t id);
// The name of general.file_type's value as docs/gguf.md lists it, or nullopt.
std::optional<std::string> ggufFileTypeName(std::uint32_t fileType);

} // namespace halolink::model
