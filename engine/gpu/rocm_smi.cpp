#include "gpu/rocm_smi.h"

#include <cstdio>
#include <mutex>
#include <rocm_smi/rocm_smi.h>

#include "sys/dl.h"

namespace halolink::gpu {

namespace {
using InitFn = rsmi_status_t (*)(uint64_t);
using NumFn = rsmi_status_t (*)(uint32_t *);
using PciIdFn = rsmi_status_t (*)(uint32_t, uint64_t *);
using PowerFn = rsmi_status_t (*)(uint32_t, uint32_t, uint64_t *);
using TempFn = rsmi_status_t (*)(uint32_t, uint32_t, rsmi_temperature_metric_t, int64_t *);
} // namespace

RocmSmi &RocmSmi::get()
{
    static RocmSmi instance;
    return instance;
}

RocmSmi::RocmSmi()
{
    static sys::Library lib = sys::Library::open(sys::rocmSmiNames());
    if (!lib.loaded()) {
        m_error = "ROCm SMI is not installed";
        return;
    }
    InitFn init = nullptr;
    NumFn num = nullptr;
    if (!lib.resolve(init, "rsmi_init") || !lib.resolve(num, "rsmi_num_monitor_devices")) {
        m_error = lib.name() + " lacks rsmi_init";
        return;
    }
    m_pciId = lib.symbol("rsmi_dev_pci_id_get");
    m_power = lib.symbol("rsmi_dev_power_ave_get");
    m_temp = lib.symbol("rsmi_dev_temp_metric_get");
    if (init(0) != RSMI_STATUS_SUCCESS) {
        m_error = "rsmi_init failed (no amdgpu device, or no access to it)";
        return;
    }
    if (num(&m_count) != RSMI_STATUS_SUCCESS)
        m_count = 0;
    m_usable = m_pciId != nullptr;
}

std::optional<uint32_t> RocmSmi::deviceIndex(const std::string &pci)
{
    unsigned domain = 0, bus = 0, dev = 0, fn = 0;
    if (!m_usable || std::sscanf(pci.c_str(), "%x:%x:%x.%x", &domain, &bus, &dev, &fn) != 4)
        return std::nullopt;
    const uint64_t want = (uint64_t(domain) << 32) | (uint64_t(bus & 0xff) << 8) | (uint64_t(dev & 0x1f) << 3) |
                          uint64_t(fn & 0x7);
    auto pciId = reinterpret_cast<PciIdFn>(m_pciId);
    for (uint32_t i = 0; i < m_count; ++i) {
        uint64_t id = 0;
        // The upper bits may carry a partition id on newer ROCm: compare the BDF.
        if (pciId(i, &id) == RSMI_STATUS_SUCCESS && (id & 0xffffffff0000ffffULL) == want)
            return i;
    }
    return std::nullopt;
}

std::optional<double> RocmSmi::powerWatts(const std::string &pci)
{
    auto idx = deviceIndex(pci);
    if (!idx || !m_power)
        return std::nullopt;
    uint64_t microwatts = 0;
    if (reinterpret_cast<PowerFn>(m_power)(*idx, 0, &microwatts) != RSMI_STATUS_SUCCESS)
        return std::nullopt;
    return static_cast<double>(microwatts) / 1e6;
}

std::optional<double> RocmSmi::temperatureCelsius(const std::string &pci)
{
    auto idx = deviceIndex(pci);
    if (!idx || !m_temp)
        return std::nullopt;
    int64_t millidegrees = 0;
    if (reinterpret_cast<TempFn>(m_temp)(*idx, RSMI_TEMP_TYPE_EDGE, RSMI_TEMP_CURRENT, &millidegrees) !=
        RSMI_STATUS_SUCCESS)
        return std::nullopt;
    return static_cast<double>(millidegrees) / 1000.0;
}

} // namespace halolink::gpu
