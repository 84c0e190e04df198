#include "api/sse.h"

#include "api/http_client.h"

namespace halolink::api {

namespace {
constexpr std::size_t kMaxLine = 16 * 1024 * 1024;
}

bool SseParser::feed(std::string_view bytes, const Handler &onEvent)
{
    for (char c : bytes) {
        if (m_afterCr) {
            m_afterCr = false;
            if (c == '\n')
                continue; // the "\n" of a "\r\n" cut between two pieces
        }
        if (c == '\r' || c == '\n') {
            m_afterCr = c == '\r';
            if (!endLine(onEvent))
                return false;
            continue;
        }
        m_line += c;
        if (m_line.size() > kMaxLine)
            throw sys::EngineError { errors::kBadResponse, "a server-sent event line is longer than 16 MiB",
                1 };
    }
    return true;
}

bool SseParser::finish(const Handler &onEvent)
{
    if (!m_line.empty() && !endLine(onEvent))
        return false;
    return dispatch(onEvent);
}

bool SseParser::endLine(const Handler &onEvent)
{
    if (m_line.empty())
        return dispatch(onEvent);
    if (m_line.front() != ':') {
        const std::size_t colon = m_line.find(':');
        if (m_line.compare(0, colon, "data") == 0) {
            std::string_view value;
            if (colon != std::string::npos) {
                value = std::string_view(m_line).substr(colon + 1);
                if (!value.empty() && value.front() == ' ')
                    value.remove_prefix(1);
            }
            m_data.append(value);
            m_data += '\n';
            m_hasData = true;
        }
    }
    m_line.clear();
    return true;
}

bool SseParser::dispatch(const Handler &onEvent)
{
    if (!m_hasData)
        return true;
    m_hasData = false;
    std::string data;
    data.swap(m_data);
    data.pop_back(); // the last line's "\n"
    if (data.empty())
        return true;
    ++m_events;
    return onEvent(data);
}

} // namespace halolink::api
