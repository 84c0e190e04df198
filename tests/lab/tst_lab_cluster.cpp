// End to end on the QEMU Soft-RoCE lab: two VM nodes added to an inventory,
// the engine deployed into them over SSH (strict, pinned host keys), telemetry
// and the latency mesh over RDMA and TCP in the store, and on the dashboard.
//
// Needs a lab (lab/halolink-lab up N, HALOLINK_LAB_DIR); without one: skipped.
// ctest provides it through the "lab" fixture.

#include "cluster/clustercontroller.h"
#include "dashboard/dashboardpage.h"
#include "health/healthmonitor.h"
#include "dashboard/latencyheatmap.h"
#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "inventory/nodelistmodel.h"
#include "telemetry/telemetryingest.h"
#include "telemetry/telemetrykeys.h"
#include "telemetry/telemetrymodels.h"
#include "telemetry/telemetrystore.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QToolButton>

#include <cmath>

using namespace halolink;
using namespace halolink::ui;
using namespace std::chrono_literals;

namespace {

const QString kLab = QStringLiteral(HALOLINK_SOURCE_DIR "/lab/halolink-lab");

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// lab/halolink-lab with these arguments, HALOLINK_LAB_DIR from the environment.
Run lab(const QStringList &args, int timeoutMs = 120000)
{
    QProcess p;
    p.start(kLab, args);
    Run r;
    if (!p.waitForStarted(10000)) {
        r.err = p.errorString().toUtf8();
        return r;
    }
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        r.err = "timed out: lab " + args.join(QLatin1Char(' ')).toUtf8();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QByteArray sha256Of(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return h.result().toHex();
}

} // namespace

class TestLabCluster : public QObject
{
    Q_OBJECT

private:
    QJsonObject m_info;
    QString m_skip;

    QJsonObject labNode(int index) const
    {
        for (const QJsonValue &v : m_info.value(QStringLiteral("nodes")).toArray()) {
            if (v.toObject().value(QStringLiteral("index")).toInt() == index)
                return v.toObject();
        }
        return {};
    }

public:
    bool skipped() const { return !m_skip.isEmpty(); }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qunsetenv("SSH_AUTH_SOCK");
        qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
        if (qEnvironmentVariableIsEmpty("HALOLINK_LAB_DIR")) {
            m_skip = QStringLiteral("HALOLINK_LAB_DIR is not set: no lab");
            return;
        }
        const Run info = lab({QStringLiteral("info")}, 30000);
        const QList<QByteArray> lines = info.out.trimmed().split('\n');
        if (info.exitCode != 0 || lines.isEmpty()) {
            m_skip = QStringLiteral("no lab is up (lab info: exit %1, %2)")
                         .arg(info.exitCode)
                         .arg(QString::fromUtf8(info.err.trimmed()));
            return;
        }
        m_info = QJsonDocument::fromJson(lines.last()).object();
        QVERIFY2(!m_info.isEmpty(), info.out.constData());
        QVERIFY2(m_info.value(QStringLiteral("nodes")).toArray().size() >= 2, info.out.constData());
        // Pinned host keys only: nothing from the person's ~/.ssh, no agent.
        const QString labDir = m_info.value(QStringLiteral("lab_dir")).toString();
        qputenv("HALOLINK_SSH_CONFIG", m_info.value(QStringLiteral("ssh_config")).toString().toUtf8());
        qputenv("HALOLINK_SSH_KNOWN_HOSTS", labNode(1).value(QStringLiteral("known_hosts")).toString().toUtf8());
        qputenv("HALOLINK_SSH_GLOBAL_KNOWN_HOSTS", QDir(labDir).filePath(QStringLiteral("no_global_known_hosts")).toUtf8());
        qputenv("HALOLINK_SSH_DIR", QDir(labDir).filePath(QStringLiteral("no_ssh_dir")).toUtf8());
        qputenv("HALOLINK_SSH_AGENT", "none");
    }

    void twoVmNodesRdmaAndTcpOnTheDashboard()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        QElapsedTimer wall;
        wall.start();

        // rxe0 on eth1 of both nodes: the agents' mesh measures over RDMA too.
        const Run rxe = lab({QStringLiteral("rxe"), QStringLiteral("1"), QStringLiteral("2")});
        QVERIFY2(rxe.exitCode == 0, (rxe.out + rxe.err).constData());
        QVERIFY2(rxe.out.contains("\"device\":\"rxe0\""), rxe.out.constData());

        // The inventory, in the test-mode data location.
        const QString dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QVERIFY(QDir().mkpath(dataDir));
        QFile::remove(QDir(dataDir).filePath(QStringLiteral("inventory.json")));
        Inventory inventory;
        inventory.setFilePath(QDir(dataDir).filePath(QStringLiteral("inventory.json")));
        inventory.load();
        QString ids[2];
        for (int i = 0; i < 2; ++i) {
            const QJsonObject ln = labNode(i + 1);
            Node n;
            n.name = ln.value(QStringLiteral("name")).toString();
            n.host = ln.value(QStringLiteral("ssh_host")).toString();
            n.port = ln.value(QStringLiteral("ssh_port")).toInt();
            n.user = ln.value(QStringLiteral("user")).toString();
            n.identityFile = ln.value(QStringLiteral("key_file")).toString();
            n.dataInterface = ln.value(QStringLiteral("data_interface")).toString();
            n.dataAddress = ln.value(QStringLiteral("data_ipv4")).toString();
            QCOMPARE(n.dataInterface, QStringLiteral("eth1"));
            QVERIFY2(!n.dataAddress.isEmpty(), "the lab was started with --bare");
            QString error;
            QVERIFY2(inventory.addNode(n, &error, &ids[i]), qPrintable(error));
        }
        const QString id1 = ids[0], id2 = ids[1];

        NodeListModel nodes;
        ClusterController controller(&inventory, &nodes);
        ClusterController::Options options;
        options.includeLocal = false;
        options.telemetryIntervalMs = 100;
        options.meshIntervalMs = 1000;
        options.rdma = true;
        options.connectTimeout = 30s; // TCG: logins take seconds
        controller.setOptions(options);
        controller.setBackoff(1s, 5s);

        // Host keys are pinned: any question or refusal fails the test.
        QStringList problems;
        connect(&controller, &ClusterController::hostKeyUnknown, this, [&](const QString &id, const HostKeyInfo &info) {
            problems << id + QStringLiteral(": unknown host key ") + info.fingerprint;
            controller.rejectHostKey(id);
        });
        connect(&controller, &ClusterController::hostKeyChanged, this,
                [&](const QString &id, const HostKeyInfo &, const QString &message) {
                    problems << id + QStringLiteral(": host key changed: ") + message;
                });
        connect(&controller, &ClusterController::credentialsNeeded, this,
                [&](const QString &id, CredentialKind, const QString &prompt) {
                    problems << id + QStringLiteral(": credentials asked: ") + prompt;
                    controller.cancelCredentials(id);
                });
        QStringList failures;
        connect(&controller, &ClusterController::serviceFailed, this,
                [&](const QString &id, const QString &method, const QString &message) {
                    failures << id + QLatin1Char(' ') + method + QStringLiteral(": ") + message;
                });

        // Into the dashboard's store exactly as MainWindow wires it.
        TelemetryStore store;
        TelemetryIngest ingest(&store);
        connect(&controller, &ClusterController::eventReceived, &ingest,
                [&ingest](const QString &nodeId, const QString &, const QJsonObject &event) {
                    ingest.ingestEvent(nodeId, event);
                });
        connect(&controller, &ClusterController::gap, &ingest,
                [&ingest](const QString &nodeId, qint64 fromNs, qint64 toNs) { ingest.markGap(nodeId, fromNs, toNs); });
        // Mesh errors as the agents report them (for the failure message).
        QStringList meshErrors;
        connect(&controller, &ClusterController::eventReceived, this,
                [&](const QString &nodeId, const QString &name, const QJsonObject &event) {
                    if ((name == QLatin1String("mesh") && event.contains(QStringLiteral("error")))
                        || name == QLatin1String("error")) {
                        if (meshErrors.size() < 40)
                            meshErrors << nodeId + QStringLiteral(": ")
                                              + QString::fromUtf8(QJsonDocument(event).toJson(QJsonDocument::Compact));
                    }
                });

        controller.start();
        QCOMPARE(controller.nodeIds(), (QStringList{id1, id2}));
        // The agents' stderr (logs), for the failure messages.
        QStringList agentLog;
        for (const QString &id : {id1, id2}) {
            AgentSession *session = controller.session(id);
            QVERIFY(session);
            connect(session->transport(), &AgentTransport::diagnostic, this, [&agentLog, id](const QString &line) {
                agentLog << id + QStringLiteral(" agent: ") + line;
                if (agentLog.size() > 400)
                    agentLog.removeFirst();
            });
        }
        auto context = [&](const QString &what) {
            return QString(what + QStringLiteral("\nproblems: ") + problems.join(QStringLiteral("; "))
                           + QStringLiteral("\nservice failures: ") + failures.join(QStringLiteral("; "))
                           + QStringLiteral("\nmesh errors:\n") + meshErrors.join(QLatin1Char('\n'))
                           + QStringLiteral("\nagent log (last lines):\n") + agentLog.mid(agentLog.size() - 60).join(QLatin1Char('\n')));
        };

        // Ready: connected with strict host keys, engine deployed, agent hello.
        QElapsedTimer phase;
        phase.start();
        QTRY_VERIFY2_WITH_TIMEOUT(
            (controller.state(id1) == NodeState::Ready && controller.state(id2) == NodeState::Ready) || !problems.isEmpty(),
            qPrintable(context(QStringLiteral("not ready: %1 %2 (%3) / %4 %5 (%6)")
                                   .arg(id1, QString::number(int(controller.state(id1))), controller.errorString(id1) + nodes.detail(id1),
                                        id2, QString::number(int(controller.state(id2))), controller.errorString(id2) + nodes.detail(id2)))),
            300000);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        qInfo("both nodes ready after %.1f s", phase.elapsed() / 1000.0);

        // The engine the app deploys: ~/.cache/halolink/engine-<sha256> on node1.
        const QByteArray sha = sha256Of(QStringLiteral(HALOLINK_ENGINE_PATH));
        QVERIFY(!sha.isEmpty());
        const QString remote = controller.remoteEnginePath(id1);
        QVERIFY2(remote.endsWith(QStringLiteral("/.cache/halolink/engine-") + QString::fromLatin1(sha)), qPrintable(remote));
        const Run ls = lab({QStringLiteral("ssh"), QStringLiteral("1"), QStringLiteral("--"), QStringLiteral("ls"),
                            QStringLiteral("-l"), remote});
        QVERIFY2(ls.exitCode == 0, (ls.out + ls.err).constData());
        QVERIFY2(ls.out.contains("engine-" + sha), ls.out.constData());
        const Run home = lab({QStringLiteral("ssh"), QStringLiteral("1"), QStringLiteral("--"), QStringLiteral("sh"),
                              QStringLiteral("-c"), QStringLiteral("ls ~/.cache/halolink")});
        QVERIFY2(home.out.contains("engine-" + sha), (home.out + home.err).constData());

        // Telemetry from both nodes: the data-plane NIC (eth1) in the store.
        phase.restart();
        const QString nic1 = telemetry::nicKey(id1, QStringLiteral("eth1"), QLatin1StringView("rx_bytes_per_s"));
        const QString nic2 = telemetry::nicKey(id2, QStringLiteral("eth1"), QLatin1StringView("rx_bytes_per_s"));
        QTRY_VERIFY2_WITH_TIMEOUT(store.findSeries(nic1) >= 0 && store.findSeries(nic2) >= 0,
                                  qPrintable(context(QStringLiteral("no eth1 NIC series; nodes in the store: ")
                                                     + store.nodes().join(QLatin1Char(' ')))),
                                  60000);
        QVERIFY(store.seriesOfNode(id1).size() > 1);
        QVERIFY(store.seriesOfNode(id2).size() > 1);

        // The mesh node1 -> node2 over both transports, positive one-way p50.
        auto p50 = [&](const QString &transport) {
            const int s = store.findSeries(telemetry::meshKey(id1, id2, transport, QLatin1StringView("one_way_p50_ns")));
            return s < 0 ? std::nan("") : store.latest(s).value;
        };
        auto meshSeries = [&] {
            QStringList keys;
            for (int s = 0; s < store.seriesCount(); ++s) {
                if (!store.info(s).peer.isEmpty())
                    keys << store.info(s).key;
            }
            return keys.join(QLatin1Char(' '));
        };
        QTRY_VERIFY2_WITH_TIMEOUT(p50(QStringLiteral("tcp")) > 0 && p50(QStringLiteral("rdma")) > 0,
                                  qPrintable(context(QStringLiteral("mesh %1->%2: tcp p50 %3, rdma p50 %4; mesh series: %5; peers sent to %1: %6")
                                                         .arg(id1, id2)
                                                         .arg(p50(QStringLiteral("tcp")))
                                                         .arg(p50(QStringLiteral("rdma")))
                                                         .arg(meshSeries(),
                                                              QString::fromUtf8(QJsonDocument(controller.meshPeers(id1)).toJson(QJsonDocument::Compact))))),
                                  120000);
        const double tcpNs = p50(QStringLiteral("tcp"));
        const double rdmaNs = p50(QStringLiteral("rdma"));
        qInfo("mesh %s->%s one-way p50: rdma %.1f us, tcp %.1f us (after %.1f s)", qPrintable(id1), qPrintable(id2),
              rdmaNs / 1000.0, tcpNs / 1000.0, phase.elapsed() / 1000.0);
        const QJsonArray peers = controller.meshPeers(id1);
        QCOMPARE(peers.size(), 1);
        QCOMPARE(peers.at(0).toObject().value(QStringLiteral("name")).toString(), id2);
        QCOMPARE(peers.at(0).toObject().value(QStringLiteral("address")).toString(), labNode(2).value(QStringLiteral("data_ipv4")).toString().section(QLatin1Char('/'), 0, 0));
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));

        // The dashboard over that store: the heatmap shows node1 -> node2 for RDMA and TCP.
        DashboardPage page(&store, &ingest, &nodes);
        page.resize(1400, 1000);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.tick();
        LatencyHeatmap *heatmap = page.heatmap();
        LatencyMatrixModel *model = heatmap->model();
        const int from = model->nodeIds().indexOf(id1);
        const int to = model->nodeIds().indexOf(id2);
        QVERIFY2(from >= 0 && to >= 0, qPrintable(model->nodeIds().join(QLatin1Char(' '))));
        QCOMPARE(model->nodeNames().at(from), labNode(1).value(QStringLiteral("name")).toString());

        heatmap->rdmaButton()->click();
        page.tick();
        QCOMPARE(model->transport(), LatencyMatrixModel::Transport::Rdma);
        QVERIFY(heatmap->title().contains(QLatin1String("RDMA")));
        const double rdmaCell = model->value(from, to);
        QVERIFY2(rdmaCell > 0, qPrintable(QString::number(rdmaCell)));
        QVERIFY(!heatmap->cellText(from, to).isEmpty());
        QCOMPARE(heatmap->cellText(from, to), telemetry::formatValue(rdmaCell, telemetry::Unit::Nanoseconds));

        heatmap->tcpButton()->click();
        page.tick();
        QCOMPARE(model->transport(), LatencyMatrixModel::Transport::Tcp);
        QVERIFY(heatmap->title().contains(QLatin1String("TCP")));
        const double tcpCell = model->value(from, to);
        QVERIFY2(tcpCell > 0, qPrintable(QString::number(tcpCell)));
        QCOMPARE(heatmap->cellText(from, to), telemetry::formatValue(tcpCell, telemetry::Unit::Nanoseconds));

        // The same numbers in the table view of the heatmap.
        page.setShowTables(true);
        page.tick();
        QAbstractItemModel *table = heatmap->tableView()->model();
        QVERIFY(table);
        const QString tcpText = table->index(from, to).data().toString();
        QVERIFY2(!tcpText.isEmpty() && tcpText != QStringLiteral("—"), qPrintable(tcpText));
        heatmap->rdmaButton()->click();
        page.tick();
        const QString rdmaText = table->index(from, to).data().toString();
        QVERIFY2(!rdmaText.isEmpty() && rdmaText != QStringLiteral("—"), qPrintable(rdmaText));
        qInfo("dashboard %s -> %s: RDMA %s, TCP %s", qPrintable(model->nodeNames().at(from)), qPrintable(model->nodeNames().at(to)),
              qPrintable(rdmaText), qPrintable(tcpText));

        // Fabric health on real rxe counters: loss on node1's data link
        // (netem in the VM) makes the link degraded, with the transport
        // errors as the reason, and raises its alert; both clear once the
        // loss is gone and the window has passed.
        health::HealthMonitor monitor(&store, &controller, &inventory);
        auto linkOf = [&](const QString &node) -> std::optional<health::LinkHealth> {
            for (const health::LinkHealth &l : monitor.links())
                if (l.nodeId == node && l.rdmaDevice == QLatin1String("rxe0"))
                    return l;
            return std::nullopt;
        };
        auto healthText = [&] {
            QStringList out;
            for (const health::LinkHealth &l : monitor.links())
                out << QStringLiteral("%1 %2: %3 (%4) errors/s %5")
                           .arg(l.nodeName, l.title(), health::verdictKey(l.verdict), l.reasons.join(QStringLiteral("; ")))
                           .arg(l.errorsPerS ? QString::number(*l.errorsPerS) : QStringLiteral("-"));
            return out.join(QLatin1Char('\n'));
        };
        QTRY_VERIFY2_WITH_TIMEOUT((monitor.evaluate(), linkOf(id1) && linkOf(id1)->verdict == health::Verdict::Healthy
                                                           && linkOf(id2) && linkOf(id2)->verdict == health::Verdict::Healthy),
                                  qPrintable(healthText()), 60000);
        QVERIFY(linkOf(id1)->dataPlane);
        QCOMPARE(linkOf(id1)->netdev, QStringLiteral("eth1"));
        QElapsedTimer lossTimer;
        lossTimer.start();
        const Run loss = lab({QStringLiteral("ssh"), QStringLiteral("1"), QStringLiteral("--"), QStringLiteral("sh"),
                              QStringLiteral("-c"), QStringLiteral("tc qdisc add dev eth1 root netem loss 50%")});
        QVERIFY2(loss.exitCode == 0, (loss.out + loss.err).constData());
        auto degraded = [&] {
            for (const QString &id : {id1, id2}) {
                const auto l = linkOf(id);
                if (l && (l->verdict == health::Verdict::Degraded || l->verdict == health::Verdict::Failing)
                    && l->reasons.join(QLatin1Char(';')).contains(QLatin1String("RDMA transport errors/s")))
                    return true;
            }
            return false;
        };
        QTRY_VERIFY2_WITH_TIMEOUT((monitor.evaluate(), degraded()), qPrintable(healthText()), 90000);
        qInfo("degraded %.1f s after the loss began:\n%s", lossTimer.elapsed() / 1000.0, qPrintable(healthText()));
        bool alerted = false;
        for (const health::Alert &a : monitor.log()->active())
            alerted = alerted || (a.kind == health::Alert::Kind::LinkDegraded && a.message.contains(QLatin1String("RDMA transport errors")));
        QVERIFY2(alerted, qPrintable(healthText()));
        const Run heal = lab({QStringLiteral("ssh"), QStringLiteral("1"), QStringLiteral("--"), QStringLiteral("sh"),
                              QStringLiteral("-c"), QStringLiteral("tc qdisc del dev eth1 root")});
        QVERIFY2(heal.exitCode == 0, (heal.out + heal.err).constData());
        lossTimer.restart();
        QTRY_VERIFY2_WITH_TIMEOUT((monitor.evaluate(), !degraded() && monitor.log()->active().isEmpty()),
                                  qPrintable(healthText()), 90000);
        qInfo("healthy again %.1f s after the loss ended", lossTimer.elapsed() / 1000.0);
        QVERIFY(!monitor.log()->entries().isEmpty());
        QVERIFY(monitor.log()->entries().first().clearedAt.isValid());

        controller.stop();
        qInfo("wall time %.1f s", wall.elapsed() / 1000.0);
    }
};

// QTEST_MAIN, but exits 77 (ctest: skipped) when there is no lab.
int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    app.setAttribute(Qt::AA_Use96Dpi, true);
    TestLabCluster test;
    const int rc = QTest::qExec(&test, argc, argv);
    return rc == 0 && test.skipped() ? 77 : rc;
}
#include "tst_lab_cluster.moc"
