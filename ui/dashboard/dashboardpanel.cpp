#include "dashboard/dashboardpanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace halolink::ui {

DashboardPanel::DashboardPanel(const QString &title, QWidget *parent)
    : QFrame(parent)
    , m_title(new QLabel(this))
    , m_header(new QHBoxLayout)
    , m_stack(new QStackedWidget(this))
    , m_table(new QTableView(this))
    , m_empty(new QLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    QFont font = m_title->font();
    font.setBold(true);
    m_title->setFont(font);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setWordWrap(true); // a long title wraps instead of widening the panel
    m_title->setMinimumWidth(120);
    setTitle(title);

    m_header->setContentsMargins(0, 0, 0, 0);
    m_header->setSpacing(6);
    m_header->addWidget(m_title, 1);

    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);

    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_empty->setMargin(12);

    m_stack->addWidget(m_table);
    m_stack->addWidget(m_empty);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(4);
    layout->addLayout(m_header);
    layout->addWidget(m_stack, 1);
}

void DashboardPanel::setTitle(const QString &title)
{
    m_title->setText(title);
    m_table->setAccessibleName(tr("%1 (table)").arg(title));
}

QString DashboardPanel::title() const
{
    return m_title->text();
}

void DashboardPanel::setChart(QWidget *chart)
{
    m_chart = chart;
    chart->setAccessibleName(m_title->text());
    m_stack->insertWidget(0, chart);
    updatePage();
}

void DashboardPanel::setTableModel(QAbstractItemModel *model)
{
    m_table->setModel(model);
}

void DashboardPanel::setShowTable(bool table)
{
    m_showTable = table;
    updatePage();
}

void DashboardPanel::setEmptyText(const QString &text)
{
    if (text == m_emptyText)
        return;
    m_emptyText = text;
    m_empty->setText(text);
    updatePage();
}

DashboardPanel::Page DashboardPanel::page() const
{
    if (m_showTable)
        return Page::Table;
    return m_emptyText.isEmpty() ? Page::Chart : Page::Empty;
}

void DashboardPanel::updatePage()
{
    switch (page()) {
    case Page::Chart:
        if (m_chart)
            m_stack->setCurrentWidget(m_chart);
        break;
    case Page::Table: m_stack->setCurrentWidget(m_table); break;
    case Page::Empty: m_stack->setCurrentWidget(m_empty); break;
    }
}

bool DashboardPanel::chartOnScreen() const
{
    return m_chart && page() == Page::Chart && m_chart->isVisible() && !m_chart->visibleRegion().isEmpty();
}

} // namespace halolink::ui
