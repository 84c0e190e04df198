// The dashboard's exports (dashboardpage.h): the visible series as CSV, the
// page as PNG, each through a file dialog or to a path given.

#include "dashboard/dashboardpage.h"

#include "dashboard/latencyheatmap.h"
#include "dashboard/timeserieschart.h"
#include "telemetry/telemetryexport.h"
#include "telemetry/telemetrymodels.h"
#include "telemetry/telemetrystore.h"

#include <QDateTime>
#include <QFileDialog>
#include <QImageWriter>
#include <QMessageBox>
#include <QPixmap>
#include <QSaveFile>
#include <QScrollArea>
#include <QStandardPaths>

namespace halolink::ui {

bool DashboardPage::exportCsv(const QString &path, QString *error)
{
    QList<ExportSeries> series;
    for (TimeSeriesChart *chart : charts())
        series += chart->exportSeries(m_viewStart, m_viewEnd);
    // The heatmap's cells: the latest value of each measured pair.
    for (int from = 0; from < m_latencyModel->rowCount(); ++from) {
        for (int to = 0; to < m_latencyModel->columnCount(); ++to) {
            const int s = m_latencyModel->seriesOf(from, to);
            if (s >= 0 && !series.contains(ExportSeries{s, m_viewStart, m_viewEnd}))
                series.append(ExportSeries{s, m_viewStart, m_viewEnd});
        }
    }
    return writeTelemetryCsv(*m_store, series, path, error);
}

bool DashboardPage::exportPng(const QString &path, QString *error)
{
    // Charts scrolled out of view were not kept current: bring all of them up to date first.
    for (TimeSeriesChart *chart : charts()) {
        chart->sync(m_viewStart, m_viewEnd, true, true);
        chart->plot()->replot(QCustomPlot::rpImmediateRefresh);
    }
    m_heatmap->sync(true);
    m_heatmap->plot()->replot(QCustomPlot::rpImmediateRefresh);
    const QPixmap pixmap = m_content->grab();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    if (!pixmap.save(&file, "PNG")) {
        if (error)
            *error = tr("Could not encode the image.");
        file.cancelWriting();
        return false;
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

void DashboardPage::chooseCsv()
{
    const QString suggested = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
        + QStringLiteral("/halolink-telemetry-%1.csv").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export CSV"), suggested, tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportCsv(path, &error))
        QMessageBox::warning(this, tr("Export CSV"), tr("Could not write %1: %2").arg(path, error));
}

void DashboardPage::choosePng()
{
    const QString suggested = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
        + QStringLiteral("/halolink-dashboard-%1.png").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export PNG"), suggested, tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportPng(path, &error))
        QMessageBox::warning(this, tr("Export PNG"), tr("Could not write %1: %2").arg(path, error));
}

} // namespace halolink::ui
