#include "probe/probemodels.h"

#include "logging.h"
#include "modelroles.h"
#include "probe/probefacts.h"

#include <QCoreApplication>

namespace halolink {

namespace {

constexpr int kRoceMinMtu = 4200; // docs/probe.md, mtu_small

QVariant orUnknown(const std::optional<QString> &value)
{
    return value ? QVariant(*value) : QVariant(facts::unknownText());
}

template<typename T>
QVariant numberOrUnknown(const std::optional<T> &value)
{
    return value ? QVariant(QString::number(*value)) : QVariant(facts::unknownText());
}

QString unknownTip()
{
    return QCoreApplication::translate("ProbeModels", "Not known: the engine could not read this.");
}

int status(Check::Status s)
{
    return static_cast<int>(s);
}

} // namespace

// --- ChecksModel ------------------------------------------------------------

int ChecksModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_checks.size());
}

int ChecksModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ChecksModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Check &check = m_checks.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case StatusColumn: return facts::statusText(check);
        case CheckColumn: return facts::checkTitle(check.id);
        case SubjectColumn: return check.subject.value_or(QString());
        case MessageColumn: return facts::checkMessage(check);
        }
        break;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case CheckColumn: return tr("Check id: %1").arg(check.id);
        case MessageColumn: return facts::checkMessage(check);
        default: return QStringLiteral("%1 — %2").arg(facts::statusText(check), facts::checkMessage(check));
        }
    case Roles::Status:
        if (index.column() == StatusColumn)
            return status(check.status);
        break;
    case Roles::Key: return check.id;
    case Roles::Sort:
        if (index.column() == StatusColumn)
            return status(check.status);
        break;
    }
    return {};
}

QVariant ChecksModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case StatusColumn: return tr("Status");
    case CheckColumn: return tr("Check");
    case SubjectColumn: return tr("Subject");
    case MessageColumn: return tr("Details");
    }
    return {};
}

void ChecksModel::setChecks(const QList<Check> &checks)
{
    beginResetModel();
    m_checks = checks;
    endResetModel();
}

// --- NicsModel ----------------------------------------------------------------

int NicsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_nics.size());
}

int NicsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant NicsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Nic &nic = m_nics.at(index.row());
    const bool rdma = nic.rdmaDevice.has_value();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NetdevColumn: return nic.netdev;
        case DriverColumn: return orUnknown(nic.driver);
        case PciColumn: return orUnknown(nic.pci);
        case MtuColumn: return numberOrUnknown(nic.mtu);
        case StateColumn: return orUnknown(nic.operstate);
        case SpeedColumn: return facts::speedMbps(nic.speedMbps);
        case Ipv4Column: return nic.ipv4.isEmpty() ? tr("none") : nic.ipv4.join(QStringLiteral(", "));
        case FirmwareColumn: return orUnknown(nic.firmware);
        case PcieColumn:
            if (!nic.pcie)
                return facts::unknownText();
            // "16 GT/s x4 / x16" when only the width differs, both in full otherwise.
            if (nic.pcie->linkSpeedGts == nic.pcie->maxLinkSpeedGts && nic.pcie->maxLinkWidth)
                return QStringLiteral("%1 / x%2")
                    .arg(facts::pcieLink(nic.pcie->linkSpeedGts, nic.pcie->linkWidth))
                    .arg(*nic.pcie->maxLinkWidth);
            return QStringLiteral("%1 / %2")
                .arg(facts::pcieLink(nic.pcie->linkSpeedGts, nic.pcie->linkWidth),
                     facts::pcieLink(nic.pcie->maxLinkSpeedGts, nic.pcie->maxLinkWidth));
        case RdmaDeviceColumn: return nic.rdmaDevice ? *nic.rdmaDevice : tr("none");
        case ManagementColumn: return facts::yesNo(nic.carriesManagement);
        }
        break;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case NetdevColumn: return nic.mac ? tr("MAC address %1").arg(*nic.mac) : QVariant();
        case MtuColumn:
            if (rdma && nic.mtu && *nic.mtu < kRoceMinMtu)
                return tr("Below %1: RoCE runs with an active MTU of 1024 or 2048 instead of 4096.")
                    .arg(kRoceMinMtu);
            break;
        case PcieColumn:
            if (!nic.pcie)
                return tr("No PCIe link information (for example a virtual NIC).");
            if (facts::pcieDegraded(*nic.pcie))
                return tr("The link runs below what the device supports: it limits bandwidth.");
            return tr("Current link / what the device supports.");
        case ManagementColumn:
            return tr("Whether this interface carries the management (SSH) connection; "
                      "configuration never touches it.");
        default: break;
        }
        if (index.data(Qt::DisplayRole).toString() == facts::unknownText())
            return unknownTip();
        break;
    case Roles::Status:
        switch (index.column()) {
        case MtuColumn:
            if (rdma && nic.mtu)
                return status(*nic.mtu < kRoceMinMtu ? Check::Status::Warn : Check::Status::Pass);
            break;
        case PcieColumn:
            if (nic.pcie && facts::pcieDegraded(*nic.pcie))
                return status(Check::Status::Warn);
            break;
        case StateColumn:
            if (rdma && nic.operstate)
                return status(*nic.operstate == QLatin1String("up") ? Check::Status::Pass : Check::Status::Fail);
            break;
        }
        break;
    case Roles::Key: return nic.netdev;
    }
    return {};
}

QVariant NicsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NetdevColumn: return tr("Interface");
    case DriverColumn: return tr("Driver");
    case PciColumn: return tr("PCI");
    case MtuColumn: return tr("MTU");
    case StateColumn: return tr("State");
    case SpeedColumn: return tr("Speed");
    case Ipv4Column: return tr("IPv4");
    case FirmwareColumn: return tr("Firmware");
    case PcieColumn: return tr("PCIe (now / max)");
    case RdmaDeviceColumn: return tr("RDMA device");
    case ManagementColumn: return tr("Management");
    }
    return {};
}

void NicsModel::setNics(const QList<Nic> &nics)
{
    beginResetModel();
    m_nics = nics;
    endResetModel();
}

// --- RdmaPortsModel -----------------------------------------------------------

int RdmaPortsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_ports.size());
}

int RdmaPortsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RdmaPortsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RdmaPort &port = m_ports.at(index.row());
    const bool roce = port.transport == QLatin1String("roce");
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case DeviceColumn: return port.device;
        case PortColumn: return QString::number(port.port);
        case TransportColumn: return facts::transport(port.transport);
        case StateColumn: return orUnknown(port.state);
        case ActiveMtuColumn: return numberOrUnknown(port.activeMtu);
        case NetdevColumn: return orUnknown(port.netdev);
        case RoceGidColumn:
            if (port.roceV2Ipv4GidIndex)
                return QString::number(*port.roceV2Ipv4GidIndex);
            return roce ? tr("none") : tr("n/a");
        case RateColumn: return orUnknown(port.rate);
        }
        break;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case TransportColumn:
            if (port.transport == QLatin1String("iwarp"))
                return tr("iWARP: RCCL/NCCL and llama.cpp RPC fall back to TCP or fail. "
                          "Switch the NIC to RoCE (devlink enable_roce).");
            break;
        case RoceGidColumn:
            if (roce && !port.roceV2Ipv4GidIndex)
                return tr("No RoCE v2 GID for an IPv4 address of %1: give the interface an address.")
                    .arg(port.netdev.value_or(port.device));
            return tr("The GID index RDMA traffic uses (NCCL_IB_GID_INDEX); detected, never assumed.");
        default: break;
        }
        if (index.data(Qt::DisplayRole).toString() == facts::unknownText())
            return unknownTip();
        break;
    case Roles::Status:
        switch (index.column()) {
        case StateColumn:
            if (port.state)
                return status(*port.state == QLatin1String("ACTIVE") ? Check::Status::Pass : Check::Status::Fail);
            break;
        case TransportColumn:
            if (port.transport == QLatin1String("iwarp"))
                return status(Check::Status::Warn);
            break;
        case RoceGidColumn:
            if (roce)
                return status(port.roceV2Ipv4GidIndex ? Check::Status::Pass : Check::Status::Fail);
            break;
        }
        break;
    case Roles::Key: return QStringLiteral("%1/%2").arg(port.device).arg(port.port);
    }
    return {};
}

QVariant RdmaPortsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case DeviceColumn: return tr("Device");
    case PortColumn: return tr("Port");
    case TransportColumn: return tr("Transport");
    case StateColumn: return tr("State");
    case ActiveMtuColumn: return tr("Active MTU");
    case NetdevColumn: return tr("Interface");
    case RoceGidColumn: return tr("RoCE v2 IPv4 GID");
    case RateColumn: return tr("Rate");
    }
    return {};
}

void RdmaPortsModel::setPorts(const QList<RdmaPort> &ports)
{
    beginResetModel();
    m_ports = ports;
    endResetModel();
}

// --- GidsModel ------------------------------------------------------------------

int GidsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int GidsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GidsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case PortColumn: return row.port;
        case IndexColumn: return QString::number(row.gid.index);
        case GidColumn: return row.gid.gid;
        case TypeColumn: return orUnknown(row.gid.type);
        case NetdevColumn: return orUnknown(row.gid.netdev);
        }
        break;
    case Qt::ToolTipRole:
        if (row.usedForRoceV2)
            return tr("RoCE v2 traffic of %1 uses this GID.").arg(row.port);
        break;
    case Roles::Status:
        if (index.column() == IndexColumn && row.usedForRoceV2)
            return status(Check::Status::Pass);
        break;
    case Roles::Key: return QStringLiteral("%1/%2").arg(row.port).arg(row.gid.index);
    }
    return {};
}

QVariant GidsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PortColumn: return tr("Port");
    case IndexColumn: return tr("Index");
    case GidColumn: return tr("GID");
    case TypeColumn: return tr("Type");
    case NetdevColumn: return tr("Interface");
    }
    return {};
}

void GidsModel::setPorts(const QList<RdmaPort> &ports)
{
    beginResetModel();
    m_rows.clear();
    for (const RdmaPort &port : ports) {
        const QString name = QStringLiteral("%1/%2").arg(port.device).arg(port.port);
        for (const Gid &gid : port.gids)
            m_rows.append(Row{name, gid, port.roceV2Ipv4GidIndex == gid.index});
    }
    endResetModel();
}

// --- ProbeModels ----------------------------------------------------------------

ProbeModels::ProbeModels(QObject *parent)
    : QObject(parent)
    , m_checks(new ChecksModel(this))
    , m_nics(new NicsModel(this))
    , m_rdmaPorts(new RdmaPortsModel(this))
    , m_gids(new GidsModel(this))
{
}

void ProbeModels::setReport(const ProbeReport &report)
{
    qCDebug(lcCore) << "probe models:" << report.checks.size() << "checks," << report.nics.size() << "NICs,"
                    << report.rdma.size() << "RDMA ports";
    m_checks->setChecks(report.checks);
    m_nics->setNics(report.nics);
    m_rdmaPorts->setPorts(report.rdma);
    m_gids->setPorts(report.rdma);
}

void ProbeModels::clear()
{
    setReport(ProbeReport{});
}

} // namespace halolink
