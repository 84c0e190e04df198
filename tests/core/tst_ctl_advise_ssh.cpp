// halolinkctl job advise against two real sshd nodes on loopback ports, as
// people run it: the real binary, the real engine deployed over SFTP, a GGUF
// file written here (Llama-3.1-70B's shape, data sparse) that the first node
// reads through its agent (model_shape), the nodes' own probes for their GPU
// memory, the reference links or the links measured by the agents' bench.
// Checks the halolink.advice/1 fields, the text, and the errors: a missing
// model, a file that is not one, unknown nodes and bad options.

#include "ctl_ssh_runner.h"

#include "../engine/gguf_test_writer.h"
#include "advise/advisor.h"
#include "setup/savedsetup.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

using namespace halolink::test;

using Run = CtlRun;

class TestCtlAdviseSsh : public QObject {
    Q_OBJECT

    SshdFixture m_fx;
    QTemporaryDir m_home;
    QTemporaryDir m_models; // readable by the test user
    QString m_gguf;
    int m_s[2] = { -1, -1 };
    bool m_ready = false;
    // What the nodes' probes say of their GPU memory: this machine's, read here.
    std::optional<std::uint64_t> m_gpuMemory;

    QProcessEnvironment env() const { return ctlEnvironment(m_fx, m_home); }
    Run ctl(const QStringList &args) { return runCtl(args, env(), std::nullopt, 240000); }

    Run advise(const QStringList &more)
    {
        return ctl(QStringList { QStringLiteral("job"), QStringLiteral("advise") } + more);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QVERIFY(m_models.isValid());
        if (!SshdFixture::unavailableReason().isEmpty())
            return;
        QString error;
        QVERIFY2(m_fx.setUp(&error), qPrintable(error));
        for (int i = 0; i < 2; ++i) {
            m_s[i] = m_fx.startServer(&error);
            QVERIFY2(m_s[i] >= 0, qPrintable(error));
        }
        m_ready = true;
        QVERIFY(QFile::setPermissions(m_models.path(),
            QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
                | QFile::ReadOther | QFile::ExeOther));
        m_gguf = m_models.filePath(QStringLiteral("Llama-3.1-70B-Q4_K_M.gguf"));
        QVERIFY(gguftest::llama70b().writeSparse(m_gguf));
        QVERIFY(QFile::setPermissions(
            m_gguf, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther));
        {
            QFile notes(m_models.filePath(QStringLiteral("notes.gguf")));
            QVERIFY(notes.open(QIODevice::WriteOnly));
            notes.write("notes, not a model\n");
            notes.close();
            QVERIFY(notes.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther));
        }

        for (int i = 0; i < 2; ++i) {
            const Run r = ctl({ QStringLiteral("nodes"), QStringLiteral("add"),
                QStringLiteral("n%1").arg(i + 1), QStringLiteral("--host"), m_fx.server(m_s[i]).address,
                QStringLiteral("--port"), QString::number(m_fx.server(m_s[i]).port), QStringLiteral("--user"),
                m_fx.user(), QStringLiteral("--data-address"), QStringLiteral("127.0.0.1"),
                QStringLiteral("--identity"), m_fx.clientKey() });
            QVERIFY2(r.exitCode == 0, r.err.constData());
        }
        // Host keys are verified: unknown ones are refused until trusted.
        Run r = advise({ QStringLiteral("--model"), m_gguf, QStringLiteral("n1"), QStringLiteral("n2") });
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(
            r.err.contains("is not known yet") && r.err.contains("--accept-new-host-key"), r.err.constData());
        r = ctl({ QStringLiteral("probe"), QStringLiteral("--accept-new-host-key"), QStringLiteral("n1"),
            QStringLiteral("n2") });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // The nodes run on this machine: their probes see its GPUs (or none).
        QProcess probe;
        probe.start(QStringLiteral(HALOLINK_ENGINE_PATH), { QStringLiteral("probe") });
        QVERIFY(probe.waitForFinished(120000));
        QCOMPARE(probe.exitCode(), 0);
        m_gpuMemory = halolink::advise::nodeFiguresFromProbe(
            QStringLiteral("n1"), QJsonDocument::fromJson(probe.readAllStandardOutput()).object())
                          .gpuMemoryBytes;
    }

    void adviceJson()
    {
        if (!m_ready)
            QSKIP(qPrintable(SshdFixture::unavailableReason()));
        const Run r = advise({ QStringLiteral("--json"), QStringLiteral("--model"), m_gguf,
            QStringLiteral("--context"), QStringLiteral("4096"), QStringLiteral("--concurrency"),
            QStringLiteral("2"), QStringLiteral("n1"), QStringLiteral("n2") });
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QVERIFY2(r.err.contains("reading the shape of " + m_gguf.toUtf8() + " on n1"), r.err.constData());
        QVERIFY2(r.err.contains("probing n1, n2"), r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value("schema").toString(), QStringLiteral("halolink.advice/1"));
        const QJsonObject model = doc.value("model").toObject();
        QCOMPARE(model.value("path").toString(), m_gguf);
        QCOMPARE(model.value("architecture").toString(), QStringLiteral("llama"));
        QCOMPARE(model.value("layers").toInt(), 80);
        QCOMPARE(model.value("weight_bytes").toDouble(), 44979306752.0);
        QCOMPARE(model.value("kv_bytes_per_token").toDouble(), 327680.0);
        QCOMPARE(doc.value("workload").toObject().value("context_tokens").toInt(), 4096);
        QCOMPARE(doc.value("workload").toObject().value("concurrency").toInt(), 2);
        QCOMPARE(doc.value("links").toObject().value("source").toString(), QStringLiteral("reference"));
        const QJsonArray nodes = doc.value("nodes").toArray();
        QCOMPARE(nodes.size(), 2);
        for (const QJsonValue &n : nodes) {
            const QJsonValue memory = n.toObject().value("gpu_memory_bytes");
            if (m_gpuMemory)
                QCOMPARE(memory.toDouble(), double(*m_gpuMemory));
            else
                QVERIFY2(memory.isNull(), "a node without an amdgpu GPU: unknown, never 0");
        }
        const QJsonArray ways = doc.value("ways").toArray();
        QCOMPARE(ways.size(), 3);
        QCOMPARE(ways[0].toObject().value("way").toString(), QStringLiteral("single_node"));
        QCOMPARE(ways[1].toObject().value("way").toString(), QStringLiteral("tensor_parallel"));
        QCOMPARE(ways[2].toObject().value("way").toString(), QStringLiteral("layer_split"));
        const QJsonObject tp = ways[1].toObject();
        QCOMPARE(tp.value("nodes").toInt(), 2);
        QCOMPARE(tp.value("per_node").toArray().size(), 2);
        QCOMPARE(
            tp.value("per_node").toArray()[1].toObject().value("weight_bytes").toDouble(), 44979306752.0 / 2);
        QCOMPARE(tp.value("per_node").toArray()[1].toObject().value("kv_bytes").toDouble(),
            2.0 * 4096 * 327680 / 2);
        if (!m_gpuMemory) {
            QVERIFY(tp.value("fits").isNull());
            QVERIFY(tp.value("largest_context").isNull());
            QVERIFY(doc.value("recommended").isNull());
            QVERIFY2(tp.value("verdict").toString().startsWith(
                         QStringLiteral("fit unknown: n1's GPU memory is unknown")),
                qPrintable(tp.value("verdict").toString()));
            QVERIFY(doc.value("notes").toArray().contains(
                QStringLiteral("n1: GPU memory unknown: the probe shows no amdgpu GPU")));
        } else {
            QVERIFY(tp.value("fits").isBool());
        }
        // The speed does not need the memory: predicted over both transports, with its parts.
        const QJsonObject rdma = tp.value("prediction").toObject().value("rdma").toObject();
        QVERIFY(rdma.value("tokens_per_s").toDouble() > 0);
        QVERIFY(rdma.value("decode").toObject().value("compute_s").toDouble() > 0);
        QVERIFY(rdma.value("decode").toObject().value("comm_s").toDouble() > 0);
        QVERIFY(rdma.value("ttft_s").toDouble() > 0);
        QVERIFY(
            tp.value("prediction").toObject().value("tcp").toObject().value("tokens_per_s").toDouble() > 0);
        QVERIFY(
            doc.value("assumptions").toArray().contains(QStringLiteral("links: reference (FIELD_NOTES)")));
    }

    void adviceText()
    {
        if (!m_ready)
            QSKIP(qPrintable(SshdFixture::unavailableReason()));
        const Run r
            = advise({ QStringLiteral("--model"), m_gguf, QStringLiteral("n1"), QStringLiteral("n2") });
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        const QString text = QString::fromUtf8(r.out);
        for (const char *part :
            { "model " /* path follows */, "KV cache 320.0 KiB per token", "single node (n1): ",
                "tensor parallel over 2: ", "layer split over 2: ", " tok/s over RDMA (", " ms compute + ",
                " ms link)", "time to first token ", "links reference (FIELD_NOTES): RDMA 5.23 us one way",
                "recommended: ", "notes:", "assumptions:" })
            QVERIFY2(text.contains(QString::fromUtf8(part)),
                qPrintable(QStringLiteral("%1\n---\n%2").arg(part, text)));
        QVERIFY(text.contains(m_gguf));
        QVERIFY2(text.contains(QStringLiteral("--links measure measures them between n1 and n2")),
            qPrintable(text));
        qInfo().noquote() << text;
    }

    void measuredLinks()
    {
        if (!m_ready)
            QSKIP(qPrintable(SshdFixture::unavailableReason()));
        const Run r = advise({ QStringLiteral("--json"), QStringLiteral("--links"), QStringLiteral("measure"),
            QStringLiteral("--model"), m_gguf, QStringLiteral("n1"), QStringLiteral("n2") });
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QVERIFY2(r.err.contains("measuring RDMA and TCP between n1 and n2"), r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        const QJsonObject links = doc.value("links").toObject();
        qInfo().noquote() << r.err << QJsonDocument(links).toJson()
                          << QJsonDocument(doc.value("notes").toArray()).toJson();
        QCOMPARE(links.value("source").toString(), QStringLiteral("measured"));
        QCOMPARE(
            links.value("between").toArray(), (QJsonArray { QStringLiteral("n1"), QStringLiteral("n2") }));
        QVERIFY(!links.value("measured_at").toString().isEmpty());
        QVERIFY2(links.value("text").toString().startsWith(QStringLiteral("measured between n1 and n2 at ")),
            qPrintable(links.value("text").toString()));
        // TCP over loopback: measured here.
        const QJsonObject tcp = links.value("tcp").toObject();
        QVERIFY(tcp.value("one_way_latency_s").toDouble() > 0);
        QVERIFY(tcp.value("bandwidth_bytes_per_s").toDouble() > 0);
        QVERIFY(doc.value("ways")
                    .toArray()[1]
                    .toObject()
                    .value("prediction")
                    .toObject()
                    .value("tcp")
                    .toObject()
                    .value("tokens_per_s")
                    .toDouble()
            > 0);
        // RDMA: measured where the machine has it; else unknown (never 0), and the notes say why.
        const QJsonObject rdma = links.value("rdma").toObject();
        if (rdma.value("one_way_latency_s").isNull()) {
            bool said = false;
            for (const QJsonValue &n : doc.value("notes").toArray())
                said = said || n.toString().startsWith(QStringLiteral("RDMA "));
            QVERIFY2(said, QJsonDocument(doc.value("notes").toArray()).toJson().constData());
            QVERIFY(doc.value("ways")
                        .toArray()[1]
                        .toObject()
                        .value("prediction")
                        .toObject()
                        .value("rdma")
                        .toObject()
                        .value("tokens_per_s")
                        .isNull());
        } else {
            QVERIFY(rdma.value("one_way_latency_s").toDouble() > 0);
        }
    }

    // The kept cluster's verification (the app's cluster-setup.json beside the
    // inventory) gives the links when it measured every pair of the nodes.
    void verificationLinks()
    {
        if (!m_ready)
            QSKIP(qPrintable(SshdFixture::unavailableReason()));
        const QString data = m_home.filePath(QStringLiteral("data/HaloLink/halolink"));
        QFile inv(data + QStringLiteral("/inventory.json"));
        QVERIFY(inv.open(QIODevice::ReadOnly));
        QHash<QString, QString> ids;
        for (const QJsonValue &v : QJsonDocument::fromJson(inv.readAll()).object().value("nodes").toArray())
            ids.insert(v.toObject().value("name").toString(), v.toObject().value("id").toString());
        QVERIFY(ids.contains(QStringLiteral("n1")) && ids.contains(QStringLiteral("n2")));
        halolink::setup::SavedSetup kept;
        kept.confirmedAt = QDateTime(QDate(2026, 12, 7), QTime(9, 0), Qt::UTC);
        kept.measuredAt = kept.confirmedAt.addSecs(-10);
        kept.verified = true;
        for (const char *name : { "n1", "n2" })
            kept.nodes << halolink::setup::SavedSetup::NodeEntry { ids.value(QLatin1String(name)), QLatin1String(name),
                QStringLiteral("lo"), QStringLiteral("127.0.0.1/8"), QStringLiteral("rxe"), QStringLiteral("rxe0"),
                false, false, true };
        halolink::setup::SavedSetup::PairEntry p;
        p.a = ids.value(QStringLiteral("n1"));
        p.b = ids.value(QStringLiteral("n2"));
        p.rdmaOneWayNs = 7000;
        p.tcpOneWayNs = 40000;
        p.rdmaBps = 40e9;
        p.tcpBps = 20e9;
        kept.pairs << p;
        QFile record(data + QStringLiteral("/cluster-setup.json"));
        QVERIFY(record.open(QIODevice::WriteOnly));
        record.write(QJsonDocument(kept.toJson()).toJson());
        record.close();
        auto cleanup = qScopeGuard([&] { QFile::remove(record.fileName()); });

        Run r = advise({ QStringLiteral("--json"), QStringLiteral("--model"), m_gguf, QStringLiteral("n1"),
            QStringLiteral("n2") });
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QJsonObject links = QJsonDocument::fromJson(r.out).object().value("links").toObject();
        QCOMPARE(links.value("source").toString(), QStringLiteral("verification"));
        QCOMPARE(links.value("bandwidth_source").toString(), QStringLiteral("verification"));
        QCOMPARE(links.value("measured_at").toString(), QStringLiteral("2026-12-07T08:59:50Z"));
        QCOMPARE(links.value("rdma").toObject().value("one_way_latency_s").toDouble(), 7e-6);
        QCOMPARE(links.value("rdma").toObject().value("bandwidth_bytes_per_s").toDouble(), 5e9);
        QCOMPARE(links.value("tcp").toObject().value("bandwidth_bytes_per_s").toDouble(), 2.5e9);
        QVERIFY2(links.value("text").toString().startsWith(QStringLiteral("measured by the cluster's verification at ")),
            qPrintable(links.value("text").toString()));

        // --links reference refuses it; one node alone has no pair to cost.
        r = advise({ QStringLiteral("--json"), QStringLiteral("--links"), QStringLiteral("reference"),
            QStringLiteral("--model"), m_gguf, QStringLiteral("n1"), QStringLiteral("n2") });
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        links = QJsonDocument::fromJson(r.out).object().value("links").toObject();
        QCOMPARE(links.value("source").toString(), QStringLiteral("reference"));

        // A verification that did not measure these nodes' pair: --links cluster says so.
        record.remove();
        kept.pairs.clear();
        QVERIFY(record.open(QIODevice::WriteOnly));
        record.write(QJsonDocument(kept.toJson()).toJson());
        record.close();
        r = advise({ QStringLiteral("--links"), QStringLiteral("cluster"), QStringLiteral("--model"), m_gguf,
            QStringLiteral("n1"), QStringLiteral("n2") });
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("did not measure every pair"), r.err.constData());
        r = advise({ QStringLiteral("--json"), QStringLiteral("--model"), m_gguf, QStringLiteral("n1"),
            QStringLiteral("n2") });
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value("links").toObject().value("source").toString(),
            QStringLiteral("reference"));
    }

    void missingModel()
    {
        if (!m_ready)
            QSKIP(qPrintable(SshdFixture::unavailableReason()));
        const QString missing = m_models.filePath(QStringLiteral("no-such-model.gguf"));
        Run r = advise({ QStringLiteral("--model"), missing, QStringLiteral("n1"), QStringLiteral("n2") });
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("halolinkctl job advise: n1: the model could not be read: " + missing.toUtf8()
                     + ": no such file or folder"),
            r.err.constData());
        QVERIFY(r.out.isEmpty());
        r = advise({ QStringLiteral("--json"), QStringLiteral("--model"), missing, QStringLiteral("n1") });
        QCOMPARE(r.exitCode, 1);
        const QJsonObject error = QJsonDocument::fromJson(r.out.trimmed()).object().value("error").toObject();
        QCOMPARE(error.value("code").toString(), QStringLiteral("not_found"));

        r = advise({ QStringLiteral("--json"), QStringLiteral("--model"),
            m_models.filePath(QStringLiteral("notes.gguf")), QStringLiteral("n1") });
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QJsonDocument::fromJson(r.out.trimmed())
                     .object()
                     .value("error")
                     .toObject()
                     .value("code")
                     .toString(),
            QStringLiteral("bad_magic"));

        // A model file the node's user may not read (root's, 0600).
        const QString secret = m_models.filePath(QStringLiteral("unreadable.gguf"));
        {
            QFile f(secret); // the header is enough: the file is refused before it is read
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.write(gguftest::llama70b().header()) > 0);
            f.close();
            QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
        }
        r = advise({ QStringLiteral("--json"), QStringLiteral("--model"), secret, QStringLiteral("n1") });
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QJsonDocument::fromJson(r.out.trimmed())
                     .object()
                     .value("error")
                     .toObject()
                     .value("code")
                     .toString(),
            QStringLiteral("cannot_open"));
        QVERIFY2(r.err.contains("n1: the model could not be read: ") && r.err.contains("Permission denied"),
            r.err.constData());
    }

    void badUsage()
    {
        if (!m_ready)
            QSKIP(qPrintable(SshdFixture::unavailableReason()));
        Run r = advise({ QStringLiteral("n1"), QStringLiteral("n2") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("give --model PATH"), r.err.constData());
        r = advise({ QStringLiteral("--model"), m_gguf });
        QCOMPARE(r.exitCode, 2);
        r = advise({ QStringLiteral("--model"), m_gguf, QStringLiteral("n1"), QStringLiteral("nosuch") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no node 'nosuch' in the inventory"), r.err.constData());
        r = advise({ QStringLiteral("--model"), m_gguf, QStringLiteral("--links"), QStringLiteral("guess"),
            QStringLiteral("n1") });
        QCOMPARE(r.exitCode, 2);
        r = advise({ QStringLiteral("--model"), m_gguf, QStringLiteral("--links"), QStringLiteral("measure"),
            QStringLiteral("n1") });
        QCOMPARE(r.exitCode, 2);
        r = advise({ QStringLiteral("--model"), m_gguf, QStringLiteral("--concurrency"),
            QStringLiteral("1,4"), QStringLiteral("n1") });
        QCOMPARE(r.exitCode, 2);
        r = advise({ QStringLiteral("--model"), m_gguf, QStringLiteral("--context"), QStringLiteral("0"),
            QStringLiteral("n1") });
        QCOMPARE(r.exitCode, 2);
        r = advise({ QStringLiteral("--model"), m_gguf, QStringLiteral("local") });
        QCOMPARE(r.exitCode, 2);
        // The advise options are for advise.
        r = ctl({ QStringLiteral("job"), QStringLiteral("status"), QStringLiteral("--links"),
            QStringLiteral("measure") });
        QCOMPARE(r.exitCode, 2);
        r = ctl({ QStringLiteral("job"), QStringLiteral("--help") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("advise --model M"));
    }

    void cleanupTestCase() { m_fx.tearDown(); }
};

QTEST_GUILESS_MAIN(TestCtlAdviseSsh)
#include "tst_ctl_advise_ssh.moc"
