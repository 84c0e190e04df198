#pragma once
// Colours and axis labels for the dashboard's plots, derived from the
// application palette so light and dark schemes both read well. Applied again
// on QEvent::PaletteChange (Qt 6.4 has no colorScheme()).

#include "telemetry/telemetrykeys.h"

#include <QColor>
#include <QPalette>

#include <qcustomplot.h>

namespace halolink::ui {

struct PlotColors {
    QColor background;
    QColor text;
    QColor subtleText;
    QColor grid;
    QColor axis;
    bool dark = false;

    static PlotColors fromPalette(const QPalette &palette);
    // The n-th colour of a categorical set that stays apart from the background.
    QColor series(int n) const;
    // A colour between a and b (t = 0 gives a): opaque, for fills on dense plots.
    static QColor mix(const QColor &a, const QColor &b, double t);
};

// Axes, grid, legend and background of a plot in the palette's colours.
void stylePlot(QCustomPlot *plot, const PlotColors &colors);

// What a screen reader says about a chart (e.g. its latest values). Set only
// when the text changed: each change is announced, and live charts refresh
// far more often than their numbers change.
void setChartDescription(QWidget *chart, const QString &text);

// Tick labels with units ("1.2 GB/s", "5.6 µs", "40 %").
class UnitTicker : public QCPAxisTicker
{
public:
    explicit UnitTicker(telemetry::Unit unit)
        : m_unit(unit)
    {
    }
    void setUnit(telemetry::Unit unit) { m_unit = unit; }

protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;
    // Steps that are round in the unit people read: 16 GiB, not 23.3 GiB.
    double getTickStep(const QCPRange &range) override;

private:
    telemetry::Unit m_unit;
};

} // namespace halolink::ui
