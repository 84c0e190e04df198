#include "uilogging.h"

Q_LOGGING_CATEGORY(lcUi, "halolink.ui", QtInfoMsg)
