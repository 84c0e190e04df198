#pragma once
// Whether each link of the cluster is healthy, from the counters the agents
// send (docs/fabric-health.md): per node and RDMA port (with its netdev's
// port counters), or per data-plane NIC that has no RDMA port, the rates of
// the normalised RDMA errors, drops, CRC errors, pause frames and congestion
// notifications over the last seconds, the port's state and its link
// changes, and what the probe found of its PCIe link; a verdict (healthy,
// degraded, failing, or unknown when nothing says) with every reason.
//
// Pure computation over the telemetry store: HealthMonitor runs it on a
// timer, the tests on recorded counter sequences.

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace halolink {
class TelemetryStore;
}

namespace halolink::health {

enum class Verdict { Unknown, Healthy, Degraded, Failing };
QString verdictText(Verdict verdict);
// "unknown", "healthy", "degraded", "failing" (JSON, logs).
QString verdictKey(Verdict verdict);

// The limits, per second over the window (docs/fabric-health.md says why each).
struct Thresholds {
    double windowSeconds = 10.0;
    double errorsDegraded = 1.0;    // RDMA transport errors: retransmits, sequence NAKs, timeouts, ...
    double errorsFailing = 50.0;
    double discardsDegraded = 1.0;  // packets dropped for lack of buffer (port or RDMA queue)
    double discardsFailing = 1000.0;
    double crcDegraded = 0.0;       // any CRC error in the window (> 0)
    double crcFailing = 10.0;
    double pauseDegraded = 1000.0;  // pause frames received and sent, all priorities and the link
    double cnpDegraded = 1000.0;    // congestion notifications sent and handled
};

// A node as the evaluation needs it: its name, its data-plane interface (the
// inventory's), which netdev each RDMA port sits on (the probe's), and what
// the probe found wrong with a NIC's link (PCIe width or speed below what it
// could be, by netdev).
struct NodeLinks {
    QString nodeId;
    QString name;
    QString dataInterface;
    struct Port {
        QString device;
        int port = 1;
        QString netdev;
    };
    QList<Port> rdmaPorts;
    QList<QPair<QString, QString>> linkProblems; // netdev -> "PCIe x4 of x16 possible"
};

struct LinkHealth {
    QString nodeId, nodeName;
    QString rdmaDevice; // empty: a NIC without an RDMA port
    int port = 1;
    QString netdev;     // empty when not known
    bool dataPlane = false;
    Verdict verdict = Verdict::Unknown;
    QStringList reasons; // why not healthy, or why unknown
    // Rates per second over the window; nullopt where no counter says.
    std::optional<double> errorsPerS, discardsPerS, crcPerS, pausePerS, cnpPerS, ecnPerS;
    std::optional<bool> nicUp, rdmaActive;
    std::optional<double> linkChanges; // carrier changes in the window
    QString key() const; // "node/rdma/dev/port" or "node/nic/netdev": stable across evaluations
    QString title() const; // "rxe0 port 1 (eth1)", "eth1"
};

// The rate of a cumulative counter series over [t0, t1]: its increase after
// the last gap or reset in the window, divided by the time it spans;
// nullopt with fewer than two points or under a second spanned.
std::optional<double> counterRate(const TelemetryStore &store, int series, double t0, double t1);

QList<LinkHealth> evaluateFabric(const TelemetryStore &store, const QList<NodeLinks> &nodes, const Thresholds &limits,
                                 double now);

} // namespace halolink::health
