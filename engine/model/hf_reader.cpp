#include "model/hf_reader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "model/bounded_file.h"
#include "model/safetensors_reader.h"

namespace halolink::model {

namespace {

namespace fs = std::filesystem;

// config.json and the index are small; a larger file is not one of them.
constexpr std::uint64_t kMaxJsonFile = 64ull * 1024 * 1024;

nlohmann::json readJsonFile(const std::string &path)
{
    BoundedFile f(path);
    if (f.size() > kMaxJsonFile)
        throw modelError("bad_json", path, "larger than 64 MiB: not a configuration file");
    std::string text(static_cast<std::size_t>(f.size()), '\0');
    f.readAt(0, text.data(), text.size(), "the JSON text");
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded())
        throw modelError("bad_json", path, "not valid JSON");
    if (!j.is_object())
        throw modelError("bad_json", path, "not a JSON object");
    return j;
}

template<typename T> Json orNull(const std::optional<T> &v)
{
    return v ? Json(*v) : Json(nullptr);
}

// Looks a key up in text_config first (multimodal configs keep the language
// model's numbers there), then at the top level.
class Config {
public:
    Config(const nlohmann::json &top, std::vector<std::string> &warnings)
        : m_top(top)
        , m_warnings(warnings)
    {
        if (top.contains("text_config") && top["text_config"].is_object())
            m_text = &top["text_config"];
    }

    const nlohmann::json *find(const std::string &key) const
    {
        if (m_text && m_text->contains(key) && !(*m_text)[key].is_null())
            return &(*m_text)[key];
        if (m_top.contains(key) && !m_top[key].is_null())
            return &m_top[key];
        return nullptr;
    }

    std::optional<std::uint64_t> count(const std::string &key) const
    {
        const nlohmann::json *v = find(key);
        if (!v)
            return std::nullopt;
        if (auto n = asCount(*v))
            return n;
        m_warnings.push_back("config.json: " + key + " is not a non-negative integer: taken as unknown");
        return std::nullopt;
    }

    // The first of `keys` that is present.
    std::optional<std::uint64_t> firstCount(std::initializer_list<const char *> keys) const
    {
        for (const char *k : keys) {
            if (find(k))
                return count(k);
        }
        return std::nullopt;
    }

    PerLayerValue perLayer(const std::string &key) const
    {
        PerLayerValue out;
        const nlohmann::json *v = find(key);
        if (!v)
            return out;
        if (v->is_array()) {
            for (const auto &e : *v) {
                auto n = asCount(e);
                if (!n) {
                    m_warnings.push_back("config.json: " + key + " holds a value that is not a count");
                    return {};
                }
                out.values.push_back(*n);
            }
            out.perLayer = !out.values.empty();
            return out;
        }
        if (auto n = count(key))
            out.values = {*n};
        return out;
    }

    std::optional<std::string> text(const std::string &key) const
    {
        const nlohmann::json *v = find(key);
        if (v && v->is_string())
            return v->get<std::string>();
        return std::nullopt;
    }

    static std::optional<std::uint64_t> asCount(const nlohmann::json &v)
    {
        if (v.is_number_unsigned())
            return v.get<std::uint64_t>();
        if (v.is_number_integer() && v.get<std::int64_t>() >= 0)
            return std::uint64_t(v.get<std::int64_t>());
        if (v.is_number_float()) {
            const double d = v.get<double>();
            if (d >= 0 && d < 9.0e15 && std::floor(d) == d)
                return std::uint64_t(d);
        }
        return std::nullopt;
    }

private:
    const nlohmann::json &m_top;
    const nlohmann::json *m_text = nullptr;
    std::vector<std::string> &m_warnings;
};

Json jsonValue(const nlohmann::json *v)
{
    if (!v)
        return nullptr;
    return Json::parse(v->dump());
}

void readConfig(ModelShape &s, const nlohmann::json &top, Json &info)
{
    Config cfg(top, s.warnings);
    if (top.contains("model_type") && top["model_type"].is_string())
        s.architecture = top["model_type"].get<std::string>();
    info["text_model_type"] = nullptr;
    if (top.contains("text_config") && top["text_config"].is_object() && top["text_config"].contains("model_type")
        && top["text_config"]["model_type"].is_string())
        info["text_model_type"] = top["text_config"]["model_type"];
    // transformers 4.56+ writes "dtype"; before it, "torch_dtype".
    auto dtype = cfg.text("torch_dtype");
    info["torch_dtype"] = orNull(dtype ? dtype : cfg.text("dtype"));

    Hyperparameters &hp = s.hp;
    hp.layers = cfg.count("num_hidden_layers");
    hp.hiddenSize = cfg.count("hidden_size");
    hp.intermediateSize = cfg.perLayer("intermediate_size");
    hp.attentionHeads = cfg.perLayer("num_attention_heads");
    hp.kvHeads = cfg.perLayer("num_key_value_heads");
    hp.keyLength = cfg.count("head_dim");
    hp.valueLength = hp.keyLength;
    hp.contextLength = cfg.count("max_position_embeddings");
    hp.vocabSize = cfg.count("vocab_size");
    hp.experts = cfg.firstCount({"num_local_experts", "num_experts", "n_routed_experts"});
    hp.expertsUsed = cfg.firstCount({"num_experts_per_tok", "experts_per_token"});
    hp.expertIntermediateSize = cfg.count("moe_intermediate_size");

    const nlohmann::json *q = cfg.find("quantization_config");
    if (q && q->is_object()) {
        auto field = [&](const char *k) -> Json {
            return q->contains(k) && !(*q)[k].is_null() ? jsonValue(&(*q)[k]) : Json(nullptr);
        };
        info["quantization"] = {{"quant_method", field("quant_method")},
                                {"bits", field("bits")},
                                {"group_size", field("group_size")}};
    } else {
        info["quantization"] = nullptr;
    }
}

bool isIntegerDtype(const std::string &t)
{
    return t == "I8" || t == "U8" || t == "I16" || t == "U16" || t == "I32" || t == "U32" || t == "I64"
           || t == "U64";
}

} // namespace

ModelShape readHfModel(const std::string &folder)
{
    ModelShape s;
    s.format = "huggingface";
    s.path = folder;
    Json info;
    const fs::path dir(folder);
    std::error_code ec;

    const fs::path configPath = dir / "config.json";
    const bool hasConfig = fs::is_regular_file(configPath, ec);
    info["config"] = hasConfig ? Json(configPath.string()) : Json(nullptr);
    if (hasConfig) {
        readConfig(s, readJsonFile(configPath.string()), info);
    } else {
        info["text_model_type"] = nullptr;
        info["torch_dtype"] = nullptr;
        info["quantization"] = nullptr;
        s.warnings.push_back(folder + ": no config.json: the hyperparameters are unknown");
    }

    // Which files hold the weights: the index's weight_map, else every
    // *.safetensors in the folder.
    std::vector<std::string> files;
    const fs::path indexPath = dir / "model.safetensors.index.json";
    info["index"] = nullptr;
    std::optional<std::uint64_t> indexTotal;
    if (fs::is_regular_file(indexPath, ec)) {
        const nlohmann::json index = readJsonFile(indexPath.string());
        if (index.contains("metadata") && index["metadata"].is_object() && index["metadata"].contains("total_size"))
            indexTotal = Config::asCount(index["metadata"]["total_size"]);
        std::set<std::string> named;
        std::size_t entries = 0;
        if (index.contains("weight_map") && index["weight_map"].is_object()) {
            for (const auto &[tensor, file] : index["weight_map"].items()) {
                ++entries;
                if (!file.is_string())
                    throw modelError("bad_json", indexPath.string(), "weight_map['" + tensor + "'] is not a file name");
                const std::string f = file.get<std::string>();
                if (f.empty() || f.find('/') != std::string::npos || f == "." || f == "..")
                    throw modelError("bad_json", indexPath.string(), "weight_map names '" + f +
                                                                         "', not a file in this folder");
                named.insert(f);
            }
        }
        files.assign(named.begin(), named.end());
        info["index"] = {{"path", indexPath.string()}, {"total_size", orNull(indexTotal)}, {"tensors", entries}};
    } else if (fs::is_regular_file(dir / "model.safetensors", ec)) {
        // transformers' order: the index, else model.safetensors (a folder may
        // also hold Mistral's consolidated.safetensors, the same weights again).
        files.push_back("model.safetensors");
    } else {
        for (const auto &e : fs::directory_iterator(dir, ec)) {
            const std::string name = e.path().filename().string();
            if (name.size() > 12 && name.compare(name.size() - 12, 12, ".safetensors") == 0)
                files.push_back(name);
        }
        std::sort(files.begin(), files.end());
        if (files.size() > 1)
            s.warnings.push_back("no index and no model.safetensors: every .safetensors file in the folder is "
                                 "taken for a part of the model");
    }
    if (!hasConfig && files.empty())
        throw modelError("not_a_model", folder, "no config.json and no .safetensors file: not a Hugging Face model "
                                                "folder");

    Json fileList = Json::array();
    Json missing = Json::array();
    std::uint64_t dataTotal = 0;
    for (const std::string &name : files) {
        const std::string p = (dir / name).string();
        if (!fs::exists(p, ec)) {
            missing.push_back(p);
            continue;
        }
        BoundedFile f(p);
        SafetensorsHeader h = parseSafetensorsFile(f);
        std::uint64_t tensorBytes = 0;
        for (const auto &t : h.tensors)
            tensorBytes += t.bytes.value_or(0);
        dataTotal += tensorBytes;
        fileList.push_back({{"path", p},
                            {"header_bytes", h.headerBytes},
                            {"data_bytes", h.dataBytes},
                            {"tensors", h.tensors.size()}});
        for (auto &t : h.tensors)
            s.tensors.push_back(std::move(t));
    }
    if (files.empty())
        s.warnings.push_back(folder + ": no safetensors weights: the sizes are unknown");
    if (!missing.empty()) {
        s.tensorsComplete = false;
        s.warnings.push_back(std::to_string(missing.size()) + " weight file(s) the index names are missing");
    }
    s.tensorsComplete = s.tensorsComplete && !files.empty();
    if (indexTotal && s.tensorsComplete && *indexTotal != dataTotal)
        s.warnings.push_back("the index's metadata.total_size (" + std::to_string(*indexTotal)
                             + ") differs from the tensors' bytes in the headers (" + std::to_string(dataTotal) + ")");
    if (!info["quantization"].is_null()) {
        for (const auto &t : s.tensors) {
            if (isIntegerDtype(t.type)) {
                s.elementsAreParameters = false; // packed (GPTQ/AWQ int4 in I32, MXFP4 in U8)
                break;
            }
        }
    }
    s.declaredTotalBytes = indexTotal;
    info["files"] = std::move(fileList);
    info["missing"] = std::move(missing);
    s.formatInfo = std::move(info);
    return s;
}

} // namespace halolink::model
