#pragma once
// A node of the cluster as the inventory knows it. "This computer" is always
// one (kind Local, no SSH; only its data-plane fields can be set); every other
// node is reached over SSH.
//
// `host` may be a name, an address or a Host alias of ~/.ssh/config; empty
// user/port/identity mean "from the ssh config, else ssh's defaults", exactly
// as `ssh <host>` would do. The data plane is the RDMA network: the latency
// mesh and benchmarks use its address, never the management (SSH) address.

#include <QMetaType>
#include <QString>

namespace halolink {

struct SshEndpoint;

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

    // Data plane (RDMA network). Address as "a.b.c.d" or "a.b.c.d/prefix".
    QString dataInterface;
    QString dataAddress;

    static constexpr const char *kLocalId = "local";
    static Node local();

    bool isLocal() const { return kind == Kind::Local; }
    // The IPv4 address of the data plane without its prefix; empty when unset.
    QString dataPlaneIp() const;
    // Where to reach the node over SSH (the person's ~/.ssh files; see
    // applySshEnvironment() for the overrides tests use).
    SshEndpoint sshEndpoint() const;
    // "user@host:port" as far as set, for lists and messages.
    QString sshDisplay() const;

    friend bool operator==(const Node &, const Node &) = default;
};

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
