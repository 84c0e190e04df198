#include "telemetry/syntheticcluster.h"

#include <charconv>
#include <cmath>

namespace halolink {

namespace {

// std::to_chars writes what printf's "%.6g" and "%lld" write (C locale), at a
// fraction of the cost: the benchmark makes 6400 of these lines a second on
// the thread it measures, standing in for bytes read from a socket.
void appendNumber(QByteArray &out, double v)
{
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::general, 6).ptr;
    out.append(buffer, end - buffer);
}

void appendInt(QByteArray &out, qint64 v)
{
    char buffer[24];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
    out.append(buffer, end - buffer);
}

} // namespace

SyntheticCluster::SyntheticCluster(int nodes, quint32 seed)
    : m_nodes(nodes)
    , m_random(seed)
{
    m_line.reserve(1024);
}

QString SyntheticCluster::nodeId(int node)
{
    return QStringLiteral("demo%1").arg(node + 1);
}

double SyntheticCluster::wave(int node, double t, double period, double phase) const
{
    return 0.5 + 0.5 * std::sin(2 * M_PI * (t / period) + phase + node * 0.9);
}

QByteArray SyntheticCluster::frameLine(int node, qint64 timeNs, qint64 intervalNs)
{
    const double t = double(timeNs % (qint64(86400) * 1000000000)) / 1e9;
    const double load = wave(node, t, 150, 0);
    const double busy = std::clamp(100 * load * 0.85 + 4 * m_noise(m_random), 0.0, 100.0);
    const double vram = 512.0 * 1024 * 1024 * (0.3 + 0.2 * load);
    const double gtt = 1024.0 * 1024 * 1024 * (20 + 60 * wave(node, t, 600, 1));
    const double nicRx = 1e9 * wave(node, t, 90, 2) + 5e7 * m_noise(m_random);
    const double nicTx = 0.8e9 * wave(node, t, 110, 3) + 5e7 * m_noise(m_random);
    const double rdmaRx = 9e9 * load + 2e8 * m_noise(m_random);
    const double rdmaTx = 8.5e9 * load + 2e8 * m_noise(m_random);
    const double retransmits = std::floor(t / 30) + node;

    QByteArray &o = m_line;
    o.resize(0); // keeps the buffer (clear() would free it)
    o += "{\"event\":\"frame\",\"seq\":";
    appendInt(o, qint64(m_seq++));
    o += ",\"time_ns\":";
    appendInt(o, timeNs);
    o += ",\"interval_ns\":";
    appendInt(o, intervalNs);
    o += ",\"gpus\":[{\"card\":\"card0\",\"busy_percent\":";
    appendNumber(o, std::round(busy));
    o += ",\"vram_used_bytes\":";
    appendNumber(o, std::round(vram));
    o += ",\"gtt_used_bytes\":";
    appendNumber(o, std::round(gtt));
    o += ",\"power_w\":null,\"temperature_c\":null}],\"nics\":[{\"netdev\":\"ens1f0\",\"rx_bytes_per_s\":";
    appendNumber(o, std::max(0.0, nicRx));
    o += ",\"tx_bytes_per_s\":";
    appendNumber(o, std::max(0.0, nicTx));
    o += "}],\"rdma\":[{\"device\":\"irdma0\",\"port\":1,\"rx_bytes_per_s\":";
    appendNumber(o, std::max(0.0, rdmaRx));
    o += ",\"tx_bytes_per_s\":";
    appendNumber(o, std::max(0.0, rdmaTx));
    o += ",\"errors\":{\"retransmits\":";
    appendNumber(o, retransmits);
    o += "}}]}";
    return o;
}

QByteArray SyntheticCluster::meshLine(int from, int to, const char *transport, qint64 timeNs)
{
    const bool rdma = transport[0] == 'r';
    // Latency grows with "distance" in the imaginary switch fabric.
    const double base = (rdma ? 2600.0 : 14000.0) + 180.0 * std::abs(from - to);
    const double p50 = base * (1 + 0.03 * m_noise(m_random));
    const double p99 = p50 * (rdma ? 1.4 : 2.2);
    QByteArray &o = m_line;
    o.resize(0); // keeps the buffer (clear() would free it)
    o += "{\"event\":\"mesh\",\"time_ns\":";
    appendInt(o, timeNs);
    o += ",\"peer\":\"";
    o += nodeId(to).toLatin1();
    o += "\",\"transport\":\"";
    o += transport;
    o += "\",\"samples\":20,\"rtt_ns\":{\"p50\":";
    appendNumber(o, std::round(2 * p50));
    o += ",\"p99\":";
    appendNumber(o, std::round(2 * p99));
    o += "},\"one_way_ns\":{\"p50\":";
    appendNumber(o, std::round(p50));
    o += ",\"p99\":";
    appendNumber(o, std::round(p99));
    o += "}}";
    return o;
}

} // namespace halolink
