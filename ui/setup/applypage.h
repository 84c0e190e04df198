#pragma once
// A page of the setup wizard (see setupwizard.h and setuppages.h).

#include <QWizardPage>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

namespace halolink::setup {
class SetupController;
}

namespace halolink::ui {

// 6. Apply, per-node progress, automatic rollback explained.
class ApplyPage final : public QWizardPage
{
    Q_OBJECT
public:
    explicit ApplyPage(setup::SetupController *controller, QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    void startApply();
    void rollBackAll();

private:
    void refresh();

    setup::SetupController *m_controller;
    QLabel *m_explain;
    QPushButton *m_apply;
    QPushButton *m_rollback;
    QTableWidget *m_table;
    QPlainTextEdit *m_log;
    QLabel *m_status;
};

} // namespace halolink::ui
