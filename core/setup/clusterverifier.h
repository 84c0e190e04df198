#pragma once
// Verify Again: the kept cluster (savedsetup.h) measured anew without changing
// anything on the nodes. The engine's `verify` runs on every node of the
// record with its data plane and settings (as the SSH user where root is out
// of reach: verify only reads), then TCP and RDMA latency and bandwidth
// between every pair, as the wizard's Verify page does (SetupController). The
// record's verification (pairs, when, whether it passed) is replaced and
// saved, unless the record was replaced meanwhile (a new setup confirmed).

#include "setup/savedsetup.h"
#include "setup/setupcontroller.h"

#include <QObject>
#include <QPointer>

namespace halolink {
class ClusterController;
class Inventory;
} // namespace halolink

namespace halolink::setup {

class ClusterVerifier final : public QObject
{
    Q_OBJECT

public:
    ClusterVerifier(ClusterController *cluster, Inventory *inventory, QObject *parent = nullptr);
    ~ClusterVerifier() override;

    // false with *error when it cannot start: already running, a node of the
    // record no longer in the inventory, or a node without its data plane.
    bool start(const SavedSetup &setup, QString *error = nullptr);
    void cancel();
    bool isRunning() const;
    // How long each pair's tests run (the wizard's defaults unless set).
    void setBenchOptions(const BenchOptions &options) { m_bench = options; }
    // The controller of the run under way (its pairs and logs), or null.
    SetupController *controller() const;
    // The record as the last run left it (with the new verification when it ran).
    SavedSetup result() const { return m_setup; }

Q_SIGNALS:
    // "node1: verifying…", "TCP latency node1 -> node2: one-way p50 …"
    void progress(const QString &line);
    // ok: every node's checks and every pair passed; message in words.
    void finished(bool ok, const QString &message);

private:
    void onFinished(bool ok);

    ClusterController *m_cluster;
    Inventory *m_inventory;
    QPointer<SetupController> m_controller;
    SavedSetup m_setup;
    BenchOptions m_bench;
};

} // namespace halolink::setup
