#include "alerts/eventlogdialog.h"

#include "health/alerts.h"
#include "setup/pagehelpers.h"
#include "status/statusstyle.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTableWidget>
#include <QVBoxLayout>

namespace halolink::ui {

namespace {

QString when(const QDateTime &t)
{
    return t.isValid() ? t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QString();
}

QString csvField(QString s)
{
    if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')) || s.contains(QLatin1Char('\n')))
        s = QLatin1Char('"') + s.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
    return s;
}

} // namespace

EventLogDialog::EventLogDialog(health::AlertLog *log, QWidget *parent)
    : QDialog(parent)
    , m_log(log)
    , m_table(new QTableWidget(this))
    , m_activeOnly(new QCheckBox(tr("&Only those that hold now"), this))
{
    setObjectName(QStringLiteral("eventLogDialog"));
    setWindowTitle(tr("Events"));
    resize(900, 420);
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Alerts of this session, the newest first: a port down, a link's errors, drops or "
                                "pauses past their limits, a node lost, a GPU too hot, GTT nearly full "
                                "(docs/fabric-health.md says when each is raised and cleared)."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    wizardui::setupTable(m_table, {tr("Raised"), tr("Cleared"), tr("Severity"), tr("Alert"), tr("Details")});
    m_table->setObjectName(QStringLiteral("eventTable"));
    m_table->setAccessibleName(tr("Alerts"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_table, 1);
    auto *row = new QHBoxLayout;
    row->addWidget(m_activeOnly);
    row->addStretch(1);
    auto *csv = new QPushButton(tr("Export &CSV…"), this);
    row->addWidget(csv);
    layout->addLayout(row);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(m_activeOnly, &QCheckBox::toggled, this, &EventLogDialog::refresh);
    connect(log, &health::AlertLog::changed, this, &EventLogDialog::refresh);
    connect(csv, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export the events"),
            QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) + QStringLiteral("/halolink-events.csv"),
            tr("CSV (*.csv)"));
        QString error;
        if (!path.isEmpty() && !exportCsv(path, &error))
            QMessageBox::warning(this, tr("Export failed"), error);
    });
    refresh();
}

void EventLogDialog::refresh()
{
    QList<health::Alert> entries = m_log->entries();
    std::reverse(entries.begin(), entries.end());
    if (m_activeOnly->isChecked())
        entries.erase(std::remove_if(entries.begin(), entries.end(), [](const health::Alert &a) { return !a.active(); }),
                      entries.end());
    m_table->setRowCount(int(entries.size()));
    for (int r = 0; r < entries.size(); ++r) {
        const health::Alert &a = entries.at(r);
        const bool critical = a.severity == health::Severity::Critical;
        m_table->setItem(r, 0, wizardui::item(when(a.raisedAt)));
        m_table->setItem(r, 1, wizardui::item(a.active() ? tr("still holds") : when(a.clearedAt)));
        auto *severity = wizardui::item(critical ? tr("critical") : tr("warning"));
        if (a.active())
            severity->setIcon(StatusStyle::icon(critical ? Check::Status::Fail : Check::Status::Warn, palette()));
        m_table->setItem(r, 2, severity);
        m_table->setItem(r, 3, wizardui::item(a.title));
        m_table->setItem(r, 4, wizardui::item(a.message, a.message));
    }
    wizardui::growColumnsToContents(m_table);
}

bool EventLogDialog::exportCsv(const QString &path, QString *error) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error)
            *error = f.errorString();
        return false;
    }
    QString out = QStringLiteral("raised_utc,cleared_utc,severity,kind,node,alert,details\n");
    for (const health::Alert &a : m_log->entries()) {
        out += QStringList{a.raisedAt.toUTC().toString(Qt::ISODate),
                           a.clearedAt.isValid() ? a.clearedAt.toUTC().toString(Qt::ISODate) : QString(),
                           a.severity == health::Severity::Critical ? QStringLiteral("critical") : QStringLiteral("warning"),
                           health::kindKey(a.kind), csvField(a.nodeName), csvField(a.title), csvField(a.message)}
                   .join(QLatin1Char(','));
        out += QLatin1Char('\n');
    }
    f.write(out.toUtf8());
    if (!f.commit()) {
        if (error)
            *error = f.errorString();
        return false;
    }
    return true;
}

} // namespace halolink::ui
