#pragma once
// The soak's chaos: the nodes' sshds on a thread of their own (NodeFarm),
// killed and started again on a plan of outages (planOutages()).

#include "soak_cluster.h"
#include "soak_probes.h"
#include "cluster_netns.h"
#include "sshd_fixture.h"

#include <QString>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <random>
#include <vector>

namespace halolink::soak {

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
inline std::vector<Outage> planOutages(const SoakOptions &o, double runS, double warmupS, std::mt19937 &rng, int *killsPerNode)
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

} // namespace halolink::soak
