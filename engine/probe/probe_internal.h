#pragma once
// Shared between probe.cpp, gpus.cpp and checks.cpp: the probe's intermediate facts.

#include <optional>
#include <string>
#include <vector>

#include "probe/probe.h"

namespace halolink::probe {

struct PcieLink {
    std::optional<double> speedGts;
    std::optional<long long> width;
    std::optional<double> maxSpeedGts;
    std::optional<long long> maxWidth;
};

struct NicFacts {
    std::string netdev;
    std::optional<std::string> driver;
    std::optional<std::string> pci;
    std::optional<long long> mtu;
    std::vector<std::string> ipv4;
    std::optional<PcieLink> pcie;
    std::optional<std::string> rdmaDevice;
    bool carriesManagement = false;
    std::optional<LinkModes> linkModes; // `ethtool IF`, for NICs with an RDMA device
};

struct GpuFacts {
    std::string card;
    std::optional<long long> vramTotal;
    std::optional<long long> gttTotal;
};

// Collected during a probe; the checks are computed from these alone.
struct Facts {
    std::optional<long long> memoryTotal;
    std::vector<std::pair<std::string, std::string>> cmdline;
    bool iommuClassPresent = false;
    bool iommuClassEmpty = false;
    std::vector<GpuFacts> gpus;
    std::vector<NicFacts> nics;
    std::vector<RdmaPort> rdma;
    Libraries libraries;
    bool rdmaClassHasDevices = false;
    std::optional<std::string> firewalldState; // output of systemctl is-active
};

Json computeChecks(const Facts &facts);

// Facts the probe could not establish, with the reason, so that a null in the
// document is never a mystery.
class Notes {
public:
    void add(std::string source, std::string message)
    {
        m_notes.push_back({{"source", std::move(source)}, {"message", std::move(message)}});
    }
    Json json() const { return m_notes.empty() ? Json::array() : Json(m_notes); }

private:
    std::vector<Json> m_notes;
};

template<typename T>
Json orNull(const std::optional<T> &v)
{
    return v ? Json(*v) : Json(nullptr);
}

// The GPUs (gpus.cpp): `gpus` of the probe document, and their facts.
Json gpusJson(const sys::Root &root, Facts &facts, Notes &notes);

} // namespace halolink::probe
