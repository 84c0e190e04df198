#include "ssh/remoteprocess.h"

#include "ssh/sshlogging.h"

#include "eventslice.h"

namespace halolink {

RemoteProcess::RemoteProcess(SshSession *session, const QString &command, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_command(command)
{
}

RemoteProcess::~RemoteProcess()
{
    if (m_running && m_session) {
        m_session->closeChannel(m_id);
        m_session->detachSink(m_id);
    }
}

void RemoteProcess::start()
{
    if (m_running || m_done)
        return;
    m_running = true;
    if (!m_session) {
        QMetaObject::invokeMethod(
            this, [this] { sshChannelClosed(-1, tr("Not connected.")); }, Qt::QueuedConnection);
        return;
    }
    m_id = m_session->openChannel(m_command.toUtf8(), this);
}

void RemoteProcess::write(const QByteArray &data)
{
    if (!m_running || m_closed)
        return;
    if (!m_opened) {
        m_pendingWrites += data;
        return;
    }
    m_session->writeChannel(m_id, data);
}

void RemoteProcess::closeStdin()
{
    if (!m_running || m_closed || !m_session)
        return;
    if (!m_opened) {
        m_closePending = true; // after the pending writes, once the channel is open
        return;
    }
    m_session->closeChannelInput(m_id);
}

void RemoteProcess::terminate()
{
    if (!m_running || m_closed || !m_session)
        return;
    m_session->closeChannel(m_id); // the worker answers with channelClosed
}

void RemoteProcess::sshChannelOpened()
{
    m_opened = true;
    if (!m_pendingWrites.isEmpty()) {
        m_session->writeChannel(m_id, m_pendingWrites);
        m_pendingWrites.fill('\0'); // may hold a secret (a sudo password)
        m_pendingWrites.clear();
    }
    if (m_closePending) {
        m_closePending = false;
        m_session->closeChannelInput(m_id);
    }
    Q_EMIT started();
}

void RemoteProcess::split(QByteArray &buffer, bool isStderr, bool flushAll)
{
    const EventSlice slice;
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = buffer.indexOf('\n', start);
        if (nl < 0)
            break;
        if (!flushAll && start > 0 && slice.spent()) {
            buffer.remove(0, start); // whole lines wait, in order, for drain()
            EventSlice::continueLater(this, &RemoteProcess::drain, m_drainQueued);
            return;
        }
        QByteArray line = buffer.mid(start, nl - start);
        if (line.endsWith('\r'))
            line.chop(1);
        start = nl + 1;
        if (!isStderr && m_discardingOut) {
            m_discardingOut = false; // the end of an over-long line
            continue;
        }
        if (isStderr)
            Q_EMIT stderrLine(line);
        else
            Q_EMIT lineReceived(line);
        if (!m_running && !flushAll)
            return;
    }
    buffer.remove(0, start);
    if (buffer.size() > m_maxLine) {
        qCWarning(lcSsh) << "dropping an over-long line from" << m_command.left(80) << "(" << buffer.size()
                         << "bytes)";
        buffer.clear();
        if (!isStderr)
            m_discardingOut = true;
    }
    if (flushAll && !buffer.isEmpty()) {
        if (isStderr)
            Q_EMIT stderrLine(buffer);
        else if (!m_discardingOut)
            Q_EMIT lineReceived(buffer);
        buffer.clear();
    }
}

void RemoteProcess::drain()
{
    m_drainQueued = false;
    if (m_done || !m_running)
        return;
    split(m_out, false, false);
    if (m_running && !m_drainQueued)
        split(m_err, true, false);
    if (m_closed && !m_drainQueued)
        finish();
}

void RemoteProcess::sshChannelData(bool isStderr, const QByteArray &data)
{
    QByteArray &buffer = isStderr ? m_err : m_out;
    buffer.append(data);
    if (!m_drainQueued)
        split(buffer, isStderr, false);
}

void RemoteProcess::sshChannelClosed(int exitStatus, const QString &error)
{
    if (m_done || m_closed)
        return;
    m_closed = true;
    m_exitCode = exitStatus;
    m_error = error;
    if (!m_drainQueued) // else drain() ends it, after the lines that came before the close
        finish();
}

void RemoteProcess::finish()
{
    split(m_out, false, true);
    split(m_err, true, true);
    m_running = false;
    m_done = true;
    Q_EMIT finished(m_exitCode, m_error);
}

} // namespace halolink
