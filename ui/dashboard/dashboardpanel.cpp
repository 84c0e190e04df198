#include "dashboard/dashboardpanel.h"

#include "dashboard/plotstyle.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStackedWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace halolink::ui {

DashboardPanel::DashboardPanel(const QString &title, QWidget *parent)
    : QFrame(parent)
    , m_title(new QLabel(this))
    , m_header(new QHBoxLayout)
    , m_stack(new QStackedWidget(this))
    , m_table(new QTableView(this))
    , m_tableButton(new QToolButton(this))
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
    // Last in the header, so the panel's own controls come first in reading order.
    m_tableButton->setCheckable(true);
    m_tableButton->setText(tr("Table"));
    m_tableButton->setFocusPolicy(Qt::StrongFocus);
    m_tableButton->setToolTip(tr("Show this chart as a table of the same numbers"));
    connect(m_tableButton, &QToolButton::toggled, this, [this](bool on) {
        setShowTable(on);
        Q_EMIT showTableToggled(on);
    });

    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Whole names and numbers (a screen magnifier user reads the cells too):
    // the columns fit their contents while the table is shown (updatePage()).
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
    m_tableButton->setAccessibleName(tr("Show %1 as a table").arg(title));
    setAccessibleName(title);
    if (m_chart)
        m_chart->setAccessibleName(title);
}

QString DashboardPanel::title() const
{
    return m_title->text();
}

void DashboardPanel::setChart(QWidget *chart)
{
    m_chart = chart;
    chart->setAccessibleName(m_title->text());
    // Focusable, so a screen reader can land on it and read its description.
    chart->setFocusPolicy(Qt::StrongFocus);
    m_stack->insertWidget(0, chart);
    // After the panel's own controls (added by the subclass before setChart).
    m_header->addWidget(m_tableButton);
    updateTabOrder();
    updatePage();
}

void DashboardPanel::setTableModel(QAbstractItemModel *model)
{
    m_table->setModel(model);
}

void DashboardPanel::setShowTable(bool table)
{
    m_showTable = table;
    {
        QSignalBlocker block(m_tableButton);
        m_tableButton->setChecked(table);
    }
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
    // Fitting the columns to their contents measures every cell's text again
    // on each change of the model, which refreshes twice a second: only while
    // the table is on the page, not behind the chart (a 64-node latency matrix
    // cost milliseconds a refresh there). Shown again, it fits them at once.
    m_table->horizontalHeader()->setSectionResizeMode(page() == Page::Table ? QHeaderView::ResizeToContents
                                                                            : QHeaderView::Interactive);
    switch (page()) {
    case Page::Chart:
        if (m_chart)
            m_stack->setCurrentWidget(m_chart);
        break;
    case Page::Table: m_stack->setCurrentWidget(m_table); break;
    case Page::Empty: m_stack->setCurrentWidget(m_empty); break;
    }
}

void DashboardPanel::addHeaderWidget(QWidget *widget)
{
    const int index = m_header->indexOf(m_tableButton);
    m_header->insertWidget(index < 0 ? m_header->count() : index, widget);
    updateTabOrder();
}

void DashboardPanel::updateTabOrder()
{
    // Reading order: the header's controls left to right, then the chart or its table.
    QList<QWidget *> order;
    for (int i = 0; i < m_header->count(); ++i) {
        QWidget *w = m_header->itemAt(i)->widget();
        if (w && w->focusPolicy() & Qt::TabFocus)
            order.append(w);
    }
    if (m_chart)
        order.append(m_chart);
    order.append(m_table);
    for (int i = 1; i < order.size(); ++i)
        setTabOrder(order.at(i - 1), order.at(i));
}

void DashboardPanel::setChartDescription(const QString &text)
{
    ui::setChartDescription(m_chart, text);
    ui::setChartDescription(m_table, text);
}

bool DashboardPanel::chartOnScreen() const
{
    return m_chart && page() == Page::Chart && m_chart->isVisible() && !m_chart->visibleRegion().isEmpty();
}

} // namespace halolink::ui
