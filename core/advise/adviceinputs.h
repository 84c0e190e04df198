#pragma once
// What the advisor is asked (docs/advise.md): the nodes' memory, bandwidth
// and compute, the links between them (RDMA and TCP), the workload, and every
// constant of the model, each with its default and where that default comes
// from. Nothing here is measured by this code: the cluster's verification, its
// live mesh and the nodes' probes fill these in; the defaults stand in until then.

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace halolink::advise {

// How a model is spread over the nodes.
enum class Way {
    SingleNode, // one node holds everything
    TensorParallel, // vLLM --tensor-parallel-size N: every weight matrix split in N
    LayerSplit, // llama.cpp RPC: consecutive layers on each node
};
QString wayName(Way way);

struct NodeFigures {
    QString name;
    // What the GPU may address: GTT plus the VRAM carve-out (the probe's
    // amdgpu figures). Unknown: the node cannot be planned for.
    std::optional<std::uint64_t> gpuMemoryBytes;
    // Memory bandwidth a streaming GPU kernel reaches, bytes/s (measured, e.g.
    // rocm_bandwidth_test). Unknown: Assumptions::defaultBandwidth.
    std::optional<double> memoryBandwidth;
    // Peak FP16 FLOP/s of the GPU. Unknown: Assumptions::defaultPeakFlops.
    std::optional<double> peakFlops;
};

// One transport between two nodes, as the verification or the live mesh
// measured it: one-way latency (half a round trip) and bandwidth.
struct LinkFigures {
    std::optional<double> oneWayLatencySeconds;
    std::optional<double> bandwidthBytesPerSecond;
};

struct Links {
    LinkFigures rdma;
    LinkFigures tcp;
};

// The reference setup's figures (../shared/design/FIELD_NOTES.md, from kyuz0's
// rdma_cluster/setup_guide.md: two Framework Desktops, E810 at PCIe x4):
// RDMA ib_send_lat 5.23 us one way, ib_write_bw 50.6 Gbit/s; TCP ping 0.068 ms
// round trip (34 us one way), iperf3 -P 8 55.7 Gbit/s.
Links referenceLinks();

struct Workload {
    std::uint64_t contextTokens = 8192; // tokens each sequence may hold (prompt + answer)
    std::uint64_t concurrency = 1; // sequences decoded together
    std::uint64_t promptTokens = 512; // prompt of one request, for time to first token
    std::uint64_t generatedTokens = 128; // answer length, for the decode's average depth
};

// The model's constants. docs/advise.md lists each with its source.
struct Assumptions {
    // Memory the runtime and the OS keep: a fraction of the GPU memory (vLLM's
    // --gpu-memory-utilization default 0.9 leaves 0.1) plus fixed bytes.
    double runtimeReserveFraction = 0.10;
    std::uint64_t runtimeReserveBytes = 0;
    // Activations, compute buffers, graphs per node: HaloLink's assumption
    // (1 GiB), not a measured figure; the logits buffer is added to it.
    std::uint64_t overheadBytesPerNode = 1ull << 30;
    // KV cache bytes per element: 2 for f16/bf16 (llama.cpp and vLLM default).
    double kvElementBytes = 2.0;
    // Activation bytes per element on the link: vLLM all-reduces bf16/fp16 (2),
    // ggml copies f32 tensors between backends (4).
    double tensorParallelActivationBytes = 2.0;
    double layerSplitActivationBytes = 4.0;
    // Tokens a forward pass of the prefill takes at once (llama.cpp n_ubatch default 512).
    std::uint64_t prefillChunkTokens = 512;
    // Bandwidth: rocm_bandwidth_test measured ~212 GB/s on a Ryzen AI Max+ 395
    // (theoretical LPDDR5X-8000 x 256 bit = 256 GB/s).
    double defaultBandwidth = 212e9;
    double theoreticalBandwidth = 256e9;
    // Radeon 8060S peak FP16: 512 FLOP/clock/CU x 40 CU x 2.9 GHz = 59.4 TFLOP/s.
    double defaultPeakFlops = 59.392e12;
    // The share of that peak a prefill reaches. vLLM (tensor parallel): its
    // GEMMs are hipBLASLt's, which reached 36.9 TFLOP/s (62 %) in mamf-finder.
    // llama.cpp (single node, layer split): 35.4 %, what llama-2-7b Q4_0 pp512
    // reached on ROCm 7.2.3 in kyuz0's benchmarks (1545 tok/s; docs/advise.md).
    double prefillEfficiencyTensorParallel = 36.9 / 59.392;
    double prefillEfficiencyLlamaCpp = 0.354;
    // llama.cpp's prefill of a MoE model reaches this share of the model's
    // rate: fitted to gpt-oss-120b pp512 (625.6 tok/s, kyuz0, ROCm 7.2.3)
    // against the 1730 tok/s the model gives (docs/advise.md, "Calibration").
    double llamaCppMoePrefillFactor = 0.36;
    // A collective's software cost beyond the wire (one all-reduce): NCCL took
    // 54-64 us for a 48 KB all-reduce whose wire time was 8.8 us on DGX Spark
    // RoCE; 45 us is the lower end less the wire. Not measured for RCCL on gfx1151.
    double collectiveOverheadSeconds = 45e-6;
    // llama.cpp RPC round trips per token per node boundary beyond the one
    // hand-off: fitted to the TCP/RDMA gap of ggml-org/llama.cpp PR #20590
    // (docs/advise.md, "Calibration"), with the reference link figures.
    double rpcExtraRoundTripsPerBoundary = 35.0;
};

} // namespace halolink::advise
