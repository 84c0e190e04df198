#pragma once
// Add or edit a node: name, SSH host (or ~/.ssh/config alias), user, port,
// identity file, data-plane interface and address. Every field is checked as
// it is typed, with the message under the field; OK stays disabled while
// there is an error. Warnings (a loopback data-plane address, the management
// address used as data plane) are shown but allowed. For This computer only
// the data-plane fields can be changed.

#include "inventory/node.h"
#include "inventory/nodevalidation.h"

#include <QDialog>
#include <QHash>

class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace halolink {
class Inventory;
}

namespace halolink::ui {

class NodeDialog final : public QDialog
{
    Q_OBJECT

public:
    // node.id empty: a new node.
    NodeDialog(const Inventory *inventory, const Node &node, QWidget *parent = nullptr);

    // The node as typed (id and kind kept from the one given).
    Node node() const;
    ValidationIssues issues() const { return m_issues; }
    bool isAcceptable() const { return !hasErrors(m_issues) && m_portError.isEmpty(); }

    QLineEdit *field(const QString &name) const { return m_fields.value(name); }
    QLabel *messageLabel(const QString &name) const { return m_messages.value(name); }
    QPushButton *okButton() const;

private:
    void addRow(QFormLayout *form, const QString &name, const QString &label, QLineEdit *edit,
                const QString &placeholder, QWidget *extra = nullptr);
    void revalidate();
    void chooseIdentityFile();

    const Inventory *m_inventory;
    Node m_node;
    QHash<QString, QLineEdit *> m_fields;
    QHash<QString, QLabel *> m_messages;
    QDialogButtonBox *m_buttons;
    ValidationIssues m_issues;
    QString m_portError;
};

} // namespace halolink::ui
