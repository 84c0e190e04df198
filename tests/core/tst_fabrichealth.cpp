// Fabric health and alerts (core/health, docs/fabric-health.md) from counter
// sequences fed through the real frame decoder and ingest into the store, as
// the agents send them: a quiet link is healthy; a retransmit burst makes it
// degraded, then failing, and clears when the burst is past the window; a
// pause storm on priority 3 degrades it with the pause reason; a port flap is
// a critical "port down" while down and a degraded "went down and up" after;
// a counter reset gives no negative rate; no counters is unknown, never
// healthy; a lost node is one alert, not one per link; GPU heat and GTT hold
// until their clearing limits. The alert log raises once, updates, clears.

#include "health/alerts.h"
#include "health/fabrichealth.h"
#include "health/healthmonitor.h"
#include "protocol/agentdecoder.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrystore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace halolink;
using namespace halolink::health;

namespace {

constexpr double kT0 = 1'800'000'000.0; // seconds since the epoch

// One node's frames at 10 Hz, written as the agent writes them
// (docs/agent-protocol.md): rxe0 port 1 on eth1 with cumulative counters,
// eth1's state and port counters (once a second).
struct Node {
    QString id = QStringLiteral("n1");
    double retransmits = 0, seqNaks = 0, cnpHandled = 0;
    double pauseRx3 = 0, pauseTx3 = 0, crc = 0, discards = 0, carrier = 1;
    QString operstate = QStringLiteral("up");
    QString rdmaState = QStringLiteral("ACTIVE");
    bool portStats = true;

    void frame(TelemetryIngest &ingest, double t, bool withPortStats)
    {
        QJsonObject nic{{"netdev", "eth1"}, {"rx_bytes", 0}, {"tx_bytes", 0}, {"operstate", operstate},
                        {"carrier_changes", carrier}};
        if (withPortStats && portStats) {
            QJsonArray rx, tx;
            for (int p = 0; p < 8; ++p) {
                rx.append(p == 3 ? QJsonValue(pauseRx3) : QJsonValue(0));
                tx.append(p == 3 ? QJsonValue(pauseTx3) : QJsonValue(0));
            }
            nic.insert("port_stats", QJsonObject{{"pause_rx_prio", rx}, {"pause_tx_prio", tx},
                                                 {"pause_rx_link", QJsonValue()}, {"pause_tx_link", QJsonValue()},
                                                 {"crc_errors", crc}, {"rx_discards", discards}});
        }
        const QJsonObject port{{"device", "rxe0"}, {"port", 1}, {"state", rdmaState},
                               {"errors", QJsonObject{{"retransmits", retransmits}, {"out_of_sequence", 0},
                                                      {"local_ack_timeouts", QJsonValue()}, {"seq_naks", seqNaks},
                                                      {"rnr_naks", 0}, {"out_of_buffer", QJsonValue()}}},
                               {"congestion", QJsonObject{{"cnp_sent", QJsonValue()}, {"cnp_handled", cnpHandled},
                                                          {"cnp_ignored", QJsonValue()}, {"ecn_marked", QJsonValue()}}}};
        const QJsonObject event{{"event", "frame"}, {"seq", qint64(t * 10)}, {"time_ns", qint64(t * 1e9)},
                                {"interval_ns", 100000000}, {"gpus", QJsonArray()}, {"nics", QJsonArray{nic}},
                                {"rdma", QJsonArray{port}}};
        ingest.ingestEvent(id, event);
    }
};

struct Rig {
    TelemetryStore store;
    TelemetryIngest ingest{&store};
    Node node;
    double t = kT0;
    QList<NodeLinks> links()
    {
        NodeLinks l;
        l.nodeId = node.id;
        l.name = QStringLiteral("node1");
        l.dataInterface = QStringLiteral("eth1");
        l.rdmaPorts << NodeLinks::Port{QStringLiteral("rxe0"), 1, QStringLiteral("eth1")};
        return {l};
    }
    // `seconds` of frames, with `step` applied to the counters every 100 ms.
    void run(double seconds, const std::function<void(Node &)> &step = {})
    {
        const int frames = int(seconds * 10);
        for (int i = 0; i < frames; ++i) {
            t += 0.1;
            if (step)
                step(node);
            node.frame(ingest, t, i % 10 == 0);
        }
    }
    LinkHealth health()
    {
        const QList<LinkHealth> all = evaluateFabric(store, links(), Thresholds(), t);
        return all.value(0);
    }
};

} // namespace

class TestFabricHealth : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void quietIsHealthyAndMerged()
    {
        Rig r;
        r.run(12);
        const QList<LinkHealth> all = evaluateFabric(r.store, r.links(), Thresholds(), r.t);
        QCOMPARE(all.size(), 1); // the RDMA port and its netdev are one link
        const LinkHealth h = all.first();
        QCOMPARE(h.verdict, Verdict::Healthy);
        QVERIFY(h.reasons.isEmpty());
        QCOMPARE(h.netdev, QStringLiteral("eth1"));
        QVERIFY(h.dataPlane);
        QCOMPARE(*h.errorsPerS, 0.0);
        QCOMPARE(*h.pausePerS, 0.0);
        QCOMPARE(*h.nicUp, true);
        QCOMPARE(*h.rdmaActive, true);
        QCOMPARE(h.title(), QStringLiteral("rxe0 port 1 (eth1)"));
    }

    void retransmitBurstDegradesThenFailsThenClears()
    {
        Rig r;
        AlertLog log;
        QSignalSpy raised(&log, &AlertLog::raised);
        QSignalSpy cleared(&log, &AlertLog::cleared);
        auto alerts = [&] {
            log.apply(AlertRules::holding(evaluateFabric(r.store, r.links(), Thresholds(), r.t), {}, {}, AlertLimits(),
                                          log.activeByKey()),
                      QDateTime::fromSecsSinceEpoch(qint64(r.t), Qt::UTC));
        };
        r.run(12);
        alerts();
        QCOMPARE(raised.size(), 0);
        // 0.5 retransmits a frame: 5/s.
        r.run(12, [](Node &n) { n.retransmits += 0.5; });
        LinkHealth h = r.health();
        QCOMPARE(h.verdict, Verdict::Degraded);
        QVERIFY2(qAbs(*h.errorsPerS - 5.0) < 0.01, qPrintable(QString::number(*h.errorsPerS)));
        QVERIFY2(h.reasons.join(';').contains(QStringLiteral("5.0 RDMA transport errors/s")), qPrintable(h.reasons.join(';')));
        alerts();
        QCOMPARE(raised.size(), 1);
        QCOMPARE(log.active().first().severity, Severity::Warning);
        QCOMPARE(log.active().first().kind, Alert::Kind::LinkDegraded);
        QCOMPARE(log.active().first().title, QStringLiteral("node1: rxe0 port 1 (eth1) degraded"));
        // A burst of sequence NAKs on top: 10 a frame, 100/s: failing.
        r.run(12, [](Node &n) { n.seqNaks += 10; });
        h = r.health();
        QCOMPARE(h.verdict, Verdict::Failing);
        alerts();
        QCOMPARE(raised.size(), 2); // worse: a new entry, the warning cleared
        QCOMPARE(cleared.size(), 1);
        QCOMPARE(log.active().size(), 1);
        QCOMPARE(log.active().first().severity, Severity::Critical);
        // Quiet again: once the burst is out of the window, healthy, and cleared.
        r.run(5);
        QVERIFY(r.health().verdict != Verdict::Healthy); // still in the window
        r.run(7);
        QCOMPARE(r.health().verdict, Verdict::Healthy);
        alerts();
        QCOMPARE(log.active().size(), 0);
        QCOMPARE(cleared.size(), 2);
        QCOMPARE(log.entries().size(), 2); // the warning and the critical, both with their times
        QVERIFY(log.entries().first().clearedAt.isValid());
    }

    void pauseStorm()
    {
        Rig r;
        r.run(12);
        // Priority 3: 1000 pause frames received and 200 sent a second.
        r.run(12, [](Node &n) {
            n.pauseRx3 += 100;
            n.pauseTx3 += 20;
        });
        const LinkHealth h = r.health();
        QCOMPARE(h.verdict, Verdict::Degraded);
        QVERIFY2(qAbs(*h.pausePerS - 1200.0) < 1.0, qPrintable(QString::number(*h.pausePerS)));
        QVERIFY2(h.reasons.join(';').contains(QStringLiteral("1200 pause frames/s")), qPrintable(h.reasons.join(';')));
        QCOMPARE(h.verdict, Verdict::Degraded); // pauses alone never fail a link
    }

    void portFlap()
    {
        Rig r;
        AlertLog log;
        auto apply = [&] {
            log.apply(AlertRules::holding(evaluateFabric(r.store, r.links(), Thresholds(), r.t), {}, {}, AlertLimits(),
                                          log.activeByKey()),
                      QDateTime::currentDateTimeUtc());
        };
        r.run(12);
        r.node.operstate = QStringLiteral("down");
        r.node.rdmaState = QStringLiteral("DOWN");
        r.node.carrier += 1;
        r.run(3);
        LinkHealth h = r.health();
        QCOMPARE(h.verdict, Verdict::Failing);
        QVERIFY2(h.reasons.join(';').contains(QStringLiteral("eth1 is down")), qPrintable(h.reasons.join(';')));
        QVERIFY(h.reasons.join(';').contains(QStringLiteral("rxe0 port 1 is not ACTIVE")));
        apply();
        QCOMPARE(log.active().size(), 1);
        QCOMPARE(log.active().first().kind, Alert::Kind::PortDown);
        QCOMPARE(log.active().first().severity, Severity::Critical);
        // Back up: no longer down, but the flap stays said while in the window.
        r.node.operstate = QStringLiteral("up");
        r.node.rdmaState = QStringLiteral("ACTIVE");
        r.node.carrier += 1;
        r.run(3);
        h = r.health();
        QCOMPARE(h.verdict, Verdict::Degraded);
        QVERIFY2(h.reasons.join(';').contains(QStringLiteral("went down and up")), qPrintable(h.reasons.join(';')));
        apply();
        QCOMPARE(log.active().size(), 1);
        QCOMPARE(log.active().first().kind, Alert::Kind::LinkDegraded);
        r.run(11);
        QCOMPARE(r.health().verdict, Verdict::Healthy);
        apply();
        QVERIFY(log.active().isEmpty());
    }

    void counterResetIsNotNegative()
    {
        Rig r;
        r.node.retransmits = 1000;
        r.run(5);
        r.node.retransmits = 0; // the driver was reloaded
        r.run(6);
        const LinkHealth h = r.health();
        QVERIFY(h.errorsPerS);
        QVERIFY(*h.errorsPerS >= 0);
        QCOMPARE(h.verdict, Verdict::Healthy);
    }

    // A link the probe found below what it could be (PCIe width, Ethernet
    // speed) is degraded with the probe's words as its reason, never failing.
    void linkBelowItsBestIsDegraded()
    {
        Rig r;
        r.run(12);
        QList<NodeLinks> links = r.links();
        links[0].linkProblems << qMakePair(QStringLiteral("eth1"),
                                           QStringLiteral("eth1 links at 40000 Mb/s although both ends support 56000 Mb/s"));
        links[0].linkProblems << qMakePair(QStringLiteral("eth9"), QStringLiteral("another interface"));
        const LinkHealth h = evaluateFabric(r.store, links, Thresholds(), r.t).value(0);
        QCOMPARE(h.verdict, Verdict::Degraded);
        QCOMPARE(h.reasons, QStringList{QStringLiteral("eth1 links at 40000 Mb/s although both ends support 56000 Mb/s")});
    }

    void noCountersIsUnknown()
    {
        TelemetryStore store;
        NodeLinks l;
        l.nodeId = QStringLiteral("n9");
        l.name = QStringLiteral("node9");
        l.dataInterface = QStringLiteral("enp1s0");
        const QList<LinkHealth> all = evaluateFabric(store, {l}, Thresholds(), kT0);
        QCOMPARE(all.size(), 1);
        QCOMPARE(all.first().verdict, Verdict::Unknown);
        QVERIFY(all.first().reasons.first().startsWith(QStringLiteral("no counters from it")));
        // A node whose last frame is older than the window: unknown, not healthy.
        Rig r;
        r.run(12);
        QCOMPARE(evaluateFabric(r.store, r.links(), Thresholds(), r.t + 60).first().verdict, Verdict::Unknown);
        // A gap (the node lost) after the data: unknown too.
        r.ingest.markGap(r.node.id, qint64((r.t + 0.05) * 1e9));
        QCOMPARE(evaluateFabric(r.store, r.links(), Thresholds(), r.t + 1).first().verdict, Verdict::Unknown);
    }

    void lostNodeAndGpuRules()
    {
        LinkHealth bad;
        bad.nodeId = QStringLiteral("n1");
        bad.nodeName = QStringLiteral("node1");
        bad.rdmaDevice = QStringLiteral("rxe0");
        bad.verdict = Verdict::Degraded;
        bad.reasons << QStringLiteral("x");
        NodeStatus lost{QStringLiteral("n1"), QStringLiteral("node1"), true, QStringLiteral("connection reset")};
        QList<Alert> holding = AlertRules::holding({bad}, {lost}, {}, AlertLimits(), {});
        QCOMPARE(holding.size(), 1);
        QCOMPARE(holding.first().kind, Alert::Kind::NodeLost);
        QCOMPARE(holding.first().message, QStringLiteral("connection reset"));

        GpuReading g{QStringLiteral("n2"), QStringLiteral("node2"), QStringLiteral("card1"), 91.0, 100e9, 124e9};
        holding = AlertRules::holding({}, {}, {g}, AlertLimits(), {});
        QCOMPARE(holding.size(), 1);
        QCOMPARE(holding.first().kind, Alert::Kind::GpuHot);
        // Cooling to 87 °C: it holds (under 90, not under 85); to 84: it clears.
        QHash<QString, Alert> active{{holding.first().key, holding.first()}};
        g.temperatureC = 87.0;
        QCOMPARE(AlertRules::holding({}, {}, {g}, AlertLimits(), active).size(), 1);
        g.temperatureC = 84.0;
        QCOMPARE(AlertRules::holding({}, {}, {g}, AlertLimits(), active).size(), 0);
        // GTT: 96 % raises, 92 % holds while raised, 89 % clears.
        GpuReading m{QStringLiteral("n2"), QStringLiteral("node2"), QStringLiteral("card1"), std::nullopt, 0.96 * 100e9, 100e9};
        holding = AlertRules::holding({}, {}, {m}, AlertLimits(), {});
        QCOMPARE(holding.size(), 1);
        QCOMPARE(holding.first().kind, Alert::Kind::GttFull);
        QVERIFY2(holding.first().message.startsWith(QStringLiteral("96 % of the GPU's unified memory")),
                 qPrintable(holding.first().message));
        active = {{holding.first().key, holding.first()}};
        m.gttUsedBytes = 0.92 * 100e9;
        QCOMPARE(AlertRules::holding({}, {}, {m}, AlertLimits(), active).size(), 1);
        m.gttUsedBytes = 0.89 * 100e9;
        QCOMPARE(AlertRules::holding({}, {}, {m}, AlertLimits(), active).size(), 0);
        // Unknown total: no GTT alert at all.
        m.gttTotalBytes.reset();
        m.gttUsedBytes = 100e9;
        QCOMPARE(AlertRules::holding({}, {}, {m}, AlertLimits(), {}).size(), 0);
    }

    void monitorOverTheStore()
    {
        Rig r;
        HealthMonitor monitor(&r.store, nullptr, nullptr);
        monitor.nodeLinks = [&] { return r.links(); };
        monitor.nodeStatus = [] { return QList<NodeStatus>{}; };
        monitor.clock = [&] { return r.t; };
        QSignalSpy raised(monitor.log(), &AlertLog::raised);
        r.run(12);
        monitor.evaluate();
        QCOMPARE(monitor.links().size(), 1);
        QCOMPARE(monitor.links().first().verdict, Verdict::Healthy);
        r.run(12, [](Node &n) { n.retransmits += 1; });
        monitor.evaluate();
        QCOMPARE(raised.size(), 1);
        monitor.evaluate(); // still holding: not raised again
        QCOMPARE(raised.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestFabricHealth)
#include "tst_fabrichealth.moc"
