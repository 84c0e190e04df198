#include "dashboard/plotstyle.h"

#include <cmath>

namespace halolink::ui {

PlotColors PlotColors::fromPalette(const QPalette &palette)
{
    PlotColors c;
    c.background = palette.color(QPalette::Base);
    c.text = palette.color(QPalette::Text);
    c.dark = c.background.lightnessF() < 0.5;
    c.subtleText = mix(c.text, c.background, 0.35);
    c.grid = mix(c.background, c.text, c.dark ? 0.16 : 0.12);
    c.axis = mix(c.background, c.text, 0.45);
    return c;
}

QColor PlotColors::mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

QColor PlotColors::series(int n) const
{
    // Okabe–Ito-like hues, one set tuned for light and one for dark backgrounds.
    static const QRgb light[] = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0xE69F00, 0x56B4E9, 0x7F3C8D, 0x3D7A3D,
                                 0xA6761D, 0x555555};
    static const QRgb dark[] = {0x56B4E9, 0xFF9F5A, 0x3DD6A3, 0xF0A0CF, 0xF5C242, 0x8FD3FF, 0xC39BE0, 0x9BD27A,
                                0xE0B870, 0xC8C8C8};
    const int count = int(std::size(light));
    QColor color(this->dark ? dark[n % count] : light[n % count]);
    // Past the first round, vary the lightness so 20 lines stay distinguishable.
    if (n >= count)
        color = this->dark ? color.darker(130) : color.lighter(140);
    return color;
}

void setChartDescription(QWidget *chart, const QString &text)
{
    if (chart && chart->accessibleDescription() != text)
        chart->setAccessibleDescription(text);
}

void stylePlot(QCustomPlot *plot, const PlotColors &colors)
{
    plot->setBackground(colors.background);
    plot->axisRect()->setBackground(colors.background);
    for (QCPAxis *axis : plot->axisRect()->axes()) {
        axis->setBasePen(QPen(colors.axis, 1));
        axis->setTickPen(QPen(colors.axis, 1));
        axis->setSubTickPen(QPen(colors.axis, 1));
        axis->setTickLabelColor(colors.text);
        axis->setLabelColor(colors.text);
        axis->grid()->setPen(QPen(colors.grid, 1, Qt::SolidLine));
        axis->grid()->setZeroLinePen(QPen(colors.grid, 1, Qt::SolidLine));
        axis->grid()->setSubGridVisible(false);
    }
    if (plot->legend) {
        plot->legend->setBrush(colors.background);
        plot->legend->setBorderPen(QPen(colors.grid, 1));
        plot->legend->setTextColor(colors.text);
    }
}

double UnitTicker::getTickStep(const QCPRange &range)
{
    const double base = m_unit == telemetry::Unit::Bytes ? 1024.0 : 1000.0;
    const bool scaled = m_unit == telemetry::Unit::Bytes || m_unit == telemetry::Unit::BytesPerSecond
        || m_unit == telemetry::Unit::PerSecond;
    const double raw = range.size() / (mTickCount + 1e-10);
    if (!scaled || raw <= 0 || !std::isfinite(raw))
        return QCPAxisTicker::getTickStep(range);
    double scale = 1;
    while (raw / scale >= base)
        scale *= base;
    return cleanMantissa(raw / scale) * scale;
}

QString UnitTicker::getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision)
{
    if (m_unit == telemetry::Unit::None || m_unit == telemetry::Unit::Count)
        return QCPAxisTicker::getTickLabel(tick, locale, formatChar, precision);
    if (std::abs(tick) < 1e-9)
        tick = 0; // "0 B/s", not "-0.00 B/s" from rounding
    return telemetry::formatValue(tick, m_unit);
}

} // namespace halolink::ui
