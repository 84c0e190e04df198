#include "dashboard/fabrichealthpanel.h"

#include "health/fabrichealthmodel.h"
#include "health/healthmonitor.h"
#include "status/statusproxymodel.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace halolink::ui {

using health::FabricHealthModel;
using health::Verdict;

FabricHealthPanel::FabricHealthPanel(QWidget *parent)
    : DashboardPanel(tr("Fabric health"), parent)
    , m_model(new FabricHealthModel(this))
    , m_proxy(new StatusProxyModel(this))
    , m_view(new QTableView(this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("fabricHealthPanel"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setPalette(palette());
    m_view->setModel(m_proxy);
    m_view->setObjectName(QStringLiteral("fabricHealthView"));
    m_view->setAccessibleName(tr("Fabric health per link"));
    m_view->verticalHeader()->hide();
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(false);
    m_view->setAlternatingRowColors(true);
    QHeaderView *h = m_view->horizontalHeader();
    h->setSectionResizeMode(QHeaderView::ResizeToContents);
    h->setSectionResizeMode(FabricHealthModel::ReasonColumn, QHeaderView::Stretch);
    m_summary->setObjectName(QStringLiteral("fabricHealthSummary"));
    m_summary->setWordWrap(true);
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    setChart(body);
    setTableModel(m_model);
    update();
}

void FabricHealthPanel::setMonitor(health::HealthMonitor *monitor)
{
    m_monitor = monitor;
    connect(monitor, &health::HealthMonitor::evaluated, this, &FabricHealthPanel::update);
    update();
}

void FabricHealthPanel::update()
{
    if (m_monitor)
        m_model->setLinks(m_monitor->links());
    int counts[4] = {0, 0, 0, 0};
    for (const health::LinkHealth &l : m_model->links())
        ++counts[int(l.verdict)];
    if (m_model->links().isEmpty()) {
        setEmptyText(tr("No links known yet: the nodes' RDMA ports and data-plane interfaces appear here once their "
                        "agents report."));
        setChartDescription(QString());
        return;
    }
    setEmptyText(QString());
    QStringList parts;
    if (counts[int(Verdict::Failing)])
        parts << tr("%n failing", nullptr, counts[int(Verdict::Failing)]);
    if (counts[int(Verdict::Degraded)])
        parts << tr("%n degraded", nullptr, counts[int(Verdict::Degraded)]);
    if (counts[int(Verdict::Healthy)])
        parts << tr("%n healthy", nullptr, counts[int(Verdict::Healthy)]);
    if (counts[int(Verdict::Unknown)])
        parts << tr("%n unknown", nullptr, counts[int(Verdict::Unknown)]);
    //: %1 e.g. "1 degraded, 3 healthy"; rates over the last 10 s
    const QString text = tr("%n link(s): %1 (rates per second over the last %2 s).", nullptr,
                            int(m_model->links().size()))
                             .arg(parts.join(QStringLiteral(", ")))
                             .arg(m_monitor ? m_monitor->thresholds().windowSeconds : health::Thresholds().windowSeconds);
    m_summary->setText(text);
    setChartDescription(text);
}

void FabricHealthPanel::changeEvent(QEvent *event)
{
    DashboardPanel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_proxy->setPalette(palette());
}

} // namespace halolink::ui
