#include "soak_cluster.h"

#include "cluster_netns.h"
#include "sshd_fixture.h"

#include "cluster/clustercontroller.h"
#include "dashboard/dashboardpage.h"
#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrystore.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <list>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

namespace halolink::soak {

namespace {

using Clock = std::chrono::steady_clock;
constexpr qint64 kSecond = 1'000'000'000;

qint64 clockNs(clockid_t id)
{
    timespec ts{};
    ::clock_gettime(id, &ts);
    return qint64(ts.tv_sec) * kSecond + ts.tv_nsec;
}
qint64 realtimeNs() { return clockNs(CLOCK_REALTIME); }
qint64 monoNs() { return clockNs(CLOCK_MONOTONIC); }

double mib(qint64 bytes) { return double(bytes) / 1048576.0; }
double round2(double v) { return std::round(v * 100) / 100; }

qint64 residentBytes()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return -1;
    return statm.readAll().split(' ').value(1).toLongLong() * sysconf(_SC_PAGESIZE);
}

// utime + stime of a /proc/<pid>/stat, in clock ticks; -1 when gone.
qint64 processTicks(const QString &statPath)
{
    QFile f(statPath);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0)
        return -1;
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
    if (fields.size() < 13)
        return -1;
    return fields.at(11).toLongLong() + fields.at(12).toLongLong();
}

struct MachineTicks {
    qint64 busy = 0;
    qint64 total = 0;
};

MachineTicks machineTicks()
{
    QFile f(QStringLiteral("/proc/stat"));
    MachineTicks t;
    if (!f.open(QIODevice::ReadOnly))
        return t;
    const QList<QByteArray> cpu = f.readLine().simplified().split(' ');
    for (int i = 1; i < cpu.size(); ++i) {
        const qint64 v = cpu.at(i).toLongLong();
        if (i <= 8) // user nice system idle iowait irq softirq steal
            t.total += v;
        if (i <= 8 && i != 4 && i != 5)
            t.busy += v;
    }
    return t;
}

QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(f.readAll()).section(QLatin1Char(' '), 0, 2);
}

// --- chaos -------------------------------------------------------------------------------

struct Outage {
    int node = 0;
    double planKillS = 0; // from the run's start (all nodes ready)
    double planDownS = 0;
    qint64 killNs = 0;    // CLOCK_REALTIME just before the SIGKILL
    qint64 restartNs = 0; // its sshd listens again
    bool restarted = false;
    QString error;
};

// The nodes' sshds, started, killed and restarted on a thread of their own:
// a QProcess belongs to the thread that made it, and killing and restarting
// blocks (waiting for processes to go, for the port to listen), which must
// never be the GUI thread's time.
class NodeFarm
{
public:
    NodeFarm(test::SshdFixture &fx, const test::ClusterNetns &net, int nodes, bool sabotageReturn, bool verbose)
        : m_fx(fx)
        , m_net(net)
        , m_nodes(nodes)
        , m_sabotageReturn(sabotageReturn)
        , m_verbose(verbose)
    {
    }
    ~NodeFarm() { finish(); }

    bool startServers(QString *error)
    {
        m_thread.reset(QThread::create([this] { run(); }));
        m_thread->setObjectName(QStringLiteral("soak-chaos"));
        m_thread->start();
        std::unique_lock lock(m_mutex);
        m_cv.wait(lock, [this] { return m_phase != Phase::Starting; });
        if (m_phase == Phase::Failed) {
            *error = m_error;
            return false;
        }
        return true;
    }

    void go(std::vector<Outage> plan, Clock::time_point start)
    {
        {
            std::lock_guard lock(m_mutex);
            m_outages = std::move(plan);
            m_start = start;
            m_go = true;
        }
        m_cv.notify_all();
    }

    std::vector<Outage> outages() const
    {
        std::lock_guard lock(m_mutex);
        return m_outages;
    }
    bool scheduleDone() const
    {
        std::lock_guard lock(m_mutex);
        return m_scheduleDone;
    }
    int downNow() const { return m_down.load(); }

    // Ends the schedule (nodes still down are started again first, except a
    // sabotaged one), stops every sshd and removes the test user.
    void finish()
    {
        if (!m_thread)
            return;
        {
            std::lock_guard lock(m_mutex);
            m_quit = true;
        }
        m_cv.notify_all();
        m_thread->wait();
        m_thread.reset();
    }

private:
    enum class Phase { Starting, Started, Failed };

    void log(const QString &text) const
    {
        if (m_verbose)
            std::fprintf(stderr, "soak: %s\n", qPrintable(text));
    }

    void run()
    {
        QString error;
        for (int i = 0; i < m_nodes; ++i) {
            if (m_fx.startServer(&error, m_net.name(i), m_net.managementAddress(i)) < 0) {
                std::lock_guard lock(m_mutex);
                m_error = QStringLiteral("node %1: %2").arg(i).arg(error);
                m_phase = Phase::Failed;
                break;
            }
        }
        {
            std::lock_guard lock(m_mutex);
            if (m_phase == Phase::Starting)
                m_phase = Phase::Started;
        }
        m_cv.notify_all();
        if (m_phase == Phase::Started)
            chaos();
        std::unique_lock lock(m_mutex);
        m_cv.wait(lock, [this] { return m_quit; });
        lock.unlock();
        m_fx.tearDown(); // the sshds were started on this thread
    }

    void chaos()
    {
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock, [this] { return m_go || m_quit; });
            if (m_quit) {
                m_scheduleDone = true;
                return;
            }
        }
        struct Step {
            double at;
            size_t outage;
            bool kill;
        };
        std::vector<Step> steps;
        for (size_t i = 0; i < m_outages.size(); ++i) {
            steps.push_back({m_outages[i].planKillS, i, true});
            steps.push_back({m_outages[i].planKillS + m_outages[i].planDownS, i, false});
        }
        std::stable_sort(steps.begin(), steps.end(), [](const Step &a, const Step &b) { return a.at < b.at; });
        std::vector<bool> down(size_t(m_nodes), false);
        bool sabotaged = false;
        for (const Step &step : steps) {
            {
                std::unique_lock lock(m_mutex);
                const auto when = m_start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(step.at));
                if (m_cv.wait_until(lock, when, [this] { return m_quit; }))
                    break;
            }
            Outage o;
            {
                std::lock_guard lock(m_mutex);
                o = m_outages[step.outage];
            }
            if (step.kill) {
                o.killNs = realtimeNs();
                m_fx.killServer(o.node);
                down[size_t(o.node)] = true;
                ++m_down;
                log(QStringLiteral("node %1 killed (down for %2 s)").arg(o.node).arg(o.planDownS, 0, 'f', 1));
            } else if (m_sabotageReturn && o.node == 0 && !sabotaged) {
                sabotaged = true; // left down: the check of the node's return must fail
                log(QStringLiteral("node 0 left down (sabotage)"));
            } else {
                restart(o);
                down[size_t(o.node)] = !o.restarted;
                if (o.restarted)
                    --m_down;
            }
            std::lock_guard lock(m_mutex);
            m_outages[step.outage] = o;
        }
        // Cut short: everything up again, so the end is judged on live nodes.
        std::vector<Outage> outages = this->outages();
        for (Outage &o : outages) {
            if (o.killNs > 0 && !o.restarted && down[size_t(o.node)] && !(m_sabotageReturn && o.node == 0)) {
                restart(o);
                down[size_t(o.node)] = false;
                --m_down;
            }
        }
        std::lock_guard lock(m_mutex);
        m_outages = outages;
        m_scheduleDone = true;
    }

    void restart(Outage &o)
    {
        for (int attempt = 0; attempt < 5 && !o.restarted; ++attempt) {
            QString error;
            if (m_fx.restartServer(o.node, &error)) {
                o.restartNs = realtimeNs();
                o.restarted = true;
                log(QStringLiteral("node %1 up again").arg(o.node));
            } else {
                o.error = error;
                QThread::sleep(1);
            }
        }
    }

    test::SshdFixture &m_fx;
    const test::ClusterNetns &m_net;
    const int m_nodes;
    const bool m_sabotageReturn;
    const bool m_verbose;
    std::unique_ptr<QThread> m_thread;
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    Phase m_phase = Phase::Starting;
    QString m_error;
    bool m_go = false;
    bool m_quit = false;
    bool m_scheduleDone = false;
    Clock::time_point m_start;
    std::vector<Outage> m_outages;
    std::atomic<int> m_down{0};
};

// Outages at random: each node's share of the chaos window is cut into
// equal slots, one outage in each at a random time, with the node up for a
// while between them.
std::vector<Outage> planOutages(const SoakOptions &o, double runS, double warmupS, std::mt19937 &rng, int *killsPerNode)
{
    const double tail = o.outageMaxS + std::min(o.returnBoundS, 30.0);
    const double from = warmupS;
    const double to = std::max(from + o.outageMaxS + 1, runS - tail);
    int kills = o.killsPerNode > 0 ? o.killsPerNode : std::max(1, int(o.minutes / 10));
    const double upMin = 20;
    while (kills > 1 && (to - from) / kills < o.outageMaxS + upMin + 5)
        --kills;
    *killsPerNode = kills;
    std::uniform_real_distribution<double> down(o.outageMinS, o.outageMaxS);
    std::vector<Outage> plan;
    const double slot = (to - from) / kills;
    for (int node = 0; node < o.nodes; ++node) {
        for (int k = 0; k < kills; ++k) {
            Outage out;
            out.node = node;
            out.planDownS = down(rng);
            const double start = from + k * slot;
            const double latest = std::max(start, start + slot - out.planDownS - (kills > 1 ? upMin : 0));
            out.planKillS = std::uniform_real_distribution<double>(start, latest)(rng);
            plan.push_back(out);
        }
    }
    return plan;
}

// --- the GUI thread's stalls ---------------------------------------------------------------

// A watchdog thread posts an event to the GUI thread every 4 ms; how late the
// GUI thread handles it is how long it was blocked (or waiting for a CPU).
// The GUI thread's CPU time between post and handling tells which: near the
// stall's length, it was busy; near zero, it was not running, and then its
// time waiting on the run queue (/proc/self/task/TID/schedstat, the second
// number: time runnable but not on a CPU) tells a machine short of CPUs from
// a thread blocked (a lock, I/O, page faults: majflt in its stat, field 12).
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
    double watchdogLateMaxMs() const { return double(m_watchdogLateMax.load()) / 1e6; }

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
        qint64 next = monoNs();
        while (!m_stop) {
            QCoreApplication::postEvent(this, new Stamp(monoNs(), clockNs(m_guiClock), runQueueNs(), majorFaults()));
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
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_watchdogMeasuring{false};
    std::atomic<qint64> m_watchdogLateMax{0};
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

// --- what the app received ------------------------------------------------------------------

// Per node, per agent session (a hello starts one): frames' seq and time_ns.
struct Session {
    qint64 pid = 0;
    qint64 helloNs = 0;
    qint64 firstSeq = -1;
    qint64 lastSeq = -1;
    qint64 firstT = 0;
    qint64 lastT = 0;
    qint64 intervalNs = 0;
    quint64 frames = 0;
    quint64 seqHoles = 0;     // frames sent but never received
    quint64 backwards = 0;    // seq not increasing
    quint64 skippedTicks = 0; // ticks certainly skipped by the agent (time_ns ≥ 2 intervals apart + 1)
    qint64 maxSpacingNs = 0;
};

struct NodeLedger {
    QString id;
    int index = -1; // -1: This computer
    std::vector<Session> sessions;
    std::vector<qint64> lostAt;
    std::vector<std::pair<qint64, qint64>> gaps;
    quint64 meshEvents = 0;
    quint64 meshErrors = 0;
    quint64 meshErrorsMeasured = 0; // after the warm-up
    quint64 meshEventsMeasured = 0;
};

class Ledger
{
public:
    bool measuring = false;

    NodeLedger &node(const QString &id) { return m_nodes[id]; }
    const QHash<QString, NodeLedger> &nodes() const { return m_nodes; }

    void hello(const QString &id, qint64 pid)
    {
        Session s;
        s.pid = pid;
        s.helloNs = realtimeNs();
        m_nodes[id].sessions.push_back(s);
    }

    void event(const QString &id, const QString &name, const QJsonObject &event)
    {
        NodeLedger &n = m_nodes[id];
        if (name == QLatin1String("mesh")) {
            ++n.meshEvents;
            const bool error = event.contains(QLatin1String("error"));
            n.meshErrors += error;
            if (measuring) {
                ++n.meshEventsMeasured;
                n.meshErrorsMeasured += error;
            }
            return;
        }
        if (name != QLatin1String("frame"))
            return;
        if (n.sessions.empty())
            n.sessions.push_back(Session{});
        Session &s = n.sessions.back();
        const qint64 seq = qint64(event.value(QLatin1String("seq")).toDouble(-1));
        const qint64 t = qint64(event.value(QLatin1String("time_ns")).toDouble());
        const qint64 interval = qint64(event.value(QLatin1String("interval_ns")).toDouble());
        ++m_frames;
        if (s.frames++ == 0) {
            s.firstSeq = seq;
            s.firstT = t;
            s.lastSeq = seq;
            s.lastT = t;
            s.intervalNs = interval;
            return;
        }
        if (seq > s.lastSeq + 1)
            s.seqHoles += quint64(seq - s.lastSeq - 1);
        else if (seq <= s.lastSeq)
            ++s.backwards;
        const qint64 dt = t - s.lastT;
        s.maxSpacingNs = std::max(s.maxSpacingNs, dt);
        if (interval > 0) {
            // Without a skipped tick two frames are less than 2 intervals apart
            // (each comes at most one interval after its tick).
            const qint64 certain = qint64(std::ceil(double(dt) / double(interval) - 1e-9)) - 2;
            const qint64 sent = std::max<qint64>(1, seq - s.lastSeq);
            if (certain - (sent - 1) > 0)
                s.skippedTicks += quint64(certain - (sent - 1));
        }
        s.lastSeq = std::max(s.lastSeq, seq);
        s.lastT = std::max(s.lastT, t);
        s.intervalNs = interval;
    }

    quint64 frames() const { return m_frames; }

private:
    QHash<QString, NodeLedger> m_nodes;
    quint64 m_frames = 0;
};

std::atomic<bool> g_interrupted{false};

void onSignal(int)
{
    g_interrupted = true;
}

QString engineForNodes()
{
    const QByteArray env = qgetenv(EngineLocator::kEnvironmentVariable);
    if (!env.isEmpty())
        return QString::fromLocal8Bit(env);
#ifdef HALOLINK_ENGINE_PATH
    return QStringLiteral(HALOLINK_ENGINE_PATH);
#else
    return EngineLocator::locate().path;
#endif
}

// Runs the event loop until done() or the timeout; false on timeout (or Ctrl+C).
bool spinUntil(const std::function<bool()> &done, qint64 timeoutMs)
{
    QElapsedTimer t;
    t.start();
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(100);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done() || t.elapsed() >= timeoutMs || g_interrupted)
            loop.quit();
    });
    poll.start();
    if (!done())
        loop.exec();
    return done();
}

} // namespace

QString unavailableReason()
{
    QString why = test::SshdFixture::unavailableReason();
    if (why.isEmpty())
        why = test::ClusterNetns::unavailableReason();
    if (why.isEmpty() && !QFileInfo::exists(engineForNodes()))
        why = QStringLiteral("the engine (%1) is not built").arg(engineForNodes());
    return why;
}

SoakResult runSoak(const SoakOptions &opt)
{
    SoakResult result;
    auto log = [&](const QString &text) {
        if (opt.verbose)
            std::fprintf(stderr, "soak: %s\n", qPrintable(text));
    };
    result.skipReason = unavailableReason();
    if (!result.skipReason.isEmpty())
        return result;
    auto fail = [&](const QString &why) {
        result.failures << why;
        return result;
    };

    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    QStandardPaths::setTestModeEnabled(true); // nothing of the person's settings
    qunsetenv("SSH_AUTH_SOCK");
    // A copy of the engine: the build tree's may be relinked meanwhile (a
    // shared build), and a new hash would mean a new deployment.
    QTemporaryDir engineDir;
    const QString engine = engineDir.filePath(QStringLiteral("halolink-engine"));
    if (!QFile::copy(engineForNodes(), engine)
        || !QFile::setPermissions(engine, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                                              | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther))
        return fail(QStringLiteral("cannot copy the engine %1").arg(engineForNodes()));
    qputenv(EngineLocator::kEnvironmentVariable, engine.toLocal8Bit());
    const quint32 seed = opt.seed ? opt.seed : quint32(QDateTime::currentMSecsSinceEpoch());
    std::mt19937 rng(seed);
    const double runS = opt.minutes * 60;
    // The default warm-up: 10 % of the run (20..120 s), and at least three
    // mesh intervals and 10 s: in this soak a node's only series are its mesh
    // pairs (no GPU, no RDMA; its NICs are not reported), and an outage
    // before a node's first ten-second bucket is closed is seen nowhere.
    const double meshIntervalS = ClusterController::meshPlan(opt.nodes - 1, ClusterController::Options{}).intervalMs / 1000.0;
    const double warmupS = opt.warmupS >= 0 ? opt.warmupS : std::max(std::clamp(runS / 10, 20.0, 120.0), 3 * meshIntervalS + 10);

    // The nodes.
    QElapsedTimer setupClock;
    setupClock.start();
    test::SshdFixture fx;
    fx.setServerNice(opt.nodeNice);
    QString error;
    if (!fx.setUp(&error))
        return fail(QStringLiteral("fixture: %1").arg(error));
    test::ClusterNetns net(opt.tag, opt.subnet);
    if (!net.create(opt.nodes, &error)) {
        net.destroy();
        return fail(QStringLiteral("network: %1").arg(error));
    }
    NodeFarm farm(fx, net, opt.nodes, opt.sabotage == QLatin1String("return"), opt.verbose);
    if (!farm.startServers(&error)) {
        farm.finish();
        net.destroy();
        return fail(QStringLiteral("sshd: %1").arg(error));
    }
    result.ran = true;
    const double setupS = setupClock.elapsed() / 1000.0;
    log(QStringLiteral("%1 nodes' sshds up in %2 s").arg(opt.nodes).arg(setupS, 0, 'f', 1));
    fx.exportClientEnvironment();

    // The app.
    QTemporaryDir appDir;
    Inventory inventory;
    inventory.setFilePath(appDir.filePath(QStringLiteral("inventory.json")));
    inventory.load();
    QHash<QString, int> indexOf;
    for (int i = 0; i < opt.nodes; ++i) {
        Node n;
        n.name = QStringLiteral("soak%1").arg(i, 2, 10, QLatin1Char('0'));
        n.host = net.managementAddress(i);
        n.port = fx.server(i).port;
        n.user = fx.user();
        n.identityFile = fx.clientKey();
        n.dataInterface = test::ClusterNetns::dataInterface();
        n.dataAddress = net.dataAddress(i) + QStringLiteral("/%1").arg(test::ClusterNetns::prefixLength());
        QString id;
        if (!inventory.addNode(n, &error, &id)) {
            farm.finish();
            net.destroy();
            return fail(QStringLiteral("inventory: %1").arg(error));
        }
        indexOf.insert(id, i);
    }
    NodeListModel model;
    ClusterController controller(&inventory, &model);
    ClusterController::Options options; // as the app's NodeActions sets them
    options.includeLocal = true;
    options.probeLocal = false;
    options.localStateInModel = false;
    controller.setOptions(options);
    TelemetryStore store;
    TelemetryIngest ingest(&store);
    Ledger ledger;
    for (auto it = indexOf.cbegin(); it != indexOf.cend(); ++it)
        ledger.node(it.key()).index = it.value();
    const QString localId = QLatin1String(Node::kLocalId);
    ledger.node(localId).id = localId;
    for (auto it = indexOf.cbegin(); it != indexOf.cend(); ++it)
        ledger.node(it.key()).id = it.key();

    quint64 dropped = 0;
    quint64 framesIn = 0;
    const bool dropFrames = opt.sabotage == QLatin1String("frames");
    QObject::connect(&controller, &ClusterController::eventReceived, &ingest,
                     [&](const QString &id, const QString &name, const QJsonObject &event) {
                         if (dropFrames && name == QLatin1String("frame") && ++framesIn % 500 == 0) {
                             ++dropped; // as if the app had lost it on the way
                             return;
                         }
                         ingest.ingestEvent(id, event);
                         ledger.event(id, name, event);
                     });
    if (opt.sabotage != QLatin1String("gaps")) {
        QObject::connect(&controller, &ClusterController::gap, &ingest,
                         [&](const QString &id, qint64 from, qint64 to) { ingest.markGap(id, from, to); });
    }
    QObject::connect(&controller, &ClusterController::gap, &ingest,
                     [&](const QString &id, qint64 from, qint64 to) { ledger.node(id).gaps.emplace_back(from, to); });
    QObject::connect(&controller, &ClusterController::lost, &ingest,
                     [&](const QString &id, qint64 at, const QString &) { ledger.node(id).lostAt.push_back(at); });
    QObject::connect(&controller, &ClusterController::helloReceived, &ingest,
                     [&](const QString &id, const AgentHello &hello) { ledger.hello(id, hello.pid); });
    QObject::connect(&controller, &ClusterController::hostKeyUnknown, &controller,
                     [&](const QString &id, const HostKeyInfo &) { controller.acceptHostKey(id); });
    QStringList serviceFailures;
    QObject::connect(&controller, &ClusterController::serviceFailed, &controller,
                     [&](const QString &id, const QString &method, const QString &message) {
                         if (serviceFailures.size() < 20)
                             serviceFailures << QStringLiteral("%1 %2: %3").arg(id, method, message);
                     });

    ui::DashboardPage page(&store, &ingest, &model);
    page.resize(1600, 1000);
    page.show();
    QTreeView nodeView;
    nodeView.setModel(&model);
    nodeView.resize(400, 900);
    nodeView.show();

    StallWatch stalls;
    stalls.setTarget(qint64(opt.stallTargetMs * 1e6));
    stalls.start();
    QString uidText;
    test::SshdFixture::run(QStringLiteral("/usr/bin/id"), {QStringLiteral("-u"), fx.user()}, &uidText);
    Sampler sampler(uid_t(uidText.trimmed().toUInt()));
    sampler.start();

    // Connect, deploy, start: every node ready.
    QElapsedTimer connectClock;
    connectClock.start();
    controller.start();
    auto allReady = [&] {
        for (const QString &id : controller.nodeIds()) {
            if (controller.state(id) != NodeState::Ready)
                return false;
        }
        return controller.nodeIds().size() == opt.nodes + 1;
    };
    const bool ready = spinUntil(allReady, qint64(60 + 3 * opt.nodes) * 1000);
    const double connectS = connectClock.elapsed() / 1000.0;
    auto cleanup = [&] {
        stalls.stop();
        sampler.stop();
        controller.stop();
        page.hide();
        nodeView.hide();
        QCoreApplication::processEvents();
        farm.finish();
        net.destroy();
    };
    if (!ready) {
        QStringList notReady;
        for (const QString &id : controller.nodeIds()) {
            if (controller.state(id) != NodeState::Ready)
                notReady << QStringLiteral("%1 (%2)").arg(controller.node(id).name, controller.errorString(id));
        }
        cleanup();
        return fail(QStringLiteral("not every node became ready within %1 s: %2")
                        .arg(connectS, 0, 'f', 0)
                        .arg(notReady.mid(0, 8).join(QStringLiteral("; "))));
    }
    log(QStringLiteral("all %1 nodes (+ This computer) ready in %2 s").arg(opt.nodes).arg(connectS, 0, 'f', 1));

    // The run: warm-up, then chaos and measurements.
    const qint64 runStartNs = realtimeNs();
    const Clock::time_point runStart = Clock::now();
    int killsPerNode = 0;
    farm.go(planOutages(opt, runS, warmupS, rng, &killsPerNode), runStart);
    qint64 rssWarm = -1;
    qint64 storeWarm = 0; // the store's rings are written as data comes, up to their capacities (ring.h)
    qint64 warmEndNs = 0;
    std::list<std::vector<char>> leak;
    QTimer leaker;
    if (opt.sabotage == QLatin1String("memory")) {
        QObject::connect(&leaker, &QTimer::timeout, &leaker, [&] { leak.emplace_back(2 << 20, char(1)); });
        leaker.start(1000);
    }
    QTimer::singleShot(std::chrono::milliseconds(qint64(warmupS * 1000)), &controller, [&] {
        rssWarm = residentBytes();
        storeWarm = qint64(store.usedBytes());
        warmEndNs = realtimeNs();
        stalls.setMeasuring(true);
        ledger.measuring = true;
        sampler.markCpuStart();
        log(QStringLiteral("warm-up over: RSS %1 MiB, store %2 MiB in %3 series")
                .arg(mib(rssWarm), 0, 'f', 1)
                .arg(mib(qint64(store.memoryBytes())), 0, 'f', 1)
                .arg(store.seriesCount()));
    });
    QTimer progress;
    QObject::connect(&progress, &QTimer::timeout, &progress, [&] {
        int readyCount = 0;
        for (const QString &id : controller.nodeIds())
            readyCount += controller.state(id) == NodeState::Ready;
        const auto outages = farm.outages();
        const int done = int(std::count_if(outages.begin(), outages.end(), [](const Outage &o) { return o.killNs > 0; }));
        log(QStringLiteral("%1 s: %2/%3 ready, %4 down, %5/%6 kills, RSS %7 MiB, frames %8, longest stall %9 ms, load %10")
                .arg(std::chrono::duration<double>(Clock::now() - runStart).count(), 0, 'f', 0)
                .arg(readyCount)
                .arg(opt.nodes + 1)
                .arg(farm.downNow())
                .arg(done)
                .arg(outages.size())
                .arg(mib(residentBytes()), 0, 'f', 1)
                .arg(ledger.frames())
                .arg(double(stalls.maxNs()) / 1e6, 0, 'f', 1)
                .arg(loadAverage()));
    });
    progress.start(opt.minutes >= 10 ? 60000 : 15000);
    spinUntil([&] { return Clock::now() - runStart >= std::chrono::duration<double>(runS); }, qint64(runS * 1000) + 1000);
    const qint64 runEndNs = realtimeNs();
    const qint64 rssEnd = residentBytes();
    stalls.setMeasuring(false);
    ledger.measuring = false;
    const Sampler::Cpu cpu = sampler.cpu();
    const double measuredS = double(runEndNs - warmEndNs) / 1e9;
    // The chaos is over; nodes still coming back get their time.
    spinUntil([&] { return farm.scheduleDone(); }, qint64(opt.outageMaxS + 30) * 1000);
    QElapsedTimer returnClock;
    returnClock.start();
    spinUntil(allReady, qint64(opt.returnBoundS * 1000));
    spinUntil([&] { return returnClock.elapsed() > 1500; }, 3000); // a frame or two after the last return
    progress.stop();
    const std::vector<Outage> outages = farm.outages();
    const qint64 endNs = realtimeNs();

    // --- analysis --------------------------------------------------------------------------
    const qint64 boundNs = qint64(opt.returnBoundS * 1e9);
    int caused = 0, seenInStore = 0, partialInStore = 0, signalled = 0, returned = 0, unobservable = 0;
    double maxReturnS = 0, sumReturnS = 0;
    QStringList missed, notBack;
    quint64 seqHoles = 0, backwards = 0, skipped = 0, startLoss = 0, unexplainedFrames = 0, beforeKill = 0;
    int unexplainedBreaks = 0, spuriousLosses = 0, spuriousStoreGaps = 0, sessions = 0;
    double maxInFlightMs = 0;
    qint64 maxSpacing = 0;
    QStringList lossDetails;

    auto outagesOf = [&](int index) {
        std::vector<Outage> out;
        for (const Outage &o : outages) {
            if (o.node == index && o.killNs > 0)
                out.push_back(o);
        }
        return out;
    };

    // Each series of the node as the 10 s level holds it (the whole run): its
    // points in time order, NaN for a gap marker.
    struct SeriesPoints {
        QString key;
        double firstData = std::numeric_limits<double>::infinity();
        std::vector<std::pair<double, bool>> points; // key, is a gap marker
        // A marker in [from, to], or already in a gap at `from` (consecutive
        // gaps merge into one marker: a line broken earlier stays broken).
        bool inGap(double from, double to, bool *fresh) const
        {
            *fresh = std::any_of(points.begin(), points.end(),
                                 [&](const auto &p) { return p.second && p.first >= from && p.first <= to; });
            if (*fresh)
                return true;
            const auto before = std::find_if(points.rbegin(), points.rend(), [&](const auto &p) { return p.first < from; });
            return before != points.rend() && before->second;
        }
    };
    auto storeSeries = [&](const QString &id) {
        std::vector<SeriesPoints> out;
        for (int s : store.seriesOfNode(id)) {
            if (store.pointCount(s, Resolution::TenSeconds) == 0)
                continue;
            SeriesSlice slice;
            store.read(s, Resolution::TenSeconds, double(runStartNs) / 1e9 - 3600, double(endNs) / 1e9 + 60, slice);
            SeriesPoints g;
            g.key = store.info(s).key;
            for (qsizetype i = 0; i < slice.size(); ++i) {
                const bool gap = slice.values[i] != slice.values[i];
                g.points.emplace_back(slice.keys[i], gap);
                if (!gap)
                    g.firstData = std::min(g.firstData, slice.keys[i]);
            }
            out.push_back(std::move(g));
        }
        return out;
    };
    // 1: every series that had data before `from` is in a gap in [from, to]
    // (at least `minFresh` of them with a marker there); 0: some are; -1: none.
    auto nodeWideGap = [](const std::vector<SeriesPoints> &series, double from, double to, double minFresh, int *eligible,
                          QStringList *without = nullptr) {
        int withData = 0, inGap = 0, fresh = 0;
        for (const SeriesPoints &g : series) {
            if (!(g.firstData < from))
                continue;
            ++withData;
            bool f = false;
            const bool in = g.inGap(from, to, &f);
            inGap += in;
            fresh += f;
            if (!in && without) {
                // Its points near the outage, for the report: key offset from `from` (g: a gap marker).
                QStringList near;
                for (const auto &p : g.points) {
                    if (p.first >= from - 30 && p.first <= to + 30)
                        near << QStringLiteral("%1%2").arg(p.first - from, 0, 'f', 1).arg(p.second ? QStringLiteral("g") : QString());
                }
                *without << QStringLiteral("%1 [%2]").arg(g.key, near.join(QLatin1Char(' ')));
            }
        }
        *eligible = withData;
        if (withData > 0 && inGap == withData && fresh >= minFresh * withData)
            return 1;
        return inGap > 0 ? 0 : -1;
    };

    for (auto it = ledger.nodes().cbegin(); it != ledger.nodes().cend(); ++it) {
        const NodeLedger &n = it.value();
        const std::vector<Outage> mine = n.index >= 0 ? outagesOf(n.index) : std::vector<Outage>{};
        const std::vector<SeriesPoints> series = storeSeries(n.id);
        const QString name = n.index >= 0 ? QStringLiteral("soak%1").arg(n.index, 2, 10, QLatin1Char('0')) : n.id;
        sessions += int(n.sessions.size());
        for (const Session &s : n.sessions) {
            seqHoles += s.seqHoles;
            backwards += s.backwards;
            skipped += s.skippedTicks;
            maxSpacing = std::max(maxSpacing, s.maxSpacingNs);
            if (s.firstSeq > 0)
                startLoss += quint64(s.firstSeq);
            if (s.seqHoles && lossDetails.size() < 10)
                lossDetails << QStringLiteral("%1: %2 frames missing in a session (seq)").arg(name).arg(s.seqHoles);
        }
        // Each caused outage: in the store, signalled, and the node back.
        for (const Outage &o : mine) {
            ++caused;
            const auto next = std::find_if(n.sessions.begin(), n.sessions.end(),
                                           [&](const Session &s) { return s.helloNs > o.killNs && s.frames > 0; });
            qint64 backNs = 0;
            if (next != n.sessions.end() && o.restarted && next->firstT - o.restartNs <= boundNs) {
                backNs = next->firstT;
                ++returned;
                const double r = double(next->firstT - o.restartNs) / 1e9;
                maxReturnS = std::max(maxReturnS, r);
                sumReturnS += r;
            } else {
                notBack << QStringLiteral("%1 (killed at +%2 s%3)")
                               .arg(name)
                               .arg(double(o.killNs - runStartNs) / 1e9, 0, 'f', 0)
                               .arg(o.restarted ? QString() : QStringLiteral(", its sshd not restarted"));
            }
            const bool sig = std::any_of(n.gaps.begin(), n.gaps.end(), [&](const auto &g) {
                return g.first >= o.killNs - kSecond && g.first <= (o.restartNs ? o.restartNs : o.killNs) + boundNs;
            });
            signalled += sig;
            const double from = double(o.killNs) / 1e9 - 1;
            const double to = double(backNs ? backNs : (o.restartNs ? o.restartNs + boundNs : endNs)) / 1e9 + 1;
            int eligible = 0;
            QStringList without;
            const int wide = nodeWideGap(series, from, to, 0, &eligible, &without);
            if (eligible == 0)
                ++unobservable;
            if (wide == 1)
                ++seenInStore;
            else {
                partialInStore += wide == 0;
                if (missed.size() < 10)
                    missed << QStringLiteral("%1 at +%2 s (%3)")
                                  .arg(name)
                                  .arg(double(o.killNs - runStartNs) / 1e9, 0, 'f', 0)
                                  .arg(eligible == 0 ? QStringLiteral("no series with data")
                                                     : wide == 0 ? QStringLiteral("only some of its series: %1 of %2 have no gap in "
                                                                                  "the %3 s from the kill to the return, e.g. %4")
                                                                       .arg(without.size())
                                                                       .arg(eligible)
                                                                       .arg(to - from, 0, 'f', 1)
                                                                       .arg(without.mid(0, 3).join(QStringLiteral(", ")))
                                                                 : QStringLiteral("no marker"));
            }
        }
        // Session breaks: each must be an outage caused; the frames up to the kill arrived.
        for (size_t k = 0; k + 1 < n.sessions.size(); ++k) {
            const Session &a = n.sessions[k];
            const Session &b = n.sessions[k + 1];
            if (a.frames == 0)
                continue;
            const auto o = std::find_if(mine.begin(), mine.end(), [&](const Outage &o) {
                return o.killNs >= a.lastT - 2 * kSecond && o.killNs <= b.helloNs;
            });
            const qint64 interval = std::max<qint64>(a.intervalNs, 1);
            if (o == mine.end()) {
                ++unexplainedBreaks;
                const qint64 until = b.frames ? b.firstT : b.helloNs;
                const quint64 lost = quint64(std::max<qint64>(0, std::llround(double(until - a.lastT) / double(interval)) - 1));
                unexplainedFrames += lost;
                if (lossDetails.size() < 10)
                    lossDetails << QStringLiteral("%1: its session ended at +%2 s without a kill (%3 frames)")
                                       .arg(name)
                                       .arg(double(a.lastT - runStartNs) / 1e9, 0, 'f', 1)
                                       .arg(lost);
                continue;
            }
            // Frames of the last moments before a kill may die with it in the pipes (in flight);
            // up to 1 s of them is the outage's, more is a loss before it.
            const double inFlightMs = double(o->killNs - a.lastT) / 1e6;
            maxInFlightMs = std::max(maxInFlightMs, inFlightMs);
            if (inFlightMs > 1000)
                beforeKill += quint64(std::llround((inFlightMs - 1000) * 1e6 / double(interval)));
        }
        // The last session runs to the end.
        if (!n.sessions.empty() && n.sessions.back().frames > 0) {
            const Session &last = n.sessions.back();
            const bool downAtEnd = std::any_of(mine.begin(), mine.end(), [&](const Outage &o) { return !o.restarted; });
            if (!downAtEnd && endNs - last.lastT > 3 * kSecond) {
                unexplainedFrames += quint64(std::max<qint64>(0, (endNs - last.lastT) / std::max<qint64>(last.intervalNs, 1) - 1));
                if (lossDetails.size() < 10)
                    lossDetails << QStringLiteral("%1: no frame since +%2 s").arg(name).arg(double(last.lastT - runStartNs) / 1e9, 0, 'f', 1);
            }
        }
        // Losses the app saw that no kill explains.
        for (qint64 at : n.lostAt) {
            if (!std::any_of(mine.begin(), mine.end(), [&](const Outage &o) {
                    return at >= o.killNs - kSecond && at <= (o.restartNs ? o.restartNs : endNs) + 5 * kSecond;
                }))
                ++spuriousLosses;
        }
        // Node-wide gap markers in the store that no kill explains.
        if (!series.empty()) {
            std::vector<double> keys;
            for (const SeriesPoints &g : series) {
                for (const auto &p : g.points) {
                    if (p.second)
                        keys.push_back(p.first);
                }
            }
            std::sort(keys.begin(), keys.end());
            double lastCounted = -1e18;
            for (double k : keys) {
                if (k < double(runStartNs) / 1e9 || k - lastCounted < 15)
                    continue;
                int eligible = 0;
                if (nodeWideGap(series, k - 1, k + 1, 0.5, &eligible) != 1)
                    continue;
                lastCounted = k;
                const bool explained = std::any_of(mine.begin(), mine.end(), [&](const Outage &o) {
                    return k >= double(o.killNs) / 1e9 - 1 && k <= double(o.restartNs ? o.restartNs + boundNs : endNs) / 1e9 + 1;
                });
                spuriousStoreGaps += !explained;
            }
        }
    }
    quint64 meshEvents = 0, meshErrors = 0;
    for (const NodeLedger &n : ledger.nodes()) {
        meshEvents += n.meshEventsMeasured;
        meshErrors += n.meshErrorsMeasured;
    }
    const quint64 lostOutside = seqHoles + startLoss + unexplainedFrames + beforeKill;
    // What the RSS grew by beyond the store's rings filling up.
    const qint64 storeGrowth = qint64(store.usedBytes()) - storeWarm;
    const double growth = rssWarm > 0 ? 100.0 * double(rssEnd - rssWarm - storeGrowth) / double(rssWarm) : 0;
    const ClusterController::MeshPlan plan = ClusterController::meshPlan(opt.nodes - 1, options);
    const double stallMs = double(stalls.maxNs()) / 1e6;

    // Memory over the run (after the warm-up): lowest and highest.
    qint64 rssMin = rssWarm, rssMax = rssWarm;
    for (const Sampler::Sample &s : sampler.rss()) {
        if (s.realtimeNs < warmEndNs || s.realtimeNs > runEndNs)
            continue;
        rssMin = std::min(rssMin, s.rss);
        rssMax = std::max(rssMax, s.rss);
    }

    // --- verdict -------------------------------------------------------------------------------
    if (caused == 0)
        result.failures << QStringLiteral("no outage was caused (run too short?)");
    if (seenInStore < caused)
        result.failures << QStringLiteral("%1 of %2 outages caused show no gap in the telemetry store: %3")
                               .arg(caused - seenInStore)
                               .arg(caused)
                               .arg(missed.join(QStringLiteral(", ")));
    if (returned < caused)
        result.failures << QStringLiteral("%1 of %2 nodes killed did not come back within %3 s of their restart: %4")
                               .arg(caused - returned)
                               .arg(caused)
                               .arg(opt.returnBoundS)
                               .arg(notBack.mid(0, 10).join(QStringLiteral(", ")));
    if (lostOutside > 0 || backwards > 0)
        result.failures << QStringLiteral("%1 samples lost outside the outages (%2 seq holes, %3 at session starts, %4 in "
                                          "breaks no kill explains, %5 before kills; %6 out of order): %7")
                               .arg(lostOutside)
                               .arg(seqHoles)
                               .arg(startLoss)
                               .arg(unexplainedFrames)
                               .arg(beforeKill)
                               .arg(backwards)
                               .arg(lossDetails.join(QStringLiteral("; ")));
    if (unexplainedBreaks > 0 || spuriousLosses > 0)
        result.failures << QStringLiteral("%1 sessions ended and %2 losses were seen that no kill explains")
                               .arg(unexplainedBreaks)
                               .arg(spuriousLosses);
    if (growth > opt.rssGrowthMaxPercent)
        result.failures << QStringLiteral("RSS grew %1 % after the warm-up beyond the store's rings (%2 -> %3 MiB, "
                                          "the rings %4 MiB of it; bound %5 %)")
                               .arg(growth, 0, 'f', 2)
                               .arg(mib(rssWarm), 0, 'f', 1)
                               .arg(mib(rssEnd), 0, 'f', 1)
                               .arg(mib(storeGrowth), 0, 'f', 1)
                               .arg(opt.rssGrowthMaxPercent);
    if (g_interrupted)
        result.failures << QStringLiteral("interrupted");

    // --- report -----------------------------------------------------------------------------------
    auto &r = result.report;
    r << QStringLiteral("soak: %1 nodes (sshd in network namespaces, real agents at 10 Hz, mesh on) + This computer, "
                        "%2 min (%3 s warm-up), seed %4, nodes at nice %6%5")
             .arg(opt.nodes)
             .arg(double(runEndNs - runStartNs) / 60e9, 0, 'f', 1)
             .arg(warmupS, 0, 'f', 0)
             .arg(seed)
             .arg(opt.sabotage.isEmpty() ? QString() : QStringLiteral(", SABOTAGE %1").arg(opt.sabotage))
             .arg(opt.nodeNice);
    r << QStringLiteral("  set-up: sshds %1 s; connect + deploy + agents until all ready %2 s").arg(setupS, 0, 'f', 1).arg(connectS, 0, 'f', 1);
    r << QStringLiteral("  mesh: %1 peers each, every %2 ms, bursts of %3 (%4 round trips/s per node planned); "
                        "%5 mesh events/s received (%6 % errors)")
             .arg(opt.nodes - 1)
             .arg(plan.intervalMs)
             .arg(plan.burst)
             .arg(plan.roundTripsPerSecond, 0, 'f', 0)
             .arg(measuredS > 0 ? double(meshEvents) / measuredS : 0, 0, 'f', 0)
             .arg(meshEvents ? 100.0 * double(meshErrors) / double(meshEvents) : 0, 0, 'f', 1);
    r << QStringLiteral("  RSS: %1 MiB after warm-up, %2 MiB at the end (beyond the store's rings filling up, %3 MiB: %4 %); "
                        "lowest %5, highest %6 MiB; store %7 MiB in %8 series")
             .arg(mib(rssWarm), 0, 'f', 1)
             .arg(mib(rssEnd), 0, 'f', 1)
             .arg(mib(storeGrowth), 0, 'f', 1)
             .arg(growth, 0, 'f', 2)
             .arg(mib(rssMin), 0, 'f', 1)
             .arg(mib(rssMax), 0, 'f', 1)
             .arg(mib(qint64(store.memoryBytes())), 0, 'f', 1)
             .arg(store.seriesCount());
    r << QStringLiteral("  outages caused: %1 (%2 per node, %3-%4 s); gaps seen in the store: %5 (%6 partial, %7 nodes without "
                        "data); gaps signalled: %8; nodes back: %9 (after their sshd: mean %10 s, max %11 s)")
             .arg(caused)
             .arg(killsPerNode)
             .arg(opt.outageMinS)
             .arg(opt.outageMaxS)
             .arg(seenInStore)
             .arg(partialInStore)
             .arg(unobservable)
             .arg(signalled)
             .arg(returned)
             .arg(returned ? sumReturnS / returned : 0, 0, 'f', 1)
             .arg(maxReturnS, 0, 'f', 1);
    r << QStringLiteral("  frames: %1 received in %2 sessions; lost outside outages: %3 (seq holes %4, at session starts %5, "
                        "unexplained breaks %6 with %7 frames, before kills %8); in flight at a kill: max %9 ms")
             .arg(ledger.frames())
             .arg(sessions)
             .arg(lostOutside)
             .arg(seqHoles)
             .arg(startLoss)
             .arg(unexplainedBreaks)
             .arg(unexplainedFrames)
             .arg(beforeKill)
             .arg(maxInFlightMs, 0, 'f', 0);
    r << QStringLiteral("  agents: ticks skipped (agent stalled >= 1 interval): %1; widest frame spacing %2 ms; store: %3 dropped "
                        "out of order, %4 malformed; losses no kill explains %5; node-wide store gaps no kill explains %6")
             .arg(skipped)
             .arg(double(maxSpacing) / 1e6, 0, 'f', 0)
             .arg(store.droppedOutOfOrder())
             .arg(ingest.stats().malformed)
             .arg(spuriousLosses)
             .arg(spuriousStoreGaps);
    r << QStringLiteral("  GUI thread (event posted every 4 ms): longest stall %1 ms (its CPU %2 ms), longest busy stall %3 ms; "
                        "p99 %4 ms, p99.9 %5 ms; %6 episodes over %7 ms; watchdog's own wake-up late by up to %8 ms")
             .arg(stallMs, 0, 'f', 1)
             .arg(double(stalls.worst().cpuNs) / 1e6, 0, 'f', 1)
             .arg(double(stalls.worstBusy().latencyNs) / 1e6, 0, 'f', 1)
             .arg(stalls.percentileMs(99), 0, 'f', 0)
             .arg(stalls.percentileMs(99.9), 0, 'f', 0)
             .arg(stalls.episodesOver(0))
             .arg(opt.stallTargetMs, 0, 'f', 1)
             .arg(stalls.watchdogLateMaxMs(), 0, 'f', 1);
    QStringList worst;
    for (const StallWatch::Stall &s : stalls.top())
        worst << QStringLiteral("%1 ms at +%2 s (CPU %3 %, waiting for a CPU %4, major faults %5)")
                     .arg(double(s.latencyNs) / 1e6, 0, 'f', 0)
                     .arg(double(s.atRealtimeNs - runStartNs) / 1e9, 0, 'f', 0)
                     .arg(s.latencyNs ? 100.0 * double(s.cpuNs) / double(s.latencyNs) : 0, 0, 'f', 0)
                     .arg(s.runQueueNs < 0 || !s.latencyNs
                              ? QStringLiteral("unknown")
                              : QStringLiteral("%1 %").arg(100.0 * double(s.runQueueNs) / double(s.latencyNs), 0, 'f', 0))
                     .arg(s.majorFaults < 0 ? QStringLiteral("unknown") : QString::number(s.majorFaults));
    if (!worst.isEmpty())
        r << QStringLiteral("    worst: %1").arg(worst.join(QStringLiteral(", ")));
    r << QStringLiteral("  CPU after warm-up: machine %1 % of %2 cores, app %3 % of a core, nodes (agents + their sshds) %4 % "
                        "of a core; load average %5")
             .arg(cpu.machinePercent, 0, 'f', 0)
             .arg(sysconf(_SC_NPROCESSORS_ONLN))
             .arg(cpu.appPercent, 0, 'f', 0)
             .arg(cpu.nodesPercent, 0, 'f', 0)
             .arg(loadAverage());
    if (!serviceFailures.isEmpty())
        r << QStringLiteral("  service requests failed (first %1): %2").arg(serviceFailures.size()).arg(serviceFailures.join(QStringLiteral("; ")));
    r << (result.failures.isEmpty() ? QStringLiteral("  PASS") : QStringLiteral("  FAIL: ") + result.failures.join(QStringLiteral(" | ")));

    result.json = QJsonObject{
        {QStringLiteral("bench"), QStringLiteral("soak_64")},
        {QStringLiteral("metric"), QStringLiteral("gui_stall_max_ms")},
        {QStringLiteral("value"), round2(stallMs)},
        {QStringLiteral("peer"), QJsonValue::Null},
        {QStringLiteral("peer_value"), QJsonValue::Null},
        {QStringLiteral("ratio"), QJsonValue::Null},
        {QStringLiteral("target"), QStringLiteral("<= %1").arg(round2(opt.stallTargetMs))},
        {QStringLiteral("gui_stall_busy_max_ms"), round2(double(stalls.worstBusy().latencyNs) / 1e6)},
        {QStringLiteral("gui_stall_p99_ms"), stalls.percentileMs(99)},
        {QStringLiteral("gui_stalls_over_target"), stalls.episodesOver(0)},
        {QStringLiteral("watchdog_late_max_ms"), round2(stalls.watchdogLateMaxMs())},
        {QStringLiteral("nodes"), opt.nodes},
        {QStringLiteral("node_nice"), opt.nodeNice},
        {QStringLiteral("minutes"), round2(double(runEndNs - runStartNs) / 60e9)},
        {QStringLiteral("rss_warm_mib"), round2(mib(rssWarm))},
        {QStringLiteral("rss_end_mib"), round2(mib(rssEnd))},
        {QStringLiteral("rss_growth_percent"), round2(growth)},
        {QStringLiteral("rss_growth_target"), QStringLiteral("<= %1").arg(opt.rssGrowthMaxPercent)},
        {QStringLiteral("gaps_caused"), caused},
        {QStringLiteral("gaps_seen"), seenInStore},
        {QStringLiteral("gaps_signalled"), signalled},
        {QStringLiteral("nodes_returned"), returned},
        {QStringLiteral("return_max_s"), round2(maxReturnS)},
        {QStringLiteral("lost_samples_outside_gaps"), qint64(lostOutside)},
        {QStringLiteral("skipped_ticks"), qint64(skipped)},
        {QStringLiteral("spurious_losses"), spuriousLosses + unexplainedBreaks},
        {QStringLiteral("frames"), qint64(ledger.frames())},
        {QStringLiteral("mesh_interval_ms"), plan.intervalMs},
        {QStringLiteral("mesh_burst"), plan.burst},
        {QStringLiteral("cpu_machine_percent"), std::round(cpu.machinePercent)},
        {QStringLiteral("cpu_app_percent"), std::round(cpu.appPercent)},
        {QStringLiteral("cpu_nodes_percent"), std::round(cpu.nodesPercent)},
        {QStringLiteral("passed"), result.failures.isEmpty()},
    };
    if (!opt.sabotage.isEmpty())
        result.json.insert(QStringLiteral("sabotage"), opt.sabotage);

    cleanup();
    leak.clear();
    return result;
}

} // namespace halolink::soak
