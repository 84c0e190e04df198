// halolinkctl job: tensor-parallel jobs across nodes.
//   launch [--dry-run]  what would run where (core/jobs/jobrender.h), from each
//                       node's live probe or --probe-file; without --dry-run
//                       the launcher (core/jobs/joblauncher.h) starts it, waits
//                       until it is ready and runs the smoke test;
//   status, logs, stop, restart, smoke   jobs found on the nodes (job.json).


#include "cli/ctljob_internal.h"

#include "cli/ctlcommon.h"

#include "jobs/joblauncher.h"
#include "ssh/remoteprocess.h"
#include "ssh/remotetask.h"
#include "protocol/probedecoder.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace halolink::cli {

using namespace std::chrono_literals;
using namespace jobcli;

int runJob(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser cp(
        QStringLiteral("job"),
        tr("Tensor-parallel inference jobs (vLLM over Ray, or llama.cpp RPC) across nodes.\n\n"
           "  launch [--dry-run] --model M [options] NODE...\n"
           "      --dry-run prints what would run where: per node the environment (RDMA values from that\n"
           "      node's probe, each with its source) and the commands in order, and starts nothing.\n"
           "      Without it the job is checked on every node (runtime, image, model, ports, memory),\n"
           "      started detached in order with readiness waits, and smoke-tested: one chat completion\n"
           "      (time to first token, tokens/s) with the RDMA port counters of every node as proof of\n"
           "      the transport. A failed launch stops what it started. The first NODE is the head;\n"
           "      nodes need a data-plane interface and address (the cluster setup writes them).\n"
           "  status [NODE...]             jobs found on the nodes (default: every SSH node) and what runs\n"
           "  logs NAME [--node N] [--role R] [--lines N] [--follow]\n"
           "  stop NAME | restart NAME | smoke NAME   [NODE...: where to look for it]\n"
           "  bench NAME [--concurrency 1,4,16] [--requests N] [--max-tokens N] [--seed S]\n"
           "      the serving benchmark on the head against the job's API (greedy, fixed prompts): time to\n"
           "      first token, inter-token latency, tokens/s per concurrency, with the transport's proof.\n"
           "  compare NAME [the bench options] [--csv] [--secret-env NAME...]\n"
           "      the benchmark with the job as it runs, the job relaunched with the other transport\n"
           "      (TCP-only, or RDMA), the benchmark again, and the job relaunched as it was: the speed-up\n"
           "      per concurrency and whether the greedy outputs matched. Ctrl-C cancels (the job is put\n"
           "      back). Kept with the cluster: compare NAME --list [--json|--csv] shows the kept ones.\n"
           "  advise --model M [--context N] [--concurrency N] [--prompt-tokens N] [--answer-tokens N]\n"
           "         [--links cluster|reference|measure] NODE...\n"
           "      before a launch: whether the model (its files, read on the first NODE) fits on one node,\n"
           "      tensor parallel over the nodes or in llama.cpp's layer split, its largest context and KV\n"
           "      cache per token, and the decode speed and time to first token predicted over RDMA and\n"
           "      TCP, with the parts of each (docs/advise.md). The links are the kept cluster's\n"
           "      verification where it measured every pair of the nodes, else the reference setup's;\n"
           "      --links measure measures them between the first two nodes.\n\n"
           "Exit codes: 0 success, 1 failure (e.g. a check failed, the job did not become ready, the\n"
           "smoke test failed), 2 bad usage."),
        QStringLiteral("launch|status|logs|stop|restart|smoke|bench|compare|advise ..."));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"), tr("Print what would run where; start nothing."));
    const QCommandLineOption engine(QStringLiteral("engine"), tr("vllm (default) or llama-rpc."), tr("engine"),
                                    QStringLiteral("vllm"));
    const QCommandLineOption runtime(QStringLiteral("runtime"), tr("podman (default), toolbox, docker or host."),
                                     tr("runtime"), QStringLiteral("podman"));
    const QCommandLineOption image(QStringLiteral("image"), tr("Container image (podman, docker) or toolbox name."),
                                   tr("image"));
    const QCommandLineOption model(QStringLiteral("model"), tr("Model path on every node, or a model id (vLLM)."),
                                   tr("model"));
    const QCommandLineOption name(QStringLiteral("name"), tr("Job name (default tp)."), tr("name"), QStringLiteral("tp"));
    const QCommandLineOption port(QStringLiteral("port"), tr("API port on the head (default 8000)."), tr("port"),
                                  QStringLiteral("8000"));
    const QCommandLineOption memory(QStringLiteral("gpu-memory-utilization"), tr("vLLM (default 0.90)."), tr("fraction"),
                                    QStringLiteral("0.90"));
    const QCommandLineOption eager(QStringLiteral("eager"), tr("vLLM --enforce-eager (default: on gfx1151)."));
    const QCommandLineOption noEager(QStringLiteral("no-eager"), tr("Never --enforce-eager."));
    const QCommandLineOption maxLen(QStringLiteral("max-model-len"), tr("Context length."), tr("tokens"));
    const QCommandLineOption tcpOnly(QStringLiteral("tcp-only"), tr("NCCL_IB_DISABLE=1: no RDMA."));
    const QCommandLineOption tos(QStringLiteral("traffic-class"),
                                 tr("NCCL_IB_TC, 0-255, or 'unset' for none (default: the ToS the cluster setup "
                                    "saved for the nodes, when they all have the same)."),
                                 tr("tos"));
    const QCommandLineOption env(QStringLiteral("env"), tr("NAME=VALUE on every node (repeatable; wins)."),
                                 tr("NAME=VALUE"));
    const QCommandLineOption probeFile(QStringLiteral("probe-file"),
                                       tr("Use this halolink.probe/1 document for NODE instead of probing it "
                                          "(repeatable; --dry-run only)."),
                                       tr("NODE=FILE"));
    const QCommandLineOption noSmoke(QStringLiteral("no-smoke"), tr("launch: skip the smoke test."));
    const QCommandLineOption rayTimeout(QStringLiteral("ray-timeout"),
                                        tr("launch: seconds for Ray to have every node (default 180)."), tr("seconds"),
                                        QStringLiteral("180"));
    const QCommandLineOption serverTimeout(QStringLiteral("server-timeout"),
                                           tr("launch: seconds for the server to load the model and answer "
                                              "(default 2400)."),
                                           tr("seconds"), QStringLiteral("2400"));
    const QCommandLineOption prompt(QStringLiteral("prompt"), tr("smoke test: the question asked."), tr("text"));
    const QCommandLineOption maxTokens(QStringLiteral("max-tokens"), tr("smoke test: tokens asked for (default 64)."),
                                       tr("n"), QStringLiteral("64"));
    const QCommandLineOption nodeOpt(QStringLiteral("node"), tr("logs: only this node."), tr("node"));
    const QCommandLineOption roleOpt(QStringLiteral("role"),
                                     tr("logs: only this role (ray-head, ray-worker, vllm, rpc-server, llama-server)."),
                                     tr("role"));
    const QCommandLineOption lines(QStringLiteral("lines"), tr("logs: the last N lines (default 100)."), tr("n"),
                                   QStringLiteral("100"));
    const QCommandLineOption follow(QStringLiteral("follow"), tr("logs: keep printing new lines until interrupted."));
    const QCommandLineOption secretEnv(QStringLiteral("secret-env"),
                                       tr("NAME: a secret (e.g. HF_TOKEN) taken from halolinkctl's own environment and "
                                          "handed to every node on standard input, never on a command line (repeatable)."),
                                       tr("name"));
    const QCommandLineOption bind(QStringLiteral("bind"),
                                  tr("Where the API listens on the head: its data-plane address (default), 127.0.0.1, "
                                     "0.0.0.0 or another of its addresses."),
                                  tr("address"));
    const QCommandLineOption noApiKey(QStringLiteral("no-api-key"),
                                      tr("Serve without an API key (by default each job gets one: "
                                         "halolinkctl job api-key NAME prints it)."));
    const QCommandLineOption json(QStringLiteral("json"), tr("Machine-readable output."));
    const QCommandLineOption concurrency(QStringLiteral("concurrency"),
                                         tr("bench, compare: requests in flight, a level each (default 1,4,16)."),
                                         tr("list"), QStringLiteral("1,4,16"));
    const QCommandLineOption requests(QStringLiteral("requests"),
                                      tr("bench, compare: requests per level (default: the engine's)."), tr("n"));
    const QCommandLineOption seed(QStringLiteral("seed"), tr("bench, compare: the sampling seed (default 1234)."),
                                  tr("n"), QStringLiteral("1234"));
    const QCommandLineOption csv(QStringLiteral("csv"), tr("compare: the table as CSV."));
    const QCommandLineOption list(QStringLiteral("list"), tr("compare: the comparisons kept with the cluster."));
    const QCommandLineOption context(QStringLiteral("context"),
                                     tr("advise: tokens each sequence holds, prompt and answer (default 8192)."),
                                     tr("tokens"));
    const QCommandLineOption promptTokens(QStringLiteral("prompt-tokens"),
                                          tr("advise: the prompt of one request, for the time to first token "
                                             "(default 512)."),
                                          tr("tokens"));
    const QCommandLineOption answerTokens(QStringLiteral("answer-tokens"),
                                          tr("advise: the answer's length, for the decode's average depth (default 128)."),
                                          tr("tokens"));
    const QCommandLineOption linksOpt(QStringLiteral("links"),
                                      tr("advise: cluster (the kept cluster's verification; by default when it "
                                         "measured every pair of the nodes), reference (the reference setup's "
                                         "figures; the default otherwise) or measure (RDMA and TCP between the "
                                         "first two nodes, now)."),
                                      tr("source"));
    const QCommandLineOption timeout(QStringLiteral("timeout"), tr("Connecting: give up after <seconds> (default 120)."),
                                     tr("seconds"), QStringLiteral("120"));
    const QCommandLineOption acceptNew(QStringLiteral("accept-new-host-key"),
                                       tr("Trust and save the host key of a node seen for the first time."));
    cp.parser.addOptions({dryRun, engine, runtime, image, model, name, port, memory, eager, noEager, maxLen, tcpOnly,
                          tos, env, probeFile, noSmoke, rayTimeout, serverTimeout, prompt, maxTokens, nodeOpt, roleOpt,
                          lines, follow, json, timeout, acceptNew, secretEnv, bind, noApiKey, concurrency, requests, seed,
                          csv, list, context, promptTokens, answerTokens, linksOpt});
    cp.parser.addPositionalArgument(QStringLiteral("action"), tr("launch, status, logs, stop, restart, smoke or api-key"),
                                    QStringLiteral("ACTION"));
    cp.parser.addPositionalArgument(QStringLiteral("args"), tr("launch: the nodes, the head first; others: the job name."),
                                    QStringLiteral("..."));
    int rc = 0;
    if (!cp.parse(arguments, out, err, &rc))
        return rc;
    auto usage = [&](const QString &message) {
        err << "halolinkctl job: " << message << '\n' << tr("Run 'halolinkctl job --help' for usage.") << '\n';
        return CtlUsage;
    };
    const QStringList pos = cp.parser.positionalArguments();
    static const QStringList actions{QStringLiteral("launch"), QStringLiteral("status"), QStringLiteral("logs"),
                                     QStringLiteral("stop"),   QStringLiteral("restart"), QStringLiteral("smoke"),
                                     QStringLiteral("api-key"), QStringLiteral("bench"),   QStringLiteral("compare"),
                                     QStringLiteral("advise")};
    if (pos.isEmpty() || !actions.contains(pos.first()))
        return usage(tr("the action is launch, status, logs, stop, restart, smoke, api-key, bench, compare or advise."));
    const QString action = pos.first();
    bool ok = false;
    const double seconds = cp.parser.value(timeout).toDouble(&ok);
    if (!ok || seconds <= 0)
        return usage(tr("--timeout needs a positive number of seconds."));
    const int smokeTokens = cp.parser.value(maxTokens).toInt(&ok);
    if (!ok || smokeTokens < 1 || smokeTokens > 4096)
        return usage(tr("--max-tokens is 1-4096."));
    ActionArgs a;
    a.maxTokensGiven = cp.parser.isSet(maxTokens);
    a.concurrency = cp.parser.value(concurrency);
    QString why;
    if (!jobs::parseConcurrencyLevels(a.concurrency, &why))
        return usage(why);
    if (cp.parser.isSet(requests)) {
        a.requests = cp.parser.value(requests).toInt(&ok);
        if (!ok || a.requests < 1 || a.requests > 100000)
            return usage(tr("--requests is 1-100000."));
    }
    a.seed = cp.parser.value(seed).toInt(&ok);
    if (!ok || a.seed < 0)
        return usage(tr("--seed needs a number of 0 or more."));
    a.csv = cp.parser.isSet(csv);
    a.list = cp.parser.isSet(list);
    if (a.csv && cp.parser.isSet(json))
        return usage(tr("--csv or --json, not both."));
    if (pos.first() != QLatin1String("compare") && (a.csv || a.list))
        return usage(tr("--csv and --list are for compare."));
    if (pos.first() != QLatin1String("advise")
        && (cp.parser.isSet(context) || cp.parser.isSet(promptTokens) || cp.parser.isSet(answerTokens)
            || cp.parser.isSet(linksOpt)))
        return usage(tr("--context, --prompt-tokens, --answer-tokens and --links are for advise."));
    if (pos.first() == QLatin1String("compare")) {
        for (const QString &name : cp.parser.values(secretEnv)) {
            const QByteArray v = qgetenv(name.toLocal8Bit().constData());
            if (v.isEmpty())
                return usage(tr("--secret-env %1: %1 is not set in halolinkctl's environment.").arg(name));
            a.secrets.insert(name, v);
        }
    }
    const QString smokePrompt = cp.parser.isSet(prompt) ? cp.parser.value(prompt) : QString();
    const bool asJson = cp.parser.isSet(json);

    Inventory inventory;
    loadInventory(inventory, err);

    if (action != QLatin1String("launch")) {
        a.action = action;
        a.args = pos.mid(1);
        a.node = cp.parser.value(nodeOpt);
        a.role = cp.parser.value(roleOpt);
        a.lines = cp.parser.value(lines);
        a.follow = cp.parser.isSet(follow);
        a.json = asJson;
        a.acceptNew = cp.parser.isSet(acceptNew);
        a.timeoutSeconds = seconds;
        a.prompt = smokePrompt;
        a.maxTokens = smokeTokens;
        if (action == QLatin1String("advise")) {
            a.model = cp.parser.value(model);
            a.concurrencyGiven = cp.parser.isSet(concurrency);
            a.context = cp.parser.value(context);
            a.promptTokens = cp.parser.value(promptTokens);
            a.answerTokens = cp.parser.value(answerTokens);
            a.links = cp.parser.value(linksOpt);
            return runJobAdvise(a, inventory, out, err);
        }
        return runJobAction(a, inventory, out, err);
    }
    if (pos.size() < 2)
        return usage(tr("give the nodes, the head first."));
    jobs::JobSpec spec;
    const auto e = jobs::parseEngine(cp.parser.value(engine));
    if (!e)
        return usage(tr("--engine is vllm or llama-rpc."));
    spec.engine = *e;
    const auto r = jobs::parseRuntime(cp.parser.value(runtime));
    if (!r)
        return usage(tr("--runtime is podman, toolbox, docker or host."));
    spec.runtime = *r;
    spec.image = cp.parser.value(image);
    spec.model = cp.parser.value(model);
    spec.name = cp.parser.value(name);
    spec.port = cp.parser.value(port).toInt(&ok);
    if (!ok)
        return usage(tr("--port needs a number."));
    spec.gpuMemoryUtilization = cp.parser.value(memory).toDouble(&ok);
    if (!ok)
        return usage(tr("--gpu-memory-utilization needs a number such as 0.90."));
    if (cp.parser.isSet(eager) && cp.parser.isSet(noEager))
        return usage(tr("--eager or --no-eager, not both."));
    if (cp.parser.isSet(eager) || cp.parser.isSet(noEager))
        spec.enforceEager = cp.parser.isSet(eager);
    if (cp.parser.isSet(maxLen)) {
        spec.maxModelLen = cp.parser.value(maxLen).toInt(&ok);
        if (!ok)
            return usage(tr("--max-model-len needs a number."));
    }
    spec.tcpOnly = cp.parser.isSet(tcpOnly);
    spec.apiKey = !cp.parser.isSet(noApiKey);
    spec.bindAddress = cp.parser.value(bind);
    QHash<QString, QByteArray> secretValues;
    for (const QString &name : cp.parser.values(secretEnv)) {
        const QByteArray v = qgetenv(name.toLocal8Bit().constData());
        if (v.isEmpty())
            return usage(tr("--secret-env %1: %1 is not set in halolinkctl's environment.").arg(name));
        if (!spec.secretEnv.contains(name))
            spec.secretEnv << name;
        secretValues.insert(name, v);
    }
    // --traffic-class wins, "unset" included; else the nodes' saved QoS (below).
    const bool tosGiven = cp.parser.isSet(tos);
    if (tosGiven && cp.parser.value(tos).trimmed().compare(QLatin1String("unset"), Qt::CaseInsensitive) != 0) {
        const int t = cp.parser.value(tos).toInt(&ok);
        if (!ok || t < 0 || t > 255)
            return usage(tr("--traffic-class is 0-255, or unset."));
        spec.trafficClass = t;
    }
    for (const QString &kv : cp.parser.values(env)) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return usage(tr("--env needs NAME=VALUE, got '%1'.").arg(kv));
        spec.env.insert(kv.left(eq), kv.mid(eq + 1));
    }
    QHash<QString, QString> probeFiles;
    for (const QString &kv : cp.parser.values(probeFile)) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return usage(tr("--probe-file needs NODE=FILE, got '%1'.").arg(kv));
        probeFiles.insert(kv.left(eq), kv.mid(eq + 1));
    }
    const double raySeconds = cp.parser.value(rayTimeout).toDouble(&ok);
    if (!ok || raySeconds <= 0)
        return usage(tr("--ray-timeout needs a positive number of seconds."));
    const double serverSeconds = cp.parser.value(serverTimeout).toDouble(&ok);
    if (!ok || serverSeconds <= 0)
        return usage(tr("--server-timeout needs a positive number of seconds."));
    const bool dry = cp.parser.isSet(dryRun);
    if (!dry && !probeFiles.isEmpty())
        return usage(tr("--probe-file is for --dry-run: a launch probes the nodes it starts on."));
    const auto resolved = resolveNodes(inventory, pos.mid(1), QStringLiteral("job"), err);
    if (!resolved)
        return CtlUsage;
    if (!tosGiven && !spec.tcpOnly && spec.engine == jobs::Engine::VllmRay) {
        const SavedTrafficClass saved = savedTrafficClass(*resolved);
        spec.trafficClass = saved.tos;
        if (saved.tos)
            err << "halolinkctl job: " << tr("traffic class %1, %2.").arg(*saved.tos).arg(saved.text()) << '\n';
        else if (!saved.text().isEmpty())
            err << "halolinkctl job: " << tr("NCCL_IB_TC %1 Give --traffic-class to set one.").arg(saved.text())
                << '\n';
    }
    QList<jobs::JobNode> nodes;
    QList<Node> toProbe;
    for (const Node &n : *resolved) {
        jobs::JobNode j{n.id, n.name, n.dataInterface, n.dataPlaneIp(), std::nullopt};
        const QString file = probeFiles.value(n.name, probeFiles.value(n.id));
        if (!file.isEmpty()) {
            QFile f(file);
            if (!f.open(QIODevice::ReadOnly)) {
                err << "halolinkctl job: " << tr("cannot read %1: %2").arg(file, f.errorString()) << '\n';
                return CtlFailure;
            }
            auto d = decodeProbeReport(f.readAll());
            if (!d.value) {
                err << "halolinkctl job: " << tr("%1 is not a probe document: %2").arg(file, d.error) << '\n';
                return CtlFailure;
            }
            j.probe = *d.value;
        } else {
            toProbe << n;
        }
        nodes << j;
    }
    for (const Node &n : *resolved) {
        if (!dry && n.isLocal())
            return usage(tr("%1: jobs run on SSH nodes.").arg(n.name));
    }
    CtlConnector connector(&inventory, cp.parser.isSet(acceptNew), err);
    if (!toProbe.isEmpty()) {
        connector.connectAll(toProbe, std::chrono::milliseconds(qint64(seconds * 1000)));
        for (jobs::JobNode &j : nodes) {
            if (j.probe)
                continue;
            if (!connector.isReady(j.nodeId)) {
                err << "halolinkctl job: " << j.name << ": " << connector.failure(j.nodeId) << '\n';
                return CtlFailure;
            }
            const CallResult c = connector.call(j.nodeId, QStringLiteral("probe"), {}, 120s);
            auto d = c.ok ? decodeProbeReport(QJsonDocument(c.result.toObject())) : DecodeResult<ProbeReport>{};
            if (!d.value) {
                err << "halolinkctl job: " << j.name << ": " << tr("probe failed: %1").arg(c.ok ? d.error : c.errorString())
                    << '\n';
                return CtlFailure;
            }
            j.probe = *d.value;
        }
    }

    const jobs::Rendered rendered = jobs::render(spec, nodes);
    if (dry || !rendered.ok()) {
        if (asJson) {
            QJsonArray steps;
            for (const jobs::Step &s : rendered.steps)
                steps.append(QJsonObject{{QStringLiteral("order"), s.order},
                                         {QStringLiteral("node"), s.nodeName},
                                         {QStringLiteral("role"), s.role},
                                         {QStringLiteral("what"), s.what},
                                         {QStringLiteral("argv"), QJsonArray::fromStringList(s.argv)},
                                         {QStringLiteral("command"), s.command},
                                         {QStringLiteral("waits_for"), s.readiness}});
            QJsonObject envs;
            for (const jobs::JobNode &n : nodes) {
                QJsonArray vars;
                for (const jobs::EnvVar &v : rendered.env.value(n.nodeId))
                    vars.append(QJsonObject{{QStringLiteral("name"), v.name},
                                            {QStringLiteral("value"), v.value},
                                            {QStringLiteral("source"), v.source}});
                envs.insert(n.name, vars);
            }
            out << QJsonDocument(QJsonObject{{QStringLiteral("schema"), QStringLiteral("halolink.job-plan/1")},
                                             {QStringLiteral("ok"), rendered.ok()},
                                             {QStringLiteral("errors"), QJsonArray::fromStringList(rendered.errors)},
                                             {QStringLiteral("warnings"), QJsonArray::fromStringList(rendered.warnings)},
                                             {QStringLiteral("api"), rendered.apiUrl},
                                             {QStringLiteral("env"), envs},
                                             {QStringLiteral("steps"), steps}})
                       .toJson(QJsonDocument::Indented);
        } else if (rendered.ok()) {
            out << jobs::describe(rendered, nodes);
        }
        if (!rendered.ok()) {
            for (const QString &m : rendered.errors)
                err << "halolinkctl job launch: " << m << '\n';
            return CtlFailure;
        }
        return CtlOk;
    }

    // The launch itself.
    jobs::JobLauncher launcher(&connector.controller());
    jobs::JobLauncher::Timeouts t;
    t.ray = std::chrono::milliseconds(qint64(raySeconds * 1000));
    t.server = std::chrono::milliseconds(qint64(serverSeconds * 1000));
    launcher.setTimeouts(t);
    if (!smokePrompt.isEmpty() || smokeTokens != 64)
        launcher.setSmokePrompt(smokePrompt.isEmpty() ? QStringLiteral("In one sentence: what is tensor parallelism?")
                                                      : smokePrompt,
                                smokeTokens);
    jobs::Job job;
    job.spec = spec;
    job.nodes = nodes;
    job.rendered = rendered;
    launcher.setJob(job);
    launcher.setSecrets(secretValues);
    QTextStream &progress = asJson ? err : out;
    QObject::connect(&launcher, &jobs::JobLauncher::message, &launcher, [&progress](const QString &node, const QString &text) {
        progress << (node.isEmpty() ? QString() : node + QStringLiteral(": ")) << text << '\n';
        progress.flush();
    });
    for (const QString &w : rendered.warnings)
        progress << tr("warning: %1").arg(w) << '\n';
    launcher.launch();
    const bool launched = waitFor(launcher, &jobs::JobLauncher::launchFinished);
    QJsonObject doc{{QStringLiteral("schema"), QStringLiteral("halolink.job-launch/1")},
                    {QStringLiteral("name"), spec.name},
                    {QStringLiteral("launched"), launched},
                    {QStringLiteral("api"), rendered.apiUrl},
                    {QStringLiteral("problems"), QJsonArray::fromStringList(launcher.checkProblems())}};
    if (!launched) {
        doc.insert(QStringLiteral("error"), launcher.errorString());
        if (asJson)
            out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        err << "halolinkctl job launch: " << launcher.errorString() << '\n';
        return CtlFailure;
    }
    bool smokeOk = true;
    if (!cp.parser.isSet(noSmoke)) {
        launcher.smokeTest();
        smokeOk = waitFor(launcher, &jobs::JobLauncher::smokeFinished);
        doc.insert(QStringLiteral("smoke"), smokeJson(launcher.smokeResult()));
        if (!asJson)
            printSmoke(launcher.smokeResult(), out);
    }
    if (asJson)
        out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
    else
        out << tr("The job '%1' runs: %2/v1 (halolinkctl job stop %1 stops it).").arg(spec.name, rendered.apiUrl) << '\n';
    return smokeOk ? CtlOk : CtlFailure;
}

} // namespace halolink::cli
