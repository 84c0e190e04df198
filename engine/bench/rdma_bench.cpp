#include "bench/rdma_bench.h"
#include "bench/bench.h"
namespace halolink::bench {
RdmaListener::~RdmaListener() {}
std::unique_ptr<RdmaListener> RdmaListener::start(const std::string &, int, SessionTracker &, std::string *reason)
{ *reason = "not yet"; return nullptr; }
int RdmaListener::fd() const { return -1; }
void RdmaListener::handleEvents() {}
BenchResult runRdmaBench(const BenchParams &) { throw sys::EngineError{"rdma_unavailable", "not yet", 1}; }
}
