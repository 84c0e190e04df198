#pragma once
// Small readings of probe facts shared by the models, the GUI and halolinkctl,
// so that every front end says the same thing the same way.

#include "protocol/probereport.h"

#include <QList>
#include <QString>

#include <optional>

namespace halolink::facts {

// Shown in place of a fact the engine could not read.
QString unknownText();

QString bytes(std::optional<qint64> bytes);
QString speedMbps(std::optional<qint64> mbps);
QString pcieLink(std::optional<double> gts, std::optional<int> width);
QString transport(const std::optional<QString> &transport);
QString statusText(const Check &check);
QString yesNo(std::optional<bool> value);

// A readable name for a stable check id ("pcie_width_degraded" -> "PCIe link width").
QString checkTitle(const QString &id);

// The check's finding in the user's language (protocol/enginetexts.h): the
// engine's English message for a key this version does not know.
QString checkMessage(const Check &check);

// Whether the check is about something the node does not have (an MTU check on
// a node without an RDMA netdev): a pass that says nothing.
bool checkNotApplicable(const Check &check);

// Kernel command-line flags that decide how much memory the GPU of a unified
// memory APU can reach, and IOMMU mode (which costs RDMA and GPU transfers).
struct KernelFlag {
    QString key;
    QString value;
    QString meaning; // e.g. "GTT size 124 GiB"; empty when there is nothing to add
};
QList<KernelFlag> unifiedMemoryFlags(const Host &host);

// One line per GPU / RDMA port for the node list.
QString gpuSummary(const ProbeReport &report);
QString rdmaSummary(const ProbeReport &report);

bool pcieDegraded(const PcieLink &link);

} // namespace halolink::facts
