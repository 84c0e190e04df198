#pragma once
// The first screen, while the inventory has no cluster node: what HaloLink
// does, and the three ways in (set up a cluster with the wizard, add nodes,
// try a virtual cluster on this computer), with a line on whether HaloLink
// itself works here (This computer's engine). The main window shows it at
// start without SSH nodes and again when the last one is removed.

#include <QWidget>

class QCommandLinkButton;
class QLabel;

namespace halolink::ui {

class WelcomePage final : public QWidget
{
    Q_OBJECT

public:
    explicit WelcomePage(QWidget *parent = nullptr);

    // This computer's state in one sentence ("HaloLink works here: engine
    // 0.9 answered.", or what is wrong and where to read more).
    void setLocalStatus(const QString &text, bool ok);
    // Whether a virtual cluster is booting or up (the third way then says so).
    void setVirtualClusterState(const QString &text);

    QCommandLinkButton *setupButton() const { return m_setup; }
    QCommandLinkButton *addNodesButton() const { return m_addNodes; }
    QCommandLinkButton *importButton() const { return m_import; }
    QCommandLinkButton *virtualClusterButton() const { return m_virtual; }

Q_SIGNALS:
    void setUpClusterRequested();
    void addNodeRequested();
    void importRequested();
    void virtualClusterRequested();
    void thisComputerRequested();

private:
    QCommandLinkButton *m_setup;
    QCommandLinkButton *m_addNodes;
    QCommandLinkButton *m_import;
    QCommandLinkButton *m_virtual;
    QLabel *m_local;
    QLabel *m_virtualState;
};

} // namespace halolink::ui
