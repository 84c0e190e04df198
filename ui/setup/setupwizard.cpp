#include "setup/setupwizard.h"

#include "nodes/nodeactions.h"
#include "setup/savedsetup.h"
#include "setup/setupcontroller.h"
#include "setup/setuppages.h"
#include "ssh/credentialstore.h"

#include <QCheckBox>
#include <QCloseEvent>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace halolink::ui {

namespace {

// The sudo password for one node: shown on demand, handed to the controller
// (which writes it only to sudo's stdin on the node), optionally remembered in
// the system keychain.
QDialog *sudoDialog(QWidget *parent, const QString &nodeName, const QString &problem, bool keychain)
{
    auto *d = new QDialog(parent);
    d->setObjectName(QStringLiteral("sudoPasswordDialog"));
    d->setWindowTitle(QObject::tr("sudo password for %1").arg(nodeName));
    d->setAttribute(Qt::WA_DeleteOnClose);
    auto *layout = new QVBoxLayout(d);
    auto *text = new QLabel(QObject::tr("Configuring the NIC needs root on %1, and sudo there asks for a password. "
                                        "It is sent only to sudo on that node, never written to disk or to a log.")
                                .arg(nodeName),
                            d);
    text->setWordWrap(true);
    layout->addWidget(text);
    if (!problem.isEmpty()) {
        auto *p = new QLabel(problem, d);
        p->setWordWrap(true);
        layout->addWidget(p);
    }
    auto *edit = new QLineEdit(d);
    edit->setObjectName(QStringLiteral("sudoPassword"));
    edit->setEchoMode(QLineEdit::Password);
    edit->setAccessibleName(QObject::tr("sudo password"));
    layout->addWidget(edit);
    auto *remember = new QCheckBox(keychain ? QObject::tr("Remember it in the system keychain")
                                            : QObject::tr("Remember it (no system keychain available)"),
                                   d);
    remember->setObjectName(QStringLiteral("rememberSudo"));
    remember->setEnabled(keychain);
    layout->addWidget(remember);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, d);
    QObject::connect(buttons, &QDialogButtonBox::accepted, d, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, d, &QDialog::reject);
    layout->addWidget(buttons);
    return d;
}

} // namespace

SetupWizard::SetupWizard(NodeActions *actions, QWidget *parent)
    : QWizard(parent)
    , m_actions(actions)
    , m_controller(new setup::SetupController(actions->cluster(), actions->inventory(), this))
{
    setObjectName(QStringLiteral("setupWizard"));
    setWindowTitle(tr("Set Up the Cluster"));
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnLastPage, false);
    setOption(QWizard::HaveHelpButton, false);
    m_controller->setCredentialStore(actions->credentialStore());
    setPage(NodesPageId, new NodesPage(m_controller, actions, this));
    setPage(PreflightPageId, new PreflightPage(m_controller, actions, this));
    setPage(TopologyPageId, new TopologyPage(m_controller, this));
    setPage(QosPageId, new QosPage(m_controller, this));
    setPage(ReviewPageId, new ReviewPage(m_controller, this));
    setPage(ApplyPageId, new ApplyPage(m_controller, this));
    setPage(VerifyPageId, new VerifyPage(m_controller, this));
    setStartId(NodesPageId);
    resize(980, 680);
    setMinimumSize(640, 480);

    connect(this, &QWizard::currentIdChanged, this, [this] { saveProgress(); });
    connect(m_controller, &setup::SetupController::operationFinished, this, [this](const QString &op, bool ok) {
        saveProgress();
        if (m_statusPending && op == QLatin1String("plan")) {
            m_statusPending = false;
            m_controller->refreshStatus();
            return;
        }
        if (m_leaving && (op == QLatin1String("apply") || op == QLatin1String("verify") || op == QLatin1String("plan"))) {
            // Leaving was asked mid-operation: now roll back what it changed.
            if (m_controller->anyChanged())
                m_controller->rollbackAll();
            else
                finishLeaving();
            return;
        }
        if (m_leaving && op == QLatin1String("rollback")) {
            finishLeaving();
            return;
        }
        if (m_confirming && op == QLatin1String("confirm")) {
            m_confirming = false;
            if (ok) {
                setup::SetupController::removeStateFile();
                Q_EMIT clusterConfigured();
                QWizard::accept();
            } else {
                QMessageBox::warning(this, tr("Confirm failed"),
                                     tr("Not every node confirmed; those nodes roll back by themselves at their "
                                        "deadline. Details are in the Apply page's log."));
                button(QWizard::FinishButton)->setEnabled(true);
            }
        }
    });
    connect(m_controller, &setup::SetupController::sudoPasswordNeeded, this, [this](int node, const QString &name) {
        const setup::NodeRun r = m_controller->run(node);
        QDialog *d = sudoDialog(this, name, r.errorCode == QLatin1String("sudo_password_wrong") ? r.error : QString(),
                                m_actions->keychainAvailable());
        connect(d, &QDialog::finished, this, [this, d, node](int result) {
            auto *edit = d->findChild<QLineEdit *>(QStringLiteral("sudoPassword"));
            auto *remember = d->findChild<QCheckBox *>(QStringLiteral("rememberSudo"));
            QByteArray pw = edit->text().toUtf8();
            edit->clear();
            if (result == QDialog::Accepted && !pw.isEmpty())
                m_controller->provideSudoPassword(node, pw, remember->isChecked());
            else
                m_controller->cancelSudoPassword(node);
            pw.fill('\0');
        });
        d->open();
    });
}

SetupWizard::~SetupWizard() = default;

void SetupWizard::saveProgress()
{
    // No page (-1) while the wizard is torn down: the last real page stays saved.
    if (m_controller->nodes().isEmpty() || currentId() < 0)
        return;
    QString error;
    if (!m_controller->saveState(currentId(), &error))
        qWarning("setup: cannot save progress: %s", qPrintable(error));
}

void SetupWizard::changeCluster(const setup::SavedSetup &saved)
{
    m_changing = true;
    setWindowTitle(tr("Change the Cluster"));
    setup::Settings settings = saved.settings;
    settings.topologyChosen = false; // the Topology page decides it for the nodes chosen then
    m_controller->setSettings(settings);
    auto *nodes = qobject_cast<NodesPage *>(page(NodesPageId));
    nodes->setClusterNodes(saved.nodeIds(), saved.confirmedAt);
}

bool SetupWizard::resume(QString *error)
{
    const auto state = setup::SetupController::loadStateFile(error);
    if (!state)
        return false;
    const int page = m_controller->restoreState(*state, error);
    if (page < 0)
        return false;
    // What the saved phases said may be old: each changed node tells where it
    // stands, once the Review page's planning is done (one operation at a time).
    m_statusPending = m_controller->anyChanged();
    // Resume where choices are reviewed again: never straight into an operation.
    int target = std::clamp(page, int(NodesPageId), int(VerifyPageId));
    if (target == ReviewPageId)
        target = QosPageId;
    if (m_controller->anyChanged())
        target = ApplyPageId;
    else if (target >= ApplyPageId)
        target = QosPageId;
    // Walk the pages so each initializes from the restored state.
    restart();
    while (currentId() != target && currentId() < target) {
        if (!currentPage()->isComplete())
            break; // e.g. nodes still connecting: the person goes on from here
        next();
    }
    return true;
}

void SetupWizard::accept()
{
    auto *verify = qobject_cast<VerifyPage *>(page(VerifyPageId));
    if (!verify || m_confirming)
        return;
    if (!verify->verified() && m_leaveChoice == LeaveChoice::Ask) {
        const auto answer = QMessageBox::question(
            this, tr("Confirm anyway?"),
            tr("Verification did not pass on every node or pair. Confirm the change anyway? (Otherwise go back and "
               "roll back, or verify again.)"),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes)
            return;
    }
    m_confirming = true;
    button(QWizard::FinishButton)->setEnabled(false);
    m_controller->confirmAll();
}

void SetupWizard::reject()
{
    if (m_leaving)
        return;
    const bool busy = m_controller->isBusy();
    if (!m_controller->anyChanged() && !(busy && m_controller->operation() == QLatin1String("apply"))) {
        if (busy)
            m_controller->cancel();
        saveProgress();
        m_leaveMessage = tr("Setup left; nothing on the nodes was changed. It can be resumed.");
        QWizard::reject();
        return;
    }
    LeaveChoice choice = m_leaveChoice;
    if (choice == LeaveChoice::Ask) {
        qint64 deadline = 0;
        for (int i = 0; i < m_controller->nodes().size(); ++i)
            deadline = std::max(deadline, m_controller->run(i).deadline);
        QMessageBox box(QMessageBox::Question, tr("Leave the setup?"),
                        tr("The nodes carry a change that is not confirmed."), QMessageBox::NoButton, this);
        box.setInformativeText(
            deadline > 0 ? tr("Roll it back now, or leave it: each node undoes it by itself at %1 unless you resume "
                              "the setup and confirm before then.")
                               .arg(QDateTime::fromSecsSinceEpoch(deadline).toString(QStringLiteral("HH:mm:ss")))
                         : tr("Roll it back now, or leave it to the nodes' own timers."));
        QPushButton *rollback = box.addButton(tr("Roll Back Now"), QMessageBox::AcceptRole);
        QPushButton *keep = box.addButton(tr("Leave It to the Timers"), QMessageBox::DestructiveRole);
        box.addButton(tr("Stay"), QMessageBox::RejectRole);
        box.setDefaultButton(rollback);
        box.exec();
        if (box.clickedButton() == rollback)
            choice = LeaveChoice::RollBack;
        else if (box.clickedButton() == keep)
            choice = LeaveChoice::KeepTimers;
        else
            return;
    }
    if (choice == LeaveChoice::KeepTimers) {
        saveProgress();
        m_leaveMessage = tr("Setup left with the change applied but not confirmed: each node rolls back by itself at "
                            "its deadline unless the setup is resumed and confirmed.");
        QWizard::reject();
        return;
    }
    m_leaving = true;
    setEnabled(false);
    if (busy)
        return; // rolled back once the running operation ends
    m_controller->rollbackAll();
}

void SetupWizard::finishLeaving()
{
    m_leaving = false;
    setEnabled(true);
    bool clean = true;
    for (int i = 0; i < m_controller->nodes().size(); ++i)
        clean = clean && !m_controller->run(i).changed;
    saveProgress();
    m_leaveMessage = clean ? tr("Setup left: every change was rolled back; the nodes are as they were.")
                           : tr("Setup left, but the rollback failed on some nodes; they roll back by themselves at "
                                "their deadline. See the log.");
    QWizard::reject();
}

void SetupWizard::closeEvent(QCloseEvent *event)
{
    event->ignore();
    reject();
}

} // namespace halolink::ui
