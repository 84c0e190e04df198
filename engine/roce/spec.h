#pragma once
// The RoCE configuration spec (docs/roce-config.md, "The spec"): what a node's
// data plane should be. Parsed and validated here; the planner compares it
// with the node.

#include <optional>
#include <string>
#include <vector>

#include "sys/json_out.h"

namespace halolink::roce {

struct QosSpec {
    bool enabled = true;
    int pfcPriority = 3;
    int dscp = 26;
    int tos = 106; // DSCP x 4, +2 (ECN-capable transport) with ecn
    bool ecn = true;
};

struct Spec {
    std::string interface;              // data-plane netdev
    std::string address;                // "192.168.100.1/30"
    std::vector<std::string> peers;     // peers' data-plane IPv4 addresses
    std::optional<int> mtu;             // default 9000
    std::string rdmaMode = "roce";      // roce | keep
    std::optional<std::string> backend; // ice | mlx5 | rxe | generic; default from the NIC
    std::string rxeDevice = "rxe0";     // rxe backend: the device to create
    QosSpec qos;
    bool persist = false;
};

// Parses and validates a spec document; throws sys::EngineError
// {"invalid_spec", "<field>: <what is wrong>"} on the first problem.
Spec parseSpec(const Json &doc);
// The spec with its defaults filled in, as parseSpec reads it back.
Json specJson(const Spec &spec);
// The spec file's JSON; throws sys::EngineError {"bad_spec_file"} when it
// cannot be read and {"invalid_spec"} when it is not JSON.
Json readSpecFile(const std::string &path);
// The folder `--root` names ("/" without it, or when it is "/" itself);
// throws sys::EngineError {"bad_root"} when it is not a folder.
std::string rootDirOption(const std::optional<std::string> &option);

} // namespace halolink::roce
