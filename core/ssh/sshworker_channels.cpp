#include "ssh/sshworker.h"

#include "ssh/sshworker_p.h"

#include <QSocketNotifier>
#include <QTimer>

// SshWorker: exec channels (open, read/write, flow control, close).

namespace halolink {

using sshworker_detail::keysOf;

// --- channels ------------------------------------------------------------------------

void SshWorker::updatePumping()
{
    const bool active = m_ready && !m_channels.empty();
    if (m_readNotifier)
        m_readNotifier->setEnabled(active);
    if (m_pumpTimer) {
        if (active && !m_pumpTimer->isActive())
            m_pumpTimer->start();
        else if (!active)
            m_pumpTimer->stop();
    }
}

void SshWorker::openCommand(int id, const QByteArray &command)
{
    if (!m_ready || m_finished) {
        Q_EMIT channelClosed(id, -1, tr("Not connected."));
        return;
    }
    ssh_session s = m_session.get();
    libssh::Channel channel(ssh_channel_new(s));
    if (!channel || ssh_channel_open_session(channel.get()) != SSH_OK) {
        const QString why = libssh::lastError(s);
        Q_EMIT channelClosed(id, -1, tr("Cannot open an SSH channel: %1").arg(why));
        if (!ssh_is_connected(s))
            connectionLost(why);
        return;
    }
    if (ssh_channel_request_exec(channel.get(), command.constData()) != SSH_OK) {
        Q_EMIT channelClosed(id, -1, tr("The node refused to run the command: %1").arg(libssh::lastError(s)));
        return;
    }
    ChannelState state;
    state.channel = std::move(channel);
    m_channels.emplace(id, std::move(state));
    Q_EMIT channelOpened(id);
    updatePumping();
    pump();
}

void SshWorker::writeStdin(int id, const QByteArray &data)
{
    auto it = m_channels.find(id);
    if (it == m_channels.end() || it->second.eofSent)
        return;
    const char *p = data.constData();
    qsizetype left = data.size();
    while (left > 0) {
        const int n = ssh_channel_write(it->second.channel.get(), p, static_cast<uint32_t>(left));
        if (n == SSH_ERROR) {
            finishChannel(
                id, -1, tr("Writing to the command failed: %1").arg(libssh::lastError(m_session.get())));
            pump();
            return;
        }
        p += n;
        left -= n;
    }
    Q_EMIT channelWritten(id, data.size());
    // A blocking write may have read incoming packets into channel buffers.
    QMetaObject::invokeMethod(this, &SshWorker::pump, Qt::QueuedConnection);
}

void SshWorker::closeStdin(int id)
{
    auto it = m_channels.find(id);
    if (it == m_channels.end() || it->second.eofSent)
        return;
    it->second.eofSent = true;
    ssh_channel_send_eof(it->second.channel.get());
}

void SshWorker::closeChannel(int id)
{
    auto it = m_channels.find(id);
    if (it == m_channels.end())
        return;
    // Ask the remote process to stop (OpenSSH honours "signal" requests), then close.
    ssh_channel_request_send_signal(it->second.channel.get(), "TERM");
    finishChannel(id, -1, tr("Cancelled."));
}

void SshWorker::finishChannel(int id, int exitStatus, const QString &error)
{
    auto it = m_channels.find(id);
    if (it == m_channels.end())
        return;
    ssh_channel ch = it->second.channel.get();
    if (ssh_channel_is_open(ch)) {
        if (!it->second.eofSent)
            ssh_channel_send_eof(ch);
        ssh_channel_close(ch);
    }
    m_channels.erase(it);
    Q_EMIT channelClosed(id, exitStatus, error);
    updatePumping();
}

void SshWorker::pump()
{
    if (!m_ready || m_finished)
        return;
    ssh_session s = m_session.get();
    static thread_local char buf[64 * 1024];
    const QList<int> ids = keysOf(m_channels);
    for (int id : ids) {
        auto it = m_channels.find(id);
        if (it == m_channels.end())
            continue;
        ssh_channel ch = it->second.channel.get();
        bool broken = false;
        for (int stream = 0; stream < 2 && !broken; ++stream) {
            for (;;) {
                const int n = ssh_channel_read_nonblocking(ch, buf, sizeof buf, stream);
                if (n > 0) {
                    Q_EMIT channelData(id, stream == 1, QByteArray(buf, n));
                    continue;
                }
                if (n == SSH_ERROR)
                    broken = true;
                break; // 0: nothing now; SSH_EOF: this stream ended
            }
        }
        if (broken) {
            if (!ssh_is_connected(s))
                break; // handled below as a lost connection
            finishChannel(id, -1, tr("Reading from the command failed: %1").arg(libssh::lastError(s)));
            continue;
        }
        if (ssh_channel_is_eof(ch) || ssh_channel_is_closed(ch)) {
            if (ssh_channel_poll(ch, 0) > 0 || ssh_channel_poll(ch, 1) > 0)
                continue; // more buffered; next round
            // Waits (bounded) for the exit-status that follows EOF.
            const int status = ssh_channel_get_exit_status(ch);
            finishChannel(id, status,
                status < 0 ? tr("The command ended without an exit status (killed by a signal?).")
                           : QString());
        }
    }
    if (!ssh_is_connected(s) || (ssh_get_status(s) & (SSH_CLOSED | SSH_CLOSED_ERROR)))
        connectionLost(tr("the connection closed (%1)").arg(libssh::lastError(s)));
}

} // namespace halolink
