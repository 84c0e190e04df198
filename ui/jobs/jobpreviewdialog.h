#pragma once
// Cluster > Job Preview: a tensor-parallel job described in a form, and what
// it would run on each node (core/jobs/jobrender.h) — the same text as
// `halolinkctl job launch --dry-run`, updated as the form changes. Starting
// jobs comes later; the commands can be copied.

#include "protocol/probereport.h"

#include <QDialog>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QSpinBox;

namespace halolink {
class Inventory;
}

namespace halolink::ui {

class JobPreviewDialog final : public QDialog
{
    Q_OBJECT

public:
    using ProbeOf = std::function<std::optional<ProbeReport>(const QString &nodeId)>;
    JobPreviewDialog(Inventory *inventory, ProbeOf probeOf, QWidget *parent = nullptr);

    QString previewText() const;
    // Re-reads the nodes (data plane from the inventory, probes) and renders.
    void refresh();

private:
    void render();

    Inventory *m_inventory;
    ProbeOf m_probeOf;
    QComboBox *m_engine;
    QComboBox *m_runtime;
    QLineEdit *m_image;
    QLineEdit *m_model;
    QSpinBox *m_port;
    QDoubleSpinBox *m_memory;
    QCheckBox *m_tcpOnly;
    QSpinBox *m_tos;
    QLineEdit *m_env;
    QListWidget *m_nodes;
    QPlainTextEdit *m_preview;
};

} // namespace halolink::ui
