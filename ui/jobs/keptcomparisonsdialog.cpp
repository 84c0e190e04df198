#include "jobs/keptcomparisonsdialog.h"

#include "jobs/comparisonview.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace halolink::ui {

namespace {

QString outcome(const jobs::Comparison &c)
{
    QString text = c.cancelled ? KeptComparisonsDialog::tr("cancelled")
        : c.ok                 ? KeptComparisonsDialog::tr("done")
                               : KeptComparisonsDialog::tr("failed");
    if (!c.restored)
        text = KeptComparisonsDialog::tr("%1, the job was not put back").arg(text);
    return text;
}

QString speedups(const jobs::Comparison &c)
{
    std::optional<double> low, high;
    for (const jobs::CompareLevel &l : c.levels()) {
        if (!l.speedup)
            continue;
        low = std::min(low.value_or(*l.speedup), *l.speedup);
        high = std::max(high.value_or(*l.speedup), *l.speedup);
    }
    if (!low)
        return KeptComparisonsDialog::tr("n/a");
    const QLocale locale;
    if (*high - *low < 0.005)
        return KeptComparisonsDialog::tr("%1×").arg(locale.toString(*low, 'f', 2));
    return KeptComparisonsDialog::tr("%1× to %2×").arg(locale.toString(*low, 'f', 2), locale.toString(*high, 'f', 2));
}

QString outputs(const jobs::Comparison &c)
{
    const auto match = c.outputsMatch();
    return !match ? KeptComparisonsDialog::tr("not compared")
        : *match  ? KeptComparisonsDialog::tr("same")
                  : KeptComparisonsDialog::tr("differ");
}

} // namespace

KeptComparisonsDialog::KeptComparisonsDialog(const QString &jobName, const QString &folder, QWidget *parent)
    : QDialog(parent)
    , m_jobName(jobName)
    , m_folder(folder)
{
    setObjectName(QStringLiteral("keptComparisonsDialog"));
    setWindowTitle(tr("Kept Comparisons of '%1'").arg(jobName));
    auto *layout = new QVBoxLayout(this);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("keptComparisonsStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    m_list = new QTableWidget(0, 5, split);
    m_list->setObjectName(QStringLiteral("keptComparisonsList"));
    m_list->setAccessibleName(tr("Kept comparisons, newest first"));
    m_list->setHorizontalHeaderLabels(
        { tr("Started"), tr("Concurrency levels"), tr("Result"), tr("Speed-up"), tr("Outputs") });
    m_list->verticalHeader()->hide();
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setTabKeyNavigation(false);
    m_list->setWordWrap(false);
    m_list->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->horizontalHeader()->setStretchLastSection(true);
    m_list->setMinimumHeight(110);
    m_view = new ComparisonView(split);
    split->addWidget(m_list);
    split->addWidget(m_view);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 4);
    layout->addWidget(split, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *reloadButton = buttons->addButton(tr("Re&load"), QDialogButtonBox::ActionRole);
    reloadButton->setObjectName(QStringLiteral("keptComparisonsReload"));
    reloadButton->setAccessibleName(tr("Reload the kept comparisons"));
    reloadButton->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    reloadButton->setAutoDefault(false);
    buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(reloadButton, &QPushButton::clicked, this, &KeptComparisonsDialog::reload);
    connect(m_list, &QTableWidget::currentCellChanged, this, [this](int row) { showRow(row); });
    reload();
    resize(980, 760);
}

void KeptComparisonsDialog::reload()
{
    const jobs::ComparisonStore store(m_folder);
    m_comparisons = store.list(m_jobName);
    m_list->setRowCount(int(m_comparisons.size()));
    const QLocale locale;
    for (int row = 0; row < m_comparisons.size(); ++row) {
        const jobs::Comparison &c = m_comparisons.at(row);
        QStringList levels;
        for (int n : c.concurrency)
            levels << locale.toString(n);
        const QStringList cells { locale.toString(c.started.toLocalTime(), QLocale::ShortFormat),
            levels.join(QStringLiteral(", ")), outcome(c), speedups(c), outputs(c) };
        for (int col = 0; col < cells.size(); ++col) {
            auto *item = new QTableWidgetItem(cells.at(col));
            if (col == 2 && !c.error.isEmpty())
                item->setToolTip(c.error);
            m_list->setItem(row, col, item);
        }
    }
    m_list->resizeColumnsToContents();
    m_status->setText(m_comparisons.isEmpty()
            ? tr("No comparison of '%1' is kept in %2 yet.")
                  .arg(m_jobName, QDir::toNativeSeparators(store.folder()))
            : tr("%n comparison(s) of '%1' kept in %2, newest first.", nullptr, int(m_comparisons.size()))
                  .arg(m_jobName, QDir::toNativeSeparators(store.folder())));
    if (m_comparisons.isEmpty()) {
        m_view->clear(tr("Compare RDMA and TCP runs a comparison; each one is kept here."));
        return;
    }
    m_list->setCurrentCell(0, 0);
    showRow(0);
}

void KeptComparisonsDialog::showRow(int row)
{
    if (row >= 0 && row < m_comparisons.size())
        m_view->setComparison(m_comparisons.at(row));
}

} // namespace halolink::ui
