// `halolink-engine model-shape PATH [--kv-bytes B]`: a model's shape read
// from its own files, schema halolink.model_shape/1 (docs/model-shape.md).
// The model files live on the head node; the planner asks it there.

#include <filesystem>

#include "commands.h"
#include "halolink/protocol.h"
#include "model/gguf_reader.h"
#include "model/hf_reader.h"
#include "model/model_shape.h"
#include "sys/cli.h"

namespace halolink {

namespace model {

ModelShape readModelShape(const std::string &path)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        throw sys::EngineError{"not_found", path + ": no such file or folder", 1};
    // A folder's config.json or one of its .safetensors stands for the folder.
    const std::filesystem::path p(path);
    const std::string name = p.filename().string();
    const bool folderFile = name == "config.json" || name == "model.safetensors.index.json"
                            || (name.size() > 12 && name.compare(name.size() - 12, 12, ".safetensors") == 0);
    model::ModelShape shape;
    if (std::filesystem::is_directory(status))
        shape = model::readHfModel(path);
    else if (folderFile)
        shape = model::readHfModel(p.has_parent_path() ? p.parent_path().string() : std::string("."));
    else
        shape = model::readGgufModel(path);
    return shape;
}

} // namespace model

int modelShapeCommand(const Args &args)
{
    sys::Options opts({"--kv-bytes"}, {"--compact"});
    opts.parse(args);
    if (opts.positional().size() != 1)
        throw sys::usageError("model-shape takes one PATH: a .gguf file or a Hugging Face model folder");
    const std::string path = opts.positional().front();
    const double kvBytes = opts.number("--kv-bytes", model::kMinKvElementBytes, model::kMaxKvElementBytes)
                               .value_or(model::kDefaultKvElementBytes);
    sys::printJson(model::modelShapeJson(model::readModelShape(path), kvBytes), !opts.has("--compact"));
    return protocol::kExitOk;
}

} // namespace halolink
