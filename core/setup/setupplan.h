#pragma once
// The cluster setup's decisions as plain values, and the rules that check them
// (the wizard shows them; halolinkctl could reuse them): which interface
// carries the data plane, which addresses, which QoS, and the engine spec each
// node gets (docs/roce-config.md). Nothing here talks to a node: every input
// is a node's probe report.

#include "protocol/probereport.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace halolink::setup {

// Two nodes on one cable (a /30 between them) or any number on a switch (one subnet).
enum class Topology { DirectPair, Switch };

struct Qos {
    bool enabled = true;
    int pfcPriority = 3;
    int dscp = 26;
    bool ecn = true;
    // What rdma_cm connections carry: DSCP in the upper six bits, ECT(0) when ECN.
    int tos() const { return dscp * 4 + (ecn ? 2 : 0); }
};

struct Settings {
    Topology topology = Topology::Switch;
    // The person chose the cabling (or it was confirmed before): the wizard
    // keeps it instead of defaulting by the number of nodes.
    bool topologyChosen = false;
    int mtu = 9000;
    Qos qos;
    bool persist = false;
    // Create a Soft-RoCE (rxe) device where the data interface has no RDMA device.
    bool allowSoftRoce = false;
    int confirmWithinSeconds = 300;
};

struct NodeInput {
    QString nodeId;
    QString name;
    QString interface;        // data-plane netdev
    QString address;          // a.b.c.d/len
    bool addressByHand = false; // typed by the person, not proposed: a new proposal does not replace it
    std::optional<ProbeReport> probe;
};

// An IPv4 address with its prefix, as numbers.
struct Ipv4Cidr {
    quint32 address = 0;
    int prefix = 32;
    quint32 mask() const { return prefix == 0 ? 0 : ~quint32(0) << (32 - prefix); }
    quint32 network() const { return address & mask(); }
    quint32 broadcast() const { return network() | ~mask(); }
    bool overlaps(const Ipv4Cidr &other) const;
    QString addressText() const;
    QString text() const; // a.b.c.d/len
};
// "a.b.c.d/len" (or without /len when allowBare: /32). nullopt when malformed.
std::optional<Ipv4Cidr> parseCidr(const QString &text, bool allowBare = false);

struct InterfaceChoice {
    QString netdev;       // empty: none fits
    QString reason;       // why this one, or why none
    bool hasRdma = false; // an RDMA device is bound to it
};
// The data-plane interface to suggest: a NIC with an RDMA device that does not
// carry the management connection (RoCE before iWARP, a link that is up first,
// then the fastest); else a physical NIC that is not the management one
// (Soft-RoCE). Loopback and virtual devices without a PCI function are skipped
// unless nothing else exists.
InterfaceChoice suggestInterface(const ProbeReport &probe);
// The NICs that may carry the data plane (not management, not loopback).
QStringList candidateInterfaces(const ProbeReport &probe);
// The RDMA port bound to a netdev (nullptr when none).
const RdmaPort *rdmaPortOf(const ProbeReport &probe, const QString &netdev);
const Nic *nicOf(const ProbeReport &probe, const QString &netdev);

// Addresses for the nodes, in order: a /30 for a direct pair, one /24 for a
// switch, in a private range no node uses on another interface. When the
// chosen data interfaces already hold addresses that pass validate(), those
// are kept.
QStringList proposeAddresses(Topology topology, const QList<NodeInput> &nodes);

struct Problem {
    int node = -1;  // index into the nodes; -1: the whole setup
    QString field;  // "interface", "address", "mtu", "qos", "nodes"
    QString message;
    bool blocking = true; // false: a warning worth reading
};
QList<Problem> validate(const QList<NodeInput> &nodes, const Settings &settings);

// The engine's RoCE spec for node i (format halolink-roce-spec, version 1).
QJsonObject specFor(const QList<NodeInput> &nodes, int i, const Settings &settings);

// One POSIX shell script carrying every node's plan (halolink.roce-plan/1
// documents, as the engine printed them): `sh script NODE` runs that node's
// steps that are not already done, each with its reason and its undo as comments.
QString shellScript(const QList<std::pair<QString, QJsonObject>> &plans, const Settings &settings);

// What the QoS choice means, in plain words.
QString describeQos(const Qos &qos);

// The node's plan will be Soft-RoCE's (engine backend rxe), as far as its probe
// tells before planning: its data interface has no RDMA device (one is
// created), or the device there is a Soft-RoCE one (rxeN).
bool usesSoftRoce(const NodeInput &node);
// The plan (halolink.roce-plan/1) has a step with this id ("pfc", "dscp_prio", "roce_tos").
bool planHasStep(const QJsonObject &plan, const QString &id);
// Soft-RoCE's QoS in words: the rxe plan sets no PFC and no DSCP-to-priority
// mapping, only rdma_cm's default ToS of RDMA connections. nodeNames: the
// Soft-RoCE nodes; empty when every node is.
QString softRoceQosNote(const Qos &qos, const QStringList &nodeNames = {});
// What this plan does of the QoS asked for, in words, from its steps (the ice
// and mlx5 plans have pfc and dscp_prio steps; the rxe plan only roce_tos).
QString planQosText(const QJsonObject &plan, const Qos &qos);

} // namespace halolink::setup
