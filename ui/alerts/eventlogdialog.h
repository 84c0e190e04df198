#pragma once
// View > Events…: every alert of this session (core/health/alerts.h), the
// newest first, with when it was raised, when it cleared (or that it still
// holds), its severity, node and what it says; exportable as CSV.

#include <QDialog>

class QTableWidget;
class QCheckBox;

namespace halolink::health {
class AlertLog;
}

namespace halolink::ui {

class EventLogDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit EventLogDialog(health::AlertLog *log, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    void refresh();
    bool exportCsv(const QString &path, QString *error = nullptr) const;

private:
    health::AlertLog *m_log;
    QTableWidget *m_table;
    QCheckBox *m_activeOnly;
};

} // namespace halolink::ui
