#pragma once
// The dashboard's plots: a QCustomPlot that leaves the mouse wheel to the
// page (it scrolls the dashboard, as everywhere else) and zooms its time
// axis only with Ctrl held. QCustomPlot takes every wheel event by itself
// (QCustomPlot::wheelEvent accepts it whatever its layerables do), which
// made the page stop scrolling under the pointer and zoom instead.

#include <qcustomplot.h>

namespace halolink::ui {

class DashboardPlot final : public QCustomPlot
{
    Q_OBJECT

public:
    using QCustomPlot::QCustomPlot;

protected:
    void wheelEvent(QWheelEvent *event) override
    {
        if (event->modifiers() & Qt::ControlModifier)
            QCustomPlot::wheelEvent(event);
        else
            event->ignore(); // to the scroll area
    }
};

} // namespace halolink::ui
