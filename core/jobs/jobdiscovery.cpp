#include "jobs/jobdiscovery.h"
#include "jobs/jobs_internal.h"

#include "cluster/clustercontroller.h"
#include "ssh/remotetask.h"
#include "ssh/shellquote.h"

#include <QJsonDocument>
#include <QTimer>

namespace halolink::jobs {

using namespace detail;

bool DiscoveredJob::allRunning() const
{
    for (const Step &s : job.rendered.steps) {
        if (!running.value(s.nodeId).value(s.role))
            return false;
    }
    return true;
}

bool DiscoveredJob::anyRunning() const
{
    for (const auto &roles : running) {
        for (bool r : roles) {
            if (r)
                return true;
        }
    }
    return false;
}

JobDiscovery::JobDiscovery(ClusterController *cluster, QObject *parent)
    : QObject(parent)
    , m_cluster(cluster)
{
}

void JobDiscovery::discover(const QStringList &nodeIds)
{
    m_nodeIds = nodeIds;
    m_found.clear();
    m_jobs.clear();
    m_errors.clear();
    m_pending = 0;
    QList<QPair<QString, SshSession *>> targets;
    for (const QString &id : nodeIds) {
        SshSession *ssh = m_cluster ? m_cluster->sshSession(id) : nullptr;
        if (ssh)
            targets << qMakePair(id, ssh);
    }
    if (targets.isEmpty()) {
        QTimer::singleShot(0, this, &JobDiscovery::finished);
        return;
    }
    m_pending = int(targets.size());
    const QString command = QStringLiteral(
        "for f in \"$HOME\"/.cache/halolink/jobs/*/*/job.json; do [ -f \"$f\" ] && { tr -d '\\n' <\"$f\"; echo; }; done; true");
    for (const auto &t : targets) {
        auto *task = new RemoteTask(t.second, command, this);
        task->setTimeout(std::chrono::seconds(30));
        task->setAgent(m_cluster->session(t.first));
        const QString id = t.first;
        connect(task, &RemoteTask::finished, this, [this, task, id](int) {
            for (const QByteArray &line : task->standardOutput().split('\n')) {
                const QJsonDocument d = QJsonDocument::fromJson(line);
                if (d.isObject())
                    m_found[id] << d.object();
            }
            task->deleteLater();
            if (--m_pending == 0)
                listed();
        });
        connect(task, &RemoteTask::failed, this, [this, task, id](RemoteTask::Failure, const QString &m) {
            m_errors << tr("%1: %2").arg(id, m);
            task->deleteLater();
            if (--m_pending == 0)
                listed();
        });
        task->start();
    }
}

void JobDiscovery::listed()
{
    // The same job is on each of its nodes: one entry per (name, head, start).
    QSet<QString> seen;
    for (const QString &id : std::as_const(m_nodeIds)) {
        for (const QJsonObject &o : m_found.value(id)) {
            QString why;
            auto job = jobFromJson(o, &why);
            if (!job) {
                m_errors << tr("A job file on %1 is not readable: %2").arg(id, why);
                continue;
            }
            const QString key = job->spec.name + QLatin1Char('|') + job->headNodeId() + QLatin1Char('|')
                                + job->startedAt.toString(Qt::ISODate);
            if (seen.contains(key))
                continue;
            seen.insert(key);
            DiscoveredJob d;
            d.job = *job;
            m_jobs << d;
        }
    }
    checkRoles();
}

void JobDiscovery::checkRoles()
{
    m_pending = 0;
    struct Ask {
        int job;
        QString nodeId;
        SshSession *ssh;
        QString command;
        QStringList roles;
    };
    QList<Ask> asks;
    for (int j = 0; j < m_jobs.size(); ++j) {
        DiscoveredJob &d = m_jobs[j];
        for (const JobNode &n : d.job.nodes) {
            SshSession *ssh = m_cluster ? m_cluster->sshSession(n.nodeId) : nullptr;
            if (!ssh) {
                d.unreachable << n.name;
                continue;
            }
            QStringList lines;
            const QStringList roles = d.job.rolesOn(n.nodeId);
            for (const QString &role : roles)
                lines << QStringLiteral("if %1; then echo %2; fi")
                             .arg(aliveCommand(d.job.spec, n.nodeId, role), shellQuote(QStringLiteral("running ") + role));
            lines << QStringLiteral("true");
            asks << Ask{j, n.nodeId, ssh, lines.join(QLatin1Char('\n')), roles};
        }
    }
    if (asks.isEmpty()) {
        Q_EMIT finished();
        return;
    }
    m_pending = int(asks.size());
    for (const Ask &a : asks) {
        auto *task = new RemoteTask(a.ssh, a.command, this);
        task->setTimeout(std::chrono::seconds(60));
        task->setAgent(m_cluster->session(a.nodeId));
        auto done = [this, task, a](bool ok) {
            DiscoveredJob &d = m_jobs[a.job];
            const QByteArray out = task->standardOutput();
            for (const QString &role : a.roles)
                d.running[a.nodeId][role] = ok && out.split('\n').contains(QByteArray("running ") + role.toUtf8());
            if (!ok) {
                for (const JobNode &n : d.job.nodes) {
                    if (n.nodeId == a.nodeId)
                        d.unreachable << n.name;
                }
            }
            task->deleteLater();
            if (--m_pending == 0)
                Q_EMIT finished();
        };
        connect(task, &RemoteTask::finished, this, [done](int) { done(true); });
        connect(task, &RemoteTask::failed, this, [done](RemoteTask::Failure, const QString &) { done(false); });
        task->start();
    }
}

} // namespace halolink::jobs
