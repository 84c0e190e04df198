#pragma once
// What SetupController's files (setupcontroller*.cpp) share and nobody else uses.

#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

namespace halolink::setup::detail {

inline std::optional<double> number(const QJsonValue &v)
{
    if (v.isDouble())
        return v.toDouble();
    return std::nullopt;
}

// Phase names as the progress file keeps them, in Phase's order.
inline const QStringList &phaseNames()
{
    static const QStringList names
        = { QStringLiteral("idle"), QStringLiteral("planning"), QStringLiteral("planned"),
              QStringLiteral("applying"), QStringLiteral("applied"), QStringLiteral("verifying"),
              QStringLiteral("verified"), QStringLiteral("confirming"), QStringLiteral("confirmed"),
              QStringLiteral("rolling_back"), QStringLiteral("rolled_back"), QStringLiteral("failed") };
    return names;
}

} // namespace halolink::setup::detail
