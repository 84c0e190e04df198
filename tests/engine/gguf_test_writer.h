#pragma once
// GGUF files for tests that need a real model file on disk (the agent's
// model_shape method, halolinkctl job advise, tst_model_shape): a GGUF v3
// writer as docs/gguf.md lays the format out, and Llama-3.1-70B's published
// shape written with its real tensor
// names, dimensions and a Q4_K_M-like type mix, its data region left sparse
// (the file has its full length, but no data blocks are written).

#include <QByteArray>
#include <QFile>
#include <QString>

#include <cstdint>
#include <vector>

namespace gguftest {

// ggml tensor types: id, elements per block, bytes per block
// (ggml-org/ggml d99724f2, src/ggml.c type_traits and src/ggml-common.h).
struct Type {
    std::uint32_t id, block, size;
};
inline constexpr Type F32 { 0, 1, 4 }, F16 { 1, 1, 2 }, Q8_0 { 8, 32, 34 }, Q4_K { 12, 256, 144 },
    Q6_K { 14, 256, 210 }, BF16 { 30, 1, 2 }, MXFP4 { 39, 32, 17 };

inline std::uint64_t tensorBytes(const std::vector<std::uint64_t> &dims, Type t)
{
    std::uint64_t n = 1;
    for (auto d : dims)
        n *= d;
    return n / t.block * t.size;
}

class Writer {
public:
    void kvString(const char *k, const QByteArray &v)
    {
        key(k, 8);
        str(v);
    }
    void kvU32(const char *k, std::uint32_t v)
    {
        key(k, 4);
        raw(&v, 4);
    }
    void kvU16(const char *k, std::uint16_t v)
    {
        key(k, 2);
        raw(&v, 2);
    }
    void kvI32(const char *k, std::int32_t v)
    {
        key(k, 5);
        raw(&v, 4);
    }
    void kvU64(const char *k, std::uint64_t v)
    {
        key(k, 10);
        raw(&v, 8);
    }
    void kvF32(const char *k, float v)
    {
        key(k, 6);
        raw(&v, 4);
    }
    void kvArrayI32(const char *k, const std::vector<std::int32_t> &v)
    {
        key(k, 9);
        const std::uint32_t type = 5;
        const std::uint64_t n = v.size();
        raw(&type, 4);
        raw(&n, 8);
        for (auto x : v)
            raw(&x, 4);
    }
    void kvTokens(std::uint64_t n)
    {
        key("tokenizer.ggml.tokens", 9);
        const std::uint32_t type = 8;
        raw(&type, 4);
        raw(&n, 8);
        for (std::uint64_t i = 0; i < n; ++i)
            str(QByteArray("tok") + QByteArray::number(qulonglong(i)));
    }
    void tensor(const QByteArray &name, const std::vector<std::uint64_t> &dims, Type t)
    {
        m_tensors.push_back({ name, dims, t, m_dataSize });
        m_dataSize += (tensorBytes(dims, t) + 31) / 32 * 32;
    }
    // Everything up to the data (aligned to 32); `dataOffset`: where the data starts.
    QByteArray header(std::uint64_t *dataOffset = nullptr) const
    {
        QByteArray out("GGUF");
        auto put = [&](const void *p, int n) { out.append(static_cast<const char *>(p), n); };
        const std::uint32_t version = 3;
        const std::uint64_t tc = m_tensors.size(), kc = m_kvCount;
        put(&version, 4);
        put(&tc, 8);
        put(&kc, 8);
        out.append(m_kv);
        for (const auto &t : m_tensors) {
            const std::uint64_t len = std::uint64_t(t.name.size());
            put(&len, 8);
            out.append(t.name);
            const std::uint32_t nd = std::uint32_t(t.dims.size());
            put(&nd, 4);
            for (auto d : t.dims)
                put(&d, 8);
            put(&t.type.id, 4);
            put(&t.offset, 8);
        }
        while (out.size() % 32)
            out.append('\0');
        if (dataOffset)
            *dataOffset = std::uint64_t(out.size());
        return out;
    }
    std::uint64_t dataSize() const { return m_dataSize; }

    // Writes the header and extends the file sparsely to its full size.
    bool writeSparse(const QString &path) const
    {
        std::uint64_t offset = 0;
        const QByteArray bytes = header(&offset);
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size()
            && f.resize(qint64(offset + m_dataSize));
    }

private:
    void raw(const void *p, int n) { m_kv.append(static_cast<const char *>(p), n); }
    void str(const QByteArray &s)
    {
        const std::uint64_t n = std::uint64_t(s.size());
        raw(&n, 8);
        m_kv.append(s);
    }
    void key(const char *k, std::uint32_t type)
    {
        str(k);
        raw(&type, 4);
        ++m_kvCount;
    }
    struct T {
        QByteArray name;
        std::vector<std::uint64_t> dims;
        Type type;
        std::uint64_t offset;
    };
    QByteArray m_kv;
    std::uint64_t m_kvCount = 0;
    std::vector<T> m_tensors;
    std::uint64_t m_dataSize = 0;
};

// Llama-3.1-70B, https://huggingface.co/meta-llama/Llama-3.1-70B/blob/main/config.json:
// num_hidden_layers 80, hidden_size 8192, intermediate_size 28672,
// num_attention_heads 64, num_key_value_heads 8, vocab_size 128256,
// max_position_embeddings 131072. Tensor names and ggml dims (ne0 first) as
// llama.cpp writes them; Q6_K for attn_v, ffn_down and output, else Q4_K
// (docs/model-shape.md shows the answer for this file: 44979306752 bytes).
inline Writer llama70b()
{
    Writer w;
    w.kvString("general.architecture", "llama");
    w.kvString("general.name", "Meta Llama 3.1 70B");
    w.kvU32("llama.block_count", 80);
    w.kvU32("llama.context_length", 131072);
    w.kvU32("llama.embedding_length", 8192);
    w.kvU32("llama.feed_forward_length", 28672);
    w.kvU32("llama.attention.head_count", 64);
    w.kvU32("llama.attention.head_count_kv", 8);
    w.kvF32("llama.rope.freq_base", 500000.0f);
    w.kvU32("general.file_type", 15);
    w.kvU32("general.quantization_version", 2);
    w.kvTokens(128256);
    w.tensor("rope_freqs.weight", { 64 }, F32);
    w.tensor("token_embd.weight", { 8192, 128256 }, Q4_K);
    for (int l = 0; l < 80; ++l) {
        const QByteArray b = "blk." + QByteArray::number(l) + ".";
        w.tensor(b + "attn_norm.weight", { 8192 }, F32);
        w.tensor(b + "attn_q.weight", { 8192, 8192 }, Q4_K);
        w.tensor(b + "attn_k.weight", { 8192, 1024 }, Q4_K);
        w.tensor(b + "attn_v.weight", { 8192, 1024 }, Q6_K);
        w.tensor(b + "attn_output.weight", { 8192, 8192 }, Q4_K);
        w.tensor(b + "ffn_norm.weight", { 8192 }, F32);
        w.tensor(b + "ffn_gate.weight", { 8192, 28672 }, Q4_K);
        w.tensor(b + "ffn_up.weight", { 8192, 28672 }, Q4_K);
        w.tensor(b + "ffn_down.weight", { 28672, 8192 }, Q6_K);
    }
    w.tensor("output_norm.weight", { 8192 }, F32);
    w.tensor("output.weight", { 8192, 128256 }, Q6_K);
    return w;
}

} // namespace gguftest
