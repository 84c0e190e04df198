// TelemetryIngest and the agent-event decoder over real protocol lines (nulls,
// unknown fields, malformed lines), the telemetry table models under
// QAbstractItemModelTester, and CSV export. (This computer's live telemetry
// comes through ClusterController's local session: tst_clustercontroller,
// tst_dashboard.)

#include "engine/enginelocator.h"
#include "protocol/agentdecoder.h"
#include "telemetry/syntheticcluster.h"
#include "telemetry/telemetryexport.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrymodels.h"
#include "telemetry/telemetrystore.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace halolink;

namespace {

// Lines as docs/agent-protocol.md shows them.
const QByteArray kFrame = R"({"event":"frame","seq":42,"time_ns":1764470000000000000,"interval_ns":100000000,
 "gpus":[{"card":"card1","busy_percent":37,"vram_used_bytes":201252864,"gtt_used_bytes":24109056,
          "power_w":41.5,"temperature_c":48.0}],
 "nics":[{"netdev":"enp194s0np0","rx_bytes":123,"tx_bytes":456,
          "rx_bytes_per_s":1.2e9,"tx_bytes_per_s":1.1e9}],
 "rdma":[{"device":"irdma0","port":1,
          "rx_bytes_per_s":5.9e9,"tx_bytes_per_s":6.0e9,"rx_packets_per_s":null,"tx_packets_per_s":null,
          "errors":{"retransmits":0,"out_of_sequence":0,"local_ack_timeouts":0},
          "congestion":{"cnp_sent":0,"cnp_handled":0,"ecn_marked":null},
          "counters":{"port_rcv_data":123}}]})";

// The first frame: rates are null; plus fields this version does not know.
const QByteArray kFirstFrame = R"({"event":"frame","seq":0,"time_ns":1764469999900000000,"interval_ns":100000000,
 "future_field":{"x":[1,2]},
 "gpus":[{"card":"card1","busy_percent":null,"vram_used_bytes":null,"gtt_used_bytes":24109056,"new_gpu_thing":7}],
 "nics":[{"netdev":"enp194s0np0","rx_bytes":100,"tx_bytes":400,"rx_bytes_per_s":null,"tx_bytes_per_s":null}],
 "rdma":[]})";

const QByteArray kMesh = R"({"event":"mesh","time_ns":1764470000000000000,"peer":"node2","address":"10.77.0.2","transport":"rdma",
 "samples":20,"rtt_ns":{"p50":11200,"p99":15800},"one_way_ns":{"p50":5600,"p99":7900},
 "device":"irdma0","gid_index":1})";

const QByteArray kMeshError = R"({"event":"mesh","time_ns":1764470001000000000,"peer":"node2","address":"10.77.0.2","transport":"rdma",
 "error":{"code":"rdma_unreachable","message":"no route to 10.77.0.2 over RDMA"}})";

QByteArray oneLine(QByteArray json)
{
    return json.replace('\n', ' ');
}

double latest(const TelemetryStore &store, const QString &key)
{
    const int s = store.findSeries(key);
    return s < 0 ? qQNaN() : store.latest(s).value;
}

} // namespace

class TestTelemetryIngest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decodesFrame();
    void decodesHelloAndReplies();
    void nullsStayUnknown();
    void meshAndMeshErrors();
    void malformedLinesAreCounted();
    void stallMarksGap();
    void markGapFromSession();
    void seriesTableModel();
    void latencyMatrixModel();
    void csvExport();
    void syntheticLinesKeepTheirText();
};

void TestTelemetryIngest::decodesFrame()
{
    const AgentLine line = parseAgentLine(oneLine(kFrame));
    QCOMPARE(line.kind, AgentLineKind::Event);
    QCOMPARE(line.event, QStringLiteral("frame"));
    const DecodeResult<TelemetryFrame> frame = decodeTelemetryFrame(line.object);
    QVERIFY2(frame.ok(), qPrintable(frame.error));
    QCOMPARE(frame.value->timeNs, Q_INT64_C(1764470000000000000));
    QCOMPARE(frame.value->seq, 42);
    QCOMPARE(frame.value->gpus.size(), 1);
    QCOMPARE(frame.value->gpus[0].busyPercent, 37.0);
    QCOMPARE(frame.value->nics[0].rxBytesPerS, 1.2e9);
    QCOMPARE(frame.value->rdma[0].device, QStringLiteral("irdma0"));
    QVERIFY(!frame.value->rdma[0].rxPacketsPerS);
    QCOMPARE(frame.value->rdma[0].errors.size(), 3);

    TelemetryStore store;
    TelemetryIngest ingest(&store);
    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), oneLine(kFrame)));
    QCOMPARE(latest(store, QStringLiteral("node1/gpu/card1/busy_percent")), 37.0);
    QCOMPARE(latest(store, QStringLiteral("node1/gpu/card1/unified_used_bytes")), 201252864.0 + 24109056.0);
    QCOMPARE(latest(store, QStringLiteral("node1/nic/enp194s0np0/rx_bytes_per_s")), 1.2e9);
    QCOMPARE(latest(store, QStringLiteral("node1/rdma/irdma0/1/tx_bytes_per_s")), 6.0e9);
    QCOMPARE(latest(store, QStringLiteral("node1/rdma/irdma0/1/errors/retransmits")), 0.0);
    QCOMPARE(latest(store, QStringLiteral("node1/gpu/card1/power_w")), 41.5);
    // Time is the node's CLOCK_REALTIME in seconds.
    QCOMPARE(store.latest(store.findSeries(QStringLiteral("node1/gpu/card1/busy_percent"))).t, 1764470000.0);
    QCOMPARE(ingest.stats().frames, quint64(1));
}

void TestTelemetryIngest::decodesHelloAndReplies()
{
    const AgentLine hello = parseAgentLine(
        R"({"event":"hello","engine_version":"0.1.0","protocol":1,"capabilities":["probe","telemetry",5],"hostname":"halo1","pid":1234,"x":1})");
    QCOMPARE(hello.kind, AgentLineKind::Event);
    const DecodeResult<AgentHelloEvent> decoded = decodeAgentHello(hello.object);
    QVERIFY(decoded.ok());
    QCOMPARE(decoded.value->protocol, 1);
    QCOMPARE(decoded.value->capabilities, (QStringList{QStringLiteral("probe"), QStringLiteral("telemetry")}));
    QCOMPARE(decoded.value->pid, 1234);

    const AgentLine reply = parseAgentLine(R"({"id":7,"result":{"interval_ms":100}})");
    QCOMPARE(reply.kind, AgentLineKind::Reply);
    QCOMPARE(reply.id, 7);
    QCOMPARE(parseAgentLine(R"({"foo":1})").kind, AgentLineKind::Other);

    TelemetryStore store;
    TelemetryIngest ingest(&store);
    QVERIFY(ingest.ingestLine(QStringLiteral("n"), R"({"event":"log","level":"info","message":"hi"})"));
    QVERIFY(ingest.ingestLine(QStringLiteral("n"), R"({"id":7,"result":{}})"));
    QCOMPARE(ingest.stats().ignored, quint64(2));
    QCOMPARE(store.seriesCount(), 0);
}

void TestTelemetryIngest::nullsStayUnknown()
{
    TelemetryStore store;
    TelemetryIngest ingest(&store);
    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), oneLine(kFirstFrame)));
    // The series exist (so tables can list them) but hold nothing: null is not 0.
    const int busy = store.findSeries(QStringLiteral("node1/gpu/card1/busy_percent"));
    QVERIFY(busy >= 0);
    QVERIFY(!store.latest(busy).valid());
    QCOMPARE(store.pointCount(busy, Resolution::Raw), 0);
    QCOMPARE(latest(store, QStringLiteral("node1/gpu/card1/gtt_used_bytes")), 24109056.0);
    QVERIFY(std::isnan(latest(store, QStringLiteral("node1/gpu/card1/unified_used_bytes")))); // VRAM unknown
    QVERIFY(std::isnan(latest(store, QStringLiteral("node1/nic/enp194s0np0/rx_bytes_per_s"))));

    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), oneLine(kFrame)));
    QCOMPARE(store.latest(busy).value, 37.0);
    // Known, then null again: a gap, not a silent line.
    QByteArray nullAgain = oneLine(kFrame);
    nullAgain.replace("\"busy_percent\":37", "\"busy_percent\":null");
    nullAgain.replace("1764470000000000000", "1764470000100000000");
    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), nullAgain));
    QVERIFY(store.latest(busy).gap);
    // A wrong type is unknown too, and does not drop the rest of the frame.
    QByteArray wrongType = oneLine(kFrame);
    wrongType.replace("\"busy_percent\":37", "\"busy_percent\":\"37\"");
    wrongType.replace("\"power_w\":41.5", "\"power_w\":42.5");
    wrongType.replace("1764470000000000000", "1764470000200000000");
    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), wrongType));
    QCOMPARE(latest(store, QStringLiteral("node1/gpu/card1/power_w")), 42.5);
    QVERIFY(store.latest(busy).gap);
}

void TestTelemetryIngest::meshAndMeshErrors()
{
    TelemetryStore store;
    TelemetryIngest ingest(&store);
    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), oneLine(kMesh)));
    QCOMPARE(latest(store, QStringLiteral("mesh/node1->node2/rdma/one_way_p50_ns")), 5600.0);
    QCOMPARE(latest(store, QStringLiteral("mesh/node1->node2/rdma/rtt_p99_ns")), 15800.0);
    QVERIFY(ingest.meshError(QStringLiteral("node1"), QStringLiteral("node2"), QStringLiteral("rdma")).isEmpty());

    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), oneLine(kMeshError)));
    const int s = store.findSeries(QStringLiteral("mesh/node1->node2/rdma/one_way_p50_ns"));
    QVERIFY(store.latest(s).gap);
    QCOMPARE(ingest.meshError(QStringLiteral("node1"), QStringLiteral("node2"), QStringLiteral("rdma")),
             QStringLiteral("no route to 10.77.0.2 over RDMA"));

    // Only a round trip sent: one way is derived (= rtt / 2), as INTERFACES.md defines it.
    QVERIFY(ingest.ingestLine(QStringLiteral("node2"),
                              R"({"event":"mesh","time_ns":1764470000000000000,"peer":"node1","transport":"tcp","rtt_ns":{"p50":30000,"p99":null}})"));
    QCOMPARE(latest(store, QStringLiteral("mesh/node2->node1/tcp/one_way_p50_ns")), 15000.0);
    QVERIFY(std::isnan(latest(store, QStringLiteral("mesh/node2->node1/tcp/one_way_p99_ns"))));
}

void TestTelemetryIngest::malformedLinesAreCounted()
{
    TelemetryStore store;
    TelemetryIngest ingest(&store);
    const QList<QByteArray> bad = {
        "not json",
        "[1,2,3]",
        "{\"event\":\"frame\",\"seq\":1",                             // cut off
        "{\"event\":\"frame\",\"seq\":1,\"gpus\":[]}",                // no time_ns
        "{\"event\":\"frame\",\"time_ns\":\"yesterday\"}",            // wrong type
        "{\"event\":\"mesh\",\"time_ns\":1,\"transport\":\"rdma\"}", // no peer
    };
    for (const QByteArray &line : bad)
        QVERIFY2(!ingest.ingestLine(QStringLiteral("n"), line), line.constData());
    QCOMPARE(ingest.stats().malformed, quint64(bad.size()));
    QVERIFY(!ingest.lastError().isEmpty());
    // Odd but readable: entries that are not objects or have no name are skipped.
    QVERIFY(ingest.ingestLine(QStringLiteral("n"),
                              R"({"event":"frame","time_ns":1,"gpus":[5,{"busy_percent":3},{"card":"c","busy_percent":3}],"nics":"x"})"));
    QCOMPARE(latest(store, QStringLiteral("n/gpu/c/busy_percent")), 3.0);
    QCOMPARE(store.seriesOfNode(QStringLiteral("n")).size(), 6); // the one GPU's series only
}

void TestTelemetryIngest::stallMarksGap()
{
    TelemetryStore store;
    TelemetryIngest ingest(&store);
    auto frame = [&](qint64 ms, int busy) {
        const QByteArray line = "{\"event\":\"frame\",\"time_ns\":" + QByteArray::number(Q_INT64_C(1764470000000000000) + ms * 1000000)
            + ",\"interval_ns\":100000000,\"gpus\":[{\"card\":\"card1\",\"busy_percent\":" + QByteArray::number(busy) + "}]}";
        QVERIFY(ingest.ingestLine(QStringLiteral("node1"), line));
    };
    frame(0, 10);
    frame(100, 11);
    frame(200, 12);
    frame(5200, 13); // 5 s of nothing: more than 5 intervals
    const int busy = store.findSeries(QStringLiteral("node1/gpu/card1/busy_percent"));
    SeriesSlice slice;
    store.read(busy, Resolution::Raw, 1764469990, 1764470010, slice);
    QCOMPARE(slice.size(), 5);
    QVERIFY(std::isnan(slice.values.at(3)));
    QCOMPARE(slice.keys.at(3), 1764470000.3);
    QCOMPARE(ingest.stats().gaps, quint64(1));
}

void TestTelemetryIngest::markGapFromSession()
{
    TelemetryStore store;
    TelemetryIngest ingest(&store);
    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), oneLine(kFrame)));
    QVERIFY(ingest.ingestLine(QStringLiteral("node2"),
                              oneLine(kMesh).replace("\"peer\":\"node2\"", "\"peer\":\"node1\"")));
    ingest.markGap(QStringLiteral("node1"), Q_INT64_C(1764470001000000000), Q_INT64_C(1764470009000000000));
    QVERIFY(store.latest(store.findSeries(QStringLiteral("node1/gpu/card1/busy_percent"))).gap);
    // node2's measurements towards the lost node1 break too.
    QVERIFY(store.latest(store.findSeries(QStringLiteral("mesh/node2->node1/rdma/one_way_p50_ns"))).gap);
}

void TestTelemetryIngest::seriesTableModel()
{
    TelemetryStore store;
    TelemetryIngest ingest(&store);
    SeriesTableModel model(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), oneLine(kFrame)));
    const int busy = store.findSeries(QStringLiteral("node1/gpu/card1/busy_percent"));
    const int rx = store.findSeries(QStringLiteral("node1/nic/enp194s0np0/rx_bytes_per_s"));
    model.setNodeNames({{QStringLiteral("node1"), QStringLiteral("Halo one")}});
    model.setWindow(1764469990, 1764470010);
    model.setSeries({busy, rx}, {QStringLiteral("card1 busy"), QStringLiteral("enp194s0np0 rx")});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), int(SeriesTableModel::ColumnCount));
    QCOMPARE(model.index(0, SeriesTableModel::NodeColumn).data().toString(), QStringLiteral("Halo one"));
    QCOMPARE(model.index(0, SeriesTableModel::SeriesColumn).data().toString(), QStringLiteral("card1 busy"));
    QCOMPARE(model.index(0, SeriesTableModel::LatestColumn).data().toString(), QStringLiteral("37 %"));
    QCOMPARE(model.index(1, SeriesTableModel::LatestColumn).data().toString(), QStringLiteral("1.20 GB/s"));

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QByteArray next = oneLine(kFrame);
    next.replace("\"busy_percent\":37", "\"busy_percent\":57");
    next.replace("1764470000000000000", "1764470000100000000");
    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), next));
    model.refresh();
    QCOMPARE(changed.count(), 1);
    QCOMPARE(model.index(0, SeriesTableModel::LatestColumn).data().toString(), QStringLiteral("57 %"));
    QCOMPARE(model.index(0, SeriesTableModel::MinColumn).data().toString(), QStringLiteral("37 %"));
    QCOMPARE(model.index(0, SeriesTableModel::MaxColumn).data().toString(), QStringLiteral("57 %"));
    QCOMPARE(model.index(0, SeriesTableModel::MeanColumn).data().toString(), QStringLiteral("47 %"));
    model.refresh();
    QCOMPARE(changed.count(), 1); // nothing new, no signal
    model.setSeries({}, {});
    QCOMPARE(model.rowCount(), 0);
}

void TestTelemetryIngest::latencyMatrixModel()
{
    TelemetryStore store;
    TelemetryIngest ingest(&store);
    LatencyMatrixModel model(&store, &ingest);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setNodes({QStringLiteral("node1"), QStringLiteral("node2"), QStringLiteral("node3")},
                   {QStringLiteral("One"), QStringLiteral("Two"), QStringLiteral("Three")});
    QCOMPARE(model.rowCount(), 3);
    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), oneLine(kMesh)));
    QByteArray tcp = oneLine(kMesh);
    tcp.replace("\"transport\":\"rdma\"", "\"transport\":\"tcp\"").replace("5600", "21000").replace("11200", "42000");
    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), tcp));
    model.refresh();
    QCOMPARE(model.value(0, 1), 5600.0);
    QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("5.60 µs"));
    QVERIFY(std::isnan(model.value(1, 0))); // the other direction was not measured
    QCOMPARE(model.index(1, 0).data().toString(), QString());
    QCOMPARE(model.index(0, 0).data().toString(), QString());
    QVERIFY(model.index(1, 0).data(Qt::ToolTipRole).toString().contains(QLatin1String("not measured")));
    QCOMPARE(model.headerData(0, Qt::Vertical).toString(), QStringLiteral("from One"));
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("to Two"));
    // A pair measured for the first time after the model looked its series up
    // shows at the next refresh (the lookups are kept between refreshes).
    model.refresh();
    QByteArray back = oneLine(kMesh);
    back.replace("\"peer\":\"node2\"", "\"peer\":\"node1\"").replace("5600", "5700");
    QVERIFY(ingest.ingestLine(QStringLiteral("node2"), back));
    model.refresh();
    QCOMPARE(model.value(1, 0), 5700.0);
    QCOMPARE(model.seriesOf(1, 0), store.findSeries(QStringLiteral("mesh/node2->node1/rdma/one_way_p50_ns")));

    model.setMeasure(LatencyMatrixModel::Measure::RoundTrip);
    QCOMPARE(model.value(0, 1), 11200.0);
    QVERIFY(model.description().contains(QLatin1String("round trip")));
    model.setTransport(LatencyMatrixModel::Transport::Tcp);
    QCOMPARE(model.value(0, 1), 42000.0);
    model.setMeasure(LatencyMatrixModel::Measure::OneWay);
    QCOMPARE(model.value(0, 1), 21000.0);
    QVERIFY(model.description().contains(QLatin1String("one-way")));
    model.setStatistic(LatencyMatrixModel::Statistic::P99);
    QCOMPARE(model.value(0, 1), 7900.0);
    model.setStatistic(LatencyMatrixModel::Statistic::P50);
    model.setTransport(LatencyMatrixModel::Transport::Rdma);

    // A failing pair becomes empty and says why.
    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), oneLine(kMeshError)));
    model.refresh();
    QVERIFY(std::isnan(model.value(0, 1)));
    QVERIFY(model.index(0, 1).data(Qt::ToolTipRole).toString().contains(QLatin1String("no route")));
    model.setNodes({QStringLiteral("node1")}, {QStringLiteral("One")});
    QCOMPARE(model.columnCount(), 1);
}

void TestTelemetryIngest::csvExport()
{
    TelemetryStore store;
    TelemetryIngest ingest(&store);
    QVERIFY(ingest.ingestLine(QStringLiteral("node1"), oneLine(kFrame)));
    ingest.markGap(QStringLiteral("node1"), Q_INT64_C(1764470000500000000));
    const int busy = store.findSeries(QStringLiteral("node1/gpu/card1/busy_percent"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("out.csv"));
    QString error;
    QVERIFY(writeTelemetryCsv(store, {{busy, 1764469990, 1764470010}}, path, &error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines[0], QByteArray("series,node,metric,unit,resolution,time_utc,time_s,value,min,max,last"));
    QCOMPARE(lines[1], QByteArray("node1/gpu/card1/busy_percent,node1,gpu/card1/busy_percent,%,raw,"
                                  "2025-11-30T02:33:20.000Z,1764470000.000,37,37,37,37"));
    QVERIFY(lines[2].contains(",gap,"));
    QVERIFY(lines[2].endsWith(",,,,"));
    QVERIFY(!writeTelemetryCsv(store, {}, QStringLiteral("/nonexistent/dir/x.csv"), &error));
    QVERIFY(!error.isEmpty());
}

void TestTelemetryIngest::syntheticLinesKeepTheirText()
{
    // The demo and benchmark lines, byte for byte as printf("%.6g") wrote them
    // before the generator used std::to_chars; and they decode.
    SyntheticCluster cluster(3);
    const QList<QByteArray> frames{
        QByteArray(R"({"event":"frame","seq":0,"time_ns":1764470000123000000,"interval_ns":100000000,"gpus":[{"card":"card0","busy_percent":83,"vram_used_bytes":2.61104e+08,"gtt_used_bytes":5.51654e+10,"power_w":null,"temperature_c":null}],"nics":[{"netdev":"ens1f0","rx_bytes_per_s":4.13142e+08,"tx_bytes_per_s":6.27237e+08}],"rdma":[{"device":"irdma0","port":1,"rx_bytes_per_s":8.58509e+09,"tx_bytes_per_s":7.81405e+09,"errors":{"retransmits":306}}]})"),
        QByteArray(R"({"event":"frame","seq":1,"time_ns":1764470000223000000,"interval_ns":100000000,"gpus":[{"card":"card0","busy_percent":48,"vram_used_bytes":2.22126e+08,"gtt_used_bytes":2.93778e+10,"power_w":null,"temperature_c":null}],"nics":[{"netdev":"ens1f0","rx_bytes_per_s":2.83691e+07,"tx_bytes_per_s":8.16322e+08}],"rdma":[{"device":"irdma0","port":1,"rx_bytes_per_s":5.29261e+09,"tx_bytes_per_s":4.97256e+09,"errors":{"retransmits":307}}]})"),
        QByteArray(R"({"event":"frame","seq":2,"time_ns":1764470000323000000,"interval_ns":100000000,"gpus":[{"card":"card0","busy_percent":12,"vram_used_bytes":1.77517e+08,"gtt_used_bytes":2.20268e+10,"power_w":null,"temperature_c":null}],"nics":[{"netdev":"ens1f0","rx_bytes_per_s":6.52125e+07,"tx_bytes_per_s":6.22816e+08}],"rdma":[{"device":"irdma0","port":1,"rx_bytes_per_s":1.27109e+09,"tx_bytes_per_s":1.3164e+09,"errors":{"retransmits":308}}]})")};
    TelemetryStore store;
    TelemetryIngest ingest(&store);
    for (int node = 0; node < 3; ++node) {
        const QByteArray line = cluster.frameLine(node, Q_INT64_C(1764470000123000000) + node * 100000000, 100000000);
        QCOMPARE(line, frames.at(node));
        QVERIFY(ingest.ingestLine(SyntheticCluster::nodeId(node), line));
    }
    QCOMPARE(cluster.meshLine(0, 2, "rdma", Q_INT64_C(1764470001000000000)),
             QByteArray(R"({"event":"mesh","time_ns":1764470001000000000,"peer":"demo3","transport":"rdma","samples":20,"rtt_ns":{"p50":6067,"p99":8494},"one_way_ns":{"p50":3034,"p99":4247}})"));
    QCOMPARE(cluster.meshLine(2, 1, "tcp", Q_INT64_C(1764470001000000000)),
             QByteArray(R"({"event":"mesh","time_ns":1764470001000000000,"peer":"demo2","transport":"tcp","samples":20,"rtt_ns":{"p50":28287,"p99":62232},"one_way_ns":{"p50":14144,"p99":31116}})"));
    QCOMPARE(ingest.stats().frames, quint64(3));
    QCOMPARE(ingest.stats().malformed, quint64(0));
}

QTEST_GUILESS_MAIN(TestTelemetryIngest)
#include "tst_telemetryingest.moc"
