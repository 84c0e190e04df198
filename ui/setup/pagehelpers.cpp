#include "setup/pagehelpers.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>

namespace halolink::ui::wizardui {

QLabel *wrapLabel(const QString &text, QWidget *parent)
{
    auto *l = new QLabel(text, parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

QTableWidgetItem *item(const QString &text, const QString &tooltip)
{
    auto *i = new QTableWidgetItem(text);
    i->setFlags(i->flags() & ~Qt::ItemIsEditable);
    if (!tooltip.isEmpty())
        i->setToolTip(tooltip);
    return i;
}

void setupTable(QTableWidget *t, const QStringList &headers)
{
    t->setColumnCount(int(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setWordWrap(true);
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
}

} // namespace halolink::ui::wizardui
