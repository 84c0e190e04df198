// The Jobs window's actions: launch what the form describes (or say why
// not), stop, restart, smoke-test and cancel the selected job.

#include "jobs/jobswindow.h"

#include "cluster/clustercontroller.h"
#include "inventory/nodelistmodel.h"
#include "jobs/jobform.h"
#include "jobs/smokeresultview.h"

#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace halolink::ui {

// ---------------------------------------------------------------- actions

QStringList JobsWindow::refusal(const JobForm::Current &c, Entry **found) const
{
    QStringList problems = c.errors;
    for (const jobs::JobNode &n : c.nodes) {
        const NodeState state = m_cluster ? m_cluster->state(n.nodeId) : NodeState::Unreachable;
        if (state != NodeState::Ready)
            problems << tr("%1 is not connected (%2).").arg(n.name, NodeListModel::stateText(state));
    }
    jobs::Job job;
    job.spec = c.spec;
    job.nodes = c.nodes;
    Entry *e = c.nodes.isEmpty() ? nullptr : entry(keyOf(job));
    if (e && e->launcher && e->launcher->isBusy())
        problems << tr("The job '%1' is busy (%2): wait, or cancel it.")
                        .arg(c.spec.name, JobTableModel::stateText(e->state));
    for (const auto &other : m_entries) {
        if (other.get() != e && other->job.spec.name == c.spec.name && JobTableModel::isBusy(other->state))
            problems << tr("A job named '%1' is busy (%2): wait, or choose another name.")
                            .arg(c.spec.name, JobTableModel::stateText(other->state));
        else if (other->job.spec.name == c.spec.name
            && (other->state == JobState::Running || other->state == JobState::PartlyRunning))
            problems << tr("A job named '%1' already runs on %2: stop it first, or choose another name.")
                            .arg(c.spec.name,
                                other->job.nodes.isEmpty() ? QString() : other->job.nodes.first().name);
    }
    problems.removeDuplicates();
    if (found)
        *found = e;
    return problems;
}

void JobsWindow::onFormChanged()
{
    if (m_formProblemList.isEmpty())
        return;
    // What was said was about the form as it was.
    QStringList problems;
    if (m_formProblemsLocal)
        problems = refusal(m_form->current(), nullptr);
    if (problems == m_formProblemList)
        return;
    m_formProblemList = problems;
    if (problems.isEmpty())
        m_formProblemsTitle.clear();
    showProblems(m_formProblems, m_formProblemsTitle, m_formProblemList);
}

void JobsWindow::launch()
{
    const JobForm::Current c = m_form->current();
    const QStringList problems = refusal(c, nullptr);
    if (!problems.isEmpty()) {
        m_formProblemsTitle = tr("The job cannot start; nothing was started:");
        m_formProblemList = problems;
        m_formProblemsLocal = true;
        showProblems(m_formProblems, m_formProblemsTitle, m_formProblemList);
        m_status->setText(tr("The launch was refused: see New Job."));
        return;
    }
    m_formProblemsTitle.clear();
    m_formProblemList.clear();
    showProblems(m_formProblems, QString(), {});
    jobs::Job job;
    job.spec = c.spec;
    job.nodes = c.nodes;
    job.rendered = c.rendered;
    launchJob(job, c.secrets);
}

void JobsWindow::launchJob(const jobs::Job &job, const QHash<QString, QByteArray> &secrets)
{
    Entry *e = job.nodes.isEmpty() ? nullptr : entry(keyOf(job));
    if (e && e->launcher && e->launcher->isBusy())
        return;
    if (!e)
        e = addEntry(job);
    e->job = job;
    e->messages.clear();
    e->problems.clear();
    e->problemsTitle.clear();
    e->smoke.reset();
    e->stepStates.clear();
    e->stateDetail.clear();
    e->checked = false;
    e->started = false;
    e->state = JobState::Checking;
    e->secrets = secrets;
    jobs::JobLauncher *l = launcherOf(e);
    l->setJob(job);
    l->setSecrets(secrets); // a launch makes the API key when none is given
    for (int i = 0; i < job.rendered.steps.size(); ++i)
        e->stepStates.insert(i, QStringLiteral("waiting"));
    updateRow(e);
    select(e);
    m_tabs->setCurrentIndex(ProgressTab);
    for (const QString &w : job.rendered.warnings)
        addMessage(e, QString(), tr("Warning: %1").arg(w));
    e->smokeAfterLaunch = true;
    m_status->setText(tr("Launching '%1'…").arg(job.spec.name));
    l->launch();
}

void JobsWindow::stopSelected()
{
    Entry *e = selected();
    if (!e || (e->launcher && e->launcher->isBusy()) || !JobTableModel::mayRun(e->state))
        return;
    QStringList names;
    for (const jobs::JobNode &n : e->job.nodes)
        names << n.name;
    const auto answer = QMessageBox::question(this, tr("Stop the job?"),
        tr("Stop the job '%1' on %2? Requests in flight are cut off.")
            .arg(e->job.spec.name, names.join(QStringLiteral(", "))),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer != QMessageBox::Yes)
        return;
    e->smokeAfterLaunch = false;
    e->restarting = false;
    m_tabs->setCurrentIndex(ProgressTab);
    launcherOf(e)->stop();
}

void JobsWindow::restartSelected()
{
    Entry *e = selected();
    if (!e || (e->launcher && e->launcher->isBusy()))
        return;
    if (e->state == JobState::Refused) {
        // Nothing of it started: try the launch again, checks first.
        if (e->job.rendered.ok())
            launchJob(e->job, e->secrets);
        return;
    }
    jobs::JobLauncher *l = launcherOf(e);
    e->checked = false;
    e->started = false;
    e->problems.clear();
    e->smoke.reset();
    e->smokeAfterLaunch = true;
    e->restarting = true;
    m_tabs->setCurrentIndex(ProgressTab);
    l->restart();
}

void JobsWindow::smokeTestSelected()
{
    Entry *e = selected();
    if (!e || (e->launcher && e->launcher->isBusy()))
        return;
    e->smoke.reset();
    m_smokeView->clear(tr("The smoke test is running…"));
    m_tabs->setCurrentIndex(SmokeTab);
    launcherOf(e)->smokeTest();
}

void JobsWindow::cancelSelected()
{
    Entry *e = selected();
    if (!e || !e->launcher)
        return;
    e->smokeAfterLaunch = false;
    e->launcher->cancel();
}

void JobsWindow::removeSelected()
{
    Entry *e = selected();
    if (!e || (e->launcher && e->launcher->isBusy()) || !JobTableModel::isRemovable(e->state))
        return;
    const QString name = e->job.spec.name;
    removeEntry(e);
    m_status->setText(tr("'%1' is no longer listed (Refresh lists it again if it is found on the nodes).").arg(name));
}

void JobsWindow::showApiKeySelected()
{
    Entry *e = selected();
    if (!e || !e->job.spec.apiKey)
        return;
    jobs::JobLauncher *l = launcherOf(e);
    if (!l->apiKey().isEmpty()) {
        showApiKey(e->job.spec.name, l->apiKey());
        return;
    }
    // A job found on the nodes: its server on the head has the key.
    const QString name = e->job.spec.name;
    m_showKey->setEnabled(false);
    m_status->setText(tr("Reading the API key of '%1' from its server…").arg(name));
    const QPointer<jobs::JobLauncher> guard(l);
    l->fetchApiKey([this, guard, name](bool ok, const QString &error) {
        updateButtons();
        if (!guard || !ok || guard->apiKey().isEmpty()) {
            m_status->setText(error.isEmpty() ? tr("The job '%1' has no API key.").arg(name) : error);
            return;
        }
        m_status->clear();
        showApiKey(name, guard->apiKey());
    });
}

void JobsWindow::showApiKey(const QString &jobName, const QByteArray &key)
{
    auto *dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("apiKeyDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("API Key of '%1'").arg(jobName));
    auto *layout = new QVBoxLayout(dialog);
    auto *label = new QLabel(tr("Requests to the job's API give this key (Authorization: Bearer …). Whoever "
                                "has it can use the API."),
        dialog);
    label->setWordWrap(true);
    auto *field = new QLineEdit(QString::fromUtf8(key), dialog);
    field->setObjectName(QStringLiteral("apiKeyField"));
    field->setAccessibleName(tr("API key"));
    field->setReadOnly(true);
    field->setMinimumWidth(field->fontMetrics().horizontalAdvance(field->text()) + 24);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QPushButton *copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyApiKeyButton"));
    copy->setAccessibleName(tr("Copy the API key"));
    copy->setAutoDefault(false);
    connect(copy, &QPushButton::clicked, dialog, [field] { QGuiApplication::clipboard()->setText(field->text()); });
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(label);
    layout->addWidget(field);
    layout->addWidget(buttons);
    field->selectAll();
    field->setFocus(Qt::OtherFocusReason);
    dialog->open();
}

void JobsWindow::showSmokeResult(const jobs::SmokeResult &result)
{
    if (Entry *e = selected()) {
        e->smoke = result;
    }
    m_smokeView->setResult(result);
    m_tabs->setCurrentIndex(SmokeTab);
}

} // namespace halolink::ui
