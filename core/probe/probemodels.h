#pragma once
// Table models over one ProbeReport: the checks (the preflight view), the NICs,
// the RDMA ports and their GID tables. Feed them with ProbeModels::setReport().
// Cells that carry a verdict expose int(Check::Status) under Roles::Status;
// unknown facts read as facts::unknownText() with an explaining tooltip.

#include "protocol/probereport.h"

#include <QAbstractTableModel>
#include <QObject>

namespace halolink {

class ChecksModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { StatusColumn, CheckColumn, SubjectColumn, MessageColumn, ColumnCount };
    Q_ENUM(Column)

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setChecks(const QList<Check> &checks);
    const QList<Check> &checks() const { return m_checks; }

private:
    QList<Check> m_checks;
};

class NicsModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        NetdevColumn, DriverColumn, PciColumn, MtuColumn, StateColumn, SpeedColumn, Ipv4Column,
        FirmwareColumn, PcieColumn, RdmaDeviceColumn, ManagementColumn, ColumnCount
    };
    Q_ENUM(Column)

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setNics(const QList<Nic> &nics);

private:
    QList<Nic> m_nics;
};

class RdmaPortsModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        DeviceColumn, PortColumn, TransportColumn, StateColumn, ActiveMtuColumn, NetdevColumn,
        RoceGidColumn, RateColumn, ColumnCount
    };
    Q_ENUM(Column)

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setPorts(const QList<RdmaPort> &ports);

private:
    QList<RdmaPort> m_ports;
};

// Every GID of every port, one row each; the row that RDMA traffic will use
// (the port's RoCE v2 IPv4 GID) is marked with Status Pass.
class GidsModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { PortColumn, IndexColumn, GidColumn, TypeColumn, NetdevColumn, ColumnCount };
    Q_ENUM(Column)

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setPorts(const QList<RdmaPort> &ports);

private:
    struct Row {
        QString port; // "irdma0/1"
        Gid gid;
        bool usedForRoceV2 = false;
    };
    QList<Row> m_rows;
};

// The four models of one node page, fed together.
class ProbeModels final : public QObject
{
    Q_OBJECT

public:
    explicit ProbeModels(QObject *parent = nullptr);

    ChecksModel *checks() const { return m_checks; }
    NicsModel *nics() const { return m_nics; }
    RdmaPortsModel *rdmaPorts() const { return m_rdmaPorts; }
    GidsModel *gids() const { return m_gids; }

    void setReport(const ProbeReport &report);
    void clear();

private:
    ChecksModel *m_checks;
    NicsModel *m_nics;
    RdmaPortsModel *m_rdmaPorts;
    GidsModel *m_gids;
};

} // namespace halolink
