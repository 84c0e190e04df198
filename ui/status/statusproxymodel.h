#pragma once
// Gives the core models' verdicts (Roles::Status) a face: an icon and a
// readable colour for the cell. Optionally hides rows whose verdict is Pass
// ("problems only"), looking at one column.

#include "protocol/probereport.h"

#include <QIcon>
#include <QPalette>
#include <QSortFilterProxyModel>

namespace halolink::ui {

class StatusProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit StatusProxyModel(QObject *parent = nullptr);

    void setPalette(const QPalette &palette);
    // Hide rows whose status in statusColumn is Pass.
    void setProblemsOnly(bool problemsOnly, int statusColumn = 0);
    bool problemsOnly() const { return m_problemsOnly; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    std::optional<Check::Status> statusOf(const QModelIndex &index) const;

    void rebuildIcons();

    QPalette m_palette;
    QIcon m_icons[5]; // by int(Check::Status)
    bool m_problemsOnly = false;
    int m_statusColumn = 0;
};

} // namespace halolink::ui
