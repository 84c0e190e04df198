#include "jobs/witness.h"
#include "jobs/jobs_internal.h"

#include "ssh/shellquote.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

namespace halolink::jobs {

using namespace detail;

namespace {

// The node a line of the head's vLLM log is about: a worker's lines carry
// Ray's prefix "(RayWorkerWrapper pid=P, ip=IP)" (any actor name), the
// head's own lines none.
QString nodeOfLine(const Job &job, const QString &line)
{
    static const QRegularExpression prefix(QStringLiteral("^\\s*\\((?:\\w+) pid=\\d+, ip=([0-9.]+)\\)"));
    const auto m = prefix.match(line);
    if (m.hasMatch()) {
        for (const JobNode &n : job.nodes)
            if (n.dataIp == m.captured(1))
                return n.nodeId;
    }
    return job.headNodeId();
}

QString nodeNameOf(const Job &job, const QString &id)
{
    for (const JobNode &n : job.nodes)
        if (n.nodeId == id)
            return n.name;
    return id;
}

} // namespace

QString transportLogPattern()
{
    return QStringLiteral("NET/IB : Using|NET/Socket : Using|NET/IB : No device found|Using network |NCCL WARN|"
                          "NCCL error|unhandled system error|RDMA activated:|RDMA activate failed");
}

TransportLog readTransportLog(const Job &job, const QByteArray &log, bool rdmaMode)
{
    // RCCL (ROCm/rccl src/transport/net_ib.cc, src/misc/ibvwrap.cc, src/init.cc):
    // "NET/IB : Using [0]rxe0:1/RoCE ; OOB ...", "NET/IB : No device found.",
    // "NET/Socket : Using [0]eth1:...", "Using network IB|Socket", and the
    // WARN lines of a failed verbs call or a completion with an error.
    static const QRegularExpression ibUsing(QStringLiteral("NET/IB : Using(?: \\[RO\\])? \\[\\d+\\]([^ /]+)/"));
    TransportLog t;
    QSet<QString> noDevice;
    for (const QByteArray &raw : log.split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty())
            continue;
        const QString node = nodeOfLine(job, line);
        const QString who = nodeNameOf(job, node);
        if (const auto m = ibUsing.match(line); m.hasMatch()) {
            t.net.insert(node, QStringLiteral("ib"));
            t.device.insert(node, m.captured(1));
        } else if (line.contains(QLatin1String("Using network IB"))) {
            t.net.insert(node, QStringLiteral("ib"));
        } else if (line.contains(QLatin1String("Using network Socket"))
                   || (line.contains(QLatin1String("NET/Socket : Using")) && t.net.value(node) != QLatin1String("ib"))) {
            t.net.insert(node, QStringLiteral("socket"));
            if (rdmaMode && !noDevice.contains(node)) {
                noDevice.insert(node);
                t.failures << line;
                t.causes << QObject::tr("%1: RCCL uses TCP sockets, not RDMA (NCCL_IB_HCA=%2 matched no ACTIVE port, or "
                                        "NCCL_IB_DISABLE is set in the environment it runs with).")
                                .arg(who, envOf(job, node).value(QStringLiteral("NCCL_IB_HCA")));
            }
        } else if (line.contains(QLatin1String("NET/IB : No device found"))) {
            if (rdmaMode && !noDevice.contains(node)) {
                noDevice.insert(node);
                t.failures << line;
                t.causes << QObject::tr("%1: RCCL found no ACTIVE RDMA port matching NCCL_IB_HCA=%2: the device is named "
                                        "differently in the environment it runs with, or its port is down; check `rdma link` "
                                        "there and probe the node again.")
                                .arg(who, envOf(job, node).value(QStringLiteral("NCCL_IB_HCA")));
            }
        } else if (line.contains(QLatin1String("NCCL WARN"))) {
            t.failures << line;
            const QString gid = envOf(job, node).value(QStringLiteral("NCCL_IB_GID_INDEX"));
            if (line.contains(QLatin1String("ibv_query_gid")))
                t.causes << QObject::tr("%1: NCCL_IB_GID_INDEX=%2 is not in the device's GID table (ibv_query_gid "
                                        "failed): use the RoCE v2 GID of the node's data-plane address (HaloLink's probe "
                                        "gives it; leave the variable to HaloLink).")
                                .arg(who, gid);
            else if (line.contains(QLatin1String("ibv_modify_qp")))
                t.causes << QObject::tr("%1: the queue pair could not be set up with GID index %2 (ibv_modify_qp failed): "
                                        "the entry is empty or not a RoCE v2 GID of the data-plane address.")
                                .arg(who, gid);
            else if (line.contains(QLatin1String("Got completion from peer")))
                t.causes << QObject::tr("%1: RDMA messages never arrived (a completion with an error, e.g. retry exceeded): "
                                        "a GID of the wrong RoCE version or a link-local one, an address the peer cannot "
                                        "reach, or PFC/ECN dropping the traffic.")
                                .arg(who);
            else if (line.contains(QLatin1String("ibv_reg_mr")))
                t.causes << QObject::tr("%1: RCCL could not register its buffers (ibv_reg_mr): raise the locked-memory limit "
                                        "(memlock).")
                                .arg(who);
        } else if (line.contains(QLatin1String("NCCL error")) || line.contains(QLatin1String("unhandled system error"))) {
            t.failures << line;
        }
    }
    t.causes.removeDuplicates();
    return t;
}

int llamaRdmaActivations(const QByteArray &log)
{
    // ggml-rpc transport.cpp: "RDMA activated: qpn=%u->%u mtu=%d rx_depth=%d" on both ends of a connection.
    return int(log.count("RDMA activated: qpn="));
}

std::optional<QList<QueuePair>> parseRdmaResQp(const QByteArray &json, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json.trimmed(), &pe);
    if (!doc.isArray()) {
        if (error)
            *error = QObject::tr("not the JSON array of `rdma -j resource show qp`: %1").arg(pe.errorString());
        return std::nullopt;
    }
    QList<QueuePair> out;
    for (const QJsonValue &v : doc.array()) {
        const QJsonObject o = v.toObject();
        QueuePair q;
        q.device = o.value(QStringLiteral("ifname")).toString();
        q.port = o.value(QStringLiteral("port")).toInt();
        q.lqpn = qint64(o.value(QStringLiteral("lqpn")).toDouble());
        q.type = o.value(QStringLiteral("type")).toString();
        q.state = o.value(QStringLiteral("state")).toString();
        if (o.value(QStringLiteral("pid")).isDouble())
            q.pid = qint64(o.value(QStringLiteral("pid")).toDouble());
        q.comm = o.value(QStringLiteral("comm")).toString();
        out << q;
    }
    return out;
}

QString processWitnessCommand(const Job &job, const QString &nodeId, bool qps)
{
    const JobSpec &spec = job.spec;
    QStringList names;
    for (const EnvVar &v : job.rendered.env.value(nodeId))
        names << QRegularExpression::escape(v.name);
    QStringList secrets;
    for (const Step &s : job.rendered.steps)
        for (const QString &n : s.secrets)
            if (!secrets.contains(n))
                secrets << n;
    for (const QString &n : secrets)
        names << QRegularExpression::escape(n);
    const QString pattern = QStringLiteral("^(NCCL_[A-Za-z0-9_]*|GGML_RDMA_[A-Za-z0-9_]*|%1)=").arg(names.join(QLatin1Char('|')));
    QString roots;
    for (const QString &role : job.rolesOn(nodeId)) {
        if (isContainer(spec.runtime)) {
            if (insideHeadContainer(spec, role))
                continue; // in the head's Ray container, whose namespace is listed whole
            roots += QStringLiteral("c=$(%1 inspect --format '{{.State.Pid}}' %2 2>/dev/null) && [ \"$c\" -gt 0 ] && "
                                    "nss=\"$nss $(readlink /proc/$c/ns/pid)\"; ")
                         .arg(containerTool(spec.runtime), shellQuote(containerName(spec, role)));
        } else {
            roots += QStringLiteral("r=\"$r $(cat %1/%2 2>/dev/null)\"; ")
                         .arg(jobDirShell(spec.name, nodeId), shellQuote(role + QStringLiteral(".pid")));
        }
    }
    // Descendants of the roots (from every process's PPid), or every process
    // in the containers' pid namespaces.
    QString script = QStringLiteral("r=; nss=; %1"
                                    "for s in /proc/[0-9]*/status; do p=${s#/proc/}; p=${p%/status}; "
                                    "pp=$(sed -n 's/^PPid:[[:space:]]*//p' \"$s\" 2>/dev/null); echo \"$p $pp\"; done >\"${TMPDIR:-/tmp}/hl-ps.$$\"; "
                                    "sel=$(awk -v r=\"$r\" 'BEGIN{n=split(r,a,\" \");for(i=1;i<=n;i++)k[a[i]]=1} "
                                    "{pp[$1]=$2;o[NR]=$1} END{c=1;while(c){c=0;for(i=1;i<=NR;i++){p=o[i];"
                                    "if(!(p in k)&&(pp[p] in k)){k[p]=1;c=1}}} for(p in k)if(p!=\"\")print p}' "
                                    "\"${TMPDIR:-/tmp}/hl-ps.$$\"); rm -f \"${TMPDIR:-/tmp}/hl-ps.$$\"; "
                                    "if [ -n \"$nss\" ]; then for d in /proc/[0-9]*; do l=$(readlink \"$d/ns/pid\" 2>/dev/null) || continue; "
                                    "case \" $nss \" in *\" $l \"*) sel=\"$sel ${d#/proc/}\";; esac; done; fi; "
                                    "for p in $sel; do [ -r /proc/$p/cmdline ] || continue; "
                                    "pp=$(sed -n 's/^PPid:[[:space:]]*//p' /proc/$p/status 2>/dev/null); "
                                    "echo \"P $p $pp $(tr '\\000' ' ' </proc/$p/cmdline 2>/dev/null | cut -c1-200)\"; "
                                    "tr '\\000' '\\n' </proc/$p/environ 2>/dev/null | grep -E %2 | "
                                    "awk -F= -v s=%3 -v p=$p 'index(s, \"|\" $1 \"|\") {print \"E \" p \" \" $1 \"=<set>\"; next} "
                                    "{print \"E \" p \" \" $0}'; done")
                         .arg(roots, shellQuote(pattern), shellQuote(QLatin1Char('|') + secrets.join(QLatin1Char('|')) + QLatin1Char('|')));
    if (qps)
        script += QStringLiteral("; echo QP; if command -v rdma >/dev/null 2>&1; then rdma -j resource show qp 2>&1; "
                                 "else echo 'rdma: not installed'; fi");
    return script + QStringLiteral("; true");
}

QSet<qint64> NodeWitness::pids() const
{
    QSet<qint64> s;
    for (const ProcessEnv &p : processes)
        s.insert(p.pid);
    return s;
}

NodeWitness parseProcessWitness(const QByteArray &out)
{
    NodeWitness w;
    const qsizetype qp = out.indexOf("\nQP\n");
    const QByteArray procs = qp >= 0 ? out.left(qp) : (out.startsWith("QP\n") ? QByteArray() : out);
    QHash<qint64, int> at;
    for (const QByteArray &raw : procs.split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (line.startsWith(QLatin1String("P "))) {
            const QStringList f = line.mid(2).split(QLatin1Char(' '));
            ProcessEnv p;
            p.pid = f.value(0).toLongLong();
            p.ppid = f.value(1).toLongLong();
            p.argv = f.mid(2).join(QLatin1Char(' ')).trimmed();
            at.insert(p.pid, int(w.processes.size()));
            w.processes << p;
        } else if (line.startsWith(QLatin1String("E "))) {
            const qsizetype sp = line.indexOf(QLatin1Char(' '), 2);
            const qint64 pid = line.mid(2, sp - 2).toLongLong();
            const QString kv = line.mid(sp + 1);
            const qsizetype eq = kv.indexOf(QLatin1Char('='));
            if (at.contains(pid) && eq > 0)
                w.processes[at.value(pid)].env.insert(kv.left(eq), kv.mid(eq + 1));
        }
    }
    if (qp >= 0 || out.startsWith("QP\n")) {
        const QByteArray json = out.mid(qp >= 0 ? qp + 4 : 3).trimmed();
        QString error;
        w.qps = parseRdmaResQp(json, &error);
        if (!w.qps)
            w.qpError = QString::fromUtf8(json.left(300));
    }
    return w;
}

namespace {

// The processes whose environment matters: Ray's worker actors (where RCCL
// runs), else the role's own programs.
QList<const ProcessEnv *> relevant(const NodeWitness &w)
{
    QList<const ProcessEnv *> workers, programs;
    for (const ProcessEnv &p : w.processes) {
        if (p.argv.contains(QLatin1String("RayWorker")))
            workers << &p;
        else if (p.argv.contains(QLatin1String("vllm")) || p.argv.contains(QLatin1String("rpc-server"))
                 || p.argv.contains(QLatin1String("llama-server")) || p.argv.contains(QLatin1String("ray start"))
                 || p.argv.contains(QLatin1String("ray/scripts")) || p.argv.contains(QLatin1String("/ray ")))
            programs << &p;
    }
    return workers.isEmpty() ? programs : workers;
}

QString shortArgv(const QString &argv)
{
    const QStringList f = argv.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QString s = f.value(0).section(QLatin1Char('/'), -1);
    if (f.size() > 1)
        s += QLatin1Char(' ') + f.at(1).section(QLatin1Char('/'), -1);
    return s;
}

} // namespace

std::optional<QString> effectiveValue(const NodeWitness &w, const QString &name)
{
    for (const ProcessEnv *p : relevant(w))
        if (p->env.contains(name))
            return p->env.value(name);
    return std::nullopt;
}

QStringList envDifferences(const Job &job, const QString &nodeId, const NodeWitness &w)
{
    QStringList out;
    const QString who = nodeNameOf(job, nodeId);
    const QList<const ProcessEnv *> procs = relevant(w);
    for (const ProcessEnv *p : procs) {
        for (const EnvVar &v : job.rendered.env.value(nodeId)) {
            if (v.name == QLatin1String("PATH") || v.name == QLatin1String("VLLM_CONFIG_ROOT"))
                continue; // a login shell or the driver's own may change them
            if (!p->env.contains(v.name))
                out << QObject::tr("%1 %2 (pid %3): %4 is not set; rendered '%5'").arg(who, shortArgv(p->argv)).arg(p->pid).arg(v.name, v.value);
            else if (p->env.value(v.name) != v.value)
                out << QObject::tr("%1 %2 (pid %3): %4 is '%5', rendered '%6'")
                           .arg(who, shortArgv(p->argv))
                           .arg(p->pid)
                           .arg(v.name, p->env.value(v.name), v.value);
        }
        // NCCL_* the image or the node set that HaloLink did not render.
        for (auto it = p->env.cbegin(); it != p->env.cend(); ++it) {
            if (!it.key().startsWith(QLatin1String("NCCL_")))
                continue;
            bool rendered = false;
            for (const EnvVar &v : job.rendered.env.value(nodeId))
                rendered = rendered || v.name == it.key();
            if (!rendered)
                out << QObject::tr("%1 %2 (pid %3): %4='%5' comes from elsewhere (not rendered)")
                           .arg(who, shortArgv(p->argv))
                           .arg(p->pid)
                           .arg(it.key(), it.value());
        }
    }
    out.removeDuplicates();
    return out;
}

} // namespace halolink::jobs
