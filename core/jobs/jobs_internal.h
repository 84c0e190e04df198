#pragma once
// What the launcher's files share (not an interface: core/jobs only).

#include "jobs/job.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace halolink::jobs {

// These files' texts outside a QObject: Jobs::tr("...") is looked up in the
// context lupdate files it under.
struct Jobs {
    Q_DECLARE_TR_FUNCTIONS(halolink::jobs)
};

namespace detail {

constexpr int kDead = 3;               // a readiness command: the role's process is gone
constexpr qint64 kMovedPackets = 256;  // RDMA packets that count as the job's traffic
constexpr qint64 kMovedBytes = 256 * 1024;

QString bytesText(double b);
QHash<QString, QString> envOf(const Job &job, const QString &nodeId);
QJsonObject lastJsonObject(const QByteArray &out);
// Ray's `ray status`: the " 1 node_<id>" lines between "Active:" and "Pending:".
int rayActiveNodes(const QByteArray &out);
std::optional<qint64> number(const QJsonValue &v);
std::optional<qint64> sumOf(std::optional<qint64> a, std::optional<qint64> b);
// What the GPU may use: VRAM + GTT of the node's GPUs when the probe knows
// them (on Strix Halo most of it is GTT in system memory), else the memory.
std::optional<std::pair<qint64, QString>> gpuMemory(const ProbeReport &probe);
// The name the server answers to: vLLM's --served-model-name, llama-server's
// -a/--alias, else the model as given.
QString servedModelName(const JobSpec &spec);
QString problemPrefix(const JobNode &n);
// An IPv4 address as the kernel's sysfs GID table writes it (::ffff:a.b.c.d,
// "0000:0000:0000:0000:0000:ffff:0a4d:0001").
QString ipv4MappedGid(const QString &ipv4);

// The runtimes (jobruntime.cpp).
extern const QString kVllmPidInContainer; // vLLM inside the head's Ray container
extern const QString kVllmLogInContainer;
bool isContainer(Runtime r);
QString containerTool(Runtime r);
// vLLM runs inside the head's Ray container (it is the Ray driver there).
bool insideHeadContainer(const JobSpec &spec, const QString &role);
// The program a role runs (what its /proc/PID/cmdline must contain).
QString programOf(const QString &role);
// The argv in the image's login shell where the job wants it (podman, docker).
QStringList inLoginShell(const JobSpec &spec, const QStringList &argv);
// A token for the node's $HOME inside a value that shellCommand() quotes;
// withHome() turns it into "$HOME" for the shell, after the quoting.
QString homeToken();
QString withHome(QString command);
// "IFS= read -r NAME && export NAME && " per secret: what a command reads from its stdin.
QString secretsPrelude(const QStringList &secrets);
// The shell command that starts a role's container (`podman|docker run -d`
// in the job's image, with the node's environment; secrets by name only).
QString containerStart(const JobSpec &spec, const QString &role, const QList<EnvVar> &env, bool rdma,
                       const QStringList &argv, const QStringList &secrets);
// A detached process on the host or in a toolbox (setsid + nohup, output to
// the role's log, its pid in <role>.pid).
QString detached(const JobSpec &spec, const QString &nodeId, const QString &role, const QList<EnvVar> &env,
                 const QStringList &argv, const QStringList &secrets = {});

} // namespace detail
} // namespace halolink::jobs
