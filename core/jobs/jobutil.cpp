#include "jobs/jobs_internal.h"

#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>

namespace halolink::jobs::detail {

QString bytesText(double b)
{
    return QLocale::system().formattedDataSize(qint64(b), 1, QLocale::DataSizeSIFormat);
}

QHash<QString, QString> envOf(const Job &job, const QString &nodeId)
{
    QHash<QString, QString> m;
    for (const EnvVar &v : job.rendered.env.value(nodeId))
        m.insert(v.name, v.value);
    return m;
}

QJsonObject lastJsonObject(const QByteArray &out)
{
    const QList<QByteArray> lines = out.trimmed().split('\n');
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        const QJsonDocument d = QJsonDocument::fromJson(it->trimmed());
        if (d.isObject())
            return d.object();
    }
    return {};
}

// Ray's `ray status`: the " 1 node_<id>" lines between "Active:" and "Pending:".
int rayActiveNodes(const QByteArray &out)
{
    // The " 1 node_<id>" lines under "Active:" and, with autoscaler v2
    // (RAY_enable_autoscaler_v2=1; every node before vLLM starts), "Idle:";
    // older Ray wrote "Healthy:" (python/ray/autoscaler/_private/util.py
    // format_info_string, python/ray/autoscaler/v2/utils.py ClusterStatusFormatter).
    static const QRegularExpression nodeLine(QStringLiteral("^\\s*(\\d+)\\s+node_[0-9a-fA-F]+\\s*$"));
    bool counting = false;
    int count = 0;
    for (const QByteArray &raw : out.split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line == QLatin1String("Active:") || line == QLatin1String("Idle:") || line == QLatin1String("Healthy:")) {
            counting = true;
            continue;
        }
        if (line.endsWith(QLatin1Char(':')) || line.startsWith(QLatin1String("---")) || line.startsWith(QLatin1String("===")))
            counting = false;
        if (counting) {
            const auto m = nodeLine.match(line);
            if (m.hasMatch())
                count += m.captured(1).toInt();
        }
    }
    return count;
}

std::optional<qint64> number(const QJsonValue &v)
{
    if (!v.isDouble())
        return std::nullopt;
    return qint64(v.toDouble());
}

std::optional<qint64> sumOf(std::optional<qint64> a, std::optional<qint64> b)
{
    if (!a && !b)
        return std::nullopt;
    return a.value_or(0) + b.value_or(0);
}

// What the GPU may use: VRAM + GTT of the node's GPUs when the probe knows
// them (on Strix Halo most of it is GTT in system memory), else the memory.
std::optional<std::pair<qint64, QString>> gpuMemory(const ProbeReport &probe)
{
    qint64 gpu = 0;
    for (const Gpu &g : probe.gpus)
        gpu += g.vramTotalBytes.value_or(0) + g.gttTotalBytes.value_or(0);
    if (gpu > 0)
        return std::make_pair(gpu, Jobs::tr("GPU memory (VRAM + GTT)"));
    if (probe.host.memoryTotalBytes)
        return std::make_pair(*probe.host.memoryTotalBytes, Jobs::tr("memory"));
    return std::nullopt;
}

// The name the server answers to: vLLM's --served-model-name, llama-server's
// -a/--alias, else the model as given.
QString servedModelName(const JobSpec &spec)
{
    const QStringList &a = spec.extraArgs;
    for (int i = 0; i + 1 < a.size(); ++i) {
        const QString &o = a.at(i);
        if ((spec.engine == Engine::VllmRay && o == QLatin1String("--served-model-name"))
            || (spec.engine == Engine::LlamaRpc && (o == QLatin1String("-a") || o == QLatin1String("--alias"))))
            return a.at(i + 1);
    }
    for (const QString &o : a) {
        const QString prefix = spec.engine == Engine::VllmRay ? QStringLiteral("--served-model-name=")
                                                              : QStringLiteral("--alias=");
        if (o.startsWith(prefix))
            return o.mid(prefix.size());
    }
    return spec.model;
}

QString ipv4MappedGid(const QString &ipv4)
{
    const QStringList o = ipv4.split(QLatin1Char('.'));
    if (o.size() != 4)
        return {};
    auto hex = [&](int a, int b) {
        return QStringLiteral("%1%2").arg(o.at(a).toInt(), 2, 16, QLatin1Char('0')).arg(o.at(b).toInt(), 2, 16, QLatin1Char('0'));
    };
    return QStringLiteral("0000:0000:0000:0000:0000:ffff:") + hex(0, 1) + QLatin1Char(':') + hex(2, 3);
}

QString problemPrefix(const JobNode &n)
{
    return n.name + QStringLiteral(": ");
}

} // namespace halolink::jobs::detail
