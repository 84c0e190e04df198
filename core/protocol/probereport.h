#pragma once
// The halolink.probe/1 document as plain values (INTERFACES.md section 1,
// docs/probe.md). Facts the engine may not know are std::optional: "unknown"
// must stay distinguishable from "zero" or "false" all the way to the screen.

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace halolink {

struct OsRelease {
    std::optional<QString> id;
    std::optional<QString> versionId;
    std::optional<QString> prettyName;
};

struct Host {
    std::optional<QString> hostname;
    std::optional<QString> kernel;
    std::optional<OsRelease> os;
    // Kernel command line: key -> value; a bare flag has an empty value.
    QMap<QString, QString> cmdline;
    bool cmdlineKnown = false;
    std::optional<qint64> memoryTotalBytes;
};

struct Gpu {
    QString card;
    std::optional<QString> pci;
    std::optional<QString> driver;
    std::optional<QString> vendorId;
    std::optional<QString> deviceId;
    std::optional<QString> gfxTarget;
    std::optional<qint64> vramTotalBytes;
    std::optional<qint64> vramUsedBytes;
    std::optional<qint64> gttTotalBytes;
    std::optional<qint64> gttUsedBytes;
    std::optional<int> busyPercent;
};

struct PcieLink {
    std::optional<double> linkSpeedGts;
    std::optional<int> linkWidth;
    std::optional<double> maxLinkSpeedGts;
    std::optional<int> maxLinkWidth;
};

struct Nic {
    QString netdev;
    std::optional<QString> driver;
    std::optional<QString> pci;
    std::optional<QString> mac;
    std::optional<int> mtu;
    std::optional<QString> operstate;
    std::optional<qint64> speedMbps;
    QStringList ipv4; // "a.b.c.d/len"
    std::optional<QString> firmware;
    std::optional<PcieLink> pcie;
    std::optional<QString> rdmaDevice;
    std::optional<bool> carriesManagement;
};

struct Gid {
    int index = 0;
    QString gid; // RFC 5952 text, IPv4-mapped ones read ::ffff:a.b.c.d
    std::optional<QString> type; // "RoCE v2", "IB/RoCE v1"
    std::optional<QString> netdev;
};

struct DevlinkRdmaMode {
    std::optional<bool> enableRoce;
    std::optional<bool> enableIwarp;
};

struct RdmaPort {
    QString device;
    int port = 0;
    std::optional<QString> netdev;
    std::optional<QString> transport; // roce | iwarp | infiniband
    std::optional<QString> linkLayer;
    std::optional<QString> state; // ACTIVE, DOWN, INIT, ...
    std::optional<QString> physState;
    std::optional<QString> rate;
    std::optional<int> activeMtu;
    QList<Gid> gids;
    // Never assume 1 or 3: it differs by driver and state.
    std::optional<int> roceV2Ipv4GidIndex;
    std::optional<DevlinkRdmaMode> devlink;
};

struct Libraries {
    std::optional<bool> libibverbs;
    std::optional<bool> librdmacm;
    std::optional<bool> rocmSmi;
};

struct Check {
    // One status everywhere (probe/checkstatus.h counts them): the engine
    // writes pass, warn or fail; NotApplicable is a pass whose message says
    // the check had nothing to look at (message key not_applicable.*), or a
    // cluster-node check on a workstation; Unknown, a status this version
    // does not know. Appended, never renumbered (Roles::Status carries ints).
    enum class Status { Pass, Warn, Fail, Unknown, NotApplicable };
    QString id;
    Status status = Status::Unknown;
    QString statusText; // as the engine wrote it, for a status this version does not know
    std::optional<QString> subject;
    QString message; // English, as the engine wrote it
    // The key of the message's text and the values that fill it (engine
    // probe/check_messages.h); empty from an engine older than the keys.
    // facts::checkMessage() says it in the user's language.
    QString messageKey;
    QJsonObject messageArgs;
};

struct ProbeReport {
    QString schema;
    std::optional<QString> engineVersion;
    Host host;
    QList<Gpu> gpus;
    QList<Nic> nics;
    QList<RdmaPort> rdma;
    Libraries libraries;
    QList<Check> checks;

    int countChecks(Check::Status status) const
    {
        int n = 0;
        for (const Check &c : checks)
            n += c.status == status ? 1 : 0;
        return n;
    }
};

// `{"error": {"code": "...", "message": "..."}}`, what every engine subcommand
// prints on failure.
struct EngineErrorReport {
    QString code;
    QString message;
};

} // namespace halolink

#include <QMetaType>
Q_DECLARE_METATYPE(halolink::ProbeReport)
