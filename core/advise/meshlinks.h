#pragma once
// The advisor's link figures from the live mesh (docs/advise.md, "Links"):
// the agents measure the one-way latency between every pair of nodes over
// RDMA and over TCP once a second (telemetry keys
// mesh/<from>-><peer>/<transport>/one_way_p50_ns). For a set of nodes the
// slowest recent p50 over every ordered pair is the latency each transport
// is costed with. The mesh measures no bandwidth: that stays the reference
// setup's, and the notes say so, as they say which transport had no recent
// figure for some pair (its latency then stays the reference's too).

#include "advise/adviceinputs.h"

#include <QStringList>

namespace halolink {
class TelemetryStore;
}

namespace halolink::advise {

struct MeshLinks {
    Links links = referenceLinks(); // where not measured: the reference's
    bool rdmaLatencyMeasured = false;
    bool tcpLatencyMeasured = false;
    int pairs = 0; // ordered pairs looked at
    QStringList notes;
    bool anyMeasured() const { return rdmaLatencyMeasured || tcpLatencyMeasured; }
};

// nodeIds: the inventory ids of the job's nodes (as the mesh keys name them).
// A figure counts when it is at most maxAgeSeconds older than the store's
// newest sample and not followed by a gap.
MeshLinks linksFromMesh(const TelemetryStore &store, const QStringList &nodeIds, double maxAgeSeconds = 30.0);

} // namespace halolink::advise
