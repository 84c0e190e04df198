#include "jobs/jobrender.h"
#include "jobs/jobs_internal.h"

#include "setup/setupplan.h"
#include "ssh/shellquote.h"

#include <QJsonArray>
#include <QJsonDocument>
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

// llama.cpp's RPC server: ggml-rpc-server since the tools were renamed
// (tools/rpc/CMakeLists.txt, PR #25045, 2026-06), rpc-server before; no
// link between the names is installed.
const QString kRpcServerProgram = QStringLiteral("ggml-rpc-server");
const QString kRpcServerFormerProgram = QStringLiteral("rpc-server");

// The argv as the node runs it: the RPC server by whichever name it has there.
QStringList programCommand(const QStringList &argv)
{
    if (argv.isEmpty() || argv.first() != kRpcServerProgram)
        return argv;
    QStringList c{QStringLiteral("sh"), QStringLiteral("-c"),
                  QStringLiteral("if command -v %1 >/dev/null 2>&1; then exec %1 \"$@\"; fi; exec %2 \"$@\"")
                      .arg(kRpcServerProgram, kRpcServerFormerProgram),
                  kRpcServerProgram};
    return c + argv.mid(1);
}

} // namespace

std::optional<int> roceV2GidIndexFor(const RdmaPort &port, const QString &ipv4)
{
    // The GID of this address: the probe's own pick is the first RoCE v2
    // IPv4 GID of any of the netdev's addresses, which is another one when
    // the netdev has several (the GID table lists one entry per address).
    const QString want = QStringLiteral("::ffff:") + ipv4;
    bool listed = false;
    for (const Gid &g : port.gids) {
        listed = true;
        if (g.gid.compare(want, Qt::CaseInsensitive) == 0 && g.type.value_or(QString()) == QLatin1String("RoCE v2"))
            return g.index;
    }
    return listed ? std::nullopt : port.roceV2Ipv4GidIndex;
}

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

    // RDMA unless the comparison run asks for TCP: vLLM's RCCL needs a usable
    // RoCE port on every node; llama.cpp's RPC uses its RDMA transport where
    // both ends have one (ggml-rpc transport.cpp) and TCP elsewhere.
    const bool rdma = !spec.tcpOnly;
    const bool vllm = spec.engine == Engine::VllmRay;
    if (!spec.bindAddress.isEmpty()) {
        static const QRegularExpression ipv4(QStringLiteral("^(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})$"));
        const auto m = ipv4.match(spec.bindAddress);
        bool valid = m.hasMatch();
        for (int i = 1; valid && i <= 4; ++i)
            valid = m.captured(i).toInt() <= 255;
        if (!valid)
            error(Jobs::tr("Bind address '%1': give an IPv4 address of the head, 127.0.0.1 or 0.0.0.0.")
                      .arg(spec.bindAddress));
    }
    static const QRegularExpression secretRe(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    for (const QString &name : spec.secretEnv) {
        if (!secretRe.match(name).hasMatch())
            error(Jobs::tr("'%1' is not an environment variable name.").arg(name));
        else if (spec.env.contains(name))
            error(Jobs::tr("%1 is a secret: give its value as a secret, not in the environment.").arg(name));
    }
    QHash<QString, const RdmaPort *> rdmaPorts; // node id -> its usable RoCE port
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
        QString problem;
        if (!port) {
            problem = Jobs::tr("%1: no RDMA device on %2.").arg(n.name, n.dataInterface);
        } else if (port->transport.value_or(QString()) == QLatin1String("iwarp")) {
            problem = Jobs::tr("%1: %2 runs iWARP, which has no RoCE v2 GID for RCCL or llama.cpp to use.")
                          .arg(n.name, port->device);
        } else if (port->state.value_or(QString()) != QLatin1String("ACTIVE")) {
            problem = Jobs::tr("%1: %2 port %3 is %4, not ACTIVE.")
                          .arg(n.name, port->device)
                          .arg(port->port)
                          .arg(port->state.value_or(Jobs::tr("in an unknown state")));
        } else if (!roceV2GidIndexFor(*port, n.dataIp) && port->transport.value_or(QString()) == QLatin1String("roce")) {
            problem = Jobs::tr("%1: %2 has no RoCE v2 GID for %3.").arg(n.name, port->device, n.dataIp);
        }
        if (problem.isEmpty()) {
            rdmaPorts.insert(n.nodeId, port);
        } else if (vllm) {
            error(problem + QLatin1Char(' ')
                  + Jobs::tr("Run the setup (it switches E810 ports to RoCE v2, or allows Soft-RoCE), or launch TCP-only."));
        } else {
            out.warnings << problem + QLatin1Char(' ') + Jobs::tr("llama.cpp's RPC to and from this node stays on TCP.");
        }
        if (problem.isEmpty() && !vllm && port->port != 1)
            out.warnings << Jobs::tr("%1: %2's RoCE port is %3, but llama.cpp's RDMA transport uses port 1 only.")
                                .arg(n.name, port->device)
                                .arg(port->port);
    }
    if (!out.ok())
        return out;

    // Environment per node.
    const JobNode &head = nodes.first();
    out.headNodeId = head.nodeId;
    const QString listen = spec.bindAddress.isEmpty() ? head.dataIp : spec.bindAddress;
    out.apiUrl = QStringLiteral("http://%1:%2")
                     .arg(listen == QLatin1String("0.0.0.0") ? head.dataIp : listen)
                     .arg(spec.port);
    for (const JobNode &n : nodes) {
        QList<EnvVar> env;
        const RdmaPort *port = rdmaPorts.value(n.nodeId);
        if (vllm) {
            // '=': exactly this interface (RCCL socket.cc: a prefix otherwise, eth1 would match eth10).
            setVar(env, QStringLiteral("NCCL_SOCKET_IFNAME"), QLatin1Char('=') + n.dataInterface,
                   Jobs::tr("data-plane interface ('=': exactly this name, not a prefix)"));
            setVar(env, QStringLiteral("GLOO_SOCKET_IFNAME"), n.dataInterface, Jobs::tr("data-plane interface"));
            if (rdma) {
                const QString src = Jobs::tr("probe: %1 port %2 on %3").arg(port->device).arg(port->port).arg(n.dataInterface);
                // Exactly one HCA and port: a prefix matching several ports breaks init.
                setVar(env, QStringLiteral("NCCL_IB_HCA"), QStringLiteral("=%1:%2").arg(port->device).arg(port->port),
                       src + Jobs::tr("; '=' is an exact device name (not a prefix), ':%1' the port").arg(port->port));
                if (const auto gid = roceV2GidIndexFor(*port, n.dataIp))
                    setVar(env, QStringLiteral("NCCL_IB_GID_INDEX"), QString::number(*gid),
                           Jobs::tr("probe: the RoCE v2 GID of %1 (read again before the launch)").arg(n.dataIp));
                if (spec.trafficClass)
                    setVar(env, QStringLiteral("NCCL_IB_TC"), QString::number(*spec.trafficClass),
                           Jobs::tr("cluster QoS (ToS): RCCL does not use rdma_cm's default ToS"));
                setVar(env, QStringLiteral("NCCL_IB_TIMEOUT"), QStringLiteral("22"),
                       Jobs::tr("above RCCL's default 18: ~17 s per retry"));
                setVar(env, QStringLiteral("NCCL_IB_RETRY_CNT"), QStringLiteral("7"), Jobs::tr("RCCL's default, explicit"));
                setVar(env, QStringLiteral("NCCL_IB_DISABLE"), QStringLiteral("0"), Jobs::tr("RDMA mode"));
            } else {
                setVar(env, QStringLiteral("NCCL_IB_DISABLE"), QStringLiteral("1"), Jobs::tr("TCP-only mode"));
            }
            // RCCL prints nothing without NCCL_DEBUG; INIT,NET are the few
            // lines at start-up that say which transport it chose (the proof reads them).
            setVar(env, QStringLiteral("NCCL_DEBUG"), QStringLiteral("INFO"), Jobs::tr("the transport RCCL chose, in the log"));
            setVar(env, QStringLiteral("NCCL_DEBUG_SUBSYS"), QStringLiteral("INIT,NET"),
                   Jobs::tr("the transport RCCL chose, in the log"));
            if (isGfx1151(n.probe))
                setVar(env, QStringLiteral("NCCL_NET_GDR_LEVEL"), QStringLiteral("0"), Jobs::tr("probe: gfx1151 (no GPUDirect RDMA)"));
            setVar(env, QStringLiteral("VLLM_HOST_IP"), n.dataIp, Jobs::tr("data-plane address"));
            setVar(env, QStringLiteral("RAY_EXPERIMENTAL_NOSET_HIP_VISIBLE_DEVICES"), QStringLiteral("1"),
                   Jobs::tr("Ray >= 2.45 leaves HIP device visibility to vLLM"));
            setVar(env, QStringLiteral("RAY_EXPERIMENTAL_NOSET_ROCR_VISIBLE_DEVICES"), QStringLiteral("1"),
                   Jobs::tr("the same for Ray < 2.45"));
            setVar(env, QStringLiteral("RAY_memory_monitor_refresh_ms"), QStringLiteral("0"),
                   Jobs::tr("unified memory: the GPU's memory is host memory, and Ray's memory monitor would kill the "
                            "workers"));
        } else if (port) {
            // llama.cpp's RDMA transport: this device and GID, not the first match.
            setVar(env, QStringLiteral("GGML_RDMA_DEV"), port->device, Jobs::tr("probe: the RDMA device on %1").arg(n.dataInterface));
            if (const auto gid = roceV2GidIndexFor(*port, n.dataIp))
                setVar(env, QStringLiteral("GGML_RDMA_GID"), QString::number(*gid),
                       Jobs::tr("probe: the RoCE v2 GID of %1").arg(n.dataIp));
        } else if (spec.tcpOnly) {
            // llama.cpp has no switch to turn its RDMA transport off: its probe
            // tries only GGML_RDMA_DEV, and no device has this name.
            setVar(env, QStringLiteral("GGML_RDMA_DEV"), QStringLiteral("halolink-tcp-only"),
                   Jobs::tr("TCP-only mode: names no device, so llama.cpp's RDMA probe finds none"));
        }
        for (auto it = spec.env.cbegin(); it != spec.env.cend(); ++it)
            setVar(env, it.key(), it.value(), Jobs::tr("override"));
        const QMap<QString, QString> own = spec.nodeEnv.value(n.nodeId);
        for (auto it = own.cbegin(); it != own.cend(); ++it)
            setVar(env, it.key(), it.value(), Jobs::tr("override for %1").arg(n.name));
        // An override of the GID index that is not the probe's: RCCL fails with it (no TCP fallback).
        for (const EnvVar &v : std::as_const(env)) {
            const QString key = vllm ? QStringLiteral("NCCL_IB_GID_INDEX") : QStringLiteral("GGML_RDMA_GID");
            const auto gid = port ? roceV2GidIndexFor(*port, n.dataIp) : std::nullopt;
            if (port && v.name == key && gid && v.value != QString::number(*gid))
                out.warnings << Jobs::tr("%1: %2=%3 is not the RoCE v2 GID of %4 (the probe found index %5); RCCL fails "
                                         "with a wrong GID rather than use TCP.")
                                    .arg(n.name, key, v.value, n.dataIp)
                                    .arg(*gid);
        }
        out.env.insert(n.nodeId, env);
    }

    // Steps.
    const bool container = spec.runtime == Runtime::Podman || spec.runtime == Runtime::Docker;
    const QString keyVar = apiKeyVariable(spec.engine);
    auto step = [&](int order, const JobNode &n, const QString &role, const QString &what, const QStringList &argv,
                    const QString &readiness, bool server = false) {
        Step s;
        s.order = order;
        s.nodeId = n.nodeId;
        s.nodeName = n.name;
        s.role = role;
        s.what = what;
        s.argv = argv;
        s.readiness = readiness;
        s.secrets = spec.secretEnv;
        if (server && spec.apiKey && !s.secrets.contains(keyVar))
            s.secrets << keyVar;
        const QList<EnvVar> env = out.env.value(n.nodeId);
        const bool nodeRdma = rdma && rdmaPorts.contains(n.nodeId);
        if (container)
            s.command = containerStart(spec, role, env, nodeRdma, programCommand(argv), s.secrets);
        else
            s.command = detached(spec, n.nodeId, role, env, programCommand(argv), s.secrets);
        out.steps << s;
    };

    const int tp = int(nodes.size());
    if (vllm) {
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
                          listen,
                          QStringLiteral("--port"),
                          QString::number(spec.port)};
        if (spec.enforceEager.value_or(anyGfx1151))
            serve << QStringLiteral("--enforce-eager");
        if (spec.maxModelLen)
            serve << QStringLiteral("--max-model-len") << QString::number(*spec.maxModelLen);
        serve << spec.extraArgs;
        step(2, head, QStringLiteral("vllm"), Jobs::tr("vLLM, tensor parallel over %n node(s)", nullptr, tp), serve,
             Jobs::tr("%1/health answers and /v1/models lists the model").arg(out.apiUrl), true);
        // vLLM (the Ray driver) copies its NCCL_*, VLLM_*, HF_* variables to
        // the workers, and its classic executor overwrites theirs (vllm/ray/
        // ray_env.py, PR #34383; RayExecutorV2 only fills in missing ones):
        // the names each node has its own value of are listed in
        // $VLLM_CONFIG_ROOT/ray_non_carry_over_env_vars.json (a JSON array).
        QStringList own;
        for (int i = 1; i < nodes.size(); ++i)
            for (const EnvVar &v : out.env.value(nodes.at(i).nodeId))
                if (!own.contains(v.name))
                    own << v.name;
        for (const QString &name : out.steps.last().secrets)
            if (!own.contains(name))
                own << name;
        std::sort(own.begin(), own.end());
        Step &s = out.steps.last();
        // On the host and in a toolbox: the head's job folder (under $HOME, as
        // the shell expands it on the node: the value vLLM gets is a plain path).
        const QString configDir = container ? QStringLiteral("/tmp/halolink-vllm-config")
                                             : QStringLiteral("%1/vllm-config").arg(jobDirShell(spec.name, head.nodeId));
        const QString configValue = container ? configDir
                                              : QStringLiteral("$HOME/.cache/halolink/jobs/%1/%2/vllm-config")
                                                    .arg(spec.name, head.nodeId);
        const QString list = QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(own)).toJson(QJsonDocument::Compact));
        out.env[head.nodeId].append({QStringLiteral("VLLM_CONFIG_ROOT"), configValue,
                                     Jobs::tr("holds ray_non_carry_over_env_vars.json: the workers keep their own %1")
                                         .arg(own.join(QStringLiteral(", ")))});
        if (container) {
            // vLLM runs inside the head's Ray container (it is the Ray driver there).
            const QString tool = spec.runtime == Runtime::Podman ? QStringLiteral("podman") : QStringLiteral("docker");
            QStringList exec{tool, QStringLiteral("exec"), QStringLiteral("-d")};
            exec << QStringLiteral("--env=VLLM_CONFIG_ROOT=") + configDir;
            for (const QString &name : s.secrets)
                exec << QStringLiteral("--env=") + name;
            exec << containerName(spec, QStringLiteral("ray-head")) << QStringLiteral("sh") << QStringLiteral("-c")
                 << QStringLiteral("mkdir -p \"$VLLM_CONFIG_ROOT\" && printf '%s\\n' \"$1\" "
                                   ">\"$VLLM_CONFIG_ROOT\"/ray_non_carry_over_env_vars.json && shift && "
                                   "echo $$ >%1 && exec \"$@\" >>%2 2>&1")
                        .arg(kVllmPidInContainer, kVllmLogInContainer)
                 << QStringLiteral("vllm-serve") << list;
            exec << inLoginShell(spec, serve);
            s.command = secretsPrelude(s.secrets) + shellCommand(exec);
        } else {
            QList<EnvVar> env = out.env.value(head.nodeId);
            for (EnvVar &v : env)
                if (v.name == QLatin1String("VLLM_CONFIG_ROOT"))
                    v.value = homeToken() + configValue.mid(5);
            const QString file = configDir + QStringLiteral("/ray_non_carry_over_env_vars.json");
            s.command = QStringLiteral("mkdir -p %1 && printf '%s\\n' %2 >%3 && %4")
                            .arg(configDir, shellQuote(list), file,
                                 withHome(detached(spec, head.nodeId, QStringLiteral("vllm"), env, serve, s.secrets)));
        }
    } else {
        QStringList rpcs;
        for (int i = 1; i < nodes.size(); ++i) {
            const JobNode &n = nodes.at(i);
            rpcs << QStringLiteral("%1:%2").arg(n.dataIp).arg(spec.rpcPort);
            step(0, n, QStringLiteral("rpc-server"), Jobs::tr("llama.cpp RPC server on the data plane"),
                 {kRpcServerProgram, QStringLiteral("-H"), n.dataIp, QStringLiteral("-p"), QString::number(spec.rpcPort)},
                 Jobs::tr("port %1 accepts connections on %2").arg(spec.rpcPort).arg(n.dataIp));
        }
        QStringList server{QStringLiteral("llama-server"), QStringLiteral("-m"), spec.model,
                           QStringLiteral("--host"), listen, QStringLiteral("--port"),
                           QString::number(spec.port), QStringLiteral("-ngl"), QStringLiteral("999")};
        if (!rpcs.isEmpty())
            server << QStringLiteral("--rpc") << rpcs.join(QLatin1Char(','));
        if (spec.maxModelLen)
            server << QStringLiteral("-c") << QString::number(*spec.maxModelLen);
        server << spec.extraArgs;
        step(1, head, QStringLiteral("llama-server"),
             Jobs::tr("llama-server with %n RPC worker(s) (layers split across nodes, not tensors)", nullptr, int(rpcs.size())),
             server, Jobs::tr("%1/health answers").arg(out.apiUrl), true);
        out.warnings << Jobs::tr("llama.cpp RPC splits the model by layers (pipeline-like), not by tensors.");
        if (rdma)
            out.warnings << Jobs::tr("llama.cpp's RPC uses RDMA only where both ends were built with its RDMA transport "
                                     "(on by default when libibverbs is found) and its probe succeeds; otherwise it "
                                     "stays on TCP without a word. The proof reads which.");
    }
    if (!spec.apiKey && listen != QLatin1String("127.0.0.1"))
        out.warnings << Jobs::tr("The API at %1 takes requests without a key from anyone who can reach %2.")
                            .arg(out.apiUrl, listen);
    return out;
}

QString apiKeyVariable(Engine e)
{
    return e == Engine::VllmRay ? QStringLiteral("VLLM_API_KEY") : QStringLiteral("LLAMA_API_KEY");
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
