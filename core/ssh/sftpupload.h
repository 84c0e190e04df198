#pragma once
// Copies one local file to a path on the node over SFTP, with progress. The
// remote file is created with `mode` and chmod-ed to it at the end (the
// server's umask would otherwise apply). Overwrites an existing file.

#include "ssh/sshsession.h"

#include <QObject>
#include <QPointer>

namespace halolink {

class SftpUpload final : public QObject, public SshUploadSink {
    Q_OBJECT

public:
    SftpUpload(SshSession *session, const QString &localPath, const QString &remotePath, int mode = 0600,
        QObject *parent = nullptr);
    ~SftpUpload() override;

    void start();
    void cancel();

    QString localPath() const { return m_local; }
    QString remotePath() const { return m_remote; }
    QString errorString() const { return m_error; }

Q_SIGNALS:
    void progress(qint64 bytesDone, qint64 bytesTotal);
    void finished(bool ok, const QString &error);

private:
    void sshUploadProgress(qint64 done, qint64 total) override;
    void sshUploadFinished(const QString &error) override;

    QPointer<SshSession> m_session;
    QString m_local, m_remote;
    int m_mode;
    int m_id = 0;
    bool m_running = false;
    QString m_error;
};

} // namespace halolink
