#pragma once
// SYNTHETIC telemetry — made-up numbers, never measurements. Prints agent
// protocol lines (`frame`, `mesh`) for an imaginary cluster, so the benchmark,
// the tests and the clearly labelled demo mode (HALOLINK_DEMO_TELEMETRY=1) go
// through the real decoder and ingest. Node ids are "demo1", "demo2", ...
// Each node has one GPU (card0), one NIC (ens1f0) and one RDMA port
// (irdma0/1): 8 series a frame (busy, VRAM, GTT, NIC rx/tx, RDMA rx/tx, retransmits).

#include <QByteArray>
#include <QString>

#include <random>

namespace halolink {

class SyntheticCluster
{
public:
    explicit SyntheticCluster(int nodes, quint32 seed = 1);

    int nodeCount() const { return m_nodes; }
    static QString nodeId(int node);
    // One `frame` line (no newline) for the node at timeNs.
    QByteArray frameLine(int node, qint64 timeNs, qint64 intervalNs = 100000000);
    // One `mesh` line from -> to; transport "rdma" or "tcp".
    QByteArray meshLine(int from, int to, const char *transport, qint64 timeNs);

private:
    double wave(int node, double t, double period, double phase) const;

    int m_nodes;
    std::mt19937 m_random;
    std::uniform_real_distribution<double> m_noise{-1.0, 1.0};
    quint64 m_seq = 0;
    QByteArray m_line; // reused: no allocation per line once warm
};

} // namespace halolink
