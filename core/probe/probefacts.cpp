#include "probe/probefacts.h"

#include "protocol/enginetexts.h"

#include <QCoreApplication>
#include <QLocale>

namespace halolink::facts {

namespace {

// This file's texts outside a QObject: ProbeFacts::tr("...") is looked up in the
// context lupdate files it under.
struct ProbeFacts {
    Q_DECLARE_TR_FUNCTIONS(ProbeFacts)
};

QString gib(double bytes)
{
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 1);
}

} // namespace

QString unknownText()
{
    return QStringLiteral("—");
}

QString bytes(std::optional<qint64> value)
{
    if (!value)
        return unknownText();
    return QLocale().formattedDataSize(*value, 1);
}

QString speedMbps(std::optional<qint64> mbps)
{
    if (!mbps)
        return unknownText();
    if (*mbps >= 1000 && *mbps % 1000 == 0)
        return ProbeFacts::tr("%1 Gb/s").arg(*mbps / 1000);
    if (*mbps >= 1000)
        return ProbeFacts::tr("%1 Gb/s").arg(QLocale().toString(*mbps / 1000.0, 'f', 1));
    return ProbeFacts::tr("%1 Mb/s").arg(*mbps);
}

QString pcieLink(std::optional<double> gts, std::optional<int> width)
{
    if (!gts && !width)
        return unknownText();
    const QString speed
        = gts ? ProbeFacts::tr("%1 GT/s").arg(QLocale().toString(*gts, 'g', 3)) : unknownText();
    const QString lanes = width ? QStringLiteral("x%1").arg(*width) : unknownText();
    return speed + QLatin1Char(' ') + lanes;
}

QString transport(const std::optional<QString> &transport)
{
    if (!transport)
        return unknownText();
    if (*transport == QLatin1String("roce"))
        return QStringLiteral("RoCE");
    if (*transport == QLatin1String("iwarp"))
        return QStringLiteral("iWARP");
    if (*transport == QLatin1String("infiniband"))
        return QStringLiteral("InfiniBand");
    return *transport;
}

QString statusText(const Check &check)
{
    switch (check.status) {
    case Check::Status::Pass:
        return ProbeFacts::tr("Pass");
    case Check::Status::Warn:
        return ProbeFacts::tr("Warning");
    case Check::Status::Fail:
        return ProbeFacts::tr("Fail");
    case Check::Status::NotApplicable:
        return ProbeFacts::tr("Not applicable");
    case Check::Status::Unknown: break;
    }
    return check.statusText;
}

QString yesNo(std::optional<bool> value)
{
    if (!value)
        return unknownText();
    return *value ? ProbeFacts::tr("yes") : ProbeFacts::tr("no");
}

QString checkMessage(const Check &check)
{
    return enginetext::translated(enginetext::Table::CheckMessage, check.messageKey, check.messageArgs, check.message);
}

bool checkNotApplicable(const Check &check)
{
    if (check.status == Check::Status::NotApplicable)
        return true;
    if (!check.messageKey.isEmpty())
        return check.messageKey.startsWith(QLatin1String("not_applicable."));
    return check.message.startsWith(QLatin1String("not applicable")); // an engine older than the keys
}

QString checkTitle(const QString &id)
{
    struct Title {
        const char *id;
        const char *title;
    };
    static const Title titles[] = {
        {"rdma_core_missing", QT_TRANSLATE_NOOP("ProbeFacts", "RDMA libraries")},
        {"no_rdma_device", QT_TRANSLATE_NOOP("ProbeFacts", "RDMA device present")},
        {"iwarp_mode", QT_TRANSLATE_NOOP("ProbeFacts", "RoCE mode (not iWARP)")},
        {"port_not_active", QT_TRANSLATE_NOOP("ProbeFacts", "RDMA port active")},
        {"no_roce_v2_gid", QT_TRANSLATE_NOOP("ProbeFacts", "RoCE v2 IPv4 GID")},
        {"mtu_small", QT_TRANSLATE_NOOP("ProbeFacts", "MTU")},
        {"link_speed_degraded", QT_TRANSLATE_NOOP("ProbeFacts", "Ethernet link speed")},
        {"pcie_width_degraded", QT_TRANSLATE_NOOP("ProbeFacts", "PCIe link width")},
        {"pcie_speed_degraded", QT_TRANSLATE_NOOP("ProbeFacts", "PCIe link speed")},
        {"gtt_small", QT_TRANSLATE_NOOP("ProbeFacts", "GPU memory (GTT) size")},
        {"iommu_not_passthrough", QT_TRANSLATE_NOOP("ProbeFacts", "IOMMU passthrough")},
        {"firewall_active", QT_TRANSLATE_NOOP("ProbeFacts", "Firewall")},
        {"management_on_rdma_netdev", QT_TRANSLATE_NOOP("ProbeFacts", "Management off the data plane")},
        {"engine", QT_TRANSLATE_NOOP("ProbeFacts", "HaloLink engine")},
        {"keychain", QT_TRANSLATE_NOOP("ProbeFacts", "System keychain")},
    };
    for (const Title &t : titles) {
        if (id == QLatin1String(t.id))
            return ProbeFacts::tr(t.title);
    }
    // A check this version does not know yet: its id is still readable.
    QString readable = id;
    readable.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!readable.isEmpty())
        readable[0] = readable[0].toUpper();
    return readable;
}

QList<KernelFlag> unifiedMemoryFlags(const Host &host)
{
    QList<KernelFlag> out;
    for (auto it = host.cmdline.cbegin(); it != host.cmdline.cend(); ++it) {
        const QString &key = it.key();
        const QString &value = it.value();
        bool ok = false;
        const qint64 number = value.toLongLong(&ok);
        QString meaning;
        if (key == QLatin1String("amdgpu.gttsize")) {
            // MiB; -1 is the driver default.
            if (ok && number > 0)
                meaning = ProbeFacts::tr("GPU may map up to %1 of system memory (GTT)")
                              .arg(gib(number * 1024.0 * 1024.0));
            else
                meaning = ProbeFacts::tr("driver default GTT size");
        } else if (key.endsWith(QLatin1String("ttm.pages_limit"))) {
            if (ok && number > 0)
                meaning = ProbeFacts::tr("TTM may pin up to %1 (4 KiB pages)").arg(gib(number * 4096.0));
        } else if (key.endsWith(QLatin1String("ttm.page_pool_size"))) {
            if (ok && number > 0)
                meaning = ProbeFacts::tr("TTM page pool %1").arg(gib(number * 4096.0));
        } else if (key == QLatin1String("iommu") || key == QLatin1String("amd_iommu")
                   || key == QLatin1String("intel_iommu")) {
            if (value == QLatin1String("pt"))
                meaning = ProbeFacts::tr("IOMMU in passthrough mode");
            else if (value == QLatin1String("off"))
                meaning = ProbeFacts::tr("IOMMU off");
            else
                meaning = ProbeFacts::tr("DMA remapping may cost RDMA and GPU transfers");
        } else if (!key.startsWith(QLatin1String("amdgpu.")) && !key.startsWith(QLatin1String("amdttm."))
                   && !key.startsWith(QLatin1String("ttm."))) {
            continue;
        }
        out.append(KernelFlag{key, value, meaning});
    }
    return out;
}

QString gpuSummary(const ProbeReport &report)
{
    if (report.gpus.isEmpty())
        return ProbeFacts::tr("none");
    QStringList parts;
    for (const Gpu &gpu : report.gpus) {
        QString text = gpu.gfxTarget.value_or(gpu.driver.value_or(gpu.card));
        if (gpu.gttTotalBytes)
            text += QLatin1Char(' ') + ProbeFacts::tr("(%1 GTT)").arg(bytes(gpu.gttTotalBytes));
        parts << text;
    }
    return parts.join(QStringLiteral(", "));
}

QString rdmaSummary(const ProbeReport &report)
{
    if (report.rdma.isEmpty())
        return ProbeFacts::tr("none");
    int active = 0;
    for (const RdmaPort &port : report.rdma)
        active += port.state == QLatin1String("ACTIVE") ? 1 : 0;
    if (report.rdma.size() == 1) {
        const RdmaPort &port = report.rdma.first();
        return QStringLiteral("%1 %2 %3")
            .arg(port.device, transport(port.transport), port.state.value_or(unknownText()));
    }
    return ProbeFacts::tr("%1 of %2 ports active").arg(active).arg(report.rdma.size());
}

bool pcieDegraded(const PcieLink &link)
{
    const bool narrower = link.linkWidth && link.maxLinkWidth && *link.linkWidth < *link.maxLinkWidth;
    const bool slower = link.linkSpeedGts && link.maxLinkSpeedGts && *link.linkSpeedGts < *link.maxLinkSpeedGts;
    return narrower || slower;
}

} // namespace halolink::facts
