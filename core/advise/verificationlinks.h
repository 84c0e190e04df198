#pragma once
// The advisor's link figures from the kept cluster's verification
// (core/setup/savedsetup.h, docs/advise.md "Links"): the wizard, or Verify
// Again, measured RDMA and TCP latency and bandwidth between every pair of
// the cluster's nodes. For a job's nodes, when every pair among them was
// measured, the slowest pair's one-way p50 and the lowest bandwidth are the
// figures each transport is costed with; a figure the verification lacks
// stays the reference setup's, and the notes say so.

#include "advise/adviceinputs.h"
#include "setup/savedsetup.h"

#include <QDateTime>
#include <QStringList>

#include <optional>

namespace halolink::advise {

struct VerificationLinks {
    Links links = referenceLinks(); // where not measured: the reference's
    bool rdmaLatency = false, tcpLatency = false, rdmaBandwidth = false, tcpBandwidth = false;
    int pairs = 0; // pairs of the job's nodes found in the record
    QDateTime measuredAt;
    QStringList notes;
};

// nullopt unless the record measured every pair of these nodes (two or more).
std::optional<VerificationLinks> linksFromVerification(const setup::SavedSetup &setup, const QStringList &nodeIds);

} // namespace halolink::advise
