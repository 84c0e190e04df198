#pragma once
// A node as a snapshot folder that commands change as the real tools change
// the real node, for planning again after a simulated apply and for
// checking that the undo gives back exactly what was there. It implements
// only what the tools and drivers were found to do; each behaviour names its
// source (tests/fixtures/tool-output/ and its READMEs, the kernel drivers).
// A command it does not know fails the test: nothing is made up.

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "roce/plan.h"

namespace halolink::test {

class NodeDouble {
public:
    // `root`: a copy of a snapshot (it is changed in place); `iface`: the
    // data-plane netdev; `driver`: "ice", "mlx5" or "" (how DCB behaves).
    NodeDouble(std::string root, std::string iface, std::string driver);

    // Runs one command as the real tool would change the node. false (and
    // `error`) where the real tool or driver refuses it; throws
    // std::runtime_error for a command this double does not know.
    bool run(const std::vector<std::string> &argv, std::string *error = nullptr);

    std::optional<std::string> read(const std::string &absPath) const;
    void write(const std::string &absPath, const std::string &content);
    void remove(const std::string &absPath);

    const std::string &root() const { return m_root; }

private:
    std::string path(const std::string &abs) const;
    std::string cmdFile(const std::vector<std::string> &argv) const;
    Json readJson(const std::vector<std::string> &argv) const;
    void writeJson(const std::vector<std::string> &argv, const Json &doc);
    void setRc(const std::vector<std::string> &argv, int rc);

    bool privFlag(const std::string &value, std::string *error);
    bool pause(const std::string &rx, const std::string &tx, std::string *error);
    bool pfcSet(const std::vector<std::string> &argv, std::string *error);
    bool app(const std::string &verb, int dscp, int prio, std::string *error);
    bool etsSet(const std::vector<std::string> &argv, std::string *error);
    bool devlinkSet(const std::string &pci, const std::string &name, bool value, std::string *error);
    void iceSwDefault();
    void setIbDevice(const std::string &pci, const std::optional<std::string> &nodeType);
    void unitFileChanged(const std::string &absPath);
    void refreshUnit(const std::string &unit);
    std::set<std::string> m_enabled; // units enabled by `systemctl enable`

    std::string m_root;
    std::string m_iface;
    std::string m_driver;
    // The firmware LLDP agent's DCB configuration as the snapshot had it:
    // what ice reports again once the agent runs (ice_set_priv_flags).
    Json m_fwPfc, m_fwApp, m_fwEts;
};

// Applies `plan` to the double as `halolink-engine apply` does: each step is
// described again from the node just before it runs (step_kinds.h), its undo
// and the files it writes are recorded, then its files and commands take
// effect. Returns the records to undo with rollback(); a step that fails
// fails the call (error set).
struct AppliedStep {
    roce::Step step;
    bool ran = false;
    std::vector<std::pair<std::string, std::optional<std::string>>> backups; // path, content before
};
std::vector<AppliedStep> applyToDouble(const roce::Plan &plan, NodeDouble &node, std::string *error);
// Undoes in reverse order as `rollback` does: undo commands, then files.
bool rollbackDouble(const std::vector<AppliedStep> &applied, NodeDouble &node, std::string *error);

// Every file below `dir` with its content (symlinks as "-> target"), to
// compare a node before and after.
std::vector<std::pair<std::string, std::string>> treeOf(const std::string &dir);

} // namespace halolink::test
