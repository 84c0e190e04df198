#pragma once
// The soak's watch on the GUI thread (StallWatch): how late it handles an
// event posted every 4 ms, its CPU time and its wait for a CPU then.

#include "soak_probes.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QObject>
#include <QStringList>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

namespace halolink::soak {

// --- the GUI thread's stalls ---------------------------------------------------------------

// A watchdog thread posts an event to the GUI thread every 4 ms; how late the
// GUI thread handles it is how long it was blocked (or waiting for a CPU).
// The GUI thread's CPU time between post and handling tells which: near the
// stall's length, it was busy; near zero, it was not running, and then its
// time waiting on the run queue (/proc/self/task/TID/schedstat, the second
// number: time runnable but not on a CPU) tells a machine short of CPUs from
// a thread blocked (a lock, I/O, page faults: majflt in its stat, field 12).
// The peer of the GUI thread in the same run: an idle thread with an event
// loop of its own, at the same priority, gets the same stamps. Its lateness
// is the machine's (the kernel holding both CPUs, the hypervisor not running
// this VM's, other threads of the same weight), never the app's: a GUI stall
// that the idle thread shared at that moment was the machine's too.
class IdlePeer final : public QObject
{
public:
    struct Late {
        qint64 atRealtimeNs = 0; // when the stamp was posted
        qint64 latencyNs = 0;
    };
    static constexpr qint64 kKeepNs = 4'000'000; // late by more than this: kept, to compare

    explicit IdlePeer()
    {
        moveToThread(&m_thread);
        m_thread.start();
    }
    ~IdlePeer() override
    {
        m_thread.quit();
        m_thread.wait();
    }
    void post(qint64 postedMonoNs) { QCoreApplication::postEvent(this, new Stamp(postedMonoNs)); }
    void setMeasuring(bool on) { m_measuring = on; }
    qint64 maxNs() const { return m_max; }
    // Its longest lateness within [fromRealtimeNs, toRealtimeNs] (by posting time); 0: none kept.
    qint64 worstBetween(qint64 fromRealtimeNs, qint64 toRealtimeNs) const
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        qint64 worst = 0;
        for (const Late &l : m_late) {
            if (l.atRealtimeNs <= toRealtimeNs && l.atRealtimeNs + l.latencyNs >= fromRealtimeNs)
                worst = std::max(worst, l.latencyNs);
        }
        return worst;
    }
    int countOver(qint64 ns) const
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return int(std::count_if(m_late.begin(), m_late.end(), [ns](const Late &l) { return l.latencyNs > ns; }));
    }

protected:
    bool event(QEvent *e) override
    {
        if (e->type() != Stamp::type())
            return QObject::event(e);
        const qint64 latency = monoNs() - static_cast<const Stamp *>(e)->postedNs;
        if (!m_measuring)
            return true;
        m_max = std::max<qint64>(m_max, latency);
        if (latency > kKeepNs) {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_late.push_back({realtimeNs() - latency, latency});
        }
        return true;
    }

private:
    struct Stamp final : QEvent {
        explicit Stamp(qint64 posted)
            : QEvent(type())
            , postedNs(posted)
        {
        }
        static QEvent::Type type()
        {
            static const auto t = QEvent::Type(QEvent::registerEventType());
            return t;
        }
        qint64 postedNs;
    };
    QThread m_thread;
    std::atomic<bool> m_measuring{false};
    std::atomic<qint64> m_max{0};
    mutable std::mutex m_mutex;
    std::vector<Late> m_late;
};

class StallWatch final : public QObject
{
public:
    static constexpr qint64 kPeriodNs = 4'000'000;

    struct Stall {
        qint64 latencyNs = 0;
        qint64 cpuNs = 0;
        qint64 atRealtimeNs = 0;
        qint64 runQueueNs = -1; // -1: unknown (no schedstat)
        qint64 majorFaults = -1;
    };

    StallWatch()
    {
        pthread_getcpuclockid(pthread_self(), &m_guiClock);
        const QByteArray task = "/proc/self/task/" + QByteArray::number(qint64(::gettid()));
        m_schedstatPath = task + "/schedstat";
        m_statPath = task + "/stat";
        m_hist.assign(2001, 0);
    }
    ~StallWatch() override { stop(); }

    void start()
    {
        m_stop = false;
        m_thread = std::thread([this] { loop(); });
    }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    void setMeasuring(bool on)
    {
        m_measuring = on;
        m_watchdogMeasuring = on;
        m_peer.setMeasuring(on);
    }

    qint64 maxNs() const { return m_max.latencyNs; }
    const Stall &worst() const { return m_max; }
    const Stall &worstBusy() const { return m_maxBusy; }
    quint64 samples() const { return m_samples; }
    int episodesOver(qint64) const { return m_episodes; }
    void setTarget(qint64 ns) { m_targetNs = ns; }
    double percentileMs(double p) const
    {
        const quint64 rank = std::max<quint64>(1, quint64(std::ceil(p / 100.0 * double(m_samples))));
        quint64 seen = 0;
        for (size_t i = 0; i < m_hist.size(); ++i) {
            seen += m_hist[i];
            if (seen >= rank)
                return double(i);
        }
        return double(m_hist.size());
    }
    std::vector<Stall> top() const { return m_top; }
    const IdlePeer &peer() const { return m_peer; }
    double watchdogLateMaxMs() const { return double(m_watchdogLateMax.load()) / 1e6; }
    // How the watchdog thread was scheduled (after start(), once it runs).
    QString watchdogPolicy() const { return m_policyKnown ? m_watchdogPolicy : QStringLiteral("unknown"); }

protected:
    bool event(QEvent *e) override
    {
        if (e->type() != stampType())
            return QObject::event(e);
        const auto *s = static_cast<const Stamp *>(e);
        const qint64 now = monoNs();
        const qint64 latency = now - s->postedNs;
        const qint64 cpu = clockNs(CLOCK_THREAD_CPUTIME_ID) - s->guiCpuNs;
        if (!m_measuring)
            return true;
        ++m_samples;
        m_hist[size_t(std::min<qint64>(latency / 1'000'000, qint64(m_hist.size()) - 1))]++;
        Stall stall{latency, cpu, realtimeNs() - latency};
        if (latency > m_targetNs) { // read only then: a stall is rare, the reads are not free
            const qint64 runQueue = runQueueNs();
            const qint64 faults = majorFaults();
            if (runQueue >= 0 && s->runQueueNs >= 0)
                stall.runQueueNs = runQueue - s->runQueueNs;
            if (faults >= 0 && s->majorFaults >= 0)
                stall.majorFaults = faults - s->majorFaults;
        }
        if (latency > m_max.latencyNs)
            m_max = stall;
        if (cpu * 2 >= latency && latency > m_maxBusy.latencyNs)
            m_maxBusy = stall;
        if (latency > m_targetNs && s->postedNs > m_lastEpisodeEndNs) {
            ++m_episodes;
            m_lastEpisodeEndNs = now;
            m_top.push_back(stall);
            std::sort(m_top.begin(), m_top.end(), [](const Stall &a, const Stall &b) { return a.latencyNs > b.latencyNs; });
            if (m_top.size() > 8)
                m_top.pop_back();
        } else if (latency > m_targetNs) {
            m_lastEpisodeEndNs = now;
            // The same episode: keep its worst, once (the nearest entry, not every one within 2 s).
            Stall *same = nullptr;
            for (Stall &t : m_top) {
                if (std::llabs(t.atRealtimeNs - stall.atRealtimeNs) < 2 * kSecond
                    && (!same || std::llabs(t.atRealtimeNs - stall.atRealtimeNs) < std::llabs(same->atRealtimeNs - stall.atRealtimeNs)))
                    same = &t;
            }
            if (same && stall.latencyNs > same->latencyNs) {
                *same = stall;
                std::sort(m_top.begin(), m_top.end(), [](const Stall &a, const Stall &b) { return a.latencyNs > b.latencyNs; });
            }
        }
        return true;
    }

private:
    struct Stamp final : QEvent {
        Stamp(qint64 posted, qint64 guiCpu, qint64 runQueue, qint64 faults)
            : QEvent(stampType())
            , postedNs(posted)
            , guiCpuNs(guiCpu)
            , runQueueNs(runQueue)
            , majorFaults(faults)
        {
        }
        qint64 postedNs;
        qint64 guiCpuNs;
        qint64 runQueueNs;
        qint64 majorFaults;
    };
    // The GUI thread's figures from /proc (any thread may read them); -1: unreadable.
    static qint64 procNumber(const QByteArray &path, int field)
    {
        char buf[1024];
        const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return -1;
        const ssize_t n = ::read(fd, buf, sizeof buf - 1);
        ::close(fd);
        if (n <= 0)
            return -1;
        buf[n] = 0;
        const char *p = buf;
        if (field > 2) { // stat: after the command in parentheses, field 3 on
            p = std::strrchr(buf, ')');
            if (!p)
                return -1;
            p += 1;
            field -= 2;
        }
        for (int i = 1; i < field; ++i) {
            while (*p == ' ')
                ++p;
            while (*p && *p != ' ')
                ++p;
        }
        char *end = nullptr;
        const long long v = std::strtoll(p, &end, 10);
        return end == p ? -1 : qint64(v);
    }
    qint64 runQueueNs() const { return procNumber(m_schedstatPath, 2); }
    qint64 majorFaults() const { return procNumber(m_statPath, 12); }
    static QEvent::Type stampType()
    {
        static const auto type = QEvent::Type(QEvent::registerEventType());
        return type;
    }

    void loop()
    {
        // The watchdog runs real-time (SCHED_FIFO, as cyclictest does): else
        // a wait of its own for a CPU, between stamping an event and posting
        // it, would count as the GUI thread's stall. Where that is not
        // allowed (not root) it stays a normal thread, and says so.
        sched_param param{};
        param.sched_priority = 1;
        const int rc = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
        m_watchdogPolicy = rc == 0 ? QStringLiteral("real-time (SCHED_FIFO 1)")
                                   : QStringLiteral("normal priority (SCHED_FIFO refused: %1)").arg(QString::fromLocal8Bit(std::strerror(rc)));
        m_policyKnown = true;
        qint64 next = monoNs();
        while (!m_stop) {
            const qint64 postedNs = monoNs();
            QCoreApplication::postEvent(this, new Stamp(postedNs, clockNs(m_guiClock), runQueueNs(), majorFaults()));
            m_peer.post(postedNs);
            next += kPeriodNs;
            const qint64 now = monoNs();
            if (next > now) {
                timespec ts{time_t(next / kSecond), long(next % kSecond)};
                ::clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr);
            }
            const qint64 late = monoNs() - next; // this thread's own wake-up: the machine's scheduling
            if (m_watchdogMeasuring && late > m_watchdogLateMax)
                m_watchdogLateMax = late;
            if (late > kPeriodNs * 25)
                next = monoNs();
        }
    }

    clockid_t m_guiClock{};
    QByteArray m_schedstatPath;
    QByteArray m_statPath;
    std::thread m_thread;
    IdlePeer m_peer;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_watchdogMeasuring{false};
    std::atomic<qint64> m_watchdogLateMax{0};
    QString m_watchdogPolicy;            // written by the watchdog before m_policyKnown
    std::atomic<bool> m_policyKnown{false};
    // GUI thread only:
    bool m_measuring = false;
    std::vector<quint64> m_hist; // 1 ms bins
    quint64 m_samples = 0;
    Stall m_max;
    Stall m_maxBusy;
    qint64 m_targetNs = 16'666'667;
    qint64 m_lastEpisodeEndNs = 0;
    int m_episodes = 0;
    std::vector<Stall> m_top;
};

} // namespace halolink::soak
