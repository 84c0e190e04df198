#pragma once
// Network namespaces for a cluster test: see ClusterNetns.

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

namespace halolink::test {

// The nodes of one larger cluster, each a network namespace with two
// interfaces, as on a real cluster: mgmt0 on a management network that this
// machine reaches (SSH), and data0 on a data-plane network that only the
// nodes share (the latency mesh and benchmarks). Both networks are bridges
// in one more namespace of their own, so the host gets a single veth
// (`hlsoak-<tag>`, 10.<subnet>.0.1/16) and none of its own interfaces is
// touched. Node i is 10.<subnet>.<hi>.<lo> (management) and
// 10.<subnet+1>.<hi>.<lo> (data), /16, hi.lo counting from 0.2.
// Names start with hlsoak-<tag>-; create() first removes what a crashed run
// with the same tag left (its processes in those namespaces included).
//
// The kernel's IPv4 neighbour (ARP) table is one for all namespaces, and
// its gc_thresh3 (1024 by default; net.ipv4.neigh.default, which exists in
// the initial namespace only) caps the entries of all of them together: 64
// nodes that each reach 63 peers need some 4,000, and past the cap new
// neighbours fail ("neighbor table overflow!" in the kernel log) and peers
// on the data plane time out as if down, which real nodes, each with its own
// table, never see. create() raises the three thresholds to what count
// nodes need where they are lower, and destroy() puts them back.
class ClusterNetns {
public:
    explicit ClusterNetns(const QString &tag = QStringLiteral("c"), int subnet = 231)
        : m_tag(tag), m_subnet(subnet) { }
    ~ClusterNetns();
    static QString unavailableReason();
    bool create(int count, QString *error);
    void destroy();
    int count() const { return m_count; }
    QString name(int i) const; // the node's namespace
    QString managementAddress(int i) const;
    QString dataAddress(int i) const; // without the prefix
    static int prefixLength() { return 16; }
    static QString managementInterface() { return QStringLiteral("mgmt0"); }
    static QString dataInterface() { return QStringLiteral("data0"); }
    QString hostAddress() const; // this machine's address on the management network
    QString hostInterface() const;

private:
    QString prefix() const;
    QString switchName() const;
    QString address(int net, int i) const;
    void removeLeftovers() const;
    void raiseNeighbourLimits(int count);
    void restoreNeighbourLimits();
    QString m_tag;
    int m_subnet = 231;
    QList<QPair<QString, QByteArray>> m_neighbourLimits; // sysctl file, value before create()
    int m_count = 0;
    bool m_switch = false;
};

} // namespace halolink::test
