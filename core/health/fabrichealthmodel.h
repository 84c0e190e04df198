#pragma once
// The fabric health as a table (one row per link, the worst first): node,
// link (the data plane marked), verdict (Roles::Status: pass, warn, fail,
// unknown), the reasons, and the rates it was judged on. The dashboard's
// Fabric health panel shows it; it is also its accessible table.

#include "health/fabrichealth.h"

#include <QAbstractTableModel>

namespace halolink::health {

class FabricHealthModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { NodeColumn, LinkColumn, VerdictColumn, ReasonColumn, ErrorsColumn, DropsColumn, CrcColumn,
                  PauseColumn, CnpColumn, ColumnCount };

    explicit FabricHealthModel(QObject *parent = nullptr);

    void setLinks(const QList<LinkHealth> &links);
    const QList<LinkHealth> &links() const { return m_links; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<LinkHealth> m_links;
};

} // namespace halolink::health
