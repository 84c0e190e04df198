#pragma once
// The kept cluster (savedsetup.h) in words: for the Cluster page, the
// dashboard's cluster line and the New Job form. Pure functions of the
// record and "now", so they are tested as they read.

#include "setup/savedsetup.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace halolink::setup {

// "one direct cable" / "a switch".
QString cablingText(Topology topology);
// What this node's plan set of the QoS, from the record: "DSCP 26 → priority 3,
// PFC on priority 3, ToS 106 for RDMA connections", "ToS 106 only (Soft-RoCE:
// no PFC)", "none (left as it was)".
QString nodeQosText(const SavedSetup::NodeEntry &node, const Qos &qos);
// The cluster's QoS settings: "priority 3 (PFC), DSCP 26, ToS 106,
// ECN-capable" or "not configured (left as it was)".
QString qosSettingsText(const Qos &qos);
// "just now", "5 minutes ago", "3 hours ago", "2 days ago" (then - now).
QString ageText(const QDateTime &then, const QDateTime &now);
// "2 nodes on one direct cable, MTU 9000, confirmed 2026-12-07 14:03 (3 hours
// ago); the configuration comes back after a reboot." (local time)
QString summaryText(const SavedSetup &setup, const QDateTime &now);

// The slowest pair's figures: what the cluster can be counted on for.
struct VerificationFigures {
    std::optional<double> rdmaOneWayNs, tcpOneWayNs; // the highest p50 over the pairs
    std::optional<double> rdmaBps, tcpBps;           // the lowest over the pairs
    int pairs = 0;
};
// Over the pairs whose both nodes are in nodeIds (all pairs when empty).
VerificationFigures verificationFigures(const SavedSetup &setup, const QStringList &nodeIds = {});
// "Verified 3 hours ago (2026-12-07 14:03): every check and pair passed. RDMA
// 5.2 µs one way against TCP 34.0 µs (6.5x faster); 50.6 Gbit/s against 55.7
// Gbit/s (slowest pair)." or "Not verified: ..." when it was never measured.
QString verificationText(const SavedSetup &setup, const QDateTime &now);
// One line for the dashboard: "2 nodes on one direct cable, verified 3
// hours ago: RDMA 5.23 µs one way against TCP 34.0 µs (6.5x faster)", or
// "…, not verified".
QString dashboardLineText(const SavedSetup &setup, const QDateTime &now);
// A pair's speed-up, TCP one-way p50 / RDMA one-way p50, when both are known.
std::optional<double> pairSpeedup(const SavedSetup::PairEntry &pair);

} // namespace halolink::setup
