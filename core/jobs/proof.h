#pragma once
// The RDMA proof of a smoke test: per-node traffic counters before, during
// and after one completion, and the verdict drawn from them.

#include "jobs/job.h"

#include <QHash>
#include <QJsonObject>

#include <optional>

namespace halolink::jobs {

// One node's traffic counters (engine `counters`, halolink.counters/1), for
// its data-plane RDMA port and NIC.
struct TrafficSample {
    qint64 timeNs = 0;
    QString rdmaDevice;
    int rdmaPort = 0;
    std::optional<qint64> rdmaRxBytes, rdmaTxBytes, rdmaRxPackets, rdmaTxPackets;
    std::optional<qint64> nicRxBytes, nicTxBytes, nicRxPackets, nicTxPackets;
};
// The sample for the RDMA port on `dataInterface` (else `device`) and that NIC.
std::optional<TrafficSample> trafficFromCounters(const QJsonObject &doc, const QString &dataInterface,
                                                 const QString &device, QString *error = nullptr);

struct NodeTraffic {
    QString nodeId;
    QString name;
    QString rdmaDevice;
    int rdmaPort = 0;
    bool measured = false;         // counters read before and after
    // During the smoke test, the background (same duration) subtracted; null: the device does not count it.
    std::optional<qint64> rdmaPackets, rdmaBytes; // sent + received
    std::optional<qint64> nicBytes, nicPackets;
    bool rdmaMoved = false;
    bool nicMoved = false;
    QString error;
};

struct Proof {
    enum class Verdict { Rdma, Tcp, Mixed, NoTraffic, Unknown };
    Verdict verdict = Verdict::Unknown;
    QString summary;     // one plain sentence
    QStringList details; // per node: "node1 (rxe0:1): 2608 RDMA packets, 2.3 MB through the NIC"
    QStringList causes;  // for TCP: the likely reasons, per node
    QList<NodeTraffic> nodes;
};
QString verdictName(Proof::Verdict v); // rdma, tcp, mixed, none, unknown

// The verdict from before/background/after samples. Exposed for tests.
// `background` and `before` are taken `backgroundMs` apart; `after` ends the smoke test.
Proof judgeTraffic(const Job &job, const QHash<QString, TrafficSample> &background,
                   const QHash<QString, TrafficSample> &before, const QHash<QString, TrafficSample> &after);
// Why a node's traffic may have gone over TCP, from its environment and probe.
QStringList likelyTcpCauses(const Job &job, const QString &nodeId);

} // namespace halolink::jobs
