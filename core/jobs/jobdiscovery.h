#pragma once
// Jobs found again on their nodes (job.json), with which roles still run.

#include "jobs/job.h"

#include <QHash>
#include <QObject>
#include <QPointer>

namespace halolink {
class ClusterController;
}

namespace halolink::jobs {

// Jobs found on nodes (job.json in the job folders), with which of their
// roles still run. Nodes not reachable are listed as such.
struct DiscoveredJob {
    Job job;
    QHash<QString, QHash<QString, bool>> running; // node id -> role -> runs
    QStringList unreachable;                      // node names not asked
    bool allRunning() const;
    bool anyRunning() const;
};

class JobDiscovery final : public QObject
{
    Q_OBJECT

public:
    explicit JobDiscovery(ClusterController *cluster, QObject *parent = nullptr);
    void discover(const QStringList &nodeIds);
    QList<DiscoveredJob> jobs() const { return m_jobs; }
    QStringList errors() const { return m_errors; }

Q_SIGNALS:
    void finished();

private:
    void listed();
    void checkRoles();

    QPointer<ClusterController> m_cluster;
    QStringList m_nodeIds;
    QHash<QString, QList<QJsonObject>> m_found; // node id -> job.json documents
    QList<DiscoveredJob> m_jobs;
    QStringList m_errors;
    int m_pending = 0;
};

} // namespace halolink::jobs
