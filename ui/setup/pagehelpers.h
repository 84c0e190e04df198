#pragma once
// Small widget helpers the setup wizard's pages share: a selectable wrapped
// label, a read-only table cell, and the pages' common table setup.

#include <QString>
#include <QStringList>

class QLabel;
class QTableWidget;
class QTableWidgetItem;
class QWidget;

namespace halolink::ui::wizardui {

QLabel *wrapLabel(const QString &text, QWidget *parent);
QTableWidgetItem *item(const QString &text, const QString &tooltip = {});
void setupTable(QTableWidget *t, const QStringList &headers);
// Widens each column to its contents but never narrows it: a table that
// fills row by row (or starts again) keeps its columns instead of collapsing
// them to the header. Wrapped rows get their height.
void growColumnsToContents(QTableWidget *t);

} // namespace halolink::ui::wizardui
