#include "ssh/sftpupload.h"

namespace halolink {

SftpUpload::SftpUpload(
    SshSession *session, const QString &localPath, const QString &remotePath, int mode, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_local(localPath)
    , m_remote(remotePath)
    , m_mode(mode)
{
}

SftpUpload::~SftpUpload()
{
    if (m_running && m_session) {
        m_session->cancelUpload(m_id);
        m_session->detachSink(m_id);
    }
}

void SftpUpload::start()
{
    if (m_running)
        return;
    m_running = true;
    if (!m_session) {
        QMetaObject::invokeMethod(
            this, [this] { sshUploadFinished(tr("Not connected.")); }, Qt::QueuedConnection);
        return;
    }
    m_id = m_session->startUpload(m_local, m_remote, m_mode, this);
}

void SftpUpload::cancel()
{
    if (m_running && m_session)
        m_session->cancelUpload(m_id);
}

void SftpUpload::sshUploadProgress(qint64 done, qint64 total)
{
    Q_EMIT progress(done, total);
}

void SftpUpload::sshUploadFinished(const QString &error)
{
    if (!m_running)
        return;
    m_running = false;
    m_error = error;
    Q_EMIT finished(error.isEmpty(), error);
}

} // namespace halolink
