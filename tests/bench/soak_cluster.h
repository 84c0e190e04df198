#pragma once
// The soak: a cluster of N real nodes driven by the app's real path for a
// long time while every node is killed and restarted at random.
//
// Nodes: one OpenSSH sshd per node, each in its own network namespace with a
// management address (SSH) and a data-plane address (the latency mesh), on
// two bridges (tests/core/cluster_netns.h). The app side, in
// this process, is what the app runs: an Inventory with the nodes,
// ClusterController (This computer's local agent too) with the app's options
// (SshAgentTransport connects, deploys the engine over SFTP, runs
// `halolink-engine agent`; telemetry at 10 Hz, reflectors and the latency
// mesh on), TelemetryIngest into a TelemetryStore, and the dashboard
// (ui::DashboardPage, 1600x1000 offscreen) with its own 30 Hz timer, and the
// node list in a view.
//
// Chaos: a thread of its own kills each node (SIGKILL of its sshd and
// everything under it: the per-connection sshds and the agent) at random
// times and starts it again after a random outage; it records each outage
// caused, [kill, listening again] in CLOCK_REALTIME.
//
// Measured (after a warm-up): RSS, the telemetry store's gap markers per node
// against the outages caused, the nodes' return, the frames' seq and time_ns
// per agent session (samples lost outside the outages), and how late the GUI
// thread handles an event posted to it every 4 ms by a watchdog thread (the
// longest stall; the GUI thread's CPU time during it tells work from waiting
// for a CPU).

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace halolink::soak {

struct SoakOptions {
    int nodes = 64;
    double minutes = 30;   // from all nodes ready to the end, warm-up included
    double warmupS = -1;   // -1: 10 % of the run, 20..120 s, and at least 3 mesh intervals + 10 s
    int killsPerNode = -1; // -1: about one per 12 minutes, at least 1
    double outageMinS = 5;
    double outageMaxS = 30;
    // A node must be back (its first frame) within this after its sshd is.
    double returnBoundS = 90;
    double rssGrowthMaxPercent = 5;
    double stallTargetMs = 1000.0 / 60; // one frame at 60 Hz
    quint32 seed = 0; // 0: from the clock
    // The nodes (their sshds and all under them) run at this nice value: they
    // stand for other machines, whose CPU on a real cluster is not the app's.
    // 0 makes them compete with the app as equals.
    int nodeNice = 19;
    QString tag = QStringLiteral("b"); // names (hlsoak-<tag>-...) and addresses are this run's own
    int subnet = 231;                  // 10.<subnet>/16 management, 10.<subnet+1>/16 data
    // For proving the checks fail: "gaps" (the app's gap signal is not passed
    // to the store), "frames" (one frame in 500 dropped before the app's
    // ingest), "memory" (2 MiB leaked per second), "return" (node 0 is not
    // started again after its first kill).
    QString sabotage;
    bool verbose = false; // progress on stderr
};

struct SoakResult {
    bool ran = false;          // false: could not run here (skipReason) or set-up failed (failures)
    QString skipReason;
    QStringList failures;      // empty: passed
    QStringList report;        // human-readable lines
    QJsonObject json;          // INTERFACES.md section 6 object
    bool passed() const { return ran && failures.isEmpty(); }
};

// Empty when the soak can run here; else why not (not root, no sshd, no netns).
QString unavailableReason();

// Runs the soak in the current QApplication (widgets, offscreen is fine).
SoakResult runSoak(const SoakOptions &options);

} // namespace halolink::soak
