#pragma once
// The RDMA/TCP comparison's report (schema halolink.compare/1): the two
// serving-benchmark runs of one job, each with its transport proof, the
// speed-up per concurrency, whether the greedy outputs matched, and the
// advisor's prediction beside them. Pure data: built by JobComparison, read
// back from the comparisons kept with the cluster (ComparisonStore), printed
// by `halolinkctl job compare` (text, JSON, CSV) and drawn by the Jobs window.

#include "jobs/proof.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace halolink::jobs {

struct CompareRun {
    bool tcpOnly = false;  // the run's launch: spec.tcpOnly
    bool ran = false;      // the benchmark was started
    bool ok = false;
    QString error;
    QJsonObject bench;     // halolink.serve_bench/1 (levels completed, also on failure)
    Proof proof;
};

// One concurrency level, both runs side by side (null: not measured).
struct CompareLevel {
    int concurrency = 0;
    std::optional<double> rdmaTokensPerS, tcpTokensPerS; // total output tokens/s
    std::optional<double> speedup;                       // rdma / tcp
    std::optional<double> rdmaTtftP50Ms, tcpTtftP50Ms;
    std::optional<double> rdmaItlP50Ms, tcpItlP50Ms, rdmaItlP99Ms, tcpItlP99Ms;
};

struct Comparison {
    QString jobName;
    QString engine; // "vllm" or "llama-rpc"
    QStringList nodes;
    QDateTime started, finished;
    QList<int> concurrency;
    int maxTokens = 0;
    int seed = 0;
    CompareRun rdma, tcp;
    bool ok = false;
    bool cancelled = false;
    QString error;
    bool restored = true; // the job runs as before the comparison
    QString restoreError;
    QJsonObject prediction; // the advisor's figures for this job's split, when known

    QList<CompareLevel> levels() const;
    // Whether the greedy outputs are the same: prompt by prompt over the
    // prompts both runs completed (the benches' prompt_sha256), else the
    // whole outputs_sha256; nullopt when a run failed or nothing compares.
    std::optional<bool> outputsMatch() const;
    // How many prompts were compared one by one (0: none, or the whole hash).
    int outputsCompared() const;
};

QJsonObject toJson(const Comparison &c);
// The stored document back; nullopt (and *error) when it is not one.
std::optional<Comparison> comparisonFromJson(const QJsonObject &o, QString *error = nullptr);
QString comparisonText(const Comparison &c);
QString comparisonCsv(const Comparison &c);

// The comparisons kept with the cluster: a JSON file each under
// <app data>/comparisons/ (or the folder given), newest first.
class ComparisonStore
{
public:
    explicit ComparisonStore(QString folder = {});
    QString folder() const { return m_folder; }
    // Writes atomically; the file's path, or empty (and *error).
    QString save(const Comparison &c, QString *error = nullptr) const;
    QList<Comparison> list(const QString &jobName = {}) const;

private:
    QString m_folder;
};

} // namespace halolink::jobs
