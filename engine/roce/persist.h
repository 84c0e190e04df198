#pragma once
// persist: true - the boot-time configuration that keeps a node's RoCE data
// plane across reboots (docs/roce-config.md, "persist"):
// - the address, MTU and routes in the file of the network stack that is
//   really active (netplan, NetworkManager or systemd-networkd);
// - the backend's module configuration;
// - what the kernel does not keep (the Soft-RoCE device, DCB, rdma_cm's
//   ToS), re-applied by a script that a oneshot unit runs after the netdev
//   appears and before the network stack configures it (ice's DCB changes
//   close and reopen the netdev, which drops its routes).

#include <optional>
#include <string>
#include <vector>

#include "roce/backend.h"

namespace halolink::roce {

// The boot script's lines, each command quoted as the plan shows commands.
class BootScript {
public:
    // A command whose failure is reported (the rest still runs).
    void run(const std::vector<std::string> &argv);
    // A command whose failure is reported unless `check` (a shell condition)
    // holds afterwards: for commands that refuse to set what is set already.
    void runUnless(const std::vector<std::string> &argv, const std::string &check);
    void line(const std::string &shell);
    bool empty() const { return m_lines.empty(); }
    std::string text(const std::string &interface) const;

private:
    std::vector<std::string> m_lines;
};

void planPersistence(PlanBuilder &b, const Backend &backend);

// `systemctl is-active UNIT`: its one word (active, inactive, failed, ...),
// nullopt when it printed none (systemd not running; not installed).
std::optional<std::string> parseIsActive(const sys::CommandResult &result);
// `systemctl is-enabled UNIT`: its unit file state (enabled, disabled,
// static, masked-runtime, ...; "not-found" for a unit without a file, in the
// form of systemd 252 and of 253 and later); nullopt when it cannot be told.
std::optional<std::string> parseUnitFileState(const sys::CommandResult &result);

// systemd's escaping of a name inside a unit name (systemd-escape): "-" and
// what else is not [A-Za-z0-9:_.] become \xNN.
std::string systemdEscape(const std::string &name);

} // namespace halolink::roce
