#pragma once
// Puts the engine on a node, content-addressed, and (optionally) starts it,
// all on ONE exec channel, so that a node pays its login shell's start-up
// (a ~/.bashrc that initialises conda or pyenv takes half a second on many
// real nodes) once from connect to a running agent:
//   ~/.cache/halolink/engine-<sha256 of the binary>
//
// 1. Reads the local binary: its ELF machine and the newest GLIBC_x.y it
//    references (ElfInfo), its SHA-256 and size.
// 2. Opens one channel running a short POSIX shell script (bootstrapScript())
//    that prints, on lines tagged "halolink-deploy:", `uname -m`, the C library
//    (`getconf GNU_LIBC_VERSION`, else the first line of `ldd --version`),
//    $HOME and the SHA-256 of the target if it exists, then waits for one line
//    on its stdin. Anything else the login shell prints is ignored.
// 3. A wrong architecture or a too-old (or non-GNU) C library is a clear error
//    BEFORE anything is uploaded (the app closes the script's stdin: it exits).
//    A target whose SHA-256 (computed on the node, not trusted from its name
//    or size) is right is used as it is ("run").
// 4. Else "upload": the script makes the private cache folder, reads exactly
//    the binary's size from its stdin with `head -c` into a mktemp file in it
//    (the app sends the bytes right after the line, in chunks, each sent only
//    when the previous one left: the progress is what reached the node's
//    window), checks the SHA-256 on the node and `mv -f`s it onto the target
//    (rename(2): atomically replaces a stale or partial target, even one an
//    older agent still runs). `read` takes its line byte by byte, and the app
//    sends nothing after the binary until the engine answers, so no byte
//    meant for the engine is consumed by the script.
// 5. With setExecAfter(ARGS), the script then `exec`s `<engine> ARGS` on the
//    same channel and takeProcess() hands that channel over (the agent).
//
// Time limits follow what is happening: each phase (the login shell, the
// node's checks, the upload, the install) may take as long as it makes
// progress; slow() tells what it waits for after a few seconds without any,
// and only a phase without progress for its whole limit fails (Failure::Stalled,
// saying what it was waiting for).

#include "deploy/elfinfo.h"

#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <chrono>

class QTimer;

namespace halolink {

class RemoteProcess;
class SshSession;

// The local binary's facts, computed once per (path, size, mtime).
struct LocalEngineInfo {
    QString path;
    QString sha256; // lowercase hex
    qint64 size = 0;
    ElfInfo elf;

    static std::optional<LocalEngineInfo> load(const QString &path, QString *error);
};

class EngineDeployer final : public QObject {
    Q_OBJECT

public:
    enum class Failure {
        None,
        LocalEngine, // the local binary is missing or not an ELF file
        NotConnected,
        NodeCheck, // the node did not answer the checks
        ArchMismatch, // the node's CPU architecture is not the binary's
        LibcMismatch, // the node's C library is too old, or not glibc
        Upload, // the upload failed
        Verify, // the uploaded file's checksum is wrong / cannot be checked
        Cancelled,
        Stalled, // a phase made no progress within its limit (errorString says which)
    };
    Q_ENUM(Failure)

    // What the deployment is waiting for, for slow() and Stalled.
    enum class Phase {
        Shell, // the node's login shell to start and run the script
        Checks, // the node's answers (architecture, C library, the target's SHA-256)
        Upload, // the binary to reach the node
        Install, // the node to check the uploaded file and move it in place
        Start, // the engine already there: the node to start it
    };
    Q_ENUM(Phase)

    struct Limits {
        std::chrono::milliseconds slowAfter { std::chrono::seconds(5) };
        std::chrono::milliseconds shell { std::chrono::seconds(120) };
        std::chrono::milliseconds step { std::chrono::seconds(60) }; // checks, upload, install, start
    };

    EngineDeployer(SshSession *session, const QString &localEnginePath, QObject *parent = nullptr);
    ~EngineDeployer() override;

    // Relative to the node's $HOME; default ".cache/halolink".
    void setRemoteDir(const QString &relativeDir) { m_remoteDir = relativeDir; }
    // After deploying, the same channel runs `<engine> ARGS` (exec: it replaces
    // the shell, so a TERM signal reaches it); finished() then hands it over.
    void setExecAfter(const QStringList &engineArgs) { m_execArgs = engineArgs; }
    void setLimits(const Limits &limits) { m_limits = limits; }

    void start();
    void cancel();

    // After finished() with setExecAfter(): the channel now running the
    // engine (its next stdout lines are the engine's). The caller owns it.
    RemoteProcess *takeProcess();

    // After finished(): the absolute path on the node, and whether it was uploaded now.
    QString remotePath() const { return m_remotePath; }
    bool uploaded() const { return m_uploaded; }
    Failure failure() const { return m_failure; }
    QString errorString() const { return m_error; }
    // What the node reported (after the check): e.g. "x86_64", "glibc 2.36".
    QString nodeArch() const { return m_nodeArch; }
    QString nodeLibc() const { return m_nodeLibc; }

    // The script run on the node (public for tests and for reading).
    static QString bootstrapScript(const QString &remoteDir, const QString &sha256, qint64 size,
        const QStringList &execArgs);
    // What a phase waits for, in a sentence ("the login shell of NODE to start").
    static QString waitingFor(Phase phase, const QString &node);

Q_SIGNALS:
    void progress(qint64 bytesDone, qint64 bytesTotal);
    // No progress for `seconds` in `phase` (emitted again every few seconds while it lasts).
    void slow(halolink::EngineDeployer::Phase phase, int seconds);
    void finished(const QString &remotePath, bool uploaded);
    void failed(halolink::EngineDeployer::Failure failure, const QString &message);

private:
    void onLine(const QByteArray &line);
    void onFacts();
    void onChannelEnded(int exitCode, const QString &error);
    void sendNextChunk();
    void enterPhase(Phase phase);
    void progressed();
    void onTick();
    void succeed();
    void fail(Failure failure, const QString &message);
    void dropProcess();
    QString nodeName() const;

    QPointer<SshSession> m_session;
    QString m_localPath;
    QString m_remoteDir = QStringLiteral(".cache/halolink");
    QStringList m_execArgs;
    Limits m_limits;
    LocalEngineInfo m_local;
    QHash<QString, QString> m_facts;
    QString m_remotePath;
    QString m_nodeArch, m_nodeLibc;
    QPointer<RemoteProcess> m_process;
    QFile *m_file = nullptr;
    qint64 m_sent = 0; // bytes handed to the channel
    qint64 m_acked = 0; // bytes that left for the node
    QByteArray m_stderr; // the script's last stderr lines, for messages
    QTimer *m_tick = nullptr;
    Phase m_phase = Phase::Shell;
    QElapsedTimer m_clock;
    qint64 m_lastProgressMs = 0;
    int m_lastSlowReport = 0;
    bool m_running = false;
    bool m_uploaded = false;
    bool m_handedOver = false;
    Failure m_failure = Failure::None;
    QString m_error;
};

} // namespace halolink
