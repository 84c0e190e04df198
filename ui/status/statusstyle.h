#pragma once
// Colours and icons for pass / warn / fail, derived from the current palette
// so they stay readable on light and dark desktops. Nothing here hard-codes a
// background: only the status hues, chosen per palette lightness.

#include "protocol/probereport.h"

#include <QColor>
#include <QIcon>
#include <QPalette>

namespace halolink::ui {

class StatusStyle
{
public:
    static bool isDark(const QPalette &palette);
    // Text/foreground colour for a status, readable on palette's Base and Window.
    static QColor color(Check::Status status, const QPalette &palette);
    // A soft background for a banner of that status (blended into Window).
    static QColor background(Check::Status status, const QPalette &palette);
    // A round badge with a check mark, exclamation mark or cross.
    static QIcon icon(Check::Status status, const QPalette &palette);
};

} // namespace halolink::ui
