#include "node/gpucard.h"

#include "probe/probefacts.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>

namespace halolink::ui {

GpuCard::GpuCard(QWidget *parent)
    : QGroupBox(parent)
    , m_identity(new QLabel(this))
    , m_busy(new QLabel(this))
    , m_vram(new QProgressBar(this))
    , m_gtt(new QProgressBar(this))
    , m_gttNote(new QLabel(this))
{
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_identity->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_identity->setWordWrap(true);
    m_gttNote->setToolTip(tr("GTT is system memory the GPU can map. On a unified-memory APU it should be "
                             "most of system memory (amdgpu.gttsize, ttm.pages_limit)."));
    for (QProgressBar *bar : {m_vram, m_gtt}) {
        bar->setRange(0, 1000);
        bar->setTextVisible(true);
        bar->setMinimumWidth(160);
    }
    m_vram->setAccessibleName(tr("VRAM use"));
    m_gtt->setAccessibleName(tr("GTT use"));
    form->addRow(tr("Device:"), m_identity);
    form->addRow(tr("Busy:"), m_busy);
    form->addRow(tr("VRAM:"), m_vram);
    form->addRow(tr("GTT:"), m_gtt);
    form->addRow(tr("GPU reach:"), m_gttNote);
}

void GpuCard::setBar(QProgressBar *bar, std::optional<qint64> used, std::optional<qint64> total)
{
    if (!total || *total <= 0) {
        bar->setValue(0);
        bar->setFormat(tr("unknown"));
        bar->setEnabled(false);
        return;
    }
    bar->setEnabled(true);
    if (!used) {
        bar->setValue(0);
        bar->setFormat(tr("%1 total (use unknown)").arg(facts::bytes(total)));
        return;
    }
    bar->setValue(static_cast<int>(std::clamp(*used * 1000 / *total, qint64(0), qint64(1000))));
    // QProgressBar treats % in the format specially.
    QString text = tr("%1 of %2 used").arg(facts::bytes(used), facts::bytes(total));
    text.replace(QLatin1Char('%'), QStringLiteral("%%"));
    bar->setFormat(text);
}

void GpuCard::setGpu(const Gpu &gpu, std::optional<qint64> systemMemoryBytes)
{
    // The gfx target names a compute GPU; a BMC's VGA has none, its driver says what it is.
    setTitle(tr("GPU %1 — %2").arg(gpu.card, gpu.gfxTarget.value_or(gpu.driver.value_or(tr("unknown")))));
    setAccessibleName(title());
    QStringList identity;
    identity << gpu.pci.value_or(facts::unknownText());
    if (gpu.driver)
        identity << *gpu.driver;
    if (gpu.vendorId && gpu.deviceId)
        identity << QStringLiteral("%1:%2").arg(*gpu.vendorId, *gpu.deviceId);
    m_identity->setText(identity.join(QStringLiteral(" · ")));
    m_busy->setText(gpu.busyPercent ? tr("%1 %").arg(*gpu.busyPercent) : facts::unknownText());
    setBar(m_vram, gpu.vramUsedBytes, gpu.vramTotalBytes);
    setBar(m_gtt, gpu.gttUsedBytes, gpu.gttTotalBytes);

    // GTT relative to system memory says how much of it the GPU can reach.
    if (gpu.gttTotalBytes && systemMemoryBytes && *systemMemoryBytes > 0) {
        const double share = 100.0 * double(*gpu.gttTotalBytes) / double(*systemMemoryBytes);
        m_gttNote->setText(tr("GTT is %1 % of system memory").arg(QLocale().toString(share, 'f', 0)));
    } else {
        m_gttNote->setText(facts::unknownText());
    }
}

} // namespace halolink::ui
