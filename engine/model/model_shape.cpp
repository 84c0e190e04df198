#include "model/model_shape.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace halolink::model {

namespace {

template<typename T> Json orNull(const std::optional<T> &v)
{
    return v ? Json(*v) : Json(nullptr);
}

constexpr std::uint64_t kMaxLayerIndex = 65535;

// Above this many tensors outside the layers, only their count is listed.
constexpr std::size_t kMaxListedOutsideTensors = 64;

// A sum that does not fit in 64 bits (only a malformed file has one) is unknown.
struct Totals {
    std::uint64_t elements = 0;
    std::uint64_t bytes = 0;
    bool bytesKnown = true;
    bool elementsKnown = true;
};

void add(Totals &t, const TensorInfo &info)
{
    if (__builtin_add_overflow(t.elements, info.elements, &t.elements))
        t.elementsKnown = false;
    if (!info.bytes || __builtin_add_overflow(t.bytes, *info.bytes, &t.bytes))
        t.bytesKnown = false;
}

Json elementsOrNull(const Totals &t)
{
    return t.elementsKnown ? Json(t.elements) : Json(nullptr);
}

Json bytesOrNull(const Totals &t)
{
    return t.bytesKnown ? Json(t.bytes) : Json(nullptr);
}

// Key and value head sizes: the file's own (GGUF key_length/value_length; the
// HF reader sets both from head_dim), else hidden_size / heads as docs/gguf.md
// says for a missing key_length or value_length, when it divides evenly.
struct HeadDims {
    std::optional<std::uint64_t> key, value;
    const char *source = nullptr;
};

HeadDims headDims(const Hyperparameters &hp, std::size_t layer)
{
    HeadDims d;
    std::optional<std::uint64_t> fromHidden;
    auto heads = hp.attentionHeads.at(layer);
    if (hp.hiddenSize && heads && *heads > 0 && *hp.hiddenSize % *heads == 0)
        fromHidden = *hp.hiddenSize / *heads;
    d.key = hp.keyLength ? hp.keyLength : fromHidden;
    d.value = hp.valueLength ? hp.valueLength : fromHidden;
    d.source = (hp.keyLength && hp.valueLength) ? "file"
               : (hp.keyLength || hp.valueLength) ? "file and hidden_size / attention_heads"
                                                  : "hidden_size / attention_heads";
    return d;
}

Json kvCacheJson(const ModelShape &s, double elementBytes, std::vector<std::string> &notes)
{
    const Hyperparameters &hp = s.hp;
    Json kv;
    kv["element_bytes"] = elementBytes;
    std::optional<std::uint64_t> elements;
    const char *headSource = nullptr;
    if (hp.layers) {
        // Per-layer arrays hold at most 65536 values (the readers' bound), so
        // the loop ends at the first layer without one; with none per layer
        // every layer is the same and one is multiplied out.
        const bool varies = hp.kvHeads.perLayer || hp.attentionHeads.perLayer;
        const std::uint64_t distinct = varies ? *hp.layers : std::min<std::uint64_t>(*hp.layers, 1);
        std::uint64_t sum = 0;
        bool ok = true;
        bool assumedKv = false;
        for (std::uint64_t l = 0; l < distinct && ok; ++l) {
            auto kvHeads = hp.kvHeads.at(l);
            if (!kvHeads && !hp.kvHeads.known()) {
                kvHeads = hp.attentionHeads.at(l); // no GQA: docs/gguf.md, transformers' default
                assumedKv = kvHeads.has_value();
            }
            const HeadDims d = headDims(hp, l);
            std::uint64_t dims, layer;
            if (!kvHeads || !d.key || !d.value || __builtin_add_overflow(*d.key, *d.value, &dims)
                || __builtin_mul_overflow(*kvHeads, dims, &layer) || __builtin_add_overflow(sum, layer, &sum)) {
                ok = false;
                break;
            }
            headSource = d.source;
        }
        if (ok && !varies && __builtin_mul_overflow(sum, *hp.layers, &sum))
            ok = false;
        if (ok)
            elements = sum;
        if (ok && assumedKv)
            notes.push_back("kv_heads not stated: taken as attention_heads (no grouped-query attention)");
    }
    kv["elements_per_token"] = orNull(elements);
    kv["bytes_per_token"] = elements ? Json(double(*elements) * elementBytes) : Json(nullptr);
    // llama.cpp's cache types (--cache-type-k/-v): bytes per element from ggml's block sizes.
    Json byType = Json::object();
    for (auto [name, perElement] : {std::pair<const char *, double>{"f32", 4.0},
                                    {"f16", 2.0},
                                    {"q8_0", 34.0 / 32.0},
                                    {"q4_0", 18.0 / 32.0}}) {
        byType[name] = elements ? Json(double(*elements) * perElement) : Json(nullptr);
    }
    kv["bytes_per_token_by_type"] = std::move(byType);
    kv["head_dim_source"] = headSource ? Json(headSource) : Json(nullptr);
    return kv;
}

} // namespace

std::optional<std::uint64_t> PerLayerValue::at(std::size_t layer) const
{
    if (values.empty())
        return std::nullopt;
    if (!perLayer)
        return values.front();
    if (layer < values.size())
        return values[layer];
    return std::nullopt;
}

Json PerLayerValue::toJson() const
{
    if (values.empty())
        return nullptr;
    if (!perLayer)
        return values.front();
    return Json(values);
}

std::optional<std::uint64_t> layerIndex(const std::string &name, const std::string &prefix)
{
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0)
        return std::nullopt;
    std::uint64_t n = 0;
    std::size_t i = prefix.size();
    const std::size_t start = i;
    while (i < name.size() && name[i] >= '0' && name[i] <= '9' && i - start < 6)
        n = n * 10 + std::uint64_t(name[i++] - '0');
    // No model has 65536 layers: a larger number is not taken for one (and
    // per_layer stays a short array).
    if (i == start || i >= name.size() || name[i] != '.' || n > kMaxLayerIndex)
        return std::nullopt;
    return n;
}

Json modelShapeJson(const ModelShape &s, double kvElementBytes)
{
    std::vector<std::string> notes = s.warnings;
    Json doc;
    doc["schema"] = kModelShapeSchema;
    doc["path"] = s.path;
    doc["format"] = s.format;
    doc["architecture"] = orNull(s.architecture);
    doc[s.format] = s.formatInfo;

    const Hyperparameters &hp = s.hp;
    doc["hyperparameters"] = {
        {"layers", orNull(hp.layers)},
        {"hidden_size", orNull(hp.hiddenSize)},
        {"intermediate_size", hp.intermediateSize.toJson()},
        {"attention_heads", hp.attentionHeads.toJson()},
        {"kv_heads", hp.kvHeads.toJson()},
        {"key_length", orNull(hp.keyLength)},
        {"value_length", orNull(hp.valueLength)},
        {"context_length", orNull(hp.contextLength)},
        {"vocab_size", orNull(hp.vocabSize)},
        {"experts", orNull(hp.experts)},
        {"experts_used", orNull(hp.expertsUsed)},
        {"expert_intermediate_size", orNull(hp.expertIntermediateSize)},
    };

    Totals all, layers, outside, experts;
    std::map<std::string, std::pair<std::size_t, Totals>> byType;
    std::map<std::uint64_t, Totals> perLayer;
    Json outsideList = Json::array();
    std::size_t outsideCount = 0;
    for (const TensorInfo &t : s.tensors) {
        add(all, t);
        auto &bt = byType[t.type];
        ++bt.first;
        add(bt.second, t);
        if (t.expert)
            add(experts, t);
        if (t.layer) {
            add(layers, t);
            add(perLayer[*t.layer], t);
        } else {
            add(outside, t);
            ++outsideCount;
            outsideList.push_back({{"name", t.name}, {"type", t.type}, {"bytes", orNull(t.bytes)}});
        }
    }

    Json weights;
    weights["tensors"] = s.tensors.size();
    // Totals are the model's only when every tensor was listed; what was read
    // is in bytes_read either way.
    const bool complete = s.tensorsComplete && !s.tensors.empty();
    weights["complete"] = complete;
    weights["total_bytes"] = complete ? bytesOrNull(all) : Json(nullptr);
    weights["declared_total_bytes"] = orNull(s.declaredTotalBytes);
    weights["bytes_read"] = bytesOrNull(all);
    weights["parameters"] = complete && s.elementsAreParameters ? elementsOrNull(all) : Json(nullptr);
    weights["stored_elements"] = elementsOrNull(all);
    Json types = Json::array();
    for (const auto &[name, entry] : byType) {
        types.push_back({{"type", name},
                         {"tensors", entry.first},
                         {"elements", elementsOrNull(entry.second)},
                         {"bytes", bytesOrNull(entry.second)}});
    }
    weights["by_type"] = std::move(types);
    Json layerArray = Json::array();
    std::optional<std::uint64_t> minLayer, maxLayer;
    if (!perLayer.empty()) {
        const std::uint64_t last = perLayer.rbegin()->first;
        for (std::uint64_t l = 0; l <= last; ++l) {
            auto it = perLayer.find(l);
            if (it == perLayer.end() || !it->second.bytesKnown) {
                layerArray.push_back(nullptr);
                continue;
            }
            const std::uint64_t b = it->second.bytes;
            minLayer = minLayer ? std::min(*minLayer, b) : b;
            maxLayer = maxLayer ? std::max(*maxLayer, b) : b;
            layerArray.push_back(b);
        }
    }
    weights["layers"] = {{"count", perLayer.size()},
                         {"bytes", bytesOrNull(layers)},
                         {"bytes_min", orNull(minLayer)},
                         {"bytes_max", orNull(maxLayer)},
                         {"per_layer", std::move(layerArray)}};
    weights["outside_layers"] = {
        {"tensors", outsideCount},
        {"bytes", bytesOrNull(outside)},
        {"list", outsideCount <= kMaxListedOutsideTensors ? outsideList : Json(nullptr)}};
    doc["weights"] = std::move(weights);

    Json derived;
    const HeadDims d0 = headDims(hp, 0);
    derived["head_dim"] = {{"key", orNull(d0.key)}, {"value", orNull(d0.value)}};
    derived["kv_cache"] = kvCacheJson(s, kvElementBytes, notes);
    derived["weight_bytes_per_layer"] = (complete && !perLayer.empty() && layers.bytesKnown)
                                            ? Json(double(layers.bytes) / double(perLayer.size()))
                                            : Json(nullptr);
    derived["weight_bytes_outside_layers"] = complete ? bytesOrNull(outside) : Json(nullptr);

    // Routed experts: a token uses experts_used of experts, so of the expert
    // tensors' weights it touches that fraction; everything else it uses whole.
    Json moe;
    const bool hasExpertTensors = experts.elements > 0;
    const bool sumsKnown = all.elementsKnown && experts.elementsKnown;
    const bool countsKnown = hp.experts && hp.expertsUsed && *hp.experts > 0 && *hp.expertsUsed <= *hp.experts;
    moe["expert_tensor_elements"] = elementsOrNull(experts);
    moe["expert_tensor_bytes"] = bytesOrNull(experts);
    std::optional<double> activeElements, activeBytes;
    if (!complete || !sumsKnown) {
        // not every tensor is known: neither is what a token uses
    } else if (hasExpertTensors && countsKnown) {
        const double f = double(*hp.expertsUsed) / double(*hp.experts);
        activeElements = double(all.elements - experts.elements) + std::round(double(experts.elements) * f);
        if (all.bytesKnown)
            activeBytes = double(all.bytes - experts.bytes) + std::round(double(experts.bytes) * f);
    } else if (!hasExpertTensors && !(hp.experts && *hp.experts > 0)) {
        activeElements = double(all.elements); // dense: every weight is used for every token
        if (all.bytesKnown)
            activeBytes = double(all.bytes);
    } else if (hasExpertTensors) {
        notes.push_back("expert tensors found but the expert count or experts used per token is not stated");
    } else {
        notes.push_back("an expert count is stated but no tensor is named as a routed expert's");
    }
    moe["is_moe"] = hasExpertTensors || (hp.experts && *hp.experts > 0);
    moe["active_parameters_per_token"] =
        (activeElements && s.elementsAreParameters) ? Json(std::uint64_t(*activeElements)) : Json(nullptr);
    moe["active_weight_bytes_per_token"] = activeBytes ? Json(std::uint64_t(*activeBytes)) : Json(nullptr);
    derived["moe"] = std::move(moe);
    doc["derived"] = std::move(derived);
    doc["warnings"] = notes;
    return doc;
}

} // namespace halolink::model
