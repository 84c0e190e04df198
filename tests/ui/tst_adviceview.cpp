// The advice beside the New Job form offscreen: no shape, no figures ("model
// shape not read yet"); a shape reader (a stand-in for the head's agent)
// asked once typing pauses, for the head and the model's path; the answer
// per way (fit, predicted decode tok/s over RDMA and TCP with their parts,
// time to first token) as core/advise computes it from the nodes' fixture
// probes, the job's own way marked; a node without a probe leaves its figures
// unknown; a read that fails says why; a head that is not connected says so.
// The form feeds it as it is filled in.
//
// HALOLINK_SHOT_DIR=/some/dir saves a PNG of the form with its advice there.

#include "../core/fixture_probes.h"

#include "inventory/inventory.h"
#include "jobs/adviceview.h"
#include "jobs/jobform.h"
#include "setup/savedsetup.h"
#include "telemetry/telemetrykeys.h"
#include "telemetry/telemetrystore.h"

#include <QDir>
#include <QJsonObject>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTest>

using namespace halolink;
using namespace halolink::ui;

namespace {

// Llama-3.1-70B's published config with a Q4_K_M GGUF's sizes, as tst_advisor builds it.
advise::ShapeDecodeResult llama70b(const QString &path)
{
    QJsonObject hp { { "layers", 80 }, { "hidden_size", 8192 }, { "attention_heads", 64 }, { "kv_heads", 8 },
        { "key_length", 128 }, { "value_length", 128 }, { "context_length", 131072 }, { "vocab_size", 128256 },
        { "experts", QJsonValue::Null }, { "experts_used", QJsonValue::Null } };
    QJsonArray list { QJsonObject { { "name", "token_embd.weight" }, { "bytes", 591003648.0 } },
        QJsonObject { { "name", "output.weight" }, { "bytes", 861880320.0 } } };
    QJsonObject weights { { "total_bytes", 44979306752.0 }, { "declared_total_bytes", QJsonValue::Null },
        { "parameters", 70553706560.0 },
        { "layers", QJsonObject { { "count", 80 }, { "bytes", QJsonValue::Null } } },
        { "outside_layers", QJsonObject { { "bytes", 1452916992.0 }, { "list", list } } } };
    QJsonObject derived { { "head_dim", QJsonObject { { "key", 128 }, { "value", 128 } } },
        { "kv_cache", QJsonObject { { "elements_per_token", 2.0 * 8 * 128 * 80 } } },
        { "weight_bytes_per_layer", (44979306752.0 - 1452916992.0) / 80 },
        { "weight_bytes_outside_layers", 1452916992.0 },
        { "moe",
            QJsonObject { { "is_moe", false }, { "expert_tensor_bytes", 0 },
                { "active_parameters_per_token", 70553706560.0 },
                { "active_weight_bytes_per_token", 44979306752.0 } } } };
    return advise::decodeModelShape(QJsonObject { { "schema", "halolink.model_shape/1" }, { "path", path },
        { "format", "gguf" }, { "architecture", "llama" }, { "hyperparameters", hp }, { "weights", weights },
        { "derived", derived }, { "warnings", QJsonArray() } });
}

jobs::JobNode node(const QString &id, const QString &name, bool probed = true)
{
    jobs::JobNode n;
    n.nodeId = id;
    n.name = name;
    n.dataInterface = QStringLiteral("enp194s0np0");
    n.dataIp = QStringLiteral("192.168.100.1");
    if (probed)
        n.probe = test::fixtureProbe(QStringLiteral("strix-halo-e810-roce"));
    return n;
}

// A reader that answers when told to, and counts what it was asked.
struct StubReader {
    QStringList asked;
    std::function<void(const advise::ShapeDecodeResult &)> pending;
    bool connected = true;
    AdviceView::ShapeReader reader()
    {
        return [this](const QString &nodeId, const QString &path, QObject *,
                   std::function<void(const advise::ShapeDecodeResult &)> done) {
            if (!connected)
                return false;
            asked << nodeId + QLatin1Char('|') + path;
            pending = std::move(done);
            return true;
        };
    }
};

} // namespace

class TestAdviceView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void linksFromTheLiveMesh()
    {
        // The app's telemetry with both directions of node1<->node2 over both
        // transports: the advice costs the links with those latencies and says so.
        TelemetryStore store;
        for (const auto &[from, peer] : { std::pair { "a", "b" }, std::pair { "b", "a" } }) {
            store.append(store.ensureSeries(telemetry::meshKey(QLatin1String(from), QLatin1String(peer), QStringLiteral("rdma"),
                                                               QLatin1StringView("one_way_p50_ns"))),
                         10.0, 7000);
            store.append(store.ensureSeries(telemetry::meshKey(QLatin1String(from), QLatin1String(peer), QStringLiteral("tcp"),
                                                               QLatin1StringView("one_way_p50_ns"))),
                         10.0, 90000);
        }
        AdviceView view;
        StubReader stub;
        view.setShapeReader(stub.reader());
        view.setLinkReader(AdviceView::meshReader(&store));
        jobs::JobSpec spec;
        spec.model = QStringLiteral("/models/llama-70b.gguf");
        view.setJob(spec, { node("a", "node1"), node("b", "node2") });
        QTRY_COMPARE(stub.asked.size(), 1);
        stub.pending(llama70b(spec.model));
        QVERIFY(view.advice());
        const QString text = view.summaryText();
        QVERIFY2(text.contains(QStringLiteral("latency from the live mesh")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("links: the reference setup's figures")));
        QCOMPARE(view.advice()->linkSource.kind, advise::LinkSource::Kind::LiveMesh);
        QCOMPARE(*view.advice()->links.tcp.oneWayLatencySeconds, 90e-6);
        QCOMPARE(*view.advice()->links.rdma.oneWayLatencySeconds, 7e-6);
        if (const QByteArray shots = qgetenv("HALOLINK_SHOT_DIR"); !shots.isEmpty()) {
            view.resize(640, 360);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            QVERIFY(view.grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/advice-livemesh.png")));
        }
    }

    void linksFromTheVerification()
    {
        // The kept cluster measured a<->b: without a live mesh its figures
        // cost the links; with the mesh, its bandwidth does (the mesh
        // measures none), the latency stays the mesh's.
        advise::VerificationLinks verified;
        verified.links.rdma = { 6e-6, 50e9 / 8 };
        verified.links.tcp = { 35e-6, 25e9 / 8 };
        verified.rdmaLatency = verified.tcpLatency = verified.rdmaBandwidth = verified.tcpBandwidth = true;
        verified.pairs = 1;
        verified.measuredAt = QDateTime(QDate(2026, 12, 7), QTime(8, 0), Qt::UTC);
        QStringList askedFor;
        auto reader = [&](const QStringList &ids) -> std::optional<advise::VerificationLinks> {
            askedFor = ids;
            return verified;
        };
        jobs::JobSpec spec;
        spec.model = QStringLiteral("/models/llama-70b.gguf");
        {
            AdviceView view;
            StubReader stub;
            view.setShapeReader(stub.reader());
            view.setVerificationReader(reader);
            view.setJob(spec, { node("a", "node1"), node("b", "node2") });
            QTRY_COMPARE(stub.asked.size(), 1);
            stub.pending(llama70b(spec.model));
            QVERIFY(view.advice());
            QCOMPARE(askedFor, (QStringList { QStringLiteral("a"), QStringLiteral("b") }));
            QCOMPARE(view.advice()->linkSource.kind, advise::LinkSource::Kind::Verification);
            QCOMPARE(*view.advice()->links.rdma.oneWayLatencySeconds, 6e-6);
            QCOMPARE(*view.advice()->links.tcp.bandwidthBytesPerSecond, 25e9 / 8);
            const QString text = view.summaryText();
            QVERIFY2(text.contains(QStringLiteral("measured by the cluster's verification at 2026-12-07T08:00:00Z")),
                     qPrintable(text));
            QVERIFY(!text.contains(QStringLiteral("links: the reference setup's figures")));
        }
        TelemetryStore store;
        for (const auto &[from, peer] : { std::pair { "a", "b" }, std::pair { "b", "a" } })
            store.append(store.ensureSeries(telemetry::meshKey(QLatin1String(from), QLatin1String(peer), QStringLiteral("rdma"),
                                                               QLatin1StringView("one_way_p50_ns"))),
                         10.0, 7000);
        AdviceView view;
        StubReader stub;
        view.setShapeReader(stub.reader());
        view.setLinkReader(AdviceView::meshReader(&store));
        view.setVerificationReader(reader);
        view.setJob(spec, { node("a", "node1"), node("b", "node2") });
        QTRY_COMPARE(stub.asked.size(), 1);
        stub.pending(llama70b(spec.model));
        QVERIFY(view.advice());
        QCOMPARE(view.advice()->linkSource.kind, advise::LinkSource::Kind::LiveMesh);
        QVERIFY(view.advice()->linkSource.bandwidthFromVerification);
        QCOMPARE(*view.advice()->links.rdma.oneWayLatencySeconds, 7e-6); // the mesh's
        QCOMPARE(*view.advice()->links.tcp.oneWayLatencySeconds, 35e-6); // no TCP mesh figure: the verification's
        QCOMPARE(*view.advice()->links.rdma.bandwidthBytesPerSecond, 50e9 / 8);
        QVERIFY2(view.summaryText().contains(QStringLiteral("bandwidth from the cluster's verification")),
                 qPrintable(view.summaryText()));
    }

    void noShapeNoFigures()
    {
        AdviceView view;
        jobs::JobSpec spec;
        QVERIFY(view.summaryText().contains(QStringLiteral("Give the model")));
        spec.model = QStringLiteral("/models/llama-70b.gguf");
        view.setJob(spec, { node("a", "node1"), node("b", "node2") });
        QVERIFY2(view.summaryText().contains(QStringLiteral("Model shape not read yet")), qPrintable(view.summaryText()));
        QVERIFY(!view.advice());
        QVERIFY(!view.summaryText().contains(QStringLiteral("tok/s")));
        QVERIFY(!view.findChild<QPushButton *>(QStringLiteral("readShapeButton"))->isEnabled());
    }

    void readsOnTheHeadAndAdvises()
    {
        AdviceView view;
        StubReader stub;
        view.setShapeReader(stub.reader());
        jobs::JobSpec spec;
        spec.model = QStringLiteral("/models/llama-70b.g");
        view.setJob(spec, { node("a", "node1"), node("b", "node2") });
        spec.model = QStringLiteral("/models/llama-70b.gguf"); // typing on: one read, once it pauses
        view.setJob(spec, { node("a", "node1"), node("b", "node2") });
        QTRY_COMPARE(stub.asked.size(), 1);
        QCOMPARE(stub.asked.first(), QStringLiteral("a|/models/llama-70b.gguf"));
        QVERIFY(view.summaryText().contains(QStringLiteral("Reading the model's shape on node1")));
        stub.pending(llama70b(spec.model));
        QVERIFY(view.advice());
        const advise::Advice &a = *view.advice();
        QCOMPARE(a.ways.size(), 3);
        const QString text = view.summaryText();
        QVERIFY2(text.contains(QStringLiteral("tensor parallel over 2 (what this job runs)")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("layer split over 2 (what this job runs)")));
        QVERIFY(text.contains(a.recommendation));
        // The figures are core/advise's, as computed from the fixture probes.
        const advise::WayAdvice &tp = a.ways.at(1);
        QCOMPARE(tp.way, advise::Way::TensorParallel);
        QVERIFY(tp.prediction && tp.prediction->rdma.tokensPerSecond && tp.prediction->tcp.tokensPerSecond);
        const QString rdma = QLocale().toString(*tp.prediction->rdma.tokensPerSecond, 'f', 1);
        const QString tcp = QLocale().toString(*tp.prediction->tcp.tokensPerSecond, 'f', 1);
        QVERIFY2(text.contains(QStringLiteral("Decode: RDMA %1 tok/s").arg(rdma)), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("TCP %1 tok/s").arg(tcp)));
        QVERIFY(text.contains(QStringLiteral("links: the reference setup's figures")));
        // What the comparison sets beside its measurement: the job's way, its two speeds.
        const QJsonObject prediction = AdviceView::predictionFor(a, jobs::Engine::VllmRay);
        QCOMPARE(prediction.value(QStringLiteral("way")).toString(), tp.title());
        QCOMPARE(prediction.value(QStringLiteral("rdma_tokens_per_s")).toDouble(), *tp.prediction->rdma.tokensPerSecond);
        QCOMPARE(prediction.value(QStringLiteral("tcp_tokens_per_s")).toDouble(), *tp.prediction->tcp.tokensPerSecond);
        QCOMPARE(AdviceView::predictionFor(a, jobs::Engine::LlamaRpc).value(QStringLiteral("way")).toString(),
            a.ways.at(2).title());
        // The parts and assumptions: the advisor's own text.
        auto *details = view.findChild<QWidget *>(QStringLiteral("adviceDetails"));
        QVERIFY(details->isHidden());
        view.findChild<QAbstractButton *>(QStringLiteral("adviceDetailsButton"))->click();
        QVERIFY(!details->isHidden());

        // llama.cpp runs the layer split; the shape is not read again for the same model and head.
        spec.engine = jobs::Engine::LlamaRpc;
        view.setJob(spec, { node("a", "node1"), node("b", "node2") });
        QVERIFY(view.summaryText().contains(QStringLiteral("layer split over 2 (what this job runs)")));
        QTest::qWait(1100);
        QCOMPARE(stub.asked.size(), 1);
        // Read Again asks again.
        view.findChild<QPushButton *>(QStringLiteral("readShapeButton"))->click();
        QCOMPARE(stub.asked.size(), 2);
    }

    void unknownStaysUnknown()
    {
        AdviceView view;
        view.setShapeReader(StubReader().reader()); // never answers
        jobs::JobSpec spec;
        spec.model = QStringLiteral("/models/llama-70b.gguf");
        view.setJob(spec, { node("a", "node1"), node("b", "node2", false) });
        view.setShape(QStringLiteral("a"), spec.model, llama70b(spec.model));
        QVERIFY(view.advice());
        const QString text = view.summaryText();
        QVERIFY2(text.contains(QStringLiteral("node2: GPU memory unknown: not probed yet")), qPrintable(text));
        QVERIFY(!view.advice()->ways.at(1).fit.fits.has_value()); // tensor parallel: unknown, not 0
        QVERIFY(!view.advice()->recommended || view.advice()->ways.at(*view.advice()->recommended).fit.fits);
        QString why;
        const QJsonObject unknown = AdviceView::predictionFor(*view.advice(), jobs::Engine::VllmRay, &why);
        if (!view.advice()->ways.at(1).prediction || !view.advice()->ways.at(1).prediction->rdma.tokensPerSecond) {
            QVERIFY(unknown.isEmpty());
            QVERIFY(!why.isEmpty());
        } else {
            // A speed without the memory is still a speed (the fit is what is unknown).
            QVERIFY(unknown.value(QStringLiteral("rdma_tokens_per_s")).isDouble());
        }

        // A read that failed says so; a head that is not connected too.
        view.setShape(QStringLiteral("a"), QStringLiteral("/models/gone.gguf"),
            advise::ShapeDecodeResult { std::nullopt, QStringLiteral("no such file") });
        spec.model = QStringLiteral("/models/gone.gguf");
        view.setJob(spec, { node("a", "node1") });
        QVERIFY2(view.summaryText().contains(QStringLiteral("could not be read on node1: no such file")),
            qPrintable(view.summaryText()));
        QVERIFY(!view.advice());
        StubReader offline;
        offline.connected = false;
        AdviceView other;
        other.setShapeReader(offline.reader());
        other.setJob(spec, { node("a", "node1") });
        other.readShape();
        QVERIFY2(other.summaryText().contains(QStringLiteral("not read yet (node1 is not connected)")),
            qPrintable(other.summaryText()));
    }

    void formTakesTheKeptCluster()
    {
        // Three nodes with a data plane; the kept cluster is halo3 and halo2,
        // in that order, measured: the form starts with those two (halo3 the
        // head) and costs the links with their verification.
        Inventory inventory;
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QDir(dir).removeRecursively();
        QDir().mkpath(dir);
        inventory.setFilePath(QDir(dir).filePath(QStringLiteral("inventory.json")));
        inventory.load();
        QStringList ids;
        for (int i = 1; i <= 3; ++i) {
            Node n;
            n.name = QStringLiteral("halo%1").arg(i);
            n.host = n.name + QStringLiteral(".invalid");
            n.dataInterface = QStringLiteral("enp194s0np0");
            n.dataAddress = QStringLiteral("10.0.0.%1/24").arg(i);
            QString id;
            QVERIFY(inventory.addNode(n, nullptr, &id));
            ids << id;
        }
        setup::SavedSetup kept;
        kept.confirmedAt = QDateTime(QDate(2026, 12, 7), QTime(9, 0), Qt::UTC);
        kept.measuredAt = kept.confirmedAt;
        kept.verified = true;
        for (int i : { 2, 1 })
            kept.nodes << setup::SavedSetup::NodeEntry { ids.at(i), QStringLiteral("halo%1").arg(i + 1),
                QStringLiteral("enp194s0np0"), QStringLiteral("10.0.0.%1/24").arg(i + 1), QStringLiteral("ice"),
                QStringLiteral("irdma0"), true, true, true };
        setup::SavedSetup::PairEntry p;
        p.a = ids.at(2);
        p.b = ids.at(1);
        p.rdmaOneWayNs = 6000;
        p.tcpOneWayNs = 33000;
        p.rdmaBps = 48e9;
        p.tcpBps = 45e9;
        kept.pairs << p;
        QString error;
        QVERIFY2(kept.save(&error), qPrintable(error));
        auto cleanup = qScopeGuard([] { setup::SavedSetup::remove(); });

        const ProbeReport probe = test::fixtureProbe(QStringLiteral("strix-halo-e810-roce"));
        JobForm form(&inventory, [probe](const QString &) -> std::optional<ProbeReport> { return probe; });
        auto *nodes = form.findChild<QListWidget *>(QStringLiteral("jobNodes"));
        QCOMPARE(nodes->count(), 3);
        QVERIFY2(nodes->item(0)->text().startsWith(QStringLiteral("halo3")), qPrintable(nodes->item(0)->text()));
        QVERIFY(nodes->item(0)->text().contains(QStringLiteral("head")));
        QVERIFY(nodes->item(1)->text().startsWith(QStringLiteral("halo2")));
        QCOMPARE(nodes->item(0)->checkState(), Qt::Checked);
        QCOMPARE(nodes->item(1)->checkState(), Qt::Checked);
        QVERIFY(nodes->item(2)->text().startsWith(QStringLiteral("halo1")));
        QCOMPARE(nodes->item(2)->checkState(), Qt::Unchecked);
        StubReader stub;
        form.setShapeReader(stub.reader());
        form.findChild<QLineEdit *>(QStringLiteral("modelEdit"))->setText(QStringLiteral("/models/llama-70b.gguf"));
        QTRY_COMPARE(stub.asked.size(), 1);
        stub.pending(llama70b(QStringLiteral("/models/llama-70b.gguf")));
        QVERIFY(form.adviceView()->advice());
        QCOMPARE(form.adviceView()->advice()->linkSource.kind, advise::LinkSource::Kind::Verification);
        QCOMPARE(*form.adviceView()->advice()->links.rdma.bandwidthBytesPerSecond, 48e9 / 8);
        // halo1 added to the job: the verification did not measure it, so the reference stands in.
        nodes->item(2)->setCheckState(Qt::Checked);
        QCOMPARE(form.adviceView()->advice()->linkSource.kind, advise::LinkSource::Kind::Reference);
    }

    void formFeedsIt()
    {
        Inventory inventory;
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QDir(dir).removeRecursively();
        QDir().mkpath(dir);
        inventory.setFilePath(QDir(dir).filePath(QStringLiteral("inventory.json")));
        inventory.load();
        QString ida, idb;
        Node a;
        a.name = QStringLiteral("halo1");
        a.host = QStringLiteral("halo1.invalid");
        a.dataInterface = QStringLiteral("enp194s0np0");
        a.dataAddress = QStringLiteral("192.168.100.1/30");
        Node b = a;
        b.name = QStringLiteral("halo2");
        b.host = QStringLiteral("halo2.invalid");
        b.dataAddress = QStringLiteral("192.168.100.2/30");
        QVERIFY(inventory.addNode(a, nullptr, &ida));
        QVERIFY(inventory.addNode(b, nullptr, &idb));
        const ProbeReport probe = test::fixtureProbe(QStringLiteral("strix-halo-e810-roce"));
        JobForm form(&inventory, [probe](const QString &) -> std::optional<ProbeReport> { return probe; });
        form.resize(1180, 700);
        StubReader stub;
        form.setShapeReader(stub.reader());
        form.findChild<QLineEdit *>(QStringLiteral("modelEdit"))->setText(QStringLiteral("/models/llama-70b.gguf"));
        QTRY_COMPARE(stub.asked.size(), 1);
        QCOMPARE(stub.asked.first(), ida + QStringLiteral("|/models/llama-70b.gguf"));
        stub.pending(llama70b(QStringLiteral("/models/llama-70b.gguf")));
        AdviceView *advice = form.adviceView();
        QVERIFY(advice->advice());
        QCOMPARE(advice->advice()->nodes.size(), 2);
        QVERIFY(advice->summaryText().contains(QStringLiteral("tensor parallel over 2 (what this job runs)")));
        // One node unchecked: one way only, no new read (same head and model).
        auto *nodes = form.findChild<QListWidget *>(QStringLiteral("jobNodes"));
        nodes->item(1)->setCheckState(Qt::Unchecked);
        QCOMPARE(advice->advice()->ways.size(), 1);
        QVERIFY(advice->summaryText().contains(QStringLiteral("single node (halo1) (what this job runs)")));
        nodes->item(1)->setCheckState(Qt::Checked);
        const QByteArray shots = qgetenv("HALOLINK_SHOT_DIR");
        if (!shots.isEmpty()) {
            form.show();
            QVERIFY(QTest::qWaitForWindowExposed(&form));
            QTest::qWait(200);
            QVERIFY(form.grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/jobform-advice.png")));
        }
    }
};

QTEST_MAIN(TestAdviceView)
#include "tst_adviceview.moc"
