#include "monitor/ethtool_stats.h"

#include <cerrno>
#include <charconv>
#include <cstddef>
#include <cstring>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace halolink::monitor {

namespace {

// Room for names added between reading the names and the values on kernels
// that copy what the driver has now (before 6.19): mlx5 adds at most 5 per
// priority, 5 for link pause and 2 for pause storms.
constexpr std::size_t kHeadroom = 256;

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

} // namespace

EthtoolReader::EthtoolReader(std::string ifname)
    : m_ifname(std::move(ifname))
{
    m_fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (m_fd < 0)
        m_error = std::string("socket: ") + std::strerror(errno);
}

EthtoolReader::~EthtoolReader()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

bool EthtoolReader::ioctl(void *data)
{
    if (m_fd < 0)
        return false;
    ifreq ifr {};
    if (m_ifname.size() >= sizeof ifr.ifr_name) {
        m_error = "interface name too long";
        return false;
    }
    std::memcpy(ifr.ifr_name, m_ifname.data(), m_ifname.size());
    ifr.ifr_data = static_cast<char *>(data);
    if (::ioctl(m_fd, SIOCETHTOOL, &ifr) < 0) {
        m_error = std::strerror(errno);
        return false;
    }
    return true;
}

bool EthtoolReader::readNames()
{
    m_names.clear();
    // struct ethtool_sset_info with room for the one answer asked for.
    std::uint64_t ssetBuf[(sizeof(ethtool_sset_info) + sizeof(std::uint32_t) + 7) / 8] = {};
    auto *sset = reinterpret_cast<ethtool_sset_info *>(ssetBuf);
    sset->cmd = ETHTOOL_GSSET_INFO;
    sset->sset_mask = 1ULL << ETH_SS_STATS;
    if (!ioctl(sset))
        return false;
    if (!(sset->sset_mask & (1ULL << ETH_SS_STATS)) || sset->data[0] == 0) {
        m_error = "no statistics";
        return false;
    }
    const std::uint32_t count = sset->data[0];
    std::vector<std::uint64_t> buf((sizeof(ethtool_gstrings) + std::size_t(count) * ETH_GSTRING_LEN + 7) / 8 + 1);
    auto *strings = reinterpret_cast<ethtool_gstrings *>(buf.data());
    strings->cmd = ETHTOOL_GSTRINGS;
    strings->string_set = ETH_SS_STATS;
    strings->len = count;
    if (!ioctl(strings))
        return false;
    // Kernels from 6.19 answer 0 when the set changed in between.
    if (strings->len != count) {
        m_error = "the statistics changed while their names were read";
        return false;
    }
    m_names.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        const char *name = reinterpret_cast<const char *>(strings->data) + std::size_t(i) * ETH_GSTRING_LEN;
        m_names.emplace_back(name, ::strnlen(name, ETH_GSTRING_LEN));
    }
    m_buffer.assign((sizeof(ethtool_stats) + 7) / 8 + count + kHeadroom, 0);
    return true;
}

EthtoolReader::Result EthtoolReader::readValues(std::vector<std::uint64_t> &values)
{
    if (m_names.empty())
        return Result::Changed;
    auto *stats = reinterpret_cast<ethtool_stats *>(m_buffer.data());
    stats->cmd = ETHTOOL_GSTATS;
    stats->n_stats = static_cast<std::uint32_t>(m_names.size());
    if (!ioctl(stats))
        return Result::Failed;
    if (stats->n_stats != m_names.size())
        return Result::Changed;
    values.assign(stats->data, stats->data + m_names.size());
    return Result::Ok;
}

std::vector<std::pair<std::string, std::uint64_t>> parseEthtoolStats(std::string_view text)
{
    std::vector<std::pair<std::string, std::uint64_t>> out;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
        line = trim(line);
        const std::size_t colon = line.rfind(':');
        if (colon == std::string_view::npos || colon == 0)
            continue;
        const std::string_view name = trim(line.substr(0, colon));
        const std::string_view number = trim(line.substr(colon + 1));
        std::uint64_t v = 0;
        auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), v);
        if (ec != std::errc() || end != number.data() + number.size() || name.empty())
            continue; // "NIC statistics:" and anything else that is not a counter
        out.emplace_back(std::string(name), v);
    }
    return out;
}

} // namespace halolink::monitor
