#include "jobs/jobfailurehints.h"

#include <QCoreApplication>

namespace halolink::ui {

namespace {

class JobFailureHints {
    Q_DECLARE_TR_FUNCTIONS(JobFailureHints)
};

} // namespace

QStringList failureHints(const QString &failure, const jobs::Job &job)
{
    QStringList hints;
    const int tp = int(job.nodes.size());
    if (failure.contains(QLatin1String("required GPUs exceeds the total number of available GPUs"))) {
        // vLLM's placement group is counted in Ray's GPUs: one per node that joined.
        QString hint = JobFailureHints::tr(
            "This is not about the nodes' GPUs: vLLM counts the GPUs of the Ray cluster it is connected to "
            "(each node of the job joins it with --num-gpus=1) and found fewer than the %n it needs, one per node.",
            nullptr, tp);
        if (failure.contains(QLatin1String("Started a local Ray instance"))
            || failure.contains(QLatin1String("No existing RAY instance detected")))
            hint += QLatin1Char(' ')
                + JobFailureHints::tr("It did not find the job's Ray cluster and started a one-node Ray of its own: "
                                      "on the head, vLLM must see Ray's address (RAY_ADDRESS, or /tmp/ray of "
                                      "the Ray head).");
        else
            hint += QLatin1Char(' ')
                + JobFailureHints::tr("Check that every node's Ray worker is still in the cluster (ray status on the head).");
        hints << hint;
    }
    if (failure.contains(QLatin1String("Cannot provide a placement group")))
        hints << JobFailureHints::tr(
            "Another vLLM holds the Ray cluster's GPUs (one per node): stop the job that uses these nodes first.");
    if (failure.contains(QLatin1String("tensor_parallel_size")) && failure.contains(QLatin1String("local gpu count")))
        hints << JobFailureHints::tr(
            "vLLM ran without the job's Ray cluster, on the GPUs of the head alone: it must use Ray "
            "(--distributed-executor-backend ray) to spread over %n node(s).",
            nullptr, tp);
    if (failure.contains(QLatin1String("No available memory for the cache blocks")))
        hints << JobFailureHints::tr(
            "The weights and the KV cache do not fit in the share of memory vLLM may take (GPU memory "
            "utilization) on each node: a smaller model, more nodes, or a shorter --max-model-len.");
    return hints;
}

} // namespace halolink::ui
