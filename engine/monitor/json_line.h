#pragma once
// Appends compact JSON to a reused string. Telemetry frames go out ten times
// a second: writing them straight into one buffer, whose capacity survives
// from frame to frame, makes a frame cost no allocation at all, where a
// JSON tree would cost hundreds.

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace halolink::monitor {

class JsonLine {
public:
    explicit JsonLine(std::string &out)
        : m_out(out)
    {
    }

    void beginObject() { open('{'); }
    void endObject() { close('}'); }
    void beginArray() { open('['); }
    void endArray() { close(']'); }

    // A key in the current object; the value follows.
    void key(std::string_view k)
    {
        separate();
        string(k);
        m_out += ':';
        m_afterKey = true;
    }

    void value(std::string_view s)
    {
        separate();
        string(s);
    }
    void value(const char *s) { value(std::string_view(s)); }
    void value(std::int64_t v) { number(v); }
    void value(std::uint64_t v) { number(v); }
    void value(int v) { number(static_cast<std::int64_t>(v)); }
    void value(double v)
    {
        separate();
        if (!std::isfinite(v)) {
            m_out += "null";
            return;
        }
        char buf[32];
        auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
        m_out.append(buf, static_cast<std::size_t>(end - buf));
    }
    void null()
    {
        separate();
        m_out += "null";
    }
    template<typename T> void value(const std::optional<T> &v)
    {
        if (v)
            value(*v);
        else
            null();
    }

    template<typename T> void field(std::string_view k, const T &v)
    {
        key(k);
        value(v);
    }

private:
    template<typename T> void number(T v)
    {
        separate();
        char buf[24];
        auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
        m_out.append(buf, static_cast<std::size_t>(end - buf));
    }
    void separate()
    {
        if (m_afterKey) {
            m_afterKey = false;
            return;
        }
        if (m_depth > 0 && m_hasItem[m_depth])
            m_out += ',';
        m_hasItem[m_depth] = true;
    }
    void open(char c)
    {
        separate();
        m_out += c;
        ++m_depth;
        m_hasItem[m_depth] = false;
    }
    void close(char c)
    {
        m_out += c;
        --m_depth;
    }
    void string(std::string_view s)
    {
        m_out += '"';
        for (char c : s) {
            const auto u = static_cast<unsigned char>(c);
            if (c == '"' || c == '\\') {
                m_out += '\\';
                m_out += c;
            } else if (u < 0x20) {
                static constexpr char hex[] = "0123456789abcdef";
                m_out += "\\u00";
                m_out += hex[u >> 4];
                m_out += hex[u & 15];
            } else {
                m_out += c;
            }
        }
        m_out += '"';
    }

    std::string &m_out;
    int m_depth = 0;
    bool m_afterKey = false;
    std::array<bool, 16> m_hasItem {};
};

} // namespace halolink::monitor
