#pragma once
// A job as launched (its spec, nodes and rendering) and job.json, the form
// in which it is saved on its nodes and found again.

#include "jobs/jobrender.h"

#include <QDateTime>
#include <QJsonObject>

#include <optional>

namespace halolink::jobs {

// A job as launched: what was asked, where, and what it rendered into.
struct Job {
    JobSpec spec;
    QList<JobNode> nodes; // the head first
    Rendered rendered;
    QDateTime startedAt;
    QString headNodeId() const { return nodes.isEmpty() ? QString() : nodes.first().nodeId; }
    QStringList rolesOn(const QString &nodeId) const; // in start order
};

// job.json: {"schema":"halolink.job/1","spec":..,"nodes":[..],"steps":[..],"api":..,"started_at":..}
QJsonObject jobToJson(const Job &job);
std::optional<Job> jobFromJson(const QJsonObject &o, QString *error = nullptr);

} // namespace halolink::jobs
