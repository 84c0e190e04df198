#include "jobs/smokeresultview.h"

#include "status/statusstyle.h"
#include "telemetry/telemetrykeys.h"

#include <QEvent>
#include <QFormLayout>
#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QTableWidget>
#include <QVBoxLayout>

namespace halolink::ui {

namespace {

Check::Status statusOf(jobs::Proof::Verdict v)
{
    switch (v) {
    case jobs::Proof::Verdict::Rdma:
        return Check::Status::Pass;
    case jobs::Proof::Verdict::Tcp:
        return Check::Status::Fail;
    case jobs::Proof::Verdict::Mixed:
    case jobs::Proof::Verdict::NoTraffic:
        return Check::Status::Warn;
    case jobs::Proof::Verdict::Unknown:
        break;
    }
    return Check::Status::Unknown;
}

QString countText(const std::optional<qint64> &v)
{
    return v ? QLocale().toString(*v) : QStringLiteral("—");
}

QString bytesText(const std::optional<qint64> &v)
{
    return v ? telemetry::formatValue(double(*v), telemetry::Unit::Bytes) : QStringLiteral("—");
}

QLabel *valueLabel(const QString &objectName, const QString &accessibleName, QWidget *parent)
{
    auto *l = new QLabel(QStringLiteral("—"), parent);
    l->setObjectName(objectName);
    l->setAccessibleName(accessibleName);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    return l;
}

} // namespace

QString SmokeResultView::verdictTitle(jobs::Proof::Verdict verdict)
{
    switch (verdict) {
    case jobs::Proof::Verdict::Rdma:
        return tr("RDMA carried it");
    case jobs::Proof::Verdict::Tcp:
        return tr("It went over TCP, not RDMA");
    case jobs::Proof::Verdict::Mixed:
        return tr("Mixed: RDMA on some nodes only");
    case jobs::Proof::Verdict::NoTraffic:
        return tr("No traffic between the nodes");
    case jobs::Proof::Verdict::Unknown:
        break;
    }
    return tr("Unknown: the counters could not be read");
}

SmokeResultView::SmokeResultView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("smokeResultView"));
    auto *layout = new QVBoxLayout(this);
    m_placeholder = new QLabel(this);
    m_placeholder->setObjectName(QStringLiteral("smokePlaceholder"));
    m_placeholder->setWordWrap(true);
    m_placeholder->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_placeholder);
    m_content = new QWidget(this);
    layout->addWidget(m_content, 1);
    auto *content = new QVBoxLayout(m_content);
    content->setContentsMargins(0, 0, 0, 0);

    // The answer.
    auto *answerBox = new QGroupBox(tr("Smoke test: one chat completion on the head"), m_content);
    auto *answerLayout = new QHBoxLayout(answerBox);
    auto *numbers = new QFormLayout;
    m_answerState = new QLabel(answerBox);
    m_answerState->setObjectName(QStringLiteral("smokeState"));
    m_answerState->setWordWrap(true);
    m_answerState->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_ttft = valueLabel(QStringLiteral("smokeTtft"), tr("Time to first token"), answerBox);
    m_rate = valueLabel(QStringLiteral("smokeRate"), tr("Tokens per second"), answerBox);
    m_tokens = valueLabel(QStringLiteral("smokeTokens"), tr("Tokens"), answerBox);
    m_total = valueLabel(QStringLiteral("smokeTotal"), tr("Total time"), answerBox);
    numbers->addRow(m_answerState);
    numbers->addRow(tr("Time to first token:"), m_ttft);
    numbers->addRow(tr("Tokens/s:"), m_rate);
    numbers->addRow(tr("Tokens:"), m_tokens);
    numbers->addRow(tr("Total time:"), m_total);
    m_answer = new QPlainTextEdit(answerBox);
    m_answer->setObjectName(QStringLiteral("smokeAnswer"));
    m_answer->setReadOnly(true);
    m_answer->setAccessibleName(tr("The answer"));
    m_answer->setPlaceholderText(tr("The model's answer"));
    m_answer->setTabChangesFocus(true);
    m_answer->setMaximumHeight(110);
    answerLayout->addLayout(numbers, 2);
    answerLayout->addWidget(m_answer, 3);
    content->addWidget(answerBox);

    // The proof.
    auto *proofBox
        = new QGroupBox(tr("RDMA proof: the port counters, what the library says and the job's queue pairs"), m_content);
    auto *proofLayout = new QVBoxLayout(proofBox);
    m_banner = new QFrame(proofBox);
    m_banner->setObjectName(QStringLiteral("proofBanner"));
    m_banner->setFrameShape(QFrame::StyledPanel);
    m_banner->setAutoFillBackground(true);
    auto *bannerLayout = new QHBoxLayout(m_banner);
    m_verdictIcon = new QLabel(m_banner);
    m_verdictIcon->setFixedSize(32, 32);
    m_verdictIcon->setAlignment(Qt::AlignTop);
    auto *bannerText = new QVBoxLayout;
    m_verdict = new QLabel(m_banner);
    m_verdict->setObjectName(QStringLiteral("proofVerdict"));
    m_verdict->setAccessibleName(tr("Verdict"));
    QFont big = m_verdict->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.2);
    m_verdict->setFont(big);
    m_summary = new QLabel(m_banner);
    m_summary->setObjectName(QStringLiteral("proofSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bannerText->addWidget(m_verdict);
    bannerText->addWidget(m_summary);
    bannerLayout->addWidget(m_verdictIcon, 0, Qt::AlignTop);
    bannerLayout->addLayout(bannerText, 1);
    proofLayout->addWidget(m_banner);

    auto *details = new QHBoxLayout;
    // In a widget of its own: hidden (no causes), the table takes the width.
    m_causesBox = new QWidget(proofBox);
    auto *causesColumn = new QVBoxLayout(m_causesBox);
    causesColumn->setContentsMargins(0, 0, 0, 0);
    m_causesLabel = new QLabel(tr("Likely ca&uses:"), m_causesBox);
    m_causes = new QListWidget(m_causesBox);
    m_causes->setObjectName(QStringLiteral("proofCauses"));
    m_causes->setAccessibleName(tr("Likely causes"));
    m_causes->setWordWrap(true);
    m_causes->setTextElideMode(Qt::ElideNone);
    m_causesLabel->setBuddy(m_causes);
    causesColumn->addWidget(m_causesLabel);
    causesColumn->addWidget(m_causes, 1);
    auto *nodesColumn = new QVBoxLayout;
    auto *nodesLabel = new QLabel(tr("Per &node (background traffic subtracted):"), proofBox);
    m_nodes = new QTableWidget(0, 8, proofBox);
    m_nodes->setObjectName(QStringLiteral("proofNodes"));
    m_nodes->setAccessibleName(tr("Traffic per node during the smoke test"));
    m_nodes->setHorizontalHeaderLabels({ tr("Node"), tr("RDMA device:port"), tr("RDMA packets"),
        tr("RDMA bytes"), tr("NIC bytes"), tr("Library says"), tr("Queue pairs"), tr("Carried by") });
    m_nodes->verticalHeader()->hide();
    m_nodes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_nodes->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_nodes->setTabKeyNavigation(false);
    m_nodes->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Every column as wide as its header and cells (none squeezed under its title); the verdict takes the rest.
    m_nodes->horizontalHeader()->setStretchLastSection(true);
    nodesLabel->setBuddy(m_nodes);
    nodesColumn->addWidget(nodesLabel);
    nodesColumn->addWidget(m_nodes, 1);
    // The table has eight columns: it gets the larger share.
    details->addWidget(m_causesBox, 1);
    details->addLayout(nodesColumn, 2);
    proofLayout->addLayout(details, 1);
    content->addWidget(proofBox, 1);

    clear();
}

void SmokeResultView::clear(const QString &why)
{
    m_result.reset();
    m_placeholder->setText(why.isEmpty()
            ? tr("No smoke test yet. Smoke Test sends one prompt to the job's API on the "
                 "head (time to first token, tokens/s) and reads every node's RDMA "
                 "port and NIC counters before and after: the proof of what carried "
                 "the tensor-parallel traffic.")
            : why);
    m_placeholder->setVisible(true);
    m_content->setVisible(false);
}

void SmokeResultView::setResult(const jobs::SmokeResult &r)
{
    m_result = r;
    m_placeholder->setVisible(false);
    m_content->setVisible(true);
    const QLocale locale;
    if (r.ok) {
        m_answerState->setText(tr("The job answered."));
        m_ttft->setText(tr("%1 ms").arg(locale.toString(r.ttftMs, 'f', 0)));
        m_rate->setText(r.tokensPerSecond ? locale.toString(*r.tokensPerSecond, 'f', 1) : tr("n/a"));
        m_tokens->setText(locale.toString(r.tokens));
        m_total->setText(tr("%1 s").arg(locale.toString(r.totalMs / 1000.0, 'f', 2)));
        m_answer->setPlainText(r.text);
    } else {
        m_answerState->setText(tr("The smoke test failed: %1").arg(r.error));
        for (QLabel *l : { m_ttft, m_rate, m_tokens, m_total })
            l->setText(QStringLiteral("—"));
        m_answer->clear();
    }

    const jobs::Proof &p = r.proof;
    m_verdict->setText(verdictTitle(p.verdict));
    m_summary->setText(p.summary);
    m_banner->setAccessibleName(tr("Verdict: %1").arg(verdictTitle(p.verdict)));
    m_banner->setAccessibleDescription(p.summary);
    m_causes->clear();
    for (const QString &c : p.causes)
        m_causes->addItem(c);
    // Where the processes do not run with what was rendered: a cause too.
    for (const jobs::NodeTraffic &t : p.nodes)
        for (const QString &d : t.envDifferences)
            m_causes->addItem(tr("In effect: %1").arg(d));
    const bool causes = m_causes->count() > 0;
    m_causesBox->setVisible(causes);

    m_nodes->setRowCount(int(p.nodes.size()));
    for (int i = 0; i < p.nodes.size(); ++i) {
        const jobs::NodeTraffic &t = p.nodes.at(i);
        QString carried;
        if (t.state == QLatin1String("rdma"))
            carried = tr("RDMA");
        else if (t.state == QLatin1String("tcp"))
            carried = tr("TCP (NIC only)");
        else if (t.state == QLatin1String("quiet"))
            carried = tr("nothing");
        else if (t.state == QLatin1String("unknown"))
            carried = t.error.isEmpty() ? tr("unknown") : t.error;
        else if (!t.measured)
            carried = t.error.isEmpty() ? tr("not measured") : t.error;
        else if (t.rdmaMoved)
            carried = tr("RDMA");
        else if (t.nicMoved)
            carried = tr("TCP (NIC only)");
        else
            carried = tr("nothing");
        const QString port
            = t.rdmaDevice.isEmpty() ? tr("none") : QStringLiteral("%1:%2").arg(t.rdmaDevice).arg(t.rdmaPort);
        const QString says = t.transport == QLatin1String("ib") ? QStringLiteral("NET/IB")
            : t.transport == QLatin1String("socket")            ? QStringLiteral("NET/Socket")
            : t.transport == QLatin1String("rdma")              ? tr("RDMA activated")
            : t.transport == QLatin1String("tcp")               ? tr("no RDMA connection")
                                                                : QStringLiteral("—");
        const QString qps = t.queuePairs ? QLocale().toString(*t.queuePairs) : QStringLiteral("—");
        const QStringList cells { t.name, t.measured ? port : QStringLiteral("—"), countText(t.rdmaPackets),
            bytesText(t.rdmaBytes), bytesText(t.nicBytes), says, qps, carried };
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            if ((c >= 2 && c <= 4) || c == 6)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == 4 && t.nicPackets)
                item->setToolTip(tr("%1 packets").arg(QLocale().toString(*t.nicPackets)));
            if (!t.error.isEmpty())
                item->setToolTip(t.error);
            m_nodes->setItem(i, c, item);
        }
    }
    applyVerdictStyle();
}

void SmokeResultView::applyVerdictStyle()
{
    const QPalette pal = palette();
    const Check::Status s = m_result ? statusOf(m_result->proof.verdict) : Check::Status::Unknown;
    QPalette bannerPalette = m_banner->palette();
    bannerPalette.setColor(QPalette::Window, StatusStyle::background(s, pal));
    bannerPalette.setColor(QPalette::WindowText, pal.color(QPalette::WindowText));
    m_banner->setPalette(bannerPalette);
    m_verdictIcon->setPixmap(StatusStyle::icon(s, pal).pixmap(32, 32));
    QPalette verdictPalette = m_verdict->palette();
    verdictPalette.setColor(QPalette::WindowText,
        s == Check::Status::Unknown ? pal.color(QPalette::WindowText) : StatusStyle::color(s, pal));
    m_verdict->setPalette(verdictPalette);
    if (!m_result)
        return;
    for (int i = 0; i < m_nodes->rowCount() && i < m_result->proof.nodes.size(); ++i) {
        const jobs::NodeTraffic &t = m_result->proof.nodes.at(i);
        const QString st = !t.state.isEmpty() ? t.state
            : !t.measured                     ? QStringLiteral("unknown")
            : t.rdmaMoved                     ? QStringLiteral("rdma")
            : t.nicMoved                      ? QStringLiteral("tcp")
                                              : QStringLiteral("quiet");
        const Check::Status ns = st == QLatin1String("rdma") ? Check::Status::Pass
            : st == QLatin1String("tcp")                     ? Check::Status::Fail
            : st == QLatin1String("quiet")                   ? Check::Status::Warn
                                                             : Check::Status::Unknown;
        if (QTableWidgetItem *item = m_nodes->item(i, 7))
            item->setIcon(StatusStyle::icon(ns, pal));
    }
}

void SmokeResultView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyVerdictStyle();
}

} // namespace halolink::ui
