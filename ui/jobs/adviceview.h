#pragma once
// The advisor's answer beside the New Job form (core/advise/advisor.h), as
// the person fills the form in: whether the model fits on one node, tensor
// parallel or in a layer split over the checked nodes, the way to take, and
// the predicted decode speed and time to first token over RDMA and TCP with
// their parts (the nodes' own work, the link's share). The way the form's
// engine runs is marked.
//
// The model's shape is read on the head (the agent's model_shape: the files
// are there) through a ShapeReader the Jobs window gives; until a shape is
// read nothing is predicted ("model shape not read yet"), never a figure
// made up. The GPU memory comes from the nodes' probes; the links are the
// reference setup's figures, said so.

#include "advise/advisor.h"
#include "advise/meshlinks.h"
#include "advise/verificationlinks.h"
#include "jobs/jobrender.h"

#include <QHash>
#include <QWidget>

#include <functional>
#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTimer;
class QToolButton;

namespace halolink {
class ClusterController;
class TelemetryStore;
}

namespace halolink::ui {

class AdviceView final : public QWidget {
    Q_OBJECT

public:
    // Reads the shape of `path` on `nodeId`: false when it cannot now (the
    // node is not connected); else `done` is called once, later, while
    // `context` lives.
    using ShapeReader = std::function<bool(const QString &nodeId, const QString &path, QObject *context,
        std::function<void(const advise::ShapeDecodeResult &)> done)>;

    explicit AdviceView(QWidget *parent = nullptr);
    // Through the node's agent (model_shape, decoded by core/advise): the
    // Jobs window's reader; it cannot read while the node is not Ready.
    static ShapeReader agentReader(ClusterController *cluster);

    void setShapeReader(ShapeReader reader);
    // The links between these nodes (inventory ids, the head first) as this
    // cluster measured them; none set, or nothing measured: the reference's.
    using LinkReader = std::function<advise::MeshLinks(const QStringList &nodeIds)>;
    void setLinkReader(LinkReader reader);
    // From the app's telemetry (the agents' live mesh: latency per pair).
    static LinkReader meshReader(const TelemetryStore *store);
    // The kept cluster's verification for these nodes (nullopt: it did not
    // measure every pair of them). By default the record on disk.
    using VerificationReader = std::function<std::optional<advise::VerificationLinks>(const QStringList &nodeIds)>;
    void setVerificationReader(VerificationReader reader);
    static std::optional<advise::VerificationLinks> keptVerification(const QStringList &nodeIds);
    // What the form describes: the model, the engine, the context, the nodes (the head first) and their probes.
    void setJob(const jobs::JobSpec &spec, const QList<jobs::JobNode> &nodes);
    // A shape read for the model on that head (what a ShapeReader delivers).
    void setShape(const QString &headNodeId, const QString &path, const advise::ShapeDecodeResult &result);

    // The answer shown (none until the shape is read).
    const std::optional<advise::Advice> &advice() const { return m_advice; }
    // The panel's text, as shown (plain).
    QString summaryText() const;
    // The way the form's engine runs over that many nodes.
    static advise::Way wayOf(jobs::Engine engine, int nodes);
    // What the advisor is asked for a job: the GPU memory from the nodes'
    // probes (unknown without one, with a note), the reference links, the
    // job's context, one request at a time.
    // With `measured` (anyMeasured()), its latencies instead, said so; with
    // `verified` (the kept cluster's verification of these nodes), its
    // bandwidth, and its latency where the mesh has none recent.
    static advise::AdviceRequest requestFor(const jobs::JobSpec &spec, const QList<jobs::JobNode> &nodes,
        const advise::ModelShape &shape, const advise::MeshLinks *measured = nullptr,
        const advise::VerificationLinks *verified = nullptr);
    // The links for these nodes from the link reader (nullopt: none set).
    std::optional<advise::MeshLinks> measuredLinks(const QList<jobs::JobNode> &nodes) const;
    // The RDMA/TCP comparison's "prediction" (comparereport.h) from an
    // answer: the way the job runs, its decode tok/s over RDMA and TCP (null
    // when unknown); empty when that way was not predicted. *why says why not.
    static QJsonObject predictionFor(const advise::Advice &advice, jobs::Engine engine, QString *why = nullptr);

public Q_SLOTS:
    // Reads the model's shape on the head now (again).
    void readShape();

private:
    QString key() const;
    void update();
    QString wayLine(const advise::WayAdvice &w, bool thisJob) const;

    ShapeReader m_reader;
    LinkReader m_links;
    VerificationReader m_verification = &AdviceView::keptVerification;
    jobs::JobSpec m_spec;
    QList<jobs::JobNode> m_nodes;
    QHash<QString, advise::ShapeDecodeResult> m_shapes; // head|path -> what was read
    QString m_reading; // the key being read
    QString m_notRead; // why the shape was not read (no session)
    std::optional<advise::Advice> m_advice;
    QTimer *m_debounce;
    QLabel *m_text;
    QPushButton *m_read;
    QToolButton *m_detailsButton;
    QPlainTextEdit *m_details;
};

} // namespace halolink::ui
