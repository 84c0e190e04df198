#include "jobs/jobrender.h"
#include "jobs/jobs_internal.h"

#include <QJsonArray>

// A job's spec: names of engines and runtimes, and job.json's "spec".

namespace halolink::jobs {

QString engineName(Engine e)
{
    return e == Engine::VllmRay ? QStringLiteral("vllm") : QStringLiteral("llama-rpc");
}

QString runtimeName(Runtime r)
{
    switch (r) {
    case Runtime::Podman:
        return QStringLiteral("podman");
    case Runtime::Toolbox:
        return QStringLiteral("toolbox");
    case Runtime::Docker:
        return QStringLiteral("docker");
    case Runtime::Host:
        return QStringLiteral("host");
    }
    return {};
}

std::optional<Engine> parseEngine(const QString &s)
{
    if (s == QLatin1String("vllm"))
        return Engine::VllmRay;
    if (s == QLatin1String("llama-rpc"))
        return Engine::LlamaRpc;
    return std::nullopt;
}

std::optional<Runtime> parseRuntime(const QString &s)
{
    for (Runtime r : {Runtime::Podman, Runtime::Toolbox, Runtime::Docker, Runtime::Host}) {
        if (s == runtimeName(r))
            return r;
    }
    return std::nullopt;
}

namespace {

QJsonObject mapToJson(const QMap<QString, QString> &m)
{
    QJsonObject o;
    for (auto it = m.cbegin(); it != m.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

QMap<QString, QString> mapFromJson(const QJsonObject &o)
{
    QMap<QString, QString> m;
    for (auto it = o.constBegin(); it != o.constEnd(); ++it)
        m.insert(it.key(), it.value().toString());
    return m;
}

} // namespace

QJsonObject specToJson(const JobSpec &spec)
{
    QJsonObject o{{QStringLiteral("name"), spec.name},
                  {QStringLiteral("engine"), engineName(spec.engine)},
                  {QStringLiteral("runtime"), runtimeName(spec.runtime)},
                  {QStringLiteral("image"), spec.image},
                  {QStringLiteral("model"), spec.model},
                  {QStringLiteral("port"), spec.port},
                  {QStringLiteral("gpu_memory_utilization"), spec.gpuMemoryUtilization},
                  {QStringLiteral("ray_port"), spec.rayPort},
                  {QStringLiteral("rpc_port"), spec.rpcPort},
                  {QStringLiteral("tcp_only"), spec.tcpOnly},
                  {QStringLiteral("env"), mapToJson(spec.env)},
                  {QStringLiteral("extra_args"), QJsonArray::fromStringList(spec.extraArgs)},
                  {QStringLiteral("api_key"), spec.apiKey},
                  {QStringLiteral("secret_env"), QJsonArray::fromStringList(spec.secretEnv)}};
    if (!spec.bindAddress.isEmpty())
        o.insert(QStringLiteral("bind_address"), spec.bindAddress);
    if (spec.loginShell)
        o.insert(QStringLiteral("login_shell"), *spec.loginShell);
    if (spec.enforceEager)
        o.insert(QStringLiteral("enforce_eager"), *spec.enforceEager);
    if (spec.maxModelLen)
        o.insert(QStringLiteral("max_model_len"), *spec.maxModelLen);
    if (spec.trafficClass)
        o.insert(QStringLiteral("traffic_class"), *spec.trafficClass);
    QJsonObject nodeEnv;
    for (auto it = spec.nodeEnv.cbegin(); it != spec.nodeEnv.cend(); ++it)
        nodeEnv.insert(it.key(), mapToJson(it.value()));
    o.insert(QStringLiteral("node_env"), nodeEnv);
    return o;
}

std::optional<JobSpec> specFromJson(const QJsonObject &o, QString *error)
{
    auto fail = [&](const QString &m) -> std::optional<JobSpec> {
        if (error)
            *error = m;
        return std::nullopt;
    };
    JobSpec s;
    s.name = o.value(QStringLiteral("name")).toString();
    const auto e = parseEngine(o.value(QStringLiteral("engine")).toString());
    const auto r = parseRuntime(o.value(QStringLiteral("runtime")).toString());
    if (s.name.isEmpty() || !e || !r)
        return fail(Jobs::tr("not a job description (name, engine or runtime missing)"));
    s.engine = *e;
    s.runtime = *r;
    s.image = o.value(QStringLiteral("image")).toString();
    s.model = o.value(QStringLiteral("model")).toString();
    s.port = o.value(QStringLiteral("port")).toInt(s.port);
    s.gpuMemoryUtilization = o.value(QStringLiteral("gpu_memory_utilization")).toDouble(s.gpuMemoryUtilization);
    s.rayPort = o.value(QStringLiteral("ray_port")).toInt(s.rayPort);
    s.rpcPort = o.value(QStringLiteral("rpc_port")).toInt(s.rpcPort);
    s.tcpOnly = o.value(QStringLiteral("tcp_only")).toBool();
    if (o.contains(QStringLiteral("enforce_eager")))
        s.enforceEager = o.value(QStringLiteral("enforce_eager")).toBool();
    if (o.contains(QStringLiteral("max_model_len")))
        s.maxModelLen = o.value(QStringLiteral("max_model_len")).toInt();
    if (o.contains(QStringLiteral("traffic_class")))
        s.trafficClass = o.value(QStringLiteral("traffic_class")).toInt();
    s.env = mapFromJson(o.value(QStringLiteral("env")).toObject());
    const QJsonObject nodeEnv = o.value(QStringLiteral("node_env")).toObject();
    for (auto it = nodeEnv.constBegin(); it != nodeEnv.constEnd(); ++it)
        s.nodeEnv.insert(it.key(), mapFromJson(it.value().toObject()));
    for (const QJsonValue &v : o.value(QStringLiteral("extra_args")).toArray())
        s.extraArgs << v.toString();
    // Jobs saved before API keys had none.
    s.apiKey = o.value(QStringLiteral("api_key")).toBool(false);
    for (const QJsonValue &v : o.value(QStringLiteral("secret_env")).toArray())
        s.secretEnv << v.toString();
    s.bindAddress = o.value(QStringLiteral("bind_address")).toString();
    if (o.contains(QStringLiteral("login_shell")))
        s.loginShell = o.value(QStringLiteral("login_shell")).toBool();
    return s;
}


} // namespace halolink::jobs
