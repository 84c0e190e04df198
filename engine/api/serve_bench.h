#pragma once
// `halolink-engine api bench`: a serving benchmark against an
// OpenAI-compatible server (vLLM, llama-server), run on the head node next
// to it: a sweep of concurrency levels, each a fixed number of greedy
// streamed chat completions with that many in flight at once; progress
// lines while it runs, then one halolink.serve_bench/1 document
// (docs/engine-commands.md).

#include <string>
#include <vector>

namespace halolink::api {

// The built-in prompts (12, from one line to a few paragraphs).
const std::vector<std::string> &builtinPrompts();

// Reads --prompts FILE: a JSON array of non-empty strings. Throws a usage
// error (exit 2) for anything else.
std::vector<std::string> readPromptsFile(const std::string &path);

// The arguments after "api" without "bench". Exit 0 when every request of
// every level succeeded, 1 otherwise (also when cancelled), 2 bad usage.
int serveBenchCommand(const std::vector<std::string> &args);

} // namespace halolink::api
