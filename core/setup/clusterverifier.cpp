#include "setup/clusterverifier.h"

#include "inventory/inventory.h"
#include "logging.h"
#include "setup/setupcontroller.h"

namespace halolink::setup {

ClusterVerifier::ClusterVerifier(ClusterController *cluster, Inventory *inventory, QObject *parent)
    : QObject(parent)
    , m_cluster(cluster)
    , m_inventory(inventory)
{
}

ClusterVerifier::~ClusterVerifier()
{
    cancel();
}

SetupController *ClusterVerifier::controller() const
{
    return m_controller;
}

bool ClusterVerifier::isRunning() const
{
    return m_controller && m_controller->isBusy();
}

bool ClusterVerifier::start(const SavedSetup &setup, QString *error)
{
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (isRunning())
        return fail(tr("A verification is running already."));
    if (setup.nodes.size() < 2)
        return fail(tr("The kept cluster has fewer than two nodes: there is nothing to measure between."));
    QList<NodeInput> nodes;
    for (const SavedSetup::NodeEntry &e : setup.nodes) {
        const auto node = m_inventory ? m_inventory->find(e.nodeId) : std::nullopt;
        if (!node)
            return fail(tr("%1 of the kept cluster is no longer in the node list: change the cluster instead "
                           "(Change This Cluster…).")
                            .arg(e.name));
        if (e.interface.isEmpty() || e.address.isEmpty())
            return fail(tr("The kept cluster has no data plane for %1: change the cluster instead.").arg(node->name));
        NodeInput in;
        in.nodeId = e.nodeId;
        in.name = node->name;
        in.interface = e.interface;
        in.address = e.address;
        in.addressByHand = true; // the confirmed one: never proposed anew
        nodes << in;
    }
    delete m_controller;
    m_setup = setup;
    m_controller = new SetupController(m_cluster, m_inventory, this);
    m_controller->setNodes(nodes);
    m_controller->setSettings(setup.settings);
    m_controller->setBenchOptions(m_bench);
    m_controller->updateProbes();
    connect(m_controller, &SetupController::logLine, this, [this](int node, const QString &line) {
        Q_EMIT progress(tr("%1: %2").arg(m_controller->nodes().value(node).name, line));
    });
    connect(m_controller, &SetupController::benchProgress, this,
            [this](int done, int total, const QString &what) {
                //: %1 done, %2 of how many, %3 what runs now
                Q_EMIT progress(tr("measuring (%1 of %2): %3").arg(done).arg(total).arg(what));
            });
    connect(m_controller, &SetupController::operationFinished, this, [this](const QString &op, bool ok) {
        if (op == QLatin1String("verify"))
            onFinished(ok);
    });
    m_controller->verifyAll();
    return true;
}

void ClusterVerifier::cancel()
{
    if (isRunning())
        m_controller->cancel();
}

void ClusterVerifier::onFinished(bool ok)
{
    const QDateTime measuredAt = m_controller->measuredAt();
    if (!measuredAt.isValid()) {
        Q_EMIT finished(false, tr("Not measured: the verification stopped before the pairs were measured; the kept "
                                  "results stay as they were."));
        return;
    }
    m_setup.pairs = m_controller->pairEntries();
    m_setup.measuredAt = measuredAt;
    m_setup.verified = ok && m_controller->verificationPassed();

    // Saved unless a setup confirmed meanwhile replaced the record.
    QString error;
    const auto onDisk = SavedSetup::load(&error);
    if (!onDisk || onDisk->confirmedAt != m_setup.confirmedAt) {
        Q_EMIT finished(m_setup.verified, tr("Measured, but not kept: the cluster was set up anew meanwhile."));
        return;
    }
    if (!m_setup.save(&error)) {
        qCWarning(lcCore).noquote() << "cluster: cannot save the verification:" << error;
        Q_EMIT finished(false, tr("Measured, but the result could not be saved: %1").arg(error));
        return;
    }
    Q_EMIT finished(m_setup.verified, m_setup.verified
                                          ? tr("Verified again: every check and pair passed.")
                                          : tr("Verified again: not every check or pair passed (see the pairs)."));
}

} // namespace halolink::setup
