#pragma once
// What the running job itself shows, besides the port counters: which
// transport the collective library says it chose (RCCL's NCCL_DEBUG=INFO
// lines, llama.cpp's "RDMA activated"), the RDMA queue pairs the job's
// processes own (`rdma -j resource show qp`), and the environment its
// processes really run with (/proc/PID/environ), against what was rendered.

#include "jobs/job.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace halolink::jobs {

// RCCL's log lines (the head's vLLM log carries the workers' lines too,
// prefixed "(RayWorkerWrapper pid=P, ip=IP)"), per node.
struct TransportLog {
    QHash<QString, QString> net;      // node id -> "ib" or "socket", from "Using network IB|Socket" / "NET/IB : Using"
    QHash<QString, QString> device;   // node id -> "rxe0:1" from "NET/IB : Using [0]rxe0:1/RoCE"
    QStringList failures;             // the lines that say RDMA failed (NCCL WARN ..., No device found)
    QStringList causes;               // what they mean and what to fix, per node
    bool rdmaFailed() const { return !failures.isEmpty(); }
};
// `rdmaMode`: NCCL_IB_DISABLE=0 (then sockets, or no device, are failures too).
TransportLog readTransportLog(const Job &job, const QByteArray &log, bool rdmaMode);
// The grep pattern (grep -E) of the lines readTransportLog() reads.
QString transportLogPattern();
// llama.cpp's RPC: "RDMA activated: qpn=A->B ..." lines of one role's log.
int llamaRdmaActivations(const QByteArray &log);

// `rdma -j resource show qp` (iproute2 rdma/res-qp.c): the QPs on `device`
// whose pid is one of `pids`.
struct QueuePair {
    QString device;
    int port = 0;
    qint64 lqpn = 0;
    QString type;
    QString state;
    qint64 pid = -1;
    QString comm;
};
std::optional<QList<QueuePair>> parseRdmaResQp(const QByteArray &json, QString *error = nullptr);

// A shell command for the node that prints the job's process tree there:
// "P <pid> <ppid> <argv0 argv1...>" for the role's process and each
// descendant, then "E <pid> NAME=VALUE" for the variables of interest
// (the rendered ones and every NCCL_*, GGML_RDMA_*; a secret's value is
// never printed, only "<set>"), then, with `qps`, the JSON of
// `rdma -j resource show qp` after a line "QP". Containers: host pids.
QString processWitnessCommand(const Job &job, const QString &nodeId, bool qps);

struct ProcessEnv {
    qint64 pid = 0;
    qint64 ppid = 0;
    QString argv;
    QHash<QString, QString> env;
};
struct NodeWitness {
    QList<ProcessEnv> processes;
    QSet<qint64> pids() const;
    std::optional<QList<QueuePair>> qps; // nullopt: rdma not there or unreadable
    QString qpError;
};
NodeWitness parseProcessWitness(const QByteArray &out);

// Where a process's environment differs from what HaloLink rendered for the
// node: "node1 ray::RayWorkerWrapper (pid 812): NCCL_IB_HCA is '=mlx5_0:1', rendered '=rxe0:1'".
QStringList envDifferences(const Job &job, const QString &nodeId, const NodeWitness &w);
// The value in effect of a variable for the node's Ray worker / server process (nullopt: not seen).
std::optional<QString> effectiveValue(const NodeWitness &w, const QString &name);

} // namespace halolink::jobs
