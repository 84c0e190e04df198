// halolink-engine model-shape (docs/model-shape.md): GGUF files and Hugging
// Face folders written here from the published shapes of real models, and
// malformed ones. The big models' files carry their real tensor infos but no
// data: either the data region is cut off (the reader must not need it, and
// says the data is incomplete) or the file is extended sparsely to its full
// size (no blocks are written). The tiny model's file is whole, with data.

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <functional>

#include "model/gguf_reader.h"
#include "model/hf_reader.h"
#include "model/model_shape.h"

#include "gguf_test_writer.h"

using namespace halolink;
using model::ModelShape;

namespace {

// The GGUF writer and Llama-3.1-70B's file: gguf_test_writer.h.
using namespace gguftest;
using GgufWriter = gguftest::Writer;

enum class Data { Cut, Sparse, Zeros };

QString write(const QString &path, const QByteArray &bytes, std::uint64_t fullSize = 0)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    if (fullSize > std::uint64_t(bytes.size()) && !f.resize(qint64(fullSize))) // sparse: no blocks written
        qFatal("cannot extend %s", qPrintable(path));
    return path;
}

QString writeGguf(const QString &path, const GgufWriter &w, Data data)
{
    std::uint64_t off = 0;
    QByteArray bytes = w.header(&off);
    if (data == Data::Zeros)
        bytes.append(QByteArray(int(w.dataSize()), '\0'));
    return write(path, bytes, data == Data::Sparse ? off + w.dataSize() : 0);
}

// Qwen3-30B-A3B, https://huggingface.co/Qwen/Qwen3-30B-A3B/blob/main/config.json:
// num_hidden_layers 48, hidden_size 2048, intermediate_size 6144,
// moe_intermediate_size 768, num_attention_heads 32, num_key_value_heads 4,
// head_dim 128, num_experts 128, num_experts_per_tok 8, vocab_size 151936,
// max_position_embeddings 40960. `layers` tensors go to writer `shardOf(l)`.
void qwen3moeTensors(GgufWriter &w, int firstLayer, int endLayer, bool head, bool tail)
{
    if (head)
        w.tensor("token_embd.weight", {2048, 151936}, Q6_K);
    for (int l = firstLayer; l < endLayer; ++l) {
        const QByteArray b = "blk." + QByteArray::number(l) + ".";
        w.tensor(b + "attn_norm.weight", {2048}, F32);
        w.tensor(b + "attn_q.weight", {2048, 4096}, Q4_K);
        w.tensor(b + "attn_k.weight", {2048, 512}, Q4_K);
        w.tensor(b + "attn_v.weight", {2048, 512}, Q6_K);
        w.tensor(b + "attn_output.weight", {4096, 2048}, Q4_K);
        w.tensor(b + "attn_q_norm.weight", {128}, F32);
        w.tensor(b + "attn_k_norm.weight", {128}, F32);
        w.tensor(b + "ffn_norm.weight", {2048}, F32);
        w.tensor(b + "ffn_gate_inp.weight", {2048, 128}, F32);
        w.tensor(b + "ffn_gate_exps.weight", {2048, 768, 128}, Q4_K);
        w.tensor(b + "ffn_up_exps.weight", {2048, 768, 128}, Q4_K);
        w.tensor(b + "ffn_down_exps.weight", {768, 2048, 128}, Q6_K);
    }
    if (tail) {
        w.tensor("output_norm.weight", {2048}, F32);
        w.tensor("output.weight", {2048, 151936}, Q6_K);
    }
}

void qwen3moeKeys(GgufWriter &w)
{
    w.kvString("general.architecture", "qwen3moe");
    w.kvU32("qwen3moe.block_count", 48);
    w.kvU32("qwen3moe.context_length", 40960);
    w.kvU32("qwen3moe.embedding_length", 2048);
    w.kvU32("qwen3moe.feed_forward_length", 6144);
    w.kvU32("qwen3moe.attention.head_count", 32);
    w.kvU32("qwen3moe.attention.head_count_kv", 4);
    w.kvU32("qwen3moe.attention.key_length", 128);
    w.kvU32("qwen3moe.attention.value_length", 128);
    w.kvU32("qwen3moe.expert_count", 128);
    w.kvU32("qwen3moe.expert_used_count", 8);
    w.kvU32("qwen3moe.expert_feed_forward_length", 768);
    w.kvTokens(151936);
}

// A tiny llama written whole (data included): 2 layers, hidden 256.
GgufWriter tinyLlama()
{
    GgufWriter w;
    w.kvString("general.architecture", "llama");
    w.kvU32("general.alignment", 32);
    w.kvU32("llama.block_count", 2);
    w.kvU64("llama.embedding_length", 256);
    w.kvArrayI32("llama.feed_forward_length", {512, 768});
    w.kvU32("llama.attention.head_count", 4);
    w.kvU32("llama.context_length", 2048);
    w.kvTokens(100);
    w.tensor("token_embd.weight", {256, 1000}, Q8_0);
    for (int l = 0; l < 2; ++l) {
        const QByteArray b = "blk." + QByteArray::number(l) + ".";
        w.tensor(b + "attn_norm.weight", {256}, F32);
        w.tensor(b + "attn_q.weight", {256, 256}, F16);
        w.tensor(b + "ffn_up.weight", {256, l == 0 ? 512u : 768u}, BF16);
    }
    w.tensor("output.weight", {256, 1000}, MXFP4);
    return w;
}

Json shapeOf(const ModelShape &s, double kvBytes = 2)
{
    return model::modelShapeJson(s, kvBytes);
}

// The engine error an action throws, or a failure.
sys::EngineError errorOf(const std::function<void()> &action)
{
    try {
        action();
    } catch (const sys::EngineError &e) {
        return e;
    }
    return {"none", "no error"};
}

// The action fails with `code` and a message holding `part`.
#define EXPECT_ERROR(action_, code_, part_)                                                                     \
    do {                                                                                                     \
        const sys::EngineError e_ = errorOf(action_);                                                         \
        QCOMPARE(QString::fromStdString(e_.code), QStringLiteral(code_));                                     \
        QVERIFY2(e_.message.find(part_) != std::string::npos, e_.message.c_str());                            \
    } while (0)

std::uint64_t u(const Json &j)
{
    return j.get<std::uint64_t>();
}

} // namespace

class TestModelShape : public QObject {
    Q_OBJECT

private slots:
    void llama70bHeaderOnly();
    void llama70bSparseWhole();
    void qwen3moeAndSplit();
    void tinyWholeFile();
    void ggufMalformed();
    void ggufEveryTruncation();
    void mixtralFolder();
    void hfConfigOnlyAndMalformed();
    void safetensorsMalformed();
    void realBinary();

private:
    QTemporaryDir m_dir;
    QString path(const QString &name) const { return m_dir.filePath(name); }
};

void TestModelShape::llama70bHeaderOnly()
{
    const QString p = writeGguf(path("Llama-3.1-70B-Q4_K_M.gguf"), llama70b(), Data::Cut);
    const Json j = shapeOf(model::readGgufModel(p.toStdString()));
    QCOMPARE(j["schema"].get<std::string>(), std::string("halolink.model_shape/1"));
    QCOMPARE(j["architecture"].get<std::string>(), std::string("llama"));
    const Json &hp = j["hyperparameters"];
    QCOMPARE(u(hp["layers"]), 80u);
    QCOMPARE(u(hp["hidden_size"]), 8192u);
    QCOMPARE(u(hp["intermediate_size"]), 28672u);
    QCOMPARE(u(hp["attention_heads"]), 64u);
    QCOMPARE(u(hp["kv_heads"]), 8u);
    QCOMPARE(u(hp["vocab_size"]), 128256u);
    QCOMPARE(u(hp["context_length"]), 131072u);
    QVERIFY(hp["key_length"].is_null());
    QVERIFY(hp["experts"].is_null());
    QCOMPARE(j["gguf"]["file_type_name"].get<std::string>(), std::string("MOSTLY_Q4_K_M"));
    QCOMPARE(j["gguf"]["data"]["complete"].get<bool>(), false);

    // 70 553 706 496 parameters (Meta's published count) + rope_freqs' 64.
    const Json &w = j["weights"];
    QCOMPARE(u(w["parameters"]), 70553706496ull + 64);
    QCOMPARE(u(w["tensors"]), 80u * 9 + 4);
    const std::uint64_t layer = 2 * 8192 * 4 + tensorBytes({8192, 8192}, Q4_K) * 2 + tensorBytes({8192, 1024}, Q4_K)
                                + tensorBytes({8192, 1024}, Q6_K) + tensorBytes({8192, 28672}, Q4_K) * 2
                                + tensorBytes({28672, 8192}, Q6_K);
    const std::uint64_t outside = 64 * 4 + 8192 * 4 + tensorBytes({8192, 128256}, Q4_K)
                                  + tensorBytes({8192, 128256}, Q6_K);
    QCOMPARE(u(w["layers"]["bytes_min"]), layer);
    QCOMPARE(u(w["layers"]["bytes_max"]), layer);
    QCOMPARE(u(w["layers"]["count"]), 80u);
    QCOMPARE(u(w["outside_layers"]["bytes"]), outside);
    QCOMPARE(u(w["total_bytes"]), 80 * layer + outside);
    QCOMPARE(j["derived"]["weight_bytes_per_layer"].get<double>(), double(layer));
    // 2 (K and V) x 8 kv heads x 128 (8192 / 64) x 80 layers x 2 bytes
    QCOMPARE(j["derived"]["kv_cache"]["bytes_per_token"].get<double>(), 2.0 * 8 * 128 * 80 * 2);
    QCOMPARE(j["derived"]["kv_cache"]["bytes_per_token_by_type"]["q8_0"].get<double>(), 2.0 * 8 * 128 * 80 * 34 / 32);
    QCOMPARE(u(j["derived"]["moe"]["active_parameters_per_token"]), 70553706496ull + 64);
    QCOMPARE(j["derived"]["moe"]["is_moe"].get<bool>(), false);
    for (const auto &t : w["by_type"]) {
        if (t["type"] == "q6_K")
            QCOMPARE(u(t["bytes"]), 80 * (tensorBytes({8192, 1024}, Q6_K) + tensorBytes({28672, 8192}, Q6_K))
                                        + tensorBytes({8192, 128256}, Q6_K));
    }
    // --kv-bytes: the element size of a q8_0 cache, 34 / 32
    const Json q8 = shapeOf(model::readGgufModel(p.toStdString()), 34.0 / 32);
    QCOMPARE(q8["derived"]["kv_cache"]["bytes_per_token"].get<double>(), 2.0 * 8 * 128 * 80 * 34 / 32);
}

void TestModelShape::llama70bSparseWhole()
{
    const QString p = writeGguf(path("llama70b-sparse.gguf"), llama70b(), Data::Sparse);
    const Json j = shapeOf(model::readGgufModel(p.toStdString()));
    QCOMPARE(j["gguf"]["data"]["complete"].get<bool>(), true);
    QVERIFY(j["warnings"].empty());
    QCOMPARE(u(j["gguf"]["data"]["offset"]) + u(j["gguf"]["data"]["bytes_needed"]), QFileInfo(p).size() + 0ull);
}

void TestModelShape::qwen3moeAndSplit()
{
    GgufWriter whole;
    qwen3moeKeys(whole);
    qwen3moeTensors(whole, 0, 48, true, true);
    const Json j = shapeOf(model::readGgufModel(writeGguf(path("qwen3.gguf"), whole, Data::Cut).toStdString()));
    const Json &hp = j["hyperparameters"];
    QCOMPARE(u(hp["experts"]), 128u);
    QCOMPARE(u(hp["experts_used"]), 8u);
    QCOMPARE(u(hp["expert_intermediate_size"]), 768u);
    QCOMPARE(u(hp["key_length"]), 128u);
    QCOMPARE(u(hp["vocab_size"]), 151936u);
    // 30 532 122 624 parameters, 3.35 B of them used per token
    const std::uint64_t expertParams = 48ull * 3 * 2048 * 768 * 128;
    QCOMPARE(u(j["weights"]["parameters"]), 30532122624ull);
    QCOMPARE(u(j["derived"]["moe"]["expert_tensor_elements"]), expertParams);
    QCOMPARE(u(j["derived"]["moe"]["active_parameters_per_token"]),
             30532122624ull - expertParams + expertParams / 16);
    // key_length 128, not 2048 / 32: 2 x 4 x 128 x 48 x 2
    QCOMPARE(j["derived"]["kv_cache"]["bytes_per_token"].get<double>(), 2.0 * 4 * 128 * 48 * 2);
    const std::uint64_t total = u(j["weights"]["total_bytes"]);

    // The same model split by gguf-split into 3: the metadata in the first.
    auto shard = [&](int no, int first, int end, bool withMeta) {
        GgufWriter w;
        if (withMeta)
            qwen3moeKeys(w);
        w.kvU16("split.no", std::uint16_t(no));
        w.kvU16("split.count", 3);
        w.kvI32("split.tensors.count", 3 + 48 * 12);
        qwen3moeTensors(w, first, end, no == 0, no == 2);
        return writeGguf(path(QString("Qwen3-30B-A3B-Q4_K_M-%1-of-00003.gguf").arg(no + 1, 5, 10, QChar('0'))), w,
                         Data::Cut);
    };
    const QString first = shard(0, 0, 16, true);
    shard(1, 16, 32, false);
    const QString third = shard(2, 32, 48, false);
    const Json s = shapeOf(model::readGgufModel(first.toStdString()));
    QCOMPARE(u(s["gguf"]["split"]["count"]), 3u);
    QCOMPARE(s["gguf"]["split"]["shards"].size(), std::size_t(3));
    QCOMPARE(u(s["weights"]["total_bytes"]), total);
    QCOMPARE(u(s["weights"]["tensors"]), 3u + 48 * 12);
    QCOMPARE(u(s["derived"]["moe"]["active_parameters_per_token"]),
             u(j["derived"]["moe"]["active_parameters_per_token"]));

    // A shard missing: what was read is listed, the totals are unknown.
    QFile::remove(third);
    const Json m = shapeOf(model::readGgufModel(first.toStdString()));
    QCOMPARE(m["weights"]["complete"].get<bool>(), false);
    QVERIFY(m["weights"]["total_bytes"].is_null());
    QVERIFY(m["derived"]["moe"]["active_parameters_per_token"].is_null());
    QCOMPARE(m["gguf"]["split"]["missing"].size(), std::size_t(1));
    // The second shard alone has no metadata: the error says to give the first.
    EXPECT_ERROR([&] { model::readGgufModel(path("Qwen3-30B-A3B-Q4_K_M-00002-of-00003.gguf").toStdString()); },
                 "missing_key", "shard 2 of a split model");
}

void TestModelShape::tinyWholeFile()
{
    const QString p = writeGguf(path("tiny.gguf"), tinyLlama(), Data::Zeros);
    const Json j = shapeOf(model::readGgufModel(p.toStdString()));
    QCOMPARE(j["gguf"]["data"]["complete"].get<bool>(), true);
    QCOMPARE(j["hyperparameters"]["intermediate_size"], Json::parse("[512, 768]"));
    QVERIFY(j["hyperparameters"]["kv_heads"].is_null());
    // no head_count_kv: no GQA (docs/gguf.md), 4 heads of 256 / 4
    QCOMPARE(j["derived"]["kv_cache"]["bytes_per_token"].get<double>(), 2.0 * 4 * 64 * 2 * 2);
    QCOMPARE(u(j["weights"]["layers"]["per_layer"][0]), 256u * 4 + 256 * 256 * 2 + 256 * 512 * 2);
    QCOMPARE(u(j["weights"]["layers"]["per_layer"][1]), 256u * 4 + 256 * 256 * 2 + 256 * 768 * 2);
    QCOMPARE(u(j["weights"]["outside_layers"]["bytes"]), 256000u / 32 * 34 + 256000 / 32 * 17);
    QCOMPARE(j["weights"]["outside_layers"]["list"].size(), std::size_t(2));
}

void TestModelShape::ggufMalformed()
{
    auto bad = [&](const QByteArray &bytes) {
        const std::string p = write(path("bad.gguf"), bytes).toStdString();
        return [p] { model::readGgufModel(p); };
    };
    auto le64 = [](std::uint64_t v) { return QByteArray(reinterpret_cast<const char *>(&v), 8); };
    auto le32 = [](std::uint32_t v) { return QByteArray(reinterpret_cast<const char *>(&v), 4); };
    auto header = [&](std::uint32_t version, std::uint64_t tensors, std::uint64_t kvs) {
        return "GGUF" + le32(version) + le64(tensors) + le64(kvs);
    };
    EXPECT_ERROR(bad("GGML" + QByteArray(60, '\0')), "bad_magic", "bad.gguf: not a GGUF file");
    EXPECT_ERROR(bad(header(1, 0, 0)), "unsupported_version", "version 1");
    EXPECT_ERROR(bad(header(0x03000000, 0, 0)), "unsupported_version", "big-endian");
    // Counts the file cannot hold are refused before anything is allocated.
    EXPECT_ERROR(bad(header(3, 0, 1ull << 60)), "length_beyond_file", "metadata count");
    EXPECT_ERROR(bad(header(3, 1ull << 62, 0)), "length_beyond_file", "tensor count");
    // A key, a string value, arrays of 2^60 uint32 and of 2^60 strings, each
    // longer than the file.
    EXPECT_ERROR(bad(header(3, 0, 1) + le64(1ull << 40) + "general.architecture"), "length_beyond_file",
                 "at byte 24");
    EXPECT_ERROR(bad(header(3, 0, 1) + le64(4) + "name" + le32(8) + le64(1000) + "llama"), "length_beyond_file",
                 "the length 1000 at byte 40");
    EXPECT_ERROR(bad(header(3, 0, 1) + le64(4) + "ffns" + le32(9) + le32(4) + le64(1ull << 60) + le32(1)),
                 "length_beyond_file", "an array of 1152921504606846976 elements at byte 40");
    EXPECT_ERROR(bad(header(3, 0, 1) + le64(4) + "toks" + le32(9) + le32(8) + le64(1ull << 60) + le64(0)),
                 "length_beyond_file", "1152921504606846976");
    // Unknown value types, at the top and inside an array.
    EXPECT_ERROR(bad(header(3, 0, 1) + le64(4) + "what" + le32(13) + le64(0)), "bad_value_type",
                 "unknown metadata value type 13 for what at byte 36");
    EXPECT_ERROR(bad(header(3, 0, 1) + le64(4) + "what" + le32(9) + le32(99) + le64(1) + le64(0)), "bad_value_type",
                 "type 99");

    // No general.architecture: an error; the architecture's keys missing: null.
    GgufWriter noArch;
    noArch.kvU32("llama.block_count", 2);
    noArch.tensor("blk.0.attn_q.weight", {256, 256}, F16);
    EXPECT_ERROR(bad(noArch.header()), "missing_key", "general.architecture");
    GgufWriter bare;
    bare.kvString("general.architecture", "llama");
    bare.tensor("blk.0.attn_q.weight", {256, 256}, F16);
    const Json j = shapeOf(model::readGgufModel(writeGguf(path("bare.gguf"), bare, Data::Zeros).toStdString()));
    for (const char *k : {"layers", "hidden_size", "intermediate_size", "attention_heads", "kv_heads",
                          "context_length", "vocab_size", "experts"})
        QVERIFY2(j["hyperparameters"][k].is_null(), k);
    QVERIFY(j["derived"]["kv_cache"]["bytes_per_token"].is_null());
    QCOMPARE(u(j["weights"]["total_bytes"]), 256u * 256 * 2);

    // A block count of 2^62 (fuzzing found the KV sum looping over it): the
    // answer is immediate, a KV size beyond 64 bits is null; blk.70000. is no layer.
    GgufWriter huge;
    huge.kvString("general.architecture", "llama");
    huge.kvU64("llama.block_count", 1ull << 62);
    huge.kvU32("llama.embedding_length", 256);
    huge.kvU32("llama.attention.head_count", 4);
    huge.tensor("blk.70000.x", {256}, F32);
    const Json hj = shapeOf(model::readGgufModel(writeGguf(path("huge.gguf"), huge, Data::Zeros).toStdString()));
    QCOMPARE(u(hj["hyperparameters"]["layers"]), 1ull << 62);
    QVERIFY(hj["derived"]["kv_cache"]["elements_per_token"].is_null());
    QCOMPARE(u(hj["weights"]["layers"]["count"]), 0u);

    // A tensor with 5 dimensions, one whose rows do not fill Q4_K blocks, and
    // a type id ggml does not have (sizes unknown, not 0).
    GgufWriter dims, rows, unknown;
    for (GgufWriter *w : {&dims, &rows, &unknown})
        w->kvString("general.architecture", "llama");
    dims.tensor("x", {1, 1, 1, 1, 1}, F32);
    EXPECT_ERROR(bad(dims.header()), "bad_tensor", "5 dimensions");
    rows.tensor("x", {100, 4}, Q4_K);
    EXPECT_ERROR(bad(rows.header()), "bad_tensor", "not a multiple of q4_K's block of 256");
    unknown.tensor("x", {256}, Type{77, 1, 1});
    const Json uj = shapeOf(model::readGgufModel(writeGguf(path("u.gguf"), unknown, Data::Zeros).toStdString()));
    QVERIFY(uj["weights"]["total_bytes"].is_null());
    QCOMPARE(uj["weights"]["by_type"][0]["type"].get<std::string>(), std::string("ggml_type_77"));
}

void TestModelShape::ggufEveryTruncation()
{
    // Every cut of the tiny model's header is an error naming the file,
    // never a crash or a read past the end.
    std::uint64_t dataOffset = 0;
    const QByteArray whole = tinyLlama().header(&dataOffset);
    int truncated = 0;
    for (int cut = 0; cut < whole.size(); ++cut) {
        const QString p = write(path("cut.gguf"), whole.left(cut));
        const auto e = errorOf([&] { model::readGgufModel(p.toStdString()); });
        if (e.code == "none") {
            // Only the alignment padding after the tensor infos may be missing.
            QVERIFY2(cut > whole.size() - 32, qPrintable(QString("cut at %1 read as whole").arg(cut)));
            continue;
        }
        QVERIFY2(e.code == "truncated" || e.code == "length_beyond_file",
                 qPrintable(QString("cut at %1: %2").arg(cut).arg(QString::fromStdString(e.code))));
        QVERIFY(e.message.find("cut.gguf") != std::string::npos);
        if (e.code == "truncated") {
            ++truncated;
            QVERIFY2(e.message.find("truncated at byte " + std::to_string(cut)) != std::string::npos,
                     e.message.c_str());
        }
    }
    QVERIFY(truncated > 100);
}

// A safetensors file: the header for `tensors` (offsets in order), then the
// data region extended sparsely to its size.
struct St {
    QByteArray name, dtype;
    std::vector<std::uint64_t> shape;
};

QString writeSafetensors(const QString &path, const std::vector<St> &tensors)
{
    QByteArray json = "{\"__metadata__\":{\"format\":\"pt\"}";
    std::uint64_t offset = 0;
    for (const St &t : tensors) {
        std::uint64_t n = t.dtype == "BF16" || t.dtype == "F16" ? 2 : t.dtype == "F32" ? 4 : 1;
        QByteArray shape;
        for (auto d : t.shape) {
            n *= d;
            shape += (shape.isEmpty() ? "" : ",") + QByteArray::number(qulonglong(d));
        }
        json += ",\"" + t.name + "\":{\"dtype\":\"" + t.dtype + "\",\"shape\":[" + shape + "],\"data_offsets\":["
                + QByteArray::number(qulonglong(offset)) + "," + QByteArray::number(qulonglong(offset + n)) + "]}";
        offset += n;
    }
    json += "}";
    const std::uint64_t len = json.size();
    return write(path, QByteArray(reinterpret_cast<const char *>(&len), 8) + json, 8 + len + offset);
}

// Mixtral-8x7B-v0.1, https://huggingface.co/mistralai/Mixtral-8x7B-v0.1/blob/main/config.json:
// num_hidden_layers 32, hidden_size 4096, intermediate_size 14336,
// num_attention_heads 32, num_key_value_heads 8, num_local_experts 8,
// num_experts_per_tok 2, vocab_size 32000, max_position_embeddings 32768,
// torch_dtype bfloat16. Tensor names and shapes ([out, in]) as transformers
// saves them.
std::vector<St> mixtralTensors(int first, int end, bool head, bool tail)
{
    std::vector<St> t;
    if (head)
        t.push_back({"model.embed_tokens.weight", "BF16", {32000, 4096}});
    for (int l = first; l < end; ++l) {
        const QByteArray b = "model.layers." + QByteArray::number(l) + ".";
        t.push_back({b + "input_layernorm.weight", "BF16", {4096}});
        t.push_back({b + "post_attention_layernorm.weight", "BF16", {4096}});
        t.push_back({b + "self_attn.q_proj.weight", "BF16", {4096, 4096}});
        t.push_back({b + "self_attn.k_proj.weight", "BF16", {1024, 4096}});
        t.push_back({b + "self_attn.v_proj.weight", "BF16", {1024, 4096}});
        t.push_back({b + "self_attn.o_proj.weight", "BF16", {4096, 4096}});
        t.push_back({b + "block_sparse_moe.gate.weight", "BF16", {8, 4096}});
        for (int e = 0; e < 8; ++e) {
            const QByteArray x = b + "block_sparse_moe.experts." + QByteArray::number(e) + ".";
            t.push_back({x + "w1.weight", "BF16", {14336, 4096}});
            t.push_back({x + "w2.weight", "BF16", {4096, 14336}});
            t.push_back({x + "w3.weight", "BF16", {14336, 4096}});
        }
    }
    if (tail) {
        t.push_back({"model.norm.weight", "BF16", {4096}});
        t.push_back({"lm_head.weight", "BF16", {32000, 4096}});
    }
    return t;
}

void TestModelShape::mixtralFolder()
{
    const QString dir = path("Mixtral-8x7B-v0.1");
    QVERIFY(QDir().mkpath(dir));
    write(dir + "/config.json",
          R"({"architectures":["MixtralForCausalLM"],"model_type":"mixtral","hidden_size":4096,
              "intermediate_size":14336,"max_position_embeddings":32768,"num_attention_heads":32,
              "num_experts_per_tok":2,"num_hidden_layers":32,"num_key_value_heads":8,"num_local_experts":8,
              "rope_theta":1e6,"sliding_window":null,"torch_dtype":"bfloat16","vocab_size":32000})");
    const std::vector<std::vector<St>> shards = {mixtralTensors(0, 11, true, false), mixtralTensors(11, 22, false, false),
                                                 mixtralTensors(22, 32, false, true)};
    QByteArray map;
    for (int i = 0; i < 3; ++i) {
        const QString name = QString("model-%1-of-00003.safetensors").arg(i + 1, 5, 10, QChar('0'));
        writeSafetensors(dir + "/" + name, shards[i]);
        for (const St &t : shards[i])
            map += (map.isEmpty() ? "" : ",") + ("\"" + t.name + "\":\"" + name.toUtf8() + "\"");
    }
    // 46 702 792 704 parameters (Mistral's published 46.7B), 2 bytes each
    write(dir + "/model.safetensors.index.json",
          "{\"metadata\":{\"total_size\":93405585408},\"weight_map\":{" + map + "}}");

    const Json j = shapeOf(model::readHfModel(dir.toStdString()));
    QCOMPARE(j["architecture"].get<std::string>(), std::string("mixtral"));
    QCOMPARE(j["huggingface"]["torch_dtype"].get<std::string>(), std::string("bfloat16"));
    QVERIFY(j["huggingface"]["quantization"].is_null());
    QCOMPARE(j["huggingface"]["files"].size(), std::size_t(3));
    const Json &hp = j["hyperparameters"];
    QCOMPARE(u(hp["experts"]), 8u);
    QCOMPARE(u(hp["experts_used"]), 2u);
    QCOMPARE(u(hp["kv_heads"]), 8u);
    QVERIFY(hp["key_length"].is_null());
    QCOMPARE(u(j["weights"]["parameters"]), 46702792704ull);
    QCOMPARE(u(j["weights"]["total_bytes"]), 93405585408ull);
    QCOMPARE(u(j["weights"]["declared_total_bytes"]), 93405585408ull);
    QVERIFY2(j["warnings"].empty(), j["warnings"].dump().c_str());
    QCOMPARE(u(j["weights"]["layers"]["count"]), 32u);
    QCOMPARE(u(j["weights"]["outside_layers"]["bytes"]), (2ull * 32000 * 4096 + 4096) * 2);
    // 12.9 B used per token: 2 of 8 experts
    const std::uint64_t expert = 32ull * 8 * 3 * 14336 * 4096;
    QCOMPARE(u(j["derived"]["moe"]["active_parameters_per_token"]), 46702792704ull - expert + expert / 4);
    QCOMPARE(j["derived"]["kv_cache"]["bytes_per_token"].get<double>(), 2.0 * 8 * 128 * 32 * 2);
}

void TestModelShape::hfConfigOnlyAndMalformed()
{
    // Qwen3-235B-A22B, https://huggingface.co/Qwen/Qwen3-235B-A22B/blob/main/config.json
    // (num_hidden_layers 94, hidden_size 4096, num_attention_heads 64,
    // num_key_value_heads 4, head_dim 128, num_experts 128, num_experts_per_tok 8,
    // moe_intermediate_size 1536): config and index only, no weights yet.
    const QString q = path("Qwen3-235B-A22B");
    QVERIFY(QDir().mkpath(q));
    write(q + "/config.json", R"({"model_type":"qwen3_moe","num_hidden_layers":94,"hidden_size":4096,
        "intermediate_size":12288,"moe_intermediate_size":1536,"num_attention_heads":64,"num_key_value_heads":4,
        "head_dim":128,"num_experts":128,"num_experts_per_tok":8,"vocab_size":151936,
        "max_position_embeddings":40960,"torch_dtype":"bfloat16"})");
    write(q + "/model.safetensors.index.json", R"({"metadata":{"total_size":470000000000},
        "weight_map":{"model.embed_tokens.weight":"model-00001-of-00118.safetensors"}})");
    Json j = shapeOf(model::readHfModel(q.toStdString()));
    QCOMPARE(u(j["hyperparameters"]["expert_intermediate_size"]), 1536u);
    QCOMPARE(j["derived"]["kv_cache"]["bytes_per_token"].get<double>(), 2.0 * 4 * 128 * 94 * 2);
    QVERIFY(j["weights"]["total_bytes"].is_null());
    QCOMPARE(u(j["weights"]["declared_total_bytes"]), 470000000000ull);
    QCOMPARE(j["huggingface"]["missing"].size(), std::size_t(1));

    // gemma-3-27b-it, https://huggingface.co/google/gemma-3-27b-it/blob/main/config.json:
    // the language model's numbers in text_config (62 layers, hidden 5376,
    // 32 heads, 16 KV heads, head_dim 128).
    const QString g = path("gemma-3-27b-it");
    QVERIFY(QDir().mkpath(g));
    write(g + "/config.json", R"({"model_type":"gemma3","text_config":{"model_type":"gemma3_text",
        "num_hidden_layers":62,"hidden_size":5376,"intermediate_size":21504,"num_attention_heads":32,
        "num_key_value_heads":16,"head_dim":128},"vision_config":{"hidden_size":1152,"num_hidden_layers":27}})");
    j = shapeOf(model::readHfModel(g.toStdString()));
    QCOMPARE(j["huggingface"]["text_model_type"].get<std::string>(), std::string("gemma3_text"));
    QCOMPARE(u(j["hyperparameters"]["layers"]), 62u);
    QCOMPARE(u(j["hyperparameters"]["hidden_size"]), 5376u);
    QVERIFY(j["hyperparameters"]["vocab_size"].is_null());

    // gpt-oss-120b, https://huggingface.co/openai/gpt-oss-120b/blob/main/config.json:
    // MXFP4 experts packed in U8 (two values a byte): the stored element count
    // is not the parameter count, so parameters are unknown; one layer here.
    const QString o = path("gpt-oss-120b");
    QVERIFY(QDir().mkpath(o));
    write(o + "/config.json", R"({"model_type":"gpt_oss","num_hidden_layers":36,"hidden_size":2880,
        "intermediate_size":2880,"num_attention_heads":64,"num_key_value_heads":8,"head_dim":64,
        "num_local_experts":128,"experts_per_token":4,"vocab_size":201088,"max_position_embeddings":131072,
        "quantization_config":{"quant_method":"mxfp4","modules_to_not_convert":["model.layers.*.self_attn"]}})");
    writeSafetensors(o + "/model-00000-of-00014.safetensors",
                     {{"model.layers.0.mlp.experts.down_proj_blocks", "U8", {128, 2880, 90, 16}},
                      {"model.layers.0.mlp.experts.down_proj_scales", "U8", {128, 2880, 90}},
                      {"model.layers.0.self_attn.k_proj.weight", "BF16", {512, 2880}}});
    j = shapeOf(model::readHfModel(o.toStdString()));
    QCOMPARE(j["huggingface"]["quantization"]["quant_method"].get<std::string>(), std::string("mxfp4"));
    QVERIFY(j["huggingface"]["quantization"]["bits"].is_null());
    QCOMPARE(u(j["hyperparameters"]["experts_used"]), 4u);
    QVERIFY(j["weights"]["parameters"].is_null());
    QCOMPARE(u(j["weights"]["total_bytes"]), 128ull * 2880 * 90 * 17 + 512 * 2880 * 2);
    QCOMPARE(j["derived"]["kv_cache"]["bytes_per_token"].get<double>(), 2.0 * 8 * 64 * 36 * 2);

    // Missing fields are null, never 0; invalid JSON is an error naming the file.
    const QString m = path("sparse-config");
    QVERIFY(QDir().mkpath(m));
    write(m + "/config.json", R"({"model_type":"llama","num_hidden_layers":null,"hidden_size":"big"})");
    j = shapeOf(model::readHfModel(m.toStdString()));
    for (const char *k : {"layers", "hidden_size", "attention_heads", "kv_heads", "vocab_size", "experts"})
        QVERIFY2(j["hyperparameters"][k].is_null(), k);
    QVERIFY(j["weights"]["total_bytes"].is_null());
    QVERIFY(j["derived"]["kv_cache"]["bytes_per_token"].is_null());
    write(m + "/config.json", R"({"model_type": "llama", "num_hidden_layers": 32,)");
    EXPECT_ERROR([&] { model::readHfModel(m.toStdString()); }, "bad_json", "config.json: not valid JSON");
    const QString empty = path("empty-folder");
    QVERIFY(QDir().mkpath(empty));
    EXPECT_ERROR([&] { model::readHfModel(empty.toStdString()); }, "not_a_model", "no config.json");
}

void TestModelShape::safetensorsMalformed()
{
    const QString dir = path("bad-st");
    QVERIFY(QDir().mkpath(dir));
    auto bad = [&](const QByteArray &header, std::uint64_t declared, int dataBytes) {
        write(dir + "/model.safetensors",
              QByteArray(reinterpret_cast<const char *>(&declared), 8) + header + QByteArray(dataBytes, '\0'));
        return [d = dir.toStdString()] { model::readHfModel(d); };
    };
    // Beside model.safetensors, Mistral's consolidated.safetensors is not read.
    write(dir + "/consolidated.safetensors", "not a safetensors file");
    const QByteArray ok = R"({"a":{"dtype":"F16","shape":[2,2],"data_offsets":[0,8]}})";
    EXPECT_ERROR(bad(ok, ok.size(), 8), "none", "no error");
    EXPECT_ERROR(bad(ok, 1ull << 40, 8), "length_beyond_file", "model.safetensors: the header length 1099511627776");
    EXPECT_ERROR(bad(R"({"a":{"dtype":"F16",)", 20, 8), "bad_json", "not valid JSON");
    EXPECT_ERROR(bad(ok, ok.size(), 4), "bad_offsets", "data_offsets [0, 8] lie outside the data (4 bytes");
    const QByteArray mismatch = R"({"a":{"dtype":"F32","shape":[2,2],"data_offsets":[0,8]}})";
    EXPECT_ERROR(bad(mismatch, mismatch.size(), 8), "bad_header", "8 bytes for 4 elements of F32");
    EXPECT_ERROR(bad("[1,2,3]", 7, 0), "bad_header", "does not start with '{'");
    EXPECT_ERROR(bad("{", 1, 0), "bad_json", "not valid JSON");
    const QByteArray noShape = R"({"a":{"dtype":"F16","data_offsets":[0,8]}})";
    EXPECT_ERROR(bad(noShape, noShape.size(), 8), "bad_header", "tensor 'a'");
    write(dir + "/model.safetensors", "abc");
    EXPECT_ERROR([&] { model::readHfModel(dir.toStdString()); }, "truncated", "truncated at byte 3");
}

void TestModelShape::realBinary()
{
    const QString gguf = writeGguf(path("bin-llama.gguf"), llama70b(), Data::Cut);
    auto run = [](const QStringList &args, int *exitCode) {
        QProcess p;
        p.start(QStringLiteral(HALOLINK_ENGINE_PATH), QStringList{"model-shape"} + args);
        if (!p.waitForFinished(60000))
            qFatal("the engine did not finish");
        *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        return Json::parse(p.readAllStandardOutput().toStdString(), nullptr, false);
    };
    int code = 0;
    Json j = run({gguf, "--compact"}, &code);
    QCOMPARE(code, 0);
    QCOMPARE(j["schema"].get<std::string>(), std::string("halolink.model_shape/1"));
    QCOMPARE(u(j["hyperparameters"]["layers"]), 80u);
    j = run({gguf, "--kv-bytes", "1"}, &code);
    QCOMPARE(j["derived"]["kv_cache"]["bytes_per_token"].get<double>(), 2.0 * 8 * 128 * 80);
    write(path("bin-bad.gguf"), "GGMLxxxxxxxxxxxxxxxxxxxxxxxxxx");
    j = run({path("bin-bad.gguf")}, &code);
    QCOMPARE(code, 1);
    QCOMPARE(j["error"]["code"].get<std::string>(), std::string("bad_magic"));
    j = run({}, &code);
    QCOMPARE(code, 2);
    QCOMPARE(j["error"]["code"].get<std::string>(), std::string("usage"));
    j = run({path("Mixtral-8x7B-v0.1/config.json"), "--compact"}, &code); // stands for its folder
    QCOMPARE(code, 0);
    QCOMPARE(j["format"].get<std::string>(), std::string("huggingface"));
    QCOMPARE(u(j["weights"]["parameters"]), 46702792704ull);
    j = run({path("nothing-here")}, &code);
    QCOMPARE(code, 1);
    QCOMPARE(j["error"]["code"].get<std::string>(), std::string("not_found"));
}

QTEST_GUILESS_MAIN(TestModelShape)
#include "tst_model_shape.moc"
