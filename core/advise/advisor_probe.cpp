// nodeFiguresFromProbe (advisor.h): a node's GPU memory from its probe.

#include "advise/advisor.h"

#include "protocol/probedecoder.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace halolink::advise {

namespace {

// The advisor's texts (advisor.cpp has the same context).
struct AdviceText {
    Q_DECLARE_TR_FUNCTIONS(AdviceText)
};

QString gib(double bytes)
{
    return QString::number(bytes / (1024.0 * 1024.0 * 1024.0), 'f', 1);
}

} // namespace

NodeFigures nodeFiguresFromProbe(const QString &name, const QJsonObject &probe, QString *note)
{
    NodeFigures n;
    n.name = name;
    auto say = [&](const QString &text) {
        if (note)
            *note = QStringLiteral("%1: %2").arg(name, text);
    };
    const DecodeResult<ProbeReport> d = decodeProbeReport(QJsonDocument(probe));
    if (!d.value) {
        say(AdviceText::tr("GPU memory unknown: the probe could not be read (%1)").arg(d.error));
        return n;
    }
    return nodeFiguresFromProbe(name, *d.value, note);
}

NodeFigures nodeFiguresFromProbe(const QString &name, const ProbeReport &report, QString *note)
{
    NodeFigures n;
    n.name = name;
    auto say = [&](const QString &text) {
        if (note)
            *note = QStringLiteral("%1: %2").arg(name, text);
    };
    QList<Gpu> amd;
    for (const Gpu &g : report.gpus) {
        if (g.driver && *g.driver == QLatin1String("amdgpu"))
            amd << g;
    }
    if (amd.isEmpty()) {
        say(AdviceText::tr("GPU memory unknown: the probe shows no amdgpu GPU"));
        return n;
    }
    const std::optional<qint64> memory = report.host.memoryTotalBytes;
    QStringList seen;
    std::optional<std::uint64_t> best;
    QString bestText;
    for (const Gpu &g : amd) {
        std::optional<std::uint64_t> bytes;
        QString text;
        if (!g.vramTotalBytes || !memory) {
            text = AdviceText::tr("%1: VRAM or system memory size unknown").arg(g.card);
        } else if (*g.vramTotalBytes * 8 > *memory) {
            // Memory of its own (as the engine's gtt_small check tells them apart).
            bytes = std::uint64_t(*g.vramTotalBytes);
            text = AdviceText::tr("%1: VRAM %2 GiB").arg(g.card, gib(double(*bytes)));
        } else if (!g.gttTotalBytes) {
            text = AdviceText::tr("%1: GTT size unknown").arg(g.card);
        } else {
            bytes = std::uint64_t(*g.gttTotalBytes) + std::uint64_t(*g.vramTotalBytes);
            text = AdviceText::tr("%1: GTT %2 GiB + VRAM carve-out %3 GiB")
                       .arg(g.card, gib(double(*g.gttTotalBytes)), gib(double(*g.vramTotalBytes)));
        }
        seen << text;
        if (bytes && (!best || *bytes > *best)) {
            best = bytes;
            bestText = text;
        }
    }
    if (!best) {
        say(AdviceText::tr("GPU memory unknown (%1)").arg(seen.join(QStringLiteral("; "))));
        return n;
    }
    n.gpuMemoryBytes = best;
    if (amd.size() > 1)
        say(AdviceText::tr(
            "GPU memory %1 GiB (%2; the largest of %3 amdgpu GPUs: one GPU per node is planned for)")
                .arg(gib(double(*best)), bestText)
                .arg(amd.size()));
    else
        say(AdviceText::tr("GPU memory %1 GiB (%2)").arg(gib(double(*best)), bestText));
    return n;
}

} // namespace halolink::advise
