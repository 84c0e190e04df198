// soak_runner: the program behind tests/bench/soak_64 (see soak_cluster.h).
//
// Usage: soak_runner [--nodes N] [--minutes M] [--warmup S] [--kills-per-node K]
//                    [--outage-min S] [--outage-max S] [--return-bound S]
//                    [--rss-growth-max PERCENT] [--seed N] [--node-nice N] [--tag T] [--subnet N]
//                    [--sabotage gaps|frames|memory|return] [--quiet]
// Needs root (network namespaces, a test user, sshd). Prints what it measured
// and, as its last stdout line, one JSON object (INTERFACES.md section 6).
// Exit code: 0 every check passed and the longest GUI stall is within a frame
// (60 Hz), 1 otherwise, 77 when it cannot run here.

#include "soak_cluster.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QJsonDocument>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <ctime>

namespace {

// HALOLINK_SOAK_SLOW_EVENTS_MS=N: every event the GUI thread spends N ms of
// CPU or more on (outermost dispatch only) is named on stderr, to find what a
// busy stall was.
class TimedApplication final : public QApplication
{
public:
    TimedApplication(int &argc, char **argv)
        : QApplication(argc, argv)
        , m_thresholdNs(qint64(qEnvironmentVariableIntValue("HALOLINK_SOAK_SLOW_EVENTS_MS")) * 1000000)
    {
    }

    bool notify(QObject *receiver, QEvent *event) override
    {
        if (m_thresholdNs <= 0 || m_depth > 0 || QThread::currentThread() != thread())
            return QApplication::notify(receiver, event);
        const int type = int(event->type());
        const qint64 start = cpuNs();
        ++m_depth;
        const bool r = QApplication::notify(receiver, event);
        --m_depth;
        const qint64 spent = cpuNs() - start;
        if (spent >= m_thresholdNs) {
            const QObject *parent = receiver ? receiver->parent() : nullptr;
            std::fprintf(stderr, "soak-slow-event: %.1f ms CPU: event %d to %s '%s' (parent %s)\n", double(spent) / 1e6, type,
                         receiver ? receiver->metaObject()->className() : "-",
                         receiver ? qPrintable(receiver->objectName()) : "", parent ? parent->metaObject()->className() : "-");
        }
        return r;
    }

private:
    static qint64 cpuNs()
    {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
    }
    qint64 m_thresholdNs;
    int m_depth = 0;
};

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    TimedApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("HaloLink soak: N sshd nodes with real agents, killed and restarted at random."));
    parser.addHelpOption();
    const QCommandLineOption nodes(QStringLiteral("nodes"), QStringLiteral("Nodes (default 64)."), QStringLiteral("N"), QStringLiteral("64"));
    const QCommandLineOption minutes(QStringLiteral("minutes"), QStringLiteral("Run length from all ready, warm-up included (default 30)."),
                                     QStringLiteral("M"), QStringLiteral("30"));
    const QCommandLineOption warmup(QStringLiteral("warmup"), QStringLiteral("Warm-up seconds (default 10 % of the run, 20..120, and at least 3 mesh intervals + 10)."),
                                    QStringLiteral("S"), QStringLiteral("-1"));
    const QCommandLineOption kills(QStringLiteral("kills-per-node"), QStringLiteral("Outages per node (default one per 10 minutes, at least 1)."),
                                   QStringLiteral("K"), QStringLiteral("-1"));
    const QCommandLineOption outageMin(QStringLiteral("outage-min"), QStringLiteral("Shortest outage, s (default 5)."), QStringLiteral("S"),
                                       QStringLiteral("5"));
    const QCommandLineOption outageMax(QStringLiteral("outage-max"), QStringLiteral("Longest outage, s (default 30)."), QStringLiteral("S"),
                                       QStringLiteral("30"));
    const QCommandLineOption returnBound(QStringLiteral("return-bound"),
                                         QStringLiteral("A node must be back this long after its sshd (default 90 s)."), QStringLiteral("S"),
                                         QStringLiteral("90"));
    const QCommandLineOption rssMax(QStringLiteral("rss-growth-max"), QStringLiteral("RSS growth after warm-up allowed, % (default 5)."),
                                    QStringLiteral("PERCENT"), QStringLiteral("5"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Random seed (default: from the clock)."), QStringLiteral("N"),
                                  QStringLiteral("0"));
    const QCommandLineOption tag(QStringLiteral("tag"), QStringLiteral("Names hlsoak-<tag>-... (default b)."), QStringLiteral("T"),
                                 QStringLiteral("b"));
    const QCommandLineOption subnet(QStringLiteral("subnet"), QStringLiteral("10.<N>/16 management, 10.<N+1>/16 data (default 231)."),
                                    QStringLiteral("N"), QStringLiteral("231"));
    const QCommandLineOption sabotage(QStringLiteral("sabotage"),
                                      QStringLiteral("Break something on purpose to see a check fail: gaps, frames, memory or return."),
                                      QStringLiteral("WHAT"));
    const QCommandLineOption quiet(QStringLiteral("quiet"), QStringLiteral("No progress on stderr."));
    const QCommandLineOption nodeNice(QStringLiteral("node-nice"),
                                      QStringLiteral("Nice value of the nodes' sshds, agents and sessions (default 19: they stand for other machines; 0: as the app)."),
                                      QStringLiteral("N"), QStringLiteral("19"));
    parser.addOptions({nodes, minutes, warmup, kills, outageMin, outageMax, returnBound, rssMax, seed, nodeNice, tag, subnet, sabotage, quiet});
    parser.process(app);

    halolink::soak::SoakOptions o;
    o.nodes = parser.value(nodes).toInt();
    o.minutes = parser.value(minutes).toDouble();
    o.warmupS = parser.value(warmup).toDouble();
    o.killsPerNode = parser.value(kills).toInt();
    o.outageMinS = parser.value(outageMin).toDouble();
    o.outageMaxS = parser.value(outageMax).toDouble();
    o.returnBoundS = parser.value(returnBound).toDouble();
    o.rssGrowthMaxPercent = parser.value(rssMax).toDouble();
    o.seed = parser.value(seed).toUInt();
    o.nodeNice = std::clamp(parser.value(nodeNice).toInt(), 0, 19);
    o.tag = parser.value(tag);
    o.subnet = parser.value(subnet).toInt();
    o.sabotage = parser.value(sabotage);
    o.verbose = !parser.isSet(quiet);
    if (o.nodes < 2 || o.nodes > 250 || o.minutes <= 0 || o.outageMinS <= 0 || o.outageMaxS < o.outageMinS || o.tag.isEmpty()
        || o.tag.size() > 8 || o.subnet < 1 || o.subnet > 253
        || !(o.sabotage.isEmpty() || QStringList{QStringLiteral("gaps"), QStringLiteral("frames"), QStringLiteral("memory"), QStringLiteral("return")}.contains(o.sabotage))) {
        std::fprintf(stderr, "soak_runner: bad options (see --help)\n");
        return 2;
    }

    const halolink::soak::SoakResult r = halolink::soak::runSoak(o);
    if (!r.skipReason.isEmpty()) {
        std::fprintf(stderr, "soak_runner: cannot run here: %s\n", qPrintable(r.skipReason));
        return 77;
    }
    for (const QString &line : r.report)
        std::printf("%s\n", qPrintable(line));
    if (!r.ran || r.json.isEmpty()) {
        std::fprintf(stderr, "soak_runner: %s\n", qPrintable(r.failures.join(QStringLiteral("; "))));
        return 1;
    }
    std::printf("%s\n", QJsonDocument(r.json).toJson(QJsonDocument::Compact).constData());
    std::fflush(stdout);
    const bool stallOk = r.json.value(QStringLiteral("value")).toDouble() <= o.stallTargetMs;
    return r.passed() && stallOk ? 0 : 1;
}
