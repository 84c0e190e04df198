#include "setup/savedsetup.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>

namespace halolink::setup {

namespace {

constexpr auto kFormat = "halolink-cluster-setup";
constexpr int kVersion = 1;

class Saved
{
    Q_DECLARE_TR_FUNCTIONS(halolink::setup::SavedSetup)
};

QJsonValue number(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

std::optional<double> number(const QJsonValue &v)
{
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

QString timeText(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QString();
}

} // namespace

QJsonObject settingsToJson(const Settings &s)
{
    return QJsonObject{
        {QStringLiteral("topology"), s.topology == Topology::DirectPair ? QStringLiteral("direct") : QStringLiteral("switch")},
        {QStringLiteral("topology_chosen"), s.topologyChosen},
        {QStringLiteral("mtu"), s.mtu},
        {QStringLiteral("persist"), s.persist},
        {QStringLiteral("allow_soft_roce"), s.allowSoftRoce},
        {QStringLiteral("confirm_within"), s.confirmWithinSeconds},
        {QStringLiteral("qos"), QJsonObject{{QStringLiteral("enabled"), s.qos.enabled},
                                            {QStringLiteral("pfc_priority"), s.qos.pfcPriority},
                                            {QStringLiteral("dscp"), s.qos.dscp},
                                            {QStringLiteral("ecn"), s.qos.ecn},
                                            {QStringLiteral("tos"), s.qos.tos()}}}};
}

Settings settingsFromJson(const QJsonObject &so)
{
    Settings s;
    s.topology = so.value(QStringLiteral("topology")).toString() == QLatin1String("direct") ? Topology::DirectPair
                                                                                           : Topology::Switch;
    s.topologyChosen = so.value(QStringLiteral("topology_chosen")).toBool(false);
    s.mtu = so.value(QStringLiteral("mtu")).toInt(s.mtu);
    s.persist = so.value(QStringLiteral("persist")).toBool(s.persist);
    s.allowSoftRoce = so.value(QStringLiteral("allow_soft_roce")).toBool(s.allowSoftRoce);
    s.confirmWithinSeconds = so.value(QStringLiteral("confirm_within")).toInt(s.confirmWithinSeconds);
    const QJsonObject q = so.value(QStringLiteral("qos")).toObject();
    s.qos.enabled = q.value(QStringLiteral("enabled")).toBool(s.qos.enabled);
    s.qos.pfcPriority = q.value(QStringLiteral("pfc_priority")).toInt(s.qos.pfcPriority);
    s.qos.dscp = q.value(QStringLiteral("dscp")).toInt(s.qos.dscp);
    s.qos.ecn = q.value(QStringLiteral("ecn")).toBool(s.qos.ecn);
    return s;
}

QStringList SavedSetup::nodeIds() const
{
    QStringList ids;
    for (const NodeEntry &n : nodes)
        ids << n.nodeId;
    return ids;
}

bool SavedSetup::sameNodes(const QStringList &ids) const
{
    QStringList a = nodeIds(), b = ids;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return !a.isEmpty() && a == b;
}

QJsonObject SavedSetup::toJson() const
{
    QJsonArray ns;
    for (const NodeEntry &n : nodes)
        ns.append(QJsonObject{{QStringLiteral("node_id"), n.nodeId},
                              {QStringLiteral("name"), n.name},
                              {QStringLiteral("interface"), n.interface},
                              {QStringLiteral("address"), n.address},
                              {QStringLiteral("backend"), n.backend},
                              {QStringLiteral("device"), n.device},
                              {QStringLiteral("qos_applied"), QJsonObject{{QStringLiteral("pfc"), n.pfc},
                                                                          {QStringLiteral("dscp_mapping"), n.dscpMapping},
                                                                          {QStringLiteral("tos"), n.tos}}}});
    QJsonArray ps;
    for (const PairEntry &p : pairs)
        ps.append(QJsonObject{{QStringLiteral("a"), p.a},
                              {QStringLiteral("b"), p.b},
                              {QStringLiteral("tcp_one_way_p50_ns"), number(p.tcpOneWayNs)},
                              {QStringLiteral("rdma_one_way_p50_ns"), number(p.rdmaOneWayNs)},
                              {QStringLiteral("tcp_rtt_p50_ns"), number(p.tcpRttNs)},
                              {QStringLiteral("rdma_rtt_p50_ns"), number(p.rdmaRttNs)},
                              {QStringLiteral("tcp_bandwidth_bps"), number(p.tcpBps)},
                              {QStringLiteral("rdma_bandwidth_bps"), number(p.rdmaBps)},
                              {QStringLiteral("rdma_device"), p.rdmaDevice},
                              {QStringLiteral("gid_index"), p.gidIndex ? QJsonValue(*p.gidIndex) : QJsonValue()},
                              {QStringLiteral("notes"), QJsonArray::fromStringList(p.notes)}});
    return QJsonObject{
        {QStringLiteral("format"), QLatin1String(kFormat)},
        {QStringLiteral("version"), kVersion},
        {QStringLiteral("confirmed_at"), timeText(confirmedAt)},
        {QStringLiteral("settings"), settingsToJson(settings)},
        {QStringLiteral("nodes"), ns},
        {QStringLiteral("verification"),
         QJsonObject{{QStringLiteral("passed"), verified},
                     {QStringLiteral("measured_at"), measuredAt.isValid() ? QJsonValue(timeText(measuredAt)) : QJsonValue()},
                     {QStringLiteral("pairs"), ps}}},
    };
}

std::optional<SavedSetup> SavedSetup::fromJson(const QJsonObject &json, QString *error)
{
    auto fail = [&](const QString &message) -> std::optional<SavedSetup> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (json.value(QStringLiteral("format")).toString() != QLatin1String(kFormat))
        return fail(Saved::tr("not a HaloLink cluster setup record"));
    if (json.value(QStringLiteral("version")).toInt() != kVersion)
        return fail(Saved::tr("cluster setup record version %1 is not supported")
                        .arg(json.value(QStringLiteral("version")).toInt()));
    SavedSetup s;
    s.confirmedAt = QDateTime::fromString(json.value(QStringLiteral("confirmed_at")).toString(), Qt::ISODateWithMs);
    s.settings = settingsFromJson(json.value(QStringLiteral("settings")).toObject());
    s.settings.topologyChosen = true; // it was confirmed
    for (const QJsonValue &v : json.value(QStringLiteral("nodes")).toArray()) {
        const QJsonObject o = v.toObject();
        NodeEntry n;
        n.nodeId = o.value(QStringLiteral("node_id")).toString();
        if (n.nodeId.isEmpty())
            return fail(Saved::tr("a node of the cluster setup record has no id"));
        n.name = o.value(QStringLiteral("name")).toString();
        n.interface = o.value(QStringLiteral("interface")).toString();
        n.address = o.value(QStringLiteral("address")).toString();
        n.backend = o.value(QStringLiteral("backend")).toString();
        n.device = o.value(QStringLiteral("device")).toString();
        const QJsonObject q = o.value(QStringLiteral("qos_applied")).toObject();
        n.pfc = q.value(QStringLiteral("pfc")).toBool();
        n.dscpMapping = q.value(QStringLiteral("dscp_mapping")).toBool();
        n.tos = q.value(QStringLiteral("tos")).toBool();
        s.nodes << n;
    }
    const QJsonObject ver = json.value(QStringLiteral("verification")).toObject();
    s.verified = ver.value(QStringLiteral("passed")).toBool();
    s.measuredAt = QDateTime::fromString(ver.value(QStringLiteral("measured_at")).toString(), Qt::ISODateWithMs);
    for (const QJsonValue &v : ver.value(QStringLiteral("pairs")).toArray()) {
        const QJsonObject o = v.toObject();
        PairEntry p;
        p.a = o.value(QStringLiteral("a")).toString();
        p.b = o.value(QStringLiteral("b")).toString();
        p.tcpOneWayNs = number(o.value(QStringLiteral("tcp_one_way_p50_ns")));
        p.rdmaOneWayNs = number(o.value(QStringLiteral("rdma_one_way_p50_ns")));
        p.tcpRttNs = number(o.value(QStringLiteral("tcp_rtt_p50_ns")));
        p.rdmaRttNs = number(o.value(QStringLiteral("rdma_rtt_p50_ns")));
        p.tcpBps = number(o.value(QStringLiteral("tcp_bandwidth_bps")));
        p.rdmaBps = number(o.value(QStringLiteral("rdma_bandwidth_bps")));
        p.rdmaDevice = o.value(QStringLiteral("rdma_device")).toString();
        if (o.value(QStringLiteral("gid_index")).isDouble())
            p.gidIndex = o.value(QStringLiteral("gid_index")).toInt();
        for (const QJsonValue &n : o.value(QStringLiteral("notes")).toArray())
            p.notes << n.toString();
        s.pairs << p;
    }
    return s;
}

QString SavedSetup::filePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/cluster-setup.json");
}

bool SavedSetup::save(QString *error) const
{
    const QString path = filePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(toJson()).toJson()) < 0 || !f.commit()) {
        if (error)
            *error = Saved::tr("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

std::optional<SavedSetup> SavedSetup::load(QString *error)
{
    QFile f(filePath());
    if (!f.exists())
        return std::nullopt;
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = Saved::tr("cannot read %1: %2").arg(f.fileName(), f.errorString());
        return std::nullopt;
    }
    QJsonParseError pe;
    const QJsonDocument d = QJsonDocument::fromJson(f.readAll(), &pe);
    if (!d.isObject()) {
        if (error)
            *error = Saved::tr("%1 is not valid JSON: %2").arg(f.fileName(), pe.errorString());
        return std::nullopt;
    }
    return fromJson(d.object(), error);
}

void SavedSetup::remove()
{
    QFile::remove(filePath());
}

Topology defaultTopology(const QStringList &nodeIds, const std::optional<SavedSetup> &saved)
{
    if (saved && saved->sameNodes(nodeIds) && (saved->settings.topology == Topology::Switch || nodeIds.size() == 2))
        return saved->settings.topology;
    return nodeIds.size() == 2 ? Topology::DirectPair : Topology::Switch;
}

} // namespace halolink::setup
