#include "model/gguf_reader.h"

#include <cstdio>
#include <cstring>
#include <filesystem>

#include "model/bounded_file.h"
#include "model/ggml_types.h"

namespace halolink::model {

namespace {

constexpr std::uint64_t kMaxStoredString = 64 * 1024;
constexpr std::uint64_t kMaxStoredArray = 1 << 16;
constexpr int kMaxArrayDepth = 8;
// GGML_MAX_DIMS (ggml include/ggml.h); gguf.cpp rejects more.
constexpr std::uint32_t kMaxDims = 4;

std::string at(std::uint64_t pos)
{
    return " at byte " + std::to_string(pos);
}

// Bytes a value of a fixed-size type takes; 0 for string and array.
std::uint64_t fixedSize(GgufType t)
{
    switch (t) {
    case GgufType::Uint8: case GgufType::Int8: case GgufType::Bool: return 1;
    case GgufType::Uint16: case GgufType::Int16: return 2;
    case GgufType::Uint32: case GgufType::Int32: case GgufType::Float32: return 4;
    case GgufType::Uint64: case GgufType::Int64: case GgufType::Float64: return 8;
    case GgufType::String: case GgufType::Array: return 0;
    }
    return 0;
}

// The fewest bytes one element can take: what bounds an array's count.
std::uint64_t minimumSize(GgufType t)
{
    if (t == GgufType::String)
        return 8;                  // its length
    if (t == GgufType::Array)
        return 4 + 8;              // element type and count
    return fixedSize(t);
}

GgufType valueType(Cursor &c, const char *what)
{
    const std::uint64_t pos = c.pos();
    const std::uint32_t raw = c.u32(what);
    if (raw > static_cast<std::uint32_t>(GgufType::Float64)) {
        throw modelError("bad_value_type", c.file().path(),
                         "unknown metadata value type " + std::to_string(raw) + " for " + what + at(pos));
    }
    return static_cast<GgufType>(raw);
}

bool isInteger(GgufType t)
{
    return t != GgufType::Float32 && t != GgufType::Float64 && t != GgufType::Bool && t != GgufType::String
           && t != GgufType::Array;
}

// A fixed-size scalar: an integer into count/negative, a float into real.
void readScalar(Cursor &c, GgufType t, GgufValue &v, const char *what)
{
    switch (t) {
    case GgufType::Uint8: v.count = c.u8(what); break;
    case GgufType::Uint16: v.count = c.u16(what); break;
    case GgufType::Uint32: v.count = c.u32(what); break;
    case GgufType::Uint64: v.count = c.u64(what); break;
    case GgufType::Int8: case GgufType::Int16: case GgufType::Int32: case GgufType::Int64: {
        const std::uint64_t size = fixedSize(t);
        std::uint64_t raw = size == 1 ? c.u8(what) : size == 2 ? c.u16(what) : size == 4 ? c.u32(what) : c.u64(what);
        const std::uint64_t sign = std::uint64_t(1) << (8 * size - 1);
        if (raw & sign)
            v.negative = true;
        else
            v.count = raw;
        break;
    }
    case GgufType::Float32: {
        const std::uint32_t bits = c.u32(what);
        float f;
        std::memcpy(&f, &bits, 4);
        v.real = f;
        break;
    }
    case GgufType::Float64: {
        const std::uint64_t bits = c.u64(what);
        double d;
        std::memcpy(&d, &bits, 8);
        v.real = d;
        break;
    }
    case GgufType::Bool: v.boolean = c.u8(what) != 0; break;
    case GgufType::String: case GgufType::Array: break;
    }
}

void skipArray(Cursor &c, GgufType element, std::uint64_t length, int depth, const char *what);

// An array's header is read; its elements are stored (few integers) or skipped.
void readArrayBody(Cursor &c, GgufValue &v, int depth, const char *what)
{
    const std::uint64_t pos = c.pos();
    v.elementType = valueType(c, what);
    v.length = c.u64(what);
    const std::uint64_t minimum = minimumSize(v.elementType);
    if (minimum > 0 && v.length > c.remaining() / minimum) {
        throw modelError("length_beyond_file", c.file().path(),
                         std::string(what) + ": an array of " + std::to_string(v.length) + " elements" + at(pos)
                             + " cannot fit in the rest of the file (" + std::to_string(c.remaining()) + " bytes)");
    }
    if (isInteger(v.elementType) && v.length <= kMaxStoredArray) {
        std::vector<std::uint64_t> values;
        values.reserve(static_cast<std::size_t>(v.length));
        bool allCounts = true;
        for (std::uint64_t i = 0; i < v.length; ++i) {
            GgufValue e;
            readScalar(c, v.elementType, e, what);
            if (!e.count)
                allCounts = false;
            values.push_back(e.count.value_or(0));
        }
        if (allCounts)
            v.integers = std::move(values);
        return;
    }
    skipArray(c, v.elementType, v.length, depth, what);
}

void skipArray(Cursor &c, GgufType element, std::uint64_t length, int depth, const char *what)
{
    if (const std::uint64_t size = fixedSize(element)) {
        c.skip(length * size, what); // length <= remaining / size: no overflow
        return;
    }
    for (std::uint64_t i = 0; i < length; ++i) {
        if (element == GgufType::String) {
            c.string(what, 0);
        } else {
            if (depth + 1 > kMaxArrayDepth) {
                throw modelError("bad_value_type", c.file().path(),
                                 std::string(what) + ": arrays nested deeper than " + std::to_string(kMaxArrayDepth)
                                     + at(c.pos()));
            }
            GgufValue inner;
            const std::uint64_t pos = c.pos();
            inner.elementType = valueType(c, what);
            inner.length = c.u64(what);
            const std::uint64_t minimum = minimumSize(inner.elementType);
            if (minimum > 0 && inner.length > c.remaining() / minimum) {
                throw modelError("length_beyond_file", c.file().path(),
                                 std::string(what) + ": an array of " + std::to_string(inner.length) + " elements"
                                     + at(pos) + " cannot fit in the rest of the file");
            }
            skipArray(c, inner.elementType, inner.length, depth + 1, what);
        }
    }
}

GgufValue readValue(Cursor &c, GgufType t, const char *what)
{
    GgufValue v;
    v.type = t;
    if (t == GgufType::String)
        v.text = c.string(what, kMaxStoredString);
    else if (t == GgufType::Array)
        readArrayBody(c, v, 1, what);
    else
        readScalar(c, t, v, what);
    return v;
}

std::uint64_t alignUp(std::uint64_t offset, std::uint64_t alignment)
{
    return offset + (alignment - offset % alignment) % alignment;
}

} // namespace

GgufFile parseGgufFile(const BoundedFile &file)
{
    GgufFile g;
    g.fileSize = file.size();
    const std::string &path = file.path();
    Cursor c(file, 0);
    char magic[4];
    c.read(magic, 4, "the magic");
    if (std::memcmp(magic, "GGUF", 4) != 0) {
        char shown[32];
        std::snprintf(shown, sizeof shown, "%02x %02x %02x %02x", (unsigned char)magic[0], (unsigned char)magic[1],
                      (unsigned char)magic[2], (unsigned char)magic[3]);
        throw modelError("bad_magic", path, std::string("not a GGUF file: the first bytes are ") + shown
                                                + ", not \"GGUF\" (47 47 55 46)");
    }
    g.version = c.u32("the version");
    if (g.version != 2 && g.version != 3) {
        const std::uint32_t swapped = __builtin_bswap32(g.version);
        if (swapped == 2 || swapped == 3)
            throw modelError("unsupported_version", path, "a big-endian GGUF file: only little-endian is read");
        throw modelError("unsupported_version", path,
                         "GGUF version " + std::to_string(g.version) + ": only versions 2 and 3 are read");
    }
    g.tensorCount = c.u64("the tensor count");
    g.kvCount = c.u64("the metadata key-value count");
    // A key-value pair takes at least 8 (key length) + 4 (type) + 1 bytes; a
    // tensor info at least 8 + 4 + 4 + 8.
    if (g.kvCount > c.remaining() / 13)
        throw modelError("length_beyond_file", path,
                         "the metadata count " + std::to_string(g.kvCount) + " cannot fit in the file ("
                             + std::to_string(file.size()) + " bytes)");
    if (g.tensorCount > c.remaining() / 24)
        throw modelError("length_beyond_file", path,
                         "the tensor count " + std::to_string(g.tensorCount) + " cannot fit in the file ("
                             + std::to_string(file.size()) + " bytes)");

    for (std::uint64_t i = 0; i < g.kvCount; ++i) {
        const std::uint64_t keyAt = c.pos();
        std::string key = c.string("a metadata key", 65535);
        if (key.empty())
            throw modelError("bad_value_type", path, "metadata key " + std::to_string(i) + " is empty or longer "
                                                         "than 65535 bytes" + at(keyAt));
        const GgufType t = valueType(c, key.c_str());
        g.kv[key] = readValue(c, t, key.c_str());
    }

    if (auto it = g.kv.find("general.alignment"); it != g.kv.end()) {
        const GgufValue &a = it->second;
        if (a.type != GgufType::Uint32 || !a.count || *a.count == 0 || (*a.count & (*a.count - 1)) != 0)
            throw modelError("bad_alignment", path, "general.alignment is not a power of two as a uint32");
        g.alignment = *a.count;
    }

    g.tensors.reserve(static_cast<std::size_t>(g.tensorCount));
    std::uint64_t dataEnd = 0;
    for (std::uint64_t i = 0; i < g.tensorCount; ++i) {
        const std::uint64_t infoAt = c.pos();
        TensorInfo t;
        t.name = c.string("a tensor name", 65535);
        const std::uint32_t dims = c.u32("a tensor's dimension count");
        if (dims == 0 || dims > kMaxDims)
            throw modelError("bad_tensor", path, "tensor '" + t.name + "'" + at(infoAt) + " has " +
                                                     std::to_string(dims) + " dimensions (1 to 4 are valid)");
        t.elements = 1;
        for (std::uint32_t d = 0; d < dims; ++d) {
            const std::uint64_t n = c.u64("a tensor dimension");
            t.shape.push_back(n);
            if (__builtin_mul_overflow(t.elements, n, &t.elements) || t.elements > std::uint64_t(INT64_MAX))
                throw modelError("bad_tensor", path, "tensor '" + t.name + "'" + at(infoAt) + ": too many elements");
        }
        const std::uint32_t typeId = c.u32("a tensor type");
        t.type = ggmlTypeName(typeId);
        const std::uint64_t offset = c.u64("a tensor offset");
        if (offset % g.alignment != 0)
            throw modelError("bad_tensor", path, "tensor '" + t.name + "': offset " + std::to_string(offset)
                                                     + " is not a multiple of the alignment " +
                                                     std::to_string(g.alignment));
        if (auto type = ggmlType(typeId)) {
            if (t.shape.front() % type->blockSize != 0)
                throw modelError("bad_tensor", path, "tensor '" + t.name + "': its first dimension "
                                                         + std::to_string(t.shape.front()) + " is not a multiple of "
                                                         + type->name + "'s block of " +
                                                         std::to_string(type->blockSize));
            const std::uint64_t bytes = t.elements / type->blockSize * type->typeSize;
            t.bytes = bytes;
            std::uint64_t end;
            if (__builtin_add_overflow(offset, bytes, &end))
                throw modelError("bad_tensor", path, "tensor '" + t.name + "': offset and size overflow");
            dataEnd = std::max(dataEnd, end);
        }
        t.layer = layerIndex(t.name, "blk.");
        t.expert = t.name.find("_exps") != std::string::npos;
        g.tensors.push_back(std::move(t));
    }
    g.dataOffset = g.tensorCount > 0 ? alignUp(c.pos(), g.alignment) : c.pos();
    g.dataBytesNeeded = dataEnd;
    return g;
}

} // namespace halolink::model
