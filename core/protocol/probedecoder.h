#pragma once
// Reads engine JSON into the plain structs of probereport.h. Never throws and
// never crashes on bad input: a wrong schema, malformed JSON or a field of the
// wrong type gives an error string that names the field ("nics[1].mtu: ...").
// Unknown fields are ignored (INTERFACES.md: readers ignore what they do not know),
// and a missing or null fact becomes std::nullopt.

#include "protocol/probereport.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QString>

#include <optional>

namespace halolink {

template<typename T>
struct DecodeResult {
    std::optional<T> value;
    QString error; // empty when value is set

    bool ok() const { return value.has_value(); }
};

DecodeResult<ProbeReport> decodeProbeReport(const QByteArray &json);
DecodeResult<ProbeReport> decodeProbeReport(const QJsonDocument &document);

// The engine's failure document; fails when the text is not one.
DecodeResult<EngineErrorReport> decodeEngineError(const QByteArray &json);

} // namespace halolink
