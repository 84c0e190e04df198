#pragma once
// Puts the engine on a node, content-addressed:
//   ~/.cache/halolink/engine-<sha256 of the binary>
//
// 1. Reads the local binary: its ELF machine and the newest GLIBC_x.y it
//    references (ElfInfo), its SHA-256 and size.
// 2. One command on the node: `uname -m`, the C library (`getconf
//    GNU_LIBC_VERSION`, else the first line of `ldd --version`), $HOME, and the
//    SHA-256 of the target if it exists. A wrong architecture or a too-old (or
//    non-GNU) C library is a clear error BEFORE anything is uploaded.
// 3. If the target exists and its SHA-256 (computed on the node, not trusted
//    from its name or size) is right: done, nothing uploaded.
// 4. Else: SFTP upload under a temporary name (mode 0700), SHA-256 checked on
//    the node, then `mv -f` onto the target. libssh 0.10 has no posix-rename
//    and SFTPv3 rename fails when the target exists; mv -f is rename(2), which
//    atomically replaces an existing (stale or partial) target, even one an
//    older agent is still running.

#include "deploy/elfinfo.h"

#include <QObject>
#include <QPointer>
#include <QString>

namespace halolink {

class RemoteTask;
class SftpUpload;
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
        Upload, // SFTP failed
        Verify, // the uploaded file's checksum is wrong / cannot be checked
        Cancelled,
    };
    Q_ENUM(Failure)

    EngineDeployer(SshSession *session, const QString &localEnginePath, QObject *parent = nullptr);
    ~EngineDeployer() override;

    // Relative to the node's $HOME; default ".cache/halolink".
    void setRemoteDir(const QString &relativeDir) { m_remoteDir = relativeDir; }

    void start();
    void cancel();

    // After finished(): the absolute path on the node, and whether it was uploaded now.
    QString remotePath() const { return m_remotePath; }
    bool uploaded() const { return m_uploaded; }
    Failure failure() const { return m_failure; }
    QString errorString() const { return m_error; }
    // What the node reported (after the check): e.g. "x86_64", "glibc 2.36".
    QString nodeArch() const { return m_nodeArch; }
    QString nodeLibc() const { return m_nodeLibc; }

Q_SIGNALS:
    void progress(qint64 bytesDone, qint64 bytesTotal);
    void finished(const QString &remotePath, bool uploaded);
    void failed(halolink::EngineDeployer::Failure failure, const QString &message);

private:
    void onCheckDone(int exitCode);
    void startUpload();
    void onUploadDone(bool ok, const QString &error);
    void onInstallDone(int exitCode);
    void fail(Failure failure, const QString &message);
    QString nodeName() const;

    QPointer<SshSession> m_session;
    QString m_localPath;
    QString m_remoteDir = QStringLiteral(".cache/halolink");
    LocalEngineInfo m_local;
    QString m_home, m_remotePath, m_tmpPath;
    QString m_nodeArch, m_nodeLibc;
    QPointer<RemoteTask> m_task;
    QPointer<SftpUpload> m_upload;
    bool m_running = false;
    bool m_uploaded = false;
    Failure m_failure = Failure::None;
    QString m_error;
};

} // namespace halolink
