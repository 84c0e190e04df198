#pragma once
// A page of the setup wizard (see setupwizard.h and setuppages.h).

#include <QWizardPage>

class QCheckBox;
class QGroupBox;
class QLabel;
class QRadioButton;
class QSpinBox;

namespace halolink::setup {
class SetupController;
}

namespace halolink::ui {

// 4. QoS.
class QosPage final : public QWizardPage
{
    Q_OBJECT
public:
    explicit QosPage(setup::SetupController *controller, QWidget *parent = nullptr);
    void initializePage() override;
    bool validatePage() override;

private:
    void update();

    setup::SetupController *m_controller;
    QRadioButton *m_default;
    QRadioButton *m_none;
    QCheckBox *m_advanced;
    QGroupBox *m_advancedBox;
    QSpinBox *m_pfc;
    QSpinBox *m_dscp;
    QCheckBox *m_ecn;
    QLabel *m_tos;
    QLabel *m_description;
    QLabel *m_softRoceNote;
    QCheckBox *m_persist;
    QSpinBox *m_within;
};

} // namespace halolink::ui
