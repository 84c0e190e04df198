#pragma once
// Server-sent events (the text/event-stream format of a streamed chat
// completion): bytes in, as they arrive and cut anywhere; each event's data
// out (its `data:` lines joined with "\n"). Lines may end in "\r\n", "\n"
// or "\r"; comments (":...") and the other fields (event, id, retry) are
// skipped, since OpenAI-compatible servers put everything in `data`.

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace halolink::api {

class SseParser {
public:
    // Gets each event's data; returns false to stop.
    using Handler = std::function<bool(const std::string &data)>;

    // Returns false when the handler asked to stop. Throws EngineError
    // "bad_response" for a line longer than 16 MiB.
    bool feed(std::string_view bytes, const Handler &onEvent);
    // At the end of the stream: an event whose blank line never came is
    // still handed over.
    bool finish(const Handler &onEvent);

    std::size_t events() const { return m_events; }

private:
    bool endLine(const Handler &onEvent);
    bool dispatch(const Handler &onEvent);

    std::string m_line;
    std::string m_data;
    bool m_hasData = false;
    bool m_afterCr = false;
    std::size_t m_events = 0;
};

} // namespace halolink::api
