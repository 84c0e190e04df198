#include "model/safetensors_reader.h"

#include <array>
#include <nlohmann/json.hpp>

#include "model/bounded_file.h"

namespace halolink::model {

namespace {

// safetensors refuses headers above this (MAX_HEADER_SIZE in tensor.rs).
constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

std::optional<std::uint64_t> unsignedValue(const nlohmann::json &v)
{
    if (v.is_number_unsigned())
        return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0)
        return static_cast<std::uint64_t>(v.get<std::int64_t>());
    return std::nullopt;
}

} // namespace

std::optional<std::uint32_t> safetensorsDtypeBits(const std::string &dtype)
{
    static const std::array<std::pair<const char *, std::uint32_t>, 22> kBits{{
        {"BOOL", 8}, {"F4", 4}, {"F6_E2M3", 6}, {"F6_E3M2", 6}, {"U8", 8}, {"I8", 8},
        {"F8_E5M2", 8}, {"F8_E4M3", 8}, {"F8_E8M0", 8}, {"F8_E4M3FNUZ", 8}, {"F8_E5M2FNUZ", 8},
        {"I16", 16}, {"U16", 16}, {"F16", 16}, {"BF16", 16}, {"I32", 32}, {"U32", 32},
        {"F32", 32}, {"C64", 64}, {"F64", 64}, {"I64", 64}, {"U64", 64},
    }};
    for (const auto &[name, bits] : kBits) {
        if (dtype == name)
            return bits;
    }
    return std::nullopt;
}

void classifyHfTensor(TensorInfo &t)
{
    for (const char *prefix : {"model.layers.", "model.language_model.layers.", "language_model.model.layers."}) {
        if (auto n = layerIndex(t.name, prefix)) {
            t.layer = n;
            break;
        }
    }
    t.expert = t.name.find(".experts.") != std::string::npos;
}

SafetensorsHeader parseSafetensorsFile(const BoundedFile &file)
{
    const std::string &path = file.path();
    SafetensorsHeader h;
    Cursor c(file, 0);
    h.headerBytes = c.u64("the header length");
    if (h.headerBytes > c.remaining()) {
        throw modelError("length_beyond_file", path,
                         "the header length " + std::to_string(h.headerBytes) + " (bytes 0-7) is larger than the "
                             "rest of the file (" + std::to_string(c.remaining()) + " bytes)");
    }
    if (h.headerBytes > kMaxHeaderBytes)
        throw modelError("bad_header", path, "the header length " + std::to_string(h.headerBytes) +
                                                 " is above safetensors' limit of 100000000 bytes");
    h.dataBytes = c.remaining() - h.headerBytes;
    std::string text(static_cast<std::size_t>(h.headerBytes), '\0');
    c.read(text.data(), text.size(), "the JSON header");
    if (text.empty() || text.front() != '{')
        throw modelError("bad_header", path, "the header does not start with '{'");
    const nlohmann::json header = nlohmann::json::parse(text, nullptr, false);
    if (header.is_discarded())
        throw modelError("bad_json", path, "the header (bytes 8-" + std::to_string(8 + h.headerBytes) +
                                               ") is not valid JSON");
    if (!header.is_object())
        throw modelError("bad_header", path, "the header is not a JSON object");

    for (const auto &[name, entry] : header.items()) {
        if (name == "__metadata__")
            continue;
        const std::string where = "tensor '" + name + "'";
        if (!entry.is_object() || !entry.contains("dtype") || !entry["dtype"].is_string()
            || !entry.contains("shape") || !entry["shape"].is_array() || !entry.contains("data_offsets")
            || !entry["data_offsets"].is_array() || entry["data_offsets"].size() != 2)
            throw modelError("bad_header", path, where + ": not {\"dtype\", \"shape\", \"data_offsets\": [BEGIN, END]}");
        TensorInfo t;
        t.name = name;
        t.type = entry["dtype"].get<std::string>();
        t.elements = 1;
        for (const auto &d : entry["shape"]) {
            auto n = unsignedValue(d);
            if (!n)
                throw modelError("bad_header", path, where + ": a dimension is not a non-negative integer");
            t.shape.push_back(*n);
            if (__builtin_mul_overflow(t.elements, *n, &t.elements))
                throw modelError("bad_header", path, where + ": too many elements");
        }
        auto begin = unsignedValue(entry["data_offsets"][0]);
        auto end = unsignedValue(entry["data_offsets"][1]);
        if (!begin || !end)
            throw modelError("bad_header", path, where + ": data_offsets are not non-negative integers");
        if (*begin > *end || *end > h.dataBytes) {
            throw modelError("bad_offsets", path,
                             where + ": data_offsets [" + std::to_string(*begin) + ", " + std::to_string(*end)
                                 + "] lie outside the data (" + std::to_string(h.dataBytes)
                                 + " bytes after the header)");
        }
        t.bytes = *end - *begin;
        if (auto bits = safetensorsDtypeBits(t.type)) {
            std::uint64_t totalBits;
            if (__builtin_mul_overflow(t.elements, std::uint64_t(*bits), &totalBits) || (totalBits + 7) / 8 != *t.bytes)
                throw modelError("bad_header", path, where + ": " + std::to_string(*t.bytes) + " bytes for "
                                                         + std::to_string(t.elements) + " elements of " + t.type);
        }
        classifyHfTensor(t);
        h.tensors.push_back(std::move(t));
    }
    return h;
}

} // namespace halolink::model
