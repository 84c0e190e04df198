#pragma once
// The texts of the probe's check messages, by key (docs/probe.md, "message
// keys"). A check carries its English message and, so that a front end can
// say the same thing in another language, the key of its text and the values
// that fill it. The desktop app holds its own translatable copy of this table;
// tests/core/tst_checkmessages.cpp keeps the two in step.
//
// A text names its values in braces: {netdev} is a string, {mtu:int} an
// integer, {gib:real} a real number written with one decimal.

#include <span>
#include <string>
#include <string_view>

#include "sys/json_out.h"

namespace halolink::probe {

struct CheckMessage {
    std::string_view key;
    std::string_view text;
};

std::span<const CheckMessage> checkMessages();

// The English text of `key` with `args` filled in. Throws std::invalid_argument
// for a key not in the table or a value missing or of the wrong type: the
// engine's own checks are the only callers, so that is a programming error.
std::string renderCheckMessage(std::string_view key, const Json &args);

} // namespace halolink::probe
