#pragma once

#include <QLoggingCategory>

// One category per area; switch with QT_LOGGING_RULES="halolink.engine.debug=true".
Q_DECLARE_LOGGING_CATEGORY(lcCore)
Q_DECLARE_LOGGING_CATEGORY(lcEngine)
