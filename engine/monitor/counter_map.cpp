#include "monitor/counter_map.h"

namespace halolink::monitor {

std::optional<int> normalizedIndex(std::string_view rawName)
{
    for (const auto &alias : kCounterAliases) {
        if (alias.rawName != rawName)
            continue;
        for (std::size_t i = 0; i < kNormalizedKeys.size(); ++i) {
            if (kNormalizedKeys[i].key == alias.key)
                return static_cast<int>(i);
        }
    }
    return std::nullopt;
}

bool isCounterSetting(std::string_view rawName)
{
    return rawName == "lifespan";
}

} // namespace halolink::monitor
