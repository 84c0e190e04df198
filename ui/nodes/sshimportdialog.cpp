#include "nodes/sshimportdialog.h"

#include "inventory/inventory.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace halolink::ui {

namespace {
enum Column { AliasColumn, HostColumn, UserColumn, PortColumn, KeyColumn, ColumnCount };
}

SshImportDialog::SshImportDialog(const Inventory *inventory, const QString &configPath, QWidget *parent)
    : QDialog(parent)
    , m_inventory(inventory)
    , m_path(new QLineEdit(configPath.isEmpty() ? defaultSshConfigPath() : configPath, this))
    , m_list(new QTreeWidget(this))
    , m_notes(new QLabel(this))
{
    setWindowTitle(tr("Import from SSH Config"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Each Host of your ssh config becomes a node named after its alias. The alias stays "
                                "the node's host, so user, port, keys and ProxyJump keep coming from the config."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *pathRow = new QHBoxLayout;
    auto *pathLabel = new QLabel(tr("&File:"), this);
    pathLabel->setBuddy(m_path);
    m_path->setAccessibleName(tr("SSH config file"));
    auto *browse = new QToolButton(this);
    browse->setText(tr("Browse…"));
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("SSH Config"), m_path->text());
        if (!f.isEmpty()) {
            m_path->setText(f);
            reload();
        }
    });
    connect(m_path, &QLineEdit::editingFinished, this, &SshImportDialog::reload);
    pathRow->addWidget(pathLabel);
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    layout->addLayout(pathRow);

    m_list->setColumnCount(ColumnCount);
    m_list->setHeaderLabels({tr("Alias"), tr("Host name"), tr("User"), tr("Port"), tr("Key")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAccessibleName(tr("Hosts in the SSH config"));
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(true);
    connect(m_list, &QTreeWidget::itemChanged, this, &SshImportDialog::updateButton);
    layout->addWidget(m_list, 1);

    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::PlainText);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_notes);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_import = buttons->addButton(tr("&Import"), QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(760, 440);
    reload();
}

void SshImportDialog::reload()
{
    m_parsed = parseSshConfig(m_path->text().trimmed());
    const QSignalBlocker block(m_list);
    m_list->clear();
    QStringList notes = m_parsed.notes;
    if (!m_parsed.ok())
        notes.prepend(tr("Cannot read %1").arg(m_parsed.error));
    const QList<Node> existing = m_inventory ? m_inventory->nodes() : QList<Node>{};
    for (const SshConfigHost &h : std::as_const(m_parsed.hosts)) {
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(AliasColumn, h.alias);
        item->setText(HostColumn, h.hostName.isEmpty() ? h.alias : h.hostName);
        item->setText(UserColumn, h.user);
        item->setText(PortColumn, h.port > 0 ? QString::number(h.port) : QString());
        QStringList keys;
        for (const QString &k : h.identityFiles)
            keys << QDir::toNativeSeparators(k).replace(QDir::homePath(), QStringLiteral("~"));
        item->setText(KeyColumn, keys.join(QStringLiteral(", ")));
        item->setToolTip(AliasColumn, tr("%1, line %2").arg(QDir::toNativeSeparators(h.file)).arg(h.line));
        item->setData(AliasColumn, Qt::UserRole, h.alias);
        const bool present = std::any_of(existing.begin(), existing.end(), [&h](const Node &n) {
            return n.name.compare(h.alias, Qt::CaseInsensitive) == 0 || (!n.isLocal() && n.host == h.alias);
        });
        if (present) {
            item->setFlags(item->flags() & ~Qt::ItemIsUserCheckable & ~Qt::ItemIsEnabled);
            item->setText(AliasColumn, tr("%1 (already added)").arg(h.alias));
        } else {
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(AliasColumn, Qt::Checked);
        }
    }
    if (m_parsed.ok() && m_parsed.hosts.isEmpty())
        notes.prepend(tr("No Host entries without wildcards in this file."));
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
    updateButton();
}

QList<Node> SshImportDialog::selectedNodes() const
{
    QList<Node> nodes;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_list->topLevelItem(i);
        if (!(item->flags() & Qt::ItemIsEnabled) || item->checkState(AliasColumn) != Qt::Checked)
            continue;
        const QString alias = item->data(AliasColumn, Qt::UserRole).toString();
        for (const SshConfigHost &h : m_parsed.hosts) {
            if (h.alias == alias)
                nodes << h.toNode();
        }
    }
    return nodes;
}

void SshImportDialog::updateButton()
{
    const int n = int(selectedNodes().size());
    m_import->setEnabled(n > 0);
    m_import->setText(n > 0 ? tr("&Import %n Node(s)", nullptr, n) : tr("&Import"));
}

} // namespace halolink::ui
