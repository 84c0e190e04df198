#include "dashboard/legenditem.h"

#include <QFontMetrics>

#include <cmath>

namespace halolink::ui {

namespace {

// drawLegendIcon() is protected; QCPPlottableLegendItem is its friend, a
// subclass is not. Naming it through a subclass gives a pointer to the
// (virtual) member itself, so each plottable still draws its own icon.
struct PlottableIcon : QCPAbstractPlottable {
    using QCPAbstractPlottable::drawLegendIcon;
};

} // namespace

CachedLegendItem::CachedLegendItem(QCPLegend *legend, QCPAbstractPlottable *plottable)
    : QCPPlottableLegendItem(legend, plottable)
{
    m_text.setTextFormat(Qt::PlainText);
    m_text.setPerformanceHint(QStaticText::AggressiveCaching);
}

QRect CachedLegendItem::textRect() const
{
    const QFont font = getFont();
    const QString &name = mPlottable->name();
    if (!m_measured || name != m_name || font != m_font) {
        m_name = name;
        m_font = font;
        // The same measure as QCPPlottableLegendItem's.
        m_textRect = QFontMetrics(font).boundingRect(0, 0, 0, mParentLegend->iconSize().height(), Qt::TextDontClip,
                                                     name);
        m_measured = true;
    }
    return m_textRect;
}

QSize CachedLegendItem::minimumOuterSizeHint() const
{
    if (!mPlottable)
        return {};
    const QSize iconSize = mParentLegend->iconSize();
    const QRect text = textRect();
    QSize result(iconSize.width() + mParentLegend->iconTextPadding() + text.width(),
                 std::max(text.height(), iconSize.height()));
    result.rwidth() += mMargins.left() + mMargins.right();
    result.rheight() += mMargins.top() + mMargins.bottom();
    return result;
}

void CachedLegendItem::draw(QCPPainter *painter)
{
    if (!mPlottable)
        return;
    const QFont font = getFont();
    painter->setFont(font);
    painter->setPen(QPen(getTextColor()));
    const QSize iconSize = mParentLegend->iconSize();
    const QRect iconRect(mRect.topLeft(), iconSize);
    if (m_textName != mPlottable->name() || m_textFont != font) {
        m_textName = mPlottable->name();
        m_textFont = font;
        m_text.setText(m_textName);
        m_text.prepare(QTransform(), font);
    }
    painter->drawStaticText(QPoint(mRect.x() + iconSize.width() + mParentLegend->iconTextPadding(), mRect.y()), m_text);
    painter->save();
    painter->setClipRect(iconRect, Qt::IntersectClip);
    (mPlottable->*(&PlottableIcon::drawLegendIcon))(painter, iconRect);
    painter->restore();
    if (getIconBorderPen().style() != Qt::NoPen) {
        painter->setPen(getIconBorderPen());
        painter->setBrush(Qt::NoBrush);
        const int halfPen = int(std::ceil(painter->pen().widthF() * 0.5)) + 1;
        painter->setClipRect(mOuterRect.adjusted(-halfPen, -halfPen, halfPen, halfPen));
        painter->drawRect(iconRect);
    }
}

} // namespace halolink::ui
