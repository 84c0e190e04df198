#include "sys/json_out.h"

#include <cstdio>

namespace halolink::sys {

void printJson(const Json &doc, bool pretty)
{
    std::string text = pretty ? doc.dump(2, ' ', false, Json::error_handler_t::replace)
                              : doc.dump(-1, ' ', false, Json::error_handler_t::replace);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

void printEvent(const Json &doc)
{
    printJson(doc, false);
}

void printError(const EngineError &error)
{
    Json doc;
    doc["error"] = {{"code", error.code}, {"message", error.message}};
    printJson(doc, false);
    std::fprintf(stderr, "halolink-engine: %s: %s\n", error.code.c_str(), error.message.c_str());
}

} // namespace halolink::sys
