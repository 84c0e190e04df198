#pragma once
// A tensor-parallel inference job rendered into exactly what runs where:
// per node, the environment (the RDMA values taken from that node's probe,
// never assumed) and the commands, each value quoted by shellQuote(). The
// GUI's launch preview and `halolinkctl job launch --dry-run` print this; the
// launcher runs it. HaloLink does not run models itself: vLLM over Ray, or
// llama.cpp RPC, does.

#include "protocol/probereport.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace halolink::jobs {

enum class Engine { VllmRay, LlamaRpc };
enum class Runtime { Podman, Toolbox, Docker, Host };

struct JobSpec {
    QString name = QStringLiteral("tp");   // [a-z0-9-]{1,32}: container and log names
    Engine engine = Engine::VllmRay;
    Runtime runtime = Runtime::Podman;
    QString image;                         // podman/docker image, toolbox container name
    QString model;                         // path on every node, or a model id (vLLM)
    int port = 8000;                       // the OpenAI-compatible API on the head
    double gpuMemoryUtilization = 0.90;    // 0.95 often runs out of memory on unified memory
    std::optional<bool> enforceEager;      // default: on when a node is gfx1151
    std::optional<int> maxModelLen;
    int rayPort = 6379;
    int rpcPort = 50052;
    bool tcpOnly = false;                  // NCCL_IB_DISABLE=1: the comparison run
    std::optional<int> trafficClass;       // NCCL_IB_TC: the cluster's ToS; nullopt: unset
    QMap<QString, QString> env;            // overrides on every node (win over computed values)
    QMap<QString, QMap<QString, QString>> nodeEnv; // node id -> overrides
    QStringList extraArgs;                 // appended to vllm serve / llama-server
    // Where the API listens: empty = the head's data-plane address; else an
    // IPv4 address of the head, 127.0.0.1, or 0.0.0.0 (every interface).
    QString bindAddress;
    // The server asks for an API key (vLLM --api-key via VLLM_API_KEY,
    // llama-server via LLAMA_API_KEY); the key itself is a secret, never here.
    bool apiKey = true;
    // Variables whose values are secrets (HF_TOKEN, the API key): their
    // values reach the nodes on standard input, never on a command line,
    // in job.json or in a log; only the names are kept.
    QStringList secretEnv;
    // The image's login environment (/etc/profile, /etc/profile.d): the
    // programs run under `bash -l` in podman/docker. Default: on for
    // containers (toolbox run is a login shell already; the host runs the
    // SSH session's environment).
    std::optional<bool> loginShell;
};

// The RoCE v2 GID index of `ipv4` on the port (from its GID table; the
// probe's single index when the table was not listed).
std::optional<int> roceV2GidIndexFor(const RdmaPort &port, const QString &ipv4);

// The variable that carries a server's API key.
QString apiKeyVariable(Engine e);

struct JobNode {
    QString nodeId;
    QString name;
    QString dataInterface;
    QString dataIp;
    std::optional<ProbeReport> probe;
};

struct EnvVar {
    QString name;
    QString value;
    QString source; // where the value comes from ("probe: rxe0 port 1", "QoS ToS", "override", ...)
};

struct Step {
    int order = 0;          // steps of one order may run at once
    QString nodeId;
    QString nodeName;
    QString role;           // "ray-head", "ray-worker", "vllm", "rpc-server", "llama-server"
    QString what;           // in words
    QStringList argv;       // the program inside the runtime
    QString command;        // the full remote shell command (runtime, env, argv), quoted
    QString readiness;      // what is waited for before the next order
    QStringList secrets;    // the secret variables `command` reads from its standard input, a line each
};

struct Rendered {
    QList<Step> steps;
    QMap<QString, QList<EnvVar>> env; // node id -> its environment, in a stable order
    QString headNodeId;
    QString apiUrl;                   // http://<head data ip>:<port>
    QStringList errors;               // nothing may run while there is one
    QStringList warnings;
    bool ok() const { return errors.isEmpty(); }
};

// The first node is the head.
Rendered render(const JobSpec &spec, const QList<JobNode> &nodes);

// Plain text: per node, the environment with sources and the commands in order.
QString describe(const Rendered &r, const QList<JobNode> &nodes);

// Handles on what a role runs on its node, for the launcher (each a shell
// command for the node's login shell, values quoted by shellQuote()):
// "$HOME"/.cache/halolink/jobs/<name>/<node id>: job.json, <role>.log and <role>.pid
// (host and toolbox runtimes; containers carry the label halolink.job=<name>).
QString jobDirShell(const QString &jobName, const QString &nodeId);
QString containerName(const JobSpec &spec, const QString &role);
// argv in the role's runtime, in the foreground (e.g. `ray status`).
QString runInRuntime(const JobSpec &spec, const QString &role, const QList<EnvVar> &env, const QStringList &argv);
// Exit 0 while the role runs.
QString aliveCommand(const JobSpec &spec, const QString &nodeId, const QString &role);
// TERM, up to 15 s, then KILL; exit 0 also when nothing ran.
QString stopCommand(const JobSpec &spec, const QString &nodeId, const QString &role);
// The role's output: the last `lines` lines, then new ones when following.
QString logCommand(const JobSpec &spec, const QString &nodeId, const QString &role, int lines, bool follow);

// The job as saved on the nodes (job.json) and read back on rediscovery.
QJsonObject specToJson(const JobSpec &spec);
std::optional<JobSpec> specFromJson(const QJsonObject &o, QString *error = nullptr);

QString engineName(Engine e);
QString runtimeName(Runtime r);
std::optional<Engine> parseEngine(const QString &s);
std::optional<Runtime> parseRuntime(const QString &s);

} // namespace halolink::jobs
