#pragma once
// The soak's ledger of what the app received: per node and agent session,
// the frames' seq and time_ns, the losses and gaps signalled, mesh events.

#include "soak_probes.h"

#include <QHash>
#include <QJsonObject>
#include <QString>

#include <algorithm>
#include <utility>
#include <vector>

namespace halolink::soak {

// --- what the app received ------------------------------------------------------------------

// Per node, per agent session (a hello starts one): frames' seq and time_ns.
struct Session {
    qint64 pid = 0;
    qint64 helloNs = 0;
    qint64 firstSeq = -1;
    qint64 lastSeq = -1;
    qint64 firstT = 0;
    qint64 lastT = 0;
    qint64 intervalNs = 0;
    quint64 frames = 0;
    quint64 seqHoles = 0;     // frames sent but never received
    quint64 backwards = 0;    // seq not increasing
    quint64 skippedTicks = 0; // ticks certainly skipped by the agent (time_ns ≥ 2 intervals apart + 1)
    qint64 maxSpacingNs = 0;
};

struct NodeLedger {
    QString id;
    int index = -1; // -1: This computer
    std::vector<Session> sessions;
    std::vector<qint64> lostAt;
    std::vector<std::pair<qint64, qint64>> gaps;
    quint64 meshEvents = 0;
    quint64 meshErrors = 0;
    quint64 meshErrorsMeasured = 0; // after the warm-up
    quint64 meshEventsMeasured = 0;
};

class Ledger
{
public:
    bool measuring = false;

    NodeLedger &node(const QString &id) { return m_nodes[id]; }
    const QHash<QString, NodeLedger> &nodes() const { return m_nodes; }

    void hello(const QString &id, qint64 pid)
    {
        Session s;
        s.pid = pid;
        s.helloNs = realtimeNs();
        m_nodes[id].sessions.push_back(s);
    }

    void event(const QString &id, const QString &name, const QJsonObject &event)
    {
        NodeLedger &n = m_nodes[id];
        if (name == QLatin1String("mesh")) {
            ++n.meshEvents;
            const bool error = event.contains(QLatin1String("error"));
            n.meshErrors += error;
            if (measuring) {
                ++n.meshEventsMeasured;
                n.meshErrorsMeasured += error;
            }
            return;
        }
        if (name != QLatin1String("frame"))
            return;
        if (n.sessions.empty())
            n.sessions.push_back(Session{});
        Session &s = n.sessions.back();
        const qint64 seq = qint64(event.value(QLatin1String("seq")).toDouble(-1));
        const qint64 t = qint64(event.value(QLatin1String("time_ns")).toDouble());
        const qint64 interval = qint64(event.value(QLatin1String("interval_ns")).toDouble());
        ++m_frames;
        if (s.frames++ == 0) {
            s.firstSeq = seq;
            s.firstT = t;
            s.lastSeq = seq;
            s.lastT = t;
            s.intervalNs = interval;
            return;
        }
        if (seq > s.lastSeq + 1)
            s.seqHoles += quint64(seq - s.lastSeq - 1);
        else if (seq <= s.lastSeq)
            ++s.backwards;
        const qint64 dt = t - s.lastT;
        s.maxSpacingNs = std::max(s.maxSpacingNs, dt);
        if (interval > 0) {
            // Without a skipped tick two frames are less than 2 intervals apart
            // (each comes at most one interval after its tick).
            const qint64 certain = qint64(std::ceil(double(dt) / double(interval) - 1e-9)) - 2;
            const qint64 sent = std::max<qint64>(1, seq - s.lastSeq);
            if (certain - (sent - 1) > 0)
                s.skippedTicks += quint64(certain - (sent - 1));
        }
        s.lastSeq = std::max(s.lastSeq, seq);
        s.lastT = std::max(s.lastT, t);
        s.intervalNs = interval;
    }

    quint64 frames() const { return m_frames; }

private:
    QHash<QString, NodeLedger> m_nodes;
    quint64 m_frames = 0;
};

} // namespace halolink::soak
