// The main window's demo telemetry (HALOLINK_DEMO_TELEMETRY=1): synthetic
// numbers for imaginary nodes, labelled as such on the dashboard.

#include "mainwindow.h"

#include "dashboard/dashboardpage.h"
#include "telemetry/syntheticcluster.h"
#include "telemetry/telemetryingest.h"

#include <QDateTime>
#include <QTimer>

namespace halolink::ui {

void MainWindow::startDemoTelemetry()
{
    if (m_demo)
        return;
    m_demo = new SyntheticCluster(4);
    m_dashboard->setDemoBanner(tr("Demo data: synthetic numbers for 4 imaginary nodes (demo1–demo4), because "
                                  "HALOLINK_DEMO_TELEMETRY is set. Nothing from the demo nodes was measured."));
    // 15 minutes of made-up history, then 10 Hz frames and 1 Hz mesh rounds.
    const qint64 now = QDateTime::currentMSecsSinceEpoch() * 1000000;
    m_demoLastNs = now - qint64(15) * 60 * 1000000000;
    demoTick();
    m_demoTimer = new QTimer(this);
    m_demoTimer->setInterval(100);
    connect(m_demoTimer, &QTimer::timeout, this, &MainWindow::demoTick);
    m_demoTimer->start();
    showDashboard(); // a demo is for showing the dashboard
}

void MainWindow::demoTick()
{
    const qint64 step = 100000000; // 10 Hz
    const qint64 now = QDateTime::currentMSecsSinceEpoch() * 1000000;
    for (qint64 t = m_demoLastNs + step; t <= now; t += step) {
        for (int node = 0; node < m_demo->nodeCount(); ++node)
            m_ingest->ingestLine(SyntheticCluster::nodeId(node), m_demo->frameLine(node, t, step));
        if ((t / step) % 10 == 0) {
            for (int from = 0; from < m_demo->nodeCount(); ++from) {
                for (int to = 0; to < m_demo->nodeCount(); ++to) {
                    if (from == to)
                        continue;
                    m_ingest->ingestLine(SyntheticCluster::nodeId(from), m_demo->meshLine(from, to, "rdma", t));
                    m_ingest->ingestLine(SyntheticCluster::nodeId(from), m_demo->meshLine(from, to, "tcp", t));
                }
            }
        }
        m_demoLastNs = t;
    }
}

} // namespace halolink::ui
