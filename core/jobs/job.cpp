#include "jobs/job.h"
#include "jobs/jobs_internal.h"

#include <QJsonArray>

namespace halolink::jobs {

using namespace detail;

QStringList Job::rolesOn(const QString &nodeId) const
{
    QStringList roles;
    for (const Step &s : rendered.steps) {
        if (s.nodeId == nodeId)
            roles << s.role;
    }
    return roles;
}

QJsonObject jobToJson(const Job &job)
{
    QJsonArray nodes;
    for (const JobNode &n : job.nodes) {
        QJsonArray env;
        for (const EnvVar &v : job.rendered.env.value(n.nodeId))
            env.append(QJsonObject{{QStringLiteral("name"), v.name},
                                   {QStringLiteral("value"), v.value},
                                   {QStringLiteral("source"), v.source}});
        nodes.append(QJsonObject{{QStringLiteral("id"), n.nodeId},
                                 {QStringLiteral("name"), n.name},
                                 {QStringLiteral("data_interface"), n.dataInterface},
                                 {QStringLiteral("data_ip"), n.dataIp},
                                 {QStringLiteral("env"), env}});
    }
    QJsonArray steps;
    for (const Step &s : job.rendered.steps)
        steps.append(QJsonObject{{QStringLiteral("order"), s.order},
                                 {QStringLiteral("node"), s.nodeId},
                                 {QStringLiteral("role"), s.role},
                                 {QStringLiteral("what"), s.what},
                                 {QStringLiteral("argv"), QJsonArray::fromStringList(s.argv)},
                                 {QStringLiteral("command"), s.command},
                                 {QStringLiteral("waits_for"), s.readiness},
                                 {QStringLiteral("secrets"), QJsonArray::fromStringList(s.secrets)}});
    return QJsonObject{{QStringLiteral("schema"), QStringLiteral("halolink.job/1")},
                       {QStringLiteral("spec"), specToJson(job.spec)},
                       {QStringLiteral("nodes"), nodes},
                       {QStringLiteral("steps"), steps},
                       {QStringLiteral("api"), job.rendered.apiUrl},
                       {QStringLiteral("started_at"), job.startedAt.toUTC().toString(Qt::ISODate)}};
}

std::optional<Job> jobFromJson(const QJsonObject &o, QString *error)
{
    auto fail = [&](const QString &m) -> std::optional<Job> {
        if (error)
            *error = m;
        return std::nullopt;
    };
    if (o.value(QStringLiteral("schema")).toString() != QLatin1String("halolink.job/1"))
        return fail(Jobs::tr("not a halolink.job/1 document"));
    QString why;
    const auto spec = specFromJson(o.value(QStringLiteral("spec")).toObject(), &why);
    if (!spec)
        return fail(why);
    Job job;
    job.spec = *spec;
    QHash<QString, QString> names;
    for (const QJsonValue &v : o.value(QStringLiteral("nodes")).toArray()) {
        const QJsonObject n = v.toObject();
        JobNode j{n.value(QStringLiteral("id")).toString(), n.value(QStringLiteral("name")).toString(),
                  n.value(QStringLiteral("data_interface")).toString(), n.value(QStringLiteral("data_ip")).toString(),
                  std::nullopt};
        if (j.nodeId.isEmpty())
            return fail(Jobs::tr("a node without an id"));
        QList<EnvVar> env;
        for (const QJsonValue &e : n.value(QStringLiteral("env")).toArray()) {
            const QJsonObject eo = e.toObject();
            env.append({eo.value(QStringLiteral("name")).toString(), eo.value(QStringLiteral("value")).toString(),
                        eo.value(QStringLiteral("source")).toString()});
        }
        job.rendered.env.insert(j.nodeId, env);
        names.insert(j.nodeId, j.name);
        job.nodes << j;
    }
    if (job.nodes.isEmpty())
        return fail(Jobs::tr("no nodes"));
    for (const QJsonValue &v : o.value(QStringLiteral("steps")).toArray()) {
        const QJsonObject so = v.toObject();
        Step s;
        s.order = so.value(QStringLiteral("order")).toInt();
        s.nodeId = so.value(QStringLiteral("node")).toString();
        s.nodeName = names.value(s.nodeId, s.nodeId);
        s.role = so.value(QStringLiteral("role")).toString();
        s.what = so.value(QStringLiteral("what")).toString();
        for (const QJsonValue &a : so.value(QStringLiteral("argv")).toArray())
            s.argv << a.toString();
        s.command = so.value(QStringLiteral("command")).toString();
        s.readiness = so.value(QStringLiteral("waits_for")).toString();
        for (const QJsonValue &v : so.value(QStringLiteral("secrets")).toArray())
            s.secrets << v.toString();
        if (!names.contains(s.nodeId) || s.role.isEmpty())
            return fail(Jobs::tr("a step on an unknown node"));
        job.rendered.steps << s;
    }
    job.rendered.headNodeId = job.nodes.first().nodeId;
    job.rendered.apiUrl = o.value(QStringLiteral("api")).toString();
    job.startedAt = QDateTime::fromString(o.value(QStringLiteral("started_at")).toString(), Qt::ISODate);
    return job;
}
} // namespace halolink::jobs
