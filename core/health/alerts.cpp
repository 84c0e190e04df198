#include "health/alerts.h"

#include <QLocale>

namespace halolink::health {

QString kindKey(Alert::Kind kind)
{
    switch (kind) {
    case Alert::Kind::PortDown:
        return QStringLiteral("port_down");
    case Alert::Kind::LinkDegraded:
        return QStringLiteral("link_degraded");
    case Alert::Kind::NodeLost:
        return QStringLiteral("node_lost");
    case Alert::Kind::GpuHot:
        return QStringLiteral("gpu_hot");
    case Alert::Kind::GttFull:
        return QStringLiteral("gtt_full");
    }
    return {};
}

QList<Alert> AlertRules::holding(const QList<LinkHealth> &links, const QList<NodeStatus> &nodes,
                                 const QList<GpuReading> &gpus, const AlertLimits &limits,
                                 const QHash<QString, Alert> &active)
{
    QList<Alert> out;
    QStringList lostNodes;
    for (const NodeStatus &n : nodes) {
        if (!n.lost)
            continue;
        lostNodes << n.nodeId;
        Alert a;
        a.key = QStringLiteral("node/%1").arg(n.nodeId);
        a.kind = Alert::Kind::NodeLost;
        a.severity = Severity::Critical;
        a.nodeId = n.nodeId;
        a.nodeName = n.name;
        a.title = tr("%1 lost").arg(n.name);
        a.message = n.why.isEmpty() ? tr("HaloLink cannot reach it any more.") : n.why;
        out << a;
    }
    for (const LinkHealth &l : links) {
        // A lost node says nothing new about its links: the node alert covers them.
        if (lostNodes.contains(l.nodeId))
            continue;
        if (l.verdict != Verdict::Degraded && l.verdict != Verdict::Failing)
            continue;
        Alert a;
        a.nodeId = l.nodeId;
        a.nodeName = l.nodeName;
        a.message = l.reasons.join(QStringLiteral("; "));
        if (l.nicUp == false || l.rdmaActive == false) {
            a.key = QStringLiteral("port/%1").arg(l.key());
            a.kind = Alert::Kind::PortDown;
            a.severity = Severity::Critical;
            a.title = tr("%1: %2 down").arg(l.nodeName, l.title());
        } else {
            a.key = QStringLiteral("link/%1").arg(l.key());
            a.kind = Alert::Kind::LinkDegraded;
            a.severity = l.verdict == Verdict::Failing ? Severity::Critical : Severity::Warning;
            //: %1 node, %2 the port, %3 "degraded" or "failing"
            a.title = tr("%1: %2 %3").arg(l.nodeName, l.title(), verdictText(l.verdict));
        }
        out << a;
    }
    for (const GpuReading &g : gpus) {
        if (lostNodes.contains(g.nodeId))
            continue;
        if (g.temperatureC) {
            const QString key = QStringLiteral("gpu/%1/%2/temperature").arg(g.nodeId, g.card);
            const bool was = active.contains(key);
            if (*g.temperatureC >= limits.gpuHotC || (was && *g.temperatureC >= limits.gpuCoolC)) {
                Alert a;
                a.key = key;
                a.kind = Alert::Kind::GpuHot;
                a.severity = Severity::Warning;
                a.nodeId = g.nodeId;
                a.nodeName = g.nodeName;
                a.title = tr("%1: GPU %2 hot").arg(g.nodeName, g.card);
                a.message = tr("%1 °C (the alert holds from %2 °C until it is under %3 °C)")
                                .arg(QLocale().toString(*g.temperatureC, 'f', 0))
                                .arg(limits.gpuHotC)
                                .arg(limits.gpuCoolC);
                out << a;
            }
        }
        if (g.gttUsedBytes && g.gttTotalBytes && *g.gttTotalBytes > 0) {
            const double used = *g.gttUsedBytes / *g.gttTotalBytes;
            const QString key = QStringLiteral("gpu/%1/%2/gtt").arg(g.nodeId, g.card);
            const bool was = active.contains(key);
            if (used >= limits.gttFull || (was && used >= limits.gttClear)) {
                Alert a;
                a.key = key;
                a.kind = Alert::Kind::GttFull;
                a.severity = Severity::Warning;
                a.nodeId = g.nodeId;
                a.nodeName = g.nodeName;
                a.title = tr("%1: GTT nearly full").arg(g.nodeName);
                //: %1 percent used, %2 used GiB, %3 total GiB, %4 card
                a.message = tr("%1 % of the GPU's unified memory in use (%2 of %3 GiB, %4)")
                                .arg(QLocale().toString(used * 100, 'f', 0),
                                     QLocale().toString(*g.gttUsedBytes / double(1ull << 30), 'f', 1),
                                     QLocale().toString(*g.gttTotalBytes / double(1ull << 30), 'f', 1), g.card);
                out << a;
            }
        }
    }
    return out;
}

AlertLog::AlertLog(QObject *parent)
    : QObject(parent)
{
}

QList<Alert> AlertLog::active() const
{
    QList<Alert> out;
    for (const Alert &a : m_entries)
        if (a.active())
            out << a;
    return out;
}

QHash<QString, Alert> AlertLog::activeByKey() const
{
    QHash<QString, Alert> out;
    for (const Alert &a : m_entries)
        if (a.active())
            out.insert(a.key, a);
    return out;
}

void AlertLog::apply(const QList<Alert> &holding, const QDateTime &now)
{
    bool changedAny = false;
    QHash<QString, const Alert *> wanted;
    for (const Alert &a : holding)
        wanted.insert(a.key, &a);
    // Clear what no longer holds; update what still does.
    for (Alert &e : m_entries) {
        if (!e.active())
            continue;
        const Alert *w = wanted.value(e.key);
        if (!w) {
            e.clearedAt = now;
            changedAny = true;
            Q_EMIT cleared(e);
            continue;
        }
        if (w->severity != e.severity) {
            // Worse or better: a new entry, so the log says when it changed.
            e.clearedAt = now;
            Q_EMIT cleared(e);
            changedAny = true;
            continue;
        }
        if (w->message != e.message || w->title != e.title) {
            e.message = w->message;
            e.title = w->title;
            e.updatedAt = now;
            changedAny = true;
        }
        wanted.remove(e.key);
    }
    // Raise the new ones, in the order given.
    for (const Alert &a : holding) {
        if (!wanted.contains(a.key))
            continue;
        wanted.remove(a.key);
        Alert e = a;
        e.raisedAt = now;
        e.updatedAt = now;
        e.clearedAt = QDateTime();
        m_entries << e;
        changedAny = true;
        Q_EMIT raised(e);
    }
    // Bounded: the oldest cleared entries go first.
    while (m_entries.size() > kMaxEntries) {
        qsizetype drop = -1;
        for (qsizetype i = 0; i < m_entries.size(); ++i)
            if (!m_entries.at(i).active()) {
                drop = i;
                break;
            }
        if (drop < 0)
            break;
        m_entries.removeAt(drop);
    }
    if (changedAny)
        Q_EMIT changed();
}

} // namespace halolink::health
