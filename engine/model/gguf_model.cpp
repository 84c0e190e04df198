// readGgufModel: a GGUF file's metadata as hyperparameters, and the tensors
// of every shard of a split model. Key names: docs/gguf.md (ggml-org/ggml
// d99724f2b141fed9e1a9f402213506c081433465). Split models are llama.cpp's
// gguf-split's (ggml-org/llama.cpp d5845f951ce9ccbfe040f148d2d80ebb6a5864e9,
// tools/gguf-split/gguf-split.cpp): the metadata in the first shard only,
// split.no and split.count as uint16, split.tensors.count as int32 (the
// model's total), shards named by llama_split_path's "%s-%05d-of-%05d.gguf"
// with split.no + 1.

#include <filesystem>
#include <regex>

#include "model/bounded_file.h"
#include "model/ggml_types.h"
#include "model/gguf_reader.h"

namespace halolink::model {

namespace {

template<typename T> Json orNull(const std::optional<T> &v)
{
    return v ? Json(*v) : Json(nullptr);
}

class Keys {
public:
    Keys(const GgufFile &g, std::vector<std::string> &warnings)
        : m_g(g)
        , m_warnings(warnings)
    {
    }

    const GgufValue *find(const std::string &key) const
    {
        auto it = m_g.kv.find(key);
        return it == m_g.kv.end() ? nullptr : &it->second;
    }

    std::optional<std::string> text(const std::string &key) const
    {
        const GgufValue *v = find(key);
        if (!v)
            return std::nullopt;
        if (!v->text)
            m_warnings.push_back(key + " is not a string: ignored");
        return v->text;
    }

    // A non-negative integer of any integer type (docs/gguf.md: readers
    // should take uint32 and uint64 alike).
    std::optional<std::uint64_t> count(const std::string &key) const
    {
        const GgufValue *v = find(key);
        if (!v)
            return std::nullopt;
        if (!v->count)
            m_warnings.push_back(key + " is not a non-negative integer: taken as unknown");
        return v->count;
    }

    PerLayerValue perLayer(const std::string &key) const
    {
        PerLayerValue out;
        const GgufValue *v = find(key);
        if (!v)
            return out;
        if (v->type == GgufType::Array) {
            if (v->integers) {
                out.values = *v->integers;
                out.perLayer = true;
            } else {
                m_warnings.push_back(key + " is an array but not of non-negative integers: taken as unknown");
            }
        } else if (v->count) {
            out.values = {*v->count};
        } else {
            m_warnings.push_back(key + " is not a non-negative integer: taken as unknown");
        }
        return out;
    }

private:
    const GgufFile &m_g;
    std::vector<std::string> &m_warnings;
};

Json dataJson(const GgufFile &g)
{
    const bool complete = g.dataOffset <= g.fileSize && g.dataBytesNeeded <= g.fileSize - g.dataOffset;
    return {{"offset", g.dataOffset},
            {"bytes_needed", g.dataBytesNeeded},
            {"file_bytes", g.fileSize},
            {"complete", complete}};
}

bool dataComplete(const GgufFile &g)
{
    return g.dataOffset <= g.fileSize && g.dataBytesNeeded <= g.fileSize - g.dataOffset;
}

} // namespace

ModelShape readGgufModel(const std::string &path)
{
    ModelShape s;
    s.format = "gguf";
    s.path = path;
    BoundedFile file(path);
    GgufFile g = parseGgufFile(file);
    Keys keys(g, s.warnings);

    const auto splitCount = keys.count("split.count");
    const auto splitNo = keys.count("split.no");
    s.architecture = keys.text("general.architecture");
    if (!s.architecture || s.architecture->empty()) {
        std::string hint;
        if (splitNo && *splitNo > 0)
            hint = " (this is shard " + std::to_string(*splitNo + 1) + " of a split model: give the first, "
                   "...-00001-of-...gguf, which holds the metadata)";
        throw modelError("missing_key", path, "no general.architecture string in the metadata" + hint);
    }
    const std::string a = *s.architecture + ".";
    Hyperparameters &hp = s.hp;
    hp.layers = keys.count(a + "block_count");
    hp.hiddenSize = keys.count(a + "embedding_length");
    hp.intermediateSize = keys.perLayer(a + "feed_forward_length");
    hp.attentionHeads = keys.perLayer(a + "attention.head_count");
    hp.kvHeads = keys.perLayer(a + "attention.head_count_kv");
    hp.keyLength = keys.count(a + "attention.key_length");
    hp.valueLength = keys.count(a + "attention.value_length");
    hp.contextLength = keys.count(a + "context_length");
    hp.experts = keys.count(a + "expert_count");
    hp.expertsUsed = keys.count(a + "expert_used_count");
    hp.expertIntermediateSize = keys.count(a + "expert_feed_forward_length");
    if (const GgufValue *tokens = keys.find("tokenizer.ggml.tokens")) {
        if (tokens->type == GgufType::Array)
            hp.vocabSize = tokens->length;
        else
            s.warnings.push_back("tokenizer.ggml.tokens is not an array: the vocabulary size is unknown");
    }

    Json info;
    info["version"] = g.version;
    info["tensor_count"] = g.tensorCount;
    info["kv_count"] = g.kvCount;
    info["alignment"] = g.alignment;
    info["name"] = orNull(keys.text("general.name"));
    const auto fileType = keys.count("general.file_type");
    info["file_type"] = orNull(fileType);
    info["file_type_name"] =
        fileType && *fileType <= 0xffffffffu ? orNull(ggufFileTypeName(std::uint32_t(*fileType))) : Json(nullptr);
    info["quantization_version"] = orNull(keys.count("general.quantization_version"));
    info["data"] = dataJson(g);
    if (!dataComplete(g))
        s.warnings.push_back(path + ": the file is shorter than its tensors need (a partial download?); "
                                    "the sizes come from the tensor infos");

    s.tensors = std::move(g.tensors);
    if (splitCount && *splitCount > 1) {
        Json split;
        split["count"] = *splitCount;
        split["no"] = orNull(splitNo);
        const auto declared = keys.count("split.tensors.count");
        split["tensors_total"] = orNull(declared);
        Json shards = Json::array();
        shards.push_back({{"path", path}, {"tensors", s.tensors.size()}, {"data", info["data"]}});
        Json missing = Json::array();
        // gguf-split names the shards PREFIX-%05d-of-%05d.gguf, numbered from 1.
        static const std::regex shardName(R"(^(.*)-(\d{5})-of-(\d{5})\.gguf$)");
        std::smatch m;
        const std::string name = std::filesystem::path(path).filename().string();
        const bool first = splitNo && *splitNo == 0;
        if (first && std::regex_match(name, m, shardName) && std::stoull(m[3].str()) == *splitCount
            && *splitCount <= 99999) {
            const std::filesystem::path dir = std::filesystem::path(path).parent_path();
            for (std::uint64_t k = 2; k <= *splitCount; ++k) {
                char suffix[32];
                std::snprintf(suffix, sizeof suffix, "-%05llu-of-%05llu.gguf", (unsigned long long)k,
                              (unsigned long long)*splitCount);
                const std::string shardPath = (dir / (m[1].str() + suffix)).string();
                std::error_code ec;
                if (!std::filesystem::exists(shardPath, ec)) {
                    missing.push_back(shardPath);
                    continue;
                }
                BoundedFile shardFile(shardPath);
                GgufFile shard = parseGgufFile(shardFile);
                shards.push_back({{"path", shardPath}, {"tensors", shard.tensors.size()}, {"data", dataJson(shard)}});
                if (!dataComplete(shard))
                    s.warnings.push_back(shardPath + ": the file is shorter than its tensors need");
                for (auto &t : shard.tensors)
                    s.tensors.push_back(std::move(t));
            }
        } else {
            s.warnings.push_back("a split model read from a file that is not its first shard, or whose name does "
                                 "not follow PREFIX-00001-of-0000N.gguf: only this file's tensors are listed");
            s.tensorsComplete = false;
        }
        if (missing.empty() && s.tensorsComplete && declared && *declared != s.tensors.size())
            s.warnings.push_back("split.tensors.count says " + std::to_string(*declared) + " tensors, the shards list "
                                 + std::to_string(s.tensors.size()));
        if (!missing.empty()) {
            s.tensorsComplete = false;
            s.warnings.push_back(std::to_string(missing.size()) + " shard(s) of the split model are missing");
        }
        split["shards"] = std::move(shards);
        split["missing"] = std::move(missing);
        info["split"] = std::move(split);
    } else {
        info["split"] = nullptr;
    }
    s.formatInfo = std::move(info);
    return s;
}

} // namespace halolink::model
