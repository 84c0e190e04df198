#pragma once
// A legend entry that draws exactly as QCustomPlot's own (icon, then the name
// beside it, tops aligned), but lays its text out once instead of on every
// replot: QCPPlottableLegendItem measures and shapes its name twice per
// replot (size hint and draw), which was about half the cost of a replot of
// a chart with 16 lines. The layout is made again when the name or the font
// changes.

#include <QFont>
#include <QStaticText>
#include <QString>

#include <qcustomplot.h>

namespace halolink::ui {

class CachedLegendItem final : public QCPPlottableLegendItem
{
    Q_OBJECT

public:
    CachedLegendItem(QCPLegend *legend, QCPAbstractPlottable *plottable);

protected:
    void draw(QCPPainter *painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    // The name's bounding rectangle as QCustomPlot measures it, for the current name and font.
    QRect textRect() const;

    mutable QString m_name;
    mutable QFont m_font;
    mutable QRect m_textRect;
    mutable bool m_measured = false;
    QStaticText m_text;
    QString m_textName;
    QFont m_textFont;
};

} // namespace halolink::ui
