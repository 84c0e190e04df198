#pragma once
// The texts of the probe's check findings, by key (sys/keyed_text.h; docs/probe.md,
// "message keys"): each check carries its English `message`, `message_key`
// and `message_args`.

#include <span>

#include "sys/keyed_text.h"

namespace halolink::probe {

std::span<const sys::KeyedText> checkMessages();

} // namespace halolink::probe
