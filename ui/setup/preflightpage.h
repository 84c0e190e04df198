#pragma once
// A page of the setup wizard (see setupwizard.h and setuppages.h).

#include <QWizardPage>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTreeWidget;

namespace halolink::setup {
class SetupController;
}

namespace halolink::ui {

class NodeActions;

// 2. Preflight: every node's checks, with reasons and remedies; fails block
// "Next" unless overridden with a stated reason.
class PreflightPage final : public QWizardPage
{
    Q_OBJECT
public:
    PreflightPage(setup::SetupController *controller, NodeActions *actions, QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    int blockingCount() const { return m_blocking; }

private:
    void rebuild();

    setup::SetupController *m_controller;
    NodeActions *m_actions;
    QCheckBox *m_softRoce;
    QTreeWidget *m_tree;
    QLabel *m_summary;
    QCheckBox *m_override;
    QLineEdit *m_reason;
    int m_blocking = 0;
};

} // namespace halolink::ui
