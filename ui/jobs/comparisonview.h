#pragma once
// One RDMA/TCP comparison of a job (core/jobs/comparereport.h): total output
// tokens/s per concurrency level as grouped bars (RDMA and TCP side by side,
// the speed-up over each group, "n/a" where a run has no figure, and the
// advisor's prediction as markers on the one-request group when it was
// given), the table of every figure ("n/a", never 0, where one is missing),
// whether the greedy outputs matched, each run's traffic proof, and how the
// comparison ended (failed, cancelled, the job put back or not). Copy and
// save as CSV (comparisonCsv()), copy as text (comparisonText()).

#include "jobs/comparereport.h"

#include <QWidget>

#include <optional>

class QCustomPlot;
class QLabel;
class QPushButton;
class QScrollArea;
class QTableWidget;

namespace halolink::ui {

class ComparisonView final : public QWidget {
    Q_OBJECT

public:
    enum Column {
        ConcurrencyColumn,
        RdmaRateColumn,
        TcpRateColumn,
        SpeedupColumn,
        RdmaTtftColumn,
        TcpTtftColumn,
        RdmaItlP50Column,
        TcpItlP50Column,
        RdmaItlP99Column,
        TcpItlP99Column,
        ColumnCount
    };

    explicit ComparisonView(QWidget *parent = nullptr);

    void setComparison(const jobs::Comparison &comparison);
    // Nothing to show; `why` says so.
    void clear(const QString &why = QString());
    const std::optional<jobs::Comparison> &comparison() const { return m_comparison; }

    QCustomPlot *chart() const { return m_chart; }
    QTableWidget *table() const { return m_table; }
    // The lines as shown (for tests and screen readers).
    QString outcomeText() const;
    QString outputsText() const;
    QString runText(bool tcpOnly) const;
    QString predictionText() const;

public Q_SLOTS:
    void copyCsv();
    void copyText();
    // Asks where, then writes the CSV (QSaveFile); false when not written.
    bool saveCsv();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fillTable(const QList<jobs::CompareLevel> &levels);
    void fillChart(const QList<jobs::CompareLevel> &levels);
    void applyStyle();
    void fitTableHeight();

    std::optional<jobs::Comparison> m_comparison;
    QLabel *m_placeholder;
    QScrollArea *m_scroll;
    QWidget *m_content;
    QLabel *m_title;
    QLabel *m_outcome;
    QLabel *m_restored;
    QLabel *m_outputs;
    QLabel *m_runIcon[2];
    QLabel *m_run[2];
    QCustomPlot *m_chart;
    QTableWidget *m_table;
    QLabel *m_prediction;
    QPushButton *m_copyCsv;
    QPushButton *m_copyText;
    QPushButton *m_saveCsv;
};

} // namespace halolink::ui
