#pragma once
// The fabric's health and the alerts, kept up to date for the app: once a
// second (while anything listens) it gathers each node's links from the
// inventory and the probes (data-plane interface, which netdev each RDMA
// port sits on, PCIe links below what they could be), evaluates the
// telemetry store's counters (fabrichealth.h) and the nodes' states and GPU
// readings into the alerts that hold (alerts.h), and keeps the event log.
// halolink.health logging category: each alert raised and cleared.

#include "health/alerts.h"
#include "health/fabrichealth.h"

#include <QObject>
#include <QSet>

#include <functional>

class QTimer;

namespace halolink {
class ClusterController;
class Inventory;
class TelemetryStore;
} // namespace halolink

namespace halolink::health {

class HealthMonitor final : public QObject
{
    Q_OBJECT

public:
    HealthMonitor(TelemetryStore *store, ClusterController *cluster, Inventory *inventory, QObject *parent = nullptr);

    void setThresholds(const Thresholds &t) { m_thresholds = t; }
    const Thresholds &thresholds() const { return m_thresholds; }
    void setLimits(const AlertLimits &l) { m_limits = l; }
    void setInterval(int ms);
    void start();
    void stop();

    // One evaluation now (the timer's work; tests call it).
    void evaluate();
    QList<LinkHealth> links() const { return m_links; }
    AlertLog *log() const { return m_log; }

    // What the evaluation reads, for a test without a cluster: the nodes'
    // links and states (defaults: from the inventory, the probes and the
    // cluster controller), and "now" (default: the store's newest time).
    std::function<QList<NodeLinks>()> nodeLinks;
    std::function<QList<NodeStatus>()> nodeStatus;
    std::function<double()> clock;

Q_SIGNALS:
    void evaluated();

private:
    QList<NodeLinks> defaultNodeLinks() const;
    QList<NodeStatus> defaultNodeStatus();
    QList<GpuReading> gpuReadings(const QList<NodeLinks> &nodes, double now) const;

    TelemetryStore *m_store;
    ClusterController *m_cluster;
    Inventory *m_inventory;
    AlertLog *m_log;
    QTimer *m_timer;
    Thresholds m_thresholds;
    AlertLimits m_limits;
    QList<LinkHealth> m_links;
    QSet<QString> m_everReady; // nodes that were connected once: losing them is an alert
};

} // namespace halolink::health
