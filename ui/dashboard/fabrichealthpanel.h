#pragma once
// The dashboard's Fabric health panel (docs/fabric-health.md): one row per
// link, the worst first, with its verdict as an icon and word, why, and the
// rates it was judged on; a line above says how many links are healthy,
// degraded, failing or unknown. Fed by core's HealthMonitor once a second.

#include "dashboard/dashboardpanel.h"

class QLabel;
class QTableView;

namespace halolink::health {
class FabricHealthModel;
class HealthMonitor;
} // namespace halolink::health

namespace halolink::ui {

class StatusProxyModel;

class FabricHealthPanel final : public DashboardPanel
{
    Q_OBJECT

public:
    explicit FabricHealthPanel(QWidget *parent = nullptr);

    void setMonitor(health::HealthMonitor *monitor);
    health::FabricHealthModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QLabel *summary() const { return m_summary; }
    // What the panel shows now (the monitor calls it; tests too).
    void update();

protected:
    void changeEvent(QEvent *event) override;

private:
    health::HealthMonitor *m_monitor = nullptr;
    health::FabricHealthModel *m_model;
    StatusProxyModel *m_proxy;
    QTableView *m_view;
    QLabel *m_summary;
};

} // namespace halolink::ui
