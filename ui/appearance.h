#pragma once
// Light or dark colours for desktops where Qt 6.4 does not follow the system
// scheme (it has no QStyleHints::colorScheme yet): `halolink --color-scheme dark`.

#include <QString>

#include <optional>

namespace halolink::ui {

enum class ColorScheme { System, Light, Dark };

std::optional<ColorScheme> parseColorScheme(const QString &name);
// Must run after QApplication exists and before windows are shown.
void applyColorScheme(ColorScheme scheme);

} // namespace halolink::ui
