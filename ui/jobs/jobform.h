#pragma once
// A tensor-parallel job described in a form, and what it would run on each
// node (core/jobs/jobrender.h) — the same text as `halolinkctl job launch
// --dry-run`, updated as the form changes. The Jobs window launches what it
// describes. The nodes are the inventory's nodes with a data plane; the
// checked ones take part, the first checked is the head (Move Up / Move Down
// reorder them). Above the preview, the advisor's answer for the model on
// the checked nodes (AdviceView): fit, split, predicted speed over RDMA and TCP.

#include "inventory/node.h"
#include "jobs/adviceview.h"
#include "jobs/jobpreviewtext.h"
#include "jobs/jobrender.h"
#include "protocol/probereport.h"

#include <QByteArray>
#include <QHash>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace halolink {
class Inventory;
}

namespace halolink::ui {

class JobForm final : public QWidget {
    Q_OBJECT

public:
    using ProbeOf = std::function<std::optional<ProbeReport>(const QString &nodeId)>;
    JobForm(Inventory *inventory, ProbeOf probeOf, QWidget *parent = nullptr);

    // What the form describes, rendered. `errors` holds the form's own
    // problems (e.g. an override that is not NAME=VALUE) and the renderer's:
    // nothing may be launched while there is one.
    struct Current {
        jobs::JobSpec spec;
        QList<jobs::JobNode> nodes; // the head first
        jobs::Rendered rendered;
        QStringList errors;
        // The values of spec.secretEnv (the Hugging Face token), for
        // JobLauncher::setSecrets(): in memory only, never in the preview.
        QHash<QString, QByteArray> secrets;
    };
    Current current() const;

    // Where the nodes' probes come from (the Jobs window: the cluster's latest).
    void setProbeOf(ProbeOf probeOf);
    // How the advice reads the model's shape on the head (the Jobs window:
    // through the head's agent); without one the advice waits for a shape.
    void setShapeReader(AdviceView::ShapeReader reader);
    // Where the advice's link figures come from (the live mesh in the app).
    void setLinkReader(AdviceView::LinkReader reader);
    AdviceView *adviceView() const { return m_advice; }

    // The preview, lines unbroken (what the view shows broken to its width).
    QString previewText() const;
    // The columns the preview's lines are broken to (0: not laid out yet).
    int previewColumns() const { return m_previewColumns; }
    // What the traffic class field says about its value (its source, or why unset).
    QString trafficClassText() const;
    // The person set the traffic class (a value or "unset") instead of the default.
    bool trafficClassChosen() const { return m_tosChosen; }
    // Re-reads the nodes (data plane from the inventory, probes) and renders.
    void refresh();
    // The first field, for focus and tab order.
    QWidget *firstField() const;
    QWidget *lastField() const;

Q_SIGNALS:
    void changed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void render();
    void showPreview();
    void updateTrafficClass();
    void updateApiKeyWarning();
    QList<Node> checkedNodes() const;
    JobPreviewNotes previewNotes(const Current &c) const;
    void moveNode(int delta);
    void updateNodeLabels();

    Inventory *m_inventory;
    ProbeOf m_probeOf;
    QLineEdit *m_name;
    QComboBox *m_engine;
    QComboBox *m_runtime;
    QLineEdit *m_image;
    QLineEdit *m_model;
    QSpinBox *m_port;
    QComboBox *m_bind;
    QCheckBox *m_requireKey;
    QLabel *m_noKeyWarning;
    QLineEdit *m_hfToken;
    QDoubleSpinBox *m_memory;
    QCheckBox *m_tcpOnly;
    QSpinBox *m_tos;
    QPushButton *m_tosDefault;
    QLabel *m_tosSource;
    bool m_tosChosen = false;
    SavedTrafficClass m_savedTos;
    QLineEdit *m_env;
    QListWidget *m_nodes;
    QPushButton *m_up;
    QPushButton *m_down;
    AdviceView *m_advice;
    QPlainTextEdit *m_preview;
    int m_previewColumns = 0;
    Current m_shown;
    QString m_previewLogical;
};

} // namespace halolink::ui
