// dashboard_frame: the dashboard's frame time under a big cluster's load.
//
// 64 nodes send 100 frames a second each (8 series with values per frame) as
// JSON text through the real decoder and TelemetryIngest into the store, and
// the first 8 nodes also measure latency to each other once a second (RDMA and
// TCP), each node's round at its own phase in the second as independent agents
// do (before 2026-12-02 all 8 rounds came in the same frame). The dashboard
// (1600x1000, offscreen) is driven at 30 fps. A frame is
// everything the GUI thread does for it: ingest the lines that arrived since
// the last frame, sync the charts and heatmap, and the queued replot and paint.
// The first fifth of the run is warm-up: not in the percentiles, and the RSS
// at its end is the baseline for the memory growth, which counts what the RSS
// grew by beyond the store's rings filling up (their reserved memory is written as
// data comes, up to their bounded capacities: ring.h). Besides the wall clock
// (the headline: what a person sees), each frame's CPU time on the GUI thread
// (CLOCK_THREAD_CPUTIME_ID) is reported, which other load on the machine does
// not inflate: compare that between runs on a busy machine.
//
// Usage: dashboard_frame [SECONDS (default 60)] [NODES (64)] [HZ (100)]
// Last stdout line: one JSON object (INTERFACES.md section 6); peer null.

#include "dashboard/dashboardpage.h"
#include "telemetry/syntheticcluster.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrystore.h"

#include <QApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <unistd.h>
#include <vector>

using namespace halolink;

namespace {

qint64 residentBytes()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return -1;
    return statm.readAll().split(' ').value(1).toLongLong() * sysconf(_SC_PAGESIZE);
}

// CPU time this thread has used, in ms.
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double nearestRank(std::vector<double> sorted, double p)
{
    if (sorted.empty())
        return 0;
    std::sort(sorted.begin(), sorted.end());
    const size_t rank = size_t(std::ceil(p / 100.0 * double(sorted.size())));
    return sorted[std::clamp<size_t>(rank, 1, sorted.size()) - 1];
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const double seconds = args.size() > 1 ? args.at(1).toDouble() : 60.0;
    const int nodes = args.size() > 2 ? args.at(2).toInt() : 64;
    const int hz = args.size() > 3 ? args.at(3).toInt() : 100;
    const int meshNodes = std::min(nodes, int(ui::DashboardPage::kMaxChartNodes));
    if (seconds <= 0 || nodes < 1 || hz < 1) {
        std::fprintf(stderr, "usage: dashboard_frame [SECONDS] [NODES] [HZ]\n");
        return 2;
    }

    TelemetryStore store;
    TelemetryIngest ingest(&store);
    SyntheticCluster cluster(nodes);
    ui::DashboardPage page(&store, &ingest, nullptr);
    page.resize(1600, 1000);
    page.show();
    page.frameTimer()->stop(); // the benchmark drives the frames itself, at the same 30 fps
    QCoreApplication::processEvents();

    const qint64 stepNs = 1000000000LL / hz;
    const qint64 frameNs = 1000000000LL / 30;
    QElapsedTimer clock;
    clock.start();
    const qint64 startWall = QDateTime::currentMSecsSinceEpoch() * 1000000;
    qint64 generatedUntil = startWall;
    std::vector<qint64> meshRound(size_t(meshNodes), 0);
    std::vector<QString> ids;
    for (int n = 0; n < nodes; ++n)
        ids.push_back(SyntheticCluster::nodeId(n));

    const double warmup = seconds / 5;
    std::vector<double> frameMs;
    std::vector<double> ingestMs;
    std::vector<double> cpuMs;
    qint64 rssWarm = -1;
    qint64 storeWarm = 0;
    quint64 lines = 0;
    int frame = 0;
    QElapsedTimer work;
    while (clock.nsecsElapsed() < qint64(seconds * 1e9)) {
        const qint64 due = qint64(frame) * frameNs;
        if (const qint64 wait = due - clock.nsecsElapsed(); wait > 0)
            QThread::usleep(quint64(wait / 1000));
        ++frame;
        work.start();
        const double cpuStart = threadCpuMs();
        // What arrived since the last frame: every node's frames up to now...
        const qint64 now = startWall + clock.nsecsElapsed();
        for (; generatedUntil + stepNs <= now; generatedUntil += stepNs) {
            for (int n = 0; n < nodes; ++n) {
                ingest.ingestLine(ids[size_t(n)], cluster.frameLine(n, generatedUntil + stepNs, stepNs));
                ++lines;
            }
        }
        // ...and, once a second, each charted node's mesh round: its results
        // towards every other one. The agents run their rounds independently,
        // so each node at its own phase within the second (node a at a/N s).
        for (int a = 0; a < meshNodes; ++a) {
            const qint64 due = meshRound[size_t(a)] * 1000000000LL + qint64(a) * 1000000000LL / meshNodes;
            if (now - startWall < due)
                continue;
            ++meshRound[size_t(a)];
            for (int b = 0; b < meshNodes; ++b) {
                if (a == b)
                    continue;
                ingest.ingestLine(ids[size_t(a)], cluster.meshLine(a, b, "rdma", now));
                ingest.ingestLine(ids[size_t(a)], cluster.meshLine(a, b, "tcp", now));
                lines += 2;
            }
        }
        const double ingestTime = work.nsecsElapsed() / 1e6;
        page.tick();
        QCoreApplication::processEvents(); // the queued replots and the paint
        const double ms = work.nsecsElapsed() / 1e6;
        const double cpu = threadCpuMs() - cpuStart;
        const double elapsed = clock.nsecsElapsed() / 1e9;
        if (elapsed >= warmup) {
            if (rssWarm < 0) {
                rssWarm = residentBytes();
                storeWarm = qint64(store.usedBytes());
            }
            frameMs.push_back(ms);
            ingestMs.push_back(ingestTime);
            cpuMs.push_back(cpu);
        }
    }
    const qint64 rssEnd = residentBytes();
    const double p50 = nearestRank(frameMs, 50);
    const double p99 = nearestRank(frameMs, 99);
    const double max = nearestRank(frameMs, 100);
    const double ingestP99 = nearestRank(ingestMs, 99);
    const double cpuP50 = nearestRank(cpuMs, 50);
    const double cpuP99 = nearestRank(cpuMs, 99);
    double cpuSum = 0;
    for (double c : cpuMs)
        cpuSum += c;
    const double cpuMean = cpuMs.empty() ? 0 : cpuSum / double(cpuMs.size());
    const qint64 storeGrowth = qint64(store.usedBytes()) - storeWarm;
    const double growth = rssWarm > 0 ? 100.0 * double(rssEnd - rssWarm - storeGrowth) / double(rssWarm) : 0;
    const double actualSeconds = clock.nsecsElapsed() / 1e9;

    std::printf("dashboard_frame: %d nodes x %d Hz frames (+ mesh among %d nodes at 1 Hz), %.0f s at 30 fps, "
                "%d frames measured after %.0f s warm-up\n",
                nodes, hz, meshNodes, actualSeconds, int(frameMs.size()), warmup);
    std::printf("  lines ingested: %llu (%.0f/s), series: %d, store rings: %.1f MiB, dropped out of order: %llu\n",
                static_cast<unsigned long long>(lines), lines / actualSeconds, store.seriesCount(),
                store.memoryBytes() / 1048576.0, static_cast<unsigned long long>(store.droppedOutOfOrder()));
    std::printf("  frame time: p50 %.2f ms, p99 %.2f ms, max %.2f ms (ingest part p99 %.2f ms)\n", p50, p99, max,
                ingestP99);
    std::printf("  GUI thread CPU per frame: mean %.2f ms, p50 %.2f ms, p99 %.2f ms\n", cpuMean, cpuP50, cpuP99);
    std::printf("  RSS: %.1f MiB after warm-up, %.1f MiB at the end; the store's rings grew %.1f MiB of it "
                "(filling up); the rest %+.2f %%\n",
                rssWarm / 1048576.0, rssEnd / 1048576.0, storeGrowth / 1048576.0, growth);
    QJsonObject result{{QStringLiteral("bench"), QStringLiteral("dashboard_frame")},
                       {QStringLiteral("metric"), QStringLiteral("frame_time_p99_ms")},
                       {QStringLiteral("value"), std::round(p99 * 100) / 100},
                       {QStringLiteral("peer"), QJsonValue::Null},
                       {QStringLiteral("peer_value"), QJsonValue::Null},
                       {QStringLiteral("ratio"), QJsonValue::Null},
                       {QStringLiteral("target"), QStringLiteral("<= 8")},
                       {QStringLiteral("frame_time_p50_ms"), std::round(p50 * 100) / 100},
                       {QStringLiteral("cpu_ms_mean"), std::round(cpuMean * 100) / 100},
                       {QStringLiteral("cpu_ms_p50"), std::round(cpuP50 * 100) / 100},
                       {QStringLiteral("cpu_ms_p99"), std::round(cpuP99 * 100) / 100},
                       {QStringLiteral("rss_growth_percent"), std::round(growth * 100) / 100},
                       {QStringLiteral("rss_growth_target"), QStringLiteral("<= 5")},
                       {QStringLiteral("nodes"), nodes},
                       {QStringLiteral("frame_hz"), hz},
                       {QStringLiteral("seconds"), std::round(actualSeconds)}};
    std::printf("%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
    std::fflush(stdout);
    const bool ok = p99 <= 8.0 && growth <= 5.0;
    return ok ? 0 : 1;
}
