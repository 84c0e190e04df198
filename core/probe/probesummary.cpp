#include "probe/probesummary.h"

#include "probe/checkstatus.h"
#include "probe/probefacts.h"

#include <QCoreApplication>
#include <QTextStream>

namespace halolink {

namespace {

// This file's texts outside a QObject: ProbeSummary::tr("...") is looked up in the
// context lupdate files it under.
struct ProbeSummary {
    Q_DECLARE_TR_FUNCTIONS(ProbeSummary)
};

QString statusTag(Check::Status status)
{
    switch (status) {
    case Check::Status::Pass: return QStringLiteral("[ ok ]");
    case Check::Status::Warn: return QStringLiteral("[warn]");
    case Check::Status::Fail: return QStringLiteral("[FAIL]");
    case Check::Status::NotApplicable: return QStringLiteral("[ n/a]");
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
    out << "  " << ProbeSummary::tr("OS:") << ' '
        << (host.os ? host.os->prettyName.value_or(host.os->id.value_or(u)) : u) << ", "
        << ProbeSummary::tr("kernel") << ' ' << host.kernel.value_or(u) << '\n';
    out << "  " << ProbeSummary::tr("Memory:") << ' ' << facts::bytes(host.memoryTotalBytes) << '\n';
    const QList<facts::KernelFlag> flags = facts::unifiedMemoryFlags(host);
    for (const facts::KernelFlag &flag : flags) {
        out << "  " << ProbeSummary::tr("Kernel flag:") << ' ' << flag.key;
        if (!flag.value.isEmpty())
            out << '=' << flag.value;
        if (!flag.meaning.isEmpty())
            out << "  (" << flag.meaning << ')';
        out << '\n';
    }
    out << "  " << ProbeSummary::tr("Engine:") << ' ' << report.engineVersion.value_or(u) << '\n';

    out << '\n' << ProbeSummary::tr("GPUs") << '\n';
    if (report.gpus.isEmpty())
        out << "  " << ProbeSummary::tr("none") << '\n';
    for (const Gpu &gpu : report.gpus) {
        out << "  " << gpu.card << "  " << gpu.gfxTarget.value_or(u) << "  " << gpu.pci.value_or(u) << "  "
            << ProbeSummary::tr("VRAM") << ' ' << facts::bytes(gpu.vramTotalBytes) << "  "
            << ProbeSummary::tr("GTT") << ' ' << facts::bytes(gpu.gttTotalBytes) << '\n';
    }

    out << '\n' << ProbeSummary::tr("Network interfaces") << '\n';
    if (report.nics.isEmpty())
        out << "  " << ProbeSummary::tr("none") << '\n';
    for (const Nic &nic : report.nics) {
        out << "  " << nic.netdev << "  " << nic.driver.value_or(u) << "  " << nic.operstate.value_or(u)
            << "  " << ProbeSummary::tr("MTU") << ' ' << (nic.mtu ? QString::number(*nic.mtu) : u) << "  "
            << facts::speedMbps(nic.speedMbps);
        if (!nic.ipv4.isEmpty())
            out << "  " << nic.ipv4.join(QLatin1Char(' '));
        if (nic.rdmaDevice)
            out << "  " << ProbeSummary::tr("RDMA") << ' ' << *nic.rdmaDevice;
        out << '\n';
    }

    out << '\n' << ProbeSummary::tr("RDMA ports") << '\n';
    if (report.rdma.isEmpty())
        out << "  " << ProbeSummary::tr("none") << '\n';
    for (const RdmaPort &port : report.rdma) {
        out << "  " << port.device << '/' << port.port << "  " << facts::transport(port.transport) << "  "
            << port.state.value_or(u) << "  " << ProbeSummary::tr("netdev") << ' ' << port.netdev.value_or(u)
            << "  " << ProbeSummary::tr("active MTU") << ' '
            << (port.activeMtu ? QString::number(*port.activeMtu) : u) << "  "
            << ProbeSummary::tr("RoCE v2 IPv4 GID index") << ' '
            << (port.roceV2Ipv4GidIndex ? QString::number(*port.roceV2Ipv4GidIndex)
                                        : ProbeSummary::tr("none"))
            << '\n';
    }

    // The check's title beside its verdict ("[ ok ] RDMA device present"),
    // its stable id after the finding, for scripts and bug reports.
    out << '\n' << ProbeSummary::tr("Checks") << " (" << countChecks(report.checks).text() << ")\n";
    for (const Check &check : report.checks) {
        out << "  " << statusTag(check.status) << ' ' << facts::checkTitle(check.id);
        if (check.subject)
            out << " (" << *check.subject << ')';
        out << ": " << facts::checkMessage(check) << "  [" << check.id << "]\n";
    }
    out.flush();
    return text;
}

} // namespace halolink
