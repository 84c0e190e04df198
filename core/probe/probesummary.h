#pragma once

#include "protocol/probereport.h"

#include <QString>

namespace halolink {

// A plain-text account of a probe for terminals (halolinkctl probe) and bug
// reports: host, GPUs, NICs, RDMA ports, then every check with its verdict.
QString probeSummaryText(const ProbeReport &report, const QString &nodeName);

} // namespace halolink
