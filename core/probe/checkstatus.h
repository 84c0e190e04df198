#pragma once
// One status model for the probe's checks, for every front end (node list,
// node page, halolinkctl; the wizard maps it to its own rows): pass, warn,
// fail, not applicable, unknown (Check::Status). Counts keep not applicable
// and unknown apart from the passes: "5 passed, 2 not applicable".
//
// This computer as what it is: the workstation HaloLink runs on is not a node
// of the cluster unless the inventory gives it a data plane (a data-plane
// interface or address, or a QoS the setup applied; the This Computer dialog
// asks for that "if it takes part in the cluster"). On a workstation the
// checks about cluster nodes (RDMA, RoCE, MTU, PCIe of the NIC, GTT, IOMMU,
// firewall) are not applicable, and what it shows is about HaloLink working
// here: the engine answered (and the keychain, where the app knows).

#include "inventory/node.h"
#include "protocol/probereport.h"

#include <QList>
#include <QString>

namespace halolink {

struct CheckCounts {
    int passed = 0;
    int warnings = 0;
    int failed = 0;
    int notApplicable = 0;
    int unknown = 0;

    int total() const { return passed + warnings + failed + notApplicable + unknown; }
    int problems() const { return warnings + failed; }
    // Fail, else Warn, else Pass: not applicable and unknown never colour a node.
    Check::Status worst() const;
    // "1 failed, 2 warnings, 5 passed, 2 not applicable, 1 unknown": the parts
    // that are not zero, in that order (failed and passed always); "no checks".
    QString text() const;
};

CheckCounts countChecks(const QList<Check> &checks);

// The checks about being a node of the cluster (the engine's ids).
bool isClusterNodeCheck(const QString &id);

// Whether This computer takes part in the cluster (see above); false for a
// node that is not This computer's entry (SSH nodes are always nodes).
bool isLocalClusterNode(const Node &local);

// On a workstation: every cluster-node check becomes NotApplicable, its
// message saying why and what the engine found; an "engine" check (pass)
// says the engine answered. A node's report is left as it is.
void scopeLocalReport(ProbeReport &report, bool clusterNode);

// This computer's keychain as a check of HaloLink working here (pass, or a
// warning that passwords are not remembered), added or replaced.
void setKeychainCheck(ProbeReport &report, bool available, const QString &message);

} // namespace halolink
