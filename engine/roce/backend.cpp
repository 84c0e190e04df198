#include "roce/backend.h"

namespace halolink::roce {

const std::vector<const Backend *> &backends()
{
    static const std::vector<const Backend *> all = {&iceBackend(), &mlx5Backend(), &rxeBackend(), &genericBackend()};
    return all;
}

const Backend *findBackend(const std::string &name)
{
    for (const Backend *b : backends())
        if (name == b->name)
            return b;
    return nullptr;
}

} // namespace halolink::roce
