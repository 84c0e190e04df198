#include "jobs/jobrender.h"
#include "jobs/jobs_internal.h"

#include "setup/setupplan.h"
#include "ssh/shellquote.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace halolink::jobs {

using namespace detail;

namespace {

bool isGfx1151(const std::optional<ProbeReport> &probe)
{
    if (!probe)
        return false;
    for (const Gpu &g : probe->gpus) {
        if (g.gfxTarget.value_or(QString()) == QLatin1String("gfx1151"))
            return true;
    }
    return false;
}

void setVar(QList<EnvVar> &env, const QString &name, const QString &value, const QString &source)
{
    for (EnvVar &v : env) {
        if (v.name == name) {
            v.value = value;
            v.source = source;
            return;
        }
    }
    env.append({name, value, source});
}

} // namespace

Rendered render(const JobSpec &spec, const QList<JobNode> &nodes)
{
    Rendered out;
    auto error = [&](const QString &m) { out.errors << m; };
    static const QRegularExpression nameRe(QStringLiteral("^[a-z0-9][a-z0-9-]{0,31}$"));
    static const QRegularExpression envRe(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (!nameRe.match(spec.name).hasMatch())
        error(Jobs::tr("Job name '%1': use 1-32 lowercase letters, digits and '-'.").arg(spec.name));
    if (nodes.isEmpty())
        error(Jobs::tr("No nodes."));
    if (spec.model.trimmed().isEmpty())
        error(Jobs::tr("Give the model: a path that exists on every node, or a model id."));
    else if (spec.model.contains(QLatin1Char('\n')) || spec.model.contains(QLatin1Char('\0')))
        error(Jobs::tr("The model name contains a line break."));
    if ((spec.runtime == Runtime::Podman || spec.runtime == Runtime::Docker) && spec.model.startsWith(QLatin1Char('/'))
        && spec.model.contains(QLatin1Char(':')))
        error(Jobs::tr("A model path with ':' cannot be mounted into a container."));
    if (spec.engine == Engine::LlamaRpc && !spec.model.startsWith(QLatin1Char('/')))
        error(Jobs::tr("llama.cpp needs the path of a .gguf file on the head node."));
    if (spec.runtime != Runtime::Host && spec.image.trimmed().isEmpty())
        error(spec.runtime == Runtime::Toolbox ? Jobs::tr("Give the toolbox container's name.")
                                               : Jobs::tr("Give the container image (with vLLM or llama.cpp for ROCm)."));
    for (int p : {spec.port, spec.rayPort, spec.rpcPort}) {
        if (p < 1 || p > 65535)
            error(Jobs::tr("Port %1 is out of range (1-65535).").arg(p));
    }
    if (spec.gpuMemoryUtilization <= 0.05 || spec.gpuMemoryUtilization > 0.99)
        error(Jobs::tr("GPU memory utilization %1 is out of range (0.05-0.99).").arg(spec.gpuMemoryUtilization));
    else if (spec.gpuMemoryUtilization > 0.92)
        out.warnings << Jobs::tr("GPU memory utilization %1: on unified memory above ~0.92 the system often runs out of "
                           "memory (0.90 is the usual value).")
                            .arg(spec.gpuMemoryUtilization);
    if (spec.maxModelLen && *spec.maxModelLen < 16)
        error(Jobs::tr("Max model length %1 is too small.").arg(*spec.maxModelLen));
    auto checkEnv = [&](const QMap<QString, QString> &env) {
        for (auto it = env.cbegin(); it != env.cend(); ++it) {
            if (!envRe.match(it.key()).hasMatch())
                error(Jobs::tr("'%1' is not an environment variable name.").arg(it.key()));
            if (it.value().contains(QLatin1Char('\n')))
                error(Jobs::tr("%1: the value contains a line break.").arg(it.key()));
        }
    };
    checkEnv(spec.env);
    for (const auto &m : spec.nodeEnv)
        checkEnv(m);

    // llama.cpp RPC is TCP: its nodes need no RDMA port.
    const bool rdma = !spec.tcpOnly && spec.engine == Engine::VllmRay;
    bool anyGfx1151 = false;
    for (const JobNode &n : nodes) {
        anyGfx1151 = anyGfx1151 || isGfx1151(n.probe);
        if (n.dataIp.isEmpty() || n.dataInterface.isEmpty()) {
            error(Jobs::tr("%1 has no data-plane interface and address: run the cluster setup first.").arg(n.name));
            continue;
        }
        if (!n.probe) {
            error(Jobs::tr("%1 has not been probed.").arg(n.name));
            continue;
        }
        // The probe lists NICs with a device; a bond, VLAN or veth data plane
        // is not among them (RDMA mode finds no RDMA port on it below).
        if (!setup::nicOf(*n.probe, n.dataInterface) && !rdma)
            out.warnings << Jobs::tr("%1: %2 is not among the probe's NICs (a bond, VLAN or virtual interface?); "
                               "make sure it exists.")
                                .arg(n.name, n.dataInterface);
        if (!rdma)
            continue;
        const RdmaPort *port = setup::rdmaPortOf(*n.probe, n.dataInterface);
        if (!port) {
            error(Jobs::tr("%1: no RDMA device on %2. Run the setup (or allow Soft-RoCE), or launch TCP-only.")
                      .arg(n.name, n.dataInterface));
        } else if (port->transport.value_or(QString()) == QLatin1String("iwarp")) {
            error(Jobs::tr("%1: %2 runs iWARP; RCCL/NCCL would fall back to TCP. Switch it to RoCE v2 (the setup does) or "
                     "launch TCP-only.")
                      .arg(n.name, port->device));
        } else if (port->state.value_or(QString()) != QLatin1String("ACTIVE")) {
            error(Jobs::tr("%1: %2 port %3 is %4, not ACTIVE.")
                      .arg(n.name, port->device)
                      .arg(port->port)
                      .arg(port->state.value_or(Jobs::tr("in an unknown state"))));
        } else if (!port->roceV2Ipv4GidIndex && port->transport.value_or(QString()) == QLatin1String("roce")) {
            error(Jobs::tr("%1: %2 has no RoCE v2 GID for %3.").arg(n.name, port->device, n.dataIp));
        }
    }
    if (!out.ok())
        return out;

    // Environment per node.
    const JobNode &head = nodes.first();
    out.headNodeId = head.nodeId;
    out.apiUrl = QStringLiteral("http://%1:%2").arg(head.dataIp).arg(spec.port);
    for (const JobNode &n : nodes) {
        QList<EnvVar> env;
        if (spec.engine == Engine::VllmRay) {
            const QString ifSource = Jobs::tr("data-plane interface");
            setVar(env, QStringLiteral("NCCL_SOCKET_IFNAME"), n.dataInterface, ifSource);
            setVar(env, QStringLiteral("GLOO_SOCKET_IFNAME"), n.dataInterface, ifSource);
            if (rdma) {
                const RdmaPort *port = setup::rdmaPortOf(*n.probe, n.dataInterface);
                const QString src = Jobs::tr("probe: %1 port %2 on %3").arg(port->device).arg(port->port).arg(n.dataInterface);
                // Exactly one HCA and port: a prefix matching several ports breaks init.
                setVar(env, QStringLiteral("NCCL_IB_HCA"), QStringLiteral("=%1:%2").arg(port->device).arg(port->port), src);
                if (port->roceV2Ipv4GidIndex)
                    setVar(env, QStringLiteral("NCCL_IB_GID_INDEX"), QString::number(*port->roceV2Ipv4GidIndex),
                           Jobs::tr("probe: the RoCE v2 GID of %1").arg(n.dataIp));
                if (spec.trafficClass)
                    setVar(env, QStringLiteral("NCCL_IB_TC"), QString::number(*spec.trafficClass), Jobs::tr("cluster QoS (ToS)"));
                setVar(env, QStringLiteral("NCCL_IB_TIMEOUT"), QStringLiteral("22"), Jobs::tr("default for RoCE"));
                setVar(env, QStringLiteral("NCCL_IB_RETRY_CNT"), QStringLiteral("7"), Jobs::tr("default for RoCE"));
                setVar(env, QStringLiteral("NCCL_IB_DISABLE"), QStringLiteral("0"), Jobs::tr("RDMA mode"));
            } else {
                setVar(env, QStringLiteral("NCCL_IB_DISABLE"), QStringLiteral("1"), Jobs::tr("TCP-only mode"));
            }
            if (isGfx1151(n.probe))
                setVar(env, QStringLiteral("NCCL_NET_GDR_LEVEL"), QStringLiteral("0"), Jobs::tr("probe: gfx1151 (no GPUDirect RDMA)"));
            setVar(env, QStringLiteral("VLLM_HOST_IP"), n.dataIp, Jobs::tr("data-plane address"));
            setVar(env, QStringLiteral("RAY_EXPERIMENTAL_NOSET_ROCR_VISIBLE_DEVICES"), QStringLiteral("1"),
                   Jobs::tr("Ray leaves ROCm device visibility alone"));
        }
        for (auto it = spec.env.cbegin(); it != spec.env.cend(); ++it)
            setVar(env, it.key(), it.value(), Jobs::tr("override"));
        const QMap<QString, QString> own = spec.nodeEnv.value(n.nodeId);
        for (auto it = own.cbegin(); it != own.cend(); ++it)
            setVar(env, it.key(), it.value(), Jobs::tr("override for %1").arg(n.name));
        out.env.insert(n.nodeId, env);
    }

    // Steps.
    const bool container = spec.runtime == Runtime::Podman || spec.runtime == Runtime::Docker;
    auto step = [&](int order, const JobNode &n, const QString &role, const QString &what, const QStringList &argv,
                    const QString &readiness) {
        Step s;
        s.order = order;
        s.nodeId = n.nodeId;
        s.nodeName = n.name;
        s.role = role;
        s.what = what;
        s.argv = argv;
        s.readiness = readiness;
        const QList<EnvVar> env = out.env.value(n.nodeId);
        if (container) {
            QStringList run = containerRun(spec, role, env, rdma && spec.engine == Engine::VllmRay, argv);
            s.command = spec.runtime == Runtime::Docker
                            ? QStringLiteral("docker rm -f %1 >/dev/null 2>&1; %2")
                                  .arg(shellQuote(containerName(spec, role)), shellCommand(run))
                            : shellCommand(run);
        } else {
            s.command = detached(spec, n.nodeId, role, env, argv);
        }
        out.steps << s;
    };

    const int tp = int(nodes.size());
    if (spec.engine == Engine::VllmRay) {
        const QString rayHead = QStringLiteral("%1:%2").arg(head.dataIp).arg(spec.rayPort);
        step(0, head, QStringLiteral("ray-head"), Jobs::tr("Ray head on the data plane"),
             {QStringLiteral("ray"), QStringLiteral("start"), QStringLiteral("--head"),
              QStringLiteral("--port=%1").arg(spec.rayPort), QStringLiteral("--node-ip-address=") + head.dataIp,
              QStringLiteral("--num-gpus=1"), QStringLiteral("--block")},
             Jobs::tr("Ray answers at %1").arg(rayHead));
        for (int i = 1; i < nodes.size(); ++i)
            step(1, nodes.at(i), QStringLiteral("ray-worker"), Jobs::tr("Ray worker joining %1").arg(rayHead),
                 {QStringLiteral("ray"), QStringLiteral("start"), QStringLiteral("--address=") + rayHead,
                  QStringLiteral("--node-ip-address=") + nodes.at(i).dataIp, QStringLiteral("--num-gpus=1"),
                  QStringLiteral("--block")},
                 Jobs::tr("the Ray cluster has %n node(s)", nullptr, tp));
        QStringList serve{QStringLiteral("vllm"),
                          QStringLiteral("serve"),
                          spec.model,
                          QStringLiteral("--tensor-parallel-size"),
                          QString::number(tp),
                          QStringLiteral("--distributed-executor-backend"),
                          QStringLiteral("ray"),
                          QStringLiteral("--gpu-memory-utilization"),
                          QString::number(spec.gpuMemoryUtilization, 'f', 2),
                          QStringLiteral("--host"),
                          QStringLiteral("0.0.0.0"),
                          QStringLiteral("--port"),
                          QString::number(spec.port)};
        if (spec.enforceEager.value_or(anyGfx1151))
            serve << QStringLiteral("--enforce-eager");
        if (spec.maxModelLen)
            serve << QStringLiteral("--max-model-len") << QString::number(*spec.maxModelLen);
        serve << spec.extraArgs;
        step(2, head, QStringLiteral("vllm"), Jobs::tr("vLLM, tensor parallel over %n node(s)", nullptr, tp), serve,
             Jobs::tr("%1/health answers and /v1/models lists the model").arg(out.apiUrl));
        if (container) {
            // vLLM runs inside the head's Ray container (it is the Ray driver there).
            Step &s = out.steps.last();
            const QString tool = spec.runtime == Runtime::Podman ? QStringLiteral("podman") : QStringLiteral("docker");
            QStringList exec{tool, QStringLiteral("exec"), QStringLiteral("-d"), containerName(spec, QStringLiteral("ray-head")),
                             QStringLiteral("sh"), QStringLiteral("-c"),
                             QStringLiteral("echo $$ >%1 && exec \"$@\" >>%2 2>&1").arg(kVllmPidInContainer, kVllmLogInContainer),
                             QStringLiteral("vllm-serve")};
            exec << serve;
            s.command = shellCommand(exec);
        }
    } else {
        QStringList rpcs;
        for (int i = 1; i < nodes.size(); ++i) {
            const JobNode &n = nodes.at(i);
            rpcs << QStringLiteral("%1:%2").arg(n.dataIp).arg(spec.rpcPort);
            step(0, n, QStringLiteral("rpc-server"), Jobs::tr("llama.cpp RPC server on the data plane"),
                 {QStringLiteral("rpc-server"), QStringLiteral("-H"), n.dataIp, QStringLiteral("-p"),
                  QString::number(spec.rpcPort)},
                 Jobs::tr("port %1 accepts connections on %2").arg(spec.rpcPort).arg(n.dataIp));
        }
        QStringList server{QStringLiteral("llama-server"), QStringLiteral("-m"), spec.model,
                           QStringLiteral("--host"), QStringLiteral("0.0.0.0"), QStringLiteral("--port"),
                           QString::number(spec.port), QStringLiteral("-ngl"), QStringLiteral("999")};
        if (!rpcs.isEmpty())
            server << QStringLiteral("--rpc") << rpcs.join(QLatin1Char(','));
        if (spec.maxModelLen)
            server << QStringLiteral("-c") << QString::number(*spec.maxModelLen);
        server << spec.extraArgs;
        step(1, head, QStringLiteral("llama-server"),
             Jobs::tr("llama-server with %n RPC worker(s) (layers split across nodes, not tensors)", nullptr, int(rpcs.size())),
             server, Jobs::tr("%1/health answers").arg(out.apiUrl));
        out.warnings << Jobs::tr("llama.cpp RPC splits the model by layers (pipeline-like), not by tensors; its traffic is "
                           "TCP unless built with its RDMA path.");
    }
    return out;
}

QString describe(const Rendered &r, const QList<JobNode> &nodes)
{
    QString t;
    for (const QString &e : r.errors)
        t += Jobs::tr("error: %1\n").arg(e);
    if (!r.ok())
        return t;
    for (const QString &w : r.warnings)
        t += Jobs::tr("warning: %1\n").arg(w);
    for (const JobNode &n : nodes) {
        t += QStringLiteral("== %1 (%2, %3)\n").arg(n.name, n.dataInterface, n.dataIp);
        for (const EnvVar &v : r.env.value(n.nodeId))
            t += QStringLiteral("  %1=%2    # %3\n").arg(v.name, shellQuote(v.value), v.source);
    }
    t += Jobs::tr("Steps (same order runs at once; each waits for the one before):\n");
    for (const Step &s : r.steps) {
        t += Jobs::tr("  [%1] %2 %3: %4\n      $ %5\n      waits for: %6\n")
                 .arg(s.order + 1)
                 .arg(s.nodeName, s.role, s.what, s.command, s.readiness);
    }
    t += Jobs::tr("API: %1/v1\n").arg(r.apiUrl);
    return t;
}

} // namespace halolink::jobs
