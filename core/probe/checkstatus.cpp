#include "probe/checkstatus.h"

#include "probe/probefacts.h"

#include <QCoreApplication>

namespace halolink {

namespace {

// This file's texts outside a QObject: CheckStatus::tr("...") is looked up in
// the context lupdate files it under.
struct CheckStatus {
    Q_DECLARE_TR_FUNCTIONS(CheckStatus)
};

const char *const kWorkstationKey = "not_applicable.workstation";

} // namespace

Check::Status CheckCounts::worst() const
{
    if (failed > 0)
        return Check::Status::Fail;
    if (warnings > 0)
        return Check::Status::Warn;
    return Check::Status::Pass;
}

QString CheckCounts::text() const
{
    if (total() == 0)
        return CheckStatus::tr("no checks");
    QStringList parts;
    parts << CheckStatus::tr("%1 failed").arg(failed);
    if (warnings > 0)
        parts << CheckStatus::tr("%n warning(s)", "", warnings);
    parts << CheckStatus::tr("%1 passed").arg(passed);
    if (notApplicable > 0)
        parts << CheckStatus::tr("%1 not applicable").arg(notApplicable);
    if (unknown > 0)
        parts << CheckStatus::tr("%1 unknown").arg(unknown);
    return parts.join(QStringLiteral(", "));
}

CheckCounts countChecks(const QList<Check> &checks)
{
    CheckCounts c;
    for (const Check &check : checks) {
        switch (check.status) {
        case Check::Status::Pass: ++c.passed; break;
        case Check::Status::Warn: ++c.warnings; break;
        case Check::Status::Fail: ++c.failed; break;
        case Check::Status::NotApplicable: ++c.notApplicable; break;
        case Check::Status::Unknown: ++c.unknown; break;
        }
    }
    return c;
}

bool isClusterNodeCheck(const QString &id)
{
    static const char *const ids[] = {
        "rdma_core_missing", "no_rdma_device",      "iwarp_mode",          "port_not_active",
        "no_roce_v2_gid",    "mtu_small",           "pcie_width_degraded", "pcie_speed_degraded",
        "gtt_small",         "iommu_not_passthrough", "firewall_active",   "management_on_rdma_netdev",
        "link_speed_degraded",
    };
    for (const char *known : ids) {
        if (id == QLatin1String(known))
            return true;
    }
    return false;
}

bool isLocalClusterNode(const Node &local)
{
    if (!local.isLocal())
        return true;
    return !local.dataInterface.isEmpty() || !local.dataAddress.isEmpty() || local.qos.has_value();
}

void scopeLocalReport(ProbeReport &report, bool clusterNode)
{
    if (clusterNode)
        return;
    for (Check &check : report.checks) {
        if (!isClusterNodeCheck(check.id) || check.messageKey == QLatin1String(kWorkstationKey))
            continue;
        const QString found = facts::checkMessage(check);
        check.status = Check::Status::NotApplicable;
        check.message = CheckStatus::tr("not applicable on the workstation, which is not a node of the cluster "
                                        "(found: %1)")
            .arg(found);
        check.messageKey = QLatin1String(kWorkstationKey);
        check.messageArgs = {};
    }
    for (const Check &check : report.checks) {
        if (check.id == QLatin1String("engine"))
            return;
    }
    Check engine;
    engine.id = QStringLiteral("engine");
    engine.status = Check::Status::Pass;
    engine.statusText = QStringLiteral("pass");
    engine.message = report.engineVersion
        ? CheckStatus::tr("The engine %1 runs here and answered the probe.").arg(*report.engineVersion)
        : CheckStatus::tr("The engine runs here and answered the probe.");
    report.checks.prepend(engine);
}

void setKeychainCheck(ProbeReport &report, bool available, const QString &message)
{
    Check keychain;
    keychain.id = QStringLiteral("keychain");
    keychain.status = available ? Check::Status::Pass : Check::Status::Warn;
    keychain.statusText = available ? QStringLiteral("pass") : QStringLiteral("warn");
    keychain.message = available
        ? CheckStatus::tr("The system keychain works: passwords can be remembered there.")
        : CheckStatus::tr("No system keychain (%1): passwords and passphrases are asked again each time, "
                          "never stored elsewhere.")
              .arg(message);
    for (Check &check : report.checks) {
        if (check.id == keychain.id) {
            check = keychain;
            return;
        }
    }
    int at = 0;
    while (at < report.checks.size() && report.checks.at(at).id == QLatin1String("engine"))
        ++at;
    report.checks.insert(at, keychain);
}

} // namespace halolink
