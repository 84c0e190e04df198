// The Jobs window's views of a running job: its live data-plane traffic and
// the log of one of its roles (the last lines, then live).

#include "jobs/jobswindow.h"

#include "cluster/clustercontroller.h"
#include "jobs/livetrafficview.h"
#include "setup/setupplan.h"
#include "ssh/remoteprocess.h"

#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTabWidget>
#include <QTimer>

namespace halolink::ui {

namespace {

constexpr int kLogLines = 200;

} // namespace

// ---------------------------------------------------------------- live traffic

void JobsWindow::updateTraffic()
{
    Entry *e = selected();
    if (!e) {
        m_traffic->setNodes({});
        m_traffic->setActive(false, tr("Select a running job to see its data-plane traffic live."));
        return;
    }
    QList<LiveTrafficView::NodePort> ports;
    for (const jobs::JobNode &n : e->job.nodes) {
        LiveTrafficView::NodePort p { n.nodeId, n.name, n.dataInterface, QString(), 0 };
        std::optional<ProbeReport> probe = n.probe;
        if (!probe && m_cluster)
            probe = m_cluster->probeReport(n.nodeId);
        if (probe) {
            if (const RdmaPort *port = setup::rdmaPortOf(*probe, n.dataInterface)) {
                p.rdmaDevice = port->device;
                p.rdmaPort = port->port;
            }
        }
        ports << p;
    }
    m_traffic->setNodes(ports);
    const bool runs = e->state == JobState::Running || e->state == JobState::PartlyRunning
        || e->state == JobState::SmokeTesting;
    m_traffic->setActive(runs,
        tr("The job '%1' is %2: live rates are shown while it runs.")
            .arg(e->job.spec.name, JobTableModel::stateText(e->state)));
}

// ---------------------------------------------------------------- logs

void JobsWindow::fillLogSources()
{
    m_logSource->clear();
    Entry *e = selected();
    if (!e) {
        m_logStatus->setText(tr("Select a job to read its logs."));
        return;
    }
    for (const jobs::Step &s : e->job.rendered.steps)
        m_logSource->addItem(tr("%1 / %2").arg(s.nodeName, s.role), QStringList { s.nodeId, s.role });
    // The server's log is the one people want first.
    m_logSource->setCurrentIndex(m_logSource->count() - 1);
}

void JobsWindow::startLogStream()
{
    stopLogStream();
    m_log->clear();
    Entry *e = selected();
    if (!e || m_tabs->currentIndex() != LogsTab || !isVisible())
        return;
    const QStringList source = m_logSource->currentData().toStringList();
    if (source.size() != 2)
        return;
    const QString nodeId = source.at(0);
    const QString role = source.at(1);
    SshSession *ssh = m_cluster ? m_cluster->sshSession(nodeId) : nullptr;
    if (!ssh || m_cluster->state(nodeId) != NodeState::Ready) {
        m_logStatus->setText(tr("%1 is not connected: its logs cannot be read now.")
                                 .arg(m_logSource->currentText().section(QLatin1Char('/'), 0, 0).trimmed()));
        return;
    }
    auto *p = new RemoteProcess(ssh, jobs::logCommand(e->job.spec, nodeId, role, kLogLines, true), this);
    m_logStream = p;
    connect(p, &RemoteProcess::lineReceived, this, [this](const QByteArray &line) {
        m_logPending << QString::fromUtf8(line);
        if (!m_logFlush->isActive())
            m_logFlush->start();
    });
    connect(p, &RemoteProcess::stderrLine, this, [this](const QByteArray &line) {
        m_logPending << QString::fromUtf8(line);
        if (!m_logFlush->isActive())
            m_logFlush->start();
    });
    connect(p, &RemoteProcess::finished, this, [this, p](int code, const QString &error) {
        if (m_logStream != p)
            return;
        flushLog();
        m_logStatus->setText(error.isEmpty() ? tr("The log stream ended (exit code %1).").arg(code)
                                             : tr("The log stream ended: %1").arg(error));
    });
    m_logStatus->setText(tr("The last %1 lines, then new ones as they come.").arg(kLogLines));
    p->start();
}

void JobsWindow::stopLogStream()
{
    m_logFlush->stop();
    m_logPending.clear();
    if (RemoteProcess *p = m_logStream) {
        m_logStream = nullptr;
        disconnect(p, nullptr, this, nullptr);
        if (p->isRunning())
            p->terminate();
        p->deleteLater();
        m_logStatus->setText(tr("Not following the log."));
    }
}

void JobsWindow::flushLog()
{
    if (m_logPending.isEmpty()) {
        m_logFlush->stop();
        return;
    }
    QScrollBar *bar = m_log->verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum() - 2;
    m_log->appendPlainText(m_logPending.join(QLatin1Char('\n')));
    m_logPending.clear();
    if (atEnd)
        bar->setValue(bar->maximum());
}

} // namespace halolink::ui
