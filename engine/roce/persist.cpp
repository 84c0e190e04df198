// Boot-time configuration (persist.h): the network stack's file for the
// address and MTU, the backend's module options, and a unit re-applying what
// the kernel does not keep.

#include "roce/persist.h"

#include <algorithm>

#include "roce/ipv4.h"
#include "sys/text.h"

namespace halolink::roce {

void planPersistence(PlanBuilder &b, const Backend &backend)
{
    const Spec &spec = b.spec;
    Plan &plan = b.plan;
    const sys::Root &root = b.root;
    const int mtu = b.mtu;
    auto own = *parseCidr(spec.address);
    bool nm = !root.list("etc/NetworkManager").empty();
    bool networkd = root.isDir("etc/systemd/network");
    std::string cidrAddr = spec.address;
    if (nm) {
        std::string path = "/etc/NetworkManager/system-connections/halolink-" + spec.interface + ".nmconnection";
        std::string content = "# Written by halolink-engine (RoCE data plane)\n[connection]\nid=halolink-" +
                              spec.interface + "\ntype=ethernet\ninterface-name=" + spec.interface +
                              "\nautoconnect=true\n\n[ethernet]\nmtu=" + std::to_string(mtu) +
                              "\n\n[ipv4]\nmethod=manual\naddress1=" + cidrAddr + "\nnever-default=true\n";
        for (auto &peer : spec.peers) {
            Cidr p{*parseIpv4(peer), 32};
            if (Cidr{p.addr, own.prefix}.network() != own.network())
                content += "route" + std::to_string(&peer - &spec.peers[0] + 1) + "=" + peer + "/32\n";
        }
        content += "\n[ipv6]\nmethod=disabled\n";
        b.fileStep("persist_network", "step.persist_networkmanager", path, content, 0600);
    } else if (networkd) {
        std::string path = "/etc/systemd/network/50-halolink-" + spec.interface + ".network";
        std::string content = "# Written by halolink-engine (RoCE data plane)\n[Match]\nName=" + spec.interface +
                              "\n\n[Link]\nMTUBytes=" + std::to_string(mtu) + "\n\n[Network]\nAddress=" + cidrAddr +
                              "\nLinkLocalAddressing=no\n";
        for (auto &peer : spec.peers) {
            Cidr p{*parseIpv4(peer), 32};
            if (Cidr{p.addr, own.prefix}.network() != own.network())
                content += "\n[Route]\nDestination=" + peer + "/32\n";
        }
        b.fileStep("persist_network", "step.persist_networkd", path, content, 0644);
    } else {
        plan.warn("warning.no_persistence");
    }

    if (backend.persistModules)
        backend.persistModules(b);

    // A unit re-applying what does not persist by itself (device, devlink, DCB, ToS).
    std::vector<std::string> exec;
    for (auto &st : plan.steps) {
        static const std::vector<std::string> boot = {"rxe_modules", "rxe_device", "enable_roce", "fw_lldp_off",
                                                      "lfc_off",     "pfc",        "dscp_prio"};
        if (std::find(boot.begin(), boot.end(), st.id) != boot.end())
            for (auto &c : st.commands)
                exec.push_back("ExecStart=-" + shellLine(c));
        if (st.id == "ecn" || st.id == "roce_tos") {
            for (auto &c : st.commands)
                exec.push_back("ExecStart=-" + shellLine(std::vector<std::string>{c[0], "-p", c[1]}));
            for (auto &f : st.files)
                exec.push_back("ExecStart=-/bin/sh -c " + shellLine({"echo " + sys::trim(f.content) + " > " + f.path}));
        }
    }
    if (!exec.empty()) {
        std::string unit = "halolink-roce-" + spec.interface + ".service";
        std::string path = "/etc/systemd/system/" + unit;
        std::string content = "# Written by halolink-engine: re-applies RoCE settings that do not persist\n"
                              "[Unit]\nDescription=HaloLink RoCE settings for " +
                              spec.interface +
                              "\nAfter=network-online.target\nWants=network-online.target\n\n"
                              "[Service]\nType=oneshot\nRemainAfterExit=yes\n";
        for (auto &e : exec)
            content += e + "\n";
        content += "\n[Install]\nWantedBy=multi-user.target\n";
        Step &s = b.fileStep("persist_unit", "step.persist_unit", path, content, 0644);
        s.commands = {{"systemctl", "daemon-reload"}, {"systemctl", "enable", unit}};
        if (!s.alreadyDone)
            s.undo = {{"systemctl", "disable", unit}};
    }
}

} // namespace halolink::roce
