#pragma once
// dlopen with a list of candidate names, so the engine starts on nodes that
// lack a library and reports it instead of failing to load.

#include <string>
#include <vector>

namespace halolink::sys {

class Library {
public:
    Library() = default;
    ~Library();
    Library(const Library &) = delete;
    Library &operator=(const Library &) = delete;
    Library(Library &&other) noexcept;
    Library &operator=(Library &&other) noexcept;

    // Tries each name in turn; the first that loads wins.
    static Library open(const std::vector<std::string> &names);

    bool loaded() const { return m_handle != nullptr; }
    const std::string &name() const { return m_name; }
    // Why nothing loaded (the last dlerror()).
    const std::string &error() const { return m_error; }

    void *symbol(const char *name) const;
    template<typename Fn>
    bool resolve(Fn &fn, const char *name) const
    {
        fn = reinterpret_cast<Fn>(symbol(name));
        return fn != nullptr;
    }

private:
    void *m_handle = nullptr;
    std::string m_name;
    std::string m_error;
};

// The sonames the engine looks for.
const std::vector<std::string> &ibverbsNames();
const std::vector<std::string> &rdmacmNames();
const std::vector<std::string> &rocmSmiNames();

} // namespace halolink::sys
