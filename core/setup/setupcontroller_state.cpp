// SetupController's export (the plans as a shell script) and its progress
// file (the wizard's state in the app's data folder, no secret).

#include "setup/setupcontroller.h"
#include "setup/setupcontroller_p.h"

#include "inventory/inventory.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStandardPaths>

namespace halolink::setup {

using detail::phaseNames;

// ---- export and state ----------------------------------------------------

QString SetupController::exportScript() const
{
    QList<std::pair<QString, QJsonObject>> plans;
    for (int i = 0; i < m_nodes.size(); ++i)
        plans.append({m_nodes.at(i).name, m_runs.value(i).plan});
    return shellScript(plans, m_settings);
}

QJsonObject SetupController::stateJson(int page) const
{
    QJsonArray nodes;
    for (int i = 0; i < m_nodes.size(); ++i) {
        const NodeRun r = m_runs.value(i);
        nodes.append(QJsonObject{{QStringLiteral("node_id"), m_nodes.at(i).nodeId},
                                 {QStringLiteral("name"), m_nodes.at(i).name},
                                 {QStringLiteral("interface"), m_nodes.at(i).interface},
                                 {QStringLiteral("address"), m_nodes.at(i).address},
                                 {QStringLiteral("address_by_hand"), m_nodes.at(i).addressByHand},
                                 {QStringLiteral("phase"), phaseNames().value(int(r.phase))},
                                 {QStringLiteral("changed"), r.changed},
                                 {QStringLiteral("deadline"), r.deadline}});
    }
    return QJsonObject{
        {QStringLiteral("format"), QStringLiteral("halolink-setup")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("saved"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
        {QStringLiteral("page"), page},
        {QStringLiteral("settings"), settingsToJson(m_settings)},
        {QStringLiteral("nodes"), nodes},
    };
}

int SetupController::restoreState(const QJsonObject &state, QString *error)
{
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return -1;
    };
    if (state.value(QStringLiteral("format")).toString() != QLatin1String("halolink-setup"))
        return fail(tr("not a HaloLink setup file"));
    if (state.value(QStringLiteral("version")).toInt() != 1)
        return fail(tr("setup file version %1 is not supported").arg(state.value(QStringLiteral("version")).toInt()));
    const Settings s = settingsFromJson(state.value(QStringLiteral("settings")).toObject());
    QList<NodeInput> nodes;
    QList<NodeRun> runs;
    for (const QJsonValue &v : state.value(QStringLiteral("nodes")).toArray()) {
        const QJsonObject o = v.toObject();
        NodeInput n;
        n.nodeId = o.value(QStringLiteral("node_id")).toString();
        if (m_inventory && !m_inventory->find(n.nodeId))
            return fail(tr("node '%1' is no longer in the inventory").arg(o.value(QStringLiteral("name")).toString()));
        n.name = o.value(QStringLiteral("name")).toString();
        n.interface = o.value(QStringLiteral("interface")).toString();
        n.address = o.value(QStringLiteral("address")).toString();
        n.addressByHand = o.value(QStringLiteral("address_by_hand")).toBool();
        nodes << n;
        NodeRun r;
        const int phase = int(phaseNames().indexOf(o.value(QStringLiteral("phase")).toString()));
        r.phase = phase < 0 ? Phase::Idle : Phase(phase);
        // An operation cut short by closing: its outcome is the node's to tell (status).
        if (r.phase == Phase::Planning)
            r.phase = Phase::Idle;
        r.changed = o.value(QStringLiteral("changed")).toBool();
        r.deadline = qint64(o.value(QStringLiteral("deadline")).toDouble());
        runs << r;
    }
    m_settings = s;
    m_nodes = nodes;
    m_runs = runs;
    m_pairs.clear();
    updateProbes();
    return std::max(0, state.value(QStringLiteral("page")).toInt());
}

QString SetupController::stateFilePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/setup.json");
}

bool SetupController::saveState(int page, QString *error) const
{
    const QString path = stateFilePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        if (error)
            *error = f.errorString();
        return false;
    }
    f.write(QJsonDocument(stateJson(page)).toJson());
    if (!f.commit()) {
        if (error)
            *error = f.errorString();
        return false;
    }
    return true;
}

std::optional<QJsonObject> SetupController::loadStateFile(QString *error)
{
    QFile f(stateFilePath());
    if (!f.exists())
        return std::nullopt;
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = f.errorString();
        return std::nullopt;
    }
    QJsonParseError pe;
    const QJsonDocument d = QJsonDocument::fromJson(f.readAll(), &pe);
    if (!d.isObject()) {
        if (error)
            *error = tr("%1 is not valid JSON: %2").arg(f.fileName(), pe.errorString());
        return std::nullopt;
    }
    return d.object();
}

void SetupController::removeStateFile()
{
    QFile::remove(stateFilePath());
}

} // namespace halolink::setup
