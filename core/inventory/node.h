#pragma once
// A node of the cluster as the inventory knows it. "This computer" is always
// one (kind Local, no SSH; only its data-plane fields can be set); every other
// node is reached over SSH.
//
// `host` may be a name, an address or a Host alias of ~/.ssh/config; empty
// user/port/identity mean "from the ssh config, else ssh's defaults", exactly
// as `ssh <host>` would do. The data plane is the RDMA network: the latency
// mesh and benchmarks use its address, never the management (SSH) address.

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace halolink {

struct SshEndpoint;

// The QoS the cluster setup applied to a node's data plane (core/setup's Qos,
// as confirmed), kept so that jobs put the same traffic class in
// NCCL_IB_TC: RCCL does not take rdma_cm's default ToS, it sends at
// NCCL_IB_TC (default 0, a priority without PFC).
struct NodeQos {
    bool enabled = true; // false: the setup ran with QoS off (no PFC, no DSCP, ToS left alone)
    int dscp = 0;
    int pfcPriority = 0;
    bool ecn = false;
    int tos = 0; // what RDMA connections carry: DSCP << 2, plus ECT(0) with ECN

    friend bool operator==(const NodeQos &, const NodeQos &) = default;
};

struct Node {
    enum class Kind { Local, Ssh };

    QString id;   // stable key ("local" for this computer); survives renames
    QString name; // what people see; unique (case-insensitive)
    Kind kind = Kind::Ssh;

    // SSH (management) access; unused for Local.
    QString host;
    QString user;         // empty: from the ssh config, else the local user
    int port = 0;         // 0: from the ssh config, else 22
    QString identityFile; // empty: agent + the config's/default keys
    // Non-empty: the node's host key is pinned in this known_hosts file
    // instead of the person's ~/.ssh/known_hosts (a virtual cluster's own
    // file); sshEndpoint() then uses it alone, with no global known_hosts.
    QString knownHostsFile;
    // Non-empty: the node is a VM of the virtual cluster whose lab folder this
    // is (core/lab/virtualcluster); lists say "virtual". Such a node is
    // reached with its own key only (no agent, no ssh config), and
    // `halolinkctl lab down` removes it from the inventory.
    QString virtualCluster;

    // Data plane (RDMA network). Address as "a.b.c.d" or "a.b.c.d/prefix".
    QString dataInterface;
    QString dataAddress;
    // What the setup applied; nullopt: never set up by HaloLink (or by one
    // that did not keep it).
    std::optional<NodeQos> qos;

    static constexpr const char *kLocalId = "local";
    static Node local();

    bool isLocal() const { return kind == Kind::Local; }
    bool isVirtual() const { return !virtualCluster.isEmpty(); }
    // The IPv4 address of the data plane without its prefix; empty when unset.
    QString dataPlaneIp() const;
    // Where to reach the node over SSH (the person's ~/.ssh files; see
    // applySshEnvironment() for the overrides tests use). A pinned
    // knownHostsFile wins over those overrides; a virtual node also gets
    // no ssh config and no agent (its identityFile only).
    SshEndpoint sshEndpoint() const;
    // "user@host:port" as far as set, for lists and messages.
    QString sshDisplay() const;

    friend bool operator==(const Node &, const Node &) = default;
};

// The traffic class (NCCL_IB_TC) a job on these nodes gets from their saved
// QoS: the ToS when every node was set up with QoS on and the same ToS;
// otherwise none, with the reason.
struct SavedTrafficClass {
    std::optional<int> tos;     // every node agrees
    std::optional<NodeQos> qos; // the QoS they agree on
    QStringList notSetUp;       // node names without a saved QoS
    QStringList qosOff;         // set up with QoS off
    QStringList differing;      // "name: ToS" of every node set up with QoS, when their ToS differ
    // In words, for the place that shows the default: "from the cluster
    // setup: DSCP 26, ToS 106", or why there is none ("" for no nodes).
    QString text() const;
};
SavedTrafficClass savedTrafficClass(const QList<Node> &nodes);

// Overrides of the person's SSH files, from the environment (for tests, and
// for people who keep a separate ssh config for their cluster):
//   HALOLINK_SSH_CONFIG        ssh config file instead of ~/.ssh/config
//   HALOLINK_SSH_KNOWN_HOSTS   known_hosts instead of ~/.ssh/known_hosts
//   HALOLINK_SSH_GLOBAL_KNOWN_HOSTS
//   HALOLINK_SSH_DIR           where default keys are looked for
//   HALOLINK_SSH_AGENT         agent socket ("none": no agent)
void applySshEnvironment(SshEndpoint &endpoint);

} // namespace halolink

Q_DECLARE_METATYPE(halolink::Node)
