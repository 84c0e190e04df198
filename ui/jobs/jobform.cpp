#include "jobs/jobform.h"

#include "setup/savedsetup.h"

#include "inventory/inventory.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QVBoxLayout>

namespace halolink::ui {

namespace {
constexpr int kIdRole = Qt::UserRole;
constexpr int kLabelRole = Qt::UserRole + 1;
} // namespace

JobForm::JobForm(Inventory *inventory, ProbeOf probeOf, QWidget *parent)
    : QWidget(parent)
    , m_inventory(inventory)
    , m_probeOf(std::move(probeOf))
{
    setObjectName(QStringLiteral("jobForm"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    layout->addWidget(split);

    auto *formBox = new QWidget(split);
    auto *form = new QFormLayout(formBox);
    form->setContentsMargins(0, 0, 6, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_name = new QLineEdit(QStringLiteral("tp"), formBox);
    m_name->setObjectName(QStringLiteral("nameEdit"));
    m_name->setAccessibleName(tr("Job name"));
    m_name->setToolTip(tr("1-32 lowercase letters, digits and '-': it names the containers and log files."));
    m_engine = new QComboBox(formBox);
    m_engine->setObjectName(QStringLiteral("engineCombo"));
    m_engine->setAccessibleName(tr("Engine"));
    m_engine->addItem(tr("vLLM over Ray (tensor parallel)"), QStringLiteral("vllm"));
    m_engine->addItem(tr("llama.cpp RPC (layers across nodes)"), QStringLiteral("llama-rpc"));
    m_runtime = new QComboBox(formBox);
    m_runtime->setObjectName(QStringLiteral("runtimeCombo"));
    m_runtime->setAccessibleName(tr("Runtime"));
    for (const char *r : { "podman", "toolbox", "docker", "host" })
        m_runtime->addItem(QString::fromLatin1(r), QString::fromLatin1(r));
    m_image = new QLineEdit(formBox);
    m_image->setObjectName(QStringLiteral("imageEdit"));
    m_image->setAccessibleName(tr("Image"));
    m_image->setPlaceholderText(tr("container image, or the toolbox's name"));
    m_model = new QLineEdit(formBox);
    m_model->setObjectName(QStringLiteral("modelEdit"));
    m_model->setAccessibleName(tr("Model"));
    m_model->setPlaceholderText(tr("/models/… on every node, or a model id"));
    m_port = new QSpinBox(formBox);
    m_port->setObjectName(QStringLiteral("portSpin"));
    m_port->setAccessibleName(tr("API port"));
    m_port->setRange(1, 65535);
    m_port->setValue(8000);
    m_bind = new QComboBox(formBox);
    m_bind->setObjectName(QStringLiteral("bindCombo"));
    m_bind->setAccessibleName(tr("API listens on"));
    m_bind->setEditable(true);
    m_bind->setInsertPolicy(QComboBox::NoInsert);
    m_bind->addItem(tr("data-plane address (default)"), QString());
    m_bind->addItem(tr("this node only (127.0.0.1)"), QStringLiteral("127.0.0.1"));
    m_bind->addItem(tr("every interface (0.0.0.0)"), QStringLiteral("0.0.0.0"));
    m_bind->setToolTip(tr("The address of the head the API listens on: its data-plane address by default, "
                          "127.0.0.1 (the head only), 0.0.0.0 (every interface), or another IPv4 address of "
                          "the head (type it)."));
    m_requireKey = new QCheckBox(tr("Re&quire an API key"), formBox);
    m_requireKey->setObjectName(QStringLiteral("apiKeyCheck"));
    m_requireKey->setChecked(true);
    m_requireKey->setToolTip(tr("The server takes only requests with the key, a random one made at launch "
                                "(Show API Key shows it)."));
    m_noKeyWarning = new QLabel(
        tr("Without a key, anyone who can reach the address can use the API."), formBox);
    m_noKeyWarning->setObjectName(QStringLiteral("noApiKeyWarning"));
    m_noKeyWarning->setAccessibleName(tr("No API key warning"));
    m_noKeyWarning->setWordWrap(true);
    m_noKeyWarning->setVisible(false);
    m_hfToken = new QLineEdit(formBox);
    m_hfToken->setObjectName(QStringLiteral("hfTokenEdit"));
    m_hfToken->setAccessibleName(tr("Hugging Face token"));
    m_hfToken->setEchoMode(QLineEdit::Password);
    m_hfToken->setPlaceholderText(tr("optional: for gated models"));
    m_hfToken->setToolTip(tr("HF_TOKEN on every node, handed over on standard input: never saved, never "
                             "shown in the preview or a log."));
    m_memory = new QDoubleSpinBox(formBox);
    m_memory->setObjectName(QStringLiteral("memorySpin"));
    m_memory->setAccessibleName(tr("GPU memory utilization"));
    m_memory->setToolTip(tr("The share of each node's GPU memory vLLM may take; 0.90 is the usual value on "
                            "unified memory."));
    m_memory->setRange(0.05, 0.99);
    m_memory->setSingleStep(0.01);
    m_memory->setValue(0.90);
    m_tcpOnly = new QCheckBox(tr("TCP only (NCCL_IB_DISABLE=1)"), formBox);
    m_tcpOnly->setObjectName(QStringLiteral("tcpOnlyCheck"));
    m_tcpOnly->setToolTip(tr("No RDMA: the comparison run."));
    m_tos = new QSpinBox(formBox);
    m_tos->setObjectName(QStringLiteral("tosSpin"));
    m_tos->setAccessibleName(tr("Traffic class"));
    m_tos->setRange(-1, 255);
    m_tos->setValue(-1);
    m_tos->setSpecialValueText(tr("unset"));
    m_tos->setToolTip(tr("NCCL_IB_TC: the traffic class RCCL gives its RDMA traffic. By default the ToS the "
                         "cluster setup applied to the nodes (106 with the default QoS); RCCL does not take the "
                         "nodes' default ToS, unset it sends at 0."));
    m_tosDefault = new QPushButton(tr("Use t&he Setup's"), formBox);
    m_tosDefault->setObjectName(QStringLiteral("tosDefaultButton"));
    m_tosDefault->setAccessibleName(tr("Use the traffic class of the cluster setup"));
    m_tosDefault->setToolTip(tr("Back to the traffic class the nodes' saved QoS gives (or unset when they give none)"));
    m_tosDefault->setAutoDefault(false);
    m_tosDefault->setVisible(false);
    m_tosSource = new QLabel(formBox);
    m_tosSource->setObjectName(QStringLiteral("tosSource"));
    m_tosSource->setAccessibleName(tr("Where the traffic class comes from"));
    m_tosSource->setWordWrap(true);
    m_tosSource->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *tosBox = new QWidget(formBox);
    auto *tosLayout = new QHBoxLayout(tosBox);
    tosLayout->setContentsMargins(0, 0, 0, 0);
    tosLayout->addWidget(m_tos, 1);
    tosLayout->addWidget(m_tosDefault);
    m_env = new QLineEdit(formBox);
    m_env->setObjectName(QStringLiteral("envEdit"));
    m_env->setAccessibleName(tr("Environment overrides"));
    m_env->setPlaceholderText(tr("NAME=VALUE NAME=VALUE … (override)"));
    m_env->setToolTip(tr("Set on every node; they win over the computed values."));

    auto *nodesBox = new QWidget(formBox);
    auto *nodesLayout = new QHBoxLayout(nodesBox);
    nodesLayout->setContentsMargins(0, 0, 0, 0);
    m_nodes = new QListWidget(nodesBox);
    m_nodes->setObjectName(QStringLiteral("jobNodes"));
    m_nodes->setAccessibleName(tr("Nodes of the job"));
    m_nodes->setAccessibleDescription(tr("Checked nodes take part; the first checked node is the head."));
    m_nodes->setToolTip(tr("Checked nodes take part; the first checked node is the head."));
    m_nodes->setMinimumHeight(80);
    auto *moveButtons = new QVBoxLayout;
    m_up = new QPushButton(style()->standardIcon(QStyle::SP_ArrowUp), tr("&Up"), nodesBox);
    m_up->setObjectName(QStringLiteral("nodeUpButton"));
    m_up->setAccessibleName(tr("Move the node up"));
    m_up->setToolTip(tr("Move the node up (the first checked node is the head)"));
    m_down = new QPushButton(style()->standardIcon(QStyle::SP_ArrowDown), tr("&Down"), nodesBox);
    m_down->setObjectName(QStringLiteral("nodeDownButton"));
    m_down->setAccessibleName(tr("Move the node down"));
    m_down->setToolTip(tr("Move the node down"));
    moveButtons->addWidget(m_up);
    moveButtons->addWidget(m_down);
    moveButtons->addStretch(1);
    nodesLayout->addWidget(m_nodes, 1);
    nodesLayout->addLayout(moveButtons);

    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Engine:"), m_engine);
    form->addRow(tr("&Runtime:"), m_runtime);
    form->addRow(tr("&Image:"), m_image);
    form->addRow(tr("&Model:"), m_model);
    form->addRow(tr("API &port:"), m_port);
    form->addRow(tr("E&xpose the API on:"), m_bind);
    form->addRow(QString(), m_requireKey);
    form->addRow(QString(), m_noKeyWarning);
    form->addRow(tr("GPU &memory:"), m_memory);
    form->addRow(QString(), m_tcpOnly);
    auto *tosLabel = new QLabel(tr("&Traffic class:"), formBox);
    tosLabel->setBuddy(m_tos);
    form->addRow(tosLabel, tosBox);
    form->addRow(QString(), m_tosSource);
    form->addRow(tr("En&vironment:"), m_env);
    form->addRow(tr("Hu&gging Face token:"), m_hfToken);
    auto *nodesLabel = new QLabel(tr("N&odes:"), formBox);
    nodesLabel->setBuddy(m_nodes);
    form->addRow(nodesLabel, nodesBox);

    auto *previewBox = new QWidget(split);
    auto *previewLayout = new QVBoxLayout(previewBox);
    previewLayout->setContentsMargins(6, 0, 0, 0);
    m_advice = new AdviceView(previewBox);
    previewLayout->addWidget(m_advice);
    auto *previewLabel = new QLabel(
        tr("What would run &where (environment per node, then the steps in order):"), previewBox);
    previewLabel->setWordWrap(true);
    m_preview = new QPlainTextEdit(previewBox);
    m_preview->setObjectName(QStringLiteral("jobPreview"));
    m_preview->setReadOnly(true);
    // Lines are broken here at spaces only (showPreview()), never inside a word.
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setAccessibleName(tr("What would run on each node"));
    m_preview->setTabChangesFocus(true);
    previewLabel->setBuddy(m_preview);
    previewLayout->addWidget(previewLabel);
    previewLayout->addWidget(m_preview, 1);
    split->addWidget(formBox);
    split->addWidget(previewBox);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);

    setTabOrder(m_name, m_engine);
    setTabOrder(m_engine, m_runtime);
    setTabOrder(m_runtime, m_image);
    setTabOrder(m_image, m_model);
    setTabOrder(m_model, m_port);
    setTabOrder(m_port, m_bind);
    setTabOrder(m_bind, m_requireKey);
    setTabOrder(m_requireKey, m_memory);
    setTabOrder(m_memory, m_tcpOnly);
    setTabOrder(m_tcpOnly, m_tos);
    setTabOrder(m_tos, m_tosDefault);
    setTabOrder(m_tosDefault, m_env);
    setTabOrder(m_env, m_hfToken);
    setTabOrder(m_hfToken, m_nodes);
    setTabOrder(m_nodes, m_up);
    setTabOrder(m_up, m_down);
    {
        // The advice's buttons, then the preview.
        QWidget *read = m_advice->findChild<QWidget *>(QStringLiteral("readShapeButton"));
        QWidget *details = m_advice->findChild<QWidget *>(QStringLiteral("adviceDetailsButton"));
        QWidget *detailsText = m_advice->findChild<QWidget *>(QStringLiteral("adviceDetails"));
        setTabOrder(m_down, read);
        setTabOrder(read, details);
        setTabOrder(details, detailsText);
        setTabOrder(detailsText, m_preview);
    }

    for (QComboBox *c : { m_engine, m_runtime })
        connect(c, &QComboBox::currentIndexChanged, this, &JobForm::render);
    for (QLineEdit *e : { m_name, m_image, m_model, m_env, m_hfToken })
        connect(e, &QLineEdit::textChanged, this, &JobForm::render);
    connect(m_bind, &QComboBox::currentTextChanged, this, &JobForm::render);
    connect(m_requireKey, &QCheckBox::toggled, this, [this] {
        updateApiKeyWarning();
        render();
    });
    connect(m_port, &QSpinBox::valueChanged, this, &JobForm::render);
    connect(m_tos, &QSpinBox::valueChanged, this, [this] {
        m_tosChosen = true; // the defaults are set with signals blocked
        render();
    });
    connect(m_tosDefault, &QPushButton::clicked, this, [this] {
        m_tosChosen = false;
        render();
        m_tos->setFocus(Qt::OtherFocusReason);
    });
    m_preview->installEventFilter(this);
    connect(m_memory, &QDoubleSpinBox::valueChanged, this, &JobForm::render);
    connect(m_tcpOnly, &QCheckBox::toggled, this, &JobForm::render);
    connect(m_nodes, &QListWidget::itemChanged, this, &JobForm::render);
    connect(m_nodes, &QListWidget::currentRowChanged, this, [this](int row) {
        m_up->setEnabled(row > 0);
        m_down->setEnabled(row >= 0 && row + 1 < m_nodes->count());
    });
    connect(m_up, &QPushButton::clicked, this, [this] { moveNode(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveNode(+1); });
    m_up->setEnabled(false);
    m_down->setEnabled(false);
    // The nodes and their saved QoS change with the inventory (a setup
    // confirmed or rolled back while the form is open).
    connect(m_inventory, &Inventory::nodeAdded, this, &JobForm::refresh);
    connect(m_inventory, &Inventory::nodeUpdated, this, &JobForm::refresh);
    connect(m_inventory, &Inventory::nodeRemoved, this, &JobForm::refresh);
    refresh();
}

void JobForm::setProbeOf(ProbeOf probeOf)
{
    m_probeOf = std::move(probeOf);
    render();
}

void JobForm::setShapeReader(AdviceView::ShapeReader reader)
{
    m_advice->setShapeReader(std::move(reader));
}

void JobForm::setLinkReader(AdviceView::LinkReader reader)
{
    m_advice->setLinkReader(std::move(reader));
}

QWidget *JobForm::firstField() const
{
    return m_name;
}

QWidget *JobForm::lastField() const
{
    return m_preview;
}

void JobForm::refresh()
{
    QStringList order;
    QStringList checked;
    for (int i = 0; i < m_nodes->count(); ++i) {
        const QString id = m_nodes->item(i)->data(kIdRole).toString();
        order << id;
        if (m_nodes->item(i)->checkState() == Qt::Checked)
            checked << id;
    }
    const bool first = m_nodes->count() == 0;
    QList<Node> nodes;
    for (const Node &n : m_inventory->nodes()) {
        if (!n.dataPlaneIp().isEmpty() && !n.isLocal())
            nodes << n; // no data plane: not part of a cluster yet
    }
    // The first time: the kept cluster's nodes, in its order (its first the
    // head), when it has two or more of them in the list; else every node.
    if (first) {
        if (const auto kept = setup::SavedSetup::load()) {
            QStringList cluster;
            for (const QString &id : kept->nodeIds())
                if (std::any_of(nodes.begin(), nodes.end(), [&](const Node &n) { return n.id == id; }))
                    cluster << id;
            if (cluster.size() >= 2) {
                order = cluster;
                checked = cluster;
            }
        }
    }
    // Keep the order the person chose; new nodes at the end.
    std::stable_sort(nodes.begin(), nodes.end(), [&](const Node &a, const Node &b) {
        const qsizetype ia = order.indexOf(a.id), ib = order.indexOf(b.id);
        return (ia < 0 ? order.size() : ia) < (ib < 0 ? order.size() : ib);
    });
    {
        const QSignalBlocker block(m_nodes);
        m_nodes->clear();
        for (const Node &n : std::as_const(nodes)) {
            auto *item = new QListWidgetItem(m_nodes);
            item->setData(kIdRole, n.id);
            item->setData(kLabelRole, tr("%1 (%2)").arg(n.name, n.dataAddress));
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
            const bool fromCluster = first && !checked.isEmpty();
            item->setCheckState((first && !fromCluster) || checked.contains(n.id) || (!first && !order.contains(n.id))
                                    ? Qt::Checked
                                    : Qt::Unchecked);
        }
    }
    render();
}

void JobForm::moveNode(int delta)
{
    const int row = m_nodes->currentRow();
    const int to = row + delta;
    if (row < 0 || to < 0 || to >= m_nodes->count())
        return;
    {
        const QSignalBlocker block(m_nodes);
        QListWidgetItem *item = m_nodes->takeItem(row);
        m_nodes->insertItem(to, item);
    }
    m_nodes->setCurrentRow(to);
    render();
}

void JobForm::updateNodeLabels()
{
    const QSignalBlocker block(m_nodes);
    bool headSeen = false;
    for (int i = 0; i < m_nodes->count(); ++i) {
        QListWidgetItem *item = m_nodes->item(i);
        QString text = item->data(kLabelRole).toString();
        if (item->checkState() == Qt::Checked && !headSeen) {
            headSeen = true;
            text = tr("%1 — head").arg(text);
        }
        item->setText(text);
    }
}

JobForm::Current JobForm::current() const
{
    Current c;
    jobs::JobSpec &spec = c.spec;
    spec.name = m_name->text().trimmed();
    spec.engine = jobs::parseEngine(m_engine->currentData().toString()).value_or(jobs::Engine::VllmRay);
    spec.runtime = jobs::parseRuntime(m_runtime->currentData().toString()).value_or(jobs::Runtime::Podman);
    spec.image = m_image->text().trimmed();
    spec.model = m_model->text().trimmed();
    spec.port = m_port->value();
    // A listed choice, or an address typed in.
    const QString bind = m_bind->currentText().trimmed();
    const int bindItem = m_bind->findText(bind);
    spec.bindAddress = bindItem >= 0 ? m_bind->itemData(bindItem).toString() : bind;
    spec.apiKey = m_requireKey->isChecked();
    if (!m_hfToken->text().isEmpty()) {
        spec.secretEnv << QStringLiteral("HF_TOKEN");
        c.secrets.insert(QStringLiteral("HF_TOKEN"), m_hfToken->text().toUtf8());
    }
    spec.gpuMemoryUtilization = m_memory->value();
    spec.tcpOnly = m_tcpOnly->isChecked();
    if (m_tos->value() >= 0)
        spec.trafficClass = m_tos->value();
    static const QRegularExpression sep(QStringLiteral("\\s+"));
    for (const QString &kv : m_env->text().split(sep, Qt::SkipEmptyParts)) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        if (eq <= 0)
            c.errors << tr("'%1' is not NAME=VALUE").arg(kv);
        else
            spec.env.insert(kv.left(eq), kv.mid(eq + 1));
    }
    for (int i = 0; i < m_nodes->count(); ++i) {
        if (m_nodes->item(i)->checkState() != Qt::Checked)
            continue;
        const auto n = m_inventory->find(m_nodes->item(i)->data(kIdRole).toString());
        if (!n)
            continue;
        c.nodes.append({ n->id, n->name, n->dataInterface, n->dataPlaneIp(),
            m_probeOf ? m_probeOf(n->id) : std::nullopt });
    }
    c.rendered = jobs::render(spec, c.nodes);
    c.errors << c.rendered.errors;
    return c;
}

QList<Node> JobForm::checkedNodes() const
{
    QList<Node> nodes;
    for (int i = 0; i < m_nodes->count(); ++i) {
        if (m_nodes->item(i)->checkState() != Qt::Checked)
            continue;
        if (const auto n = m_inventory->find(m_nodes->item(i)->data(kIdRole).toString()))
            nodes << *n;
    }
    return nodes;
}

void JobForm::updateTrafficClass()
{
    m_savedTos = savedTrafficClass(checkedNodes());
    if (!m_tosChosen) {
        const QSignalBlocker block(m_tos);
        m_tos->setValue(m_savedTos.tos.value_or(-1));
    }
    m_tosDefault->setVisible(m_tosChosen);
    QString text;
    if (!m_tosChosen) {
        text = m_savedTos.text();
        if (!m_savedTos.tos && !text.isEmpty())
            text += QLatin1Char(' ') + tr("Set it here if the cluster has one.");
    } else if (m_tos->value() < 0) {
        text = m_savedTos.tos ? tr("Unset, chosen here (the cluster setup gave ToS %1).").arg(*m_savedTos.tos)
                              : tr("Unset, chosen here.");
    } else if (m_savedTos.tos && *m_savedTos.tos != m_tos->value()) {
        text = tr("Chosen here (the cluster setup gave ToS %1).").arg(*m_savedTos.tos);
    } else {
        text = tr("Chosen here.");
    }
    m_tosSource->setText(text);
    m_tosSource->setVisible(!text.isEmpty());
}

void JobForm::updateApiKeyWarning()
{
    m_noKeyWarning->setVisible(!m_requireKey->isChecked());
}

QString JobForm::trafficClassText() const
{
    return m_tosSource->text();
}

JobPreviewNotes JobForm::previewNotes(const Current &c) const
{
    JobPreviewNotes notes;
    const bool rdma = c.spec.engine == jobs::Engine::VllmRay && !c.spec.tcpOnly;
    if (!rdma)
        return notes;
    if (c.spec.trafficClass)
        notes.sources.insert(QStringLiteral("NCCL_IB_TC"),
            m_tosChosen ? tr("set in the form") : m_savedTos.text());
    else if (m_tosChosen)
        notes.notes << tr("NCCL_IB_TC is unset (chosen in the form): RCCL sends at traffic class 0 (DSCP 0, a "
                          "priority without PFC).");
    else if (!m_savedTos.text().isEmpty())
        notes.notes << tr("NCCL_IB_TC is unset, %1").arg(m_savedTos.text());
    return notes;
}

void JobForm::render()
{
    updateNodeLabels();
    updateTrafficClass();
    if (m_nodes->count() == 0) {
        m_shown = {};
        m_previewLogical = tr("No node has a data-plane address yet: run Cluster > Set Up Cluster first.");
        m_preview->setPlainText(m_previewLogical);
        m_advice->setJob(current().spec, {});
        Q_EMIT changed();
        return;
    }
    m_shown = current();
    m_advice->setJob(m_shown.spec, m_shown.nodes);
    showPreview();
    Q_EMIT changed();
}

void JobForm::showPreview()
{
    if (m_nodes->count() == 0)
        return;
    const JobPreviewNotes notes = previewNotes(m_shown);
    m_previewLogical = jobPreviewText(m_shown.rendered, m_shown.nodes, notes, m_shown.errors, 0);
    const int columns = m_previewColumns > 0 ? m_previewColumns : 100;
    const int scroll = m_preview->verticalScrollBar()->value();
    m_preview->setPlainText(jobPreviewText(m_shown.rendered, m_shown.nodes, notes, m_shown.errors, columns));
    m_preview->verticalScrollBar()->setValue(scroll);
}

bool JobForm::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_preview && event->type() == QEvent::Resize) {
        // The columns that fit beside a vertical scroll bar (shown or not,
        // so that its coming does not change them), less one for the cursor.
        const int advance = std::max(1, QFontMetrics(m_preview->font()).horizontalAdvance(QLatin1Char('M')));
        const int margins = 2 * int(m_preview->document()->documentMargin())
            + m_preview->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_preview);
        const int columns = std::max(40, (m_preview->contentsRect().width() - margins) / advance - 1);
        if (columns != m_previewColumns) {
            m_previewColumns = columns;
            showPreview();
        }
    }
    return QWidget::eventFilter(watched, event);
}

QString JobForm::previewText() const
{
    return m_previewLogical;
}

} // namespace halolink::ui
