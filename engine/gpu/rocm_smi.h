#pragma once
// ROCm SMI, opened at run time when the node has it. Used for what amdgpu's
// sysfs does not say on every kernel (average power, edge temperature).

#include <cstdint>
#include <optional>
#include <string>

namespace halolink::gpu {

class RocmSmi {
public:
    // Loaded and initialised once per process, on first use.
    static RocmSmi &get();

    bool usable() const { return m_usable; }
    const std::string &error() const { return m_error; }

    // By PCI address "0000:c5:00.0".
    std::optional<double> powerWatts(const std::string &pci);
    std::optional<double> temperatureCelsius(const std::string &pci);

private:
    RocmSmi();
    std::optional<uint32_t> deviceIndex(const std::string &pci);

    bool m_usable = false;
    std::string m_error;
    void *m_pciId = nullptr;
    void *m_power = nullptr;
    void *m_temp = nullptr;
    uint32_t m_count = 0;
};

} // namespace halolink::gpu
