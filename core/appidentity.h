#pragma once

#include <QString>

namespace halolink {

// Organization and application names, version: set once, at the top of each
// main(). halolink and halolinkctl share them, so they share settings and data
// (~/.config/HaloLink/halolink.conf).
void setApplicationIdentity();

QString applicationVersion();  // "0.1.0"
int protocolVersion();         // what this app speaks with the engine

} // namespace halolink
