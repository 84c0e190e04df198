// The job launcher against two real sshd "nodes", each in its own network
// namespace, joined by a veth pair as their data plane (a direct cable),
// with the real engine deployed. The job runs on the host runtime through
// the test doubles for Ray and vLLM (tests/lab/doubles, put first in the
// job's PATH): checks that refuse before anything starts (missing model,
// port in use, program not found, model too big for the memory), a server
// that dies while starting (its log shown, everything stopped), a launch
// with readiness, logs, the smoke test and the traffic proof (TCP-only: the
// veths carried it, RDMA did not, and the cause is named), rediscovery by a
// fresh controller, and stop. RDMA itself is proven in the lab
// (tests/lab/tst_lab_jobs.cpp) with Soft-RoCE.

#include "sshd_fixture.h"

#include "cluster/clustercontroller.h"
#include "engine/enginelocator.h"
#include "inventory/inventory.h"
#include "jobs/jobcompare.h"
#include "jobs/joblauncher.h"
#include "ssh/remotetask.h"

#include <QDir>
#include <QFile>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace halolink;
using namespace halolink::jobs;
using namespace halolink::test;
using namespace std::chrono_literals;

namespace {
const QString kDataIf[2] = {QStringLiteral("hljd0"), QStringLiteral("hljd1")};
const QString kDataIp[2] = {QStringLiteral("10.98.7.1"), QStringLiteral("10.98.7.2")};
} // namespace

class TestJobLauncherSsh : public QObject
{
    Q_OBJECT

    SshdFixture m_fx;
    NetnsSet m_ns{QStringLiteral("job"), 96}; // its own names and subnet
    QTemporaryDir m_tmp;
    int m_servers[2] = {-1, -1};
    bool m_ready = false;
    QString m_skip;
    Inventory m_inventory;
    QString m_ids[2];
    std::unique_ptr<ClusterController> m_controller;
    QString m_models;  // readable by the test user
    QString m_rayDir;  // the doubles' Ray state, writable by the test user

    bool ip(const QStringList &args, QString *error)
    {
        QString out;
        if (!SshdFixture::run(QStringLiteral("ip"), args, &out)) {
            *error = QStringLiteral("ip %1: %2").arg(args.join(QLatin1Char(' ')), out);
            return false;
        }
        return true;
    }

    void startController()
    {
        m_controller = std::make_unique<ClusterController>(&m_inventory);
        ClusterController::Options o;
        o.includeLocal = false;
        o.rdma = false;
        o.reflectorPort = 0;
        m_controller->setOptions(o);
        m_controller->setBackoff(200ms, 1s);
        QObject::connect(m_controller.get(), &ClusterController::hostKeyUnknown, m_controller.get(),
                         [this](const QString &id, const HostKeyInfo &) { m_controller->acceptHostKey(id); });
        m_controller->start();
        for (const QString &id : m_ids)
            QTRY_VERIFY_WITH_TIMEOUT(m_controller->probeReport(id).has_value(), 90000);
    }

    JobSpec baseSpec(const QString &name, const QString &model) const
    {
        JobSpec s;
        s.name = name;
        s.runtime = Runtime::Host;
        s.model = model;
        s.port = 8000;
        s.tcpOnly = true;
        s.env.insert(QStringLiteral("PATH"), QStringLiteral(HALOLINK_SOURCE_DIR "/tests/lab/doubles:/usr/local/bin:/usr/bin:/bin"));
        s.env.insert(QStringLiteral("HALOLINK_DOUBLE_RAY_DIR"), m_rayDir);
        s.env.insert(QStringLiteral("HALOLINK_DOUBLE_STARTUP_S"), QStringLiteral("1"));
        return s;
    }

    Job jobFor(const JobSpec &spec) const
    {
        Job job;
        job.spec = spec;
        for (int i = 0; i < 2; ++i)
            job.nodes << JobNode{m_ids[i], QStringLiteral("n%1").arg(i + 1), kDataIf[i], kDataIp[i],
                                 m_controller->probeReport(m_ids[i])};
        job.rendered = render(job.spec, job.nodes);
        return job;
    }

    // A shell command on node i as the test user; its stdout.
    QByteArray onNode(int i, const QString &command, int *exitCode = nullptr)
    {
        RemoteTask task(m_controller->sshSession(m_ids[i]), command);
        QSignalSpy done(&task, &RemoteTask::finished);
        QSignalSpy failed(&task, &RemoteTask::failed);
        task.start();
        if (!done.wait(30000) && failed.isEmpty())
            qWarning("command on node %d did not finish", i);
        if (exitCode)
            *exitCode = task.exitCode();
        return task.standardOutput();
    }

    // Nothing of the job runs on either node and its job.json is gone.
    void verifyNothingLeft(const QString &jobName)
    {
        const QString pattern = QStringLiteral("[t]ests/lab/doubles/");
        for (int i = 0; i < 2; ++i) {
            const QByteArray ps = onNode(i, QStringLiteral("pgrep -u \"$(id -u)\" -af %1 || true").arg(pattern));
            QVERIFY2(ps.trimmed().isEmpty(), ps.constData());
            int rc = -1;
            onNode(i, QStringLiteral("test -e \"$HOME\"/.cache/halolink/jobs/%1/%2/job.json").arg(jobName, m_ids[i]), &rc);
            QCOMPARE(rc, 1);
        }
    }

    bool launch(JobLauncher &launcher)
    {
        QSignalSpy finished(&launcher, &JobLauncher::launchFinished);
        launcher.launch();
        if (!finished.wait(180000))
            return false;
        return finished.first().first().toBool();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qunsetenv("SSH_AUTH_SOCK");
        qputenv(EngineLocator::kEnvironmentVariable, HALOLINK_ENGINE_PATH);
        m_skip = SshdFixture::unavailableReason();
        if (m_skip.isEmpty())
            m_skip = NetnsSet::unavailableReason();
        if (!m_skip.isEmpty())
            return;
        QString error;
        QVERIFY2(m_fx.setUp(&error), qPrintable(error));
        QVERIFY2(m_ns.create(2, &error), qPrintable(error));
        for (int i = 0; i < 2; ++i) {
            m_servers[i] = m_fx.startServer(&error, m_ns.name(i), m_ns.innerAddress(i));
            QVERIFY2(m_servers[i] >= 0, qPrintable(error));
        }
        // The data plane: a veth pair straight between the two namespaces.
        QVERIFY2(ip({QStringLiteral("link"), QStringLiteral("add"), kDataIf[0], QStringLiteral("netns"), m_ns.name(0),
                     QStringLiteral("type"), QStringLiteral("veth"), QStringLiteral("peer"), QStringLiteral("name"),
                     kDataIf[1], QStringLiteral("netns"), m_ns.name(1)},
                    &error),
                 qPrintable(error));
        for (int i = 0; i < 2; ++i) {
            QVERIFY2(ip({QStringLiteral("-n"), m_ns.name(i), QStringLiteral("addr"), QStringLiteral("add"),
                         kDataIp[i] + QStringLiteral("/24"), QStringLiteral("dev"), kDataIf[i]},
                        &error),
                     qPrintable(error));
            QVERIFY2(ip({QStringLiteral("-n"), m_ns.name(i), QStringLiteral("link"), QStringLiteral("set"), kDataIf[i],
                         QStringLiteral("up")},
                        &error),
                     qPrintable(error));
        }
        m_fx.exportClientEnvironment();

        // A model folder the test user can read, and one vLLM refuses.
        m_models = m_fx.dir() + QStringLiteral("/models");
        // A GGUF file for llama.cpp (llama-server checks the magic and the version).
        QVERIFY(QDir().mkpath(m_models + QStringLiteral("/gguf")));
        QFile gguf(m_models + QStringLiteral("/gguf/tiny q4.gguf"));
        QVERIFY(gguf.open(QIODevice::WriteOnly));
        gguf.write(QByteArray("GGUF") + QByteArray("\x03\0\0\0", 4) + QByteArray(4088, '\0')); // version 3
        gguf.close();
        QVERIFY(QDir().mkpath(m_models + QStringLiteral("/tiny model")));
        QVERIFY(QDir().mkpath(m_models + QStringLiteral("/no-config")));
        QFile config(m_models + QStringLiteral("/tiny model/config.json"));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write("{\"architectures\": [\"TinyForCausalLM\"]}\n");
        config.close();
        // Sparse: far more than any node's memory, no disk used.
        QFile huge(m_models + QStringLiteral("/huge/model.safetensors"));
        QVERIFY(QDir().mkpath(m_models + QStringLiteral("/huge")));
        QVERIFY(huge.open(QIODevice::WriteOnly));
        QVERIFY(huge.resize(qint64(8) << 40));
        huge.close();
        QFile hugeConfig(m_models + QStringLiteral("/huge/config.json"));
        QVERIFY(hugeConfig.open(QIODevice::WriteOnly));
        hugeConfig.close();
        QString out;
        QVERIFY(SshdFixture::run(QStringLiteral("chmod"), {QStringLiteral("-R"), QStringLiteral("a+rX"), m_models}, &out));
        m_rayDir = m_fx.dir() + QStringLiteral("/ray");
        QVERIFY(QDir().mkpath(m_rayDir));
        QVERIFY2(SshdFixture::run(QStringLiteral("chown"), {m_fx.user(), m_rayDir}, &out), qPrintable(out));

        m_inventory.setFilePath(m_tmp.filePath(QStringLiteral("inventory.json")));
        m_inventory.load();
        for (int i = 0; i < 2; ++i) {
            Node n;
            n.name = QStringLiteral("n%1").arg(i + 1);
            n.host = m_fx.server(m_servers[i]).address;
            n.port = m_fx.server(m_servers[i]).port;
            n.user = m_fx.user();
            n.identityFile = m_fx.clientKey();
            n.dataInterface = kDataIf[i];
            n.dataAddress = kDataIp[i] + QStringLiteral("/24");
            QVERIFY2(m_inventory.addNode(n, &error, &m_ids[i]), qPrintable(error));
        }
        startController();
        m_ready = true;
    }

    void cleanupTestCase()
    {
        if (m_controller) {
            // Whatever a failed test left running.
            for (int i = 0; i < 2; ++i)
                onNode(i, QStringLiteral("pkill -KILL -u \"$(id -u)\" -f '[t]ests/lab/doubles/' || true"));
            m_controller->stop();
        }
        m_controller.reset();
        m_ns.destroy();
        m_fx.tearDown();
    }

    void refusedBeforeAnythingStarts()
    {
        if (!m_ready)
            QSKIP(qPrintable(m_skip));
        // The model is not there.
        {
            JobLauncher launcher(m_controller.get());
            launcher.setJob(jobFor(baseSpec(QStringLiteral("t-missing"), m_models + QStringLiteral("/nope"))));
            QVERIFY(!launch(launcher));
            QCOMPARE(launcher.phase(), JobLauncher::Phase::Failed);
            const QString all = launcher.checkProblems().join(QLatin1Char('\n'));
            QVERIFY2(all.contains(QStringLiteral("n1: the model %1/nope is not on this node").arg(m_models)), qPrintable(all));
            QVERIFY2(all.contains(QStringLiteral("n2: the model")), qPrintable(all));
            verifyNothingLeft(QStringLiteral("t-missing"));
        }
        // The API port is taken (the node's sshd listens there), and Ray is not in the PATH.
        {
            JobSpec spec = baseSpec(QStringLiteral("t-port"), m_models + QStringLiteral("/tiny model"));
            spec.port = m_fx.server(m_servers[0]).port;
            spec.env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
            JobLauncher launcher(m_controller.get());
            launcher.setJob(jobFor(spec));
            QVERIFY(!launch(launcher));
            const QString all = launcher.checkProblems().join(QLatin1Char('\n'));
            QVERIFY2(all.contains(QStringLiteral("n1: port %1 is in use").arg(spec.port)), qPrintable(all));
            QVERIFY2(all.contains(QStringLiteral("n1: 'ray' is not found in the job's PATH")), qPrintable(all));
            QVERIFY2(all.contains(QStringLiteral("n1: 'vllm' is not found")), qPrintable(all));
            QVERIFY2(all.contains(QStringLiteral("n2: 'ray' is not found")), qPrintable(all));
            QVERIFY2(!all.contains(QStringLiteral("n2: port")), qPrintable(all));
            verifyNothingLeft(QStringLiteral("t-port"));
        }
        // A container runtime without the image (or without the runtime at all).
        {
            JobSpec spec = baseSpec(QStringLiteral("t-image"), m_models + QStringLiteral("/tiny model"));
            spec.runtime = Runtime::Podman;
            spec.image = QStringLiteral("localhost/halolink-no-such-image:1");
            JobLauncher launcher(m_controller.get());
            launcher.setJob(jobFor(spec));
            QVERIFY(!launch(launcher));
            const QString all = launcher.checkProblems().join(QLatin1Char('\n'));
            for (const QString &n : {QStringLiteral("n1"), QStringLiteral("n2")})
                QVERIFY2(all.contains(n + QStringLiteral(": podman is not installed."))
                             || all.contains(n + QStringLiteral(": the image localhost/halolink-no-such-image:1 is not there")),
                         qPrintable(all));
        }
        // Far more weights than memory.
        {
            JobLauncher launcher(m_controller.get());
            launcher.setJob(jobFor(baseSpec(QStringLiteral("t-huge"), m_models + QStringLiteral("/huge"))));
            QVERIFY(!launch(launcher));
            const QString all = launcher.checkProblems().join(QLatin1Char('\n'));
            QVERIFY2(all.contains(QStringLiteral("does not fit")), qPrintable(all));
            QVERIFY2(all.contains(QStringLiteral("0.90 of its")), qPrintable(all));
            verifyNothingLeft(QStringLiteral("t-huge"));
        }
    }

    void serverDiesWhileStarting()
    {
        if (!m_ready)
            QSKIP(qPrintable(m_skip));
        // The folder exists (the checks pass) but vLLM cannot load it: Ray
        // starts on both nodes, vLLM ends, and everything is stopped again.
        JobLauncher launcher(m_controller.get());
        launcher.setJob(jobFor(baseSpec(QStringLiteral("t-dies"), m_models + QStringLiteral("/no-config"))));
        QStringList messages;
        connect(&launcher, &JobLauncher::message, this,
                [&](const QString &node, const QString &text) { messages << node + QStringLiteral(": ") + text; });
        QVERIFY(!launch(launcher));
        const QString all = messages.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("ray-worker ready")), qPrintable(all));
        QVERIFY2(launcher.errorString().contains(QStringLiteral("vllm on n1 ended while starting")),
                 qPrintable(launcher.errorString()));
        QVERIFY2(launcher.errorString().contains(QStringLiteral("OSError")), qPrintable(launcher.errorString()));
        verifyNothingLeft(QStringLiteral("t-dies"));
    }

    void llamaRpc()
    {
        if (!m_ready)
            QSKIP(qPrintable(m_skip));
        // rpc-server on n2, llama-server --rpc on n1: ready, answers, and the
        // proof says TCP because llama.cpp RPC speaks TCP.
        JobSpec spec = baseSpec(QStringLiteral("t-llama"), m_models + QStringLiteral("/gguf/tiny q4.gguf"));
        spec.engine = Engine::LlamaRpc;
        spec.tcpOnly = false; // no RDMA port on a veth, and none needed
        spec.port = 8080;
        spec.extraArgs = {QStringLiteral("-a"), QStringLiteral("tiny-llama")};
        JobLauncher launcher(m_controller.get());
        launcher.setJob(jobFor(spec));
        QVERIFY2(launcher.job().rendered.ok(), qPrintable(launcher.job().rendered.errors.join(QLatin1Char('\n'))));
        QVERIFY2(launch(launcher), qPrintable(launcher.errorString()));
        QCOMPARE(launcher.job().rendered.steps.size(), 2);
        for (int i = 0; i < 2; ++i)
            QCOMPARE(launcher.stepState(i), QStringLiteral("ready"));
        QSignalSpy smoked(&launcher, &JobLauncher::smokeFinished);
        launcher.smokeTest();
        QVERIFY(smoked.wait(120000));
        const SmokeResult &r = launcher.smokeResult();
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(r.tokens > 1);
        QCOMPARE(verdictName(r.proof.verdict), QStringLiteral("tcp"));
        QVERIFY2(r.proof.causes.join(QLatin1Char('\n')).contains(QStringLiteral("llama.cpp's RPC stays on TCP")),
                 qPrintable(r.proof.causes.join(QLatin1Char('\n'))));
        const QByteArray log = onNode(1, logCommand(launcher.job().spec, m_ids[1], QStringLiteral("rpc-server"), 50, false));
        QVERIFY2(log.contains("Starting RPC server v") && log.contains("endpoint       : 10.98.7.2:50052"), log.constData());
        QSignalSpy stopped(&launcher, &JobLauncher::stopFinished);
        launcher.stop();
        QVERIFY(stopped.wait(120000));
        QVERIFY2(stopped.first().first().toBool(), qPrintable(launcher.errorString()));
        verifyNothingLeft(QStringLiteral("t-llama"));
    }

    void rpcServerLostDuringSmoke()
    {
        if (!m_ready)
            QSKIP(qPrintable(m_skip));
        // The rpc-server ends after the launch: llama-server aborts mid-answer
        // (llama.cpp: RPC_STATUS_ASSERT), so the answer breaks off. The smoke
        // test's error says which process ended and quotes its log.
        JobSpec spec = baseSpec(QStringLiteral("t-lost"), m_models + QStringLiteral("/gguf/tiny q4.gguf"));
        spec.engine = Engine::LlamaRpc;
        spec.tcpOnly = false;
        spec.port = 8081;
        JobLauncher launcher(m_controller.get());
        launcher.setJob(jobFor(spec));
        QVERIFY2(launch(launcher), qPrintable(launcher.errorString()));
        int rc = -1;
        onNode(1, QStringLiteral("kill -KILL \"$(cat \"$HOME\"/.cache/halolink/jobs/t-lost/%1/rpc-server.pid)\"").arg(m_ids[1]),
               &rc);
        QCOMPARE(rc, 0);
        QSignalSpy smoked(&launcher, &JobLauncher::smokeFinished);
        launcher.smokeTest();
        QVERIFY(smoked.wait(120000));
        const SmokeResult &r = launcher.smokeResult();
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("llama-server on n1 has ended. The end of its log:")), qPrintable(r.error));
        QVERIFY2(r.error.contains(QStringLiteral("lost the connection to the RPC server at 10.98.7.2:50052")),
                 qPrintable(r.error));
        QVERIFY2(r.error.contains(QStringLiteral("rpc-server on n2 has ended.")), qPrintable(r.error));
        QSignalSpy stopped(&launcher, &JobLauncher::stopFinished);
        launcher.stop();
        QVERIFY(stopped.wait(120000));
        verifyNothingLeft(QStringLiteral("t-lost"));
    }

    void compareRelaunchesAndPutsBack()
    {
        if (!m_ready)
            QSKIP(qPrintable(m_skip));
        // The comparison on a llama.cpp RPC job: benchmark as it runs, relaunch
        // TCP-only (GGML_RDMA_DEV names no device), benchmark, relaunch as it
        // was. The veths have no RDMA device, so both proofs say TCP; the
        // relaunches, the report and the job afterwards are what is checked.
        JobSpec spec = baseSpec(QStringLiteral("t-cmp"), m_models + QStringLiteral("/gguf/tiny q4.gguf"));
        spec.engine = Engine::LlamaRpc;
        spec.tcpOnly = false;
        spec.port = 8082;
        {
            JobLauncher launcher(m_controller.get());
            launcher.setJob(jobFor(spec));
            QVERIFY2(launch(launcher), qPrintable(launcher.errorString()));
        }
        // A failure below must not leave the job to the next tests.
        auto stopJob = qScopeGuard([this, &spec] {
            JobLauncher stopper(m_controller.get());
            stopper.setJob(jobFor(spec));
            QSignalSpy stopped(&stopper, &JobLauncher::stopFinished);
            stopper.stop();
            stopped.wait(120000);
        });
        const QString envOfServer = QStringLiteral(
            "p=$(cat \"$HOME\"/.cache/halolink/jobs/t-cmp/%1/llama-server.pid) && tr '\\000' '\\n' </proc/$p/environ "
            "| sed -n 's/^GGML_RDMA_DEV=//p'").arg(m_ids[0]);
        const QByteArray before = onNode(0, envOfServer).trimmed();
        QVERIFY(before != "halolink-tcp-only");

        // A job whose processes read a secret HaloLink does not have: refused, nothing relaunched.
        {
            Job withSecret = jobFor(spec);
            withSecret.spec.secretEnv = {QStringLiteral("HF_TOKEN")};
            JobComparison refused(m_controller.get());
            QSignalSpy done(&refused, &JobComparison::finished);
            refused.start(withSecret, ServeBenchOptions{});
            QVERIFY(done.wait(10000));
            QVERIFY(!refused.result().ok);
            QVERIFY2(refused.result().error.contains(QStringLiteral("HF_TOKEN")), qPrintable(refused.result().error));
            QVERIFY(!refused.result().rdma.ran && !refused.result().tcp.ran);
            QVERIFY(refused.result().restored);
        }

        JobComparison comparison(m_controller.get());
        QStringList messages;
        connect(&comparison, &JobComparison::message, this,
                [&](const QString &node, const QString &text) { messages << node + QStringLiteral(": ") + text; });
        QList<int> progressLevels;
        connect(&comparison, &JobComparison::benchProgress, this,
                [&](bool, int c, int, int) { progressLevels << c; });
        QSignalSpy done(&comparison, &JobComparison::finished);
        ServeBenchOptions o;
        o.concurrency = {1, 2};
        o.requests = 4;
        o.maxTokens = 8;
        comparison.start(jobFor(spec), o);
        QVERIFY(done.wait(300000));
        const Comparison &c = comparison.result();
        const QString all = messages.join(QLatin1Char('\n'));
        QVERIFY2(c.ok, qPrintable(c.error + QLatin1Char('\n') + all));
        QVERIFY(c.restored);
        QVERIFY(c.rdma.ran && c.tcp.ran && c.tcp.tcpOnly && !c.rdma.tcpOnly);
        // 4 requests a level over 12 prompts: prompts 0-3, compared one by one.
        QCOMPARE(c.outputsMatch(), std::optional<bool>(true));
        QCOMPARE(c.outputsCompared(), 4);
        QCOMPARE(c.levels().size(), 2);
        for (const CompareLevel &l : c.levels())
            QVERIFY(l.speedup.has_value());
        QVERIFY(progressLevels.contains(1) && progressLevels.contains(2));
        QCOMPARE(verdictName(c.tcp.proof.verdict), QStringLiteral("tcp"));
        QVERIFY2(all.contains(QStringLiteral("Relaunching 't-cmp' with TCP only.")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("Putting 't-cmp' back as it was (RDMA).")), qPrintable(all));
        QCOMPARE(onNode(0, envOfServer).trimmed(), before); // as it was
        const QList<Comparison> kept = ComparisonStore().list(QStringLiteral("t-cmp"));
        QVERIFY(!kept.isEmpty());
        QCOMPARE(kept.first().started, c.started);

        stopJob.dismiss();
        JobLauncher stopper(m_controller.get());
        stopper.setJob(jobFor(spec));
        QSignalSpy stopped(&stopper, &JobLauncher::stopFinished);
        stopper.stop();
        QVERIFY(stopped.wait(120000));
        verifyNothingLeft(QStringLiteral("t-cmp"));
    }

    void launchSmokeRediscoverStop()
    {
        if (!m_ready)
            QSKIP(qPrintable(m_skip));
        const QString model = m_models + QStringLiteral("/tiny model");
        JobSpec spec = baseSpec(QStringLiteral("t-run"), model);
        // The server answers to its served name: readiness and the smoke test use it.
        spec.extraArgs = {QStringLiteral("--served-model-name"), QStringLiteral("tiny")};
        // A login shell that counts its starts (sshd takes the shell when a
        // connection logs in: the controller connects again): one per node
        // for the connection, and the launch's steps, through the agents,
        // start none (issue 16).
        QVERIFY(m_fx.useBash(""));
        const auto restoreShell = qScopeGuard([this] { m_fx.useDefaultShell(); });
        m_controller->stop();
        m_controller.reset();
        startController();
        QCOMPARE(m_fx.shellStarts(), 2);
        JobLauncher launcher(m_controller.get());
        launcher.setJob(jobFor(spec));
        QVERIFY2(launch(launcher), qPrintable(launcher.errorString()));
        QCOMPARE(m_fx.shellStarts(), 2);
        QCOMPARE(launcher.phase(), JobLauncher::Phase::Running);
        for (int i = 0; i < launcher.job().rendered.steps.size(); ++i)
            QCOMPARE(launcher.stepState(i), QStringLiteral("ready"));

        // The processes outlive the SSH channels that started them; the
        // environment reached them (TCP-only, the data-plane interface).
        int rc = -1;
        const QByteArray env = onNode(1, QStringLiteral("tr '\\000' '\\n' </proc/\"$(cat \"$HOME\"/.cache/halolink/jobs/t-run/%1/ray-worker.pid)\"/environ").arg(m_ids[1]), &rc);
        QCOMPARE(rc, 0);
        QVERIFY2(env.contains("NCCL_IB_DISABLE=1\n"), env.constData());
        QVERIFY2(env.contains("NCCL_SOCKET_IFNAME==hljd1\n"), env.constData());
        QVERIFY2(env.contains("VLLM_HOST_IP=10.98.7.2\n"), env.constData());

        // Logs of each role.
        const QByteArray log = onNode(0, logCommand(launcher.job().spec, m_ids[0], QStringLiteral("vllm"), 200, false));
        QVERIFY2(log.contains("/health"), log.constData());

        // Smoke test: tokens, and the proof says TCP (the veths carried it, no RDMA port).
        QSignalSpy smoked(&launcher, &JobLauncher::smokeFinished);
        launcher.smokeTest();
        QVERIFY(smoked.wait(120000));
        const SmokeResult &r = launcher.smokeResult();
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(r.tokens > 1);
        QVERIFY(r.ttftMs > 0 && r.ttftMs <= r.totalMs);
        QVERIFY(!r.text.isEmpty());
        QCOMPARE(verdictName(r.proof.verdict), QStringLiteral("tcp"));
        QVERIFY2(r.proof.summary.contains(QStringLiteral("went over TCP")), qPrintable(r.proof.summary));
        QCOMPARE(r.proof.nodes.size(), 2);
        for (const NodeTraffic &t : r.proof.nodes) {
            QVERIFY2(t.nicMoved, qPrintable(t.name));
            QVERIFY(!t.rdmaMoved);
        }
        const QString causes = r.proof.causes.join(QLatin1Char('\n'));
        QVERIFY2(causes.contains(QStringLiteral("n1: NCCL_IB_DISABLE=1 (the job was launched TCP-only)")), qPrintable(causes));
        QVERIFY2(causes.contains(QStringLiteral("n2: no RDMA device on hljd1")), qPrintable(causes));

        // Restart: stopped, then launched again with new processes.
        const QString pidFile = QStringLiteral("\"$HOME\"/.cache/halolink/jobs/t-run/%1/ray-worker.pid").arg(m_ids[1]);
        const QByteArray pidBefore = onNode(1, QStringLiteral("cat ") + pidFile).trimmed();
        QVERIFY(!pidBefore.isEmpty());
        QSignalSpy stoppedOnce(&launcher, &JobLauncher::stopFinished);
        QSignalSpy relaunched(&launcher, &JobLauncher::launchFinished);
        launcher.restart();
        QVERIFY(relaunched.wait(180000));
        QCOMPARE(stoppedOnce.size(), 1);
        QVERIFY2(relaunched.first().first().toBool(), qPrintable(launcher.errorString()));
        QCOMPARE(launcher.phase(), JobLauncher::Phase::Running);
        const QByteArray pidAfter = onNode(1, QStringLiteral("cat ") + pidFile).trimmed();
        QVERIFY(!pidAfter.isEmpty());
        QVERIFY(pidAfter != pidBefore);
        onNode(1, QStringLiteral("kill -0 %1 2>/dev/null && echo still").arg(QString::fromUtf8(pidBefore)), &rc);
        QVERIFY(rc != 0); // the old worker is gone

        // The app closes and starts again: a fresh controller finds the job.
        m_controller->stop();
        m_controller.reset();
        startController();
        JobDiscovery discovery(m_controller.get());
        QSignalSpy found(&discovery, &JobDiscovery::finished);
        discovery.discover({m_ids[0], m_ids[1]});
        QVERIFY(found.wait(60000));
        QCOMPARE(discovery.jobs().size(), 1); // on both nodes, one job
        const DiscoveredJob d = discovery.jobs().first();
        QCOMPARE(d.job.spec.name, QStringLiteral("t-run"));
        QCOMPARE(d.job.spec.model, model);
        QCOMPARE(d.job.nodes.size(), 2);
        QVERIFY(d.allRunning());
        QVERIFY(d.job.startedAt.isValid());

        // Stopped from what was found.
        JobLauncher again(m_controller.get());
        again.setJob(d.job);
        QSignalSpy stopped(&again, &JobLauncher::stopFinished);
        again.stop();
        QVERIFY(stopped.wait(120000));
        QVERIFY2(stopped.first().first().toBool(), qPrintable(again.errorString()));
        QCOMPARE(again.phase(), JobLauncher::Phase::Stopped);
        verifyNothingLeft(QStringLiteral("t-run"));
        discovery.discover({m_ids[0], m_ids[1]});
        QVERIFY(found.wait(60000));
        QCOMPARE(discovery.jobs().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestJobLauncherSsh)
#include "tst_joblauncher_ssh.moc"
