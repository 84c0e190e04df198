#include "setup/pagehelpers.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>

#include <algorithm>

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
    t->horizontalHeader()->setMinimumSectionSize(48);
    // Until contents arrive, each column is as wide as its header.
    for (int c = 0; c < t->columnCount(); ++c)
        t->setColumnWidth(c, std::max(t->horizontalHeader()->sectionSizeHint(c), 72));
}

void growColumnsToContents(QTableWidget *t)
{
    QHeaderView *h = t->horizontalHeader();
    for (int c = 0; c < t->columnCount(); ++c) {
        if (h->sectionResizeMode(c) != QHeaderView::Interactive || (h->stretchLastSection() && c == t->columnCount() - 1))
            continue;
        const int before = t->columnWidth(c);
        t->resizeColumnToContents(c); // the widest cell or the header
        if (t->columnWidth(c) < before)
            t->setColumnWidth(c, before);
    }
    t->resizeRowsToContents();
}

} // namespace halolink::ui::wizardui
