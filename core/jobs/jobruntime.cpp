#include "jobs/jobrender.h"
#include "jobs/jobs_internal.h"

#include "ssh/shellquote.h"

// How a role runs in its runtime (podman, docker, toolbox, the host): the
// detached start, and the commands that check on it, stop it and read its log.

namespace halolink::jobs {

namespace detail {

const QString kLogDir = QStringLiteral("\"$HOME\"/.cache/halolink/jobs/");


// The Hugging Face cache a model id is downloaded into, on the node and in
// the container (huggingface_hub: HF_HOME defaults to ~/.cache/huggingface).
const QString kHomeToken = QStringLiteral("@HALOLINK_HOME@");

// The folder to mount for a model path: its parent, or for a file of a
// Hugging Face cache snapshot (.../models--ORG--NAME/snapshots/REV/...) the
// cache folder above models--*: the snapshot's files are links to
// ../../blobs/, and with shared Xet blobs to the cache's own blobs/
// (huggingface_hub docs/source/en/guides/manage-cache.md).
QString modelMount(const QString &model)
{
    const QStringList parts = model.split(QLatin1Char('/'));
    for (int i = int(parts.size()) - 1; i > 0; --i) {
        if (parts.at(i).startsWith(QLatin1String("models--")) && i >= 1) {
            const QString above = parts.mid(0, i).join(QLatin1Char('/'));
            return above.isEmpty() ? QStringLiteral("/") : above;
        }
    }
    const QString parent = model.section(QLatin1Char('/'), 0, -2);
    return parent.isEmpty() ? model : parent;
}

bool loginShellFor(const JobSpec &spec)
{
    return isContainer(spec.runtime) && spec.loginShell.value_or(true);
}

QStringList inLoginShell(const JobSpec &spec, const QStringList &argv)
{
    if (!loginShellFor(spec))
        return argv;
    // bash -l reads /etc/profile and with it /etc/profile.d/*.sh, where images
    // such as kyuz0's put their ROCm and vLLM settings; the program keeps its
    // arguments ("$@").
    QStringList c{QStringLiteral("bash"), QStringLiteral("-lc"), QStringLiteral("exec \"$@\""),
                  QStringLiteral("halolink-login")};
    return c + argv;
}

QString secretsPrelude(const QStringList &secrets)
{
    QString p;
    for (const QString &name : secrets)
        p += QStringLiteral("IFS= read -r %1 && export %1 && ").arg(name);
    return p;
}

QString homeToken()
{
    return kHomeToken;
}

QString withHome(QString command)
{
    return command.replace(kHomeToken, QStringLiteral("'\"$HOME\"'"));
}

QStringList containerRun(const JobSpec &spec, const QString &role, const QList<EnvVar> &env, bool rdma,
                         const QStringList &argv, const QStringList &secrets)
{
    const bool podman = spec.runtime == Runtime::Podman;
    QStringList c{podman ? QStringLiteral("podman") : QStringLiteral("docker"), QStringLiteral("run"), QStringLiteral("-d")};
    if (podman)
        c << QStringLiteral("--replace");
    c << QStringLiteral("--name") << containerName(spec, role) << QStringLiteral("--network=host")
      << QStringLiteral("--ipc=host") << QStringLiteral("--device=/dev/kfd") << QStringLiteral("--device=/dev/dri");
    // Docker resolves --group-add names in the image's /etc/group and refuses
    // to start when one is missing; its containers run as root, which opens
    // the devices anyway. podman's keep-groups passes the user's own groups.
    if (podman)
        c << QStringLiteral("--group-add=keep-groups") << QStringLiteral("--security-opt=label=disable");
    if (rdma) {
        // -1: the current maximum (podman >= 4.7 rootless: the user's hard
        // limit, which the launch checks); verbs register memory against it.
        c << QStringLiteral("--device=/dev/infiniband") << QStringLiteral("--ulimit=memlock=-1:-1");
    }
    c << QStringLiteral("--label=halolink.job=") + spec.name;
    if (spec.model.startsWith(QLatin1Char('/'))) {
        c << QStringLiteral("--volume=%1:%1:ro").arg(modelMount(spec.model));
    } else if (spec.engine == Engine::VllmRay) {
        // A model id: the node's Hugging Face cache, so that it is downloaded once.
        c << QStringLiteral("--volume=%1/.cache/huggingface:/root/.cache/huggingface").arg(kHomeToken)
          << QStringLiteral("--env=HF_HOME=/root/.cache/huggingface");
    }
    for (const EnvVar &v : env)
        c << QStringLiteral("--env=%1=%2").arg(v.name, v.value);
    // A name alone: the value from podman's/docker's own environment.
    for (const QString &name : secrets)
        c << QStringLiteral("--env=") + name;
    c << spec.image;
    c << inLoginShell(spec, argv);
    return c;
}

QString containerStart(const JobSpec &spec, const QString &role, const QList<EnvVar> &env, bool rdma,
                       const QStringList &argv, const QStringList &secrets)
{
    QString c = shellCommand(containerRun(spec, role, env, rdma, argv, secrets));
    if (spec.runtime == Runtime::Docker)
        c = QStringLiteral("docker rm -f %1 >/dev/null 2>&1; %2").arg(shellQuote(containerName(spec, role)), c);
    if (!spec.model.startsWith(QLatin1Char('/')) && spec.engine == Engine::VllmRay)
        c = QStringLiteral("mkdir -p \"$HOME\"/.cache/huggingface && ") + c;
    return secretsPrelude(secrets) + withHome(c);
}

// A detached process on the host or in a toolbox: setsid + nohup, output to
// the job's log. The process writes its own pid (sh's $$, kept through the
// execs) into <role>.pid before it becomes the program, and the command
// returns once that file is there, so the launcher can check on it and stop
// it at once, and find it again after a restart. A toolbox container shares
// the host's pid namespace and $HOME, so the same works inside one.
// Secrets are read from standard input first: on the host exported to the
// process; for a toolbox (toolbox run passes only its own list of
// variables) through a file in /dev/shm (memory, 0600) that the process
// reads and removes before it becomes the program.
QString detached(const JobSpec &spec, const QString &nodeId, const QString &role, const QList<EnvVar> &env,
                 const QStringList &argv, const QStringList &secrets)
{
    const bool toolbox = spec.runtime == Runtime::Toolbox;
    const bool viaFile = toolbox && !secrets.isEmpty();
    QStringList inner;
    if (toolbox)
        inner << QStringLiteral("toolbox") << QStringLiteral("run") << QStringLiteral("-c") << spec.image;
    QString script = QStringLiteral("echo $$ >\"$0\" && exec \"$@\"");
    if (viaFile) {
        QString reads;
        for (const QString &name : secrets)
            reads += QStringLiteral("IFS= read -r %1; ").arg(name);
        script = QStringLiteral("f=$1; shift; { %1} <\"$f\"; rm -f \"$f\"; export %2; ")
                     .arg(reads, secrets.join(QLatin1Char(' ')))
                 + script;
    }
    inner << QStringLiteral("sh") << QStringLiteral("-c") << script;
    const QString dir = jobDirShell(spec.name, nodeId);
    const QString pidFile = dir + QLatin1Char('/') + shellQuote(role + QStringLiteral(".pid"));
    const QString logFile = dir + QLatin1Char('/') + shellQuote(role + QStringLiteral(".log"));
    QStringList prog{QStringLiteral("env")};
    for (const EnvVar &v : env)
        prog << v.name + QLatin1Char('=') + v.value;
    prog << argv;
    QString prelude;
    QString secretArg;
    if (viaFile) {
        prelude = QStringLiteral("s=$(umask 077 && mktemp /dev/shm/halolink-XXXXXX) && { ");
        for (int i = 0; i < secrets.size(); ++i)
            prelude += QStringLiteral("IFS= read -r v && printf '%s\\n' \"$v\" && ");
        prelude += QStringLiteral("true; } >\"$s\" && ");
        secretArg = QStringLiteral(" \"$s\"");
    } else {
        prelude = secretsPrelude(secrets);
    }
    return prelude
           + QStringLiteral("mkdir -p %1 && rm -f %2 && { setsid nohup %3 %2%6 %4 >%5 2>&1 </dev/null & } && "
                            "i=0 && while [ ! -s %2 ] && [ $i -lt 150 ]; do sleep 0.1; i=$((i+1)); done && cat %2")
                 .arg(dir, pidFile, shellCommand(inner), shellCommand(prog), logFile, secretArg);
}

extern const QString kVllmPidInContainer;
extern const QString kVllmLogInContainer;
const QString kVllmPidInContainer = QStringLiteral("/tmp/halolink-vllm.pid");
const QString kVllmLogInContainer = QStringLiteral("/tmp/halolink-vllm.log");

bool isContainer(Runtime r)
{
    return r == Runtime::Podman || r == Runtime::Docker;
}

QString containerTool(Runtime r)
{
    return r == Runtime::Podman ? QStringLiteral("podman") : QStringLiteral("docker");
}

// vLLM runs inside the head's Ray container (it is the Ray driver there).
bool insideHeadContainer(const JobSpec &spec, const QString &role)
{
    return isContainer(spec.runtime) && role == QLatin1String("vllm");
}

// The program a role runs (what its /proc/PID/cmdline must contain).
QString programOf(const QString &role)
{
    if (role.startsWith(QLatin1String("ray-")))
        return QStringLiteral("ray");
    return role; // vllm, rpc-server, llama-server
}

} // namespace detail

using namespace detail;

QString jobDirShell(const QString &jobName, const QString &nodeId)
{
    // A folder per node: nodes may share a home (NFS), and two workers of a
    // job would otherwise share a log and a pid file.
    return kLogDir + shellQuote(jobName) + QLatin1Char('/') + shellQuote(nodeId);
}

QString containerName(const JobSpec &spec, const QString &role)
{
    if (insideHeadContainer(spec, role))
        return QStringLiteral("halolink-%1-ray-head").arg(spec.name);
    return QStringLiteral("halolink-%1-%2").arg(spec.name, role);
}

QString runInRuntime(const JobSpec &spec, const QString &role, const QList<EnvVar> &env, const QStringList &argv)
{
    QStringList c;
    if (isContainer(spec.runtime)) {
        c << containerTool(spec.runtime) << QStringLiteral("exec") << containerName(spec, role);
    } else {
        if (spec.runtime == Runtime::Toolbox)
            c << QStringLiteral("toolbox") << QStringLiteral("run") << QStringLiteral("-c") << spec.image;
        c << QStringLiteral("env");
        for (const EnvVar &v : env)
            c << v.name + QLatin1Char('=') + v.value;
    }
    c << argv;
    return shellCommand(c);
}

QString aliveCommand(const JobSpec &spec, const QString &nodeId, const QString &role)
{
    if (insideHeadContainer(spec, role))
        return QStringLiteral("%1 exec %2 sh -c %3")
            .arg(containerTool(spec.runtime), shellQuote(containerName(spec, role)),
                 shellQuote(QStringLiteral("kill -0 \"$(cat %1)\" 2>/dev/null").arg(kVllmPidInContainer)));
    if (isContainer(spec.runtime))
        return QStringLiteral("[ \"$(%1 container inspect --format '{{.State.Running}}' %2 2>/dev/null)\" = true ]")
            .arg(containerTool(spec.runtime), shellQuote(containerName(spec, role)));
    // The pid file's process, if it still runs the role's program (a pid
    // reused by something else is not ours).
    const QString pidFile = jobDirShell(spec.name, nodeId) + QLatin1Char('/') + shellQuote(role + QStringLiteral(".pid"));
    return QStringLiteral("p=$(cat %1 2>/dev/null) && [ -n \"$p\" ] && kill -0 \"$p\" 2>/dev/null && "
                          "tr '\\000' '\\n' </proc/\"$p\"/cmdline | grep -q -F -- %2")
        .arg(pidFile, shellQuote(programOf(role)));
}

QString stopCommand(const JobSpec &spec, const QString &nodeId, const QString &role)
{
    if (insideHeadContainer(spec, role))
        return QStringLiteral("%1 exec %2 sh -c %3 2>/dev/null; true")
            .arg(containerTool(spec.runtime), shellQuote(containerName(spec, role)),
                 shellQuote(QStringLiteral("p=$(cat %1) && kill -TERM \"$p\" && i=0 && while kill -0 \"$p\" "
                                           "2>/dev/null && [ $i -lt 30 ]; do sleep 0.5; i=$((i+1)); done")
                                .arg(kVllmPidInContainer)));
    if (spec.runtime == Runtime::Podman)
        return QStringLiteral("podman rm -f -t 15 %1 >/dev/null 2>&1; true").arg(shellQuote(containerName(spec, role)));
    if (spec.runtime == Runtime::Docker)
        return QStringLiteral("docker stop -t 15 %1 >/dev/null 2>&1; docker rm -f %1 >/dev/null 2>&1; true")
            .arg(shellQuote(containerName(spec, role)));
    // TERM to the process group (the process leads its own session), up to
    // 15 s, then KILL. Only when the pid still runs the role's program.
    const QString pidFile = jobDirShell(spec.name, nodeId) + QLatin1Char('/') + shellQuote(role + QStringLiteral(".pid"));
    return QStringLiteral("if %1; then p=$(cat %2); kill -TERM -- -\"$p\" 2>/dev/null || kill -TERM \"$p\"; i=0; "
                          "while kill -0 \"$p\" 2>/dev/null && [ $i -lt 30 ]; do sleep 0.5; i=$((i+1)); done; "
                          "kill -KILL -- -\"$p\" 2>/dev/null; kill -KILL \"$p\" 2>/dev/null; fi; rm -f %2; true")
        .arg(aliveCommand(spec, nodeId, role), pidFile);
}

QString logCommand(const JobSpec &spec, const QString &nodeId, const QString &role, int lines, bool follow)
{
    const QString n = QString::number(qMax(0, lines));
    if (insideHeadContainer(spec, role))
        return shellCommand({containerTool(spec.runtime), QStringLiteral("exec"), containerName(spec, role),
                             QStringLiteral("tail"), QStringLiteral("-n"), n,
                             follow ? QStringLiteral("-F") : QStringLiteral("-q"), kVllmLogInContainer});
    if (isContainer(spec.runtime)) {
        QStringList c{containerTool(spec.runtime), QStringLiteral("logs"), QStringLiteral("--tail"), n};
        if (follow)
            c << QStringLiteral("-f");
        c << containerName(spec, role);
        return shellCommand(c) + QStringLiteral(" 2>&1");
    }
    return QStringLiteral("tail -n %1 %2 %3 2>&1")
        .arg(n, follow ? QStringLiteral("-F") : QStringLiteral("-q"),
             jobDirShell(spec.name, nodeId) + QLatin1Char('/') + shellQuote(role + QStringLiteral(".log")));
}

} // namespace halolink::jobs
