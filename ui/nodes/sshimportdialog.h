#pragma once
// Import nodes from ~/.ssh/config: one checkable row per Host alias with what
// the config resolves (host name, user, port, keys); hosts already in the
// inventory are shown but cannot be checked; notes (Match blocks skipped,
// pattern-only Host lines) below the table.

#include "inventory/node.h"
#include "inventory/sshconfigimport.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;

namespace halolink {
class Inventory;
}

namespace halolink::ui {

class SshImportDialog final : public QDialog
{
    Q_OBJECT

public:
    // configPath empty: ~/.ssh/config.
    SshImportDialog(const Inventory *inventory, const QString &configPath = QString(), QWidget *parent = nullptr);

    // The checked hosts as nodes (alias as name and host).
    QList<Node> selectedNodes() const;
    QTreeWidget *hostList() const { return m_list; }
    QLabel *notesLabel() const { return m_notes; }
    QPushButton *importButton() const { return m_import; }

public Q_SLOTS:
    void reload();

private:
    void updateButton();

    const Inventory *m_inventory;
    QLineEdit *m_path;
    QTreeWidget *m_list;
    QLabel *m_notes;
    QPushButton *m_import;
    SshConfigImport m_parsed;
};

} // namespace halolink::ui
