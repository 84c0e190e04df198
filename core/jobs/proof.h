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
    // The other witnesses (addWitnesses()): what RCCL's log says it chose
    // ("ib", "socket"; llama.cpp: "rdma" when its connections said "RDMA
    // activated", "tcp" when none did; empty: not known), and the RDMA queue
    // pairs the job's processes own on the port (nullopt: not read).
    QString transport;
    std::optional<int> queuePairs;
    QStringList envDifferences; // where the processes' environment is not what was rendered
    QString state;              // rdma, tcp, quiet, unknown: this node's verdict
};

struct Proof {
    enum class Verdict { Rdma, Tcp, Mixed, NoTraffic, Unknown };
    Verdict verdict = Verdict::Unknown;
    QString summary;     // one plain sentence
    QStringList details; // per node: "node1 (rxe0:1): 2608 RDMA packets, 2.3 MB through the NIC"
    QStringList causes;  // for TCP: the likely reasons, per node
    QStringList evidence; // the witnesses the verdict rests on ("port counters", "RCCL's log", "queue pairs")
    QList<NodeTraffic> nodes;
};
QString verdictName(Proof::Verdict v); // rdma, tcp, mixed, none, unknown
// The proof as JSON (verdict, summary, details, causes, evidence, nodes) and back
// (the per-node figures are not read back: a stored proof is for reading).
QJsonObject proofToJson(const Proof &proof);
Proof proofFromJson(const QJsonObject &o);

// The verdict from before/background/after samples. Exposed for tests.
// `background` and `before` are taken `backgroundMs` apart; `after` ends the smoke test.
Proof judgeTraffic(const Job &job, const QHash<QString, TrafficSample> &background,
                   const QHash<QString, TrafficSample> &before, const QHash<QString, TrafficSample> &after);
// Why a node's traffic may have gone over TCP, from its environment (the
// values in effect where known, else the rendered ones) and probe.
QStringList likelyTcpCauses(const Job &job, const QString &nodeId, const QHash<QString, QString> &effective = {});

struct TransportLog;
struct NodeWitness;
// The verdict again with the other witnesses: RCCL's (or llama.cpp's) own
// words on its transport and the queue pairs the job's processes own; a node
// counts as RDMA when its RDMA counters moved, or when the library says RDMA
// and the job owns queue pairs on the port; as TCP when the library says
// sockets, or the counters say so and no queue pair is the job's.
void addWitnesses(Proof &proof, const Job &job, const TransportLog &log, const QHash<QString, NodeWitness> &witness,
                  const QHash<QString, int> &llamaActivations = {});

} // namespace halolink::jobs
