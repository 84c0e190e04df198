#pragma once
// The virtual cluster (issue 18): 2-4 QEMU virtual machines with Soft-RoCE on
// this computer, for people without RDMA hardware to try the whole app. The
// VMs are the project's lab (lab/halolink-lab, lab/README.md); this class runs
// that script with QProcess and never blocks the thread it lives on: every
// operation is asynchronous and ends with a signal.
//
//   VirtualCluster vc;
//   connect(&vc, &VirtualCluster::progress, ...);      // each stderr line + phase
//   connect(&vc, &VirtualCluster::upFinished, ...);    // VirtualClusterResult
//   vc.up(2);                                          // `halolink-lab up 2 --replace`
//   ... vc.cancel();                                   // terminates `up`, then runs `down`
//   vc.down();                                         // downFinished(ok, message)
//   vc.status();                                       // statusReady(VirtualClusterStatus)
//
// The app calls stopNow() from QCoreApplication::aboutToQuit (the main
// window's integration, not done here): it stops every VM of the lab folder
// synchronously, within a bounded wait, so no QEMU outlives the app.
//
// The script:       $HALOLINK_LAB_SCRIPT; else <source tree>/lab/halolink-lab
//                   for programs run from this build tree; else
//                   <prefix>/share/halolink/lab/halolink-lab (installed).
// The lab folder:   $HALOLINK_LAB_DIR, else AppDataLocation + "/virtual-cluster".
// The kernel cache: $HALOLINK_LAB_CACHE, else CacheLocation + "/lab-cache".

#include "inventory/node.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace halolink {

// What `halolink-lab up` printed as its last stdout line (lab/README.md).
struct VirtualClusterInfo {
    QString labDir;
    QString sshConfig;
    QString dataLink;
    QString kernel;
    QString accel; // "kvm" or "tcg" ("tcg" when the script did not say)
    bool persistent = false;
    struct VmNode {
        int index = 0;               // 1..N
        QString labName;             // "node1" (the lab's own name)
        int sshPort = 0;             // on 127.0.0.1
        QString user;                // "root"
        QString keyFile;             // the lab's private key
        QString knownHosts;          // pins every node's host key for [127.0.0.1]:PORT
        QString hostKeyFingerprint;  // "SHA256:..."
        QString dataInterface;       // "eth1"
        QString dataIpv4;            // "10.77.0.1/24"; empty with --bare
        QString consoleLog;
    };
    QList<VmNode> nodes;

    // The inventory's nodes for the VMs: kind Ssh, host 127.0.0.1, the port,
    // user root, the lab's key, the data plane, the host key pinned in the
    // lab's known_hosts, virtualCluster = labDir; named namePrefix + index
    // ("vnode1", ...). No id: Inventory::addNode gives one.
    QList<Node> inventoryNodes(const QString &namePrefix = QStringLiteral("vnode")) const;
};

// What `halolink-lab status --json` printed.
struct VirtualClusterStatus {
    QString labDir;
    bool up = false;        // a lab is up in labDir (some VMs may have stopped)
    QString accel;          // empty when no lab is up
    bool persistent = false;
    struct VmState {
        int index = 0;
        QString labName;
        bool running = false;
        int sshPort = 0;
    };
    QList<VmState> nodes;
    bool allRunning() const;
};

struct VirtualClusterResult {
    enum class Outcome {
        Up,        // the VMs run; info holds them
        Refused,   // the lab cannot run on this computer (exit 77): message says why and what to install
        Failed,    // it tried and failed; message holds the script's last lines
        Cancelled, // cancel() or stopNow() ended it (and `down` ran)
    };
    Outcome outcome = Outcome::Failed;
    QString message;
    int exitCode = -1;
    VirtualClusterInfo info; // Outcome::Up only
};

class VirtualCluster final : public QObject
{
    Q_OBJECT

public:
    // The app offers 2..4 nodes (the script allows 2..8).
    static constexpr int kMinNodes = 2;
    static constexpr int kMaxNodes = 4;
    static constexpr int kScriptMaxNodes = 8;

    enum class Phase {
        Idle,
        Starting,       // checks, accelerator choice
        FetchingKernel, // the Debian kernel package, once per cache
        Booting,        // QEMU started, waiting for every node's console
        Connecting,     // opening the SSH connections
        Up,
        Stopping,       // `down`, or the clean-up after a cancel
        Querying,       // `status`
    };
    Q_ENUM(Phase)

    explicit VirtualCluster(QObject *parent = nullptr);
    // A running script is terminated (not waited for); call stopNow() first
    // to stop the VMs.
    ~VirtualCluster() override;

    // Where the script is looked for, in order (the first that exists wins).
    static QStringList scriptCandidates();
    // The first usable candidate; empty (and *tried = the candidates) when none is.
    static QString locateScript(QStringList *tried = nullptr);
    static QString defaultLabDir();
    static QString defaultCacheDir();

    // Overrides for tests; empty: the defaults above.
    void setScript(const QString &path) { m_script = path; }
    void setLabDir(const QString &dir) { m_labDir = dir; }
    void setCacheDir(const QString &dir) { m_cacheDir = dir; }
    // Extra environment for the script (tests: PATH, HALOLINK_LAB_OS_RELEASE).
    void setExtraEnvironment(const QProcessEnvironment &env) { m_extraEnv = env; }
    QString script() const;
    QString labDir() const;
    QString cacheDir() const;

    bool isBusy() const { return m_process != nullptr; }
    // What this object is doing; Up after a successful up() until the next
    // operation (status() ends in Idle: ask statusReady what runs).
    Phase phase() const { return m_phase; }

    // Boots `nodes` VMs (kMinNodes..kScriptMaxNodes), replacing a lab left in
    // the folder. Ends with upFinished. false (and nothing started) when busy
    // or nodes is out of range.
    bool up(int nodes);
    // Terminates a running `up` and runs `down`; upFinished(Cancelled) follows.
    void cancel();
    // Stops the VMs and removes the lab folder; ends with downFinished.
    bool down();
    // Asks what runs; ends with statusReady (or statusFailed).
    bool status();
    // Synchronous, for aboutToQuit: ends a running operation and runs `down`,
    // waiting at most `timeout` in all. true when `down` finished in time
    // with exit 0 (or there was nothing to stop).
    bool stopNow(std::chrono::milliseconds timeout = std::chrono::seconds(30));

    // The parsers (public for tests and halolinkctl).
    static std::optional<VirtualClusterInfo> parseUpJson(const QByteArray &json, QString *error = nullptr);
    static std::optional<VirtualClusterStatus> parseStatusJson(const QByteArray &json, QString *error = nullptr);
    // The phase a line of the script's stderr starts (nullopt: no change).
    static std::optional<Phase> phaseOfLine(const QString &line);
    // The text after "halolink-lab: cannot run the lab here: " of the last
    // such line, else empty.
    static QString refusalOf(const QStringList &stderrLines);

Q_SIGNALS:
    void phaseChanged(halolink::VirtualCluster::Phase phase);
    // One line of the script's stderr (without the "halolink-lab: " prefix).
    void progress(const QString &line, halolink::VirtualCluster::Phase phase);
    void upFinished(const halolink::VirtualClusterResult &result);
    void downFinished(bool ok, const QString &message);
    void statusReady(const halolink::VirtualClusterStatus &status);
    void statusFailed(const QString &message);

private:
    enum class Operation { None, Up, Down, Status, CancelDown };
    QProcess *start(Operation op, const QStringList &arguments);
    QProcessEnvironment environment() const;
    void onReadyReadStderr();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void setPhase(Phase phase);
    void finishUp(VirtualClusterResult result);
    QString failureText(int exitCode) const;

    QString m_script;
    QString m_labDir;
    QString m_cacheDir;
    QProcessEnvironment m_extraEnv;
    QProcess *m_process = nullptr;
    Operation m_operation = Operation::None;
    Phase m_phase = Phase::Idle;
    QByteArray m_stdout;
    QByteArray m_stderrPartial;
    QStringList m_stderrLines;
    bool m_cancelled = false;
};

} // namespace halolink

Q_DECLARE_METATYPE(halolink::VirtualClusterResult)
Q_DECLARE_METATYPE(halolink::VirtualClusterStatus)
