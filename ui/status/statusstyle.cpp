#include "status/statusstyle.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

#include <algorithm>
#include <cmath>

namespace halolink::ui {

bool StatusStyle::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128
        || palette.color(QPalette::Window).lightness() < 128;
}

namespace {

double luminance(const QColor &c)
{
    const auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace

QColor StatusStyle::color(Check::Status status, const QPalette &palette)
{
    const bool dark = isDark(palette);
    QColor c;
    switch (status) {
    case Check::Status::Pass: c = dark ? QColor(0x3f, 0xb9, 0x50) : QColor(0x1a, 0x7f, 0x37); break;
    case Check::Status::Warn: c = dark ? QColor(0xe3, 0xb3, 0x41) : QColor(0x9a, 0x67, 0x00); break;
    case Check::Status::Fail: c = dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xcf, 0x22, 0x2e); break;
    case Check::Status::Unknown:
    case Check::Status::NotApplicable: return palette.color(QPalette::PlaceholderText);
    }
    // Whatever the desktop's greys, keep WCAG AA (4.5:1) against every background
    // the colour is drawn on: shift the lightness away from the background.
    const QColor backgrounds[] = {palette.color(QPalette::Base), palette.color(QPalette::AlternateBase),
                                  palette.color(QPalette::Window)};
    for (int step = 0; step < 20; ++step) {
        double worst = 21.0;
        for (const QColor &bg : backgrounds)
            worst = std::min(worst, contrast(c, bg));
        if (worst >= 4.5)
            break;
        c = dark ? c.lighter(106) : c.darker(106);
    }
    return c;
}

QColor StatusStyle::background(Check::Status status, const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Window);
    const QColor tint = color(status, palette);
    const double a = isDark(palette) ? 0.22 : 0.14;
    return QColor::fromRgbF(base.redF() * (1 - a) + tint.redF() * a, base.greenF() * (1 - a) + tint.greenF() * a,
                            base.blueF() * (1 - a) + tint.blueF() * a);
}

QIcon StatusStyle::icon(Check::Status status, const QPalette &palette)
{
    QIcon icon;
    const QColor fill = color(status, palette);
    // The glyph takes the view's background, so it contrasts with the badge either way.
    const QColor glyph = palette.color(QPalette::Base);
    for (const int size : {16, 22, 32, 48}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        const qreal s = size;
        p.setPen(Qt::NoPen);
        p.setBrush(fill);
        p.drawEllipse(QRectF(0.5, 0.5, s - 1, s - 1));
        QPen pen(glyph, std::max(1.5, s / 8.0), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        switch (status) {
        case Check::Status::Pass: {
            QPainterPath path;
            path.moveTo(s * 0.28, s * 0.52);
            path.lineTo(s * 0.44, s * 0.68);
            path.lineTo(s * 0.73, s * 0.35);
            p.drawPath(path);
            break;
        }
        case Check::Status::Warn:
            p.drawLine(QPointF(s * 0.5, s * 0.26), QPointF(s * 0.5, s * 0.58));
            p.drawPoint(QPointF(s * 0.5, s * 0.75));
            break;
        case Check::Status::Fail:
            p.drawLine(QPointF(s * 0.33, s * 0.33), QPointF(s * 0.67, s * 0.67));
            p.drawLine(QPointF(s * 0.67, s * 0.33), QPointF(s * 0.33, s * 0.67));
            break;
        case Check::Status::Unknown:
            p.drawPoint(QPointF(s * 0.5, s * 0.5));
            break;
        case Check::Status::NotApplicable: // a dash: nothing to check here
            p.drawLine(QPointF(s * 0.3, s * 0.5), QPointF(s * 0.7, s * 0.5));
            break;
        }
        p.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace halolink::ui
