#pragma once
// The texts of a plan's step reasons ("why") and warnings, by key
// (sys/keyed_text.h): each step carries `why`, `why_key` and `why_args`; the
// plan's `warnings` (English) are matched one for one by `warning_keys`
// ({"key", "args"}). docs/roce-config.md.

#include <span>

#include "sys/keyed_text.h"

namespace halolink::roce {

std::span<const sys::KeyedText> planTexts();

} // namespace halolink::roce
