#include "probe/probesummary.h"

#include "probe/probefacts.h"

#include <QCoreApplication>
#include <QTextStream>

namespace halolink {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ProbeSummary", text);
}

QString statusTag(Check::Status status)
{
    switch (status) {
    case Check::Status::Pass: return QStringLiteral("[ ok ]");
    case Check::Status::Warn: return QStringLiteral("[warn]");
    case Check::Status::Fail: return QStringLiteral("[FAIL]");
    case Check::Status::Unknown: break;
    }
    return QStringLiteral("[ ?? ]");
}

} // namespace

QString probeSummaryText(const ProbeReport &report, const QString &nodeName)
{
    QString text;
    QTextStream out(&text);
    const QString u = facts::unknownText();
    const Host &host = report.host;

    out << nodeName << ": " << host.hostname.value_or(u) << '\n';
    out << "  " << tr("OS:") << ' '
        << (host.os ? host.os->prettyName.value_or(host.os->id.value_or(u)) : u) << ", "
        << tr("kernel") << ' ' << host.kernel.value_or(u) << '\n';
    out << "  " << tr("Memory:") << ' ' << facts::bytes(host.memoryTotalBytes) << '\n';
    const QList<facts::KernelFlag> flags = facts::unifiedMemoryFlags(host);
    for (const facts::KernelFlag &flag : flags) {
        out << "  " << tr("Kernel flag:") << ' ' << flag.key;
        if (!flag.value.isEmpty())
            out << '=' << flag.value;
        if (!flag.meaning.isEmpty())
            out << "  (" << flag.meaning << ')';
        out << '\n';
    }
    out << "  " << tr("Engine:") << ' ' << report.engineVersion.value_or(u) << '\n';

    out << '\n' << tr("GPUs") << '\n';
    if (report.gpus.isEmpty())
        out << "  " << tr("none") << '\n';
    for (const Gpu &gpu : report.gpus) {
        out << "  " << gpu.card << "  " << gpu.gfxTarget.value_or(u) << "  " << gpu.pci.value_or(u)
            << "  " << tr("VRAM") << ' ' << facts::bytes(gpu.vramTotalBytes) << "  " << tr("GTT") << ' '
            << facts::bytes(gpu.gttTotalBytes) << '\n';
    }

    out << '\n' << tr("Network interfaces") << '\n';
    if (report.nics.isEmpty())
        out << "  " << tr("none") << '\n';
    for (const Nic &nic : report.nics) {
        out << "  " << nic.netdev << "  " << nic.driver.value_or(u) << "  " << nic.operstate.value_or(u)
            << "  " << tr("MTU") << ' ' << (nic.mtu ? QString::number(*nic.mtu) : u) << "  "
            << facts::speedMbps(nic.speedMbps);
        if (!nic.ipv4.isEmpty())
            out << "  " << nic.ipv4.join(QLatin1Char(' '));
        if (nic.rdmaDevice)
            out << "  " << tr("RDMA") << ' ' << *nic.rdmaDevice;
        out << '\n';
    }

    out << '\n' << tr("RDMA ports") << '\n';
    if (report.rdma.isEmpty())
        out << "  " << tr("none") << '\n';
    for (const RdmaPort &port : report.rdma) {
        out << "  " << port.device << '/' << port.port << "  " << facts::transport(port.transport) << "  "
            << port.state.value_or(u) << "  " << tr("netdev") << ' ' << port.netdev.value_or(u) << "  "
            << tr("active MTU") << ' ' << (port.activeMtu ? QString::number(*port.activeMtu) : u) << "  "
            << tr("RoCE v2 IPv4 GID index") << ' '
            << (port.roceV2Ipv4GidIndex ? QString::number(*port.roceV2Ipv4GidIndex) : tr("none")) << '\n';
    }

    out << '\n'
        << tr("Checks") << " (" << report.countChecks(Check::Status::Fail) << ' ' << tr("failed") << ", "
        << report.countChecks(Check::Status::Warn) << ' ' << tr("warnings") << ")\n";
    for (const Check &check : report.checks) {
        out << "  " << statusTag(check.status) << ' ' << check.id;
        if (check.subject)
            out << " (" << *check.subject << ')';
        out << ": " << check.message << '\n';
    }
    out.flush();
    return text;
}

} // namespace halolink
