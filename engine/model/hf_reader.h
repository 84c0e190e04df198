#pragma once
// A Hugging Face model folder: config.json (with its quantization_config and
// a multimodal model's text_config), model.safetensors.index.json, and the
// safetensors files' headers.

#include <string>

#include "model/model_shape.h"

namespace halolink::model {

// Throws sys::EngineError: not_a_model (no config.json and no .safetensors),
// bad_json (config.json or the index), and the safetensors errors.
ModelShape readHfModel(const std::string &folder);

} // namespace halolink::model
