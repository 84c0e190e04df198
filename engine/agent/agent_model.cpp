// The agent's `model_shape` method: the same halolink.model_shape/1 document
// as `halolink-engine model-shape PATH [--kv-bytes B]` (docs/model-shape.md),
// with the same errors, for the advisor (halolinkctl job advise), which finds
// the model files on the nodes, not where the app runs.

#include "agent/agent.h"

#include "model/model_shape.h"

namespace halolink::agent {

void Agent::modelShape(std::int64_t id, const Json &params)
{
    // Checked here, answered as invalid_params (handleLine turns the error into the reply).
    auto invalid = [](const std::string &message) {
        return sys::EngineError { "invalid_params", message, 2 };
    };
    auto path = params.find("path");
    if (path == params.end() || path->is_null())
        throw invalid("'path' is needed: a .gguf file or a Hugging Face model folder on this node");
    if (!path->is_string() || path->get<std::string>().empty())
        throw invalid("'path' must be a non-empty string");
    double kvBytes = model::kDefaultKvElementBytes;
    if (auto kv = params.find("kv_bytes"); kv != params.end() && !kv->is_null()) {
        if (!kv->is_number())
            throw invalid("'kv_bytes' must be a number");
        kvBytes = kv->get<double>();
        if (!(kvBytes >= model::kMinKvElementBytes && kvBytes <= model::kMaxKvElementBytes))
            throw invalid("'kv_bytes' must be within " + std::to_string(model::kMinKvElementBytes) + ".."
                + std::to_string(model::kMaxKvElementBytes));
    }
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (it.key() != "path" && it.key() != "kv_bytes")
            throw invalid("unknown model_shape parameter '" + it.key() + "'");
    }
    // A split model's shards or a folder of safetensors headers: reads of
    // megabytes, on a network file system maybe slow; never on the request loop.
    runTask([this, id, p = path->get<std::string>(), kvBytes] {
        try {
            reply(id, model::modelShapeJson(model::readModelShape(p), kvBytes));
        } catch (const sys::EngineError &e) {
            replyError(id, e.code, e.message);
        } catch (const std::exception &e) {
            replyError(id, "internal", e.what());
        }
    });
}

} // namespace halolink::agent
