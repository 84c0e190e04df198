#pragma once
// Keyed texts: what the engine says to people (check findings, the reasons of
// plan steps, plan warnings) is written in English from a table of texts by
// key, and the key and the values that filled it travel beside the English in
// the JSON, so that a front end can say it in the user's language
// (docs/probe.md, "message keys"). The desktop app holds a translatable copy
// of each table (core/protocol/enginetexts.cpp; tst_enginetexts keeps them in
// step).
//
// A text names its values in braces: {netdev} is a string, {mtu:int} an
// integer, {gib:real} a real number written with one decimal.

#include <span>
#include <string>
#include <string_view>

#include "sys/json_out.h"

namespace halolink::sys {

struct KeyedText {
    std::string_view key;
    std::string_view text;
};

// The English text of `key` in `table` with `args` filled in. Throws
// std::invalid_argument for a key not in the table or a value missing, extra
// or of the wrong type: the engine's own code is the only caller, so that is a
// programming error.
std::string renderText(std::span<const KeyedText> table, std::string_view key, const Json &args);

} // namespace halolink::sys
