#include "ssh/sshworker.h"

#include <fcntl.h>

// SshWorker: SFTP uploads.

namespace halolink {

// --- SFTP ----------------------------------------------------------------------------

bool SshWorker::sftpReady(QString *error)
{
    if (m_sftp)
        return true;
    sftp_session sftp = sftp_new(m_session.get());
    if (!sftp) {
        *error = tr("Cannot start SFTP: %1").arg(libssh::lastError(m_session.get()));
        return false;
    }
    if (sftp_init(sftp) != SSH_OK) {
        *error = tr("The node's SFTP server did not start (error %1): %2")
                     .arg(sftp_get_error(sftp))
                     .arg(libssh::lastError(m_session.get()));
        sftp_free(sftp);
        return false;
    }
    m_sftp.reset(sftp);
    return true;
}

void SshWorker::startUpload(int id, const QString &localPath, const QString &remotePath, int mode)
{
    if (!m_ready || m_finished) {
        Q_EMIT uploadFinished(id, tr("Not connected."));
        return;
    }
    QString error;
    if (!sftpReady(&error)) {
        Q_EMIT uploadFinished(id, error);
        return;
    }
    UploadState up;
    up.file = std::make_unique<QFile>(localPath);
    if (!up.file->open(QIODevice::ReadOnly)) {
        Q_EMIT uploadFinished(id, tr("Cannot read %1: %2").arg(localPath, up.file->errorString()));
        return;
    }
    up.total = up.file->size();
    up.remotePath = remotePath;
    up.mode = mode;
    const QByteArray remote = remotePath.toUtf8();
    sftp_file f = sftp_open(
        m_sftp.get(), remote.constData(), O_WRONLY | O_CREAT | O_TRUNC, static_cast<mode_t>(mode));
    if (!f) {
        Q_EMIT uploadFinished(id,
            tr("Cannot create %1 on the node (SFTP error %2): %3")
                .arg(remotePath)
                .arg(sftp_get_error(m_sftp.get()))
                .arg(libssh::lastError(m_session.get())));
        return;
    }
    up.remote.reset(f);
    const qint64 total = up.total;
    m_uploads.emplace(id, std::move(up));
    Q_EMIT uploadProgress(id, 0, total);
    QMetaObject::invokeMethod(
        this, [this, id] { uploadStep(id); }, Qt::QueuedConnection);
}

void SshWorker::cancelUpload(int id)
{
    auto it = m_uploads.find(id);
    if (it != m_uploads.end())
        it->second.cancelled = true;
}

// One slice per event-loop turn, so the agent channel of the same session
// keeps flowing during an upload.
void SshWorker::uploadStep(int id)
{
    auto found = m_uploads.find(id);
    if (found == m_uploads.end() || m_finished)
        return;
    UploadState *it = &found->second;
    if (it->cancelled) {
        it->remote.reset();
        const QByteArray remote = it->remotePath.toUtf8();
        sftp_unlink(m_sftp.get(), remote.constData());
        finishUpload(id, tr("Cancelled."));
        return;
    }
    constexpr qint64 kWrite = 32 * 1024; // per SFTP write request
    constexpr int kWritesPerStep = 16;
    for (int i = 0; i < kWritesPerStep && it->done < it->total; ++i) {
        const QByteArray chunk = it->file->read(kWrite);
        if (chunk.isEmpty()) {
            finishUpload(id, tr("Reading the local file failed: %1").arg(it->file->errorString()));
            return;
        }
        qsizetype off = 0;
        while (off < chunk.size()) {
            const ssize_t n = sftp_write(
                it->remote.get(), chunk.constData() + off, static_cast<size_t>(chunk.size() - off));
            if (n <= 0) {
                const QString why = tr("Writing %1 on the node failed (SFTP error %2): %3")
                                        .arg(it->remotePath)
                                        .arg(sftp_get_error(m_sftp.get()))
                                        .arg(libssh::lastError(m_session.get()));
                if (!ssh_is_connected(m_session.get())) {
                    connectionLost(why);
                    return;
                }
                finishUpload(id, why);
                return;
            }
            off += n;
        }
        it->done += chunk.size();
    }
    Q_EMIT uploadProgress(id, it->done, it->total);
    if (it->done < it->total) {
        QMetaObject::invokeMethod(
            this, [this, id] { uploadStep(id); }, Qt::QueuedConnection);
        return;
    }
    it->remote.reset(); // sftp_close
    const QByteArray remote = it->remotePath.toUtf8();
    // The mode given to sftp_open is filtered by the server's umask: set it exactly.
    if (sftp_chmod(m_sftp.get(), remote.constData(), static_cast<mode_t>(it->mode)) != SSH_OK) {
        finishUpload(id,
            tr("Cannot set the mode of %1 on the node (SFTP error %2)")
                .arg(it->remotePath)
                .arg(sftp_get_error(m_sftp.get())));
        return;
    }
    finishUpload(id, QString());
}

void SshWorker::finishUpload(int id, const QString &error)
{
    m_uploads.erase(id);
    Q_EMIT uploadFinished(id, error);
}

} // namespace halolink
