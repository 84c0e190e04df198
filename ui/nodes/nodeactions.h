#pragma once
// The main window's node management: the inventory (shared with
// halolinkctl, followed when it changes the file), the ClusterController
// (one agent session per SSH node, shown in the node list), the actions
// Add / Edit / Remove / Import from SSH config / Reconnect, and the dialogs the
// connections need: host-key decisions and credentials (one at a time).

#include "ssh/sshtypes.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

class QAbstractItemView;
class QAction;
class QDialog;
class QWidget;

namespace halolink {
class ClusterController;
class CredentialStore;
class Inventory;
class KeychainProbe;
class NodeListModel;
} // namespace halolink

namespace halolink::ui {

class NodeActions final : public QObject
{
    Q_OBJECT

public:
    // window: parent of the dialogs. view: the node list (its current row is
    // the node that Edit/Remove/Reconnect act on).
    NodeActions(NodeListModel *model, QAbstractItemView *view, QWidget *window);
    ~NodeActions() override;

    Inventory *inventory() const { return m_inventory; }
    ClusterController *cluster() const { return m_cluster; }
    CredentialStore *credentialStore() const { return m_store; }
    bool keychainAvailable() const;
    // Whether the system keychain works here (This computer's checks show it).
    KeychainProbe *keychain() const { return m_keychain; }

    QAction *addAction() const { return m_add; }
    QAction *editAction() const { return m_edit; }
    QAction *removeAction() const { return m_remove; }
    QAction *importAction() const { return m_import; }
    QAction *reconnectAction() const { return m_reconnect; }
    QList<QAction *> actions() const { return {m_add, m_import, m_edit, m_remove, m_reconnect}; }

    // Loads the inventory (telling the person about a bad file) and connects.
    void start();
    // The dialog on screen (host key or credentials), for tests.
    QDialog *currentDialog() const { return m_dialog; }

public Q_SLOTS:
    void addNode();
    void editNode();
    void removeNode();
    void importSshConfig();
    void reconnectNode();

Q_SIGNALS:
    // For the status bar.
    void message(const QString &text);

private:
    QString currentNodeId() const;
    void updateActions();
    void showInventoryProblem(const QString &problem);
    void onHostKeyUnknown(const QString &nodeId, const HostKeyInfo &info);
    void onHostKeyChanged(const QString &nodeId, const HostKeyInfo &info, const QString &message);
    void onCredentialsNeeded(const QString &nodeId, CredentialKind kind, const QString &prompt);
    // Dialogs one after the other: a second question waits for the first.
    void enqueue(std::function<QDialog *()> make);
    void showNext();

    QPointer<QWidget> m_window;
    QAbstractItemView *m_view;
    NodeListModel *m_model;
    Inventory *m_inventory;
    ClusterController *m_cluster;
    CredentialStore *m_store;
    KeychainProbe *m_keychain;
    QAction *m_add, *m_edit, *m_remove, *m_import, *m_reconnect;
    QList<std::function<QDialog *()>> m_queue;
    QPointer<QDialog> m_dialog;
};

} // namespace halolink::ui
