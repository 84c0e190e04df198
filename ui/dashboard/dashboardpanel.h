#pragma once
// One panel of the dashboard: a header (title, the panel's own controls) over
// a body that shows the chart, its table (the accessible alternative: the
// same numbers) or a sentence saying why there is nothing to show.

#include <QFrame>

class QHBoxLayout;
class QLabel;
class QStackedWidget;
class QTableView;
class QToolButton;
class QAbstractItemModel;

namespace halolink::ui {

class DashboardPanel : public QFrame
{
    Q_OBJECT

public:
    explicit DashboardPanel(const QString &title, QWidget *parent = nullptr);

    void setTitle(const QString &title);
    QString title() const;
    QHBoxLayout *headerLayout() const { return m_header; }
    // A control in the header, before the Table toggle (keeps the tab order).
    void addHeaderWidget(QWidget *widget);
    void updateTabOrder();
    QTableView *tableView() const { return m_table; }
    // The panel's own "Table" toggle (chart <-> table), the first stop of Tab
    // in the panel; Ctrl+Tab on the dashboard jumps from panel to panel to it.
    QToolButton *tableButton() const { return m_tableButton; }
    QWidget *chart() const { return m_chart; }

    enum class Page { Chart, Table, Empty };
    void setChart(QWidget *chart);
    void setTableModel(QAbstractItemModel *model);
    void setShowTable(bool table);
    bool showsTable() const { return m_showTable; }
    // Non-empty: the chart is replaced by this text (unless the table is shown).
    void setEmptyText(const QString &text);
    Page page() const;
    // Whether the chart is on screen now (not hidden, not scrolled away).
    bool chartOnScreen() const;
    // What a screen reader says about the chart (e.g. the latest values).
    void setChartDescription(const QString &text);

Q_SIGNALS:
    // The person switched this panel between chart and table.
    void showTableToggled(bool table);

private:
    void updatePage();

    QLabel *m_title;
    QHBoxLayout *m_header;
    QStackedWidget *m_stack;
    QWidget *m_chart = nullptr;
    QTableView *m_table;
    QToolButton *m_tableButton;
    QLabel *m_empty;
    bool m_showTable = false;
    QString m_emptyText;
};

} // namespace halolink::ui
