#pragma once
// The soak's sampler: RSS and CPU (the machine, the app, the nodes),
// read off the GUI thread.

#include "soak_probes.h"

#include <QDir>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include <sys/types.h>

namespace halolink::soak {

// --- CPU and memory, sampled off the GUI thread -------------------------------------------

class Sampler
{
public:
    struct Sample {
        qint64 realtimeNs = 0;
        qint64 rss = 0;
    };
    struct Cpu {
        double machinePercent = 0; // of all cores together (100 % = every core busy)
        double appPercent = 0;     // of one core
        double nodesPercent = 0;   // the test user's processes: agents and their sshds, of one core
    };

    explicit Sampler(uid_t nodeUid)
        : m_uid(nodeUid)
    {
    }
    ~Sampler() { stop(); }

    void start()
    {
        m_thread = std::thread([this] { loop(); });
    }
    void stop()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_cv.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }
    // CPU from now on.
    void markCpuStart()
    {
        std::lock_guard lock(m_mutex);
        m_cpuFrom = m_cpuNow;
        m_cpuFromSet = true;
    }
    Cpu cpu() const
    {
        std::lock_guard lock(m_mutex);
        Cpu c;
        if (!m_cpuFromSet)
            return c;
        const double seconds = double(m_cpuNow.mono - m_cpuFrom.mono) / 1e9;
        const double hz = double(sysconf(_SC_CLK_TCK));
        if (seconds <= 0)
            return c;
        const qint64 total = m_cpuNow.machine.total - m_cpuFrom.machine.total;
        c.machinePercent = total > 0 ? 100.0 * double(m_cpuNow.machine.busy - m_cpuFrom.machine.busy) / double(total) : 0;
        c.appPercent = 100.0 * double(m_cpuNow.app - m_cpuFrom.app) / hz / seconds;
        c.nodesPercent = 100.0 * double(m_nodesTicks - m_nodesFrom) / hz / seconds;
        return c;
    }
    std::vector<Sample> rss() const
    {
        std::lock_guard lock(m_mutex);
        return m_rss;
    }

private:
    struct CpuPoint {
        qint64 mono = 0;
        MachineTicks machine;
        qint64 app = 0;
    };

    void loop()
    {
        int n = 0;
        for (;;) {
            {
                std::unique_lock lock(m_mutex);
                if (m_cv.wait_for(lock, std::chrono::seconds(2), [this] { return m_stop; }))
                    break;
            }
            const Sample s{realtimeNs(), residentBytes()};
            CpuPoint p{monoNs(), machineTicks(), processTicks(QStringLiteral("/proc/self/stat"))};
            // The nodes' processes every 10 s (a walk over /proc).
            const qint64 nodes = (n++ % 5 == 0) ? scanNodes() : -1;
            std::lock_guard lock(m_mutex);
            m_rss.push_back(s);
            m_cpuNow = p;
            if (nodes >= 0 && m_cpuFromSet && m_nodesFrom < 0)
                m_nodesFrom = m_nodesTicks;
        }
    }

    // Adds the CPU ticks used since the last scan by the node user's processes.
    qint64 scanNodes()
    {
        QHash<qint64, qint64> now;
        const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString &e : entries) {
            bool ok = false;
            const qint64 pid = e.toLongLong(&ok);
            if (!ok)
                continue;
            QFile status(QStringLiteral("/proc/%1/status").arg(pid));
            if (!status.open(QIODevice::ReadOnly))
                continue;
            bool mine = false;
            for (const QByteArray &line : status.readAll().split('\n')) {
                if (line.startsWith("Uid:")) {
                    mine = line.mid(4).simplified().split(' ').value(0).toUInt() == m_uid;
                    break;
                }
            }
            if (!mine)
                continue;
            const qint64 ticks = processTicks(QStringLiteral("/proc/%1/stat").arg(pid));
            if (ticks >= 0)
                now.insert(pid, ticks);
        }
        qint64 added = 0;
        for (auto it = now.cbegin(); it != now.cend(); ++it)
            added += it.value() - m_lastTicks.value(it.key(), 0); // a new process: all of its time
        m_lastTicks = now;
        std::lock_guard lock(m_mutex);
        m_nodesTicks += added;
        return m_nodesTicks;
    }

    const uid_t m_uid;
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_stop = false;
    std::vector<Sample> m_rss;
    CpuPoint m_cpuNow;
    CpuPoint m_cpuFrom;
    bool m_cpuFromSet = false;
    QHash<qint64, qint64> m_lastTicks;
    qint64 m_nodesTicks = 0;
    qint64 m_nodesFrom = -1;
};

} // namespace halolink::soak
