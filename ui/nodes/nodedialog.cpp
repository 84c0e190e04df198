#include "nodes/nodedialog.h"

#include "inventory/inventory.h"
#include "ssh/sshpaths.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace halolink::ui {

namespace {
const QString kName = QStringLiteral("name");
const QString kHost = QStringLiteral("host");
const QString kUser = QStringLiteral("user");
const QString kPort = QStringLiteral("port");
const QString kIdentity = QStringLiteral("identity_file");
const QString kInterface = QStringLiteral("data_interface");
const QString kAddress = QStringLiteral("data_address");
} // namespace

NodeDialog::NodeDialog(const Inventory *inventory, const Node &node, QWidget *parent)
    : QDialog(parent)
    , m_inventory(inventory)
    , m_node(node)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    const bool adding = node.id.isEmpty();
    setWindowTitle(adding ? tr("Add a Node") : node.isLocal() ? tr("This Computer") : tr("Edit %1").arg(node.name));
    auto *layout = new QVBoxLayout(this);

    auto *intro = new QLabel(
        node.isLocal()
            ? tr("This computer runs the engine itself, without SSH. Give its data-plane (RDMA) address if it "
                 "takes part in the cluster's latency mesh.")
            : tr("HaloLink reaches the node over SSH, as <code>ssh</code> would: a Host alias of "
                 "~/.ssh/config brings its user, port, key and ProxyJump. Fields left empty come from there."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    layout->addLayout(form);

    addRow(form, kName, tr("&Name:"), new QLineEdit(node.name, this), tr("e.g. halo1"));
    if (node.isLocal()) {
        m_fields.value(kName)->setReadOnly(true);
        m_fields.value(kName)->setClearButtonEnabled(false);
    }
    if (!node.isLocal()) {
        addRow(form, kHost, tr("SSH &host:"), new QLineEdit(node.host, this),
               tr("host name, address or ~/.ssh/config alias"));
        addRow(form, kUser, tr("&User:"), new QLineEdit(node.user, this), tr("from the ssh config, else your user name"));
        addRow(form, kPort, tr("&Port:"), new QLineEdit(node.port > 0 ? QString::number(node.port) : QString(), this),
               tr("from the ssh config, else 22"));
        auto *browse = new QToolButton(this);
        browse->setText(tr("Browse…"));
        browse->setAccessibleName(tr("Choose the identity file"));
        connect(browse, &QToolButton::clicked, this, &NodeDialog::chooseIdentityFile);
        addRow(form, kIdentity, tr("&Identity file:"), new QLineEdit(node.identityFile, this),
               tr("ssh agent and the config's keys"), browse);
    }
    addRow(form, kInterface, tr("Data-plane &interface:"), new QLineEdit(node.dataInterface, this),
           tr("optional, e.g. enp194s0np0"));
    addRow(form, kAddress, tr("Data-plane &address:"), new QLineEdit(node.dataAddress, this),
           tr("e.g. 192.168.100.1/30 (RDMA network)"));
    m_fields.value(kAddress)->setProperty("baseToolTip", tr("The node's address on the RDMA network: benchmarks and the latency mesh use "
                                            "it, never the SSH address."));

    layout->addStretch(1);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Ok)->setText(adding ? tr("&Add") : tr("&Save"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (isAcceptable())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    setMinimumWidth(520);
    revalidate();
}

void NodeDialog::addRow(QFormLayout *form, const QString &name, const QString &label, QLineEdit *edit,
                        const QString &placeholder, QWidget *extra)
{
    edit->setPlaceholderText(placeholder);
    edit->setObjectName(name);
    edit->setClearButtonEnabled(!edit->isReadOnly());
    auto *message = new QLabel(this);
    message->setObjectName(name + QStringLiteral("_message"));
    message->setWordWrap(true);
    message->setVisible(false);
    message->setTextFormat(Qt::PlainText);
    auto *column = new QVBoxLayout;
    column->setSpacing(2);
    if (extra) {
        auto *row = new QHBoxLayout;
        row->addWidget(edit, 1);
        row->addWidget(extra);
        column->addLayout(row);
    } else {
        column->addWidget(edit);
    }
    column->addWidget(message);
    auto *labelWidget = new QLabel(label, this);
    labelWidget->setBuddy(edit);
    form->addRow(labelWidget, column);
    edit->setAccessibleName(QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':')));
    m_fields.insert(name, edit);
    m_messages.insert(name, message);
    connect(edit, &QLineEdit::textChanged, this, &NodeDialog::revalidate);
}

QPushButton *NodeDialog::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

Node NodeDialog::node() const
{
    Node n = m_node;
    auto text = [this](const QString &name) {
        QLineEdit *e = m_fields.value(name);
        return e ? e->text().trimmed() : QString();
    };
    if (!n.isLocal()) {
        n.name = text(kName);
        n.host = text(kHost);
        n.user = text(kUser);
        int port = 0;
        QString ignored;
        n.port = parsePort(text(kPort), &port, &ignored) ? port : -1;
        n.identityFile = text(kIdentity);
    }
    n.dataInterface = text(kInterface);
    n.dataAddress = text(kAddress);
    return n;
}

void NodeDialog::revalidate()
{
    Node n = node();
    m_portError.clear();
    if (!n.isLocal()) {
        int port = 0;
        if (!parsePort(m_fields.value(kPort)->text(), &port, &m_portError))
            n.port = 0; // reported below as typed, not as -1
    }
    QList<Node> others = m_inventory ? m_inventory->nodes() : QList<Node>{};
    if (n.id.isEmpty())
        n.id = QStringLiteral("\x01new"); // compared with every node
    m_issues = validateNode(n, others);

    const QPalette pal = palette();
    for (auto it = m_messages.cbegin(); it != m_messages.cend(); ++it) {
        QStringList errors, warnings;
        for (const ValidationIssue &i : std::as_const(m_issues)) {
            if (i.field == it.key())
                (i.isError() ? errors : warnings) << i.message;
        }
        if (it.key() == kPort && !m_portError.isEmpty())
            errors << m_portError;
        // An untouched empty name or host of a new node is not an error to shout about yet.
        QLineEdit *edit = m_fields.value(it.key());
        const bool pristine = m_node.id.isEmpty() && edit && !edit->isModified() && edit->text().isEmpty();
        QLabel *label = it.value();
        if (!errors.isEmpty() && !pristine) {
            label->setText(errors.join(QLatin1Char('\n')));
            label->setProperty("severity", QStringLiteral("error"));
            label->setStyleSheet(QStringLiteral("color: %1;").arg(pal.color(QPalette::Active, QPalette::Text).lightness() > 128
                                                                      ? QStringLiteral("#ff8a80")
                                                                      : QStringLiteral("#b3261e")));
            label->setVisible(true);
        } else if (!warnings.isEmpty()) {
            label->setText(warnings.join(QLatin1Char('\n')));
            label->setProperty("severity", QStringLiteral("warning"));
            label->setStyleSheet(QStringLiteral("color: %1;").arg(pal.color(QPalette::Active, QPalette::Text).lightness() > 128
                                                                      ? QStringLiteral("#ffd180")
                                                                      : QStringLiteral("#8a5300")));
            label->setVisible(true);
        } else {
            label->clear();
            label->setProperty("severity", QString());
            label->setVisible(false);
        }
        if (edit)
            edit->setToolTip(label->text().isEmpty() ? edit->property("baseToolTip").toString() : label->text());
    }
    okButton()->setEnabled(isAcceptable());
    // Messages appear under the fields as they are typed: grow with them
    // rather than squeeze them (wrapped labels need the height for the width).
    QTimer::singleShot(0, this, [this] {
        layout()->activate();
        const int needed = layout()->hasHeightForWidth() ? layout()->totalHeightForWidth(width()) : sizeHint().height();
        if (needed > height())
            resize(width(), needed);
    });
}

void NodeDialog::chooseIdentityFile()
{
    QLineEdit *edit = m_fields.value(kIdentity);
    const QString start = edit->text().isEmpty() ? sshFolder() : edit->text();
    const QString file = QFileDialog::getOpenFileName(this, tr("Private Key"), start);
    if (!file.isEmpty()) {
        edit->setText(file);
        edit->setModified(true);
    }
}

} // namespace halolink::ui
