#pragma once
// Series keys and units. A key names one series:
//   <node>/gpu/<card>/busy_percent           node2/gpu/card1/busy_percent
//   <node>/nic/<netdev>/rx_bytes_per_s       node1/nic/eth1/rx_bytes_per_s
//   <node>/rdma/<device>/<port>/<metric>     node1/rdma/rxe0/1/errors/retransmits
//   mesh/<from>-><peer>/<transport>/<metric> mesh/node1->node2/rdma/one_way_p50_ns
// Node ids are the inventory's ids ("local" for this computer); they contain
// no '/' and are never "mesh". The unit follows from the metric's suffix, the
// way the protocol names its fields (`_percent`, `_bytes_per_s`, `_ns`...).

#include <QString>
#include <QStringView>

namespace halolink::telemetry {

enum class Unit { None, Percent, Bytes, BytesPerSecond, PerSecond, Nanoseconds, Watts, Celsius, Count };

struct SeriesKey {
    QString node;   // the node that measured it (for mesh: the sender)
    QString peer;   // mesh only: the node measured against
    QString metric; // the rest, e.g. "gpu/card1/busy_percent", "rdma/one_way_p50_ns"
    bool isMesh() const { return !peer.isEmpty(); }
};

SeriesKey parseSeriesKey(const QString &key);

QString gpuKey(const QString &node, const QString &card, QLatin1StringView metric);
QString nicKey(const QString &node, const QString &netdev, QLatin1StringView metric);
QString rdmaKey(const QString &node, const QString &device, int port, const QString &metric);
QString meshKey(const QString &from, const QString &peer, const QString &transport, QLatin1StringView metric);

Unit unitForMetric(QStringView metric);
QString unitSymbol(Unit unit);
// A value for people: "37 %", "1.21 GB/s", "5.6 µs", "—" for unknown (NaN).
QString formatValue(double value, Unit unit);

} // namespace halolink::telemetry
