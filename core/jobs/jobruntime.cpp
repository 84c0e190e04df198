#include "jobs/jobrender.h"
#include "jobs/jobs_internal.h"

#include "ssh/shellquote.h"

// How a role runs in its runtime (podman, docker, toolbox, the host): the
// detached start, and the commands that check on it, stop it and read its log.

namespace halolink::jobs {

namespace detail {

const QString kLogDir = QStringLiteral("\"$HOME\"/.cache/halolink/jobs/");


// `podman|docker run -d` of argv in the job's image, with the node's environment.
QStringList containerRun(const JobSpec &spec, const QString &role, const QList<EnvVar> &env, bool rdma,
                         const QStringList &argv)
{
    const bool podman = spec.runtime == Runtime::Podman;
    QStringList c{podman ? QStringLiteral("podman") : QStringLiteral("docker"), QStringLiteral("run"), QStringLiteral("-d")};
    if (podman)
        c << QStringLiteral("--replace");
    c << QStringLiteral("--name") << containerName(spec, role) << QStringLiteral("--network=host")
      << QStringLiteral("--ipc=host") << QStringLiteral("--device=/dev/kfd") << QStringLiteral("--device=/dev/dri");
    if (rdma)
        c << QStringLiteral("--device=/dev/infiniband");
    if (podman)
        c << QStringLiteral("--group-add=keep-groups") << QStringLiteral("--security-opt=label=disable");
    else
        c << QStringLiteral("--group-add=video") << QStringLiteral("--group-add=render");
    c << QStringLiteral("--ulimit=memlock=-1:-1") << QStringLiteral("--label=halolink.job=") + spec.name;
    if (spec.model.startsWith(QLatin1Char('/')))
        c << QStringLiteral("--volume=%1:%1:ro").arg(spec.model.section(QLatin1Char('/'), 0, -2).isEmpty()
                                                        ? spec.model
                                                        : spec.model.section(QLatin1Char('/'), 0, -2));
    for (const EnvVar &v : env)
        c << QStringLiteral("--env=%1=%2").arg(v.name, v.value);
    c << spec.image;
    c << argv;
    return c;
}

// A detached process on the host or in a toolbox: setsid + nohup, output to
// the job's log. The process writes its own pid (sh's $$, kept through the
// execs) into <role>.pid before it becomes the program, and the command
// returns once that file is there, so the launcher can check on it and stop
// it at once, and find it again after a restart. A toolbox container shares
// the host's pid namespace and $HOME, so the same works inside one.
QString detached(const JobSpec &spec, const QString &nodeId, const QString &role, const QList<EnvVar> &env,
                 const QStringList &argv)
{
    QStringList inner;
    if (spec.runtime == Runtime::Toolbox)
        inner << QStringLiteral("toolbox") << QStringLiteral("run") << QStringLiteral("-c") << spec.image;
    inner << QStringLiteral("sh") << QStringLiteral("-c") << QStringLiteral("echo $$ >\"$0\" && exec \"$@\"");
    const QString dir = jobDirShell(spec.name, nodeId);
    const QString pidFile = dir + QLatin1Char('/') + shellQuote(role + QStringLiteral(".pid"));
    const QString logFile = dir + QLatin1Char('/') + shellQuote(role + QStringLiteral(".log"));
    QStringList prog{QStringLiteral("env")};
    for (const EnvVar &v : env)
        prog << v.name + QLatin1Char('=') + v.value;
    prog << argv;
    return QStringLiteral("mkdir -p %1 && rm -f %2 && { setsid nohup %3 %2 %4 >%5 2>&1 </dev/null & } && "
                          "i=0 && while [ ! -s %2 ] && [ $i -lt 150 ]; do sleep 0.1; i=$((i+1)); done && cat %2")
        .arg(dir, pidFile, shellCommand(inner), shellCommand(prog), logFile);
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
