#pragma once
// The texts of `verify`'s check details, by key (sys/keyed_text.h): each check
// carries `detail` (English), `detail_key` and `detail_args`.
// docs/roce-config.md, "Verify".

#include <span>

#include "sys/keyed_text.h"

namespace halolink::roce {

std::span<const sys::KeyedText> verifyTexts();

} // namespace halolink::roce
