// The probe's GPUs: DRM cards, amdgpu's memory and hwmon files, KFD's gfx
// target (docs/probe.md), ROCm SMI on a live node where sysfs lacks them.

#include <map>
#include <regex>

#include "gpu/rocm_smi.h"
#include "probe/probe_internal.h"
#include "sys/text.h"

namespace halolink::probe {

using sys::Root;

namespace {

std::map<std::string, std::string> kfdGfxTargets(const Root &root)
{
    // (domain, location_id) -> gfx target
    std::map<std::string, std::string> targets;
    const std::string base = "sys/class/kfd/kfd/topology/nodes";
    for (auto &node : root.list(base)) {
        auto props = root.read(base + "/" + node + "/properties");
        if (!props)
            continue;
        std::optional<long long> version, location, domain;
        for (auto &line : sys::lines(*props)) {
            auto parts = sys::splitWhitespace(line);
            if (parts.size() != 2)
                continue;
            if (parts[0] == "gfx_target_version")
                version = sys::parseInt(parts[1]);
            else if (parts[0] == "location_id")
                location = sys::parseInt(parts[1]);
            else if (parts[0] == "domain")
                domain = sys::parseInt(parts[1]);
        }
        if (version && *version > 0 && location)
            targets[std::to_string(domain.value_or(0)) + "/" + std::to_string(*location)] =
                gfxTargetName(*version);
    }
    return targets;
}

} // namespace

Json gpusJson(const Root &root, Facts &facts, Notes &notes)
{
    Json gpus = Json::array();
    static const std::regex cardName("^card[0-9]+$");
    std::map<std::string, std::string> targets;
    bool targetsRead = false;
    for (auto &card : root.list("sys/class/drm")) {
        if (!std::regex_match(card, cardName))
            continue;
        const std::string dev = "sys/class/drm/" + card + "/device";
        auto devicePath = root.linkTarget(dev);
        if (!devicePath)
            continue; // not backed by a device
        if (!targetsRead) {
            targets = kfdGfxTargets(root);
            targetsRead = true;
        }
        Json g;
        std::string pci = sys::baseName(*devicePath);
        g["card"] = card;
        g["pci"] = pci;
        g["driver"] = orNull(root.linkName(dev + "/driver"));
        g["vendor_id"] = orNull(root.readLine(dev + "/vendor"));
        g["device_id"] = orNull(root.readLine(dev + "/device"));

        std::optional<std::string> gfx;
        // 0000:c5:00.0 -> domain 0, location (bus << 8) | (device << 3) | function
        unsigned domain = 0, bus = 0, slot = 0, fn = 0;
        if (std::sscanf(pci.c_str(), "%x:%x:%x.%x", &domain, &bus, &slot, &fn) == 4) {
            auto it = targets.find(std::to_string(domain) + "/" +
                                   std::to_string((bus << 8) | (slot << 3) | fn));
            if (it != targets.end())
                gfx = it->second;
        }
        g["gfx_target"] = orNull(gfx);

        GpuFacts gf;
        gf.card = card;
        auto mem = [&](const char *name) {
            auto v = root.readInt(dev + "/" + name);
            if (!v && root.exists(dev + "/" + name))
                notes.add(dev + "/" + name, "unreadable or not a number");
            return v;
        };
        gf.vramTotal = mem("mem_info_vram_total");
        g["vram_total_bytes"] = orNull(gf.vramTotal);
        g["vram_used_bytes"] = orNull(mem("mem_info_vram_used"));
        gf.gttTotal = mem("mem_info_gtt_total");
        g["gtt_total_bytes"] = orNull(gf.gttTotal);
        g["gtt_used_bytes"] = orNull(mem("mem_info_gtt_used"));
        g["busy_percent"] = orNull(root.readInt(dev + "/gpu_busy_percent"));

        // amdgpu's hwmon: power in microwatts, temperature in millidegrees;
        // ROCm SMI on a live node whose kernel does not expose them.
        std::optional<double> power, temperature;
        for (auto &hw : root.list(dev + "/hwmon")) {
            const std::string h = dev + "/hwmon/" + hw;
            auto uw = root.readInt(h + "/power1_average");
            if (!uw)
                uw = root.readInt(h + "/power1_input");
            if (uw && !power)
                power = static_cast<double>(*uw) / 1e6;
            if (auto mc = root.readInt(h + "/temp1_input"); mc && !temperature)
                temperature = static_cast<double>(*mc) / 1000.0;
        }
        if (root.live() && (!power || !temperature) && g["driver"] == "amdgpu") {
            auto &smi = gpu::RocmSmi::get();
            if (!power)
                power = smi.powerWatts(pci);
            if (!temperature)
                temperature = smi.temperatureCelsius(pci);
        }
        g["power_w"] = orNull(power);
        g["temperature_c"] = orNull(temperature);
        facts.gpus.push_back(gf);
        gpus.push_back(std::move(g));
    }
    return gpus;
}

} // namespace halolink::probe
