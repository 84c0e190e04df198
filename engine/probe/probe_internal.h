#pragma once
// Shared between probe.cpp and checks.cpp: the probe's intermediate facts.

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

} // namespace halolink::probe
