#pragma once
// A netdev's driver statistics, what `ethtool -S IF` prints, read the way
// ethtool reads them: ETHTOOL_GSSET_INFO for how many, ETHTOOL_GSTRINGS for
// their names, ETHTOOL_GSTATS for the values. net/ethtool/ioctl.c
// (__dev_ethtool, "Allow some commands to be done by anyone") lets an
// unprivileged process issue these three, so the agent reads them as the
// SSH user.
//
// The set of names can change under a running reader: mlx5 adds five names
// per priority whose PFC is switched on. Kernels before 6.19 (commit
// 7b07be1ff1cb, "ethtool: Avoid overflowing userspace buffer on stats
// query") copy as many values as the driver has now, whatever count the
// caller gave; newer ones return none when the counts differ. So the value
// buffer has room to spare, and a count other than the names' means "read
// the names again", never values matched to the wrong names.
//
// Replay (`probe --root` style) has no device: the snapshot's `ethtool -S
// IF` text is parsed instead (parseEthtoolStats).

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace halolink::monitor {

class EthtoolReader {
public:
    explicit EthtoolReader(std::string ifname);
    ~EthtoolReader();
    EthtoolReader(const EthtoolReader &) = delete;
    EthtoolReader &operator=(const EthtoolReader &) = delete;

    // Reads the names again. false when the driver reports no statistics or
    // the netdev is gone (errorText() says which).
    bool readNames();
    const std::vector<std::string> &names() const { return m_names; }

    enum class Result { Ok, Changed, Failed };
    // The values, in names() order. Changed: the driver's set is not the
    // names' any more (call readNames()); Failed: the ioctl failed.
    Result readValues(std::vector<std::uint64_t> &values);
    const std::string &errorText() const { return m_error; }

private:
    bool ioctl(void *data);

    std::string m_ifname;
    int m_fd = -1;
    std::vector<std::string> m_names;
    std::vector<std::uint64_t> m_buffer; // struct ethtool_stats + values, 8-byte aligned
    std::string m_error;
};

// `ethtool -S IF` as ethtool prints it ("NIC statistics:", then one
// "     NAME: VALUE" line a statistic: Debian 12's ethtool 6.1, captured in
// tests/fixtures/tool-output/ethtool-stats/), in order. Lines that are not
// "name: number" (the header) are skipped; leading blanks are optional (the
// public captures there were stored without them).
std::vector<std::pair<std::string, std::uint64_t>> parseEthtoolStats(std::string_view text);

} // namespace halolink::monitor
