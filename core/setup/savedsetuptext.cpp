#include "setup/savedsetuptext.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace halolink::setup {

namespace {

class ClusterText
{
    Q_DECLARE_TR_FUNCTIONS(ClusterText)
};

QString us(double ns)
{
    return QString::number(ns / 1000.0, 'f', ns < 10000 ? 2 : 1) + QStringLiteral(" µs");
}

QString gbit(double bps)
{
    return QString::number(bps / 1e9, 'f', 1) + QStringLiteral(" Gbit/s");
}

QString when(const QDateTime &t)
{
    return t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

void keepMax(std::optional<double> &into, const std::optional<double> &v)
{
    if (v && (!into || *v > *into))
        into = v;
}

void keepMin(std::optional<double> &into, const std::optional<double> &v)
{
    if (v && (!into || *v < *into))
        into = v;
}

} // namespace

QString cablingText(Topology topology)
{
    return topology == Topology::DirectPair ? ClusterText::tr("one direct cable") : ClusterText::tr("a switch");
}

QString nodeQosText(const SavedSetup::NodeEntry &node, const Qos &qos)
{
    if (!qos.enabled || (!node.pfc && !node.dscpMapping && !node.tos))
        return ClusterText::tr("none (left as it was)");
    if (node.backend == QLatin1String("rxe") || (!node.pfc && !node.dscpMapping))
        return ClusterText::tr("ToS %1 only (Soft-RoCE has no PFC)").arg(qos.tos());
    QStringList parts;
    if (node.dscpMapping)
        parts << ClusterText::tr("DSCP %1 → priority %2").arg(qos.dscp).arg(qos.pfcPriority);
    if (node.pfc)
        parts << ClusterText::tr("PFC on priority %1").arg(qos.pfcPriority);
    if (node.tos)
        parts << ClusterText::tr("ToS %1 for RDMA connections").arg(qos.tos());
    return parts.join(QStringLiteral(", "));
}

QString qosSettingsText(const Qos &qos)
{
    if (!qos.enabled)
        return ClusterText::tr("not configured (left as it was)");
    //: %1 PFC priority, %2 DSCP, %3 ToS, %4 ", ECN-capable" or nothing
    return ClusterText::tr("priority %1 (PFC where the NIC has it), DSCP %2, ToS %3%4")
        .arg(qos.pfcPriority)
        .arg(qos.dscp)
        .arg(qos.tos())
        .arg(qos.ecn ? ClusterText::tr(", ECN-capable") : QString());
}

QString ageText(const QDateTime &then, const QDateTime &now)
{
    const qint64 s = std::max<qint64>(0, then.secsTo(now));
    if (s < 60)
        return ClusterText::tr("just now");
    if (s < 3600)
        return ClusterText::tr("%n minute(s) ago", nullptr, int(s / 60));
    if (s < 2 * 86400)
        return ClusterText::tr("%n hour(s) ago", nullptr, int(s / 3600));
    return ClusterText::tr("%n day(s) ago", nullptr, int(s / 86400));
}

QString summaryText(const SavedSetup &setup, const QDateTime &now)
{
    //: %1 "2 nodes", %2 the cabling ("one direct cable", "a switch"), %3 MTU, %4 date and time, %5 how long ago
    QString text = ClusterText::tr("%1 on %2, MTU %3, confirmed %4 (%5).")
                       .arg(ClusterText::tr("%n node(s)", nullptr, int(setup.nodes.size())),
                            cablingText(setup.settings.topology))
                       .arg(setup.settings.mtu)
                       .arg(when(setup.confirmedAt), ageText(setup.confirmedAt, now));
    text += QLatin1Char(' ');
    text += setup.settings.persist ? ClusterText::tr("The configuration comes back after a reboot.")
                                   : ClusterText::tr("The configuration lasts until the nodes reboot (not persistent).");
    return text;
}

VerificationFigures verificationFigures(const SavedSetup &setup, const QStringList &nodeIds)
{
    VerificationFigures f;
    for (const SavedSetup::PairEntry &p : setup.pairs) {
        if (!nodeIds.isEmpty() && (!nodeIds.contains(p.a) || !nodeIds.contains(p.b)))
            continue;
        ++f.pairs;
        keepMax(f.rdmaOneWayNs, p.rdmaOneWayNs);
        keepMax(f.tcpOneWayNs, p.tcpOneWayNs);
        keepMin(f.rdmaBps, p.rdmaBps);
        keepMin(f.tcpBps, p.tcpBps);
    }
    return f;
}

QString dashboardLineText(const SavedSetup &setup, const QDateTime &now)
{
    //: %1 "2 nodes", %2 the cabling
    const QString what = ClusterText::tr("%1 on %2").arg(ClusterText::tr("%n node(s)", nullptr, int(setup.nodes.size())),
                                                       cablingText(setup.settings.topology));
    if (!setup.measuredAt.isValid() || setup.pairs.isEmpty())
        return ClusterText::tr("%1, not verified").arg(what);
    const VerificationFigures f = verificationFigures(setup);
    const QString when = setup.verified ? ClusterText::tr("verified %1").arg(ageText(setup.measuredAt, now))
                                        : ClusterText::tr("measured %1, not every pair passed").arg(ageText(setup.measuredAt, now));
    if (!f.rdmaOneWayNs || !f.tcpOneWayNs)
        return ClusterText::tr("%1, %2").arg(what, when);
    //: %1 the nodes and cabling, %2 "verified 3 hours ago", %3 RDMA latency, %4 TCP latency, %5 speed-up
    return ClusterText::tr("%1, %2: RDMA %3 one way against TCP %4 (%5x faster)")
        .arg(what, when, us(*f.rdmaOneWayNs), us(*f.tcpOneWayNs),
             QLocale().toString(*f.tcpOneWayNs / *f.rdmaOneWayNs, 'f', 1));
}

std::optional<double> pairSpeedup(const SavedSetup::PairEntry &pair)
{
    if (!pair.rdmaOneWayNs || !pair.tcpOneWayNs || *pair.rdmaOneWayNs <= 0)
        return std::nullopt;
    return *pair.tcpOneWayNs / *pair.rdmaOneWayNs;
}

QString verificationText(const SavedSetup &setup, const QDateTime &now)
{
    if (!setup.measuredAt.isValid() || setup.pairs.isEmpty())
        return ClusterText::tr("Not verified: no measurement between the nodes was kept. Verify Again measures RDMA "
                               "against TCP between every pair.");
    QString text = setup.verified
                       ? ClusterText::tr("Verified %1 (%2): every check and pair passed.")
                       : ClusterText::tr("Measured %1 (%2), but not every check or pair passed: see the pairs below.");
    text = text.arg(ageText(setup.measuredAt, now), when(setup.measuredAt));
    const VerificationFigures f = verificationFigures(setup);
    if (f.rdmaOneWayNs && f.tcpOneWayNs) {
        //: %1 RDMA one-way latency, %2 TCP one-way latency, %3 the speed-up
        text += QLatin1Char(' ')
                + ClusterText::tr("RDMA %1 one way against TCP %2 (%3x faster)")
                      .arg(us(*f.rdmaOneWayNs), us(*f.tcpOneWayNs),
                           QLocale().toString(*f.tcpOneWayNs / *f.rdmaOneWayNs, 'f', 1));
        if (f.rdmaBps && f.tcpBps)
            text += ClusterText::tr("; %1 against %2").arg(gbit(*f.rdmaBps), gbit(*f.tcpBps));
        text += f.pairs > 1 ? ClusterText::tr(" (the slowest pair).") : QStringLiteral(".");
    }
    return text;
}

} // namespace halolink::setup
