#include "nodes/nodeactions.h"

#include "cluster/clustercontroller.h"
#include "cluster/keychainprobe.h"
#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "modelroles.h"
#include "nodes/credentialsdialog.h"
#include "nodes/hostkeydialog.h"
#include "nodes/nodedialog.h"
#include "nodes/sshimportdialog.h"
#include "ssh/credentialstore.h"

#include <QAbstractItemView>
#include <QAction>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QMessageBox>
#include <QTimer>

namespace halolink::ui {

NodeActions::NodeActions(NodeListModel *model, QAbstractItemView *view, QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_view(view)
    , m_model(model)
    , m_inventory(new Inventory(this))
    , m_cluster(new ClusterController(m_inventory, model, this))
    , m_store(new CredentialStore(QStringLiteral("HaloLink"), this))
    , m_keychain(new KeychainProbe(this))
    , m_add(new QAction(tr("&Add Node…"), this))
    , m_edit(new QAction(tr("&Edit Node…"), this))
    , m_remove(new QAction(tr("Re&move Node"), this))
    , m_import(new QAction(tr("&Import from SSH Config…"), this))
    , m_reconnect(new QAction(tr("Re&connect"), this))
{
    ClusterController::Options options;
    // One session per node, This computer's included: it gives the dashboard
    // its telemetry and joins the mesh when it has a data-plane address. Its
    // row and page show the window's own probe of it (LocalEngine), so the
    // controller neither probes it nor sets its row's state.
    options.includeLocal = true;
    options.probeLocal = false;
    options.localStateInModel = false;
    m_cluster->setOptions(options);
    m_cluster->setCredentialStore(m_store);

    m_add->setShortcut(QKeySequence::New);
    m_add->setToolTip(tr("Add a node reached over SSH"));
    m_edit->setToolTip(tr("Change the selected node's SSH or data-plane settings"));
    m_remove->setShortcut(QKeySequence::Delete);
    m_remove->setShortcutContext(Qt::WidgetShortcut);
    view->addAction(m_remove);
    m_remove->setToolTip(tr("Remove the selected node from HaloLink (nothing on the node changes)"));
    m_import->setToolTip(tr("Add the Host entries of ~/.ssh/config as nodes"));
    m_reconnect->setToolTip(tr("Connect to the selected node again now"));
    connect(m_add, &QAction::triggered, this, &NodeActions::addNode);
    connect(m_edit, &QAction::triggered, this, &NodeActions::editNode);
    connect(m_remove, &QAction::triggered, this, &NodeActions::removeNode);
    connect(m_import, &QAction::triggered, this, &NodeActions::importSshConfig);
    connect(m_reconnect, &QAction::triggered, this, &NodeActions::reconnectNode);
    connect(view, &QAbstractItemView::doubleClicked, this, &NodeActions::editNode);
    if (view->selectionModel())
        connect(view->selectionModel(), &QItemSelectionModel::currentChanged, this, &NodeActions::updateActions);
    connect(model, &QAbstractItemModel::dataChanged, this, &NodeActions::updateActions);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &NodeActions::updateActions);

    connect(m_inventory, &Inventory::problem, this, &NodeActions::showInventoryProblem);
    connect(m_cluster, &ClusterController::hostKeyUnknown, this, &NodeActions::onHostKeyUnknown);
    connect(m_cluster, &ClusterController::hostKeyChanged, this, &NodeActions::onHostKeyChanged);
    connect(m_cluster, &ClusterController::credentialsNeeded, this, &NodeActions::onCredentialsNeeded);
    connect(m_cluster, &ClusterController::credentialStored, this, [this](const QString &, bool, const QString &text) {
        Q_EMIT message(text);
    });
    connect(m_cluster, &ClusterController::serviceFailed, this,
            [this](const QString &id, const QString &method, const QString &text) {
                Q_EMIT message(tr("%1: %2 failed: %3").arg(m_inventory->node(id).value_or(Node{}).name, method, text));
            });
    updateActions();
}

NodeActions::~NodeActions()
{
    m_cluster->stop();
}

bool NodeActions::keychainAvailable() const
{
    return m_keychain->isFinished() && m_keychain->isAvailable();
}

void NodeActions::start()
{
    m_inventory->load();
    m_inventory->setWatchingFile(true);
    m_model->setNodes(m_inventory->nodes());
    m_keychain->start();
    m_cluster->start();
    updateActions();
}

QString NodeActions::currentNodeId() const
{
    return m_view->currentIndex().data(Roles::Key).toString();
}

void NodeActions::updateActions()
{
    const QString id = currentNodeId();
    const bool any = !id.isEmpty();
    const bool ssh = any && id != QLatin1String(Node::kLocalId);
    const bool writable = !m_inventory->isReadOnly();
    m_add->setEnabled(writable);
    m_import->setEnabled(writable);
    m_edit->setEnabled(any && writable);
    m_remove->setEnabled(ssh && writable);
    m_reconnect->setEnabled(ssh && m_cluster->session(id));
    const QString why = m_inventory->readOnlyReason();
    for (QAction *a : {m_add, m_import, m_edit, m_remove})
        a->setStatusTip(writable ? QString() : why);
}

void NodeActions::showInventoryProblem(const QString &problem)
{
    Q_EMIT message(problem);
    // After the window is up, and not on top of another question.
    QTimer::singleShot(0, this, [this, problem] {
        enqueue([this, problem]() -> QDialog * {
            auto *box = new QMessageBox(QMessageBox::Warning, tr("Node Inventory"), problem, QMessageBox::Ok, m_window);
            box->setObjectName(QStringLiteral("inventoryProblem"));
            return box;
        });
    });
    updateActions();
}

void NodeActions::addNode()
{
    NodeDialog dialog(m_inventory, Node{}, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error, id;
    if (!m_inventory->addNode(dialog.node(), &error, &id)) {
        QMessageBox::warning(m_window, tr("Add a Node"), error);
        return;
    }
    const int row = m_model->rowOf(id);
    if (row >= 0) {
        const QModelIndex source = m_model->index(row, 0);
        // The view may sort or filter through a proxy: find the row by key.
        for (int r = 0; r < m_view->model()->rowCount(); ++r) {
            const QModelIndex i = m_view->model()->index(r, 0);
            if (i.data(Roles::Key).toString() == id)
                m_view->setCurrentIndex(i);
        }
        Q_UNUSED(source);
    }
    Q_EMIT message(tr("Added %1; connecting…").arg(dialog.node().name));
}

void NodeActions::editNode()
{
    const auto node = m_inventory->node(currentNodeId());
    if (!node)
        return;
    NodeDialog dialog(m_inventory, *node, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    if (!m_inventory->updateNode(dialog.node(), &error))
        QMessageBox::warning(m_window, tr("Edit %1").arg(node->name), error);
}

void NodeActions::removeNode()
{
    const auto node = m_inventory->node(currentNodeId());
    if (!node || node->isLocal())
        return;
    const auto answer = QMessageBox::question(
        m_window, tr("Remove %1").arg(node->name),
        tr("Remove %1 from HaloLink? Its connection ends; nothing on the node is changed, and its host key stays in "
           "known_hosts.")
            .arg(node->name),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Yes)
        return;
    QString error;
    if (!m_inventory->removeNode(node->id, &error))
        QMessageBox::warning(m_window, tr("Remove %1").arg(node->name), error);
}

void NodeActions::importSshConfig()
{
    SshImportDialog dialog(m_inventory, QString(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QStringList failed;
    int added = 0;
    for (const Node &n : dialog.selectedNodes()) {
        QString error;
        if (m_inventory->addNode(n, &error))
            ++added;
        else
            failed << tr("%1: %2").arg(n.name, error);
    }
    if (!failed.isEmpty())
        QMessageBox::warning(m_window, tr("Import from SSH Config"),
                             tr("Some hosts were not added:\n%1").arg(failed.join(QLatin1Char('\n'))));
    Q_EMIT message(tr("%n node(s) imported.", nullptr, added));
}

void NodeActions::reconnectNode()
{
    const QString id = currentNodeId();
    if (!id.isEmpty() && m_cluster->session(id))
        m_cluster->restartNode(id);
}

void NodeActions::onHostKeyUnknown(const QString &nodeId, const HostKeyInfo &info)
{
    const QString name = m_inventory->node(nodeId).value_or(Node{}).name;
    enqueue([this, nodeId, info, name]() -> QDialog * {
        auto *dialog = new HostKeyDialog(name, info, m_window);
        connect(dialog, &QDialog::finished, this, [this, nodeId](int result) {
            if (result == QDialog::Accepted)
                m_cluster->acceptHostKey(nodeId);
            else
                m_cluster->rejectHostKey(nodeId);
        });
        return dialog;
    });
}

void NodeActions::onHostKeyChanged(const QString &nodeId, const HostKeyInfo &info, const QString &text)
{
    const QString name = m_inventory->node(nodeId).value_or(Node{}).name;
    enqueue([this, info, name, text]() -> QDialog * { return new HostKeyDialog(name, info, text, m_window); });
}

void NodeActions::onCredentialsNeeded(const QString &nodeId, CredentialKind kind, const QString &prompt)
{
    const Node node = m_inventory->node(nodeId).value_or(Node{});
    enqueue([this, nodeId, node, kind, prompt]() -> QDialog * {
        auto *dialog = new CredentialsDialog(node.name, node.sshDisplay(), kind, prompt, keychainAvailable(), m_window);
        connect(dialog, &QDialog::finished, this, [this, nodeId, dialog](int result) {
            if (result == QDialog::Accepted)
                m_cluster->provideCredentials(nodeId, dialog->takeSecret(), dialog->remember());
            else
                m_cluster->cancelCredentials(nodeId);
        });
        return dialog;
    });
}

void NodeActions::enqueue(std::function<QDialog *()> make)
{
    m_queue.append(std::move(make));
    if (!m_dialog)
        showNext();
}

void NodeActions::showNext()
{
    if (m_dialog || m_queue.isEmpty())
        return;
    QDialog *dialog = m_queue.takeFirst()();
    m_dialog = dialog;
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::finished, this, [this] {
        m_dialog = nullptr;
        QTimer::singleShot(0, this, &NodeActions::showNext);
    });
    dialog->open();
}

} // namespace halolink::ui
