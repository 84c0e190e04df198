#pragma once
// Feeds agent events into the TelemetryStore. This is the API the node
// sessions call (through ClusterController::eventReceived, for every node,
// This computer's local agent included): hand over each `frame`/`mesh` event as it arrives, and call
// markGap() when a node is lost, so its plots break instead of drawing a line
// across the time nothing was known.
//
// Series it creates (node = the inventory's node id):
//   <node>/gpu/<card>/{busy_percent, vram_used_bytes, gtt_used_bytes, unified_used_bytes, power_w, temperature_c}
//   <node>/nic/<netdev>/{rx_bytes_per_s, tx_bytes_per_s}
//   <node>/rdma/<dev>/<port>/{rx_bytes_per_s, tx_bytes_per_s, rx_packets_per_s, tx_packets_per_s}
//   <node>/rdma/<dev>/<port>/{errors,congestion}/<name>      (cumulative counters as sent)
//   mesh/<node>-><peer>/<transport>/{one_way,rtt}_{p50,p99}_ns
// A null in the event appends nothing (unknown is not zero), except that a
// null where a value was known before marks a gap in that series. unified_used_bytes
// is VRAM + GTT (the unified memory in use on an APU), unknown if either is.
//
// Frames are expected every `interval_ns`; when the next one comes more than
// kGapIntervals intervals later (the agent stalled, frames were lost), a gap is
// marked before it. No signal per sample: readers poll the store's revision().

#include "protocol/agentevents.h"

#include <QByteArrayView>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <optional>

namespace halolink {

class TelemetryStore;

class TelemetryIngest final : public QObject
{
    Q_OBJECT

public:
    static constexpr int kGapIntervals = 5;

    struct Stats {
        quint64 frames = 0;
        quint64 meshes = 0;
        quint64 malformed = 0; // not JSON, not an object, or an event that cannot be read
        quint64 ignored = 0;   // events of other kinds (hello, log, replies...)
        quint64 gaps = 0;
    };

    explicit TelemetryIngest(TelemetryStore *store, QObject *parent = nullptr);
    ~TelemetryIngest() override;

    TelemetryStore *store() const { return m_store; }

    // Any agent event object; dispatches on "event". Returns false when it was a
    // telemetry event that could not be read (counted as malformed).
    bool ingestEvent(const QString &node, const QJsonObject &event);
    bool ingestFrame(const QString &node, const QJsonObject &event);
    bool ingestMesh(const QString &node, const QJsonObject &event);
    // One JSON line as the agent printed it.
    bool ingestLine(const QString &node, QByteArrayView line);
    // From already decoded structs.
    void ingest(const QString &node, const TelemetryFrame &frame);
    void ingest(const QString &node, const MeshSample &sample);

    // The node was lost (its session ended, SSH dropped): a gap in all its series
    // and in every mesh series towards it. timeNs is CLOCK_REALTIME.
    void markGap(const QString &node, qint64 timeNs);
    void markGap(const QString &node);
    // AgentSession::gap(fromNs, toNs): nothing is known in between; the marker
    // goes where the data stopped.
    void markGap(const QString &node, qint64 fromNs, qint64 toNs);

    // The last mesh failure from `node` to `peer` over `transport`, empty when the
    // last probe succeeded.
    QString meshError(const QString &node, const QString &peer, const QString &transport) const;
    // Latest `hello` per node, when a source passed it on.
    void setHello(const QString &node, const AgentHelloEvent &hello);
    std::optional<AgentHelloEvent> hello(const QString &node) const;

    const Stats &stats() const { return m_stats; }
    QString lastError() const { return m_lastError; }

private:
    struct NodeState;
    NodeState &nodeState(const QString &node);
    void put(NodeState &state, int series, double t, const std::optional<double> &value);

    TelemetryStore *m_store;
    QHash<QString, NodeState *> m_nodes;
    Stats m_stats;
    QString m_lastError;
};

} // namespace halolink
