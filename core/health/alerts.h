#pragma once
// What a person should not miss while looking elsewhere (docs/fabric-health.md,
// "Alerts"): a port down, a link's error, drop or pause rates past their
// limits, a node lost, a GPU too hot, GTT nearly full. AlertRules says which
// alerts hold now from a moment's facts (pure); AlertLog keeps them as an
// event log: an alert is raised once when it starts to hold, updated while it
// holds, and cleared (with the time) when it no longer does.

#include "health/fabrichealth.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <optional>

namespace halolink::health {

enum class Severity { Warning, Critical };

struct Alert {
    enum class Kind { PortDown, LinkDegraded, NodeLost, GpuHot, GttFull };
    QString key; // stable: "port/<link key>", "link/<link key>", "node/<id>", "gpu/<id>/<card>/temperature" ...
    Kind kind = Kind::LinkDegraded;
    Severity severity = Severity::Warning;
    QString nodeId, nodeName;
    QString title;   // "vnode1: rxe0 port 1 (eth1) degraded"
    QString message; // the reasons
    QDateTime raisedAt, clearedAt, updatedAt; // UTC
    bool active() const { return !clearedAt.isValid(); }
};
QString kindKey(Alert::Kind kind); // "port_down", "link_degraded", "node_lost", "gpu_hot", "gtt_full"

struct GpuReading {
    QString nodeId, nodeName, card;
    std::optional<double> temperatureC;
    std::optional<double> gttUsedBytes, gttTotalBytes;
};

struct NodeStatus {
    QString nodeId, name;
    bool lost = false; // was connected, is not now (lost, unreachable)
    QString why;
};

struct AlertLimits {
    double gpuHotC = 90.0;  // HaloLink's default, not a vendor limit (docs/fabric-health.md)
    double gpuCoolC = 85.0; // clears under this
    double gttFull = 0.95;  // used / total
    double gttClear = 0.90;
};

class AlertRules
{
    Q_DECLARE_TR_FUNCTIONS(AlertRules)

public:
    // The alerts that hold now. `active` are the ones active before, so a GPU
    // or GTT alert keeps holding until its value is past the clearing limit.
    static QList<Alert> holding(const QList<LinkHealth> &links, const QList<NodeStatus> &nodes,
                                const QList<GpuReading> &gpus, const AlertLimits &limits,
                                const QHash<QString, Alert> &active);
};

class AlertLog final : public QObject
{
    Q_OBJECT

public:
    explicit AlertLog(QObject *parent = nullptr);

    // Reconciles with what holds now: new ones raised, held ones updated,
    // the rest cleared. `now` in UTC.
    void apply(const QList<Alert> &holding, const QDateTime &now);
    // Every entry, oldest first (at most maxEntries; the oldest cleared go first).
    QList<Alert> entries() const { return m_entries; }
    QList<Alert> active() const;
    QHash<QString, Alert> activeByKey() const;
    static constexpr int kMaxEntries = 1000;

Q_SIGNALS:
    void raised(const halolink::health::Alert &alert);
    void cleared(const halolink::health::Alert &alert);
    void changed();

private:
    QList<Alert> m_entries;
};

} // namespace halolink::health
