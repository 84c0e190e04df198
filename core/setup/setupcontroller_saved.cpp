// SetupController and the cluster setup record (savedsetup.h): written when
// the setup is confirmed, the previous one put back when that confirmed
// setup is rolled back (what the record says no longer exists on the nodes).

#include "setup/setupcontroller.h"

#include "logging.h"

#include <QFile>
#include <QJsonDocument>

#include <algorithm>

namespace halolink::setup {

SavedSetup SetupController::confirmedSetup() const
{
    SavedSetup s;
    s.confirmedAt = QDateTime::currentDateTimeUtc();
    s.settings = m_settings;
    s.settings.topologyChosen = true;
    for (int i = 0; i < m_nodes.size(); ++i) {
        const NodeInput &n = m_nodes.at(i);
        const QJsonObject plan = m_runs.value(i).plan;
        SavedSetup::NodeEntry e;
        e.nodeId = n.nodeId;
        e.name = n.name;
        e.interface = n.interface;
        e.address = n.address.trimmed();
        e.backend = plan.value(QStringLiteral("backend")).toString();
        e.device = plan.value(QStringLiteral("device")).toString();
        e.pfc = planHasStep(plan, QStringLiteral("pfc"));
        e.dscpMapping = planHasStep(plan, QStringLiteral("dscp_prio"));
        e.tos = planHasStep(plan, QStringLiteral("roce_tos"));
        s.nodes << e;
    }
    s.pairs = pairEntries();
    s.verified = verificationPassed();
    s.measuredAt = m_measuredAt;
    return s;
}

QList<SavedSetup::PairEntry> SetupController::pairEntries() const
{
    QList<SavedSetup::PairEntry> out;
    for (const PairResult &p : m_pairs) {
        SavedSetup::PairEntry e;
        e.a = m_nodes.value(p.a).nodeId;
        e.b = m_nodes.value(p.b).nodeId;
        e.tcpOneWayNs = p.tcpLatency.oneWayNs;
        e.rdmaOneWayNs = p.rdmaLatency.oneWayNs;
        e.tcpRttNs = p.tcpLatency.rttNs;
        e.rdmaRttNs = p.rdmaLatency.rttNs;
        e.tcpBps = p.tcpBandwidth.bps;
        e.rdmaBps = p.rdmaBandwidth.bps;
        e.rdmaDevice = p.rdmaDevice;
        e.gidIndex = p.gidIndex;
        e.notes = p.flags;
        out << e;
    }
    return out;
}

bool SetupController::verificationPassed() const
{
    bool verified = !m_runs.isEmpty() && m_measuredAt.isValid();
    for (const NodeRun &r : m_runs)
        verified = verified && r.verify.value(QStringLiteral("ok")).toBool();
    for (const PairResult &p : m_pairs)
        verified = verified && p.rdmaLatency.oneWayNs && p.tcpLatency.oneWayNs;
    return verified;
}

bool SetupController::applySavedDefaults(const std::optional<SavedSetup> &saved)
{
    if (m_settings.topologyChosen)
        return false;
    QStringList ids;
    for (const NodeInput &n : std::as_const(m_nodes))
        ids << n.nodeId;
    const bool fromSaved = saved && saved->sameNodes(ids);
    // A node added to or taken from the kept cluster: its MTU, QoS,
    // persistence and rollback timer still hold, and the nodes it had keep
    // their data interface; the cabling and the addresses are the new set's.
    const bool changed = saved && !fromSaved && std::any_of(ids.begin(), ids.end(), [&](const QString &id) {
        return saved->nodeIds().contains(id);
    });
    if (fromSaved || changed) {
        const bool allowSoftRoce = m_settings.allowSoftRoce; // the preflight page's, just chosen
        m_settings = saved->settings;
        m_settings.allowSoftRoce = allowSoftRoce || saved->settings.allowSoftRoce;
        for (NodeInput &n : m_nodes) {
            for (const SavedSetup::NodeEntry &e : saved->nodes) {
                if (e.nodeId != n.nodeId)
                    continue;
                if (n.interface.isEmpty())
                    n.interface = e.interface;
                if (fromSaved && n.address.trimmed().isEmpty())
                    n.address = e.address;
            }
        }
    }
    m_settings.topology = defaultTopology(ids, saved);
    m_settings.topologyChosen = fromSaved;
    return fromSaved;
}

void SetupController::saveConfirmedSetup()
{
    QFile previous(SavedSetup::filePath());
    if (!m_savedSetupWritten) { // a second confirm in one setup keeps the first "before"
        m_previousSetup.reset();
        if (previous.open(QIODevice::ReadOnly)) {
            const QJsonDocument d = QJsonDocument::fromJson(previous.readAll());
            if (d.isObject())
                m_previousSetup = d.object();
        }
    }
    QString error;
    if (confirmedSetup().save(&error))
        m_savedSetupWritten = true;
    else
        qCWarning(lcCore).noquote() << "setup: cannot save the cluster setup:" << error;
}

void SetupController::restorePreviousSetup()
{
    m_savedSetupWritten = false;
    if (!m_previousSetup) {
        SavedSetup::remove();
        return;
    }
    QString error;
    const auto previous = SavedSetup::fromJson(*m_previousSetup, &error);
    if (!previous || !previous->save(&error))
        qCWarning(lcCore).noquote() << "setup: cannot put the previous cluster setup back:" << error;
    m_previousSetup.reset();
}

} // namespace halolink::setup
