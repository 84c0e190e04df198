// `halolink-engine api bench` (docs/engine-commands.md, schema
// halolink.serve_bench/1). The main thread runs the sweep and writes the
// progress lines; each level's requests run on `concurrency` threads, each
// with its own connection (engine/api/chat_stream). SIGTERM, SIGINT, SIGHUP
// and a progress line that cannot be written (EPIPE: the SSH channel is
// gone) cancel the run: the signal handler writes one byte to a pipe that
// every wait of every connection also polls, so in-flight requests end at
// once (their sockets closed with their HttpConnection), and the levels
// completed so far are reported.

#include "api/serve_bench.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <cstdio>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "api/chat_stream.h"
#include "api/serve_bench_stats.h"
#include "halolink/protocol.h"
#include "sys/cli.h"
#include "sys/text.h"

namespace halolink::api {

namespace {

constexpr const char *kSchema = "halolink.serve_bench/1";
constexpr double kDefaultTimeoutS = 300;
constexpr long long kDefaultMaxTokens = 128;
constexpr long long kDefaultSeed = 1234;
constexpr int kMaxConcurrency = 512;
constexpr std::size_t kMaxPromptsFile = 16 * 1024 * 1024;
constexpr std::int64_t kProgressIntervalNs = 500'000'000; // at most 2 lines a second
constexpr std::int64_t kHeartbeatNs = 1'000'000'000; // and one a second without news

// Set by the signal handler (and by a failed write); the pipe's read end
// becomes readable at the same moment and stays so.
std::atomic<bool> g_cancel { false };
volatile std::sig_atomic_t g_signal = 0;
int g_cancelPipe[2] = { -1, -1 };
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler stores to it");

void wakeAll()
{
    g_cancel.store(true);
    if (g_cancelPipe[1] >= 0) {
        const char c = 'x';
        [[maybe_unused]] const ssize_t n = ::write(g_cancelPipe[1], &c, 1); // async-signal-safe
    }
}

void onSignal(int sig)
{
    g_signal = sig;
    wakeAll();
}

void installCancellation()
{
    if (g_cancelPipe[0] < 0 && ::pipe2(g_cancelPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        throw sys::EngineError { "system_error", std::string("pipe2: ") + std::strerror(errno), 1 };
    struct sigaction sa {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    for (int sig : { SIGTERM, SIGINT, SIGHUP })
        ::sigaction(sig, &sa, nullptr);
    // A write to a closed pipe must fail with EPIPE, not kill us.
    std::signal(SIGPIPE, SIG_IGN);
}

// One line on stdout, written through to the descriptor so that a reader
// that went away shows as an error (EPIPE) here.
bool writeLine(const std::string &line)
{
    std::fflush(stdout);
    const std::string text = line + "\n";
    std::size_t off = 0;
    while (off < text.size()) {
        const ssize_t n = ::write(STDOUT_FILENO, text.data() + off, text.size() - off);
        if (n > 0)
            off += static_cast<std::size_t>(n);
        else if (n < 0 && errno == EINTR)
            continue;
        else
            return false;
    }
    return true;
}

std::int64_t realtimeNs()
{
    timespec ts;
    ::clock_gettime(CLOCK_REALTIME, &ts);
    return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

struct Setup {
    Url url;
    std::string urlText; // --url as given
    ChatRequest base; // model, max_tokens, temperature 0, seed
    std::vector<int> levels;
    std::optional<long long> requests;
    std::vector<std::string> prompts;
    double timeout = kDefaultTimeoutS;
    std::string apiKey;
};

std::vector<int> parseLevels(const std::string &text)
{
    std::vector<int> levels;
    for (const std::string &item : sys::split(text, ',', false)) {
        const auto n = sys::parseInt(sys::trim(item));
        if (!n || *n < 1 || *n > kMaxConcurrency)
            throw sys::usageError("--concurrency: '" + item + "' is not a whole number from 1 to "
                + std::to_string(kMaxConcurrency) + " (expected a list like 1,4,16)");
        levels.push_back(static_cast<int>(*n));
    }
    if (levels.empty())
        throw sys::usageError("--concurrency needs at least one level (like 1,4,16)");
    return levels;
}

Setup parseSetup(const std::vector<std::string> &args)
{
    sys::Options opts({ "--url", "--model", "--concurrency", "--requests", "--max-tokens", "--seed", "--prompts",
                          "--timeout" },
        { "--api-key-stdin" });
    opts.parse(args);
    if (!opts.positional().empty())
        throw sys::usageError("api bench takes no argument '" + opts.positional().front() + "'");
    Setup s;
    const auto urlText = opts.value("--url");
    if (!urlText)
        throw sys::usageError("api bench needs --url http://HOST[:PORT]");
    s.urlText = *urlText;
    s.url = parseUrl(*urlText);
    // An OpenAI client's base URL ends in /v1; the paths asked already start
    // with it.
    if (s.url.prefix.size() >= 3 && s.url.prefix.compare(s.url.prefix.size() - 3, 3, "/v1") == 0) {
        s.url.prefix.resize(s.url.prefix.size() - 3);
        s.url.text.resize(s.url.text.size() - 3);
    }
    const auto model = opts.value("--model");
    if (!model || model->empty())
        throw sys::usageError("api bench needs --model NAME (api models lists them)");
    s.base.model = *model;
    s.base.maxTokens = opts.integer("--max-tokens", 1, 1'000'000).value_or(kDefaultMaxTokens);
    s.base.temperature = 0.0;
    // llama.cpp keeps the seed in a uint32_t and takes 0xFFFFFFFF as "random";
    // vLLM takes any int64.
    s.base.seed = opts.integer("--seed", 0, 4'294'967'294LL).value_or(kDefaultSeed);
    s.levels = parseLevels(opts.value("--concurrency", "1,4,16"));
    s.requests = opts.integer("--requests", 1, 1'000'000);
    s.timeout = opts.number("--timeout", 0.001, 86400).value_or(kDefaultTimeoutS);
    s.prompts = opts.has("--prompts") ? readPromptsFile(*opts.value("--prompts")) : builtinPrompts();
    if (opts.has("--api-key-stdin"))
        s.apiKey = apiKeyFromStdin();
    return s;
}

struct LevelRun {
    std::vector<RequestOutcome> outcomes;
    std::int64_t durationNs = 0;
    bool complete = false;
};

bool progress(int concurrency, std::size_t done, std::size_t of, std::size_t failed)
{
    Json p;
    p["event"] = "progress";
    p["concurrency"] = concurrency;
    p["done"] = done;
    p["of"] = of;
    p["failed"] = failed;
    return writeLine(p.dump());
}

LevelRun runLevel(const Setup &s, int concurrency, std::size_t requests, bool &outputLost)
{
    LevelRun run;
    run.outcomes.resize(requests);
    std::atomic<std::size_t> next { 0 }, done { 0 }, failed { 0 };

    auto worker = [&] {
        for (;;) {
            if (g_cancel.load())
                return;
            const std::size_t i = next.fetch_add(1);
            if (i >= requests)
                return;
            const std::size_t prompt = i % s.prompts.size();
            ChatRequest request = s.base;
            request.prompt = s.prompts[prompt];
            RequestOutcome o;
            try {
                HttpConnection conn(s.url, s.timeout);
                conn.setCancelFd(g_cancelPipe[0]);
                conn.setBearerToken(s.apiKey);
                ChatResult r;
                streamChat(conn, request, r, &g_cancel);
                o = measureRequest(r, prompt, bench::nowNs());
            } catch (const sys::EngineError &e) {
                if (g_cancel.load())
                    return; // abandoned, not failed
                o.errorCode = e.code;
                o.errorMessage = e.message;
            } catch (const std::exception &e) {
                if (g_cancel.load())
                    return;
                o.errorCode = "internal";
                o.errorMessage = e.what();
            }
            if (!o.ok) {
                o.prompt = prompt;
                o.finishedNs = bench::nowNs();
                failed.fetch_add(1);
            }
            run.outcomes[i] = std::move(o); // each index is one thread's
            done.fetch_add(1);
        }
    };

    const std::int64_t start = bench::nowNs();
    std::vector<std::thread> threads;
    const std::size_t n = std::min<std::size_t>(std::size_t(concurrency), requests);
    threads.reserve(n);
    for (std::size_t t = 0; t < n; ++t)
        threads.emplace_back(worker);

    std::int64_t lastLine = start;
    std::size_t lastDone = 0;
    while (done.load() < requests && !g_cancel.load()) {
        pollfd p { g_cancelPipe[0], POLLIN, 0 };
        ::poll(&p, 1, 50);
        const std::int64_t now = bench::nowNs();
        const std::size_t d = done.load();
        // A new count at most twice a second, and the same count again after
        // a second of silence: a reader that went away shows as EPIPE within
        // about a second even while long answers are still being generated.
        const bool news = d != lastDone && now - lastLine >= kProgressIntervalNs;
        if (d < requests && (news || now - lastLine >= kHeartbeatNs)) {
            if (!progress(concurrency, d, requests, failed.load())) {
                outputLost = true;
                wakeAll();
            }
            lastLine = now;
            lastDone = d;
        }
    }
    for (std::thread &t : threads)
        t.join();
    run.durationNs = bench::nowNs() - start;
    run.complete = done.load() == requests;
    if (run.complete && !progress(concurrency, requests, requests, failed.load())) {
        outputLost = true;
        wakeAll();
    }
    return run;
}

std::string signalName(int sig)
{
    switch (sig) {
    case SIGTERM:
        return "SIGTERM";
    case SIGINT:
        return "SIGINT";
    case SIGHUP:
        return "SIGHUP";
    default:
        return "signal " + std::to_string(sig);
    }
}

} // namespace

std::vector<std::string> readPromptsFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw sys::usageError("--prompts '" + path + "': cannot be read");
    std::ostringstream buf;
    buf << in.rdbuf();
    const std::string text = buf.str();
    if (text.size() > kMaxPromptsFile)
        throw sys::usageError("--prompts '" + path + "': larger than 16 MiB");
    const Json doc = Json::parse(text, nullptr, false);
    if (!doc.is_array() || doc.empty())
        throw sys::usageError(
            "--prompts '" + path + "': not a JSON array of strings (expected [\"first prompt\", ...])");
    std::vector<std::string> prompts;
    for (std::size_t i = 0; i < doc.size(); ++i) {
        if (!doc[i].is_string() || doc[i].get_ref<const std::string &>().empty())
            throw sys::usageError(
                "--prompts '" + path + "': entry " + std::to_string(i) + " is not a non-empty string");
        prompts.push_back(doc[i].get<std::string>());
    }
    return prompts;
}

int serveBenchCommand(const std::vector<std::string> &args)
{
    const Setup s = parseSetup(args);
    g_cancel.store(false);
    g_signal = 0;
    installCancellation();

    const std::int64_t startedNs = realtimeNs();
    const std::int64_t start = bench::nowNs();
    Json levels = Json::array();
    OutputDigests digests(s.prompts.size());
    bool outputLost = false;
    std::size_t failedTotal = 0, requestsTotal = 0;
    std::string failedLevels;
    const RequestOutcome *firstFailure = nullptr;
    std::vector<LevelRun> runs; // kept: firstFailure points into them
    runs.reserve(s.levels.size());
    std::optional<int> stoppedAt;

    for (int concurrency : s.levels) {
        if (g_cancel.load())
            break;
        const std::size_t requests = s.requests
            ? std::size_t(*s.requests)
            : std::max(s.prompts.size(), std::size_t(2) * std::size_t(concurrency));
        runs.push_back(runLevel(s, concurrency, requests, outputLost));
        const LevelRun &run = runs.back();
        if (!run.complete)
            break;
        levels.push_back(levelJson(concurrency, run.outcomes, run.durationNs));
        std::size_t failed = 0;
        const RequestOutcome *levelFirst = nullptr;
        for (const RequestOutcome &o : run.outcomes) {
            digests.add(o);
            if (!o.ok) {
                ++failed;
                if (!levelFirst || o.finishedNs < levelFirst->finishedNs)
                    levelFirst = &o;
            }
        }
        if (!firstFailure)
            firstFailure = levelFirst; // the earliest failure of the first level that had any
        requestsTotal += requests;
        failedTotal += failed;
        if (failed > 0)
            failedLevels += (failedLevels.empty() ? "" : ", ") + std::string("concurrency ")
                + std::to_string(concurrency) + ": " + std::to_string(failed);
        if (failed == requests) {
            stoppedAt = concurrency; // the server does not serve: the next levels would fail too
            break;
        }
    }
    const double durationS = double(bench::nowNs() - start) / 1e9;

    std::optional<sys::EngineError> error;
    if (g_cancel.load()) {
        const std::string why = outputLost
            ? std::string("standard output is closed (EPIPE: the reader went away)")
            : "cancelled by " + signalName(g_signal);
        error = sys::EngineError { errors::kCancelled,
            why + "; " + std::to_string(levels.size()) + " of " + std::to_string(s.levels.size())
                + " levels completed",
            1 };
    } else if (failedTotal > 0) {
        std::string message = std::to_string(failedTotal) + " of " + std::to_string(requestsTotal)
            + " requests failed (" + failedLevels + "); first: " + firstFailure->errorMessage;
        if (stoppedAt)
            message += "; the sweep stopped at concurrency " + std::to_string(*stoppedAt)
                + ", where no request succeeded";
        error = sys::EngineError { firstFailure->errorCode, message, 1 };
    }

    Json doc;
    doc["schema"] = kSchema;
    doc["ok"] = !error;
    doc["url"] = s.urlText;
    doc["model"] = s.base.model;
    doc["max_tokens"] = s.base.maxTokens;
    doc["seed"] = *s.base.seed;
    doc["prompts"] = s.prompts.size();
    doc["started_ns"] = startedNs;
    doc["duration_s"] = roundedOrNull(durationS);
    doc["deterministic"] = digests.deterministic();
    doc["nondeterministic_prompts"] = digests.nondeterministicPrompts();
    doc["outputs_sha256"] = digests.outputsSha256();
    doc["prompt_sha256"] = digests.promptSha256();
    doc["levels"] = std::move(levels);
    doc["error"] = error ? Json({ { "code", error->code }, { "message", error->message } }) : Json(nullptr);
    if (error)
        std::fprintf(stderr, "halolink-engine: api bench: %s: %s\n", error->code.c_str(), error->message.c_str());
    writeLine(doc.dump(-1, ' ', false, Json::error_handler_t::replace));
    return error ? protocol::kExitFailure : protocol::kExitOk;
}

} // namespace halolink::api
