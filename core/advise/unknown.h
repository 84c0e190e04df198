#pragma once
// Arithmetic on numbers that may be unknown (std::nullopt). The advisor never
// turns an unknown into 0: a sum, product or quotient with an unknown operand
// is unknown, and so is a division by zero (docs/advise.md, "Unknowns").

#include <algorithm>
#include <cmath>
#include <optional>

namespace halolink::advise {

using Maybe = std::optional<double>;

inline Maybe known(double v)
{
    return std::isfinite(v) ? Maybe(v) : std::nullopt;
}

inline Maybe operator+(Maybe a, Maybe b)
{
    return (a && b) ? known(*a + *b) : std::nullopt;
}

inline Maybe operator-(Maybe a, Maybe b)
{
    return (a && b) ? known(*a - *b) : std::nullopt;
}

inline Maybe operator*(Maybe a, Maybe b)
{
    return (a && b) ? known(*a * *b) : std::nullopt;
}

inline Maybe operator/(Maybe a, Maybe b)
{
    return (a && b && *b != 0.0) ? known(*a / *b) : std::nullopt;
}

inline Maybe maxOf(Maybe a, Maybe b)
{
    return (a && b) ? Maybe(std::max(*a, *b)) : std::nullopt;
}

inline Maybe minOf(Maybe a, Maybe b)
{
    return (a && b) ? Maybe(std::min(*a, *b)) : std::nullopt;
}

template<typename T> Maybe asMaybe(const std::optional<T> &v)
{
    return v ? Maybe(double(*v)) : std::nullopt;
}

} // namespace halolink::advise
