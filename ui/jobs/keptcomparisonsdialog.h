#pragma once
// The RDMA/TCP comparisons kept with the cluster for one job
// (jobs::ComparisonStore, newest first): when, the levels, how it ended, the
// speed-up range and whether the outputs matched; the selected one in a
// ComparisonView.

#include "jobs/comparereport.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace halolink::ui {

class ComparisonView;

class KeptComparisonsDialog final : public QDialog {
    Q_OBJECT

public:
    // `folder`: the store's folder (empty: the app's, next to the inventory).
    explicit KeptComparisonsDialog(const QString &jobName, const QString &folder = {}, QWidget *parent = nullptr);

    const QString &jobName() const { return m_jobName; }
    QTableWidget *list() const { return m_list; }
    ComparisonView *view() const { return m_view; }
    const QList<jobs::Comparison> &comparisons() const { return m_comparisons; }

public Q_SLOTS:
    // Reads the store again.
    void reload();

private:
    void showRow(int row);

    QString m_jobName;
    QString m_folder;
    QList<jobs::Comparison> m_comparisons;
    QLabel *m_status;
    QTableWidget *m_list;
    ComparisonView *m_view;
};

} // namespace halolink::ui
