#pragma once
// A page of the setup wizard (see setupwizard.h and setuppages.h).

#include <QWizardPage>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace halolink::setup {
class SetupController;
}

namespace halolink::ui {

// 5. Review: the plan of every node, every command visible, copyable, exportable.
class ReviewPage final : public QWizardPage
{
    Q_OBJECT
public:
    explicit ReviewPage(setup::SetupController *controller, QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool exportTo(const QString &path, QString *error) const;
    QString planText() const;

private:
    void render();

    setup::SetupController *m_controller;
    QPlainTextEdit *m_view;
    QLabel *m_status;
    QPushButton *m_copy;
    QPushButton *m_export;
    bool m_done = false;
};

} // namespace halolink::ui
