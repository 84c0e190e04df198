#include "jobs/adviceview.h"

#include "cluster/clustercontroller.h"
#include "telemetry/telemetrystore.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace halolink::ui {

namespace {

QString rate(const advise::Maybe &v)
{
    return v ? QLocale().toString(*v, 'f', 1) : AdviceView::tr("unknown");
}

QString ms(const advise::Maybe &seconds)
{
    return seconds ? QLocale().toString(*seconds * 1000, 'f', 1) : AdviceView::tr("unknown");
}

QString sec(const advise::Maybe &seconds)
{
    return seconds ? QLocale().toString(*seconds, 'f', 2) : AdviceView::tr("unknown");
}

} // namespace

AdviceView::AdviceView(QWidget *parent)
    : QWidget(parent)
    , m_debounce(new QTimer(this))
{
    setObjectName(QStringLiteral("adviceView"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("adviceText"));
    m_text->setAccessibleName(tr("Advice: does it fit, which split, how fast"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_text);
    auto *buttons = new QHBoxLayout;
    m_read = new QPushButton(tr("Read the Model's Sh&ape"), this);
    m_read->setObjectName(QStringLiteral("readShapeButton"));
    m_read->setAccessibleName(tr("Read the model's shape on the head"));
    m_read->setToolTip(tr("Read the model's files on the head (layers, heads, sizes) for the advice; done by "
                          "itself a moment after the model or the head changes"));
    m_read->setAutoDefault(false);
    m_detailsButton = new QToolButton(this);
    m_detailsButton->setObjectName(QStringLiteral("adviceDetailsButton"));
    m_detailsButton->setText(tr("Parts and Assumptions"));
    m_detailsButton->setAccessibleName(tr("Show the parts and assumptions of the advice"));
    m_detailsButton->setCheckable(true);
    m_detailsButton->setEnabled(false);
    buttons->addWidget(m_read);
    buttons->addWidget(m_detailsButton);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    m_details = new QPlainTextEdit(this);
    m_details->setObjectName(QStringLiteral("adviceDetails"));
    m_details->setAccessibleName(tr("The advice with its parts and assumptions"));
    m_details->setReadOnly(true);
    m_details->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_details->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_details->setTabChangesFocus(true);
    m_details->setMinimumHeight(160);
    m_details->setVisible(false);
    layout->addWidget(m_details, 1);

    // The model's path is typed a letter at a time: read it once typing pauses.
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(900);
    connect(m_debounce, &QTimer::timeout, this, &AdviceView::readShape);
    connect(m_read, &QPushButton::clicked, this, [this] {
        m_shapes.remove(key()); // again, on request
        readShape();
    });
    connect(m_detailsButton, &QToolButton::toggled, m_details, &QWidget::setVisible);
    update();
}

AdviceView::ShapeReader AdviceView::agentReader(ClusterController *cluster)
{
    const QPointer<ClusterController> guard(cluster);
    return [guard](const QString &nodeId, const QString &path, QObject *context,
               std::function<void(const advise::ShapeDecodeResult &)> done) -> bool {
        AgentSession *session = guard ? guard->session(nodeId) : nullptr;
        if (!session || guard->state(nodeId) != NodeState::Ready)
            return false;
        AgentReply *reply = session->request(
            QStringLiteral("model_shape"), { { QStringLiteral("path"), path } }, std::chrono::seconds(120));
        QObject::connect(reply, &AgentReply::finished, context, [reply, done] {
            if (!reply->isError()) {
                done(advise::decodeModelShape(reply->result().toObject()));
                return;
            }
            advise::ShapeDecodeResult failed;
            failed.error = reply->error().value(QStringLiteral("code")).toString() == QLatin1String("unknown_method")
                ? tr("its engine cannot read model shapes (model_shape); update it")
                : reply->errorString();
            done(failed);
        });
        return true;
    };
}

void AdviceView::setShapeReader(ShapeReader reader)
{
    m_reader = std::move(reader);
    update();
    if (m_reader && !key().isEmpty() && !m_shapes.contains(key()))
        m_debounce->start();
}

advise::Way AdviceView::wayOf(jobs::Engine engine, int nodes)
{
    if (nodes <= 1)
        return advise::Way::SingleNode;
    return engine == jobs::Engine::VllmRay ? advise::Way::TensorParallel : advise::Way::LayerSplit;
}

void AdviceView::setLinkReader(LinkReader reader)
{
    m_links = std::move(reader);
    update();
}

AdviceView::LinkReader AdviceView::meshReader(const TelemetryStore *store)
{
    QPointer<const TelemetryStore> guard(store);
    return [guard](const QStringList &nodeIds) {
        return guard ? advise::linksFromMesh(*guard, nodeIds) : advise::MeshLinks{};
    };
}

void AdviceView::setVerificationReader(VerificationReader reader)
{
    m_verification = std::move(reader);
    update();
}

std::optional<advise::VerificationLinks> AdviceView::keptVerification(const QStringList &nodeIds)
{
    const auto kept = setup::SavedSetup::load();
    return kept ? advise::linksFromVerification(*kept, nodeIds) : std::nullopt;
}

std::optional<advise::MeshLinks> AdviceView::measuredLinks(const QList<jobs::JobNode> &nodes) const
{
    if (!m_links || nodes.size() < 2)
        return std::nullopt;
    QStringList ids;
    for (const jobs::JobNode &n : nodes)
        ids << n.nodeId;
    return m_links(ids);
}

advise::AdviceRequest AdviceView::requestFor(const jobs::JobSpec &spec, const QList<jobs::JobNode> &nodes,
    const advise::ModelShape &shape, const advise::MeshLinks *measured, const advise::VerificationLinks *verified)
{
    advise::AdviceRequest request;
    request.shape = shape;
    for (const jobs::JobNode &n : nodes) {
        if (!n.probe) {
            advise::NodeFigures unknown;
            unknown.name = n.name;
            request.nodes << unknown;
            request.notes << tr("%1: GPU memory unknown: not probed yet").arg(n.name);
            continue;
        }
        QString note;
        request.nodes << advise::nodeFiguresFromProbe(n.name, *n.probe, &note);
        if (!note.isEmpty())
            request.notes << note;
    }
    request.links = advise::referenceLinks();
    if (measured && measured->anyMeasured()) {
        request.links = measured->links;
        request.linkSource.kind = advise::LinkSource::Kind::LiveMesh;
        if (!verified)
            request.notes << measured->notes;
        if (verified) {
            // The mesh measures no bandwidth: the verification's, where it has it;
            // a transport without a recent mesh figure takes its latency too.
            request.links.rdma.bandwidthBytesPerSecond = verified->links.rdma.bandwidthBytesPerSecond;
            request.links.tcp.bandwidthBytesPerSecond = verified->links.tcp.bandwidthBytesPerSecond;
            if (!measured->rdmaLatencyMeasured)
                request.links.rdma.oneWayLatencySeconds = verified->links.rdma.oneWayLatencySeconds;
            if (!measured->tcpLatencyMeasured)
                request.links.tcp.oneWayLatencySeconds = verified->links.tcp.oneWayLatencySeconds;
            request.linkSource.bandwidthFromVerification = true;
            request.linkSource.verifiedAt = verified->measuredAt;
            const QString when = verified->measuredAt.toUTC().toString(Qt::ISODate);
            request.notes << tr("links: latency from the live mesh (the slowest pair, p50); bandwidth from the "
                                "cluster's verification at %1 (the slowest pair)")
                                 .arg(when);
            if (!measured->rdmaLatencyMeasured)
                request.notes << tr("RDMA latency: the cluster's verification's (the mesh has no recent RDMA figure "
                                    "for every pair)");
            if (!measured->tcpLatencyMeasured)
                request.notes << tr("TCP latency: the cluster's verification's (the mesh has no recent TCP figure "
                                    "for every pair)");
            request.notes << verified->notes;
        }
    } else if (verified) {
        request.links = verified->links;
        request.linkSource.kind = advise::LinkSource::Kind::Verification;
        request.linkSource.measuredAt = verified->measuredAt;
        request.linkSource.pairs = verified->pairs;
        request.notes << tr("links: %1").arg(request.linkSource.text()) << verified->notes;
    } else if (nodes.size() > 1) {
        request.notes << tr("links: the reference setup's figures (FIELD_NOTES), not this cluster's");
    }
    if (spec.maxModelLen && *spec.maxModelLen > 0)
        request.workload.contextTokens = std::uint64_t(*spec.maxModelLen);
    return request;
}

QJsonObject AdviceView::predictionFor(const advise::Advice &advice, jobs::Engine engine, QString *why)
{
    const advise::Way way = wayOf(engine, int(advice.nodes.size()));
    for (const advise::WayAdvice &w : advice.ways) {
        if (w.way != way)
            continue;
        if (!w.prediction) {
            if (why)
                *why = tr("%1 was not predicted: %2").arg(w.title(), w.verdict);
            return {};
        }
        const advise::Maybe r = w.prediction->rdma.tokensPerSecond, t = w.prediction->tcp.tokensPerSecond;
        if (!r && !t) {
            if (why)
                *why = tr("the speed of %1 is unknown").arg(w.title());
            return {};
        }
        return QJsonObject { { QStringLiteral("way"), w.title() },
            { QStringLiteral("rdma_tokens_per_s"), r ? QJsonValue(*r) : QJsonValue() },
            { QStringLiteral("tcp_tokens_per_s"), t ? QJsonValue(*t) : QJsonValue() },
            { QStringLiteral("links"), advice.linkSource.text() },
            { QStringLiteral("schema"), QString::fromLatin1(advise::kAdviceSchema) } };
    }
    if (why)
        *why = tr("the advisor has no answer for this job's way");
    return {};
}

QString AdviceView::key() const
{
    if (m_nodes.isEmpty() || m_spec.model.isEmpty())
        return {};
    return m_nodes.first().nodeId + QLatin1Char('|') + m_spec.model;
}

void AdviceView::setJob(const jobs::JobSpec &spec, const QList<jobs::JobNode> &nodes)
{
    const QString before = key();
    m_spec = spec;
    m_nodes = nodes;
    const QString now = key();
    if (now != before) {
        m_notRead.clear();
        if (m_reader && !now.isEmpty() && !m_shapes.contains(now))
            m_debounce->start();
    }
    update();
}

void AdviceView::setShape(const QString &headNodeId, const QString &path, const advise::ShapeDecodeResult &result)
{
    const QString k = headNodeId + QLatin1Char('|') + path;
    m_shapes.insert(k, result);
    if (m_reading == k)
        m_reading.clear();
    update();
}

void AdviceView::readShape()
{
    m_debounce->stop();
    const QString k = key();
    if (k.isEmpty() || !m_reader || m_reading == k || m_shapes.contains(k))
        return;
    const QString head = m_nodes.first().nodeId;
    const QString headName = m_nodes.first().name;
    const QString path = m_spec.model;
    m_notRead.clear();
    m_reading = k;
    const bool started = m_reader(head, path, this, [this, head, path](const advise::ShapeDecodeResult &r) {
        setShape(head, path, r);
    });
    if (!started) {
        if (m_reading == k)
            m_reading.clear();
        m_notRead = tr("%1 is not connected").arg(headName);
    }
    update();
}

QString AdviceView::wayLine(const advise::WayAdvice &w, bool thisJob) const
{
    QString title = w.title().toHtmlEscaped();
    if (thisJob)
        title = tr("%1 (what this job runs)").arg(title);
    QString line = QStringLiteral("<b>%1</b>: %2").arg(title, w.verdict.toHtmlEscaped());
    if (!w.prediction)
        return line;
    const advise::Prediction &p = *w.prediction;
    if (!p.rdma.tokensPerSecond && !p.tcp.tokensPerSecond)
        return line + QStringLiteral("<br>") + tr("Speed unknown: the prediction needs what is unknown above.");
    if (w.nodes > 1) {
        line += QStringLiteral("<br>")
            + tr("Decode: RDMA %1 tok/s (a token: %2 ms on the nodes + %3 ms on the link), TCP %4 tok/s (%5 ms + %6 "
                 "ms). First token: RDMA %7 s, TCP %8 s.")
                  .arg(rate(p.rdma.tokensPerSecond), ms(p.rdma.decodeStep.computeSeconds),
                      ms(p.rdma.decodeStep.commSeconds), rate(p.tcp.tokensPerSecond),
                      ms(p.tcp.decodeStep.computeSeconds), ms(p.tcp.decodeStep.commSeconds),
                      sec(p.rdma.timeToFirstTokenSeconds), sec(p.tcp.timeToFirstTokenSeconds));
    } else {
        line += QStringLiteral("<br>")
            + tr("Decode: %1 tok/s (a token: %2 ms). First token: %3 s.")
                  .arg(rate(p.rdma.tokensPerSecond), ms(p.rdma.decodeStep.computeSeconds),
                      sec(p.rdma.timeToFirstTokenSeconds));
    }
    return line;
}

void AdviceView::update()
{
    m_advice.reset();
    const QString k = key();
    const bool canRead = m_reader && !k.isEmpty();
    m_read->setEnabled(canRead && m_reading != k);
    QString html;
    if (m_spec.model.isEmpty()) {
        html = tr("Give the model to see whether it fits, which split to take and how fast it would be over RDMA "
                  "and TCP.");
    } else if (m_nodes.isEmpty()) {
        html = tr("Check the nodes the job would run on to see whether the model fits.");
    } else if (!m_reading.isEmpty() && m_reading == k) {
        html = tr("Reading the model's shape on %1…").arg(m_nodes.first().name.toHtmlEscaped());
    } else if (!m_shapes.contains(k)) {
        html = m_notRead.isEmpty() ? tr("Model shape not read yet: no fit or speed without it.")
                                   : tr("Model shape not read yet (%1): no fit or speed without it.")
                                         .arg(m_notRead.toHtmlEscaped());
        if (!m_reader)
            html += QLatin1Char(' ') + tr("The head must be connected to read it.");
    } else if (const advise::ShapeDecodeResult &r = m_shapes[k]; !r.shape) {
        html = tr("The model's shape could not be read on %1: %2")
                   .arg(m_nodes.first().name.toHtmlEscaped(), r.error.toHtmlEscaped());
    } else {
        const auto measured = measuredLinks(m_nodes);
        QStringList ids;
        for (const jobs::JobNode &n : std::as_const(m_nodes))
            ids << n.nodeId;
        const auto verified = m_verification ? m_verification(ids) : std::nullopt;
        const advise::AdviceRequest request = requestFor(m_spec, m_nodes, *r.shape, measured ? &*measured : nullptr,
                                                         verified ? &*verified : nullptr);
        m_advice = advise::advise(request);
        const advise::Way mine = wayOf(m_spec.engine, int(m_nodes.size()));
        QStringList lines;
        lines << tr("<b>Advice</b> (context %1 tokens, one request at a time): %2")
                     .arg(QLocale().toString(qulonglong(request.workload.contextTokens)),
                         m_advice->recommendation.toHtmlEscaped());
        for (int i = 0; i < m_advice->ways.size(); ++i)
            lines << wayLine(m_advice->ways.at(i), m_advice->ways.at(i).way == mine);
        if (!m_advice->notes.isEmpty())
            lines << QStringLiteral("<small>%1</small>")
                         .arg(m_advice->notes.join(QStringLiteral("; ")).toHtmlEscaped());
        html = lines.join(QStringLiteral("<br>"));
    }
    m_text->setText(html);
    m_detailsButton->setEnabled(m_advice.has_value());
    if (!m_advice)
        m_detailsButton->setChecked(false);
    m_details->setPlainText(m_advice ? advise::adviceText(*m_advice) : QString());
}

QString AdviceView::summaryText() const
{
    QTextDocument doc;
    doc.setHtml(m_text->text());
    return doc.toPlainText();
}

} // namespace halolink::ui
