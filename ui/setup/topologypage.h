#pragma once
// A page of the setup wizard (see setupwizard.h and setuppages.h).

#include <QWizardPage>

class QLabel;
class QRadioButton;
class QSpinBox;
class QTableWidget;

namespace halolink::setup {
class SetupController;
}

namespace halolink::ui {

// 3. Topology and addressing.
class TopologyPage final : public QWizardPage
{
    Q_OBJECT
public:
    explicit TopologyPage(setup::SetupController *controller, QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    // Sets node i's address as if typed.
    void setAddress(int node, const QString &address);
    QString problemsText() const;
    // The note that the proposal changed while typed addresses were kept (empty: none shown).
    QString proposalNote() const;

private:
    void rebuild();
    void readBack();
    void revalidate();
    void typed(int node);
    QStringList proposal() const;
    // Addresses follow the cabling unless the person typed some; then the
    // changed proposal is said and offered.
    void offerProposal();
    void useProposal();

    setup::SetupController *m_controller;
    QRadioButton *m_direct;
    QRadioButton *m_switch;
    QSpinBox *m_mtu;
    QTableWidget *m_table;
    QLabel *m_problems;
    QLabel *m_proposalNote;
    bool m_blocking = false;
    bool m_filling = false;
};

} // namespace halolink::ui
