#include "setup/preflight.h"

#include "probe/probefacts.h"
#include "setup/setupplan.h"

#include <QCoreApplication>

#include <cstdlib>

namespace halolink::setup {

namespace {

// This file's texts outside a QObject: Setup::tr("...") is looked up in the
// context lupdate files it under.
struct Setup {
    Q_DECLARE_TR_FUNCTIONS(halolink::setup)
};

using S = PreflightRow::Status;

S fromCheck(Check::Status s)
{
    switch (s) {
    case Check::Status::Pass:
        return S::Pass;
    case Check::Status::Warn:
        return S::Warn;
    case Check::Status::Fail:
        return S::Fail;
    case Check::Status::NotApplicable:
        return S::Pass; // made NotApplicable after the rules below, which read verdicts
    case Check::Status::Unknown:
        break;
    }
    return S::Unknown;
}

// The netdev a check's subject refers to: "irdma0/1" -> the port's netdev, a
// netdev stays itself.
QString netdevOfSubject(const ProbeReport &probe, const QString &subject)
{
    for (const RdmaPort &p : probe.rdma) {
        if (subject == p.device + QLatin1Char('/') + QString::number(p.port) || subject == p.device)
            return p.netdev.value_or(QString());
    }
    return subject;
}

QString gttAdvice(const ProbeReport &probe)
{
    if (!probe.host.memoryTotalBytes)
        return Setup::tr(
            "Add amdgpu.gttsize and ttm.pages_limit to the kernel command line so the GPU can use most of "
            "the memory.");
    const qint64 gib = *probe.host.memoryTotalBytes >> 30;
    const qint64 gttMiB = std::max<qint64>(gib - 4, 1) * 1024;
    return Setup::tr(
        "Add 'amdgpu.gttsize=%1 ttm.pages_limit=%2' to the kernel command line (about %3 GiB for the GPU, "
        "4 GiB left to the system), then reboot.")
        .arg(gttMiB)
        .arg(gttMiB * 256)
        .arg(gttMiB / 1024);
}

} // namespace

QString statusText(PreflightRow::Status status)
{
    switch (status) {
    case S::Pass:
        return Setup::tr("pass");
    case S::Info:
        return Setup::tr("info");
    case S::Warn:
        return Setup::tr("warn");
    case S::Fail:
        return Setup::tr("fail");
    case S::NotApplicable:
        return Setup::tr("not applicable");
    case S::Unknown:
        return Setup::tr("unknown");
    }
    return {};
}

int countBlocking(const QList<PreflightRow> &rows)
{
    int n = 0;
    for (const PreflightRow &r : rows)
        n += r.status == S::Fail ? 1 : 0;
    return n;
}

QList<PreflightRow> preflightRows(const ProbeReport &probe, const PreflightContext &ctx)
{
    QList<PreflightRow> rows;
    const QString data = ctx.dataInterface;
    const RdmaPort *dataPort = data.isEmpty() ? nullptr : rdmaPortOf(probe, data);

    // Our own first: the data plane apart from management.
    {
        PreflightRow r;
        r.check = QStringLiteral("separate_networks");
        r.title = Setup::tr("Data plane apart from management");
        if (data.isEmpty()) {
            r.status = S::Fail;
            r.finding = Setup::tr("No interface other than the one carrying SSH.");
            r.remedy
                = Setup::tr("Connect the RDMA NIC (or a second NIC) and keep SSH on the management network.");
        } else {
            r.subject = data;
            r.finding = Setup::tr(
                "Data plane on %1; SSH stays on its own interface, which configuration never touches.")
                            .arg(data);
        }
        rows << r;
    }

    for (const Check &c : probe.checks) {
        PreflightRow r;
        r.check = c.id;
        r.subject = c.subject.value_or(QString());
        r.status = fromCheck(c.status);
        r.finding = facts::checkMessage(c);
        const QString netdev = netdevOfSubject(probe, r.subject);
        const bool onData = !data.isEmpty() && netdev == data;
        const bool notApplicable = facts::checkNotApplicable(c);
        if (c.id == QLatin1String("rdma_core_missing")) {
            r.title = Setup::tr("rdma-core (libibverbs, librdmacm)");
            if (r.status == S::Warn || r.status == S::Fail)
                r.remedy = Setup::tr(
                    "Install rdma-core: Debian/Ubuntu 'apt install rdma-core ibverbs-providers librdmacm1', "
                    "Fedora 'dnf install rdma-core libibverbs librdmacm'.");
        } else if (c.id == QLatin1String("no_rdma_device")) {
            r.title = Setup::tr("RDMA device and driver");
            if (r.status == S::Fail && ctx.allowSoftRoce && !data.isEmpty()) {
                r.status = S::Info;
                r.finding = Setup::tr(
                    "No RDMA device; a Soft-RoCE device will be created on %1 (allowed for this setup).")
                                .arg(data);
            } else if (r.status == S::Fail) {
                r.remedy = Setup::tr(
                    "Load the NIC's RDMA driver (irdma for Intel E810, mlx5_ib for ConnectX) and check "
                    "'rdma link'; or allow Soft-RoCE for a test setup without RDMA NICs.");
            }
        } else if (c.id == QLatin1String("iwarp_mode")) {
            r.title = Setup::tr("RDMA mode (RoCE v2, not iWARP)");
            if ((r.status == S::Warn || r.status == S::Fail) && onData) {
                r.status = S::Info;
                r.finding = Setup::tr(
                    "%1 runs iWARP; the configuration switches it to RoCE v2 (devlink enable_roce).")
                                .arg(r.subject);
            } else if (r.status == S::Warn || r.status == S::Fail) {
                r.remedy = Setup::tr("Not the data interface: left as it is.");
            }
        } else if (c.id == QLatin1String("port_not_active")) {
            r.title = Setup::tr("RDMA port state");
            if (r.status == S::Fail && onData) {
                r.status = S::Warn;
                r.finding
                    = Setup::tr("%1 is not ACTIVE yet; configuration brings %2 up.").arg(r.subject, data);
                r.remedy = Setup::tr(
                    "If it stays down afterwards, check the cable and the link partner (ethtool %1).")
                               .arg(data);
            } else if (r.status == S::Fail) {
                r.status = S::Info;
                r.finding = Setup::tr("%1 is not ACTIVE; it is not on the data interface and is not used.")
                                .arg(r.subject);
            }
        } else if (c.id == QLatin1String("no_roce_v2_gid")) {
            r.title = Setup::tr("RoCE v2 GID");
            if (r.status == S::Fail) {
                r.status = S::Info;
                r.finding = onData
                    ? Setup::tr("No RoCE v2 IPv4 GID yet on %1: it appears when the data address is "
                                "configured, and its index is detected then, never assumed.")
                          .arg(r.subject)
                    : Setup::tr("%1 has no RoCE v2 IPv4 GID; it is not on the data interface.")
                          .arg(r.subject);
            }
        } else if (c.id == QLatin1String("mtu_small")) {
            r.title = Setup::tr("MTU");
            if (r.status == S::Warn && onData) {
                r.status = S::Info;
                r.finding = Setup::tr(
                    "%1 has a small MTU now; configuration sets the MTU you choose (9000 by default).")
                                .arg(data);
            }
        } else if (c.id == QLatin1String("pcie_width_degraded") || c.id == QLatin1String("pcie_speed_degraded")) {
            r.title = c.id == QLatin1String("pcie_width_degraded") ? Setup::tr("PCIe link width")
                                                                   : Setup::tr("PCIe link speed");
            if (r.status == S::Warn && onData)
                r.remedy = Setup::tr(
                    "The NIC cannot move more than the PCIe link allows. A slot wired x4 (common on small "
                    "boards) caps a 100 GbE NIC near 50 Gbit/s; use a full-width slot if the board has one, "
                    "or expect that ceiling in the verification.");
            else if (r.status == S::Warn)
                r.status = S::Info;
        } else if (c.id == QLatin1String("link_speed_degraded")) {
            r.title = Setup::tr("Ethernet link speed");
            if (r.status == S::Warn && onData)
                r.remedy = Setup::tr(
                    "Both ends support a faster mode than the link runs at: check the cable or transceiver (a cable "
                    "rated for less negotiates down), that no speed was forced on either end, and that the NIC "
                    "advertises that mode (ethtool IF lists what it advertises; ethtool -s changes it).");
            else if (r.status == S::Warn)
                r.status = S::Info;
        } else if (c.id == QLatin1String("gtt_small")) {
            r.title = Setup::tr("GPU memory (GTT) kernel parameters");
            if (r.status == S::Warn)
                r.remedy = gttAdvice(probe);
            const QString gtt = probe.host.cmdline.value(QStringLiteral("amdgpu.gttsize"));
            if (!gtt.isEmpty())
                r.finding += QLatin1Char(' ') + Setup::tr("(amdgpu.gttsize=%1 on the command line)").arg(gtt);
        } else if (c.id == QLatin1String("iommu_not_passthrough")) {
            r.title = Setup::tr("IOMMU mode");
            if (r.status == S::Warn)
                r.remedy
                    = Setup::tr("Add 'iommu=pt' (or 'amd_iommu=off') to the kernel command line and reboot.");
        } else if (c.id == QLatin1String("firewall_active")) {
            r.title = Setup::tr("Firewall on the data port");
            if (r.status == S::Warn)
                r.remedy = data.isEmpty()
                    ? Setup::tr("Put the data interface into the trusted zone.")
                    : Setup::tr("As root: firewall-cmd --permanent --zone=trusted --add-interface=%1 && "
                                "firewall-cmd --reload")
                          .arg(data);
        } else if (c.id == QLatin1String("management_on_rdma_netdev")) {
            r.title = Setup::tr("Management on an RDMA NIC");
            if (r.status == S::Warn)
                r.remedy = Setup::tr(
                    "Configuration never touches it. Reach the node over another network so the RDMA NIC "
                    "can carry the data plane.");
        } else {
            r.title = c.id;
        }
        if (notApplicable && r.status == S::Pass)
            r.status = S::NotApplicable; // an engine that wrote "pass" for it
        rows << r;
    }

    // Firmware of the data NIC.
    if (const Nic *nic = data.isEmpty() ? nullptr : nicOf(probe, data)) {
        PreflightRow r;
        r.check = QStringLiteral("firmware");
        r.title = Setup::tr("NIC driver and firmware");
        r.subject = data;
        r.status = S::Info;
        r.finding
            = Setup::tr("driver %1, firmware %2%3")
                  .arg(nic->driver.value_or(Setup::tr("unknown")),
                      nic->firmware.value_or(Setup::tr("unknown")),
                      dataPort ? Setup::tr(", RDMA device %1 (%2)")
                                     .arg(dataPort->device, dataPort->transport.value_or(Setup::tr("?")))
                               : QString());
        if (nic->driver.value_or(QString()) == QLatin1String("ice") && !nic->firmware)
            r.remedy = Setup::tr(
                "'ethtool -i %1' shows no firmware version; an old NVM can lack RoCE v2 features, update it "
                "with Intel's NVM update tool if in doubt.")
                           .arg(data);
        rows << r;
    }

    // ROCm and the GPU.
    {
        PreflightRow r;
        r.check = QStringLiteral("rocm");
        r.title = Setup::tr("ROCm and GPU");
        QStringList gpus;
        for (const Gpu &g : probe.gpus)
            gpus << QStringLiteral("%1 %2").arg(g.card, g.gfxTarget.value_or(Setup::tr("(target unknown)")));
        if (probe.gpus.isEmpty()) {
            r.status = S::Warn;
            r.finding = Setup::tr("No AMD GPU found (amdgpu not loaded?).");
            r.remedy = Setup::tr("Inference jobs need the GPU: check that the amdgpu driver is loaded.");
        } else if (!probe.libraries.rocmSmi.value_or(false)) {
            r.status = S::Warn;
            r.finding = Setup::tr("%1; ROCm SMI not found on the host.").arg(gpus.join(QStringLiteral(", ")));
            r.remedy = Setup::tr(
                "Fine when jobs run in a ROCm container (the usual way); install ROCm on the host for GPU "
                "power and temperature readings.");
        } else {
            r.finding = Setup::tr("%1; ROCm SMI present.").arg(gpus.join(QStringLiteral(", ")));
        }
        rows << r;
    }

    // Clock.
    {
        PreflightRow r;
        r.check = QStringLiteral("clock_sync");
        r.title = Setup::tr("Clock");
        if (!ctx.clockOffsetMs) {
            r.status = S::Info;
            r.finding = Setup::tr("Not measured.");
        } else {
            const qint64 off = *ctx.clockOffsetMs;
            const qint64 mag = std::llabs(off);
            r.finding = Setup::tr("%1 ms %2 this computer.")
                            .arg(mag)
                            .arg(off >= 0 ? Setup::tr("ahead of") : Setup::tr("behind"));
            if (mag > 30000) {
                r.status = S::Fail;
                r.remedy = Setup::tr(
                    "Enable time sync (chrony or systemd-timesyncd); a clock this far off breaks TLS, "
                    "model downloads and cluster timeouts.");
            } else if (mag > 500) {
                r.status = S::Warn;
                r.remedy = Setup::tr(
                    "Enable time sync (chrony or systemd-timesyncd) so logs and latency charts line up.");
            }
        }
        rows << r;
    }
    return rows;
}

} // namespace halolink::setup
