#pragma once
// The texts of `verify`'s check details, by key (sys/keyed_text.h): each check
// carries `detail` (English), `detail_key` and `detail_args`.
// docs/roce-config.md, "Verify".

#include <span>
#include <string>
#include <string_view>

#include "sys/keyed_text.h"

namespace halolink::roce {

std::span<const sys::KeyedText> verifyTexts();

// sys::renderText over verifyTexts().
std::string renderVerifyText(std::string_view key, const Json &args);

} // namespace halolink::roce
