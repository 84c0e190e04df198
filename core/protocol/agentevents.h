#pragma once
// Plain structs for the agent's unsolicited events (docs/agent-protocol.md):
// `hello`, `frame` and `mesh`. A value the node could not give is std::nullopt
// (the engine sends null, never 0), and readers ignore fields they do not know.

#include <QList>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>

namespace halolink {

struct AgentHelloEvent {
    QString engineVersion;
    int protocol = 0;
    QStringList capabilities;
    QString hostname;
    std::optional<qint64> pid;
};

struct GpuSample {
    QString card;
    std::optional<double> busyPercent;
    std::optional<double> vramUsedBytes;
    std::optional<double> gttUsedBytes;
    std::optional<double> powerW;
    std::optional<double> temperatureC;
};

struct NicSample {
    QString netdev;
    std::optional<double> rxBytes;
    std::optional<double> txBytes;
    std::optional<double> rxBytesPerS;
    std::optional<double> txBytesPerS;
    QString operstate;                     // "up", "down", ...; empty: not sent
    std::optional<double> carrierChanges;  // cumulative
    // The port counters (docs/agent-protocol.md `port_stats`), cumulative;
    // only in the frames that carry them (about once a second).
    bool hasPortStats = false;
    std::array<std::optional<double>, 8> pauseRxPrio, pauseTxPrio;
    std::optional<double> pauseRxLink, pauseTxLink, crcErrors, rxDiscards;
};

// A named counter of a normalised group (`errors`, `congestion`).
struct NamedCounter {
    QString name;
    std::optional<double> value;
};

struct RdmaSample {
    QString device;
    int port = 1;
    std::optional<double> rxBytesPerS;
    std::optional<double> txBytesPerS;
    std::optional<double> rxPacketsPerS;
    std::optional<double> txPacketsPerS;
    QList<NamedCounter> errors;
    QList<NamedCounter> congestion;
    QString state; // "ACTIVE", "DOWN", ...; empty: not sent
    // The raw `counters` map is not decoded: it is for support bundles, not plots.
};

struct TelemetryFrame {
    std::optional<qint64> seq;
    qint64 timeNs = 0;
    std::optional<qint64> intervalNs;
    QList<GpuSample> gpus;
    QList<NicSample> nics;
    QList<RdmaSample> rdma;
};

struct AgentError {
    QString code;
    QString message;
};

struct MeshSample {
    qint64 timeNs = 0;
    QString peer;
    QString address;
    QString transport; // "rdma" or "tcp"
    std::optional<int> samples;
    std::optional<double> rttP50Ns;
    std::optional<double> rttP99Ns;
    std::optional<double> oneWayP50Ns;
    std::optional<double> oneWayP99Ns;
    QString device;
    std::optional<int> gidIndex;
    std::optional<AgentError> error; // set when the probe failed; then the numbers are unknown
};

} // namespace halolink
