#include "sys/dl.h"

#include <dlfcn.h>
#include <utility>

namespace halolink::sys {

Library::~Library()
{
    // Never dlclose: provider libraries (libibverbs' drivers) register
    // destructors and threads that do not survive being unloaded.
}

Library::Library(Library &&other) noexcept
    : m_handle(std::exchange(other.m_handle, nullptr))
    , m_name(std::move(other.m_name))
    , m_error(std::move(other.m_error))
{
}

Library &Library::operator=(Library &&other) noexcept
{
    m_handle = std::exchange(other.m_handle, nullptr);
    m_name = std::move(other.m_name);
    m_error = std::move(other.m_error);
    return *this;
}

Library Library::open(const std::vector<std::string> &names)
{
    Library lib;
    for (const auto &n : names) {
        if (void *h = ::dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL)) {
            lib.m_handle = h;
            lib.m_name = n;
            lib.m_error.clear();
            return lib;
        }
        const char *err = ::dlerror();
        lib.m_error = err ? err : (n + ": cannot be loaded");
    }
    return lib;
}

void *Library::symbol(const char *name) const
{
    return m_handle ? ::dlsym(m_handle, name) : nullptr;
}

const std::vector<std::string> &ibverbsNames()
{
    static const std::vector<std::string> names{"libibverbs.so.1"};
    return names;
}

const std::vector<std::string> &rdmacmNames()
{
    static const std::vector<std::string> names{"librdmacm.so.1"};
    return names;
}

const std::vector<std::string> &rocmSmiNames()
{
    static const std::vector<std::string> names{"librocm_smi64.so.7", "librocm_smi64.so.6",
                                                "librocm_smi64.so.5", "librocm_smi64.so.1",
                                                "librocm_smi64.so"};
    return names;
}

} // namespace halolink::sys
