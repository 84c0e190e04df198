#include "logging.h"

Q_LOGGING_CATEGORY(lcCore, "halolink.core", QtInfoMsg)
Q_LOGGING_CATEGORY(lcEngine, "halolink.engine", QtInfoMsg)
