#include "status/statusstyle.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace halolink::ui {

bool StatusStyle::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128
        || palette.color(QPalette::Window).lightness() < 128;
}

QColor StatusStyle::color(Check::Status status, const QPalette &palette)
{
    const bool dark = isDark(palette);
    switch (status) {
    case Check::Status::Pass: return dark ? QColor(0x3f, 0xb9, 0x50) : QColor(0x1a, 0x7f, 0x37);
    case Check::Status::Warn: return dark ? QColor(0xe3, 0xb3, 0x41) : QColor(0x9a, 0x67, 0x00);
    case Check::Status::Fail: return dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xcf, 0x22, 0x2e);
    case Check::Status::Unknown: break;
    }
    return palette.color(QPalette::PlaceholderText);
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
        }
        p.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace halolink::ui
