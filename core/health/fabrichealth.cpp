#include "health/fabrichealth.h"

#include "telemetry/telemetrystore.h"

#include <QLocale>
#include <QMap>

#include <cmath>

namespace halolink::health {

namespace {

class FabricText
{
    Q_DECLARE_TR_FUNCTIONS(FabricHealth)
};

const char *const kErrorKeys[] = {"retransmits", "out_of_sequence", "local_ack_timeouts", "seq_naks", "rnr_naks"};

QString rate(double perS)
{
    const int decimals = perS < 10 ? 1 : 0;
    return QLocale().toString(perS, 'f', decimals);
}

// The sum of the rates of these series (those that exist and have one).
std::optional<double> sumRates(const TelemetryStore &store, const QStringList &keys, double t0, double t1)
{
    std::optional<double> sum;
    for (const QString &key : keys) {
        const int s = store.findSeries(key);
        if (s < 0)
            continue;
        if (const auto r = counterRate(store, s, t0, t1))
            sum = sum.value_or(0.0) + *r;
    }
    return sum;
}

// The latest value of a 0/1 series when it is recent and not after a gap.
std::optional<bool> recentFlag(const TelemetryStore &store, const QString &key, double t0)
{
    const int s = store.findSeries(key);
    if (s < 0)
        return std::nullopt;
    const TelemetryStore::Latest l = store.latest(s);
    if (!l.valid() || l.gap || l.t < t0)
        return std::nullopt;
    return l.value >= 0.5;
}

// The increase of a cumulative series over the window (link changes).
std::optional<double> increase(const TelemetryStore &store, const QString &key, double t0, double t1)
{
    const int s = store.findSeries(key);
    if (s < 0)
        return std::nullopt;
    const auto r = counterRate(store, s, t0, t1);
    if (!r)
        return std::nullopt;
    SeriesSlice slice;
    store.read(s, Resolution::Raw, t0, t1, slice);
    double first = NAN, last = NAN;
    for (qsizetype i = 0; i < slice.size(); ++i) {
        if (slice.keys.at(i) < t0 || slice.keys.at(i) > t1)
            continue;
        const double v = slice.values.at(i);
        if (v != v || (last == last && v < last)) { // a gap or a reset: count from here
            first = v == v ? v : NAN;
            last = first;
            continue;
        }
        if (first != first)
            first = v;
        last = v;
    }
    if (first != first || last != last)
        return std::nullopt;
    return last - first;
}

} // namespace

QString verdictText(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Unknown:
        return FabricText::tr("unknown");
    case Verdict::Healthy:
        return FabricText::tr("healthy");
    case Verdict::Degraded:
        return FabricText::tr("degraded");
    case Verdict::Failing:
        return FabricText::tr("failing");
    }
    return {};
}

QString verdictKey(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Unknown:
        return QStringLiteral("unknown");
    case Verdict::Healthy:
        return QStringLiteral("healthy");
    case Verdict::Degraded:
        return QStringLiteral("degraded");
    case Verdict::Failing:
        return QStringLiteral("failing");
    }
    return {};
}

QString LinkHealth::key() const
{
    return rdmaDevice.isEmpty() ? QStringLiteral("%1/nic/%2").arg(nodeId, netdev)
                                : QStringLiteral("%1/rdma/%2/%3").arg(nodeId, rdmaDevice).arg(port);
}

QString LinkHealth::title() const
{
    if (rdmaDevice.isEmpty())
        return netdev;
    //: %1 RDMA device, %2 port number, %3 its network interface
    return netdev.isEmpty() ? FabricText::tr("%1 port %2").arg(rdmaDevice).arg(port)
                            : FabricText::tr("%1 port %2 (%3)").arg(rdmaDevice).arg(port).arg(netdev);
}

std::optional<double> counterRate(const TelemetryStore &store, int series, double t0, double t1)
{
    SeriesSlice slice;
    store.read(series, Resolution::Raw, t0, t1, slice);
    // The run of points after the last gap or reset inside the window.
    double firstT = NAN, firstV = NAN, lastT = NAN, lastV = NAN;
    for (qsizetype i = 0; i < slice.size(); ++i) {
        const double t = slice.keys.at(i);
        if (t < t0 || t > t1)
            continue;
        const double v = slice.values.at(i);
        if (v != v) { // a gap: what came before does not count
            firstT = firstV = lastT = lastV = NAN;
            continue;
        }
        if (lastV == lastV && v < lastV) { // a counter reset (driver reload)
            firstT = t;
            firstV = v;
        }
        if (firstT != firstT) {
            firstT = t;
            firstV = v;
        }
        lastT = t;
        lastV = v;
    }
    if (firstT != firstT || lastT - firstT < 1.0)
        return std::nullopt;
    return (lastV - firstV) / (lastT - firstT);
}

QList<LinkHealth> evaluateFabric(const TelemetryStore &store, const QList<NodeLinks> &nodes, const Thresholds &limits,
                                 double now)
{
    const double t0 = now - limits.windowSeconds;
    QList<LinkHealth> out;
    for (const NodeLinks &node : nodes) {
        // What the store has of this node: RDMA ports and NICs by their series.
        QMap<QPair<QString, int>, bool> ports;
        QMap<QString, bool> nics;
        for (const NodeLinks::Port &p : node.rdmaPorts)
            ports.insert({p.device, p.port}, true);
        for (int s : store.seriesOfNode(node.nodeId)) {
            const QString &metric = store.info(s).metric;
            const QStringList parts = metric.split(QLatin1Char('/'));
            if (parts.size() >= 4 && parts.at(0) == QLatin1String("rdma"))
                ports.insert({parts.at(1), parts.at(2).toInt()}, true);
            else if (parts.size() >= 3 && parts.at(0) == QLatin1String("nic")
                     && (parts.at(2) == QLatin1String("pause") || parts.at(2) == QLatin1String("port_errors")))
                nics.insert(parts.at(1), true);
        }
        if (!node.dataInterface.isEmpty())
            nics.insert(node.dataInterface, true);

        auto netdevOf = [&](const QString &device, int port) {
            for (const NodeLinks::Port &p : node.rdmaPorts)
                if (p.device == device && p.port == port)
                    return p.netdev;
            return QString();
        };
        QStringList covered;
        QList<LinkHealth> rows;
        for (auto it = ports.cbegin(); it != ports.cend(); ++it) {
            LinkHealth h;
            h.rdmaDevice = it.key().first;
            h.port = it.key().second;
            h.netdev = netdevOf(h.rdmaDevice, h.port);
            if (!h.netdev.isEmpty())
                covered << h.netdev;
            rows << h;
        }
        for (auto it = nics.cbegin(); it != nics.cend(); ++it) {
            if (covered.contains(it.key()))
                continue;
            LinkHealth h;
            h.netdev = it.key();
            rows << h;
        }

        for (LinkHealth &h : rows) {
            h.nodeId = node.nodeId;
            h.nodeName = node.name;
            h.dataPlane = !h.netdev.isEmpty() && h.netdev == node.dataInterface;
            const QString rdmaBase = QStringLiteral("%1/rdma/%2/%3/").arg(node.nodeId, h.rdmaDevice).arg(h.port);
            const QString nicBase = QStringLiteral("%1/nic/%2/").arg(node.nodeId, h.netdev);
            QStringList errorKeys, discardKeys, pauseKeys, cnpKeys, ecnKeys, crcKeys;
            if (!h.rdmaDevice.isEmpty()) {
                for (const char *k : kErrorKeys)
                    errorKeys << rdmaBase + QLatin1String("errors/") + QLatin1String(k);
                discardKeys << rdmaBase + QLatin1String("errors/out_of_buffer");
                cnpKeys << rdmaBase + QLatin1String("congestion/cnp_sent")
                        << rdmaBase + QLatin1String("congestion/cnp_handled");
                ecnKeys << rdmaBase + QLatin1String("congestion/ecn_marked");
                h.rdmaActive = recentFlag(store, rdmaBase + QLatin1String("active"), t0);
            }
            if (!h.netdev.isEmpty()) {
                discardKeys << nicBase + QLatin1String("port_errors/rx_discards");
                crcKeys << nicBase + QLatin1String("port_errors/crc_errors");
                for (int p = 0; p < 8; ++p)
                    pauseKeys << nicBase + QStringLiteral("pause/rx_prio%1").arg(p)
                              << nicBase + QStringLiteral("pause/tx_prio%1").arg(p);
                pauseKeys << nicBase + QLatin1String("pause/rx_link") << nicBase + QLatin1String("pause/tx_link");
                h.nicUp = recentFlag(store, nicBase + QLatin1String("up"), t0);
                h.linkChanges = increase(store, nicBase + QLatin1String("carrier_changes"), t0, now);
            }
            h.errorsPerS = sumRates(store, errorKeys, t0, now);
            h.discardsPerS = sumRates(store, discardKeys, t0, now);
            h.crcPerS = sumRates(store, crcKeys, t0, now);
            h.pausePerS = sumRates(store, pauseKeys, t0, now);
            h.cnpPerS = sumRates(store, cnpKeys, t0, now);
            h.ecnPerS = sumRates(store, ecnKeys, t0, now);

            QStringList failing, degraded;
            if (h.nicUp == false)
                failing << FabricText::tr("%1 is down").arg(h.netdev);
            if (h.rdmaActive == false)
                failing << FabricText::tr("%1 port %2 is not ACTIVE").arg(h.rdmaDevice).arg(h.port);
            if (h.errorsPerS && *h.errorsPerS >= limits.errorsDegraded)
                (*h.errorsPerS >= limits.errorsFailing ? failing : degraded)
                    << FabricText::tr("%1 RDMA transport errors/s (retransmissions, sequence errors, timeouts)")
                           .arg(rate(*h.errorsPerS));
            if (h.discardsPerS && *h.discardsPerS >= limits.discardsDegraded)
                (*h.discardsPerS >= limits.discardsFailing ? failing : degraded)
                    << FabricText::tr("%1 packets/s dropped for lack of buffer").arg(rate(*h.discardsPerS));
            if (h.crcPerS && *h.crcPerS > limits.crcDegraded)
                (*h.crcPerS >= limits.crcFailing ? failing : degraded)
                    << FabricText::tr("%1 CRC errors/s (a cable, transceiver or port fault)").arg(rate(*h.crcPerS));
            if (h.pausePerS && *h.pausePerS >= limits.pauseDegraded)
                degraded << FabricText::tr("%1 pause frames/s (the link is held back by flow control)")
                                .arg(rate(*h.pausePerS));
            if (h.cnpPerS && *h.cnpPerS >= limits.cnpDegraded)
                degraded << FabricText::tr("%1 congestion notifications/s").arg(rate(*h.cnpPerS));
            if (h.linkChanges && *h.linkChanges >= 1)
                degraded << FabricText::tr("the link of %1 went down and up (%n time(s) in %2 s)", nullptr,
                                           int(*h.linkChanges))
                                .arg(h.netdev)
                                .arg(limits.windowSeconds);
            for (const auto &[netdev, problem] : node.linkProblems)
                if (netdev == h.netdev)
                    degraded << problem;

            const bool anything = h.errorsPerS || h.discardsPerS || h.crcPerS || h.pausePerS || h.cnpPerS
                                  || h.nicUp.has_value() || h.rdmaActive.has_value();
            h.reasons = failing + degraded;
            if (!failing.isEmpty())
                h.verdict = Verdict::Failing;
            else if (!degraded.isEmpty())
                h.verdict = Verdict::Degraded;
            else if (anything)
                h.verdict = Verdict::Healthy;
            else {
                h.verdict = Verdict::Unknown;
                h.reasons << FabricText::tr("no counters from it in the last %1 s").arg(limits.windowSeconds);
            }
            out << h;
        }
    }
    return out;
}

} // namespace halolink::health
