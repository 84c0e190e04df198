#include "jobs/jobpreviewdialog.h"

#include "inventory/inventory.h"
#include "jobs/jobrender.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

namespace halolink::ui {

JobPreviewDialog::JobPreviewDialog(Inventory *inventory, ProbeOf probeOf, QWidget *parent)
    : QDialog(parent), m_inventory(inventory), m_probeOf(std::move(probeOf))
{
    setObjectName(QStringLiteral("jobPreviewDialog"));
    setWindowTitle(tr("Job Preview"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("What a tensor-parallel job would run on each node, with the RDMA environment taken "
                                "from each node's probe. The first checked node is the head. Starting jobs from "
                                "HaloLink comes in a later version: copy the commands to run them."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *split = new QSplitter(Qt::Horizontal, this);
    auto *formBox = new QWidget(split);
    auto *form = new QFormLayout(formBox);
    m_engine = new QComboBox(formBox);
    m_engine->setObjectName(QStringLiteral("engineCombo"));
    m_engine->addItem(tr("vLLM over Ray (tensor parallel)"), QStringLiteral("vllm"));
    m_engine->addItem(tr("llama.cpp RPC (layers across nodes)"), QStringLiteral("llama-rpc"));
    m_runtime = new QComboBox(formBox);
    m_runtime->setObjectName(QStringLiteral("runtimeCombo"));
    for (const char *r : {"podman", "toolbox", "docker", "host"})
        m_runtime->addItem(QString::fromLatin1(r), QString::fromLatin1(r));
    m_image = new QLineEdit(formBox);
    m_image->setObjectName(QStringLiteral("imageEdit"));
    m_image->setPlaceholderText(tr("container image, or the toolbox's name"));
    m_model = new QLineEdit(formBox);
    m_model->setObjectName(QStringLiteral("modelEdit"));
    m_model->setPlaceholderText(tr("/models/… on every node, or a model id"));
    m_port = new QSpinBox(formBox);
    m_port->setRange(1, 65535);
    m_port->setValue(8000);
    m_memory = new QDoubleSpinBox(formBox);
    m_memory->setRange(0.05, 0.99);
    m_memory->setSingleStep(0.01);
    m_memory->setValue(0.90);
    m_tcpOnly = new QCheckBox(tr("TCP only (NCCL_IB_DISABLE=1)"), formBox);
    m_tcpOnly->setObjectName(QStringLiteral("tcpOnlyCheck"));
    m_tos = new QSpinBox(formBox);
    m_tos->setObjectName(QStringLiteral("tosSpin"));
    m_tos->setRange(-1, 255);
    m_tos->setValue(-1);
    m_tos->setSpecialValueText(tr("unset"));
    m_tos->setToolTip(tr("NCCL_IB_TC: the ToS the cluster setup chose (106 with the default QoS)."));
    m_env = new QLineEdit(formBox);
    m_env->setObjectName(QStringLiteral("envEdit"));
    m_env->setPlaceholderText(tr("NAME=VALUE NAME=VALUE … (override)"));
    m_nodes = new QListWidget(formBox);
    m_nodes->setObjectName(QStringLiteral("jobNodes"));
    m_nodes->setAccessibleName(tr("Nodes of the job"));
    form->addRow(tr("&Engine:"), m_engine);
    form->addRow(tr("&Runtime:"), m_runtime);
    form->addRow(tr("&Image:"), m_image);
    form->addRow(tr("&Model:"), m_model);
    form->addRow(tr("API &port:"), m_port);
    form->addRow(tr("GPU &memory:"), m_memory);
    form->addRow(QString(), m_tcpOnly);
    form->addRow(tr("&Traffic class:"), m_tos);
    form->addRow(tr("E&nvironment:"), m_env);
    form->addRow(tr("N&odes:"), m_nodes);
    m_preview = new QPlainTextEdit(split);
    m_preview->setObjectName(QStringLiteral("jobPreview"));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setAccessibleName(tr("What would run on each node"));
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(previewText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(1000, 640);

    for (QComboBox *c : {m_engine, m_runtime})
        connect(c, &QComboBox::currentIndexChanged, this, &JobPreviewDialog::render);
    for (QLineEdit *e : {m_image, m_model, m_env})
        connect(e, &QLineEdit::textChanged, this, &JobPreviewDialog::render);
    connect(m_port, &QSpinBox::valueChanged, this, &JobPreviewDialog::render);
    connect(m_tos, &QSpinBox::valueChanged, this, &JobPreviewDialog::render);
    connect(m_memory, &QDoubleSpinBox::valueChanged, this, &JobPreviewDialog::render);
    connect(m_tcpOnly, &QCheckBox::toggled, this, &JobPreviewDialog::render);
    connect(m_nodes, &QListWidget::itemChanged, this, &JobPreviewDialog::render);
    refresh();
}

void JobPreviewDialog::refresh()
{
    QSignalBlocker block(m_nodes);
    QStringList checked;
    for (int i = 0; i < m_nodes->count(); ++i) {
        if (m_nodes->item(i)->checkState() == Qt::Checked)
            checked << m_nodes->item(i)->data(Qt::UserRole).toString();
    }
    const bool first = m_nodes->count() == 0;
    m_nodes->clear();
    for (const Node &n : m_inventory->nodes()) {
        if (n.dataPlaneIp().isEmpty())
            continue; // no data plane: not part of a cluster yet
        auto *item = new QListWidgetItem(tr("%1 (%2)").arg(n.name, n.dataAddress), m_nodes);
        item->setData(Qt::UserRole, n.id);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(first || checked.contains(n.id) ? Qt::Checked : Qt::Unchecked);
    }
    render();
}

void JobPreviewDialog::render()
{
    jobs::JobSpec spec;
    spec.engine = jobs::parseEngine(m_engine->currentData().toString()).value_or(jobs::Engine::VllmRay);
    spec.runtime = jobs::parseRuntime(m_runtime->currentData().toString()).value_or(jobs::Runtime::Podman);
    spec.image = m_image->text().trimmed();
    spec.model = m_model->text().trimmed();
    spec.port = m_port->value();
    spec.gpuMemoryUtilization = m_memory->value();
    spec.tcpOnly = m_tcpOnly->isChecked();
    if (m_tos->value() >= 0)
        spec.trafficClass = m_tos->value();
    QStringList envErrors;
    static const QRegularExpression sep(QStringLiteral("\\s+"));
    for (const QString &kv : m_env->text().split(sep, Qt::SkipEmptyParts)) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        if (eq <= 0)
            envErrors << tr("error: '%1' is not NAME=VALUE").arg(kv);
        else
            spec.env.insert(kv.left(eq), kv.mid(eq + 1));
    }
    QList<jobs::JobNode> nodes;
    for (int i = 0; i < m_nodes->count(); ++i) {
        if (m_nodes->item(i)->checkState() != Qt::Checked)
            continue;
        const auto n = m_inventory->find(m_nodes->item(i)->data(Qt::UserRole).toString());
        if (!n)
            continue;
        nodes.append({n->id, n->name, n->dataInterface, n->dataPlaneIp(), m_probeOf ? m_probeOf(n->id) : std::nullopt});
    }
    if (m_nodes->count() == 0) {
        m_preview->setPlainText(tr("No node has a data-plane address yet: run Cluster > Set Up Cluster first."));
        return;
    }
    QString text = envErrors.join(QLatin1Char('\n'));
    if (!text.isEmpty())
        text += QLatin1Char('\n');
    text += jobs::describe(jobs::render(spec, nodes), nodes);
    m_preview->setPlainText(text);
}

QString JobPreviewDialog::previewText() const
{
    return m_preview->toPlainText();
}

} // namespace halolink::ui
