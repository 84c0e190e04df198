#include "virtual/virtualclusterdialog.h"

#include "inventory/inventory.h"
#include "status/statusstyle.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace halolink::ui {

VirtualClusterDialog::VirtualClusterDialog(VirtualCluster *cluster, Inventory *inventory, QWidget *parent)
    : QDialog(parent), m_cluster(cluster), m_inventory(inventory)
{
    setObjectName(QStringLiteral("virtualClusterDialog"));
    setWindowTitle(tr("Try a Virtual Cluster"));
    auto *layout = new QVBoxLayout(this);

    auto *what = new QLabel(
        tr("HaloLink boots small virtual machines on this computer, each running Linux with Soft-RoCE (the "
           "kernel's RDMA over an ordinary network link), joined by a virtual data link. They are added to "
           "your nodes marked virtual, reached over SSH with a key of their own, and work like real nodes: "
           "the setup wizard (with the Soft-RoCE backend), the dashboards and the latency mesh run on them "
           "for real. Nothing is downloaded but the Debian kernel package, once. Stop them here, or they "
           "stop when HaloLink quits."),
        this);
    what->setWordWrap(true);
    layout->addWidget(what);

    auto *form = new QFormLayout;
    m_nodes = new QSpinBox(this);
    m_nodes->setObjectName(QStringLiteral("virtualNodeCount"));
    m_nodes->setRange(VirtualCluster::kMinNodes, VirtualCluster::kMaxNodes);
    m_nodes->setValue(VirtualCluster::kMinNodes);
    m_nodes->setSuffix(tr(" nodes"));
    m_nodes->setAccessibleName(tr("Number of virtual nodes"));
    form->addRow(tr("&Nodes:"), m_nodes);
    layout->addLayout(form);

    m_speed = new QLabel(this);
    m_speed->setObjectName(QStringLiteral("virtualSpeed"));
    m_speed->setWordWrap(true);
    QString why;
    if (kvmUsable(&why))
        m_speed->setText(tr("/dev/kvm is here: the lab first checks that a guest really runs under KVM (near this "
                            "computer's own speed) and emulates the processor otherwise, which is slow; it says "
                            "which below. Each machine takes 640 MiB of memory."));
    else
        m_speed->setText(tr("No KVM here (%1): QEMU emulates the processor, so the machines are slow. Expect "
                            "a minute or more to boot and RDMA far slower than on real hardware: right for "
                            "trying HaloLink, not for measuring RDMA. Each takes 640 MiB of memory.")
                             .arg(why));
    layout->addWidget(m_speed);

    m_phase = new QLabel(this);
    m_phase->setObjectName(QStringLiteral("virtualPhase"));
    layout->addWidget(m_phase);
    m_log = new QPlainTextEdit(this);
    m_log->setObjectName(QStringLiteral("virtualLog"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(2000);
    m_log->setMinimumHeight(140);
    m_log->setAccessibleName(tr("What the virtual cluster is doing"));
    layout->addWidget(m_log, 1);
    m_outcome = new QLabel(this);
    m_outcome->setObjectName(QStringLiteral("virtualOutcome"));
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_outcome->setVisible(false);
    layout->addWidget(m_outcome);

    auto *buttons = new QDialogButtonBox(this);
    m_start = buttons->addButton(tr("&Start"), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(QStringLiteral("virtualStart"));
    m_stop = buttons->addButton(tr("S&top Virtual Cluster"), QDialogButtonBox::DestructiveRole);
    m_stop->setObjectName(QStringLiteral("virtualStop"));
    // Once it is up, the next step is one click away.
    m_setUp = buttons->addButton(tr("Set &Up the Cluster…"), QDialogButtonBox::ActionRole);
    m_setUp->setObjectName(QStringLiteral("virtualSetUp"));
    m_setUp->setToolTip(tr("The setup wizard on the virtual nodes: Soft-RoCE, addresses, QoS, and RDMA measured "
                           "against TCP"));
    m_close = buttons->addButton(QDialogButtonBox::Close);
    layout->addWidget(buttons);
    connect(m_setUp, &QPushButton::clicked, this, [this] {
        close();
        Q_EMIT setUpRequested();
    });
    connect(m_start, &QPushButton::clicked, this, &VirtualClusterDialog::startNow);
    connect(m_stop, &QPushButton::clicked, this, &VirtualClusterDialog::stopCluster);
    connect(m_close, &QPushButton::clicked, this, &QDialog::close);

    connect(m_cluster, &VirtualCluster::progress, this, &VirtualClusterDialog::onProgress);
    connect(m_cluster, &VirtualCluster::phaseChanged, this, [this](VirtualCluster::Phase p) {
        m_phase->setText(phaseText(p));
        updateButtons();
    });
    connect(m_cluster, &VirtualCluster::upFinished, this, &VirtualClusterDialog::onUpFinished);
    connect(m_cluster, &VirtualCluster::downFinished, this, &VirtualClusterDialog::onDownFinished);
    connect(m_cluster, &VirtualCluster::statusReady, this, &VirtualClusterDialog::onStatus);
    connect(m_cluster, &VirtualCluster::statusFailed, this, [this](const QString &message) {
        m_log->appendPlainText(tr("Could not tell whether a virtual cluster runs: %1").arg(message));
        if (m_startPending)
            startNow();
        updateButtons();
    });

    // Whether a virtual cluster is up already (this session's, or one an
    // earlier run left).
    for (const Node &n : m_inventory->nodes())
        m_up = m_up || (n.isVirtual() && n.virtualCluster == m_cluster->labDir());
    if (!m_cluster->isBusy())
        m_cluster->status();
    m_phase->setText(phaseText(m_cluster->phase()));
    updateButtons();
    resize(640, 520);
}

bool VirtualClusterDialog::kvmUsable(QString *why)
{
    const QFileInfo kvm(QStringLiteral("/dev/kvm"));
    if (!kvm.exists()) {
        if (why)
            *why = tr("/dev/kvm is missing");
        return false;
    }
    if (!kvm.isReadable() || !kvm.isWritable()) {
        if (why)
            *why = tr("this account may not use /dev/kvm (group %1)").arg(kvm.group());
        return false;
    }
    return true;
}

QString VirtualClusterDialog::phaseText(VirtualCluster::Phase phase)
{
    switch (phase) {
    case VirtualCluster::Phase::Idle: return {};
    case VirtualCluster::Phase::Starting: return tr("Checking this computer…");
    case VirtualCluster::Phase::FetchingKernel: return tr("Fetching the Debian kernel package (once)…");
    case VirtualCluster::Phase::Booting: return tr("Booting the virtual machines…");
    case VirtualCluster::Phase::Connecting: return tr("Connecting over SSH…");
    case VirtualCluster::Phase::Up: return tr("The virtual cluster runs.");
    case VirtualCluster::Phase::Stopping: return tr("Stopping the virtual machines…");
    case VirtualCluster::Phase::Querying: return tr("Looking for a virtual cluster already running…");
    }
    return {};
}

void VirtualClusterDialog::startNow()
{
    if (m_cluster->isBusy()) {
        // The look for a running cluster at open: the boot follows it.
        m_startPending = m_cluster->phase() == VirtualCluster::Phase::Querying;
        if (!m_startPending)
            setOutcome(tr("The virtual cluster cannot start now: it is busy."), true);
        return;
    }
    m_startPending = false;
    m_log->clear();
    setOutcome({}, false);
    if (!m_cluster->up(m_nodes->value()))
        setOutcome(tr("The virtual cluster cannot start now: it is busy."), true);
    updateButtons();
}

void VirtualClusterDialog::onProgress(const QString &line, VirtualCluster::Phase)
{
    m_log->appendPlainText(line);
}

void VirtualClusterDialog::onUpFinished(const VirtualClusterResult &result)
{
    switch (result.outcome) {
    case VirtualClusterResult::Outcome::Up: {
        QString error;
        if (!addToInventory(result.info, &error)) {
            setOutcome(tr("The virtual machines run, but they cannot be added to the nodes: %1").arg(error), true);
            m_up = true;
            break;
        }
        m_up = true;
        setOutcome(result.info.accel == QLatin1String("kvm")
                       ? tr("%n virtual node(s) added (KVM). Next: Set Up the Cluster… configures RoCE v2 on "
                            "them.",
                            "", int(result.info.nodes.size()))
                       : tr("%n virtual node(s) added (emulated CPU, slow). Next: Set Up the Cluster… "
                            "configures RoCE v2 on them.",
                            "", int(result.info.nodes.size())),
                   false);
        emit clusterUp(int(result.info.nodes.size()));
        break;
    }
    case VirtualClusterResult::Outcome::Refused:
        setOutcome(tr("The virtual cluster cannot run on this computer: %1").arg(result.message), true);
        break;
    case VirtualClusterResult::Outcome::Failed:
        setOutcome(tr("The virtual cluster did not start: %1").arg(result.message), true);
        break;
    case VirtualClusterResult::Outcome::Cancelled:
        setOutcome(tr("Cancelled; the virtual machines were stopped."), false);
        break;
    }
    updateButtons();
}

void VirtualClusterDialog::stopCluster()
{
    if (m_cluster->isBusy()) {
        m_cluster->cancel(); // a boot under way
        return;
    }
    if (!m_cluster->down())
        setOutcome(tr("The virtual cluster cannot be stopped now: it is busy."), true);
    updateButtons();
}

void VirtualClusterDialog::onDownFinished(bool ok, const QString &message)
{
    removeFromInventory();
    m_up = false;
    if (ok)
        setOutcome(tr("The virtual machines were stopped and taken out of the nodes."), false);
    else
        setOutcome(tr("Stopping the virtual machines failed: %1").arg(message), true);
    emit clusterDown();
    updateButtons();
}

void VirtualClusterDialog::onStatus(const VirtualClusterStatus &status)
{
    if (m_startPending) {
        startNow(); // asked for before the answer came: it replaces whatever runs
        return;
    }
    if (status.up && !m_up) {
        m_up = true;
        setOutcome(tr("A virtual cluster of %n node(s) is already up (left by an earlier run); stop it, or "
                      "start again to replace it.",
                      "", int(status.nodes.size())),
                   false);
    }
    updateButtons();
}

bool VirtualClusterDialog::addToInventory(const VirtualClusterInfo &info, QString *error)
{
    const QList<Node> wanted = info.inventoryNodes();
    const QList<Node> existing = m_inventory->nodes();
    for (const Node &w : wanted) {
        for (const Node &n : existing) {
            if (!n.isVirtual() && n.name.compare(w.name, Qt::CaseInsensitive) == 0) {
                *error = tr("a node named %1 is already in the inventory and is not virtual; rename it first")
                             .arg(n.name);
                return false;
            }
        }
    }
    removeFromInventory();
    for (const Node &w : wanted) {
        if (!m_inventory->addNode(w, error))
            return false;
    }
    return true;
}

void VirtualClusterDialog::removeFromInventory()
{
    for (const Node &n : m_inventory->nodes()) {
        if (n.isVirtual() && n.virtualCluster == m_cluster->labDir())
            m_inventory->removeNode(n.id);
    }
}

void VirtualClusterDialog::setOutcome(const QString &text, bool problem)
{
    m_outcome->setText(text);
    m_outcome->setVisible(!text.isEmpty());
    QPalette pal = m_outcome->palette();
    pal.setColor(QPalette::WindowText, problem ? StatusStyle::color(Check::Status::Fail, palette())
                                               : palette().color(QPalette::WindowText));
    m_outcome->setPalette(pal);
}

void VirtualClusterDialog::updateButtons()
{
    const bool busy = m_cluster->isBusy();
    const bool booting = busy && m_cluster->phase() != VirtualCluster::Phase::Stopping
        && m_cluster->phase() != VirtualCluster::Phase::Querying;
    m_start->setEnabled(!busy);
    m_start->setText(m_up ? tr("&Start Again") : tr("&Start"));
    m_nodes->setEnabled(!busy);
    m_stop->setEnabled(booting || (!busy && m_up));
    m_stop->setText(booting ? tr("&Cancel Boot") : tr("S&top Virtual Cluster"));
    m_setUp->setVisible(!busy && m_up);
}

} // namespace halolink::ui
