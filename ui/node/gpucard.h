#pragma once
// One GPU of a node: identity, load, and VRAM / GTT totals with their use as
// bars. On a unified-memory APU the GTT bar is the one that matters.

#include "protocol/probereport.h"

#include <QGroupBox>

class QLabel;
class QProgressBar;

namespace halolink::ui {

class GpuCard final : public QGroupBox
{
    Q_OBJECT

public:
    explicit GpuCard(QWidget *parent = nullptr);

    void setGpu(const Gpu &gpu, std::optional<qint64> systemMemoryBytes);

private:
    static void setBar(QProgressBar *bar, std::optional<qint64> used, std::optional<qint64> total);

    QLabel *m_identity;
    QLabel *m_busy;
    QProgressBar *m_vram;
    QProgressBar *m_gtt;
    QLabel *m_gttNote;
};

} // namespace halolink::ui
