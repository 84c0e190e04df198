#include "advise/meshlinks.h"

#include "telemetry/telemetrykeys.h"
#include "telemetry/telemetrystore.h"

#include <QCoreApplication>

#include <algorithm>
#include <optional>

namespace halolink::advise {

namespace {

struct MeshText {
    Q_DECLARE_TR_FUNCTIONS(halolink::advise::MeshText)
};

// The slowest recent one-way p50 over every ordered pair, in seconds;
// nullopt when some pair has none.
std::optional<double> slowestOneWay(const TelemetryStore &store, const QStringList &nodes, const QString &transport,
                                    double maxAgeSeconds)
{
    const double now = store.lastTime();
    double slowest = 0;
    int pairs = 0;
    for (const QString &from : nodes) {
        for (const QString &peer : nodes) {
            if (from == peer)
                continue;
            ++pairs;
            const int series = store.findSeries(
                telemetry::meshKey(from, peer, transport, QLatin1StringView("one_way_p50_ns")));
            if (series < 0)
                return std::nullopt;
            const TelemetryStore::Latest l = store.latest(series);
            if (!l.valid() || l.gap || !(l.value > 0) || !(now - l.t <= maxAgeSeconds))
                return std::nullopt;
            slowest = std::max(slowest, l.value * 1e-9);
        }
    }
    if (pairs == 0)
        return std::nullopt;
    return slowest;
}

} // namespace

MeshLinks linksFromMesh(const TelemetryStore &store, const QStringList &nodeIds, double maxAgeSeconds)
{
    MeshLinks m;
    if (nodeIds.size() < 2)
        return m;
    m.pairs = int(nodeIds.size() * (nodeIds.size() - 1));
    const auto rdma = slowestOneWay(store, nodeIds, QStringLiteral("rdma"), maxAgeSeconds);
    const auto tcp = slowestOneWay(store, nodeIds, QStringLiteral("tcp"), maxAgeSeconds);
    if (rdma) {
        m.links.rdma.oneWayLatencySeconds = *rdma;
        m.rdmaLatencyMeasured = true;
    }
    if (tcp) {
        m.links.tcp.oneWayLatencySeconds = *tcp;
        m.tcpLatencyMeasured = true;
    }
    if (!m.anyMeasured())
        return m;
    m.notes << MeshText::tr("links: latency from the live mesh (the slowest pair, p50); bandwidth: the reference "
                            "setup's (the mesh measures none)");
    if (!rdma)
        m.notes << MeshText::tr("RDMA latency: the reference setup's (the mesh has no recent RDMA figure for every pair)");
    if (!tcp)
        m.notes << MeshText::tr("TCP latency: the reference setup's (the mesh has no recent TCP figure for every pair)");
    return m;
}

} // namespace halolink::advise
