#include "advise/verificationlinks.h"

#include "setup/savedsetuptext.h"

#include <QCoreApplication>

namespace halolink::advise {

namespace {

struct VerificationText {
    Q_DECLARE_TR_FUNCTIONS(halolink::advise::VerificationText)
};

const setup::SavedSetup::PairEntry *pairOf(const setup::SavedSetup &setup, const QString &a, const QString &b)
{
    for (const setup::SavedSetup::PairEntry &p : setup.pairs)
        if ((p.a == a && p.b == b) || (p.a == b && p.b == a))
            return &p;
    return nullptr;
}

} // namespace

std::optional<VerificationLinks> linksFromVerification(const setup::SavedSetup &setup, const QStringList &nodeIds)
{
    if (nodeIds.size() < 2 || !setup.measuredAt.isValid())
        return std::nullopt;
    // A figure counts only when every pair has it: the slowest pair may be the one without.
    bool rdmaLatency = true, tcpLatency = true, rdmaBandwidth = true, tcpBandwidth = true;
    for (int i = 0; i < nodeIds.size(); ++i) {
        for (int j = i + 1; j < nodeIds.size(); ++j) {
            const setup::SavedSetup::PairEntry *p = pairOf(setup, nodeIds.at(i), nodeIds.at(j));
            if (!p)
                return std::nullopt;
            rdmaLatency = rdmaLatency && p->rdmaOneWayNs;
            tcpLatency = tcpLatency && p->tcpOneWayNs;
            rdmaBandwidth = rdmaBandwidth && p->rdmaBps;
            tcpBandwidth = tcpBandwidth && p->tcpBps;
        }
    }
    const setup::VerificationFigures f = setup::verificationFigures(setup, nodeIds);
    VerificationLinks v;
    v.pairs = f.pairs;
    v.measuredAt = setup.measuredAt;
    if (rdmaLatency && f.rdmaOneWayNs) {
        v.links.rdma.oneWayLatencySeconds = *f.rdmaOneWayNs * 1e-9;
        v.rdmaLatency = true;
    }
    if (tcpLatency && f.tcpOneWayNs) {
        v.links.tcp.oneWayLatencySeconds = *f.tcpOneWayNs * 1e-9;
        v.tcpLatency = true;
    }
    if (rdmaBandwidth && f.rdmaBps) {
        v.links.rdma.bandwidthBytesPerSecond = *f.rdmaBps / 8.0;
        v.rdmaBandwidth = true;
    }
    if (tcpBandwidth && f.tcpBps) {
        v.links.tcp.bandwidthBytesPerSecond = *f.tcpBps / 8.0;
        v.tcpBandwidth = true;
    }
    QStringList missing;
    if (!v.rdmaLatency)
        missing << VerificationText::tr("RDMA latency");
    if (!v.tcpLatency)
        missing << VerificationText::tr("TCP latency");
    if (!v.rdmaBandwidth)
        missing << VerificationText::tr("RDMA bandwidth");
    if (!v.tcpBandwidth)
        missing << VerificationText::tr("TCP bandwidth");
    if (!missing.isEmpty())
        v.notes << VerificationText::tr("links: the verification has no %1 for some pair; the reference's stands in")
                       .arg(missing.join(QStringLiteral(", ")));
    return v;
}

} // namespace halolink::advise
