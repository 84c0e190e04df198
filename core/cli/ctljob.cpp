// halolinkctl job launch --dry-run: exactly what a tensor-parallel job would
// run where (core/jobs/jobrender.h), from each node's live probe (over SSH) or
// from probe documents given with --probe-file (e.g. a snapshot's probe).

#include "cli/ctlcommon.h"

#include "jobs/jobrender.h"
#include "protocol/probedecoder.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace halolink::cli {

using namespace std::chrono_literals;

int runJob(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser cp(
        QStringLiteral("job"),
        tr("Tensor-parallel inference jobs (vLLM over Ray, or llama.cpp RPC) across nodes.\n\n"
           "  launch --dry-run --model M [options] NODE...\n"
           "      Print what would run where: per node the environment (RDMA values from that node's probe,\n"
           "      each with its source) and the commands in order. The first NODE is the head. Nodes need a\n"
           "      data-plane interface and address (the cluster setup writes them).\n\n"
           "Starting jobs is not available in this version yet; --dry-run is.\n"
           "Exit codes: 0 success, 1 failure (e.g. a node cannot carry the job), 2 bad usage."),
        QStringLiteral("launch --dry-run [options] NODE..."));
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
    const QCommandLineOption tos(QStringLiteral("traffic-class"), tr("NCCL_IB_TC (the cluster's ToS, e.g. 106)."),
                                 tr("tos"));
    const QCommandLineOption env(QStringLiteral("env"), tr("NAME=VALUE on every node (repeatable; wins)."),
                                 tr("NAME=VALUE"));
    const QCommandLineOption probeFile(QStringLiteral("probe-file"),
                                       tr("Use this halolink.probe/1 document for NODE instead of probing it "
                                          "(repeatable)."),
                                       tr("NODE=FILE"));
    const QCommandLineOption json(QStringLiteral("json"), tr("The rendering as JSON."));
    const QCommandLineOption timeout(QStringLiteral("timeout"), tr("Give up after <seconds> (default 120)."),
                                     tr("seconds"), QStringLiteral("120"));
    const QCommandLineOption acceptNew(QStringLiteral("accept-new-host-key"),
                                       tr("Trust and save the host key of a node seen for the first time."));
    cp.parser.addOptions({dryRun, engine, runtime, image, model, name, port, memory, eager, noEager, maxLen, tcpOnly,
                          tos, env, probeFile, json, timeout, acceptNew});
    cp.parser.addPositionalArgument(QStringLiteral("action"), tr("launch"), QStringLiteral("launch"));
    cp.parser.addPositionalArgument(QStringLiteral("nodes"), tr("The nodes; the first is the head."),
                                    QStringLiteral("NODE..."));
    int rc = 0;
    if (!cp.parse(arguments, out, err, &rc))
        return rc;
    auto usage = [&](const QString &message) {
        err << "halolinkctl job: " << message << '\n' << tr("Run 'halolinkctl job --help' for usage.") << '\n';
        return CtlUsage;
    };
    const QStringList pos = cp.parser.positionalArguments();
    if (pos.isEmpty() || pos.first() != QLatin1String("launch"))
        return usage(tr("the action is 'launch'."));
    if (pos.size() < 2)
        return usage(tr("give the nodes, the head first."));
    if (!cp.parser.isSet(dryRun)) {
        err << "halolinkctl job launch: "
            << tr("starting jobs is not available in this version yet; --dry-run shows exactly what would run where.")
            << '\n';
        return CtlFailure;
    }
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
    bool ok = false;
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
    if (cp.parser.isSet(tos)) {
        const int t = cp.parser.value(tos).toInt(&ok);
        if (!ok || t < 0 || t > 255)
            return usage(tr("--traffic-class is 0-255."));
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
    const double seconds = cp.parser.value(timeout).toDouble(&ok);
    if (!ok || seconds <= 0)
        return usage(tr("--timeout needs a positive number of seconds."));

    Inventory inventory;
    loadInventory(inventory, err);
    const auto resolved = resolveNodes(inventory, pos.mid(1), QStringLiteral("job"), err);
    if (!resolved)
        return CtlUsage;
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
    if (!toProbe.isEmpty()) {
        CtlConnector connector(&inventory, cp.parser.isSet(acceptNew), err);
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
    if (cp.parser.isSet(json)) {
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

} // namespace halolink::cli
