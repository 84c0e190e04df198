#pragma once
// The New Job preview as text: per node the environment with where each
// value comes from, then the steps in order with their commands (the same
// content as `halolinkctl job launch --dry-run`), laid out for a monospace
// view of a given width. Long lines are broken only at spaces: prose between
// words, commands between shell words (an option stays with its value), each
// continued with " \" so that a copied command still runs; a single word
// longer than the line stays whole (the view scrolls sideways).

#include "jobs/jobrender.h"

#include <QMap>
#include <QString>
#include <QStringList>

namespace halolink::ui {

struct JobPreviewNotes {
    // Variable name -> what the preview says its value comes from, instead
    // of the renderer's words (e.g. NCCL_IB_TC: "from the cluster setup: ...").
    QMap<QString, QString> sources;
    // Lines shown after the errors and warnings ("note: ...").
    QStringList notes;
};

// The words of a shell command line: split at blanks outside quotes (single,
// double, backslash), each word as written (quotes kept).
QStringList shellWords(const QString &command);

// The command in lines of at most `width` columns where words allow, broken
// between words only; continuation lines end the previous one with " \" and
// start with `indent` spaces more than the first. width <= 0: one line.
QString wrapCommand(const QString &command, int width, int indent = 0);

// Prose in lines of at most `width` columns, broken at spaces only; `first`
// starts the first line, `rest` the others. width <= 0: one line.
QString wrapProse(const QString &text, int width, const QString &first, const QString &rest);

// What NCCL_IB_HCA's value means in words ("'=' means exactly the device
// rxe0, not every device whose name starts with it; ':1' is its port 1"), or
// empty when the value is not of that form.
QString hcaMeaning(const QString &value);

// The whole preview; width <= 0: no line broken (the text as copied).
QString jobPreviewText(const jobs::Rendered &rendered, const QList<jobs::JobNode> &nodes,
    const JobPreviewNotes &notes, const QStringList &formErrors, int width);

} // namespace halolink::ui
