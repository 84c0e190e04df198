#include "telemetry/telemetryingest.h"

#include "protocol/agentdecoder.h"
#include "telemetry/telemetrykeys.h"
#include "telemetry/telemetrystore.h"

#include <QDateTime>
#include <QPair>

namespace halolink {

using namespace telemetry;

namespace {

struct GpuSeries {
    int busy, vram, gtt, unified, power, temperature;
};
struct NicSeries {
    int rx, tx;
    // Made when the agent first sends them (-1 until then).
    int up = -1, carrierChanges = -1;
    QHash<QString, int> portStats; // "pause/rx_prio3", "port_errors/crc_errors", ...
};
struct RdmaSeries {
    int rx, tx, rxPackets, txPackets;
    int active = -1;
    QHash<QString, int> errors;
    QHash<QString, int> congestion;
};
struct MeshSeries {
    int oneWayP50 = -1, oneWayP99 = -1, rttP50 = -1, rttP99 = -1;
    QString error;
};

double seconds(qint64 ns)
{
    return double(ns) / 1e9;
}

} // namespace

struct TelemetryIngest::NodeState {
    QHash<QString, GpuSeries> gpus;
    QHash<QString, NicSeries> nics;
    QHash<QPair<QString, int>, RdmaSeries> rdma;
    QHash<QString, QHash<QString, MeshSeries>> mesh; // peer -> transport
    QList<int> frameSeries; // every series frames feed, for stall gaps
    std::optional<qint64> lastFrameNs;
    std::optional<AgentHelloEvent> hello;
};

TelemetryIngest::TelemetryIngest(TelemetryStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
}

TelemetryIngest::~TelemetryIngest()
{
    qDeleteAll(m_nodes);
}

TelemetryIngest::NodeState &TelemetryIngest::nodeState(const QString &node)
{
    NodeState *&state = m_nodes[node];
    if (!state)
        state = new NodeState;
    return *state;
}

void TelemetryIngest::put(NodeState &, int series, double t, const std::optional<double> &value)
{
    if (value) {
        m_store->append(series, t, *value);
        return;
    }
    // Unknown now, known before: the line must not carry on as if nothing happened.
    const TelemetryStore::Latest latest = m_store->latest(series);
    if (latest.valid() && !latest.gap)
        m_store->markGap(series, t);
}

bool TelemetryIngest::ingestLine(const QString &node, QByteArrayView line)
{
    const AgentLine parsed = parseAgentLine(line);
    if (parsed.kind == AgentLineKind::Malformed) {
        ++m_stats.malformed;
        m_lastError = parsed.error;
        return false;
    }
    if (parsed.kind != AgentLineKind::Event) {
        ++m_stats.ignored;
        return true;
    }
    return ingestEvent(node, parsed.object);
}

bool TelemetryIngest::ingestEvent(const QString &node, const QJsonObject &event)
{
    const QJsonValue kind = event.value(QLatin1StringView("event"));
    if (kind == QLatin1StringView("frame"))
        return ingestFrame(node, event);
    if (kind == QLatin1StringView("mesh"))
        return ingestMesh(node, event);
    if (kind == QLatin1StringView("hello")) {
        if (const DecodeResult<AgentHelloEvent> hello = decodeAgentHello(event); hello.ok())
            setHello(node, *hello.value);
    }
    ++m_stats.ignored;
    return true;
}

bool TelemetryIngest::ingestFrame(const QString &node, const QJsonObject &event)
{
    const DecodeResult<TelemetryFrame> frame = decodeTelemetryFrame(event);
    if (!frame.ok()) {
        ++m_stats.malformed;
        m_lastError = QStringLiteral("frame: ") + frame.error;
        return false;
    }
    ingest(node, *frame.value);
    return true;
}

bool TelemetryIngest::ingestMesh(const QString &node, const QJsonObject &event)
{
    const DecodeResult<MeshSample> sample = decodeMeshSample(event);
    if (!sample.ok()) {
        ++m_stats.malformed;
        m_lastError = QStringLiteral("mesh: ") + sample.error;
        return false;
    }
    ingest(node, *sample.value);
    return true;
}

void TelemetryIngest::ingest(const QString &node, const TelemetryFrame &frame)
{
    NodeState &state = nodeState(node);
    const double t = seconds(frame.timeNs);
    ++m_stats.frames;

    // A stall: the agent promised a frame every interval and none came for a while.
    if (state.lastFrameNs && frame.intervalNs && *frame.intervalNs > 0
        && frame.timeNs - *state.lastFrameNs > kGapIntervals * *frame.intervalNs) {
        const double gapAt = seconds(*state.lastFrameNs + *frame.intervalNs);
        for (int series : std::as_const(state.frameSeries))
            m_store->markGap(series, gapAt);
        ++m_stats.gaps;
    }
    if (!state.lastFrameNs || frame.timeNs > *state.lastFrameNs)
        state.lastFrameNs = frame.timeNs;

    auto series = [&](const QString &key) {
        const int index = m_store->ensureSeries(key);
        state.frameSeries.append(index);
        return index;
    };

    for (const GpuSample &gpu : frame.gpus) {
        auto it = state.gpus.find(gpu.card);
        if (it == state.gpus.end()) {
            it = state.gpus.insert(gpu.card,
                                   GpuSeries{series(gpuKey(node, gpu.card, QLatin1StringView("busy_percent"))),
                                             series(gpuKey(node, gpu.card, QLatin1StringView("vram_used_bytes"))),
                                             series(gpuKey(node, gpu.card, QLatin1StringView("gtt_used_bytes"))),
                                             series(gpuKey(node, gpu.card, QLatin1StringView("unified_used_bytes"))),
                                             series(gpuKey(node, gpu.card, QLatin1StringView("power_w"))),
                                             series(gpuKey(node, gpu.card, QLatin1StringView("temperature_c")))});
        }
        const GpuSeries &s = it.value();
        put(state, s.busy, t, gpu.busyPercent);
        put(state, s.vram, t, gpu.vramUsedBytes);
        put(state, s.gtt, t, gpu.gttUsedBytes);
        std::optional<double> unified;
        if (gpu.vramUsedBytes && gpu.gttUsedBytes)
            unified = *gpu.vramUsedBytes + *gpu.gttUsedBytes;
        put(state, s.unified, t, unified);
        put(state, s.power, t, gpu.powerW);
        put(state, s.temperature, t, gpu.temperatureC);
    }

    for (const NicSample &nic : frame.nics) {
        auto it = state.nics.find(nic.netdev);
        if (it == state.nics.end()) {
            it = state.nics.insert(nic.netdev,
                                   NicSeries{series(nicKey(node, nic.netdev, QLatin1StringView("rx_bytes_per_s"))),
                                             series(nicKey(node, nic.netdev, QLatin1StringView("tx_bytes_per_s")))});
        }
        put(state, it->rx, t, nic.rxBytesPerS);
        put(state, it->tx, t, nic.txBytesPerS);
        NicSeries &ns = it.value();
        if (!nic.operstate.isEmpty()) {
            if (ns.up < 0)
                ns.up = series(nicKey(node, nic.netdev, QLatin1StringView("up")));
            put(state, ns.up, t, nic.operstate == QLatin1String("up") ? 1.0 : 0.0);
        }
        if (nic.carrierChanges) {
            if (ns.carrierChanges < 0)
                ns.carrierChanges = series(nicKey(node, nic.netdev, QLatin1StringView("carrier_changes")));
            put(state, ns.carrierChanges, t, nic.carrierChanges);
        }
        if (nic.hasPortStats) {
            auto stat = [&](const QString &name, const std::optional<double> &value) {
                if (!value)
                    return; // a counter the driver does not have: no series, never zeros
                auto c = ns.portStats.find(name);
                if (c == ns.portStats.end())
                    c = ns.portStats.insert(name, series(nicKey(node, nic.netdev, QLatin1StringView(name.toLatin1()))));
                put(state, c.value(), t, value);
            };
            for (int p = 0; p < 8; ++p) {
                stat(QStringLiteral("pause/rx_prio%1").arg(p), nic.pauseRxPrio[std::size_t(p)]);
                stat(QStringLiteral("pause/tx_prio%1").arg(p), nic.pauseTxPrio[std::size_t(p)]);
            }
            stat(QStringLiteral("pause/rx_link"), nic.pauseRxLink);
            stat(QStringLiteral("pause/tx_link"), nic.pauseTxLink);
            stat(QStringLiteral("port_errors/crc_errors"), nic.crcErrors);
            stat(QStringLiteral("port_errors/rx_discards"), nic.rxDiscards);
        }
    }

    for (const RdmaSample &port : frame.rdma) {
        const QPair<QString, int> id(port.device, port.port);
        auto it = state.rdma.find(id);
        if (it == state.rdma.end()) {
            RdmaSeries s;
            s.rx = series(rdmaKey(node, port.device, port.port, QStringLiteral("rx_bytes_per_s")));
            s.tx = series(rdmaKey(node, port.device, port.port, QStringLiteral("tx_bytes_per_s")));
            s.rxPackets = series(rdmaKey(node, port.device, port.port, QStringLiteral("rx_packets_per_s")));
            s.txPackets = series(rdmaKey(node, port.device, port.port, QStringLiteral("tx_packets_per_s")));
            it = state.rdma.insert(id, s);
        }
        RdmaSeries &s = it.value();
        put(state, s.rx, t, port.rxBytesPerS);
        put(state, s.tx, t, port.txBytesPerS);
        put(state, s.rxPackets, t, port.rxPacketsPerS);
        put(state, s.txPackets, t, port.txPacketsPerS);
        if (!port.state.isEmpty()) {
            if (s.active < 0)
                s.active = series(rdmaKey(node, port.device, port.port, QStringLiteral("active")));
            put(state, s.active, t, port.state == QLatin1String("ACTIVE") ? 1.0 : 0.0);
        }
        auto counters = [&](const QList<NamedCounter> &list, QHash<QString, int> &indexes, QLatin1StringView group) {
            for (const NamedCounter &counter : list) {
                auto c = indexes.find(counter.name);
                if (c == indexes.end())
                    c = indexes.insert(counter.name,
                                       series(rdmaKey(node, port.device, port.port, group + counter.name)));
                put(state, c.value(), t, counter.value);
            }
        };
        counters(port.errors, s.errors, QLatin1StringView("errors/"));
        counters(port.congestion, s.congestion, QLatin1StringView("congestion/"));
    }
}

void TelemetryIngest::ingest(const QString &node, const MeshSample &sample)
{
    NodeState &state = nodeState(node);
    ++m_stats.meshes;
    QHash<QString, MeshSeries> &byTransport = state.mesh[sample.peer];
    auto it = byTransport.find(sample.transport);
    if (it == byTransport.end()) {
        it = byTransport.insert(
            sample.transport,
            MeshSeries{m_store->ensureSeries(meshKey(node, sample.peer, sample.transport, QLatin1StringView("one_way_p50_ns"))),
                       m_store->ensureSeries(meshKey(node, sample.peer, sample.transport, QLatin1StringView("one_way_p99_ns"))),
                       m_store->ensureSeries(meshKey(node, sample.peer, sample.transport, QLatin1StringView("rtt_p50_ns"))),
                       m_store->ensureSeries(meshKey(node, sample.peer, sample.transport, QLatin1StringView("rtt_p99_ns"))),
                       QString()});
    }
    MeshSeries &s = it.value();
    const double t = seconds(sample.timeNs);
    if (sample.error) {
        s.error = sample.error->message.isEmpty() ? sample.error->code : sample.error->message;
        for (int series : {s.oneWayP50, s.oneWayP99, s.rttP50, s.rttP99}) {
            // A failed probe is a gap for a pair that was measured, and stays empty otherwise.
            m_store->markGap(series, t);
        }
        return;
    }
    s.error.clear();
    put(state, s.oneWayP50, t, sample.oneWayP50Ns);
    put(state, s.oneWayP99, t, sample.oneWayP99Ns);
    put(state, s.rttP50, t, sample.rttP50Ns);
    put(state, s.rttP99, t, sample.rttP99Ns);
}

void TelemetryIngest::markGap(const QString &node, qint64 timeNs)
{
    ++m_stats.gaps;
    m_store->markNodeGap(node, seconds(timeNs));
    if (NodeState *state = m_nodes.value(node))
        state->lastFrameNs.reset();
}

void TelemetryIngest::markGap(const QString &node)
{
    markGap(node, QDateTime::currentMSecsSinceEpoch() * 1000000);
}

void TelemetryIngest::markGap(const QString &node, qint64 fromNs, qint64 toNs)
{
    Q_UNUSED(toNs); // the next sample after the gap starts the line again
    markGap(node, fromNs);
}

QString TelemetryIngest::meshError(const QString &node, const QString &peer, const QString &transport) const
{
    const NodeState *state = m_nodes.value(node);
    if (!state)
        return {};
    return state->mesh.value(peer).value(transport).error;
}

void TelemetryIngest::setHello(const QString &node, const AgentHelloEvent &hello)
{
    nodeState(node).hello = hello;
}

std::optional<AgentHelloEvent> TelemetryIngest::hello(const QString &node) const
{
    const NodeState *state = m_nodes.value(node);
    return state ? state->hello : std::nullopt;
}

} // namespace halolink
